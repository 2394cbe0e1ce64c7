"""A shot on screen while the engine still computes it (release to first frame in a few ms).

`Game.apply` runs an input whole: the shot, the rules after it, a tower drop and the rush
that may follow. The window's `MotionRecorder` already notes each 1/60 s frame of every
physics run as the run steps (it wraps the fresh world's `space.step`; it only reads). A
`Stream` is told of each such frame (`MotionRecorder.on_frame`) and draws the table with the
frames computed so far, in the same thread, between two physics steps: the first frame as
soon as it exists, then one whenever a frame is due by the wall clock (`live`), never one
not yet computed. When the input is done the window's own loop goes on from the frame on
screen (`resume`).

Only a shot's own runs are drawn so: once a rush begins (its tower drop, then its table
run), the picture waits for the input to finish, as the rush sets pieces and buildings aside
while it is computed. The shot's frames are there by then, and play on from the one shown.

No spoilers: only the table is drawn (and sent to the screen); the panel keeps its pixels
and the log, labels and pass screen change only when the animation reaches them, as with a
finished clip (`flick.ui.scene`). The picture is the one the window would draw of those
frames; the game is read, never changed: the engine's floats, hashes and replays are the
same with and without a stream.
"""

from __future__ import annotations

from collections.abc import Callable
from time import perf_counter
from types import TracebackType
from typing import TYPE_CHECKING

import pygame

from flick.ui import scene
from flick.ui.motion import FRAME_S, Clip

if TYPE_CHECKING:
    from flick.ui.app import PlayApp


class Stream:
    """Draw the clips of one input as their frames are computed (a context manager around
    `Game.apply`). `live`: pace by `clock` (seconds), else draw only the first frame (a
    virtual clock does not move while the engine computes)."""

    def __init__(self, app: PlayApp, live: bool,
                 clock: Callable[[], float] | None = None) -> None:
        self.app = app
        self.live = live
        self.clock = clock or perf_counter  # the live loop's clock
        self.started: float | None = None  # when the first frame was drawn
        self.shown = 0.0  # the animation time (s) of the last frame drawn
        self.drawn_at: float | None = None  # when it was drawn (clock)
        self.drawn = 0  # frames drawn
        self.heard = False  # the flick's sound played with its first frame
        self.stopped = False  # no more drawing for this input (a rush began, or a fault)
        self._enabled = not app.clips  # an animation still playing is not interrupted

    def __enter__(self) -> Stream:
        if self._enabled:
            self.app.motion.on_frame = self.frame
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self.app.motion.on_frame == self.frame:
            self.app.motion.on_frame = None

    def clips(self) -> list[Clip]:
        """The runs of this input recorded so far (the last one may still grow)."""
        return [c for c in self.app.motion.clips if c.frames]

    def frame(self) -> None:
        """A new frame was recorded: draw if it is the first, or if one is due."""
        app = self.app
        if self.stopped or app.pass_screen or app.help_open:
            return
        if not pygame.display.get_init() or pygame.display.get_surface() is None:
            return
        clips = self.clips()
        if not clips:
            return
        if any(c.table == "tower" or c.tower is not None for c in clips):
            # a rush: it sets aside what stands in the tower's way while it is computed, so
            # the table is not drawn until the input is done (the shot before it plays on)
            self.stopped = True
            return
        now = self.clock()
        if self.started is None:
            self.started, t = now, 0.0
            app.sound.play("flick")
            self.heard = True
        elif not self.live or now < (self.drawn_at or now) + FRAME_S:
            return
        else:
            t = now - self.started
        # never past the last frame computed (the animation waits for the engine)
        t = max(self.shown, min(t, sum(c.duration for c in clips) - FRAME_S / 2))
        skip, within = position(clips, t)
        saved = app.clips, app.clip_time
        app.clips, app.clip_time = clips[skip:], within
        try:
            scene.draw_table(app.table_model(), app.screen)
        except Exception:
            # The game is between two steps of its input here: a state the table's picture
            # cannot be drawn from (a drawing fault shows in the window's own draw after the
            # input, which is not guarded) must not refuse the input: stop showing it early.
            self.stopped = True
            return
        finally:
            app.clips, app.clip_time = saved
        pygame.display.update(app.area)
        self.shown, self.drawn_at = t, self.clock()
        self.drawn += 1

    def resume(self, clips: list[Clip]) -> tuple[list[Clip], float]:
        """The input's clips as the window goes on playing them: those already shown whole
        dropped, and the time within the first."""
        if self.started is None:
            return clips, 0.0
        skip, within = position(clips, self.shown)
        return clips[skip:], within


def position(clips: list[Clip], t: float) -> tuple[int, float]:
    """Where animation time `t` (s from the first clip's start) falls: how many clips have
    played whole, and the time within the next (clamped into the last)."""
    for i, clip in enumerate(clips):
        if t < clip.duration or i == len(clips) - 1:
            return i, min(t, clip.duration)
        t -= clip.duration
    return 0, 0.0
