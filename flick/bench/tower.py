"""`flick bench` section "tower": what a Zombie Rush costs next to a movement-disc shot.

On the physics section's standard scene (scenario 2's map, or its synthetic stand-in):
Each figure is the median over seeds (shots) of the best of 5 runs of the same seed (shot),
in CPU time of this process (`time.process_time`: a shared machine's other work, which can
deschedule a 5 ms run for longer than it takes, is not counted), with the garbage collector
paused as `timeit` does.
- `rush_ms`: CPU milliseconds of `Table.rush` of the 3 zombies nearest the
  city's middle (a loud rush: the side-view tower drop plus the table run to rest), from a
  tower placed behind the nearest one with its exit facing the middle.
- `tower_drop_ms`: the side-view drop of 3 zombies alone.
- `rush_shot_ms`: milliseconds of a movement disc flicked across the same scene, timed the
  same way (CPU time, best of 5; the physics section's `shot_ms` is the same kind of shot,
  its spread over runs).
- `rush_to_shot_ratio` = rush_ms / rush_shot_ms (target <= 3).
- `rush_scene`: which scene (`s02` or `synthetic`).
"""

from __future__ import annotations

import gc
import math
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from flick.physics.params import PhysicsParams
from flick.physics.table import Table
from flick.physics.tower import drop


def _loud_rush_setup(table: Table) -> tuple[list[int], tuple[float, float, float]]:
    """The 3 zombies nearest the city's middle and the tower behind the nearest."""
    w, h = table.city
    cx, cy = w / 2.0, h / 2.0
    zombies = [p for p in table.pieces() if table.kind(p) == "zombie"]
    zombies.sort(key=lambda z: (math.dist(table.position(z), (cx, cy)), z))
    chosen = zombies[:3]
    zx, zy = table.position(chosen[0])
    d = math.dist((zx, zy), (cx, cy)) or 1.0
    ux, uy = (zx - cx) / d, (zy - cy) / d
    back = 1.3 + 6.0 + 0.5  # figure radius + half the tower + a gap (cm)
    return chosen, (zx + ux * back, zy + uy * back, math.atan2(-uy, -ux))


def _disc_shots(table: Table, count: int) -> list[tuple[float, float, float, float]]:
    """(x, y, jx, jy): discs at free spots flicked at 250 cm/s through the city's middle."""
    rng = np.random.default_rng(5)
    w, h = table.city
    mass = table.params.pieces["movement_disc"].mass
    shots: list[tuple[float, float, float, float]] = []
    while len(shots) < count:
        x, y = float(rng.uniform(5.0, w - 5.0)), float(rng.uniform(5.0, h - 5.0))
        disc = table.add("movement_disc", x=x, y=y)
        free = not table.overlapping(disc)
        table.remove(disc)
        if free:
            dx, dy = w - 2 * x, h - 2 * y
            n = math.hypot(dx, dy) or 1.0
            shots.append((x, y, mass * 250.0 * dx / n, mass * 250.0 * dy / n))
    return shots


def _timed(run: Callable[[], object]) -> float:
    """CPU seconds taken by `run()`, with the garbage collector paused."""
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        run()
        return time.process_time() - start
    finally:
        gc.enable()


def bench(quick: bool = False) -> dict[str, Any]:
    from flick.bench.physics import standard_scene

    params = PhysicsParams.default()
    assert params.tower is not None
    table, scene = standard_scene(params)
    base = table.snapshot()
    repeats = 5 if quick else 30
    best_of = 5

    zombies, tower = _loud_rush_setup(table)
    rush_times, drop_times = [], []
    for seed in range(repeats):
        best_rush = best_drop = math.inf
        for _ in range(best_of):
            table.restore(base)
            best_rush = min(best_rush, _timed(partial(table.rush, zombies, tower=tower, rng=seed)))
            best_drop = min(best_drop, _timed(partial(drop, 3, params.tower, seed)))
        rush_times.append(best_rush)
        drop_times.append(best_drop)

    table.restore(base)
    shot_times = []
    for x, y, jx, jy in _disc_shots(table, repeats):
        table.restore(base)
        disc = table.add("movement_disc", x=x, y=y)
        ready = table.snapshot()
        best = math.inf
        for _ in range(best_of):
            table.restore(ready)
            best = min(best, _timed(partial(table.flick, disc, impulse=(jx, jy))))
        shot_times.append(best)
    table.restore(base)

    rush_ms = statistics.median(rush_times) * 1000.0
    shot_ms = statistics.median(shot_times) * 1000.0
    return {
        "rush_ms": round(rush_ms, 2),
        "rush_to_shot_ratio": round(rush_ms / shot_ms, 2),
        "rush_shot_ms": round(shot_ms, 2),
        "tower_drop_ms": round(statistics.median(drop_times) * 1000.0, 2),
        "rush_scene": scene,
    }
