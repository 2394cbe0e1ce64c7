"""The aim assist: C switches it on, a click sets the target, the planner's map is
computed in a worker process while the window keeps drawing frames, fills in cell by cell,
equals `flick.plan.plan`'s map for the same seed, and a new target or Escape throws the old
work away."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


from flick.game.bots.aim import HandNoise
from flick.game.game import Game
from flick.game.inputs import ChooseSurvivor
from flick.plan import Grid, move_shot, plan, shoot_shot
from flick.scenario import load
from flick.ui import assist, help
from flick.ui.app import PlayApp, Settings
from flick.ui.motion import FRAME_S

GRID = Grid.around(5, 5)  # 25 cells of 2 shots: a map in a fraction of a second
REPEATS = 2


pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


@pytest.fixture
def app() -> Iterator[PlayApp]:
    """Rosa of scenario 2 (seed 1) about to move, the assist on a small grid."""
    game = Game(load(2), 1)
    game.apply(ChooseSurvivor("Rosa Rodriguez"))
    window = PlayApp(game, Settings(frames=1))
    window.assist = assist.Assist(grid=GRID, repeats=REPEATS)
    window.select("move")
    yield window
    window.assist.close()


def click(app: PlayApp, at: tuple[float, float]) -> None:
    app.mouse_down(0.0, tuple(round(v) for v in app.cam.px(*at)), 1)  # type: ignore[arg-type]
    app.mouse_up(0.0, tuple(round(v) for v in app.cam.px(*at)), 1)  # type: ignore[arg-type]


def frames_until_done(app: PlayApp, limit_s: float = 60.0) -> list[tuple[float, int]]:
    """Frames drawn (as the headless loop draws them) until the map is in: (CPU s of the
    frame, cells drawn in it)."""
    out = []
    end = time.perf_counter() + limit_s
    while app.assist.plan() is None:
        assert time.perf_counter() < end, "the map never finished"
        t = time.process_time()
        app.advance(FRAME_S)
        app.present()
        out.append((time.process_time() - t, len(app.assist.cells())))
    return out


def planner_map(app: PlayApp, target: tuple[float, float]) -> object:
    params = app.game.board.params
    return plan(params, move_shot(app.game, target), HandNoise.from_params(params, "steady"),
                GRID, repeats=REPEATS, seed=app.settings.hand_seed, workers=1)


def rosa(app: PlayApp) -> tuple[float, float]:
    spot = app.spot()
    assert spot is not None
    return spot.centre


def test_c_switches_the_assist_and_the_help_says_so(app: PlayApp,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert not app.assist.on  # opt-in
    app.key("c")
    assert app.assist.on and "aim assist on" in app.status
    app.key("c")
    assert not app.assist.on and "aim assist off" in app.status and app.assist.pool is None
    # the cells are computed from the friction model's aim outwards, each one once
    assert app.assist.order()[0] == len(GRID) // 2 and sorted(app.assist.order()) == list(
        range(len(GRID)))
    keys = [line for heading, lines in help.CONTROLS for line in lines]
    assert any(line.startswith("C aim assist") for line in keys)
    from flick.cli import main

    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "C switches the aim assist" in capsys.readouterr().out


def test_the_map_fills_in_while_frames_are_drawn_and_equals_the_planners(app: PlayApp) -> None:
    app.key("c")
    x, y = rosa(app)
    target = (round(x + 15.0, 1), round(y + 5.0, 1))
    click(app, target)
    assert app.assist.target == ("move", target)
    app.advance(FRAME_S)  # the job starts at the next frame
    assert app.assist.working() and app.moving()  # the live loop keeps drawing frames
    before = app.scene_key()
    frames = frames_until_done(app)
    assert app.scene_key() != before  # the picture changed as cells came in
    counts = [k for _, k in frames]
    # it filled in, and no frame waited for the workers (a failure lists the frames)
    assert len(frames) > 1 and any(0 < k < len(GRID) for k in counts), frames
    assert max(cpu for cpu, _ in frames) < 0.25, frames
    m = app.assist.plan()
    assert m is not None and m.cells == planner_map(app, target).cells  # type: ignore[attr-defined]
    assert not app.assist.working() and not app.moving()
    # what is drawn: each cell's patch in the planner's colour (the ringed best one aside)
    app.present()
    assert app.assist.layer is not None
    layer, (ox, oy) = app.assist.layer
    best = app.assist.best()
    for i, pts in app.assist.fan(app):
        if i == best:
            continue
        px = [app.cam.px(*q) for q in pts]
        cx, cy = sum(p[0] for p in px) / 4 - ox, sum(p[1] for p in px) / 4 - oy
        got = tuple(layer.get_at((math.floor(cx), math.floor(cy))))
        assert got[:3] == assist.colour(m.cells[i].p), i
    assert "best" in app.assist.line() and "95%" in app.assist.line()


def test_a_new_target_discards_the_old_work(app: PlayApp) -> None:
    app.key("c")
    x, y = rosa(app)
    first, second = (x + 12.0, y - 4.0), (round(x - 10.0, 1), round(y + 8.0, 1))
    click(app, first)
    app.advance(FRAME_S)
    old = app.assist.job
    assert old is not None and len(old.futures) == len(GRID)
    click(app, second)  # a new target before the first map is done
    app.advance(FRAME_S)
    assert app.assist.job is not old and app.assist.job is not None
    frames_until_done(app)
    end = time.perf_counter() + 30
    while app.assist.dropped_running and time.perf_counter() < end:  # the old cells end
        app.advance(FRAME_S)
    gone = app.assist.cancelled + app.assist.stale
    assert app.assist.cancelled > 0 and gone + len(old.wins) == len(GRID)
    assert app.assist.plan().cells == planner_map(app, second).cells  # type: ignore[union-attr,attr-defined]


def test_escape_drops_the_map_and_a_gun_aims_at_the_nearest_zombie(app: PlayApp) -> None:
    app.key("c")
    x, y = rosa(app)
    click(app, (x + 10.0, y))
    app.advance(FRAME_S)
    assert app.assist.job is not None
    app.key("escape")  # the action is dropped: so is its map
    app.advance(FRAME_S)
    assert app.assist.job is None and not app.assist.working()
    app.select("gun")
    app.advance(FRAME_S)
    g = app.game
    here = g.board.pos(g.active_survivor.piece)
    nearest = min(g.board.zombies(), key=lambda z: (math.dist(g.board.pos(z), here), z))
    assert app.assist.target == ("shoot", nearest)
    job = app.assist.job
    assert job is not None and job.shot == shoot_shot(g, nearest, app.side)


def test_the_window_stops_the_workers_when_it_closes(app: PlayApp) -> None:
    app.key("c")
    x, y = rosa(app)
    click(app, (x + 10.0, y))
    pool = app.assist.pool
    assert pool is not None  # started when the assist was switched on
    app.run()  # one headless frame: the map starts, then the window closes mid-map
    assert app.assist.pool is None and app.assist.job is None
    assert app.assist.cancelled > 0  # the queued cells never ran: exit does not wait for them
    with pytest.raises(RuntimeError):
        pool.submit(int)  # shut down
