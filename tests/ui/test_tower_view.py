"""The tower on screen: a rush first shows the drop through the tower, from the tower world's
own frames, in a side-view inset; the rushed zombies reach the table after it."""

from __future__ import annotations

import math
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from flick.game.game import Game
from flick.game.inputs import ChooseSurvivor
from flick.physics.tower.drop import drop
from flick.physics.tower.rush import RushResult
from flick.scenario import load
from flick.ui.app import PlayApp, Settings
from flick.ui.camera import fit_box
from flick.ui.motion import FRAME_S
from flick.ui.scene import drop_inset

pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


def test_a_rush_plays_the_tower_drop_in_an_inset_then_the_zombies_leave_the_exit() -> None:
    game = Game(load(2), 1)
    app = PlayApp(game, Settings(frames=1))
    game.apply(ChooseSurvivor("Rosa Rodriguez"))
    app.refresh()
    zombies_before = set(game.board.zombies())
    app.motion.take()
    results: list[RushResult] = []
    rush = game.board.rush

    def recorded_rush(*args):  # type: ignore[no-untyped-def]
        results.append(rush(*args))
        return results[-1]

    game.board.rush = recorded_rush  # type: ignore[method-assign]
    # set-up by hand: a LOUD turn, so ending it rushes zombies from the tower
    from flick.game.state import Noise

    game.noise = Noise.LOUD
    assert app.apply(game_end_turn())
    _zombies_leave_the_exit_one_by_one(app, results)
    # zoomed in away from the tower: the camera widens to show it (they are seen leaving it)
    city = next(c for c in app.clips if c.table == "city")
    assert city.tower is not None
    tower_at = (sum(x for x, _ in city.tower) / 4, sum(y for _, y in city.tower) / 4)
    rx, ry = game.board.pos(game.survivors["Rosa Rodriguez"].piece)
    app.cam = fit_box(rx - 5, ry - 5, rx + 5, ry + 5, app.area)
    assert not app.area.collidepoint(app.cam.px(*tower_at))
    kinds = [c.table for c in app.clips]
    assert "tower" in kinds and kinds.index("tower") < kinds.index("city")
    tower = app.clips[0]
    assert tower.table == "tower" and tower.side and len(tower.side) == len(tower.frames) > 5
    zombie_shapes = [sum(z for _, z in frame) for frame in tower.side]
    assert zombie_shapes[0] >= 2  # base and torso of at least one zombie on the roof
    # the same drop unrecorded: the hook only reads (the tower's exits are unchanged)
    box = drop_inset(app.table_model())
    app.draw()
    shown = app.memory.shown_cam
    assert shown is not None and app.area.collidepoint(shown.px(*tower_at))
    inset = pygame.surfarray.array3d(app.screen.subsurface(box)).copy()
    assert (inset == (16, 18, 24)).all(axis=2).mean() > 0.3  # the inset's dark panel
    assert ((inset == (70, 150, 60)).all(axis=2)).any()  # a zombie in it
    new = set(game.board.zombies()) - zombies_before
    shown = {p.id for p in app.clips[1].start.values()} if len(app.clips) > 1 else set()
    assert new <= shown | set(game.board.zombies())
    while app.clips and app.clips[0].table == "tower":
        app.advance(FRAME_S)
    # the rest of the drop goes on in the inset while its zombies leave the exit
    rest = len(app.clips[0].side or [])
    assert app.clips[0].table == "city" and rest > 0
    app.draw()
    during = pygame.surfarray.array3d(app.screen.subsurface(box))
    assert (during == (16, 18, 24)).all(axis=2).mean() > 0.3
    for _ in range(rest + 1):  # (one frame more: the clock adds up floats)
        app.advance(FRAME_S)
    app.draw()
    after = pygame.surfarray.array3d(app.screen.subsurface(box))
    assert not ((after == (16, 18, 24)).all(axis=2).mean() > 0.3)  # the inset is gone


def _zombies_leave_the_exit_one_by_one(app: PlayApp, results: list[RushResult]) -> None:
    """The rush's table clip starts as the first zombie leaves the tower: the others are not
    on the table yet; each appears at the exit at its own frame, in the order they left."""
    (result,) = results
    assert len(result.rushed) == 3
    city = next(c for c in app.clips if c.table == "city")
    assert city.tower is not None
    cx = sum(x for x, _ in city.tower) / 4
    cy = sum(y for _, y in city.tower) / 4
    frames = [city.enter[z] for z in result.rushed]
    assert frames[0] == 0 and frames == sorted(frames) and len(set(frames)) == 3
    on_table = set(city.poses_at(0))
    assert result.rushed[0] in on_table and not set(result.rushed[1:]) & on_table
    for z, k in zip(result.rushed, frames, strict=True):
        assert k == 0 or z not in city.poses_at(k - 1)
        p = city.poses_at(k)[z]
        # at the exit: half the tower's depth, the hand-off and one frame's slide
        assert math.dist((p.x, p.y), (cx, cy)) < 13.0
    end = city.poses_at(len(city.frames) - 1)
    assert all(math.dist((end[z].x, end[z].y), (cx, cy)) > 13.0 for z in result.rushed)


def test_recording_the_drop_changes_nothing() -> None:
    from flick.physics.params import load_tower_params

    tp = load_tower_params()
    plain = drop(3, tp, 7)
    game = Game(load(2), 1)
    app = PlayApp(game, Settings(frames=1))
    with app.motion.drops():
        recorded = drop(3, tp, 7)
    assert drop(3, tp, 7) == plain and len(app.motion.clips) == 1  # outside: not recorded
    assert recorded == plain  # the same exits, recorded or not
    clips = app.motion.take()
    assert [c.table for c in clips] == ["tower"] and clips[0].side


def game_end_turn():  # type: ignore[no-untyped-def]
    from flick.game.inputs import EndTurn

    return EndTurn(None)
