"""A planner map as rows of text and as a PNG heat map (matplotlib, Agg)."""

from __future__ import annotations

import math
import textwrap
from pathlib import Path
from typing import Any

from flick.plan.planner import Plan


def rows(m: Plan) -> list[list[str]]:
    """Header then one row per aim offset: probability per power factor (percent)."""
    head = ["aim offset (deg) \\ power"] + [f"x{p:.2f}" for p in m.grid.powers]
    out = [head]
    k = len(m.grid.powers)
    for i, a in enumerate(m.grid.angles):
        out.append([f"{math.degrees(a):+.1f}"] +
                   [f"{100 * c.p:.0f}" for c in m.cells[i * k:(i + 1) * k]])
    return out


def best_line(m: Plan) -> str:
    b = m.best
    lo, hi = b.interval
    d_angle, factor = m.grid.cell(b.index)
    return (f"best: aim {math.degrees(b.angle):.1f} deg ({math.degrees(d_angle):+.1f}), "
            f"impulse {b.strength:.0f} g cm/s (x{factor:.2f}): {b.successes}/{b.repeats} "
            f"= {100 * b.p:.0f}% (95% {100 * lo:.0f}-{100 * hi:.0f}%)")


def _edges(centres: list[float], alone: float) -> tuple[float, float]:
    """The outer edges of cells centred on evenly spaced `centres` (`alone`: a lone cell's
    width)."""
    half = (centres[1] - centres[0]) / 2 if len(centres) > 1 else alone / 2
    return (centres[0] - half, centres[-1] + half)


def heat_map(m: Plan, path: str | Path, title: str) -> Path:
    """Write the map as a PNG (atomically); returns the path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from flick import atomic

    grid: Any = m.matrix()
    fig, ax = plt.subplots(figsize=(6, 5))
    degs = [math.degrees(a) for a in m.grid.angles]
    image = ax.imshow(grid, origin="lower", aspect="auto", vmin=0.0, vmax=1.0, cmap="viridis",
                      extent=(*_edges(list(m.grid.powers), 0.05), *_edges(degs, 1.0)))
    fig.colorbar(image, ax=ax, label="success probability")
    ax.set_xlabel("power (x the friction model's impulse)")
    ax.set_ylabel("aim offset (deg)")
    ax.set_title(textwrap.fill(title, 70), fontsize=9)
    fig.tight_layout()
    try:
        return atomic.write_with(path, lambda tmp: fig.savefig(tmp, dpi=80))
    finally:
        plt.close(fig)
