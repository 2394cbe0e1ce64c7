"""The camera never jumps: the first view shows the whole city where it fits at 8 px/cm (every
scenario at 1280x800), else the objective and the survivors; a choice or an action moves
nothing while what matters is in view; when the survivor in play would leave the view the
camera glides there over several frames, never at once; F goes to the whole city and back; a
view the player zoomed or panned stays theirs."""

from __future__ import annotations

import math
import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from flick.cli.play import fitted_size
from flick.game.game import Game
from flick.scenario import load
from flick.ui.app import PlayApp, Settings
from flick.ui.camera import WHOLE_CITY_PX_PER_CM, objective_box


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


def laptop_window(monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """The window `flick play` opens on a 1366x768 screen."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    return fitted_size()


def in_view(app: PlayApp, x: float, y: float) -> bool:
    return bool(app.area.collidepoint(app.cam.px(x, y)))


def settle(app: PlayApp, frames: int = 200) -> int:
    """Frames until the camera stops gliding."""
    for n in range(frames):
        if not app.cameras.rig.moving():
            return n
        app.advance(1 / 60)
    return frames


@pytest.mark.parametrize("number", [1, 3, 5, 9])
def test_the_first_view_shows_the_whole_city_at_the_default_window(number: int) -> None:
    pygame.display.set_mode((1280, 800))
    app = PlayApp(Game(load(number), 1), Settings(frames=1))
    assert app.cam.scale >= WHOLE_CITY_PX_PER_CM
    w, h = app.game.board.city
    assert in_view(app, 0.5, 0.5) and in_view(app, w - 0.5, h - 0.5)
    zb = app.game.scenario.zombie_bin
    assert in_view(app, zb.x, zb.y)  # the tower too


def test_a_small_screen_opens_on_the_objective_and_the_survivors(
        monkeypatch: pytest.MonkeyPatch) -> None:
    size = laptop_window(monkeypatch)
    pygame.display.set_mode(size)
    app = PlayApp(Game(load(3), 1), Settings(frames=1, size=size))
    assert app.cam.scale >= WHOLE_CITY_PX_PER_CM - 1e-9
    g = app.game
    hospital = g.board.building_parts("hospital")
    for block in hospital[:2]:
        assert in_view(app, *g.board.table.position(block))
    assert all(in_view(app, *g.board.pos(s.piece)) for s in g.available(g.current_team)
               if s.piece is not None)


@pytest.mark.parametrize("number", [3, 5])
def test_choosing_a_survivor_in_view_moves_nothing(number: int) -> None:
    pygame.display.set_mode((1280, 800))
    app = PlayApp(Game(load(number), 1), Settings(frames=1))
    if app.pass_screen:
        app.dismiss_pass()
    before = app.cam
    g = app.game
    for s in g.available(g.current_team):
        assert s.piece is not None and in_view(app, *g.board.pos(s.piece))
    app.command(f"choose:{g.available(g.current_team)[-1].name}")
    app.key("m")
    settle(app)
    assert app.cam == before


def test_a_survivor_out_of_view_is_reached_by_a_glide_not_a_jump() -> None:
    pygame.display.set_mode((1280, 800))
    app = PlayApp(Game(load(2), 1), Settings(frames=1))
    mike = app.game.board.pos(app.game.survivors["Mike Cho"].piece)  # type: ignore[arg-type]
    app.cameras.zoom((5, 5), 6)  # close in on the top-left corner
    assert not in_view(app, *mike)
    before = app.cam
    app.command("choose:Mike Cho")
    assert app.cam == before  # nothing moved at the click itself
    app.advance(1 / 60)
    first = app.cam
    step = math.dist(first.origin, before.origin)
    assert 0 < step < 0.25 * math.dist(app.cameras.rig.target.origin, before.origin)
    assert settle(app) >= 8  # several frames of glide
    assert in_view(app, *mike) and app.cam.scale == pytest.approx(before.scale)


def test_nothing_moves_while_the_player_drags_a_flick() -> None:
    pygame.display.set_mode((1280, 800))
    app = PlayApp(Game(load(2), 1), Settings(frames=1))
    app.cameras.rig.glide(app.cameras.overview().zoomed(app.area.center, 3))
    app.gesture = object()  # type: ignore[assignment]  # a press is held
    cam = app.cam
    for _ in range(10):
        app.advance(1 / 60)
    assert app.cam == cam
    app.gesture = None
    app.advance(1 / 60)
    assert app.cam != cam


def test_f_shows_the_whole_city_and_the_view_back() -> None:
    size = (1000, 600)  # the whole city does not fit at 8 px/cm here
    pygame.display.set_mode(size)
    app = PlayApp(Game(load(2), 1), Settings(frames=1, size=size))
    first = app.cam
    assert first != app.cameras.overview()
    app.key("f")
    settle(app)
    w, h = app.game.board.city
    assert app.cam == app.cameras.overview()
    assert in_view(app, 0.5, 0.5) and in_view(app, w - 0.5, h - 0.5)
    app.key("f")
    settle(app)
    assert app.cam == app.cameras.fit()


def test_a_view_the_player_zoomed_stays_theirs() -> None:
    pygame.display.set_mode((1280, 800))
    app = PlayApp(Game(load(2), 1), Settings(frames=1))
    app.cameras.zoom(app.area.center, -2)
    mine = app.cam
    app.command("choose:Mike Cho")
    settle(app)
    assert app.cam == mine


def test_the_end_of_the_game_shows_the_whole_city() -> None:
    size = (1000, 600)
    pygame.display.set_mode(size)
    app = PlayApp(Game(load(2), 1), Settings(frames=1, size=size))
    assert app.cam != app.cameras.overview()
    app.game.phase = "over"  # as the game's end leaves it
    app.refresh()
    settle(app)
    assert app.cam == app.cameras.overview()


@pytest.mark.parametrize("number", [3, 6, 8])
def test_the_small_screen_view_stays_on_the_objective_and_the_survivors(
        monkeypatch: pytest.MonkeyPatch, number: int) -> None:
    size = laptop_window(monkeypatch)
    pygame.display.set_mode(size)
    app = PlayApp(Game(load(number), 1), Settings(frames=1, size=size))
    if app.pass_screen:
        app.dismiss_pass()
    first = app.cam
    settle(app)
    assert app.cam == first  # the survivors to choose are in view: nothing glides away
    x0, y0, x1, y1 = objective_box(app.game)
    assert in_view(app, x0, y0) and in_view(app, x1, y1)
