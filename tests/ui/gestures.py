"""Scripted pointer events for the play window's tests (`flick.ui.script` format)."""

from __future__ import annotations

from typing import Any


def swipe(t: float, d: tuple[float, float], steps: int = 6, dt: float = 0.01
          ) -> list[dict[str, Any]]:
    """Press on the piece to flick, and drag it by `d` cm per `dt` s for `steps` samples."""
    out: list[dict[str, Any]] = [{"t": t, "type": "down", "at": "piece"}]
    for k in range(1, steps + 1):
        out.append({"t": t + k * dt, "type": "up" if k == steps else "move", "at": "piece",
                    "d": [d[0] * k, d[1] * k]})
    return out
