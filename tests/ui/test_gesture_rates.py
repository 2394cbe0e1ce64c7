"""The same hand motion gives the same flick at 20, 60 and 144 frames a second and at every
zoom: pointer events carry their own times (not the frame's), a frame's batch stamped at
once is spread back over the frame, and the swipe is measured on the screen with the fixed
gain `SWIPE_GAIN`. Synthetic event streams, no real mouse."""

from __future__ import annotations

import math
import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from flick.game.game import Game
from flick.game.inputs import ChooseSurvivor, Input, Move
from flick.scenario import load
from flick.ui.app import PlayApp, Settings
from flick.ui.gesture import SWIPE_GAIN, SWIPE_WINDOW_S

MOUSE_HZ = 500  # a gaming mouse reports this often; the window's frames are far fewer
ACCEL = (9000.0, -6000.0)  # px/s^2 on the screen: the hand speeds up until it lets go
HOLD_S = 0.04  # pressed still, then
SWIPE_S = 0.12  # accelerating for this long, released while moving


def hand(start: tuple[float, float]) -> list[tuple[float, pygame.event.Event]]:
    """The events of one swipe from `start` (px), each with its own time (s)."""
    out = [(0.0, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))]
    n = round((HOLD_S + SWIPE_S) * MOUSE_HZ)
    pos = start
    for k in range(1, n + 1):
        t = k / MOUSE_HZ
        u = max(0.0, t - HOLD_S)
        pos = (round(start[0] + ACCEL[0] * u * u / 2), round(start[1] + ACCEL[1] * u * u / 2))
        out.append((t, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                          buttons=(1, 0, 0))))
    out.append((n / MOUSE_HZ, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)))
    return out


@pytest.fixture(scope="module")
def window() -> Iterator[PlayApp]:
    """Mike of scenario 2 about to move; the input a flick makes is caught, not applied."""
    game = Game(load(2), 1)
    game.apply(ChooseSurvivor("Mike Cho"))
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 800))
    app = PlayApp(game, Settings(frames=1))
    app.key("m")
    app.sent: list[Input] = []  # type: ignore[misc]
    app.apply = lambda inp: app.sent.append(inp) or True  # type: ignore[attr-defined]
    yield app
    pygame.quit()


def flick_at(app: PlayApp, fps: int, zoom: int, frame_stamps: bool = False) -> Move:
    """Play the hand's events into the window in batches, one batch a frame at `fps`."""
    app.cam = app.cameras.fit()
    spot = app.spot()
    assert spot is not None
    app.cameras.zoom(tuple(round(v) for v in app.cam.px(*spot.centre)), zoom)
    sent: list[Input] = app.sent  # type: ignore[attr-defined]
    sent.clear()
    start = tuple(round(v) for v in app.cam.px(*spot.centre))
    events = hand(start)  # type: ignore[arg-type]
    frame, t_frame = 0, 0.0
    while events:
        frame += 1
        t_frame = frame / fps
        while events and events[0][0] <= t_frame:
            t, ev = events.pop(0)
            app.handle_event(ev, t_frame if frame_stamps else t)
        app.advance(1.0 / fps)
    assert len(sent) == 1 and isinstance(sent[0], Move)
    return sent[0]


def test_the_same_swipe_gives_the_same_impulse_at_every_frame_rate_and_zoom(
        window: PlayApp) -> None:
    impulses = {(fps, zoom): flick_at(window, fps, zoom).flick.impulse
                for fps in (20, 60, 144) for zoom in (-3, 0, 4)}
    ref = impulses[(60, 0)]
    speed = math.hypot(*ref)
    for key, imp in impulses.items():
        assert math.hypot(*imp) == pytest.approx(speed, rel=0.05), key
        angle = math.atan2(imp[1], imp[0]) - math.atan2(ref[1], ref[0])
        assert abs(angle) < 0.03, key
    # the gain as documented: the speeding-up pointer's screen speed half the fitted stretch
    # before the release, times SWIPE_GAIN, times the disc's mass (north is up: the screen's -y)
    mass = float(window.game.board.params.pieces["movement_disc"].mass)
    v = math.hypot(*ACCEL) * (SWIPE_S - SWIPE_WINDOW_S / 2)
    assert speed == pytest.approx(mass * min(700.0, v * SWIPE_GAIN), rel=0.05)
    assert ref[0] > 0 and ref[1] > 0  # right and up on screen: east and north


def test_events_stamped_when_a_frame_takes_them_give_the_same_flick(window: PlayApp) -> None:
    # a busy window takes a frame's events at once, all at the frame's time: the batch is
    # spread back over the frame (from 30 frames a second; at 20 the release's half-empty
    # last batch reads about 14 % fast)
    own = math.hypot(*flick_at(window, 60, 0).flick.impulse)
    for fps in (30, 60, 144):
        stamped = math.hypot(*flick_at(window, fps, 0, frame_stamps=True).flick.impulse)
        assert stamped == pytest.approx(own, rel=0.05), fps
