"""Top-down footprints of the pieces at set-up, for the loader's checks and for drawing.

Sizes (cm) come from the physics parameter file when the physics package provides them
(`flick.physics.PhysicsParams`), else from the defaults below, which are the estimates of
`components.md`. Shapes are circles and convex polygons; overlap is the separating-axis test.
These checks are about set-up only (where a piece stands before any flick), so a standing
figure is its round base and a fallen one a capsule approximated by a rectangle with round
ends drawn as a polygon.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Vec = tuple[float, float]


@dataclass(frozen=True)
class Sizes:
    """Piece sizes in cm (components.md estimates)."""

    movement_disc: float = 4.0          # diameter
    figure_base: float = 2.6            # diameter of a standing figure's base
    fallen_length: float = 5.5          # a fallen figure lies as a capsule
    fallen_radius: float = 1.2
    barrel: float = 3.2                 # diameter
    box: float = 3.0                    # side
    lamp: Vec = (4.0, 1.5)              # street lamp stand footprint
    vehicle: Vec = (12.0, 2.0)          # car, ice cream truck, pickup
    support_block: float = 3.0          # side
    building_facade: float = 18.0       # width
    building_door: float = 9.0          # clear gap between the blocks
    rv_facade: float = 20.0
    rv_door: float = 10.0
    barricade: Vec = (5.0, 2.0)
    tower: float = 12.0                 # square footprint of the zombie tower on its bin


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float


@dataclass(frozen=True)
class Poly:
    """A convex polygon, points counter-clockwise."""

    points: tuple[Vec, ...]


Shape = Circle | Poly


def rect(cx: float, cy: float, length: float, width: float, angle: float) -> Poly:
    """A rectangle centred at (cx, cy), `length` along `angle` (radians), `width` across."""
    c, s = math.cos(angle), math.sin(angle)
    hl, hw = length / 2, width / 2
    pts = []
    for lx, ly in ((-hl, -hw), (hl, -hw), (hl, hw), (-hl, hw)):
        pts.append((cx + lx * c - ly * s, cy + lx * s + ly * c))
    return Poly(tuple(pts))


def capsule(cx: float, cy: float, length: float, radius: float, angle: float) -> Poly:
    """A capsule as an octagon-capped polygon (close enough for set-up checks)."""
    c, s = math.cos(angle), math.sin(angle)
    half = length / 2 - radius
    pts: list[Vec] = []
    for end, a0 in ((half, -math.pi / 2), (-half, math.pi / 2)):
        for k in range(5):
            a = a0 + k * math.pi / 4
            lx, ly = end + radius * math.cos(a), radius * math.sin(a)
            pts.append((cx + lx * c - ly * s, cy + lx * s + ly * c))
    return Poly(tuple(pts))


@dataclass(frozen=True)
class BuildingParts:
    """A building's blocks, facade footprint, door line (two points) and outward normal."""

    blocks: tuple[Poly, Poly]
    facade: Poly
    door: tuple[Vec, Vec]
    normal: Vec
    door_width: float


def building_parts(x: float, y: float, facing: float, rv: bool, sizes: Sizes) -> BuildingParts:
    """The parts of a building centred between its blocks; `facing` in radians (door normal)."""
    gap = sizes.rv_door if rv else sizes.building_door
    facade_w = sizes.rv_facade if rv else sizes.building_facade
    b = sizes.support_block
    nx, ny = math.cos(facing), math.sin(facing)
    wx, wy = -ny, nx  # along the facade
    off = gap / 2 + b / 2
    blocks = (
        rect(x + wx * off, y + wy * off, b, b, facing),
        rect(x - wx * off, y - wy * off, b, b, facing),
    )
    facade = rect(x, y, b, facade_w, facing)
    fx, fy = x + nx * b / 2, y + ny * b / 2  # door line flush with the blocks' front faces
    door = ((fx + wx * gap / 2, fy + wy * gap / 2), (fx - wx * gap / 2, fy - wy * gap / 2))
    return BuildingParts(blocks, facade, door, (nx, ny), gap)


def door_approach(parts: BuildingParts, disc: float) -> Circle:
    """Where a movement disc sits just outside the door, touching the door line."""
    (ax, ay), (bx, by) = parts.door
    mx, my = (ax + bx) / 2, (ay + by) / 2
    nx, ny = parts.normal
    r = disc / 2
    return Circle(mx + nx * (r + 0.05), my + ny * (r + 0.05), r)


def door_corridor(parts: BuildingParts, depth: float) -> Poly:
    """The strip in front of the door, as wide as the gap and `depth` deep (cm)."""
    (ax, ay), (bx, by) = parts.door
    nx, ny = parts.normal
    return Poly(((bx, by), (ax, ay), (ax + nx * depth, ay + ny * depth),
                 (bx + nx * depth, by + ny * depth)))


# --- separating-axis overlap -------------------------------------------------------------

def _axes(p: Poly) -> list[Vec]:
    out = []
    pts = p.points
    for i in range(len(pts)):
        x1, y1 = pts[i]
        x2, y2 = pts[(i + 1) % len(pts)]
        ex, ey = x2 - x1, y2 - y1
        n = math.hypot(ex, ey)
        if n > 1e-12:
            out.append((-ey / n, ex / n))
    return out


def _project(p: Poly, axis: Vec) -> tuple[float, float]:
    vals = [x * axis[0] + y * axis[1] for x, y in p.points]
    return min(vals), max(vals)


def overlap(a: Shape, b: Shape, slack: float = 0.0) -> bool:
    """True if the shapes overlap by more than `slack` cm (touching is not overlapping)."""
    if isinstance(a, Circle) and isinstance(b, Circle):
        return math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r - slack
    if isinstance(a, Circle):
        a, b = b, a
    if isinstance(b, Circle):
        assert isinstance(a, Poly)
        axes = _axes(a)
        # the axis from the circle's centre to the polygon's closest vertex
        vx, vy = min(a.points, key=lambda p: (p[0] - b.x) ** 2 + (p[1] - b.y) ** 2)
        d = math.hypot(vx - b.x, vy - b.y)
        if d > 1e-12:
            axes.append(((vx - b.x) / d, (vy - b.y) / d))
        for ax in axes:
            lo, hi = _project(a, ax)
            c = b.x * ax[0] + b.y * ax[1]
            if hi <= c - b.r + slack or c + b.r <= lo + slack:
                return False
        return True
    for ax in _axes(a) + _axes(b):
        lo1, hi1 = _project(a, ax)
        lo2, hi2 = _project(b, ax)
        if hi1 <= lo2 + slack or hi2 <= lo1 + slack:
            return False
    return True


def inside(shape: Shape, width: float, height: float) -> bool:
    """True if the whole shape lies within the city rectangle [0, width] x [0, height]."""
    if isinstance(shape, Circle):
        return (shape.r <= shape.x <= width - shape.r) and (shape.r <= shape.y <= height - shape.r)
    return all(0 <= x <= width and 0 <= y <= height for x, y in shape.points)


def centre(shape: Shape) -> Vec:
    if isinstance(shape, Circle):
        return shape.x, shape.y
    n = len(shape.points)
    return sum(p[0] for p in shape.points) / n, sum(p[1] for p in shape.points) / n
