"""The planner's core: one proposed shot, sampled over an aim x power grid under the hand noise.

A `Shot` is everything a shot needs on the table: the state to start from (a `TableState` in
which the flicked piece is already placed), the piece flicked, the heuristic aim (angle rad,
impulse g*cm/s) the grid is centred on, whether a template holds the angle, and its `Goal`.
`plan` simulates every cell `repeats` times, each repeat from the same state, with the hand's
errors drawn from a generator seeded by (seed, cell index) only, so the map does not depend on
the number of worker processes or on which worker ran which cell.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from flick.game.bots.aim import HandNoise, noisy, vector
from flick.physics import MAX_FLICK_IMPULSE, PhysicsParams, ShotResult, Table, TableState

Vec = tuple[float, float]
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Goal:
    """What counts as success. `kind` is "move" (the piece rests within `tolerance` cm of
    `target`, touching nothing, not fallen, in the city), "enter" (the piece ends inside
    building `building`, touching nothing but that building's parts) or "shoot" (the first
    thing the piece touches is `zombie`, and it falls)."""

    kind: str
    target: Vec | None = None
    tolerance: float = 2.0
    building: int | None = None
    zombie: int | None = None

    def __post_init__(self) -> None:
        need = {"move": self.target, "enter": self.building, "shoot": self.zombie}
        if self.kind not in need:
            raise ValueError(f"goal kind must be move, enter or shoot, not {self.kind!r}")
        if need[self.kind] is None:
            raise ValueError(f"a {self.kind} goal needs its "
                             f"{ {'move': 'target', 'enter': 'building'}.get(self.kind, 'zombie')}")

    def met(self, table: Table, piece: int, result: ShotResult) -> bool:
        if self.kind == "shoot":
            return result.first_touch(piece) == self.zombie and self.zombie in result.fell
        if piece in result.fell or piece in result.left_city or piece in result.off_table:
            return False
        touched = result.touches(piece)
        if self.kind == "move":
            assert self.target is not None
            return not touched and math.dist(table.position(piece), self.target) <= self.tolerance
        assert self.building is not None
        if any(table.building_of(p) != self.building for p in touched):
            return False
        return table.is_inside(piece, self.building)


@dataclass(frozen=True)
class Shot:
    """A proposed shot: `state` with `piece` on it, aimed at (`angle`, `strength`)."""

    state: TableState
    piece: int
    angle: float
    strength: float
    goal: Goal
    template: bool = False


@dataclass(frozen=True)
class Grid:
    """Aim offsets (rad, added to the heuristic angle) x power factors (times its impulse)."""

    angles: tuple[float, ...]
    powers: tuple[float, ...]

    @classmethod
    def around(cls, n_angle: int = 7, n_power: int = 7, angle_span: float = math.radians(6.0),
               power_span: float = 0.3) -> Grid:
        """n_angle offsets evenly over +-angle_span and n_power factors over 1 +- power_span."""
        if n_angle < 1 or n_power < 1:
            raise ValueError("a grid needs at least one angle and one power")
        a = np.linspace(-angle_span, angle_span, n_angle) if n_angle > 1 else np.zeros(1)
        p = np.linspace(1 - power_span, 1 + power_span, n_power) if n_power > 1 else np.ones(1)
        return cls(tuple(float(x) for x in a), tuple(float(x) for x in p))

    def cell(self, index: int) -> tuple[float, float]:
        """(angle offset, power factor) of cell `index` (row-major: angle, then power)."""
        return self.angles[index // len(self.powers)], self.powers[index % len(self.powers)]

    def __len__(self) -> int:
        return len(self.angles) * len(self.powers)


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval (95% by default) of a binomial proportion."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Cell:
    index: int
    angle: float  # absolute aim (rad)
    strength: float  # impulse (g*cm/s) before the hand's error
    successes: int
    repeats: int

    @property
    def p(self) -> float:
        return self.successes / self.repeats

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.successes, self.repeats)


@dataclass(frozen=True)
class Plan:
    """The map: one `Cell` per grid cell, row-major (angle offset, then power factor)."""

    grid: Grid
    cells: tuple[Cell, ...]
    seed: int
    shots: int

    @property
    def best(self) -> Cell:
        """The most likely cell; ties go to the lower Wilson bound's better, then the lower
        index (deterministic)."""
        return max(self.cells, key=lambda c: (c.p, c.interval[0], -c.index))

    def matrix(self) -> np.ndarray:
        """Success probabilities as an (angles x powers) array."""
        return np.array([c.p for c in self.cells]).reshape(len(self.grid.angles),
                                                          len(self.grid.powers))


# ---- the work of one cell (runs in a worker process) ------------------------------------------
_WORKER: dict[str, Any] = {}


def _init(params: PhysicsParams, shot: Shot, noise: HandNoise, grid: Grid, repeats: int,
          seed: int) -> None:
    table = Table(params, shot.state.city)
    table.restore(shot.state)
    _WORKER.update(table=table, shot=shot, noise=noise, grid=grid, repeats=repeats, seed=seed)


def _run_cell(index: int) -> int:
    w = _WORKER
    table: Table = w["table"]
    shot: Shot = w["shot"]
    d_angle, factor = w["grid"].cell(index)
    angle, strength = shot.angle + d_angle, min(shot.strength * factor, MAX_FLICK_IMPULSE)
    rng = np.random.default_rng([int(w["seed"]), int(index), 0x91A9])
    wins = 0
    for _ in range(w["repeats"]):
        table.restore(shot.state)
        a, f = noisy(angle, strength, w["noise"], rng, template=shot.template)
        result = table.flick(shot.piece, vector(a, min(f, MAX_FLICK_IMPULSE)))
        wins += shot.goal.met(table, shot.piece, result)
    return wins


def _run_cells(indices: Sequence[int]) -> list[int]:
    return [_run_cell(i) for i in indices]


def run_cells(params: PhysicsParams, shot: Shot, noise: HandNoise, grid: Grid, repeats: int,
              seed: int, indices: Sequence[int]) -> list[int]:
    """Successes of the cells `indices` only, in any process, in any order: each one the
    number `plan` gives it for the same seed (a caller filling a map in as cells finish,
    the window's aim assist). Not thread-safe: one call at a time per process."""
    _init(params, shot, noise, grid, repeats, seed)
    return _run_cells(indices)


def cell(shot: Shot, grid: Grid, index: int, successes: int, repeats: int) -> Cell:
    """The `Cell` of grid cell `index` of `shot` with its counted `successes`."""
    d_angle, factor = grid.cell(index)
    return Cell(index, shot.angle + d_angle, min(shot.strength * factor, MAX_FLICK_IMPULSE),
                successes, repeats)


def plan(params: PhysicsParams, shot: Shot, noise: HandNoise, grid: Grid | None = None,
         repeats: int = 16, seed: int = 0, workers: int | None = None) -> Plan:
    """The success map of `shot` over `grid` (default `Grid.around()`), `repeats` noisy shots
    per cell. `workers` processes (default: the machine's CPUs; 1 runs in this process)."""
    grid = grid or Grid.around()
    if repeats < 1:
        raise ValueError("repeats must be at least 1")
    workers = workers or os.cpu_count() or 1
    n = len(grid)
    if workers == 1:
        _init(params, shot, noise, grid, repeats, seed)
        wins = _run_cells(range(n))
    else:
        chunks = [list(range(n))[k::workers * 2] for k in range(min(n, workers * 2))]
        with ProcessPoolExecutor(workers, initializer=_init,
                                 initargs=(params, shot, noise, grid, repeats, seed)) as pool:
            parts = list(pool.map(_run_cells, chunks))
        wins = [0] * n
        for chunk, part in zip(chunks, parts, strict=True):
            for i, w in zip(chunk, part, strict=True):
                wins[i] = w
    cells = tuple(cell(shot, grid, i, wins[i], repeats) for i in range(n))
    return Plan(grid, cells, seed, n * repeats)
