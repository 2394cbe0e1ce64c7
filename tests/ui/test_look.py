"""The table looks like the box: a wooden table around a snowy city with a clear limit,
buildings with coloured roofs, figures on round bases (a zombie green, a survivor in its
team's colour), a figure that falls seen tipping over, the same picture every time."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from flick.game.game import Game
from flick.physics.state import PieceState
from flick.scenario import load
from flick.ui import look
from flick.ui.app import PlayApp, Settings
from flick.ui.motion import Clip
from flick.ui.render import Camera, roof_centre

pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


def picture(number: int) -> tuple[pygame.Surface, PlayApp]:
    app = PlayApp(Game(load(number), 1), Settings(frames=1))
    if app.pass_screen:
        app.dismiss_pass()
    app.draw()
    return app.screen.copy(), app


def test_the_table_is_wood_the_city_snow_and_each_building_its_roof() -> None:
    screen, app = picture(5)
    cam = app.cam
    outside = screen.get_at((app.area.x + 3, app.area.bottom - 3))[:3]
    assert outside[0] > outside[2] + 20  # brown wood, not the old flat grey
    g = app.game
    table = g.board.table
    seen = set()
    for bid in table.buildings():
        (ax, ay), (bx, by) = table.door_line(bid)
        cx, cy = roof_centre(table, bid)  # a quarter along the roof, clear of the name
        x, y = cam.px(cx + 0.3 * (ax - bx), cy + 0.3 * (ay - by))
        seen.add(screen.get_at((round(x), round(y)))[:3])
    assert len(seen) >= 5  # the roofs differ (the box's coloured tiles)
    again, _ = picture(5)
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(screen, "RGB")


def test_a_zombie_and_a_survivor_are_told_apart_at_a_glance() -> None:
    surface = pygame.Surface((60, 60))
    c = Camera(10.0, (0.0, 60.0))
    surface.fill((255, 255, 255))
    look.figure(surface, c, 3.0, 3.0, 0.0, 1.3, (40, 90, 200), zombie=False)
    survivor = surface.get_at((30, 30))[:3]
    surface.fill((255, 255, 255))
    look.figure(surface, c, 3.0, 3.0, 0.0, 1.3, (40, 90, 200), zombie=True)
    zombie = surface.get_at((27, 30))[:3]
    assert survivor[2] > survivor[1] and zombie[1] > zombie[2] and zombie[1] > zombie[0]


def test_a_figure_that_falls_is_seen_tipping_over() -> None:
    start = {7: PieceState(7, "zombie", 10.0, 10.0, 0.0, True)}
    clip = Clip("city", start, [{7: ("zombie", 10.0, 10.0, 0.0, True)},
                                {7: ("zombie", 10.5, 10.0, 0.0, False)},
                                *[{} for _ in range(20)]])
    assert clip.falls() == {7: 1}
    assert clip.tipping(0, 15) == {}
    steps = [clip.tipping(k, 15).get(7) for k in range(1, 15)]
    assert all(s is not None for s in steps) and steps == sorted(steps) and steps[-1] < 1
    assert clip.tipping(20, 15) == {}  # lying when the fall is over
