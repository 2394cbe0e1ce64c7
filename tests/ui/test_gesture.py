"""The flick gesture (swipe, slingshot, spin, hand noise), scripts and the motion recorder:
no window needed."""

from __future__ import annotations

import math

import numpy as np
import pytest

from flick.errors import DataFileError
from flick.game.bots.aim import launch_speed
from flick.physics import PhysicsParams
from flick.ui.gesture import MAX_SPEED, SLING_GAIN, Gesture, apply_hand
from flick.ui.script import parse

PARAMS = PhysicsParams.default()
DISC_MASS = float(PARAMS.pieces["movement_disc"].mass)


def _swipe(points: list[tuple[float, float, float]], style: str = "swipe",
           press: tuple[float, float] = (10.0, 10.0)) -> Gesture:
    g = Gesture("movement_disc", (10.0, 10.0), press, 0.0, style, PARAMS, reach=2.0)
    for t, x, y in points:
        g.move(t, (x, y))
    return g


def test_swipe_sets_the_impulse_from_the_last_tens_of_milliseconds() -> None:
    # slow drift first, then a fast flick north-east at (100, 100) cm/s for the last 60 ms
    pts = [(0.1 * k, 10.0 + 0.1 * k, 10.0) for k in range(1, 6)]
    t0, x0, y0 = pts[-1]
    pts += [(t0 + 0.01 * k, x0 + 1.0 * k, y0 + 1.0 * k) for k in range(1, 7)]
    g = _swipe(pts[:-1])
    t, x, y = pts[-1]
    flick = g.release(t, (x, y))
    assert flick is not None
    ix, iy = flick.impulse
    assert math.isclose(ix, DISC_MASS * 100.0, rel_tol=1e-6)
    assert math.isclose(iy, DISC_MASS * 100.0, rel_tol=1e-6)
    assert flick.offset == (0.0, 0.0)


def test_swipe_too_gentle_is_no_flick_and_speed_is_capped() -> None:
    g = _swipe([(0.1, 10.0, 10.01)])
    assert g.release(0.2, (10.0, 10.02)) is None
    fast = _swipe([(0.01, 30.0, 10.0)])
    flick = fast.release(0.02, (50.0, 10.0))
    assert flick is not None
    assert math.isclose(math.hypot(*flick.impulse), DISC_MASS * MAX_SPEED)


def test_slingshot_drag_back_aims_forward_and_distance_sets_power() -> None:
    g = _swipe([(0.3, 10.0, 5.0)], style="slingshot")  # dragged 5 cm south
    flick = g.release(1.0, (10.0, 5.0))
    assert flick is not None
    ix, iy = flick.impulse
    assert abs(ix) < 1e-9 and iy > 0  # aimed north, away from the drag
    want = DISC_MASS * launch_speed(PARAMS, "movement_disc", SLING_GAIN * 5.0)
    assert math.isclose(iy, want, rel_tol=1e-9)
    longer = _swipe([(0.3, 10.0, 0.0)], style="slingshot").release(1.0, (10.0, 0.0))
    assert longer is not None and longer.impulse[1] > iy


def test_off_centre_press_gives_an_offset_within_the_piece() -> None:
    g = _swipe([(0.01, 11.0, 12.0)], press=(11.0, 10.0))  # pressed 1 cm east of centre
    flick = g.release(0.02, (12.0, 14.0))
    assert flick is not None
    assert flick.offset == (1.0, 0.0)
    far = _swipe([(0.01, 20.0, 12.0)], press=(15.0, 10.0))
    assert math.isclose(math.hypot(*far.offset), 2.0)  # clamped to the reach


def test_hand_noise_is_seeded_and_none_is_exact() -> None:
    assert apply_hand(0.5, 100.0, "none", None) == (0.5, 100.0)
    a = apply_hand(0.5, 100.0, "shaky", np.random.default_rng(3))
    b = apply_hand(0.5, 100.0, "shaky", np.random.default_rng(3))
    assert a == b and a != (0.5, 100.0)
    with pytest.raises(ValueError, match="unknown hand noise"):
        apply_hand(0.5, 100.0, "drunk", np.random.default_rng(0))


def test_script_errors_name_the_event() -> None:
    events = parse([{"t": 0, "type": "key", "key": "m"},
                    {"t": 0.5, "type": "down", "cm": [1, 2]}])
    assert events[1].cm == (1.0, 2.0)
    with pytest.raises(DataFileError, match=r"turn\.json: event 2: type"):
        parse([{"t": 0, "type": "key", "key": "m"}, {"t": 1, "type": "jump"}], "turn.json")
    with pytest.raises(DataFileError, match="event 2: t must"):
        parse([{"t": 1, "type": "key", "key": "m"}, {"t": 0.5, "type": "key", "key": "g"}])
    with pytest.raises(DataFileError, match="needs `pos`, `cm` or `at`"):
        parse([{"t": 0, "type": "down"}])
    with pytest.raises(DataFileError, match="must be \\[x, y\\]"):
        parse([{"t": 0, "type": "up", "cm": [1, "a"]}])


def test_motion_recorder_only_reads() -> None:
    from flick.game import Game, HeuristicBot
    from flick.scenario import load
    from flick.ui.motion import MotionRecorder

    scenario = load(2)
    hashes = []
    clips = []
    for attach in (False, True):
        game = Game(scenario, seed=5)
        bot = HeuristicBot(5)
        motion = MotionRecorder()
        if attach:
            motion.attach(game.board.table)
        for _ in range(12):
            if game.over:
                break
            game.apply(bot.decide(game))
        hashes.append(game.board.table.state_hash())
        clips = motion.take()
    assert hashes[0] == hashes[1]
    assert clips and any(c.frames for c in clips)
    moving = next(c for c in clips if c.frames)
    # the last frame holds where the moving pieces came to rest on the table
    last = moving.poses_at(len(moving.frames) - 1)
    assert set(moving.start) <= set(last) | {p for ids in moving.gone.values() for p in ids}


def test_motion_recorder_hooks_every_new_table_even_at_a_reused_address() -> None:
    # A fight's staging table goes when the fight ends; the next one is often given the
    # same id(). Keyed by id(), such a table was taken as already hooked and never recorded.
    import gc

    from flick.physics import Table
    from flick.ui.motion import MotionRecorder

    params = PhysicsParams.default()
    motion = MotionRecorder()
    for _ in range(12):
        table = Table(params)
        motion.attach(table, "fight")
        table.simulate()  # a run with nothing launched: one clip, at once
        (clip,) = motion.take()
        assert clip.table == "fight"
        del table, clip
        gc.collect(1)  # the young generations hold it (a full collection is slow here)
    table = Table(params)
    motion.attach(table, "fight")
    disc = table.add("movement_disc", x=45.0, y=10.0)
    table.flick(disc, impulse=(0.0, 600.0))
    (clip,) = motion.take()
    assert disc in clip.start and clip.frames


def test_zooming_keeps_the_point_under_the_mouse_and_stays_in_bounds() -> None:
    from flick.ui.render import SCALES, ZOOM_STEP, Camera

    cam = Camera(6.0, (100.0, 700.0))
    at = (412.0, 233.0)
    closer = cam.zoomed(at, 2)
    assert closer.scale == pytest.approx(6.0 * ZOOM_STEP**2)
    assert closer.to_cm(*at) == pytest.approx(cam.to_cm(*at))
    assert cam.zoomed(at, 100).scale == SCALES[1] and cam.zoomed(at, -100).scale == SCALES[0]
    assert cam.zoomed(at, -100).to_cm(*at) == pytest.approx(cam.to_cm(*at))
