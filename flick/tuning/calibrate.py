"""Fit the table's parameters to measured shots: the heart of `flick tune`.

1. Friction, spin friction and elasticity together, by weighted least squares: every slide and
   collision shot is re-played on the real table (`model.run_shot`) and compared with what was
   measured. The Jacobian is analytic, from the closed-form model the table follows (a slide of
   v^2 / (2 mu g), a spin that dies at a rate proportional to spin * mu, a head-on hit passing on
   (1 +- e) / 2 of the speed), scaled to the table's own values; the residuals are the table's.
   Tracked positions of a slide add one residual per point against the Coulomb path
   s(t) = v t - mu g t^2 / 2, which the table follows (analytic, no shot), the speed v at the
   track's first frame profiled out (fitted to the track itself for each mu).
2. Each toppling threshold by a logistic fit of fell / stood against impact speed, giving the
   speed at which half the hits fell; then the toppling scale at which the table's figure falls at
   exactly that speed is found by secant steps on the real table (`model.critical_speed`). Each
   kind gets its own scale (`pieces.<kind>.topple.scale`); kinds not measured keep theirs.

Every fitted value has its key in the parameter file (`model.apply`), so `TuneResult.params` is
the fitted table itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from flick.physics import PhysicsParams
from flick.tuning import model
from flick.tuning.fits import LogisticFit, fit_logistic, least_squares
from flick.tuning.measurements import MAX_SPEED, Measurements, Shot
from flick.tuning.sweep import SweepExecutor, sweep

BOUNDS = {"mu": (0.02, 3.0), "elasticity": (0.02, 0.999), "spin": (0.05, 5.0)}


def bounds(name: str, params: PhysicsParams) -> tuple[float, float]:
    """The range a least-squares parameter is searched in. A spin lever stops at the longest
    the piece's footprint allows (rounded down to the 6 decimals the file is written with),
    so the fitted file always loads."""
    prefix, _, subject = name.partition("_")
    low, high = BOUNDS[prefix]
    if prefix == "spin":
        high = min(high, math.floor(model.max_spin(params, subject) * 1e6) / 1e6)
    return low, high


@dataclass(frozen=True)
class MeasurementErrors:
    """How precise a person with a ruler and a phone camera is (1 sigma): fit weights, and the
    noise `--synthetic` adds. Relative errors are fractions."""

    launch_speed: float = 0.02  # two video frames just after the release
    impact_speed: float = 0.05  # two frames just before a contact (shorter, blurrier)
    spin_speed: float = 0.03
    distance_cm: float = 0.3  # marking the start and rest points, reading the ruler
    distance: float = 0.01
    angle: float = 0.05  # counting turns, reading the last partial turn

    def slide_sigma(self, d: float) -> float:
        """cm: a distance grows as speed^2, so the speed error counts twice."""
        return math.hypot(self.distance_cm, d * math.hypot(self.distance, 2 * self.launch_speed))

    def collision_sigma(self, d: float) -> float:
        return math.hypot(self.distance_cm, d * math.hypot(self.distance, 2 * self.impact_speed))

    def track_sigma(self, d: float) -> float:
        """cm: a tracked position, read off a video frame with the paper scale in view."""
        return math.hypot(self.distance_cm, d * self.distance)

    def rotation_sigma(self, theta: float) -> float:
        """rad; a floor of 0.1 rad for a piece that barely turned."""
        return math.hypot(0.1, theta * math.hypot(self.angle, 2 * self.spin_speed))


@dataclass(frozen=True)
class Comparison:
    """One measured quantity beside the fitted table's: for residual plots.

    `quantity`: distance | rotation | track | striker_distance | target_distance; `x` is the
    speed (cm/s), for rotation the spin (rad/s), for track the time (s); `measured`, `model`
    in cm or rad.
    """

    line: int
    kind: str
    quantity: str
    x: float
    measured: float
    model: float
    sigma: float


@dataclass(frozen=True)
class ToppleFit:
    """A toppling fit for one (striker, target) pair."""

    striker: str
    target: str
    logistic: LogisticFit
    scale: float
    stderr: float
    speeds: tuple[float, ...]
    fell: tuple[bool, ...]


@dataclass(frozen=True)
class TuneResult:
    """The fit: values and standard errors by parameter name, and what the plots need."""

    start: dict[str, float]
    fitted: dict[str, float]
    stderr: dict[str, float]
    shots: dict[str, int]
    params: PhysicsParams  # the input set with every fitted value put in: the fitted table
    comparisons: tuple[Comparison, ...] = ()
    topples: tuple[ToppleFit, ...] = ()
    reduced_chi2: float | None = None
    warnings: tuple[str, ...] = field(default_factory=tuple)


def _material(params: PhysicsParams, kind: str) -> str:
    return params.pieces[kind].material


def _informs(shot: Shot, params: PhysicsParams) -> list[str]:
    """The least-squares parameters a slide or collision shot tells about."""
    if shot.test == "slide":
        spin = [f"spin_{shot.piece}"] if shot.spin_speed is not None else []
        return [f"mu_{shot.piece}", *spin]
    if shot.test == "collision":
        return [f"mu_{shot.piece}", f"elasticity_{_material(params, shot.piece)}"]
    return []


def parameter_names(data: Measurements, params: PhysicsParams) -> list[str]:
    """The least-squares parameters the shots can tell about, sorted."""
    return sorted({n for shot in data.shots for n in _informs(shot, params)})


@dataclass(frozen=True)
class _Row:
    """One measured number: shot index, quantity, value (cm or rad), sigma, time (track, s)."""

    shot: int
    quantity: str
    measured: float
    sigma: float
    t: float = 0.0


def _track_fit(rows: list[_Row], mu: float, g: float) -> tuple[np.ndarray, np.ndarray]:
    """The tracked distances of one slide predicted with deceleration mu g, and d/d mu of them.

    s(t) = v t - mu g t^2 / 2 (every listed frame is before the stop), with the speed v at the
    first frame profiled out: for each mu the v that fits the track best (weighted linear
    least squares), so a launch speed read elsewhere adds no error to the track.
    """
    t = np.array([row.t for row in rows])
    s = np.array([row.measured for row in rows])
    w = 1.0 / np.array([row.sigma for row in rows]) ** 2
    v = float(np.sum(w * t * (s + 0.5 * mu * g * t * t)) / np.sum(w * t * t))
    dv = float(np.sum(w * t * 0.5 * g * t * t) / np.sum(w * t * t))
    return v * t - 0.5 * mu * g * t * t, dv * t - 0.5 * g * t * t


class _Problem:
    """Residuals and Jacobian of the least-squares fit, sharing one sweep per parameter vector."""

    def __init__(self, data: Measurements, params: PhysicsParams, names: list[str],
                 errors: MeasurementErrors, executor: SweepExecutor | None,
                 report: Callable[[int, float], None] | None) -> None:
        self.params, self.names, self.executor, self.report = params, names, executor, report
        self.shots = [s for s in data.shots if s.test in ("slide", "collision")]
        self.index = {n: i for i, n in enumerate(names)}
        # Fixed weights (from the measurement errors): a standard weighted least squares.
        self.rows: list[_Row] = []
        for i, s in enumerate(self.shots):
            if s.test == "slide":
                if s.slide_distance is not None:
                    self.rows.append(_Row(i, "distance", s.slide_distance,
                                          errors.slide_sigma(s.slide_distance)))
                if s.final_angle is not None:
                    theta = math.radians(s.final_angle)
                    self.rows.append(_Row(i, "rotation", theta, errors.rotation_sigma(theta)))
                first = s.track[0] if s.track else None
                for point in s.track[1:]:
                    assert first is not None
                    d = math.hypot(point.x - first.x, point.y - first.y)
                    self.rows.append(_Row(i, "track", d, errors.track_sigma(d),
                                          point.t - first.t))
            else:
                assert s.striker_distance is not None and s.target_distance is not None
                for q, d in (("striker_distance", s.striker_distance),
                             ("target_distance", s.target_distance)):
                    self.rows.append(_Row(i, q, d, errors.collision_sigma(d)))
        self.tracks: dict[int, list[_Row]] = {}
        for row in self.rows:
            if row.quantity == "track":
                self.tracks.setdefault(row.shot, []).append(row)
        self._cache: tuple[bytes, PhysicsParams, list[model.ShotOutcome]] | None = None
        self.evaluations = 0

    def _track(self, row: _Row, mu: float) -> tuple[float, float]:
        """(predicted distance, d/d mu) of one tracked point."""
        rows = self.tracks[row.shot]
        pred, slope = _track_fit(rows, mu, self.params.gravity)
        k = rows.index(row)
        return float(pred[k]), float(slope[k])

    def speed(self, s: Shot) -> float:
        if s.test == "slide":
            speed = s.speed(self.params.pieces[s.piece].mass)
            if not 0.0 < speed <= MAX_SPEED:
                raise ValueError(f"line {s.line}: a launch speed of {speed:g} cm/s (from the "
                                 f"impulse or track) is not that of a flick (0 to {MAX_SPEED:g})")
            return speed
        assert s.impact_speed is not None
        return s.impact_speed

    def spin(self, s: Shot) -> float:
        return math.radians(s.spin_speed) if s.spin_speed is not None else 0.0

    def values(self, x: np.ndarray) -> dict[str, float]:
        return {n: float(v) for n, v in zip(self.names, x, strict=True)}

    def outcomes(self, x: np.ndarray) -> list[model.ShotOutcome]:
        key = x.tobytes()
        if self._cache is None or self._cache[0] != key:
            p = model.apply(self.params, self.values(x))
            tasks = [model.ShotTask(p, s.test, s.piece, self.speed(s), self.spin(s))
                     for s in self.shots]
            self._cache = (key, p, sweep(model.run_shot, tasks, self.executor))
            self.evaluations += 1
        return self._cache[2]

    def predictions(self, x: np.ndarray) -> np.ndarray:
        out = self.outcomes(x)
        values = self.values(x)
        pred = np.empty(len(self.rows))
        for r, row in enumerate(self.rows):
            o = out[row.shot]
            kind = self.shots[row.shot].piece
            if row.quantity == "track":
                pred[r] = self._track(row, values[f"mu_{kind}"])[0]
            else:
                pred[r] = getattr(o, row.quantity)
        return pred

    def residuals(self, x: np.ndarray) -> np.ndarray:
        measured = np.array([row.measured for row in self.rows])
        sigma = np.array([row.sigma for row in self.rows])
        r = (self.predictions(x) - measured) / sigma
        if self.report is not None:
            self.report(self.evaluations, float(r @ r))
        return r

    def jacobian(self, x: np.ndarray) -> np.ndarray:
        pred = self.predictions(x)
        values = self.values(x)
        jac = np.zeros((len(self.rows), len(self.names)))
        for r, row in enumerate(self.rows):
            s, quantity, sigma = self.shots[row.shot], row.quantity, row.sigma
            mu_name = f"mu_{s.piece}"
            mu = values[mu_name]
            if quantity == "track":
                jac[r, self.index[mu_name]] = self._track(row, mu)[1] / sigma
                continue
            # Every distance and rotation is inversely proportional to the table friction.
            jac[r, self.index[mu_name]] = -pred[r] / mu / sigma
            if quantity == "rotation":
                name = f"spin_{s.piece}"
                jac[r, self.index[name]] = -pred[r] / values[name] / sigma
            elif s.test == "collision":
                name = f"elasticity_{_material(self.params, s.piece)}"
                el = values[name]
                e = el * el  # restitution of a pair of one material
                if quantity == "target_distance":  # ~ (1 + e)^2
                    jac[r, self.index[name]] = pred[r] * 4.0 * el / (1.0 + e) / sigma
                else:  # ~ (1 - e)^2
                    jac[r, self.index[name]] = -pred[r] * 4.0 * el / max(1.0 - e, 1e-6) / sigma
        return jac


@dataclass(frozen=True)
class InvertTask:
    """Find the toppling scale at which `striker` fells `target` at `v50` cm/s."""

    params: PhysicsParams
    striker: str
    target: str
    v50: float
    tolerance: float = 2e-3


def invert_topple(task: InvertTask) -> tuple[float, float]:
    """(scale, d log critical speed / d log scale) by secant steps in log-log on the table."""

    def critical(scale: float) -> float:
        return model.critical_speed(
            model.ToppleTask(task.params, task.striker, task.target, scale, task.tolerance / 4)
        )

    s0 = model.value(task.params, f"topple_{task.target}")
    v0 = critical(s0)
    s1 = s0 * task.v50 / v0  # the critical speed is nearly proportional to the scale
    v1 = critical(s1)
    slope = 1.0
    for _ in range(12):
        if s1 != s0 and v1 != v0:
            slope = math.log(v1 / v0) / math.log(s1 / s0)
        if abs(v1 / task.v50 - 1.0) < task.tolerance:
            break
        s0, v0 = s1, v1
        s1 = s1 * (task.v50 / v1) ** (1.0 / slope)
        v1 = critical(s1)
    return s1, slope


def tune(
    data: Measurements,
    params: PhysicsParams,
    executor: SweepExecutor | None = None,
    progress: Any = None,
    errors: MeasurementErrors | None = None,
) -> TuneResult:
    """Fit every parameter the measurements tell about, starting from `params`.

    `executor` runs the shots (None: in this process); `progress` is a `rich.progress.Progress`
    or None. Raises ValueError when the shots cannot determine a parameter (for example, a
    toppling test where every hit fell).
    """
    errors = errors or MeasurementErrors()
    names = parameter_names(data, params)
    start = {n: model.value(params, n) for n in names}
    fitted: dict[str, float] = {}
    stderr: dict[str, float] = {}
    shots: dict[str, int] = {}
    warnings: list[str] = []
    comparisons: list[Comparison] = []
    chi2: float | None = None
    current = params
    if names:
        task = progress.add_task("least squares", total=None) if progress else None

        def report(n: int, cost: float) -> None:
            if progress is not None:
                progress.update(task, description=f"least squares: {n} sweeps, chi2 {cost:.4g}")

        problem = _Problem(data, params, names, errors, executor, report)
        lows = [bounds(n, params)[0] for n in names]
        highs = [bounds(n, params)[1] for n in names]
        x0 = [float(v) for v in np.clip([start[n] for n in names], lows, highs)]
        fit = least_squares(problem.residuals, problem.jacobian, x0, names, lows, highs)
        if progress is not None:
            progress.remove_task(task)
        fitted.update(fit.values)
        stderr.update(fit.stderr)
        chi2 = fit.reduced_chi2
        x = np.array([fit.values[n] for n in names])
        pred = problem.predictions(x)
        for r, row in enumerate(problem.rows):
            s = problem.shots[row.shot]
            abscissa = {"rotation": problem.spin(s), "track": row.t}.get(row.quantity,
                                                                        problem.speed(s))
            comparisons.append(Comparison(s.line, s.piece, row.quantity, abscissa,
                                          row.measured, float(pred[r]), row.sigma))
        for s in problem.shots:
            for n in _informs(s, params):
                shots[n] = shots.get(n, 0) + 1
        for n in names:
            low, high = bounds(n, params)
            if min(fitted[n] - low, high - fitted[n]) < 1e-6 * (high - low):
                warnings.append(f"{n} ended at its bound {fitted[n]:.4g}: check those shots")
        current = model.apply(params, fitted)
    topples = _fit_topples(data, current, errors, executor, progress)
    if topples:
        for t in topples:
            name = f"topple_{t.target}"
            if name in fitted:  # a second striker measured on the same target: combine
                w1, w2 = 1 / stderr[name] ** 2, 1 / t.stderr**2
                fitted[name] = (fitted[name] * w1 + t.scale * w2) / (w1 + w2)
                stderr[name] = 1 / math.sqrt(w1 + w2)
                shots[name] += t.logistic.shots
            else:
                fitted[name], stderr[name] = t.scale, t.stderr
                shots[name] = t.logistic.shots
            start[name] = model.value(params, name)
            if t.logistic.separated:
                warnings.append(
                    f"{name}: every shot at {t.target} that fell was faster than every one that "
                    "stood: the threshold is only known to lie in the gap; measure more there"
                )
        current = model.apply(current, {n: v for n, v in fitted.items()
                                        if n.startswith("topple_")})
    return TuneResult(
        start=start,
        fitted=fitted,
        stderr=stderr,
        shots=shots,
        params=current,
        comparisons=tuple(comparisons),
        topples=tuple(topples),
        reduced_chi2=chi2,
        warnings=tuple(warnings),
    )


def _fit_topples(data: Measurements, params: PhysicsParams, errors: MeasurementErrors,
                 executor: SweepExecutor | None, progress: Any) -> list[ToppleFit]:
    groups: dict[tuple[str, str], list[Shot]] = {}
    for s in data.of("topple"):
        assert s.target is not None
        if not model.can_topple(params, s.target):
            raise ValueError(f"line {s.line}: a {s.target} cannot fall, so it has no threshold")
        groups.setdefault((s.piece, s.target), []).append(s)
    if not groups:
        return []
    logistic = {}
    for (striker, target), shots in groups.items():
        speeds = [float(s.impact_speed) for s in shots]  # type: ignore[arg-type]
        # The speed errors blur the threshold at least this much (logistic sd = scale pi/sqrt 3).
        floor = errors.impact_speed * float(np.median(speeds)) * math.sqrt(3.0) / math.pi
        try:
            logistic[striker, target] = fit_logistic(speeds, [bool(s.fell) for s in shots], floor)
        except ValueError as exc:
            raise ValueError(f"toppling of {target} hit by {striker}: {exc}") from None
    keys = sorted(groups)
    inverted = sweep(
        invert_topple,
        [InvertTask(params, st, tg, logistic[st, tg].v50) for st, tg in keys],
        executor,
        description="toppling thresholds",
        progress=progress,
    )
    fits = []
    for (striker, target), (scale, slope) in zip(keys, inverted, strict=True):
        lf = logistic[striker, target]
        shots = groups[striker, target]
        fits.append(ToppleFit(
            striker=striker,
            target=target,
            logistic=lf,
            scale=scale,
            # delta method: scale ~ v50^(1/slope)
            stderr=scale * lf.stderr / lf.v50 / slope,
            speeds=tuple(float(s.impact_speed) for s in shots),  # type: ignore[arg-type]
            fell=tuple(bool(s.fell) for s in shots),
        ))
    return fits
