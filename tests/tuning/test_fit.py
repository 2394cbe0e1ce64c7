"""Tuning: the fits recover known parameters, the outputs load, the command behaves."""

from __future__ import annotations

import json
import math
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from flick.cli import main
from flick.physics import PhysicsParams
from flick.tuning import calibrate, measurements, model, output, synthetic
from flick.tuning.fits import fit_logistic, least_squares
from flick.tuning.sweep import SerialExecutor, make_executor, sweep


@pytest.fixture(scope="module")
def params() -> PhysicsParams:
    return PhysicsParams.default()


# A small protocol keeps the test fast: two kinds slid (one spun), one collided, two toppled
# (each kind has its own toppling scale, drawn apart).
SMALL = synthetic.Protocol(
    slide=("movement_disc", "baseball_bat"),
    spin=("movement_disc",),
    collision=("movement_disc",),
    topple=("zombie", "barrel"),
    shots=16,
    topple_shots=40,
)


@pytest.fixture(scope="module")
def recovered(params):
    rng = np.random.default_rng(11)
    truth = synthetic.true_values(params, SMALL, rng)
    data = synthetic.measure(params, truth, SMALL, rng)
    return truth, data, calibrate.tune(data, params)


def test_synthetic_friction_is_recovered_within_3_percent(recovered) -> None:
    truth, _, result = recovered
    for name in ("mu_movement_disc", "mu_baseball_bat"):
        assert truth[name] != pytest.approx(0.3, rel=0.01) or name == "mu_baseball_bat"
        assert result.fitted[name] == pytest.approx(truth[name], rel=0.03), name
        # The standard error is a real, small uncertainty, and the truth is within 4 of them.
        assert 0 < result.stderr[name] < 0.03 * truth[name]
        assert abs(result.fitted[name] - truth[name]) < 4 * result.stderr[name]
    assert result.fitted["elasticity_plastic"] == pytest.approx(
        truth["elasticity_plastic"], rel=0.03
    )
    assert result.fitted["spin_movement_disc"] == pytest.approx(
        truth["spin_movement_disc"], rel=0.10
    )


def test_synthetic_toppling_threshold_is_recovered_within_10_percent(recovered, params) -> None:
    truth, _, result = recovered
    for kind in SMALL.topple:
        name = f"topple_{kind}"
        assert truth[name] != pytest.approx(model.value(params, name), rel=0.02)
        assert result.fitted[name] == pytest.approx(truth[name], rel=0.10), name
        assert 0 < result.stderr[name] < 0.1
    # The fitted table's zombie falls where the measured shots say it does.
    fit = next(t for t in result.topples if t.target == "zombie")
    vc = model.critical_speed(model.ToppleTask(result.params, "movement_disc", "zombie",
                                               model.value(result.params, "topple_zombie")))
    assert vc == pytest.approx(fit.logistic.v50, rel=0.01)


def test_the_same_seed_gives_the_same_measurements(recovered, params) -> None:
    truth, data, _ = recovered
    rng = np.random.default_rng(11)
    again_truth = synthetic.true_values(params, SMALL, rng)
    again = synthetic.measure(params, again_truth, SMALL, rng)
    assert again_truth == truth
    assert again.shots == data.shots


def test_the_fitted_parameter_file_loads_and_holds_the_fit(recovered, params, tmp_path) -> None:
    _, _, result = recovered
    from flick.paths import assets

    out = tmp_path / "fitted.yaml"
    loaded = output.write_params(result, assets() / "physics" / "default.yaml", out, "test")
    assert loaded.pieces["movement_disc"].table_friction == pytest.approx(
        result.fitted["mu_movement_disc"], rel=1e-5
    )
    assert loaded.materials["plastic"].elasticity == pytest.approx(
        result.fitted["elasticity_plastic"], rel=1e-5
    )
    # Each kind's spin lever and toppling scale in its own key; the table-wide scale untouched.
    assert loaded.pieces["movement_disc"].spin_lever == pytest.approx(
        result.fitted["spin_movement_disc"], rel=1e-5
    )
    for kind in SMALL.topple:
        assert loaded.pieces[kind].topple.scale == pytest.approx(  # type: ignore[union-attr]
            result.fitted[f"topple_{kind}"], rel=1e-5
        )
    assert loaded.toppling == params.toppling
    # zombie and survivor share a YAML anchor in the default file; the fit must not tie them
    assert loaded.pieces["survivor"] == params.pieces["survivor"]
    text = out.read_text()
    assert text.startswith("# Physical parameters")
    assert "spin_movement_disc" in text and "pieces.movement_disc.spin_lever" in text


def test_the_fitted_file_reproduces_each_kinds_fit(recovered, params, tmp_path) -> None:
    """Spin lever and toppling scale per kind: fitted, written, loaded, and the loaded table
    behaves as the fit says."""
    truth, _, result = recovered
    from flick.paths import assets

    # The two kinds were drawn apart and fitted apart: one scale for both would not do.
    assert abs(truth["topple_zombie"] / truth["topple_barrel"] - 1) > 0.05
    assert abs(result.fitted["topple_zombie"] / result.fitted["topple_barrel"] - 1) > 0.05
    out = tmp_path / "fitted.yaml"
    output.write_params(result, assets() / "physics" / "default.yaml", out, "test")
    loaded = PhysicsParams.load(out)
    for name in result.fitted:
        assert model.value(loaded, name) == pytest.approx(result.fitted[name], rel=1e-5), name
    assert loaded.pieces["baseball_bat"].spin_lever == params.pieces["baseball_bat"].spin_lever
    # Each target falls on the loaded table at the speed where half the measured hits fell.
    for fit in result.topples:
        vc = model.critical_speed(model.ToppleTask(
            loaded, fit.striker, fit.target, model.value(loaded, f"topple_{fit.target}")
        ))
        assert vc == pytest.approx(fit.logistic.v50, rel=0.01), fit.target
    # Measured shots re-played on the loaded table give what the fit compared with them.
    _, data, _ = recovered
    shots = {s.line: s for s in data.shots}
    checked = set()
    for c in result.comparisons:
        if c.quantity not in ("distance", "rotation") or (c.kind, c.quantity) in checked:
            continue
        checked.add((c.kind, c.quantity))
        shot = shots[c.line]
        spin = math.radians(shot.spin_speed) if shot.spin_speed is not None else 0.0
        task = model.ShotTask(loaded, "slide", c.kind,
                              shot.speed(loaded.pieces[c.kind].mass), spin)
        assert getattr(model.run_shot(task), c.quantity) == pytest.approx(c.model, rel=1e-3)
    assert ("movement_disc", "rotation") in checked and len(checked) == 3


def test_topple_fits_go_over_the_table_wide_scale(recovered, tmp_path) -> None:
    _, _, result = recovered
    from flick.paths import assets

    base = tmp_path / "sturdy.yaml"
    text = (assets() / "physics" / "default.yaml").read_text(encoding="utf-8")
    assert text.count("\n  scale: 1.0\n") == 1
    base.write_text(text.replace("\n  scale: 1.0\n", "\n  scale: 2.0\n"), encoding="utf-8")
    loaded = output.write_params(result, base, tmp_path / "out.yaml", "test")
    assert loaded.toppling.scale == 2.0
    zombie = loaded.pieces["zombie"].topple
    assert zombie is not None
    assert zombie.scale == pytest.approx(result.fitted["topple_zombie"] / 2.0, rel=1e-5)
    assert model.value(loaded, "topple_zombie") == pytest.approx(result.fitted["topple_zombie"],
                                                                 rel=1e-5)


def test_residual_plots_are_png(recovered, tmp_path) -> None:
    truth, _, result = recovered
    from flick.tuning.plots import write_plots

    written = write_plots(result, tmp_path, truth)
    assert sorted(p.name for p in written) == ["collision.png", "slide.png", "topple.png"]
    for path in written:
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_logistic_fit_finds_a_known_threshold() -> None:
    rng = np.random.default_rng(3)
    speeds = rng.uniform(10, 50, 400)
    fell = rng.uniform(size=400) < 1 / (1 + np.exp(-(speeds - 30.0) / 2.0))
    fit = fit_logistic(speeds, fell)
    assert abs(fit.v50 - 30.0) < 3 * fit.stderr
    assert 0.05 < fit.stderr < 0.8
    assert fit.scale == pytest.approx(2.0, rel=0.35)
    assert not fit.separated


def test_logistic_fit_of_separated_shots_uses_the_floor_or_the_gap() -> None:
    speeds, fell = [10, 12, 14, 20, 22, 25], [False, False, False, True, True, True]
    gap = fit_logistic(speeds, fell)
    assert gap.separated and gap.v50 == pytest.approx(17.0)
    assert gap.stderr == pytest.approx(6 / 12**0.5)
    floored = fit_logistic(speeds, fell, min_scale=1.0)
    assert floored.at_floor and floored.scale == pytest.approx(1.0)
    assert 14 < floored.v50 < 20 and 0 < floored.stderr < 6  # somewhere in the gap
    with pytest.raises(ValueError, match="every one of the 3 toppling shots fell"):
        fit_logistic([1, 2, 3], [True, True, True])


def test_least_squares_errors_match_the_textbook_line_fit() -> None:
    rng = np.random.default_rng(5)
    x = np.linspace(1, 10, 30)
    y = 2.5 * x + rng.normal(0, 0.4, x.size)

    fit = least_squares(lambda p: p[0] * x - y, lambda p: x[:, None], [1.0], ["slope"],
                        [0.0], [10.0])
    slope = float(x @ y / (x @ x))
    resid = slope * x - y
    textbook = float(np.sqrt(resid @ resid / (x.size - 1) / (x @ x)))
    assert fit.values["slope"] == pytest.approx(slope, rel=1e-8)
    assert fit.stderr["slope"] == pytest.approx(textbook, rel=1e-6)


def test_a_parallel_sweep_gives_the_serial_numbers(params) -> None:
    tasks = [model.ShotTask(params, "slide", "bullet", v, 3.0) for v in (50.0, 120.0, 240.0)]
    serial = sweep(model.run_shot, tasks, SerialExecutor())
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = sweep(model.run_shot, tasks, pool)
    assert parallel == serial
    assert serial[0].distance < serial[1].distance < serial[2].distance
    with make_executor(1) as ex:
        assert isinstance(ex, SerialExecutor)


def test_tune_refuses_a_threshold_it_cannot_see(params) -> None:
    text = "test,piece,target,impact_speed,fell\n" + "".join(
        f"topple,movement_disc,zombie,{v},yes\n" for v in (30, 40, 50)
    )
    data = measurements.parse(text, "t.csv", model.kinds(params))
    with pytest.raises(ValueError, match="every one of the 3 toppling shots fell"):
        calibrate.tune(data, params)


def test_flick_tune_synthetic_json_the_same_on_one_core_or_two(capsys) -> None:
    args = ["tune", "--synthetic", "--seed", "2", "--json", "--shots", "6"]
    assert main([*args, "--workers", "1"]) == 0
    one = capsys.readouterr().out
    assert main([*args, "--workers", "2"]) == 0
    assert capsys.readouterr().out == one
    result = json.loads(one)
    assert set(result) >= {"true", "fitted", "stderr"}
    assert set(result["true"]) == set(result["fitted"]) == set(result["stderr"])
    assert {"mu_movement_disc", "topple_zombie", "elasticity_plastic"} <= set(result["fitted"])
    for name, value in result["true"].items():
        assert result["fitted"][name] == pytest.approx(value, rel=0.25), name


def test_flick_tune_on_a_csv_writes_a_parameter_file(tmp_path, capsys, params) -> None:
    rng = np.random.default_rng(4)
    protocol = synthetic.Protocol(slide=("bullet",), spin=(), collision=(), topple=(), shots=8)
    truth = synthetic.true_values(params, protocol, rng)
    data = synthetic.measure(params, truth, protocol, rng)
    csv = tmp_path / "shots.csv"
    csv.write_text(measurements.dump(data.shots))
    out = tmp_path / "mine.yaml"
    assert main(["tune", str(csv), "--out", str(out), "--workers", "1"]) == 0
    printed = capsys.readouterr().out
    assert "mu_bullet" in printed
    fitted = PhysicsParams.load(out).pieces["bullet"].table_friction
    assert fitted == pytest.approx(truth["mu_bullet"], rel=0.05)


def test_flick_tune_bad_csv_is_one_clear_message(tmp_path, capsys) -> None:
    csv = tmp_path / "bad.csv"
    csv.write_text("test,piece,launch_speed,slide_distance\nslide,movement_disc,quick,3\n")
    assert main(["tune", str(csv)]) == 2
    err = capsys.readouterr().err
    assert "bad.csv:2: column 'launch_speed': 'quick' is not a number" in err
    assert "Traceback" not in err
    assert main(["tune"]) == 2
    assert "give a CSV" in capsys.readouterr().err
    # An impulse in the wrong unit, more than any hand gives: refused at its line when the CSV
    # is read, before the table would spend hours on it (its steps shrink with the speed).
    csv.write_text("test,piece,impulse,slide_distance\nslide,movement_disc,1e7,3\n")
    assert main(["tune", str(csv), "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert "bad.csv:2: column 'impulse': 1e+07 g cm/s is more than any shot" in err
    assert "Traceback" not in err


def test_the_readme_example_csv_loads_and_fits(params) -> None:
    from flick.paths import root

    readme = (root() / "tools" / "README.md").read_text()
    block = readme.split("```csv\n", 1)[1].split("```", 1)[0]
    data = measurements.parse(block, "README.md", model.kinds(params))
    assert [s.test for s in data.shots] == ["slide", "slide", "collision", "topple", "topple"]
    result = calibrate.tune(data, params)
    assert set(result.fitted) == {"mu_movement_disc", "spin_movement_disc",
                                  "elasticity_plastic", "topple_zombie"}
    assert 0.2 < result.fitted["mu_movement_disc"] < 0.4


def test_tracked_positions_alone_give_the_friction(params) -> None:
    from dataclasses import replace

    rng = np.random.default_rng(6)
    protocol = synthetic.Protocol(slide=("bullet",), spin=(), collision=(), topple=(),
                                  tracked=("bullet",), shots=12)
    truth = synthetic.true_values(params, protocol, rng)
    data = synthetic.measure(params, truth, protocol, rng)
    # Only the video tracks: no launch speed read from two frames, no distance to rest.
    tracks_only = measurements.Measurements("tracks", tuple(
        replace(s, launch_speed=None, slide_distance=None) for s in data.shots
    ))
    text = measurements.dump(tracks_only.shots)
    again = measurements.parse(text, "tracks.csv", model.kinds(params))
    assert all(s.track and s.slide_distance is None for s in again.shots)
    result = calibrate.tune(again, params)
    assert result.fitted["mu_bullet"] == pytest.approx(truth["mu_bullet"], rel=0.03)
    assert {c.quantity for c in result.comparisons} == {"track"}
