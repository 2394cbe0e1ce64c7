"""Residual plots of a fit, as PNG files: what a person looks at to trust (or not) a fit.

One figure per test: measured values against the fitted table's (top) and the residuals in
standard errors (bottom; a point beyond +-3 is probably a mis-measured shot, labelled with its
CSV line). matplotlib is imported here only, with the file-only Agg backend.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path

import numpy as np

from flick import atomic
from flick.tuning.calibrate import Comparison, ToppleFit, TuneResult

_TITLES = {
    "distance": ("slide: distance to rest", "launch speed (cm/s)", "slide distance (cm)"),
    "rotation": ("slide: rotation to rest", "spin at launch (rad/s)", "rotation (rad)"),
    "track": ("slide: tracked path", "time since release (s)", "distance from release (cm)"),
    "target_distance": ("collision: struck piece", "impact speed (cm/s)", "distance after (cm)"),
    "striker_distance": ("collision: striker", "impact speed (cm/s)", "distance after (cm)"),
}


def write_plots(
    result: TuneResult, folder: Path, truth: dict[str, float] | None = None
) -> list[Path]:
    """Write slide.png, collision.png and topple.png (those with data) into `folder`."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    groups = {
        "slide": ["distance", "rotation", "track"],
        "collision": ["target_distance", "striker_distance"],
    }
    for name, quantities in groups.items():
        panels = [q for q in quantities if any(c.quantity == q for c in result.comparisons)]
        if not panels:
            continue
        fig, axes = plt.subplots(2, len(panels), figsize=(6.5 * len(panels), 7.5),
                                 squeeze=False, sharex="col",
                                 gridspec_kw={"height_ratios": [3, 1.3]})
        for col, quantity in enumerate(panels):
            rows = [c for c in result.comparisons if c.quantity == quantity]
            _comparison_panel(axes[0][col], axes[1][col], quantity, rows, result)
        fig.suptitle(f"flick tune: {name} shots, measured against the fitted table")
        fig.tight_layout()
        path = folder / f"{name}.png"
        atomic.write_with(path, partial(fig.savefig, dpi=110))
        plt.close(fig)
        written.append(path)
    if result.topples:
        n = len(result.topples)
        fig, axes = plt.subplots(1, n, figsize=(6.0 * n, 4.8), squeeze=False)
        for ax, fit in zip(axes[0], result.topples, strict=True):
            _topple_panel(ax, fit, truth)
        fig.suptitle("flick tune: toppling, fell (1) or stood (0) against impact speed")
        fig.tight_layout()
        path = folder / "topple.png"
        atomic.write_with(path, partial(fig.savefig, dpi=110))
        plt.close(fig)
        written.append(path)
    return written


def _comparison_panel(top, bottom, quantity: str, rows: Sequence[Comparison],
                      result: TuneResult) -> None:
    title, xlabel, ylabel = _TITLES[quantity]
    kinds = sorted({c.kind for c in rows})
    colours = {k: f"C{i}" for i, k in enumerate(kinds)}
    for kind in kinds:
        mine = sorted((c for c in rows if c.kind == kind), key=lambda c: c.x)
        x = np.array([c.x for c in mine])
        colour = colours[kind]
        label = kind
        if quantity == "rotation":
            name = f"spin_{kind}"
        elif quantity in ("distance", "track"):
            name = f"mu_{kind}"
        else:
            name = f"elasticity_{result.params.pieces[kind].material}"
        if name in result.fitted:
            label += f" ({name} {result.fitted[name]:.3f} +- {result.stderr[name]:.3f})"
        top.errorbar(x, [c.measured for c in mine], yerr=[c.sigma for c in mine], fmt="o",
                     ms=4, color=colour, alpha=0.8, label=label)
        # A track is a path in time: one line per shot; otherwise one line through the shots.
        paths = sorted({c.line for c in mine}) if quantity == "track" else [None]
        for path in paths:
            along = [c for c in mine if path is None or c.line == path]
            top.plot([c.x for c in along], [c.model for c in along], "-", color=colour, lw=1.2)
        residual = np.array([(c.measured - c.model) / c.sigma for c in mine])
        bottom.plot(x, residual, "o", ms=4, color=colour)
        for c, r in zip(mine, residual, strict=True):
            if abs(r) > 3:
                bottom.annotate(f"line {c.line}", (c.x, r), fontsize=7)
    top.set_title(f"{title} (points: measured, lines: fitted table)")
    top.set_ylabel(ylabel)
    top.legend(fontsize=8)
    top.grid(alpha=0.3)
    bottom.axhline(0, color="k", lw=0.8)
    for level in (-2, 2):
        bottom.axhline(level, color="grey", lw=0.6, ls="--")
    bottom.set_xlabel(xlabel)
    bottom.set_ylabel("residual (sigma)")
    bottom.grid(alpha=0.3)


def _topple_panel(ax, fit: ToppleFit, truth: dict[str, float] | None) -> None:
    speeds = np.array(fit.speeds)
    fell = np.array(fit.fell, dtype=float)
    # Small vertical jitter from the shot's order (deterministic) so equal outcomes separate.
    jitter = (np.arange(len(speeds)) % 5 - 2) * 0.015
    ax.plot(speeds, fell + jitter, "o", ms=4, alpha=0.7, label="shots")
    grid = np.linspace(speeds.min() * 0.9, speeds.max() * 1.05, 300)
    lf = fit.logistic
    ax.plot(grid, lf.probability(grid), "-", lw=1.5, label="logistic fit")
    ax.axvspan(lf.v50 - lf.stderr, lf.v50 + lf.stderr, color="C1", alpha=0.15)
    ax.axvline(lf.v50, color="C1", lw=1, label=f"50 % at {lf.v50:.1f} +- {lf.stderr:.1f} cm/s")
    text = f"topple_{fit.target} = {fit.scale:.3f} +- {fit.stderr:.3f}"
    if truth and f"topple_{fit.target}" in truth:
        text += f"\n(true {truth[f'topple_{fit.target}']:.3f})"
    ax.text(0.02, 0.75, text, transform=ax.transAxes, fontsize=8)
    ax.set_title(f"{fit.striker} hitting a standing {fit.target}")
    ax.set_xlabel("impact speed (cm/s)")
    ax.set_ylabel("fell")
    ax.set_ylim(-0.1, 1.1)
    ax.legend(fontsize=8, loc="lower right")
    ax.grid(alpha=0.3)
