"""Routes across the city for bots: a shortest path on a coarse grid around the obstacles,
so a survivor walks around a building or a parked truck instead of shuffling toward it.

The grid is 3 cm; a cell is free when a movement disc centred on it clears every obstacle by
`clearance` cm (obstacles are sampled every centimetre along their outlines, in numpy). The
path is found with Dijkstra's algorithm over 8 neighbours. The bot then flicks toward the
farthest point of the path it can reach in a straight, exactly checked line.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable
from typing import Any

import numpy as np

from flick.game.bots.aim import Obstacle
from flick.game.bots.tuned import tuned

Vec = tuple[float, float]
T = tuned("route")  # the tuned numbers: assets/bots/route.yaml
CELL_CM: float = T["cell_cm"]
SAMPLE_BATCH: int = T["sample_batch"]


def _samples(obstacles: Iterable[Obstacle], ignore: set[Any]) -> tuple[np.ndarray, np.ndarray]:
    """Points along every obstacle's core (cm) and the radius to add at each."""
    pts: list[Vec] = []
    rad: list[float] = []
    for ob in obstacles:
        if ob.pid in ignore:
            continue
        core = ob.core
        edges = [(core[i], core[(i + 1) % len(core)]) for i in range(len(core))] \
            if len(core) > 2 else [(core[0], core[-1])]
        for a, b in edges:
            n = max(1, int(math.dist(a, b)))
            for k in range(n + 1):
                t = k / n
                pts.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
                rad.append(ob.r)
    if not pts:
        return np.zeros((0, 2)), np.zeros(0)
    return np.asarray(pts), np.asarray(rad)


def route(obstacles: list[Obstacle], city: tuple[float, float], start: Vec, goal: Vec,
          radius: float, clearance: float, ignore: set[Any]) -> list[Vec] | None:
    """Cell centres from `start` to `goal` (cm) for a disc of `radius`, or None if walled in."""
    nx, ny = max(2, int(city[0] // CELL_CM)), max(2, int(city[1] // CELL_CM))
    xs = (2 * np.arange(nx) + 1) * city[0] / (2 * nx)  # the cells' centres
    ys = (2 * np.arange(ny) + 1) * city[1] / (2 * ny)
    gx, gy = np.meshgrid(xs, ys, indexing="ij")
    cells = np.stack([gx.ravel(), gy.ravel()], axis=1)
    pts, rad = _samples(obstacles, ignore)
    free = np.ones(len(cells), dtype=bool)
    if len(pts):
        for lo in range(0, len(pts), SAMPLE_BATCH):
            d = np.linalg.norm(cells[:, None, :] - pts[None, lo:lo + SAMPLE_BATCH, :], axis=2)
            gap = d - rad[None, lo:lo + SAMPLE_BATCH] - radius
            free &= (gap >= clearance).all(axis=1)

    def index(p: Vec) -> int:
        i = min(nx - 1, max(0, int(p[0] / city[0] * nx)))
        j = min(ny - 1, max(0, int(p[1] / city[1] * ny)))
        return i * ny + j

    s, g = index(start), index(goal)
    # The piece stands where it starts: the cells it covers are not walls for it.
    free |= np.linalg.norm(cells - np.asarray(start), axis=1) <= radius + CELL_CM
    free[s] = free[g] = True
    dist = {s: 0.0}
    prev: dict[int, int] = {}
    heap = [(0.0, s)]
    steps = [(di, dj, math.hypot(di, dj)) for di in (-1, 0, 1) for dj in (-1, 0, 1)
             if di or dj]
    while heap:
        d, c = heapq.heappop(heap)
        if c == g:
            break
        if d > dist.get(c, math.inf):
            continue
        i, j = divmod(c, ny)
        for di, dj, w in steps:
            a, b = i + di, j + dj
            if not (0 <= a < nx and 0 <= b < ny):
                continue
            n = a * ny + b
            if not free[n]:
                continue
            nd = d + w
            if nd < dist.get(n, math.inf):
                dist[n] = nd
                prev[n] = c
                heapq.heappush(heap, (nd, n))
    if g not in dist:
        return None
    path = [g]
    while path[-1] != s:
        path.append(prev[path[-1]])
    path.reverse()
    out = [(float(cells[c][0]), float(cells[c][1])) for c in path]
    out[0], out[-1] = start, goal
    return out
