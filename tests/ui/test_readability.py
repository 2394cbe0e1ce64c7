"""Small readability points seen under a real X server: the survivor's name is not hidden
under the movement disc, and a refused action's button says why when pressed."""

from __future__ import annotations

import os
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


from flick.game.game import Game
from flick.scenario import load
from flick.ui.app import PlayApp, Settings
from flick.ui.commands import SelectAction

pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


def test_the_name_is_written_below_the_movement_disc(monkeypatch: pytest.MonkeyPatch) -> None:
    app = PlayApp(Game(load(2), 1), Settings(frames=1))
    app.command("choose:Mike Cho")
    app.key("m")
    spot = app.spot()
    assert spot is not None and spot.kind == "movement_disc"
    seen: list[tuple[str, Any]] = []
    blit = app.view.text.blit

    def spy(surface, font, text, at, *rest):  # type: ignore[no-untyped-def]
        seen.append((text, at))
        return blit(surface, font, text, at, *rest)

    monkeypatch.setattr(app.view.text, "blit", spy)
    app.draw()
    _, y = app.cam.px(*spot.centre)
    below = y + app.cam.length(app.view.footprints.get("movement_disc").reach)
    assert any(text == "Mike" and at[1] >= below for text, at in seen)


def test_pressing_a_refused_action_says_why() -> None:
    app = PlayApp(Game(load(2), 1), Settings(frames=1))
    app.command("choose:Mike Cho")
    app.draw()
    gun = next(b for b in app.buttons if b.command == SelectAction("gun"))  # Mike has none
    app.mouse_down(0.0, gun.rect.center, 1)
    assert app.status_bad and "gun" in app.status.lower() and app.action is None


def panel_texts(app: PlayApp) -> list[str]:
    shown: list[str] = []
    blit = app.panel.text.blit

    def spy(s, font, text, *rest):  # type: ignore[no-untyped-def]
        shown.append(text)
        return blit(s, font, text, *rest)

    app.panel.text.blit = spy  # type: ignore[method-assign]
    app.version += 1
    app.draw()
    return shown
