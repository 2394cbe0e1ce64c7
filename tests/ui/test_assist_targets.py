"""The aim assist shows what it aims at: it never aims at a fallen zombie, a map at 0%
everywhere says what blocks the way, the power is the stop ring's distance, the cells are
squares of at least 16 px beside the table (never under the panel) with a colour legend, and
the hand's words only when the window's hand noise is on."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from flick.game.game import Game
from flick.game.inputs import ChooseSurvivor
from flick.plan import Grid
from flick.scenario import load
from flick.ui import assist
from flick.ui.app import PlayApp, Settings
from flick.ui.motion import FRAME_S

GRID = Grid.around(3, 3)  # 9 cells of 2 shots: a map in a moment
REPEATS = 2

pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


@pytest.fixture
def app() -> Iterator[PlayApp]:
    """Rosa of scenario 2 (seed 1) with the gun, the assist on a small grid."""
    game = Game(load(2), 1)
    game.apply(ChooseSurvivor("Rosa Rodriguez"))
    window = PlayApp(game, Settings(frames=1))
    window.assist = assist.Assist(grid=GRID, repeats=REPEATS)
    window.key("c")
    yield window
    window.assist.close()


def by_distance(app: PlayApp) -> list[int]:
    g = app.game
    here = g.board.pos(g.active_survivor.piece)
    return sorted(g.board.zombies(), key=lambda z: (math.dist(g.board.pos(z), here), z))


def until_done(app: PlayApp) -> None:
    """Frames until the map is in (the frame that brings its last cell also words it)."""
    end = time.perf_counter() + 60
    while app.assist.plan() is None:
        assert time.perf_counter() < end, "the map never finished"
        app.advance(FRAME_S)


def test_a_fallen_zombie_is_never_the_target(app: PlayApp) -> None:
    nearest, second = by_distance(app)[:2]
    table = app.game.board.table
    table.lay_down(nearest, 0.0)  # knocked over: a bullet on it does nothing
    app.select("gun")
    app.advance(FRAME_S)
    assert app.assist.target == ("shoot", second)
    # a click on the fallen one is refused and keeps the standing target
    at = tuple(round(v) for v in app.cam.px(*app.game.board.pos(nearest)))
    app.mouse_down(0.0, at, 1)  # type: ignore[arg-type]
    app.mouse_up(0.0, at, 1)  # type: ignore[arg-type]
    assert "down already" in app.status
    assert app.assist.target == ("shoot", second)
    # the standing target falls: the assist moves on to the nearest one still standing
    table.lay_down(second, 0.0)
    app.advance(FRAME_S)
    up = [z for z in by_distance(app) if table.is_standing(z)]
    assert app.assist.target == ("shoot", up[0])


def test_a_map_at_zero_says_what_blocks_the_way(app: PlayApp) -> None:
    g = app.game
    target = by_distance(app)[0]
    me, there = g.board.pos(g.active_survivor.piece), g.board.pos(target)
    angle = math.atan2(there[1] - me[1], there[0] - me[0])
    mid = (me[0] + 0.5 * (there[0] - me[0]), me[1] + 0.5 * (there[1] - me[1]))
    app.select("gun")
    app.advance(FRAME_S)
    assert app.assist.target == ("shoot", target)
    until_done(app)
    # from her right the bullet would cross Rosa herself
    assert app.side == "right"
    assert "0% everywhere: blocked by Rosa Rodriguez" in app.assist.line()
    assert "S puts it on the left" in app.assist.line()
    app.key("s")
    app.advance(FRAME_S)
    until_done(app)
    assert "0% everywhere" not in app.assist.line()
    g.board.table.add("car", mid[0], mid[1], angle + math.pi / 2)  # across the way
    app.assist.drop()  # the table changed under the map: plan it again
    app.advance(FRAME_S)
    until_done(app)
    m = app.assist.plan()
    assert m is not None and max(c.p for c in m.cells) == 0.0  # type: ignore[attr-defined]
    assert "0% everywhere: blocked by the car" in app.assist.line()


def test_the_map_speaks_of_stop_rings_in_squares_beside_the_panel(app: PlayApp) -> None:
    app.select("move")
    g = app.game
    here = g.board.pos(g.active_survivor.piece)
    target = (round(here[0] + 15.0, 1), round(here[1] + 5.0, 1))
    at = tuple(round(v) for v in app.cam.px(*target))
    app.mouse_down(0.0, at, 1)  # type: ignore[arg-type]
    app.mouse_up(0.0, at, 1)  # type: ignore[arg-type]
    app.advance(FRAME_S)
    until_done(app)
    line = app.assist.line()
    assert "stop ring at" in line and " x1." not in line
    assert "steady hand" not in line  # the window's hand is none
    job = app.assist.job
    assert job is not None
    best = app.assist.best()
    assert best is not None
    _, f = GRID.cell(best)
    # the stop ring is the open-table slide of the cell's launch (what the aim line rings)
    from flick.game.bots.aim import launch_speed

    mass = float(g.board.params.pieces["movement_disc"].mass)
    ring = app.assist.stop_cm(f)
    assert f"stop ring at {ring:.0f} cm" in line
    assert launch_speed(g.board.params, "movement_disc", ring) == pytest.approx(
        job.shot.strength * f / mass)
    # every cell a square of at least 16 px, in the table's area, clear of the panel
    app.present()
    for i in range(len(GRID)):
        r = app.assist.cell_rect(app, i)
        assert r.width >= 16 and r.height >= 16
        assert app.area.contains(r) and not r.colliderect(app.panel.rect)
    # the fan is half-transparent: what lies beneath shows through
    drawn = app.assist.layer
    assert drawn is not None
    layer, _ = drawn
    alphas = {layer.get_at((x, y))[3] for x in range(0, layer.get_width(), 3)
              for y in range(0, layer.get_height(), 3)} - {0}
    assert alphas and min(alphas) < 160
    # with the hand noise on, the words say which hand the map is planned for
    app.hand = "shaky"
    app.advance(FRAME_S)
    until_done(app)
    assert "shaky hand" in app.assist.line()
