"""`flick measure` on clips as a person's own phone makes them: each nuisance alone (tilt,
table, frame rate, compression, a variable frame rate), then all of them at once, each clip a
few slides of a hidden table; the friction fitted from the measured shots within 3 %.

The clips come from `flick.measure.render` through `flick.measure.phone` (the table's
surface, a camera leaning by degrees, vignetting, flicker, the hand's shadow, noise, JPEG, a
low-bitrate mp4 written with each frame's own timestamp, dropped and repeated frames).
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("cv2")
pytest.importorskip("av")

from flick.measure import output, pipeline, render, video
from flick.measure.colours import parse_colour
from flick.measure.phone import Phone
from flick.physics import PhysicsParams
from flick.tuning import calibrate, measurements, model

SHOTS = 3
SEED = 6
# name: (fps, the phone, the least shots of SHOTS measured sure). Nuisances share clips so the
# suite stays short; `flick.measure.phone` renders each alone as well (the figures per
# nuisance over three seeds are in the project's notes of this work).
CLIPS: dict[str, tuple[float, Phone, int]] = {
    "tilt 10 degrees": (60.0, Phone(tilt=10.0), SHOTS),
    "white table": (60.0, Phone(surface="white", tilt=5.0), SHOTS),
    "light wood table": (60.0, Phone(surface="light_wood", tilt=6.0, vignette=0.2), SHOTS),
    "dark wood table at 30 fps": (30.0, Phone(surface="dark_wood", tilt=3.0), SHOTS),
    "240 fps": (240.0, Phone(tilt=3.0, bitrate=1_600_000), SHOTS),
    "JPEG then a low-bitrate mp4": (60.0, Phone(jpeg=40, bitrate=150_000), SHOTS - 1),
    "variable frame rate": (60.0, Phone(jitter=0.2, drops=0.05, repeats=0.05), SHOTS - 1),
    "held by hand under room light": (60.0, Phone(
        surface="light_wood", tilt=8.0, vignette=0.3, flicker=0.08, shadow=True, noise=9.0,
        jpeg=50, bitrate=250_000, jitter=0.1, drops=0.03, repeats=0.03), SHOTS),
}


def _measure(directory: Path, fps: float, phone: Phone) -> tuple[float, float, int]:
    """(true friction, fitted friction, shots measured sure) of one rendered clip."""
    params = PhysicsParams.default()
    truth, clips = render.render_tests(directory, params, SEED, (("slide", fps, SHOTS),),
                                       phone=phone)
    options = pipeline.Options("slide", "movement_disc", None, parse_colour("blue"), None,
                               parse_colour("magenta"), render.MARKS)
    result = pipeline.measure(video.open_video(clips[0].path), options, params)
    text = output.csv_text(result.shots, clips[0].path.name)
    sure = sum(1 for m in result.shots if m.sure)
    if not sure:
        return truth["mu_movement_disc"], math.nan, 0
    data = measurements.parse(text, clips[0].path.name, model.kinds(params))
    fit = calibrate.tune(measurements.Measurements("clip", tuple(data.shots)), params, None, None)
    return truth["mu_movement_disc"], fit.fitted["mu_movement_disc"], sure


@pytest.mark.parametrize("name", list(CLIPS))
def test_a_phone_clip_gives_the_friction_within_3_percent(name: str, tmp_path: Path) -> None:
    fps, phone, least = CLIPS[name]
    true, fitted, sure = _measure(tmp_path, fps, phone)
    assert sure >= least, f"{name}: {sure} of {SHOTS} shots measured"
    assert fitted == pytest.approx(true, rel=0.03), name


def test_a_variable_frame_rate_clip_is_timed_by_its_own_stamps(tmp_path: Path) -> None:
    params = PhysicsParams.default()
    _truth, clips = render.render_tests(tmp_path, params, SEED, (("slide", 60.0, 1),),
                                        phone=Phone(jitter=0.3, drops=0.1))
    info = video.open_video(clips[0].path)
    stamps = [ms for _i, ms, _frame in video.stamped(info)]
    times = video.times(stamps, info)
    steps = np.diff(times)
    assert steps.min() < 0.9 / 60.0 and steps.max() > 1.9 / 60.0  # early, late and dropped
    assert times[-1] == pytest.approx(clips[0].script.duration, abs=2.5 / 60.0)
    assert times[-1] - (len(times) - 1) / 60.0 > 0.05  # counting frames at 60 fps loses time


def test_marks_not_found_are_told_with_what_was_seen(tmp_path: Path) -> None:
    import cv2

    from flick.errors import FlickError
    from flick.measure import scale

    frame = np.full((240, 320, 3), 180, np.uint8)
    for x, y in ((20, 20), (300, 22)):  # two of the four marks
        cv2.circle(frame, (x, y), 4, (200, 40, 200), -1)
    with pytest.raises(FlickError) as error:
        scale.from_background(frame, [frame], parse_colour("magenta"), (80.0, 60.0))
    text = str(error.value)
    assert "2 magenta spot(s) seen" in text and "(20, 20)" in text and "(300, 22)" in text


def test_a_sheet_shows_the_frame_where_the_piece_was_hidden(tmp_path: Path) -> None:
    from flick.measure import scale, sheet
    from flick.measure.shots import Measured

    _truth, clips = render.render_tests(tmp_path, PhysicsParams.default(), SEED,
                                        (("slide", 30.0, 1),), phone=Phone())
    frames = video.grab(video.open_video(clips[0].path), [0, 9])
    found = scale.from_background(frames[0], [], parse_colour("magenta"), render.MARKS)
    shot = Measured(1, 0, 20, "slide", reasons=["a hand or another piece over it"],
                    hidden=[(30.0, 30.0)], problem=9)
    alone = sheet.draw(frames[0], Measured(1, 0, 20, "slide"), found, "shot 1")
    told = sheet.draw(frames[0], shot, found, "shot 1", frames[9])
    assert told.shape[1] == 2 * alone.shape[1]  # the frame of the problem beside the start
    red = (told[..., 2] > 200) & (told[..., 0] < 40) & (told[..., 1] < 40)
    width = alone.shape[1]
    assert red[:, width:].sum() > 50 and red[:, :width].sum() > 5  # its circle, the cross


def _down_the_picture(params: PhysicsParams, rng: np.random.Generator,
                      shots: int) -> list[render.ShotPlan]:
    """Slides of 15-35 cm down the picture (toward the rows a rolling shutter reads last)."""
    from flick.tuning import model as tuning_model

    mu = tuning_model.value(params, "mu_movement_disc")
    plans = []
    for _ in range(shots):
        v = math.sqrt(2.0 * mu * params.gravity * float(rng.uniform(15.0, 35.0)))
        heading = -math.pi / 2 + float(rng.uniform(-0.15, 0.15))
        plans.append(render.ShotPlan((render.Piece(
            "movement_disc", float(rng.uniform(15.0, 65.0)), 48.0, render.STRIKER_COLOUR,
            dot=True),), (v * math.cos(heading), v * math.sin(heading))))
    return plans


def test_a_rolling_shutter_is_corrected_by_where_the_piece_is(tmp_path: Path) -> None:
    """A phone that reads its rows over a whole frame's interval (60 fps), slides down the
    picture: each frame shows the piece later the lower it is, and the friction fitted from
    the frames' times alone was 3.6 % off (3.4-5.6 % on three seeds; slides up the picture
    -2.6 to -3.2 %). Timed by the piece's row (`--rolling 1`): within 3 % (0.05 %)."""
    params = PhysicsParams.default()
    rng = np.random.default_rng(SEED)
    truth = render.hidden_table(params, rng)
    hidden = model.apply(params, truth)
    path = tmp_path / "rolling.mp4"
    render.render_video(path, hidden, render.Script(_down_the_picture(hidden, rng, SHOTS)),
                        render.Camera(fps=60.0), rng, Phone(rolling=1.0))
    errors = []
    for rolling in (0.0, 1.0):
        options = pipeline.Options("slide", "movement_disc", None, parse_colour("blue"), None,
                                   parse_colour("magenta"), render.MARKS, rolling=rolling)
        result = pipeline.measure(video.open_video(path), options, params)
        assert sum(1 for m in result.shots if m.sure) == SHOTS
        data = measurements.parse(output.csv_text(result.shots, path.name), path.name,
                                  model.kinds(params))
        fit = calibrate.tune(measurements.Measurements("clip", tuple(data.shots)), params,
                             None, None)
        errors.append(fit.fitted["mu_movement_disc"] / truth["mu_movement_disc"] - 1)
    uncorrected, corrected = errors
    assert abs(corrected) < 0.03
    assert abs(uncorrected) > abs(corrected) + 0.02  # the clip does lean on the correction
