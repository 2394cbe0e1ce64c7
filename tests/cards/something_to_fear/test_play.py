"""Something to Fear: hidden information, bots that see only their seat's view, the CLI."""

from __future__ import annotations

import argparse
import io
import json
import random

import pytest

from flick.cards.bots import RandomBot, play_out
from flick.cards.something_to_fear import actions as A
from flick.cards.something_to_fear import new_state
from flick.cards.something_to_fear.bots import GreedyBot, SearchBot
from flick.cards.something_to_fear.state import StfState
from flick.cli import something_to_fear as cli
from flick.cli.something_to_fear import register
from flick.errors import FlickError


def positions(seed: int, n: int = 4, expert: bool = False, every: int = 9) -> list[StfState]:
    """Snapshots of a random game, one every `every` decisions."""
    s = StfState(n, seed=seed, expert=expert)
    bot = RandomBot(seed)
    out = []
    k = 0
    while not s.is_terminal():
        if k % every == 0:
            out.append(s.clone())
        s.apply(bot.choose(s))
        k += 1
    return out


@pytest.mark.parametrize("expert", [False, True])
def test_determinize_keeps_the_information_set(expert: bool) -> None:
    changed = 0
    for state in positions(1, expert=expert) + positions(2, n=3, expert=expert):
        for p in range(state.num_players):
            twin = state.determinize(p, random.Random(p))
            assert twin.observation(p) == state.observation(p)
            assert twin.render(viewer=p) == state.render(viewer=p)
            assert twin.hand[p] == state.hand[p]
            others = [q for q in range(state.num_players) if q != p]
            if any(
                twin.hand[q] != state.hand[q] or twin.selected[q] != state.selected[q]
                for q in others
            ):
                changed += 1
            for q in range(state.num_players):  # every Character is still somewhere, once
                held = twin.hand[q] + twin.char_deck[q] + twin.discard[q]
                held += [twin.selected[q]] if twin.selected[q] and twin.phase == A.SELECT else []
                assert len(held) == len(set(held))
            assert sorted(twin.deck + twin.peek) == sorted(state.deck + state.peek)
            # the copy plays on legally
            play_out(twin, RandomBot(3))
    if not expert:
        assert changed > 20  # hidden hands really are dealt again


def test_observation_and_render_show_only_your_own_hand() -> None:
    s = new_state(4)
    for p in range(4):
        obs = s.observation(p)
        assert obs["hand"] == s.hand[p]
        for q, seen in enumerate(obs["players"]):
            assert seen["hand_known"] == (s.hand[q] if q == p else [])
        assert "rng" not in obs and "deck" not in obs
        text = s.render(viewer=p)
        assert text.count("hand 3 cards") == 3


def test_bots_decide_only_on_what_their_seat_sees() -> None:
    """Two states that differ only in what the seat cannot see get the same choice."""
    for state in positions(5)[:12]:
        p = state.current_player()
        twin = state.determinize(p, random.Random(99))
        assert GreedyBot(7).choose(state) == GreedyBot(7).choose(twin)
        assert SearchBot(7, budget=8, min_samples=1).choose(state) == SearchBot(
            7, budget=8, min_samples=1
        ).choose(twin)


def test_greedy_beats_random() -> None:
    wins = others = 0
    for seed in range(16):
        s = StfState(4, seed=seed)
        play_out(s, [GreedyBot(seed), RandomBot(seed), RandomBot(seed + 50), RandomBot(seed + 99)])
        wins += 0 in s.winners()
        others += any(q in s.winners() for q in (1, 2, 3))
    # Random players leave half their secures (securing is optional), so the Mob often kills
    # everyone; of the games somebody survives, greedy wins most (3 of 3 at these seeds; 8
    # of 11 over seeds 0-63).
    assert wins >= 3 and wins > 2 * others


def test_search_bot_plays_a_legal_game() -> None:
    s = StfState(2, seed=3)
    play_out(s, [SearchBot(1, budget=4, min_samples=1), GreedyBot(2)])
    assert s.is_terminal() and len(s.returns()) == 2


# ---- the CLI ------------------------------------------------------------------------------
def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="flick cards")
    register(parser.add_subparsers())
    return parser.parse_args(["something-to-fear", *argv])


CARD_KEYS = {"id", "type", "mob_damage", "personal_damage"}
PLAYER_KEYS = {
    "seat",
    "stash",
    "mob_damage",
    "personal_damage",
    "damage",
    "alive",
    "walkers",
    "score",
}
GAME_KEYS = {
    "game",
    "seed",
    "players",
    "expert",
    "tiebreaker",
    "winners",
    "mob",
    "destroyed",
    "players_state",
}


def test_json_of_finished_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = _parse(
        [
            "--players",
            "3",
            "--bots",
            "random,greedy,random",
            "--games",
            "2",
            "--seed",
            "5",
            "--json",
        ]
    )
    assert args.handler(args) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2
    for i, line in enumerate(lines):
        game = json.loads(line)
        assert set(game) == GAME_KEYS
        assert (
            game["game"] == "something_to_fear" and game["seed"] == 5 + i and game["players"] == 3
        )
        assert game["expert"] is False and 0 <= game["tiebreaker"] < 3
        assert len(game["players_state"]) == 3
        for seat, ps in enumerate(game["players_state"]):
            assert set(ps) == PLAYER_KEYS and ps["seat"] == seat
            assert ps["damage"] == ps["mob_damage"] + ps["personal_damage"]
            assert ps["alive"] == (ps["damage"] <= 20)
            assert ps["personal_damage"] == sum(c["personal_damage"] for c in ps["stash"])
            for card in ps["stash"]:
                assert set(card) == CARD_KEYS
        assert all(set(c) == CARD_KEYS for c in game["mob"] + game["destroyed"])
        mob = sum(c["mob_damage"] for c in game["mob"])
        assert all(ps["mob_damage"] == mob for ps in game["players_state"])
        total = (
            len(game["mob"])
            + len(game["destroyed"])
            + sum(len(ps["stash"]) for ps in game["players_state"])
        )
        assert total == 9 * 4
    args = _parse(
        [
            "--players",
            "3",
            "--bots",
            "random,greedy,random",
            "--games",
            "2",
            "--seed",
            "5",
            "--json",
        ]
    )
    args.handler(args)
    assert capsys.readouterr().out.strip().splitlines() == lines  # same seed, same games


def test_summary_and_expert(capsys: pytest.CaptureFixture[str]) -> None:
    args = _parse(["--players", "2", "--bots", "greedy", "--games", "3", "--expert"])
    assert args.handler(args) == 0
    out = capsys.readouterr().out
    assert "win %" in out and "(Expert)" in out and "greedy" in out


def test_bad_options_are_clear_errors() -> None:
    with pytest.raises(FlickError, match="2-6 players"):
        cli.seat_bots(7, 0, "greedy")
    with pytest.raises(FlickError, match="unknown bot clever"):
        cli.seat_bots(3, 0, "greedy,clever")
    with pytest.raises(FlickError, match="lists 2 bots but 3 seats"):
        cli.seat_bots(4, 1, "greedy,random")
    assert cli.seat_bots(3, 1, "search") == [None, "search", "search"]


def test_terminal_play_hides_bot_choices_and_passes_the_screen() -> None:
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "" if "press Enter" in prompt else "1"

    out = io.StringIO()
    state = StfState(3, seed=8)
    cli.play_game(state, [None, None, GreedyBot(1)], read=read, out=out)
    assert state.is_terminal()
    text = out.getvalue()
    assert "Player 3 (greedy): chooses a Character (face-down)" in text
    assert not any("(greedy): play " in line for line in text.splitlines())
    assert "Pass the screen to player 2" in text
    assert any(p.startswith("Player 2, press Enter") for p in prompts)
    assert "Game over" in text


@pytest.mark.parametrize("n", [2, 3, 5, 6])
@pytest.mark.parametrize("expert", [False, True])
def test_every_player_count_plays_to_the_end(n: int, expert: bool) -> None:
    s = StfState(n, seed=n * 10 + expert, expert=expert)
    bot = RandomBot(n)
    while not s.is_terminal():
        s.apply(bot.choose(s))
        if s.round == 5 and s.phase == A.TURN:
            assert StfState.from_json(json.loads(json.dumps(s.to_json()))).to_json() == s.to_json()
    cards = len(s.mob) + len(s.destroyed) + sum(len(x) for x in s.stash)
    assert cards == 9 * (n + 1)
    assert all(sorted(d) == list(range(1, 10)) for d in s.discard)
    assert set(s.winners()) <= set(range(n))


@pytest.mark.parametrize(("players", "expert"), [(2, False), (3, True), (5, False), (6, True)])
def test_games_stay_within_the_declared_length(players: int, expert: bool) -> None:
    for seed in range(12):
        s = StfState(players, seed=seed, expert=expert)
        rng = random.Random(seed)
        steps = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            weapons = [a for a in legal if A.WEAPON_MOB <= a < A.GIVE_WOUND]
            s.apply(rng.choice(weapons) if weapons else rng.choice(legal))  # Weapons: longer
            steps += 1
        assert steps <= s.max_game_length()
