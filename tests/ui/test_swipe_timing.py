"""The swipe read from the pointer's events as a busy window receives them: a batch stamped
all at once reads as the same events spread over their real times, a release shortly after
the last move keeps the speed, holding still lowers the meter and a hold of `HOLD_S` before
the release is no flick; the "release now" preview is the slide that release gives.
Synthetic event streams, no window."""

from __future__ import annotations

import math

import pytest

from flick.game.bots.aim import launch_speed
from flick.physics import PhysicsParams
from flick.ui.gesture import SWIPE_GAIN, Gesture

PARAMS = PhysicsParams.default()
MASS = float(PARAMS.pieces["movement_disc"].mass)
STEP_PX, STEP_S = 12.0, 0.010  # the xdotool test swipe: 12 px every 10 ms, to the east
START_PX = (300.0, 400.0)
PX_PER_CM = 10.0
TRUE_SPEED = STEP_PX / STEP_S * SWIPE_GAIN  # cm/s of launch
HOLD_S = 0.08  # s: a pointer held still this long before the release gives no flick


def events(steps: int = 15, t_press: float = 1.0,
           rest_s: float = 0.05) -> list[tuple[float, tuple[float, float]]]:
    """(real time s, screen px) of the swipe's motion events after a press at `t_press`."""
    t0 = t_press + rest_s
    return [(t0 + k * STEP_S, (START_PX[0] + (k + 1) * STEP_PX, START_PX[1]))
            for k in range(steps)]


def cm(px: tuple[float, float]) -> tuple[float, float]:
    return (px[0] / PX_PER_CM, -px[1] / PX_PER_CM)


def gesture(t_press: float = 1.0) -> Gesture:
    return Gesture("movement_disc", cm(START_PX), cm(START_PX), t_press, "swipe", PARAMS,
                   reach=2.0, screen=START_PX)


def release(g: Gesture, t: float, px: tuple[float, float]) -> float:
    """The launch speed (cm/s) of a release at `t`, 0 for no flick."""
    flick = g.release(t, cm(px), screen=px)
    return 0.0 if flick is None else math.hypot(*flick.impulse) / MASS


def received(stream: list[tuple[float, tuple[float, float]]],
             dequeues: list[float]) -> list[tuple[float, tuple[float, float]]]:
    """The stream as a window busy between `dequeues` (s) stamps it: each event with the time
    of the first dequeue at or after it, the events of one dequeue 2 us apart."""
    out, k = [], 0
    for at in dequeues:
        n = 0
        while k < len(stream) and stream[k][0] <= at + 1e-12:
            out.append((at + 2e-6 * n, stream[k][1]))
            k, n = k + 1, n + 1
    assert k == len(stream)
    return out


def test_a_batched_swipe_reads_as_the_same_swipe_spread_over_its_real_times() -> None:
    stream = events()
    last_t, last_px = stream[-1]
    # each event at its own time, released 10 ms after the last move (as xdotool does)
    g = gesture()
    for t, px in stream:
        g.move(t, cm(px), px)
    spread = release(g, last_t + STEP_S, last_px)
    assert spread == pytest.approx(TRUE_SPEED, rel=0.02)
    # a busy window: it took the events in batches 20-40 ms apart, and the release with the
    # last batch (stamped when dequeued, 2 us apart)
    dequeues = [1.085, 1.105, 1.145, 1.17, 1.2]
    g = gesture()
    for t, px in received(stream, dequeues):
        g.move(t, cm(px), px)
    batched = release(g, 1.2 + 3e-5, last_px)
    assert batched == pytest.approx(spread, rel=0.05)


def test_a_release_soon_after_the_last_move_keeps_the_speed_and_a_hold_reads_zero() -> None:
    stream = events()
    last_t, last_px = stream[-1]
    speeds = {}
    for wait in (0.0, 0.02, 0.05, HOLD_S, 0.2):
        g = gesture()
        for t, px in stream:
            g.move(t, cm(px), px)
        speeds[wait] = release(g, last_t + wait, last_px)
        if wait >= HOLD_S:
            assert "held still" in g.refused
    assert speeds[0.0] == pytest.approx(TRUE_SPEED, rel=0.02)
    assert speeds[0.02] == speeds[0.0]  # the gap between two reports is not a hold
    assert 0.0 < speeds[0.05] < speeds[0.02]
    assert speeds[HOLD_S] == 0.0 and speeds[0.2] == 0.0
    # the same when the pointer keeps reporting the same place while held
    g = gesture()
    for t, px in stream:
        g.move(t, cm(px), px)
    for k in range(1, 9):
        g.move(last_t + 0.01 * k, cm(last_px), last_px)
    assert release(g, last_t + 0.09, last_px) == 0.0


def test_the_meter_falls_while_the_pointer_is_held_still() -> None:
    stream = events()
    last_t, _ = stream[-1]
    g = gesture()
    for t, px in stream:
        g.move(t, cm(px), px)
    meter = [g.power(last_t + dt) for dt in (0.0, 0.025, 0.05, 0.07, HOLD_S, 0.5)]
    assert meter[0] > 0.1
    assert meter[0] == meter[1] > meter[2] > meter[3] > meter[4] == meter[5] == 0.0
    assert g.power() == meter[0]  # without a time: at the last event


def test_release_now_previews_the_slide_the_release_gives() -> None:
    stream = events()
    last_t, last_px = stream[-1]
    for wait in (0.01, 0.05, 0.1):
        g = gesture()
        for t, px in stream:
            g.move(t, cm(px), px)
        at = last_t + wait
        preview = g.preview_cm(at)
        words = g.preview(at)
        speed = release(g, at, last_px)
        if speed == 0.0:
            assert preview == 0.0 and "held still" in words
        else:
            assert launch_speed(PARAMS, "movement_disc", preview) == pytest.approx(speed)
            assert words == f"release now = {preview:.0f} cm"


def test_a_window_that_stalls_may_take_the_release_late_without_losing_the_flick() -> None:
    stream = events()
    last_t, last_px = stream[-1]
    # the window left the moving pointer's events waiting 60 ms, twice (two reads of one
    # go, 4 ms apart), then took the release 70 ms after the last move
    dequeues = [1.06, 1.12, 1.13, 1.14, 1.15, 1.16, 1.17, 1.18, 1.19]
    got = received(stream, dequeues)
    got = [(t + 0.004 if 1.12 <= t < 1.121 and k >= 5 else t, px)  # the second read
           for k, (t, px) in enumerate(got)]
    g = gesture()
    for t, px in got:
        g.move(t, cm(px), px)
    late = release(g, last_t + 0.07, last_px)
    assert late == pytest.approx(TRUE_SPEED, rel=0.05)
    # told when it last found no event waiting (just after the last move), the window's
    # release counts from then, however late it took it
    g = gesture()
    for t, px in stream:
        g.move(t, cm(px), px)
    assert g.hold_factor(last_t + 0.2, since=last_t + 0.01) == 1.0
    assert g.hold_factor(last_t + 0.2) == 0.0
    flick = g.release(last_t + 0.2, cm(last_px), screen=last_px, since=last_t + 0.01)
    assert flick is not None
    assert math.hypot(*flick.impulse) / MASS == pytest.approx(TRUE_SPEED, rel=0.02)
