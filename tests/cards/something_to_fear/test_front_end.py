"""Something to Fear: the front end (`flick cards something-to-fear`): JSON of finished games, the
summary and the Expert variant, bad options as clear errors, the terminal hiding bot choices and
passing the screen."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from flick.cards.something_to_fear.bots import GreedyBot
from flick.cards.something_to_fear.state import StfState
from flick.cli import something_to_fear as cli
from flick.cli.something_to_fear import register
from flick.errors import FlickError


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


# Two games of three seats with seed 5, one JSON line each.
JSON_RUN = ["--players", "3", "--bots", "random,greedy,random", "--games", "2", "--seed", "5",
            "--json"]


def test_json_of_finished_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = _parse(JSON_RUN)
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
    args = _parse(JSON_RUN)
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
