"""`flick sim --analyze`: per scenario, every outcome with its share and a Wilson
95% interval; a competitive scenario's teams each get a row, games without a winner one more."""

from __future__ import annotations

import json
from typing import Any

import pytest

from flick.cli import main
from flick.cli.sim import win_rates
from flick.plan.planner import wilson
from flick.scenario import load
from tests.conftest import game_group


def outcome(winner: str | None, reason: str) -> dict[str, Any]:
    return {"winner": winner, "end_reason": reason}


def test_a_co_op_scenario_has_a_won_row_and_a_lost_row_with_wilson_intervals() -> None:
    games = [outcome("survivors", "objective")] * 3 + [outcome(None, "skull")]
    won, lost = win_rates(load(1), games)
    assert (won["result"], won["games"], won["of"], won["share"]) == ("won", 3, 4, 0.75)
    assert won["interval"] == [round(v, 4) for v in wilson(3, 4)]
    assert (lost["result"], lost["games"], lost["ends"]) == ("lost", 1, {"skull": 1})
    assert lost["interval"] == [round(v, 4) for v in wilson(1, 4)]
    assert 0.0 < lost["interval"][0] < 0.25 < lost["interval"][1] < 1.0


def test_a_competitive_scenario_counts_each_team_and_no_winner_apart() -> None:
    games = [outcome("A", "objective"), outcome("A", "skull"), outcome(None, "overrun"),
             outcome(None, "skull"), outcome(None, "overrun")]
    rows = {r["result"]: r for r in win_rates(load(6), games)}
    assert list(rows) == ["A won", "B won", "a team won", "no winner"]
    assert rows["A won"]["games"] == 2 and rows["A won"]["ends"] == {"objective": 1, "skull": 1}
    assert rows["B won"]["games"] == 0
    assert rows["B won"]["interval"] == [0.0, round(wilson(0, 5)[1], 4)]
    assert rows["a team won"]["games"] == 2 and rows["a team won"]["winner"] == "any"
    assert rows["no winner"]["games"] == 3
    assert rows["no winner"]["ends"] == {"overrun": 2, "skull": 1}
    assert sum(r["games"] for r in rows.values()) == 5 + 2  # "a team won" repeats A and B


def test_s9_and_s10_also_count_the_games_a_betrayer_won() -> None:
    games = [{**outcome("A", "skull"), "betrayer_won": True},
             {**outcome(None, "city_overrun"), "betrayer_won": False},
             {**outcome("B", "objective"), "betrayer_won": False}]
    rows = {r["result"]: r for r in win_rates(load(9), games)}
    assert list(rows) == ["A won", "B won", "a team won", "no winner", "a betrayer won"]
    assert (rows["a betrayer won"]["games"], rows["a betrayer won"]["of"]) == (1, 3)
    assert rows["a betrayer won"]["interval"] == [round(v, 4) for v in wilson(1, 3)]
    s6 = win_rates(load(6), [outcome("A", "objective")])  # no secret objectives in S6
    assert "a betrayer won" not in {r["result"] for r in s6}


def test_a_betrayer_won_as_the_game_credits_it(monkeypatch: pytest.MonkeyPatch,
                                               capsys: Any) -> None:
    """`--analyze` counts a betrayer's win as `secret.results` credits it (which gives none
    in a city overrun: tests/game/bots/test_versus.py), whatever the game's winner field."""
    import importlib

    class Game:
        def __init__(self, betrayer_won: bool) -> None:
            self.betrayer_won = betrayer_won

        def summary(self) -> dict[str, Any]:
            return {"scenario": 9, "seed": 1, "winner": "B", "end_reason": "x",
                    "rounds": 1, "turns": 1,
                    "players": [{"betrayer": True, "won": self.betrayer_won},
                                {"betrayer": False, "won": True}]}

    module = importlib.import_module("flick.game.play")
    # seed 0: a loyal player won; seed 1: the betrayer won as well
    monkeypatch.setattr(module, "play", lambda sc, seed, **kw: Game(bool(seed)))
    assert main(["sim", "9", "--analyze", "--games", "2", "--seed", "0", "--json"]) == 0
    (s9,) = json.loads(capsys.readouterr().out)["scenarios"]
    rows = {r["result"]: r for r in s9["rows"]}
    assert rows["B won"]["games"] == 2  # the winner field says B both times
    assert (rows["a betrayer won"]["games"], rows["a betrayer won"]["of"]) == (1, 2)


@game_group(5)  # on the worker that plays the session's S5 games
def test_flick_sim_analyze_counts_the_bot_games(monkeypatch: pytest.MonkeyPatch, capsys: Any,
                                                bot_game: Any) -> None:
    import importlib

    # the session's S5 games (tests/game/test_bot_games.py plays the same ones),
    # played before flick.game.play.play is stood in for
    games = {seed: bot_game(5, seed, players=None) for seed in (1, 2)}
    module = importlib.import_module("flick.game.play")  # flick.game.play is also a function
    monkeypatch.setattr(module, "play", lambda sc, seed, **kw: games[seed])
    assert main(["sim", "5", "--analyze", "--games", "2", "--seed", "1", "--json"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    (s5,) = report["scenarios"]
    assert (s5["scenario"], s5["games"]) == (5, 2)
    winners = [games[seed].winner for seed in (1, 2)]
    rows = {r["winner"]: r for r in s5["rows"]}
    assert rows["survivors"]["games"] == winners.count("survivors")
    assert rows[None]["games"] == winners.count(None)
    assert "95% interval" in err and "Separated" in err  # the table, on stderr with --json


def test_flick_sim_analyze_refuses_what_it_cannot_do(capsys: Any) -> None:
    assert main(["sim", "1", "--analyze", "--record", "x.json"]) == 2
    assert main(["sim", "1", "--jobs", "0"]) == 2
    assert main(["sim"]) == 2
    err = capsys.readouterr().err
    assert "--record" in err and "--workers must be at least 1" in err and "SCENARIO" in err
