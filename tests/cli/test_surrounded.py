"""Surrounded: the bots and `flick cards surrounded` (games as JSON, analysis, terminal play)."""

from __future__ import annotations

import io
import json

from flick.cards.bots import RandomBot, play_out
from flick.cards.surrounded.bots import GreedyBot, SearchBot
from flick.cards.surrounded.state import SurroundedState
from flick.cli import main, terminal


def _mean_score(bot_factory, seeds) -> float:
    total = 0
    for seed in seeds:
        s = SurroundedState(seed, scenario=14)
        play_out(s, bot_factory(seed))
        total += s.result().score
    return total / len(seeds)


def test_greedy_scores_more_than_random() -> None:
    seeds = range(12)
    assert _mean_score(GreedyBot, seeds) > _mean_score(RandomBot, seeds) + 5


def test_search_bot_is_deterministic_and_legal() -> None:
    games = []
    for _ in range(2):
        s = SurroundedState(3, scenario=13, difficulty="hard")
        play_out(s, SearchBot(5, budget=8))
        games.append(s.game_record())
    assert games[0] == games[1]


def test_cli_games_json_lines_and_summary(capsys) -> None:
    assert main(["cards", "surrounded", "--games", "3", "--seed", "4", "--bot", "greedy",
                 "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [g["seed"] for g in lines[:3]] == [4, 5, 6]
    assert all(g["game"] == "surrounded" for g in lines[:3])
    summary = lines[3]["summary"]
    assert summary["games"] == 3 and summary["bot"] == "greedy"
    assert summary["mean_score"] == round(sum(g["score"] for g in lines[:3]) / 3, 3)


def test_cli_analyze_table_json(capsys) -> None:
    assert main(["cards", "surrounded", "--analyze", "--scenario", "15", "--games", "1",
                 "--budget", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.splitlines()[0])
    cell = out["scenarios"]["15"]
    assert set(cell) == {"standard", "hard", "expert"}
    assert all(0.0 <= v["win_rate"] <= 1.0 for v in cell.values())


def test_cli_rejects_bad_options(capsys) -> None:
    assert main(["cards", "surrounded", "--scenario", "40"]) == 2
    assert "1-18" in capsys.readouterr().err
    assert main(["cards", "surrounded", "--games", "0"]) == 2


def test_terminal_play_by_a_person() -> None:
    s = SurroundedState(1, scenario=2)
    s.events = []
    answers = iter(["x", "9999"] + ["1"] * 200)
    out = io.StringIO()
    terminal.play(s, [None], read=lambda prompt: next(answers), out=out)
    text = out.getvalue()
    assert s.is_terminal()
    assert "'x' is not one of" in text and "Scenario 2. Armed & Dangerous" in text
    assert "Top of the deck:" in text and "End of the game" in text


def test_workers_do_not_change_results(capsys) -> None:
    outs = []
    for jobs in ("1", "2"):
        assert main(["cards", "surrounded", "--games", "2", "--bot", "greedy", "--json",
                     "--jobs", jobs]) == 0
        outs.append([json.loads(x) for x in capsys.readouterr().out.splitlines()][:2])
    assert outs[0] == outs[1]


def test_players_take_turns() -> None:
    from argparse import Namespace

    from flick.cli.surrounded import play_interactive

    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "1"

    args = Namespace(seed=2, scenario=5, difficulty="standard", bot=None, budget=8,
                     players=3, json=False)
    assert play_interactive(args, read=read, out=io.StringIO()) == 0
    who = {p.split(",")[0] for p in prompts}
    assert who == {"Player 1", "Player 2", "Player 3"}


def test_rollout_battle_value_by_hand() -> None:
    from flick.cards.surrounded.bots import battle_value

    assert battle_value(1, 2, 0) == 1 + 2 + 2  # leader with two survivors
    assert battle_value(2, 0, 0) == 0  # two leaders eliminate each other
    assert battle_value(2, 1, 1) == 3  # the Walker takes a leader: L + S
    assert battle_value(0, 1, 3) == -2  # overrun by 2 icons
