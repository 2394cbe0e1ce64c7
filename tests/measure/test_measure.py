"""flick measure: rendered clips measured, then fitted; and the pieces of the measuring."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from flick.errors import FlickError
from flick.measure import shots
from flick.measure.colours import parse_colour
from flick.tuning import measurements

from .conftest import TESTS, run_cli

# The tests of the clips rendered once a session share one worker (the rendering is the cost).
RENDERED = pytest.mark.xdist_group("measure-rendered")


@RENDERED
def test_measure_then_tune_recovers_the_rendered_table(rendered) -> None:
    """The acceptance test: friction within 3 %, restitution (the elasticity) within 5 %, the
    toppling threshold within 10 % of the values the clips were rendered with, and the spin
    lever (not moved: the default) read from the rim dot within 3 % (the slides filmed at
    640x480, `render.SPIN_SIZE`)."""
    code, out, err = run_cli(["tune", *(str(rendered.csv[t]) for t, _, _ in TESTS),
                              "--json", "--workers", "1"])
    assert code == 0, err
    fitted = json.loads(out)["fitted"]
    truth = rendered.truth
    assert truth["mu_movement_disc"] != pytest.approx(0.30, rel=0.02)  # it was moved
    assert fitted["mu_movement_disc"] == pytest.approx(truth["mu_movement_disc"], rel=0.03)
    assert fitted["elasticity_plastic"] == pytest.approx(truth["elasticity_plastic"], rel=0.05)
    assert fitted["topple_zombie"] == pytest.approx(truth["topple_zombie"], rel=0.10)
    from flick.physics import PhysicsParams
    from flick.tuning import model

    lever = model.value(PhysicsParams.default(), "spin_movement_disc")
    assert fitted["spin_movement_disc"] == pytest.approx(lever, rel=0.03)


@RENDERED
def test_every_rendered_shot_is_found_and_rows_match_the_simulation(rendered) -> None:
    for clip in rendered.clips:
        data = measurements.load(rendered.csv[clip.test])
        assert len(data.shots) == len(clip.script.shots), clip.test
        assert f"{len(clip.script.shots)} measured, 0 unsure" in rendered.out[clip.test]
        assert "no unsure shots" in rendered.out[clip.test]
    topple = measurements.load(rendered.csv["topple"]).shots
    topple_clip = next(c for c in rendered.clips if c.test == "topple")
    assert [s.fell for s in topple] == [t.fell[1] for t in topple_clip.script.trajectories]
    assert {s.fell for s in topple} == {True, False}
    slides = measurements.load(rendered.csv["slide"]).shots
    mu_g = rendered.truth["mu_movement_disc"] * 981.0
    for s in slides:
        assert s.launch_speed and s.slide_distance and len(s.track) >= 3
        # A Coulomb slide: v^2 = 2 mu g d, to a few per cent.
        assert s.launch_speed**2 / (2 * s.slide_distance) == pytest.approx(mu_g, rel=0.04)


@RENDERED
def test_a_contact_sheet_per_shot(rendered) -> None:
    import cv2

    from flick.measure import render

    for clip in rendered.clips:
        sheets = sorted((rendered.sheets / clip.test).glob("shot_*.png"))
        assert len(sheets) == len(clip.script.shots)
        image = cv2.imread(str(sheets[0]))
        width, height = render.SPIN_SIZE if clip.test == "slide" else (320, 240)
        # the frame x2 and the values
        assert image.shape[1] == 2 * width and image.shape[0] > 2 * height


@RENDERED
def test_review_lists_unsure_shots_and_the_csv_names_them(rendered, tmp_path) -> None:
    """A clip cut short in the middle of a shot: the last shot never rests: unsure, left out
    of the CSV as a comment, listed by --review."""
    import cv2

    clip = next(c for c in rendered.clips if c.test == "collision")
    cap = cv2.VideoCapture(str(clip.path))
    cut = tmp_path / "cut.avi"
    writer = cv2.VideoWriter(str(cut), cv2.VideoWriter.fourcc(*"MJPG"), clip.fps, (320, 240))
    end = int((clip.script.launches[-1] + 0.2) * clip.fps)
    for _ in range(end):
        ok, frame = cap.read()
        assert ok
        writer.write(frame)
    writer.release()
    out_csv = tmp_path / "cut.csv"
    code, out, err = run_cli(["measure", str(cut), "--test", "collision", "-o", str(out_csv),
                              "--review"])
    assert code == 0, err
    assert f"{len(clip.script.shots) - 1} measured, 1 unsure" in out
    assert f"unsure shot {len(clip.script.shots)}" in out
    text = out_csv.read_text()
    assert "# unsure shot" in text and "rest" in text
    assert len(measurements.parse(text).shots) == len(clip.script.shots) - 1


def test_bad_input_is_one_message(tmp_path) -> None:
    code, _, err = run_cli(["measure", str(tmp_path / "none.mp4"), "--test", "slide"])
    assert code != 0 and "no such file" in err
    code, _, err = run_cli(["measure", str(tmp_path), "--test", "topple", "--target",
                            "movement_disc"])
    assert code == 2 and "cannot fall" in err
    for rolling in ("nan", "-0.5", "3"):
        with pytest.raises(SystemExit) as stop:
            run_cli(["measure", str(tmp_path / "none.mp4"), "--test", "slide", "--rolling",
                     rolling])
        assert stop.value.code == 2
    with pytest.raises(FlickError):
        parse_colour("chartreuse-ish")
    assert parse_colour("#2060c0").hue == parse_colour("blue").hue or abs(
        parse_colour("#2060c0").hue - parse_colour("blue").hue) < 6


def test_stop_fit_recovers_a_coulomb_slide() -> None:
    t = np.arange(0, 0.8, 1 / 60)
    v, a = 120.0, 300.0
    stop = v / a
    s = np.where(t < stop, v * t - 0.5 * a * t * t, v * stop - 0.5 * a * stop * stop)
    s = s + np.random.default_rng(0).normal(0, 0.02, len(t))
    end, dec, t_stop, rms = shots.stop_fit(t, s)
    assert end == pytest.approx(v * v / (2 * a), abs=0.05)
    assert dec * t_stop == pytest.approx(v, rel=0.01)
    assert 0.5 * dec * t_stop**2 == pytest.approx(v * v / (2 * a), rel=0.01)
    assert rms < 0.05


def test_pooled_deceleration_from_short_approaches() -> None:
    rng = np.random.default_rng(1)
    samples = []
    for v in (60.0, 90.0, 140.0):
        t = np.arange(5) / 60
        samples.append((t, 3.0 + v * t - 0.5 * 320.0 * t * t + rng.normal(0, 0.02, 5)))
    assert shots.pooled_deceleration(samples) == pytest.approx(320.0, rel=0.1)


def test_a_piece_put_back_by_hand_is_not_a_shot() -> None:
    """Rest, a jump (carried), rest: no shot; rest, a slide, rest: one shot."""
    n, fps = 120, 60.0
    x = np.full(n, 10.0)
    x[40:] = 30.0  # put back
    t = (np.arange(n) - 80) / fps
    slide = np.clip(t, 0, 0.3)
    x[80:] = 30.0 + 90 * slide[80:] - 150 * slide[80:] ** 2
    track = {"x": x, "y": np.zeros(n), "area": np.full(n, 12.5),
             "elongation": np.ones(n), "dot": np.full(n, math.nan),
             "occluded": np.zeros(n, bool), "blobs": np.ones(n, int)}
    found = shots.split({"piece": shots.PieceFrames.from_track(track)}, fps)
    assert len(found) == 1 and 78 <= found[0][0] <= 82


def _slide_track(turn_deg: np.ndarray) -> dict[str, np.ndarray]:
    """A slide at 60 fps (from frame 30, 0.4 s) whose rim dot is at `turn_deg` a frame."""
    n, fps = 120, 60.0
    t = np.clip((np.arange(n) - 30) / fps, 0, 0.4)
    x = 10.0 + 120 * t - 150 * t ** 2
    return {"x": x, "y": np.full(n, 30.0), "area": np.full(n, 12.5),
            "elongation": np.ones(n), "dot": np.angle(np.exp(1j * np.radians(turn_deg))),
            "occluded": np.zeros(n, bool), "blobs": np.ones(n, int)}


def test_a_rim_dot_followed_frame_by_frame_gives_the_spin() -> None:
    t = np.clip((np.arange(120) - 30) / 60.0, 0, 0.4)
    setup = shots.Setup("slide", "movement_disc", None, 60.0, 1.25)
    track = _slide_track(20.0 * 60 * (t - t * t / 0.8))  # 1,200 deg/s, slowing evenly
    (m,) = shots.measure_all({"piece": shots.PieceFrames.from_track(track)}, setup)
    assert m.sure and m.values["spin_speed"] == pytest.approx(1200.0, rel=0.05)


def test_a_rim_dot_that_jumps_between_frames_gives_no_spin() -> None:
    """A blocky clip's dot jumped more than a third of a turn in a frame: a spin of 14,840
    deg/s was read, and the friction fitted with it was 291 % off. Such a dot gives no spin."""
    turn = np.zeros(120)
    turn[31:] = 110.0
    turn[32:] = 230.0
    turn[33:] = 340.0  # three jumps, then still
    setup = shots.Setup("slide", "movement_disc", None, 60.0, 1.25)
    (m,) = shots.measure_all({"piece": shots.PieceFrames.from_track(_slide_track(turn))},
                             setup)
    assert m.sure and "spin_speed" not in m.values



@RENDERED
def test_two_pieces_of_one_colour_are_told_apart_in_a_collision(rendered, tmp_path) -> None:
    """Striker and target both blue: each tracked by where it was and where its motion takes
    it, the blob they make while touching split between them, the striker of each shot the one
    that moves first. Every shot measured; each piece ends where the simulation put it and the
    target's slide is its own; fitted with the session's slides (the same hidden table), the
    friction within 3 % and the elasticity within 5 %."""
    from flick.measure import output, pipeline, render, video
    from flick.physics import PhysicsParams
    from flick.tuning import calibrate, model

    from .conftest import SEED

    params = PhysicsParams.default()
    truth, (clip,) = render.render_tests(tmp_path, params, SEED, (("collision", 60.0, 3),),
                                         target_colour=render.STRIKER_COLOUR)
    assert truth == rendered.truth
    blue = parse_colour("blue")
    options = pipeline.Options("collision", "movement_disc", "movement_disc", blue, blue,
                               parse_colour("magenta"), render.MARKS)
    result = pipeline.measure(video.open_video(clip.path), options, params)
    assert len(result.shots) == len(clip.script.shots)
    assert all(m.sure for m in result.shots), [m.reasons for m in result.shots]
    for m, plan, traj in zip(result.shots, clip.script.shots, clip.script.trajectories,
                             strict=True):
        (sx, sy, *_), (tx, ty, *_) = traj.poses[-1]
        assert math.dist(m.path["piece"][-1], (sx, sy)) < 0.5
        assert math.dist(m.path["target"][-1], (tx, ty)) < 0.5
        slid = math.dist((tx, ty), (plan.pieces[1].x, plan.pieces[1].y))
        assert m.values["target_distance"] == pytest.approx(slid, rel=0.03)
    text = output.csv_text(result.shots, clip.path.name)
    shots = [*measurements.load(rendered.csv["slide"]).shots,
             *measurements.parse(text, clip.path.name, model.kinds(params)).shots]
    fit = calibrate.tune(measurements.Measurements("clips", tuple(shots)), params, None, None)
    assert fit.fitted["mu_movement_disc"] == pytest.approx(truth["mu_movement_disc"], rel=0.03)
    assert fit.fitted["elasticity_plastic"] == pytest.approx(truth["elasticity_plastic"],
                                                             rel=0.05)


def test_a_figure_of_the_strikers_colour_is_read_standing_or_fallen(tmp_path) -> None:
    """Toppling hits where the striker and the figure are both blue: a striker left resting
    near a figure (their outlines, mended, bridge the gap) is told from it by their own pixels;
    one resting against it is split where they touch (a power diagram: the border runs through
    the contact whatever their sizes) and kept, each part its piece's own size. 6 of 6 shots
    measured (3 with a nearest-centre split and every frame they merged in left out), each
    one's fall as simulated (seeds 0-5: 36 of 36)."""
    from flick.measure import pipeline, render, video
    from flick.physics import PhysicsParams

    from .conftest import SEED

    params = PhysicsParams.default()
    _truth, (clip,) = render.render_tests(tmp_path, params, SEED, (("topple", 60.0, 6),),
                                          target_colour=render.STRIKER_COLOUR)
    blue = parse_colour("blue")
    options = pipeline.Options("topple", "movement_disc", "zombie", blue, blue,
                               parse_colour("magenta"), render.MARKS)
    result = pipeline.measure(video.open_video(clip.path), options, params)
    assert len(result.shots) == len(clip.script.shots)
    sure = [(m, t) for m, t in zip(result.shots, clip.script.trajectories, strict=True)
            if m.sure]
    assert len(sure) == len(clip.script.shots)
    assert all(m.values["fell"] == ("yes" if t.fell[1] else "no") for m, t in sure)
