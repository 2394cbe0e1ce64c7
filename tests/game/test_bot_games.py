"""Whole games of scenarios 5-10 played by the bots, with the core invariants, S8's survivor
counts and S9-S10's individual results; `flick sim` for the competitive scenarios."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from flick.cli import main
from flick.game import Game, play
from flick.game.scenarios.five_to_ten import team_sizes
from flick.scenario import load
from tests.conftest import game_group

ENDS = {"objective", "skull", "city_overrun", "survivors_dead", "survivor_dies"}
# The golden games of S5-S10 (tests/golden: `flick sim N --seed 100|101`, the fewest players)
# and three bigger tables of S9-S10.
GAMES = [(n, seed, 6 if n >= 9 else None) for n in range(5, 11) for seed in (100, 101)] + [
    (9, 2, 8), (10, 1, 10), (10, 4, 8)]


# played(number, seed, players): the session fixture of tests/conftest.py, which shares one
# play of each game with the golden test (cli_run) and tests/game/test_narration.py; the tests
# of a scenario's games carry its game_group (one xdist worker plays them).
def grouped(games: list[tuple[int, int, int | None]]) -> list[Any]:
    return [pytest.param(*g, marks=game_group(g[0])) for g in games]


def check_invariants(game: Game) -> None:
    assert game.over and game.end_reason in ENDS
    assert sum(game.zombie_counts().values()) == 18
    assert min(game.zombie_counts().values()) >= 0
    for s in game.survivors.values():
        assert s.life >= 0
        assert s.alive == (s.life > 0)
        assert s.free_spaces() >= 0 or any(t.kind == "pretzel" for t in s.inventory)
    if game.winner is not None:
        assert game.winner in {t.name for t in game.scenario.teams}


@pytest.mark.parametrize("number,seed,players", grouped(GAMES))
def test_whole_games_keep_the_invariants(number: int, seed: int, players: int | None,
                                        played: Callable[..., Game]) -> None:
    game = played(number, seed, players)
    check_invariants(game)
    summary = game.summary()
    assert set(summary["teams"]) >= {t.name for t in game.scenario.teams} - {
        t for t in summary["teams"] if not summary["teams"][t]}
    assert sum(len(v) for v in summary["teams"].values()) == len(game.survivors)


@game_group(8)
def test_same_seed_same_game(played: Callable[..., Game]) -> None:
    a = play(load(8), 100).summary()
    b = played(8, 100, None).summary()
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@game_group(8)
@pytest.mark.parametrize("seed", [100, 101])
def test_s8_survivor_counts(seed: int, played: Callable[..., Game]) -> None:
    game = played(8, seed, None)
    recruits = [e.data for e in game.events if e.type == "recruit"]
    assert len(game.survivors) == 6 + len(recruits)
    for team in ("A", "B"):
        start = 3
        joined = sum(1 for r in recruits if r["team"] == team)
        dead = sum(1 for s in game.survivors.values() if s.team == team and not s.alive)
        alive = sum(1 for s in game.survivors.values() if s.team == team and s.alive)
        assert alive == start + joined - dead
    # the X tokens stay two, and every move left one building blocked in place of another
    assert len(game.rule_state.x_blocked) == 2
    if game.end_reason == "objective":
        mine = sum(1 for s in game.survivors.values() if s.alive and s.team == game.winner)
        other = sum(1 for s in game.survivors.values() if s.alive and s.team != game.winner)
        assert mine >= other + 3


@pytest.mark.parametrize("number,seed,players", grouped([g for g in GAMES if g[0] in (9, 10)]))
def test_individual_wins_agree_with_team_and_objective(number: int, seed: int, players: int,
                                                       played: Callable[..., Game]) -> None:
    game = played(number, seed, players)
    rows = game.summary()["players"]
    assert len(rows) == players
    for row in rows:
        if row["betrayer"]:
            # A betrayer wins only when another team won (an overrun: everyone lost).
            expected = game.winner is not None and row["original_team"] != game.winner \
                and row["objective_met"]
        else:
            expected = game.winner is not None and row["team"] == game.winner \
                and row["objective_met"]
        assert row["won"] == (expected and row["alive"]), row


@game_group(9)
def test_flick_sim_json_for_scenario_9_with_8_players(cli_run: Callable[..., Any]) -> None:
    run = cli_run(["sim", "9", "--seed", "2", "--players", "8", "--json"])  # a game of GAMES
    assert run.code == 0
    out = json.loads(run.stdout.splitlines()[0])
    assert out["scenario"] == 9 and len(out["players"]) == 8
    assert {len(v) for k, v in out["teams"].items() if not k.startswith("betrayer")} <= {3, 4}
    assert all({"survivor", "objective", "won"} <= set(p) for p in out["players"])


def test_flick_sim_refuses_a_wrong_player_count(capsys: Any) -> None:
    assert main(["sim", "10", "--players", "7"]) == 2
    assert "6, 8, 10" in capsys.readouterr().err


def test_recorded_s10_game_with_8_players_replays_exactly(tmp_path: Any, capsys: Any) -> None:
    path = tmp_path / "s10.json"
    assert main(["sim", "10", "--seed", "4", "--players", "8", "--dangerous",
                 "--record", str(path)]) == 0
    capsys.readouterr()
    assert main(["replay", str(path), "--verify"]) == 0
    assert "OK" in capsys.readouterr().out
    # recorded as given (open slots, not the survivors dealt), so the bundled file is named
    # and the players per team are what deals the survivors on re-simulation
    data = json.loads(path.read_text())
    game = data["games"][0]
    assert game["scenario"]["bundled"] == "s10_at_each_others_throats.yaml"
    assert game["dangerous"] is True
    game["players"][0]["players"] += 1  # one more seat than played: another deal
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--verify"]) == 1
    assert "the table after set-up differs" in capsys.readouterr().out


def fingerprint(g: Game) -> tuple[Any, ...]:
    """Everything a refused input must leave as it was: what the table sees (status), the
    game's summary (events, survivors, teams, players), the generator, the physics table and
    the state the rules of scenarios 5-10 add."""
    return (json.dumps(g.status(), sort_keys=True, default=str),
            json.dumps(g.summary(), sort_keys=True, default=str),
            json.dumps(g.rng.bit_generator.state, sort_keys=True, default=str),
            g.board.table.state_hash(), len(g.inputs), len(g.shots), repr(g.rule_state),
            repr(g.fight.save()[0]) if g.fight is not None else None)


@pytest.mark.parametrize("number,players", [(5, None), (6, None), (7, None), (8, None),
                                            (9, 6), (10, 8)])
def test_random_inputs_never_crash_and_illegal_ones_change_nothing(
        number: int, players: int | None) -> None:
    """Property: in S5-S10 games, bot play mixed with random inputs; every refused input
    leaves status, summary, generator, table and rule state exactly as they were."""
    import numpy as np

    from flick.game import IllegalAction
    from flick.game.bots.five_to_ten import HeuristicBot
    from flick.game.inputs import (
        ChooseSurvivor,
        EndTurn,
        FightFlick,
        FightWeapon,
        Flick,
        Keep,
        Knife,
        Move,
        Shoot,
        ShortKill,
        TakeDrop,
    )
    from flick.game.scenarios import inputs as ai

    sc = load(number)
    g = Game(sc, seed=21, players=team_sizes(sc, players))
    bot = HeuristicBot(21)
    r = np.random.default_rng(number)
    refused = 0
    for _ in range(70):
        if g.over:
            break
        if r.random() < 0.6:
            inp: Any = bot.decide(g)
        else:
            fl = Flick((float(r.normal(0, 800)), float(r.normal(0, 800))))
            who = str(r.choice([*g.survivors, "Nobody"]))
            place = str(r.choice([*g.stashes, "rv", "nowhere"]))
            pid = int(r.integers(0, 60))
            inp = [ChooseSurvivor(who), Move(fl, set_aside=(pid,)),
                   TakeDrop(take=int(r.integers(-1, 3)), drop=int(r.integers(-1, 3)),
                            place=place),
                   EndTurn(), FightFlick(fl), FightWeapon(str(r.choice(["gun", "spoon"]))),
                   ai.CrossroadsChoice(int(r.integers(-1, 4))),
                   ai.Flare(fl, bool(r.random() < .5)),
                   ai.ExtraAction(), ai.Heal(who, who), ai.FigureMove(fl),
                   ai.PickToken(int(r.integers(-1, 3))), ai.Accuse(who),
                   ai.Vote(bool(r.random() < .5)),
                   ai.ExileFlick(fl), ai.Allegiance(bool(r.random() < .5)), ai.PassTurn(),
                   ai.Steal(str(r.choice(["take", "leave", "discard", "eat"]))),
                   ai.MoveX(place),
                   Keep(bool(r.random() < .5)), ShortKill(pid, "bat"),
                   Shoot(str(r.choice(["left", "up"])), fl, second=fl),
                   Knife(str(r.choice(["left", "right", "up"])), fl)][int(r.integers(0, 23))]
        before = fingerprint(g)
        try:
            g.apply(inp)
        except IllegalAction:
            refused += 1
            assert fingerprint(g) == before, inp
        assert sum(g.zombie_counts().values()) == 18
        assert all(s.life >= 0 for s in g.survivors.values())
    assert refused >= 5
