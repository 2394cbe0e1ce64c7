"""`flick demo` without a screen: bots play, the game is told, the final table is a picture."""

from __future__ import annotations

from pathlib import Path

import pytest

from flick.cli import main
from flick.cli.demo import has_screen
from flick.game.narration import describe
from flick.game.state import Event


def test_headless_demo_tells_the_game_and_saves_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    picture = tmp_path / "end.png"
    assert main(["demo", "1", "--headless", "--seed", "3", "--picture", str(picture)]) == 0
    out = capsys.readouterr().out
    assert "Turn 1: " in out
    assert "GAME OVER" in out
    assert picture.stat().st_size > 5000


def test_dummy_driver_means_no_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert not has_screen()
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    assert has_screen()


def test_narration_of_a_rush_names_who_fell() -> None:
    line = describe(Event("rush", {"reason": "loud", "zombies": 3, "fell": ["Rosa Rodriguez"]}))
    assert line is not None and "3 zombie(s)" in line and "Rosa Rodriguez" in line
    assert describe(Event("no_such_event", {})) is None
