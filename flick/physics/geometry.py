"""Plane geometry of footprints placed on the table: gaps, overlaps, extents (cm).

Used for the table's queries between shots (`distance`, `overlapping`, `is_inside`), which
need no pymunk space. A placed part is a convex core (point, segment or polygon) in table
coordinates swollen by a radius; footprints are unions of such parts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from flick.physics.footprint import Footprint

Point = tuple[float, float]
Core = tuple[Point, ...]
Placed = tuple[Core, float]  # (core in table cm, radius cm)


def place(footprint: Footprint, x: float, y: float, angle: float) -> list[Placed]:
    """The footprint's parts moved to pose (x, y, angle) on the table."""
    c, s = math.cos(angle), math.sin(angle)
    return [
        (tuple((x + c * px - s * py, y + s * px + c * py) for px, py in part.core), part.radius)
        for part in footprint.parts
    ]


def _edges(core: Core) -> list[tuple[Point, Point]]:
    if len(core) == 1:
        return [(core[0], core[0])]
    if len(core) == 2:
        return [(core[0], core[1])]
    return [(core[i], core[(i + 1) % len(core)]) for i in range(len(core))]


def point_segment(p: Point, a: Point, b: Point) -> float:
    """Distance (cm) from point p to segment ab (a point when a == b)."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    length2 = ex * ex + ey * ey
    t = 0.0
    if length2 > 0.0:
        t = max(0.0, min(1.0, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / length2))
    return math.hypot(p[0] - a[0] - t * ex, p[1] - a[1] - t * ey)


def cross(o: Point, a: Point, b: Point) -> float:
    """The z of (a - o) x (b - o) (cm^2): > 0 when b is left of the line o->a."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    d1, d2 = cross(c, d, a), cross(c, d, b)
    d3, d4 = cross(a, b, c), cross(a, b, d)
    return d1 * d2 < 0.0 and d3 * d4 < 0.0


def _inside_polygon(p: Point, core: Core) -> bool:
    if len(core) < 3:
        return False
    sign = 0.0
    for a, b in _edges(core):
        side = cross(a, b, p)
        if side != 0.0:
            if sign == 0.0:
                sign = side
            elif (side > 0) != (sign > 0):
                return False
    return True


def _axes(core: Core) -> list[Point]:
    axes = []
    for a, b in _edges(core):
        ex, ey = b[0] - a[0], b[1] - a[1]
        norm = math.hypot(ex, ey)
        if norm > 0.0:
            axes.append((-ey / norm, ex / norm))
            axes.append((ex / norm, ey / norm))
    return axes


def _overlap_depth(a: Core, b: Core) -> float:
    """How far two intersecting convex cores overlap (the least separating push, cm)."""
    best = math.inf
    for ax, ay in _axes(a) + _axes(b):
        pa = [x * ax + y * ay for x, y in a]
        pb = [x * ax + y * ay for x, y in b]
        best = min(best, min(max(pa), max(pb)) - max(min(pa), min(pb)))
    return 0.0 if best is math.inf else max(best, 0.0)


def gap(a: Placed, b: Placed) -> float:
    """Edge-to-edge gap between two placed parts (cm); negative when they overlap."""
    (ca, ra), (cb, rb) = a, b
    edges_a, edges_b = _edges(ca), _edges(cb)
    crossing = any(_segments_cross(p, q, r, s) for p, q in edges_a for r, s in edges_b)
    crossing = crossing or any(_inside_polygon(p, cb) for p in ca)
    crossing = crossing or any(_inside_polygon(p, ca) for p in cb)
    if crossing:
        return -_overlap_depth(ca, cb) - ra - rb
    core = min(
        min(point_segment(p, r, s) for p in ca for r, s in edges_b),
        min(point_segment(p, r, s) for p in cb for r, s in edges_a),
    )
    return core - ra - rb


def footprint_gap(a: Sequence[Placed], b: Sequence[Placed]) -> float:
    """The smallest gap between two placed footprints (cm); negative when they overlap."""
    return min(gap(pa, pb) for pa in a for pb in b)


def extent_along(parts: Sequence[Placed], nx: float, ny: float) -> tuple[float, float]:
    """(lowest, highest) projection of the footprint on the unit direction (nx, ny), cm."""
    low, high = math.inf, -math.inf
    for core, radius in parts:
        for x, y in core:
            d = x * nx + y * ny
            low = min(low, d - radius)
            high = max(high, d + radius)
    return low, high
