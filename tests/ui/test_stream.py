"""A shot is on screen while the engine still computes it: the first frame of the moving
piece is drawn (and sent to the screen) before the shot's physics run has finished, the
panel keeps its pixels, and the window's animation goes on from the frame already shown."""

from __future__ import annotations

import math
import os
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from flick.game.game import Game
from flick.game.inputs import Flick, Move
from flick.physics.world import World
from flick.scenario import load
from flick.ui import stream
from flick.ui.app import PlayApp, Settings
from flick.ui.motion import FRAME_S

SOUTH = Move(Flick((0.0, -2400.0), (0.0, 0.0)), -1.5708)  # Mike, hard south (scenario 2)


pytestmark = pytest.mark.usefixtures("display")  # tests/ui/conftest.py


def spied(app: PlayApp, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """What happens, in order: the pieces drawn (where), a rectangle sent to the screen, a
    sound heard, a physics run finished."""
    order: list[tuple[str, Any]] = []
    run = World.run

    def finished(self: World) -> Any:
        result = run(self)
        order.append(("finished", None))
        return result

    draw_pieces = app.view.draw_pieces

    def drawn(surface, cam, pieces, decor, highlight=(), **kw):  # type: ignore[no-untyped-def]
        order.append(("drawn", {p.id: (p.x, p.y) for p in pieces}))
        draw_pieces(surface, cam, pieces, decor, highlight, **kw)

    update = pygame.display.update

    def sent(*args: Any) -> Any:
        order.append(("sent", args))
        return update(*args)

    heard = app.sound.play

    def sound(name: str) -> None:
        order.append(("sound", name))
        heard(name)

    monkeypatch.setattr(World, "run", finished)
    monkeypatch.setattr(app.sound, "play", sound)
    monkeypatch.setattr(app.view, "draw_pieces", drawn)
    monkeypatch.setattr(pygame.display, "update", sent)
    return order


def test_the_first_frame_is_on_screen_before_the_shot_is_computed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(load(2), 1)
    app = PlayApp(game, Settings(frames=1))
    app.command("choose:Mike Cho")
    app.draw()
    panel = pygame.image.tobytes(app.screen.subsurface(app.panel.rect), "RGB")
    order = spied(app, monkeypatch)
    assert app.apply(SOUTH)
    done = order.index(("finished", None))
    clip = app.clips[0]  # the shot: the movement disc slides south from Mike
    disc = next(iter(clip.frames[0]))
    start = clip.start[disc]
    moved = [i for i, (what, at) in enumerate(order)
             if what == "drawn" and disc in at and math.dist(at[disc], (start.x, start.y)) > 0.5]
    assert moved and moved[0] < done, "the moving piece was drawn only after its run ended"
    sent = [i for i, (what, args) in enumerate(order) if what == "sent"]
    assert any(moved[0] < i < done for i in sent), "drawn but not sent to the screen"
    assert order.index(("sound", "flick")) < done  # heard with the first frame, once
    assert app.sound.played == ["flick"]
    # only the table went to the screen: the panel's pixels are the ones before the release
    assert all(args == (app.area,) for what, args in order[:done] if what == "sent")
    assert pygame.image.tobytes(app.screen.subsurface(app.panel.rect), "RGB") == panel
    # a virtual clock draws only the first frame mid-compute; playback starts from it
    assert app.busy() and app.clip_time == 0.0


def test_a_live_window_draws_frames_as_they_come_and_goes_on_from_the_last(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(load(2), 1)
    app = PlayApp(game, Settings(frames=1))
    app.command("choose:Mike Cho")
    app.virtual = False  # a live window, on a clock that runs 1/120 s per reading
    now = [0.0]

    def clock() -> float:
        now[0] += FRAME_S / 2
        return now[0]

    monkeypatch.setattr(stream, "perf_counter", clock)
    shown: list[tuple[int, float, int]] = []  # (clips played, time in the clip, frames there)
    frame = stream.Stream.frame

    def noted(self: stream.Stream) -> None:
        before = self.drawn
        frame(self)
        if self.drawn > before:
            clips = self.clips()
            skip, within = stream.position(clips, self.shown)
            shown.append((skip, within, len(clips[skip].frames)))

    monkeypatch.setattr(stream.Stream, "frame", noted)
    assert app.apply(SOUTH)
    assert len(shown) > 2
    times = [(skip, within) for skip, within, _ in shown]
    assert times == sorted(times) and len(set(times)) == len(times)  # forward, frame by frame
    for _, within, frames in shown:
        assert int(within / FRAME_S) < frames  # never a frame not computed yet
    _, within, _ = shown[-1]
    assert app.clip_time == pytest.approx(within) and app.clip_time > 0.0
    assert app.anim_at is not None  # the live loop times its next frame from that one


def test_position_in_a_run_of_clips() -> None:
    from flick.ui.motion import Clip

    clips = [Clip("city", {}, [{}] * 3), Clip("tower", {}, [{}] * 2)]
    assert stream.position(clips, 0.0) == (0, 0.0)
    assert stream.position(clips, 4 * FRAME_S)[0] == 1
    assert stream.position(clips, 4 * FRAME_S)[1] == pytest.approx(FRAME_S)
    assert stream.position(clips, 99.0) == (1, clips[1].duration)  # clamped into the last


def test_a_rush_is_not_drawn_while_it_is_computed(bot_game: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    done = bot_game(1, 100)  # its 6th input: a shot, then a Zombie Rush (the drop, the table)
    game = Game(load(1), 100, players=dict(done.turn_order.players))
    for inp in done.inputs[:5]:
        game.apply(inp)
    app = PlayApp(game, Settings(frames=1))
    app.virtual = False  # live, on a clock that runs 1/120 s per reading: frames fall due
    now = [0.0]

    def clock() -> float:
        now[0] += FRAME_S / 2
        return now[0]

    monkeypatch.setattr(stream, "perf_counter", clock)
    drawn: list[list[str]] = []
    frame = stream.Stream.frame

    def noted(self: stream.Stream) -> None:
        before = self.drawn
        frame(self)
        if self.drawn > before:
            drawn.append([c.table + ("+tower" if c.tower else "") for c in self.clips()])

    monkeypatch.setattr(stream.Stream, "frame", noted)
    assert app.apply(done.inputs[5])
    kinds = [c.table + ("+tower" if c.tower else "") for c in app.clips]
    assert "tower" in kinds and "city+tower" in kinds  # the rush is in the input's clips
    assert drawn and all(d == ["city"] for d in drawn)  # only the shot, drawn as it came


def test_a_state_that_cannot_be_drawn_mid_input_does_not_refuse_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from flick.physics.errors import TableError

    game = Game(load(2), 1)
    app = PlayApp(game, Settings(frames=1))
    app.command("choose:Mike Cho")
    calls: list[int] = []

    def broken(app: PlayApp, screen: pygame.Surface) -> None:
        calls.append(1)
        raise TableError("no building 1 on the table")  # as a rush's set-aside left it

    monkeypatch.setattr(stream.scene, "draw_table", broken)
    assert app.apply(SOUTH) and app.busy() and game.actions_done == 1
    assert calls == [1]  # tried once, then the input went on undrawn
