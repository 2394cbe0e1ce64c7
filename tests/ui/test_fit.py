"""The fitted view: a standing figure's base (2.6 cm) is at least 28 px wide at the default
window and at the window a 1366x768 screen gets; where the whole city would draw it smaller,
the view shows as much of the city as it can around the play and follows it; F goes to the
whole city and back; a view the player zoomed or panned stays theirs."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from flick.cli.play import fitted_size
from flick.game.game import Game
from flick.scenario import load
from flick.ui.app import HINT_STRIP, MIN_FIGURE_PX, PlayApp, Settings


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


def figure_px(app: PlayApp) -> float:
    return 2.0 * app.view.footprints.get("survivor").reach * app.cam.scale


def in_view(app: PlayApp, x: float, y: float) -> bool:
    return bool(app.area.collidepoint(app.cam.px(x, y)))


@pytest.mark.parametrize("laptop", [False, True])
def test_figures_are_28_px_at_the_fitted_zoom(laptop: bool,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    size = laptop_window(monkeypatch) if laptop else Settings().size
    pygame.display.set_mode(size)
    app = PlayApp(Game(load(2), 1), Settings(frames=1, size=size))
    assert figure_px(app) >= MIN_FIGURE_PX - 1e-9
    # the whole city would draw them smaller here: 21.7 px (1280x800), 18.6 px (1326x688)
    overview = app.overview()
    assert 2.0 * app.view.footprints.get("survivor").reach * overview.scale < MIN_FIGURE_PX
    # the view stays on the table and shows the survivors the team may choose
    x0, y0, x1, y1 = app.city_box()
    (vx0, vy0), (vx1, vy1) = (app.cam.to_cm(app.area.left, app.area.bottom),
                              app.cam.to_cm(app.area.right, app.area.top + HINT_STRIP))
    assert x0 - 1e-6 <= vx0 < vx1 <= x1 + 1e-6 and y0 - 1e-6 <= vy0 < vy1 <= y1 + 1e-6
    g = app.game
    assert all(in_view(app, *g.board.pos(s.piece)) for s in g.available(g.current_team)
               if s.piece is not None)
    # the panel's button says what F does now
    app.draw()
    assert "toggle:fit" in [b.command for b in app.buttons]


def test_the_view_follows_the_survivor_in_play_and_f_shows_the_whole_city() -> None:
    pygame.display.set_mode((1280, 800))
    app = PlayApp(Game(load(2), 1), Settings(frames=1))
    first = app.cam
    app.command("choose:Mike Cho")
    mike = app.game.board.pos(app.game.survivors["Mike Cho"].piece)  # type: ignore[arg-type]
    assert in_view(app, *mike) and app.cam == app.fit() and figure_px(app) >= 28 - 1e-9
    app.key("f")  # the whole city
    w, h = app.game.board.city
    assert app.cam == app.overview() != first
    assert in_view(app, 0.5, 0.5) and in_view(app, w - 0.5, h - 0.5)
    app.key("f")  # and back
    assert app.cam == app.fit()


def test_a_view_the_player_zoomed_stays_theirs() -> None:
    pygame.display.set_mode((1280, 800))
    app = PlayApp(Game(load(2), 1), Settings(frames=1))
    app.zoom(app.area.center, -2)
    mine = app.cam
    app.command("choose:Mike Cho")
    assert app.cam == mine


def test_the_end_of_the_game_shows_the_whole_city() -> None:
    pygame.display.set_mode((1280, 800))
    app = PlayApp(Game(load(2), 1), Settings(frames=1))
    assert app.cam != app.overview()
    app.game.phase = "over"  # as the game's end leaves it
    app._refresh()
    assert app.cam == app.overview()
