"""The mulligan house rule (--mulligans N): the last flick taken back, per player, and the
replay holds only the flicks that count, names the rule, and still verifies."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from flick.cli import main
from tests.ui.gestures import swipe

CHOOSE = [{"t": 0.1, "type": "down", "at": "survivor:Mike"},
          {"t": 0.12, "type": "up", "at": "survivor:Mike"}]


def test_a_mulligan_takes_the_flick_back_and_the_replay_verifies(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    events = [*CHOOSE, {"t": 0.3, "type": "key", "key": "m"}, *swipe(0.5, (0.0, -0.9)),
              {"t": 1.0, "type": "key", "key": "z"},  # take it back
              {"t": 1.2, "type": "key", "key": "m"}, *swipe(1.4, (0.9, 0.0)),
              {"t": 2.0, "type": "key", "key": "z"}]  # a second one: none left
    script = tmp_path / "turn.json"
    script.write_text(json.dumps(events))
    record = tmp_path / "game.json"
    assert main(["play", "2", "--script", str(script), "--record", str(record),
                 "--mulligans", "1"]) == 0
    data = json.loads(record.read_text())
    game = data["games"][0]
    assert [i["input"] for i in game["inputs"]] == ["choose", "move"]  # one move kept
    move = game["inputs"][1]
    assert move["flick"]["impulse"][0] > 0  # the second flick (east) is the one that counts
    assert all("1 mulligans a player, 1 taken" in p["controller"] for p in game["players"])
    capsys.readouterr()
    assert main(["replay", str(record), "--verify"]) == 0


def test_without_the_house_rule_z_says_why(tmp_path: Path) -> None:
    import pygame

    from flick.game.game import Game
    from flick.game.inputs import Flick, Move
    from flick.scenario import load
    from flick.ui.app import PlayApp, Settings

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 800))
    try:
        app = PlayApp(Game(load(2), 1), Settings(frames=1))
        app.command("choose:Mike Cho")
        assert app.apply(Move(Flick((0.0, -600.0), (0.0, 0.0)), -1.5708))
        while app.busy():
            app.advance(1 / 60)
        app.key("z")
        assert app.status_bad and "--mulligans" in app.status
        assert len(app.game.inputs) == 2
    finally:
        pygame.quit()
