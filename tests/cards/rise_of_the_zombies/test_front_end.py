"""Rise of the Zombies!: the front end (`flick cards rise-of-the-zombies`): JSON, bad options, the
real clock, campaigns, the rendered table, the pass screen between people."""

from __future__ import annotations

import io
import json

import pytest

from flick.cards.rise_of_the_zombies.data import default_catalog
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies
from flick.errors import FlickError
from tests.cards.rise_of_the_zombies.tables import (
    game,
    give,
    place_zombie,
)


def test_cli_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    from flick.cli import main

    assert main(["cards", "rise-of-the-zombies", "--games", "2", "--seed", "5", "--json",
                 "--bots", "greedy"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 2 and [g["seed"] for g in lines] == [5, 6]
    assert set(lines[0]) == {"game", "seed", "difficulty", "departure_minutes", "minutes_used",
                             "survivors", "path", "epic_overcome", "victory", "campaign_points"}
    assert set(lines[0]["survivors"][0]) == {"name", "alive", "in_helicopter", "health", "wounds",
                                             "xp"}
    assert lines[0]["path"][0] == "Safe House" and lines[0]["game"] == "rise_of_the_zombies"


def test_cli_rejects_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    from flick.cli import main

    assert main(["cards", "rise-of-the-zombies", "--time-scale", "0", "--games", "1"]) == 2
    assert main(["cards", "rise-of-the-zombies", "--survivors", "Scout,Zed", "--games", "1"]) == 2
    assert "unknown survivor" in capsys.readouterr().err


def test_terminal_play_with_the_real_clock_runs_out() -> None:
    from flick.cards.rise_of_the_zombies.clock import RealClock
    from flick.cli.rise_of_the_zombies import play_terminal

    st = RiseOfTheZombies(["Scout"], "insane", seed=3, clock="real", log=True)
    times = [0.0, 10.0, 41 * 60.0]
    clock = RealClock(st.departure, now=lambda: times.pop(0) if len(times) > 1 else times[0])
    out = io.StringIO()
    play_terminal(st, [None], read=lambda prompt: str(len(st.legal_actions())), out=out,
                  clock=clock)
    assert st.is_terminal() and st.minutes_used > st.departure
    assert "departs" in st.end_reason and "Helicopter has departed" in out.getvalue()


def test_cli_campaign_rates_three_games(capsys: pytest.CaptureFixture[str]) -> None:
    from flick.cli import main

    args = ["cards", "rise-of-the-zombies", "--survivors", "Scout", "--difficulty",
            "introductory", "--campaign", "--games", "1", "--seed", "3", "--json"]
    assert main(args) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 4 and [g["seed"] for g in lines[:3]] == [3, 4, 5]
    total = sum(g["campaign_points"] for g in lines[:3])
    assert lines[3] == {"campaign": [g["campaign_points"] for g in lines[:3]], "total": total,
                        "evaluation": default_catalog().evaluate(total)}


def test_render_shows_clock_path_zombies_and_hands() -> None:
    st = game(["Scout", "Biker"])
    place_zombie(st, "Hulker", 0, 1)
    give(st, 0, "Flashlight")
    text = st.render()
    assert "55 of 55 minutes left (turn clock)" in text
    assert "1. Safe House: survivors Scout, Biker" in text
    assert "Hulker 3/3 health" in text and "on the Biker" in text
    assert "hand: Flashlight" in text


def test_campaign_survivor_groups_change_between_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    from flick.cli import main
    from flick.cli.rise_of_the_zombies import survivor_groups

    assert survivor_groups("Scout, Biker", True) == [["Scout", "Biker"]] * 3
    assert survivor_groups("Scout", False) == [["Scout"]]
    with pytest.raises(FlickError, match="only a --campaign"):
        survivor_groups("Scout;Biker", False)
    with pytest.raises(FlickError, match="3 games"):
        survivor_groups("Scout;Biker", True)
    groups = "Scout,Biker;Historian;Scientist,Biker,Scout"
    args = ["cards", "rise-of-the-zombies", "--survivors", groups, "--campaign", "--games", "1",
            "--seed", "3", "--json", "--bots", "greedy"]
    assert main(args) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [[s["name"] for s in g["survivors"]] for g in lines[:3]] == [
        ["Scout", "Biker"], ["Historian"], ["Scientist", "Biker", "Scout"]]
    assert lines[3]["total"] == sum(g["campaign_points"] for g in lines[:3])


def test_secret_hands_pass_the_screen_between_humans() -> None:
    from flick.cli.rise_of_the_zombies import play_terminal

    st = RiseOfTheZombies(["Scout", "Biker"], seed=3, log=True)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if "press Enter" in prompt:
            return ""
        if len(prompts) > 40:
            raise KeyboardInterrupt
        return "1"

    out = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        play_terminal(st, [None, None], read=read, out=out, secret_hands=True)
    text = out.getvalue()
    assert "Pass the screen to player 2 (the Biker)" in text
    assert any("Player 2, press Enter" in p for p in prompts)
    scout_hand = ", ".join(st.spec(c).name for c in st.hand[0])
    table = st.render(1)
    assert "kept secret" in table and f"hand: {scout_hand}\n" not in table + "\n"
    assert "kept secret" not in st.render()
