"""No spoilers: while a shot plays the panel, the log, the labels and the pass screen stay as
they were; they change when the animation has shown what happened."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from flick.game.game import Game
from flick.game.inputs import Flick, Move
from flick.scenario import load
from flick.ui.app import PlayApp, Settings
from flick.ui.motion import FRAME_S

pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


def panel_pixels(app: PlayApp) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.screen.subsurface(app.panel.rect), "RGB")


def test_the_panel_changes_only_when_the_animation_is_over() -> None:
    game = Game(load(2), 1)
    app = PlayApp(game, Settings(frames=1))
    app.command("choose:Mike Cho")
    before = panel_pixels(app)
    log_before = list(app.log_lines())
    mike = game.survivors["Mike Cho"]
    old = app.table_model().decor[mike.piece]  # type: ignore[index]
    drawn: list[dict] = []
    draw_pieces = app.view.draw_pieces

    def spy(surface, cam, pieces, decor, highlight=(), **kw):  # type: ignore[no-untyped-def]
        drawn.append(dict(decor))
        draw_pieces(surface, cam, pieces, decor, highlight, **kw)

    app.view.draw_pieces = spy  # type: ignore[method-assign]
    # a hard move south: the engine knows the result at once, the table shows it moving
    assert app.apply(Move(Flick((0.0, -2400.0), (0.0, 0.0)), -1.5708))
    assert app.busy() and game.actions_done == 1
    frames = 0
    while app.busy():
        assert panel_pixels(app) == before, f"the panel changed at frame {frames}"
        assert app.log_lines() == log_before
        assert app.buttons == []  # nothing to press while it plays
        if frames == 1:  # a life lost in the shot: the table's label keeps the old count
            game.survivors["Mike Cho"].life -= 1
            app.refresh()
            assert app.table_model().decor[mike.piece].life == old.life - 1  # type: ignore[index]
            assert panel_pixels(app) == before
            assert drawn[-1][mike.piece].life == old.life  # type: ignore[index]
        app.advance(FRAME_S)
        frames += 1
    assert frames > 5
    after = panel_pixels(app)
    assert after != before and len(app.log_lines()) > len(log_before)
    assert app.buttons


def test_the_camera_follows_a_shot_that_leaves_the_view_and_comes_back() -> None:
    game = Game(load(2), 1)
    app = PlayApp(game, Settings(frames=1))
    app.command("choose:Mike Cho")
    mike = game.board.pos(game.survivors["Mike Cho"].piece)
    app.cameras.zoom(tuple(round(v) for v in app.cam.px(*mike)), 9)  # close in on Mike
    mine = app.cam
    assert app.apply(Move(Flick((0.0, -2400.0), (0.0, 0.0)), -1.5708))
    left_view = followed = 0
    while app.busy():
        app.draw()
        clip = app.clips[0]
        k = int(app.clip_time / FRAME_S)
        moved = {pid for f in clip.frames[:k + 1] for pid in f}  # by the shot, so far
        for p in clip.poses_at(k).values():
            if p.id in moved and not app.area.collidepoint(mine.px(p.x, p.y)):
                left_view += 1
                shown = app.memory.shown_cam
                assert shown is not None and app.area.collidepoint(shown.px(p.x, p.y))
                followed += shown != mine
        app.advance(FRAME_S)
    assert left_view > 0 and followed == left_view
    app.draw()
    assert app.cam == mine and app.memory.shown_cam == mine  # back to the player's own view
