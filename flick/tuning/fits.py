"""The two statistical fits of tuning: weighted least squares and a logistic threshold.

Both report uncertainties from the Jacobian: for least squares the covariance is
`s^2 (J^T J)^-1` with `s^2` the reduced chi-square of the weighted residuals; for the logistic fit
it is the inverse Fisher information `(X^T W X)^-1`, `X` the Jacobian of the logit with respect to
its two coefficients, carried to the 50 % speed by the delta method.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class LeastSquaresFit:
    """Fitted values and their standard errors, by parameter name, with the final residuals."""

    values: dict[str, float]
    stderr: dict[str, float]
    residuals: tuple[float, ...]  # weighted: (model - measured) / sigma
    evaluations: int
    reduced_chi2: float


def least_squares(
    residuals: Callable[[np.ndarray], np.ndarray],
    jacobian: Callable[[np.ndarray], np.ndarray] | None,
    x0: Sequence[float],
    names: Sequence[str],
    lower: Sequence[float],
    upper: Sequence[float],
) -> LeastSquaresFit:
    """Minimise the sum of squared weighted residuals with scipy (trust-region reflective).

    `jacobian(x)` gives d residual / d x (rows: residuals); None lets scipy difference the model.
    The standard errors scale with the scatter actually seen (reduced chi-square), so a badly
    weighted data set still gets honest error bars.
    """
    from scipy.optimize import least_squares as scipy_least_squares

    result = scipy_least_squares(
        residuals,
        np.asarray(x0, dtype=float),
        jac=jacobian if jacobian is not None else "2-point",
        bounds=(np.asarray(lower, dtype=float), np.asarray(upper, dtype=float)),
        x_scale="jac",
        xtol=1e-10,
        ftol=1e-10,
        gtol=1e-10,
        max_nfev=200,
    )
    r = result.fun
    jac = jacobian(result.x) if jacobian is not None else result.jac
    dof = max(len(r) - len(x0), 1)
    chi2 = float(r @ r) / dof
    try:
        cov = np.linalg.inv(jac.T @ jac) * chi2
        err = np.sqrt(np.clip(np.diag(cov), 0.0, None))
    except np.linalg.LinAlgError:
        err = np.full(len(x0), math.inf)
    return LeastSquaresFit(
        values={n: float(v) for n, v in zip(names, result.x, strict=True)},
        stderr={n: float(e) for n, e in zip(names, err, strict=True)},
        residuals=tuple(float(v) for v in r),
        evaluations=int(result.nfev),
        reduced_chi2=chi2,
    )


@dataclass(frozen=True)
class LogisticFit:
    """P(fell | speed) = 1 / (1 + exp(-(speed - v50) / scale)); speeds in cm/s.

    `separated`: every "fell" was faster than every "stood". The likelihood alone then has no
    finite maximum (the curve becomes a step); the scale is held at its floor.
    `at_floor`: the scale was held at `min_scale` (the sharpness the speed errors allow).
    """

    v50: float
    stderr: float
    scale: float
    shots: int
    separated: bool
    at_floor: bool

    def probability(self, speed: np.ndarray) -> np.ndarray:
        """P(fell) at each speed (cm/s)."""
        z = (np.asarray(speed, dtype=float) - self.v50) / max(self.scale, 1e-12)
        return 1.0 / (1.0 + np.exp(-np.clip(z, -500, 500)))


def fit_logistic(speeds: Sequence[float], fell: Sequence[bool],
                 min_scale: float = 0.0) -> LogisticFit:
    """Maximum-likelihood logistic fit of fell / stood against impact speed (cm/s).

    `min_scale` (cm/s) is the sharpest the curve may be: a speed read with a standard error
    sigma blurs even a perfect threshold into a curve of scale sigma * sqrt(3) / pi, so the
    measurement error sets it. With it, a data set where the outcomes do not overlap still
    gives a finite threshold and an honest error; without it (0) such data are answered with
    the middle of the gap and an error of gap / sqrt(12).

    Raises ValueError when all shots fell or none did: no threshold can be read from them.
    """
    from scipy.optimize import minimize

    v = np.asarray(speeds, dtype=float)
    y = np.asarray(fell, dtype=float)
    if len(v) != len(y):
        raise ValueError("speeds and outcomes differ in length")
    if y.min(initial=1.0) == y.max(initial=0.0):
        what = "fell" if len(y) and y[0] else "stood"
        raise ValueError(
            f"every one of the {len(y)} toppling shots {what}: measure some that fall and some "
            "that do not, around the threshold"
        )
    stood_max = float(v[y == 0].max())
    fell_min = float(v[y == 1].min())
    separated = stood_max < fell_min
    if separated and min_scale <= 0:
        gap = fell_min - stood_max
        return LogisticFit((fell_min + stood_max) / 2, gap / math.sqrt(12.0), 0.0, len(v),
                           True, False)
    # Parameters (v50, a = 1 / scale); the slope a is bounded by the scale's floor.
    a_max = 1.0 / min_scale if min_scale > 0 else np.inf

    def nll(theta: np.ndarray) -> tuple[float, np.ndarray]:
        v50, a = theta
        z = a * (v - v50)
        # -log p for fell, -log(1-p) for stood, computed without overflow.
        loss = float(np.sum(np.where(y == 1, np.logaddexp(0, -z), np.logaddexp(0, z))))
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -500, 500)))
        dz = p - y
        return loss, np.array([float(np.sum(dz * -a)), float(np.sum(dz * (v - v50)))])

    v0 = 0.5 * (float(v[y == 0].mean()) + float(v[y == 1].mean()))
    a0 = min(a_max, 4.0 / max(float(v.std()), 1e-9))
    result = minimize(nll, np.array([v0, a0]), jac=True, method="L-BFGS-B",
                      bounds=[(None, None), (1e-9, a_max)],
                      options={"ftol": 1e-15, "gtol": 1e-10, "maxiter": 500})
    v50, a = (float(t) for t in result.x)
    p = 1.0 / (1.0 + np.exp(-np.clip(a * (v - v50), -500, 500)))
    w = p * (1 - p)
    at_floor = bool(np.isfinite(a_max) and a >= a_max * (1 - 1e-6))
    # Fisher information from the Jacobian of the logit, rows (-a, v - v50).
    jac = np.column_stack([np.full_like(v, -a), v - v50])
    fisher = jac.T @ (w[:, None] * jac)
    # With the scale held at its floor, v50 is the only free parameter.
    var = 1.0 / max(fisher[0, 0], 1e-300) if at_floor else float(np.linalg.inv(fisher)[0, 0])
    return LogisticFit(v50, math.sqrt(max(var, 0.0)), 1.0 / a, len(v), separated, at_floor)
