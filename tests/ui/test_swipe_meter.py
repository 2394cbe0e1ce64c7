"""The window shows what a release would do: the power meter falls while the pointer is held
still, its line says "release now = X cm", and a release after a hold says why nothing was
flicked, beside the pointer."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from flick.game.game import Game
from flick.scenario import load
from flick.ui.app import PlayApp, Settings

pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


def _swiping() -> tuple[PlayApp, tuple[int, int]]:
    app = PlayApp(Game(load(2), 1), Settings(frames=1))
    app.command("choose:Mike Cho")
    app.key("m")
    spot = app.spot()
    assert spot is not None
    x, y = (round(v) for v in app.cam.px(*spot.centre))
    app.mouse_down(0.0, (x, y), 1)
    for k in range(1, 9):  # 12 px every 10 ms, east
        app.mouse_move(0.01 * k, (x + 12 * k, y))
    return app, (x + 96, y)


def test_the_meter_falls_while_the_pointer_is_held_still() -> None:
    app, _ = _swiping()
    app.now = 0.08
    moving = app.table_model()
    key = app.scene_key()
    assert moving.gesture is not None and moving.gesture.power(moving.now) > 0.05
    assert "release now = " in moving.gesture.preview(moving.now)
    assert "nothing" not in moving.gesture.preview(moving.now)
    app.now = 0.25  # held still for 170 ms
    still = app.table_model()
    assert still.gesture is not None and still.gesture.power(still.now) == 0.0
    assert "held still" in still.gesture.preview(still.now)
    assert app.scene_key() != key  # the window redraws the falling meter


def test_a_release_after_a_hold_says_it_was_held_still() -> None:
    app, end = _swiping()
    app.mouse_up(0.3, end, 1)  # 220 ms after the last move
    assert app.game.inputs[-1].kind == "choose"  # nothing flicked
    assert app.status_bad and "held still" in app.status
    assert "held still" in app.widgets.toast_text
