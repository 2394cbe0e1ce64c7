"""Where the tower and its zombies go on the table: plane geometry for the rush (cm, rad).

The tower's frame: its footprint centre (x, y) and `facing`, the direction its exit points;
"along" is forward out of the exit, "across" is to the left looking out. The rush uses:
the tower's footprint, the pose of a zombie handed from the side view to the table, how far a
zombie can slide along a straight line before it meets something (a swept footprint), and
nudging a piece to the nearest free spot.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from flick.physics.footprint import Footprint, Footprints
from flick.physics.geometry import Placed, extent_along, footprint_gap, place

if TYPE_CHECKING:
    from flick.physics.table import Table
    from flick.physics.tower import ZombieExit
    from flick.physics.tower_params import TowerParams

Point = tuple[float, float]
# Gap (cm) left between a zombie handed to the table and the tower's front face.
CLEARANCE = 0.05


@dataclass(frozen=True)
class TowerPose:
    """The tower on the table: footprint centre (cm) and the direction its exit faces (rad)."""

    x: float
    y: float
    facing: float

    @property
    def forward(self) -> Point:
        return (math.cos(self.facing), math.sin(self.facing))

    @property
    def left(self) -> Point:
        return (-math.sin(self.facing), math.cos(self.facing))

    def to_table(self, along: float, across: float) -> Point:
        """A point `along` cm forward of the footprint centre and `across` cm to its left."""
        (fx, fy), (lx, ly) = self.forward, self.left
        return (self.x + fx * along + lx * across, self.y + fy * along + ly * across)

    def footprint(self, tp: TowerParams) -> list[Placed]:
        """The tower's square footprint on the table, as a placed polygon."""
        hd, hw = tp.depth / 2.0, tp.width / 2.0
        corners = tuple(self.to_table(a, c) for a, c in ((-hd, -hw), (hd, -hw), (hd, hw),
                                                          (-hd, hw)))
        return [(corners, 0.0)]


def hand_off(footprints: Footprints, pose: TowerPose, tp: TowerParams,
             ex: ZombieExit) -> tuple[float, float, float, bool]:
    """Where a zombie leaving the exit is put on the table: (x, y, angle, standing).

    It leaves at its lateral offset across the exit, just clear of the tower's front face,
    moving along the tower's facing turned by its heading. A tumbling zombie lies along that
    heading, head first if its head led out of the exit."""
    heading = pose.facing + ex.heading
    standing = ex.upright
    angle = heading
    if not standing and ex.tilt > 0.0:
        # Side view: the figure's axis is (-sin tilt, cos tilt); tilt > 0 leans the head back
        # into the tower, so its feet lead and the head points back along the heading.
        angle = heading + math.pi
    fp = footprints.get("zombie", standing)
    fx, fy = pose.forward
    ex_x, ex_y = pose.to_table(tp.depth / 2.0, ex.lateral)
    low, _ = extent_along(place(fp, ex_x, ex_y, angle), fx, fy)
    face = (ex_x * fx + ex_y * fy) + CLEARANCE
    along = max(tp.capture_distance, (face - low) / max(math.cos(ex.heading), 0.2))
    hx, hy = math.cos(heading), math.sin(heading)
    return ex_x + hx * along, ex_y + hy * along, angle, standing


@dataclass(frozen=True)
class Obstacle:
    """A placed footprint with a bounding circle (centre, reach cm) for quick rejection."""

    parts: list[Placed]
    cx: float
    cy: float
    reach: float


def obstacle(parts: list[Placed]) -> Obstacle:
    pts = [p for core, _ in parts for p in core]
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    reach = max(math.hypot(p[0] - cx, p[1] - cy) + r for core, r in parts for p in core)
    return Obstacle(parts, cx, cy, reach)


def table_obstacles(table: Table, skip: set[int]) -> list[Obstacle]:
    """Every piece and building part on the table except `skip`."""
    ids = [p for p in table.pieces() if p not in skip]
    for bid in table.buildings():
        ids += list(table.building_parts(bid)[:2])  # facades stand over low pieces only
    return [obstacle(table.outline(i)) for i in ids]


def _hull(points: Sequence[Point]) -> tuple[Point, ...]:
    """Convex hull, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return tuple(pts)

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return tuple(lower[:-1] + upper[:-1])


def _swept(parts: list[Placed], dx: float, dy: float) -> list[Placed]:
    """The region a placed footprint covers while translating by (dx, dy)."""
    return [(_hull([*core, *((x + dx, y + dy) for x, y in core)]), r) for core, r in parts]


def clear_run(fp: Footprint, x: float, y: float, angle: float, direction: Point,
              length: float, obstacles: Sequence[Obstacle]) -> float:
    """How far (cm, at most `length`) the footprint at (x, y, angle) can slide along the unit
    `direction` before it touches an obstacle; 0 if it already does."""
    if length <= 0.0:
        return 0.0
    hx, hy = direction
    start = place(fp, x, y, angle)
    me = obstacle(start)
    near = []
    for ob in obstacles:
        # Distance from the obstacle's centre to the path of my centre.
        t = max(0.0, min(length, (ob.cx - me.cx) * hx + (ob.cy - me.cy) * hy))
        px, py = me.cx + hx * t, me.cy + hy * t
        if math.hypot(ob.cx - px, ob.cy - py) <= ob.reach + me.reach:
            near.append(ob)
    if not near:
        return length

    full = _swept(start, hx * length, hy * length)
    blockers = [ob for ob in near if footprint_gap(full, ob.parts) < 0.0]
    if not blockers:
        return length

    def hits(s: float) -> bool:
        swept = _swept(start, hx * s, hy * s)
        return any(footprint_gap(swept, ob.parts) < 0.0 for ob in blockers)

    lo, hi = 0.0, length
    for _ in range(9):  # to length / 512: under 0.05 cm for the longest slides
        mid = (lo + hi) / 2.0
        if hits(mid):
            hi = mid
        else:
            lo = mid
    return lo


def _neighbours(table: Table, pid: int, radius: float) -> list[Obstacle]:
    """What the piece could overlap within `radius` cm of where it is: pieces, support
    blocks, and facades if the piece is tall enough to hit them."""
    me = obstacle(table.outline(pid))
    ids = [p for p in table.pieces() if p != pid]
    tall = table.is_standing(pid) and table.params.pieces[table.kind(pid)].layer != "low"
    for bid in table.buildings():
        parts = table.building_parts(bid)
        ids += list(parts if tall else parts[:2])
    found = []
    for i in ids:
        ob = obstacle(table.outline(i))
        if math.hypot(ob.cx - me.cx, ob.cy - me.cy) <= radius + me.reach + ob.reach:
            found.append(ob)
    return found


def _shifted(parts: list[Placed], dx: float, dy: float) -> list[Placed]:
    return [(tuple((x + dx, y + dy) for x, y in core), r) for core, r in parts]


def move_to_free_spot(table: Table, pid: int, box: list[Placed] | None = None,
                      step: float = 0.25, max_radius: float = 40.0) -> bool:
    """Move a piece to the nearest spot (rings of `step` cm) where it overlaps nothing and
    stays out of the tower's footprint `box`. False (and unmoved) if none within max_radius."""
    if not table.overlapping(pid) and (box is None or _clear_of_box(table, pid, box)):
        return True
    tol = table.params.simulation.overlap_tolerance
    near = _neighbours(table, pid, max_radius)
    if box is not None:
        near.append(obstacle(box))
    mine = table.outline(pid)
    x0, y0 = table.position(pid)
    ring = 1
    while ring * step <= max_radius:
        r = ring * step
        n = max(8, int(2 * math.pi * r / step))
        for k in range(n):
            a = 2 * math.pi * k / n
            dx, dy = r * math.cos(a), r * math.sin(a)
            moved = _shifted(mine, dx, dy)
            if all(footprint_gap(moved, ob.parts) >= -tol for ob in near):
                table.set_pose(pid, x0 + dx, y0 + dy, table.angle(pid))
                return True
        ring += 1
    return False


def _clear_of_box(table: Table, pid: int, box: list[Placed]) -> bool:
    return footprint_gap(box, table.outline(pid)) >= -table.params.simulation.overlap_tolerance


def push_clear(table: Table, pid: int) -> bool:
    """Clear a piece of slight overlaps (pymunk lets resting contacts sink in by its collision
    slop, and a figure that falls becomes a capsule where it stood) by a small move: in 16
    directions, by the overlap depth, then by half as much again each round."""
    others = table.overlapping(pid)
    if not others:
        return True
    tol = table.params.simulation.overlap_tolerance
    mine = table.outline(pid)
    depth = max(-footprint_gap(mine, table.outline(o)) for o in others) + tol
    near = _neighbours(table, pid, 4.0 * depth + 1.0)
    x0, y0 = table.position(pid)
    distance = depth
    for _ in range(8):
        for k in range(16):
            a = 2 * math.pi * k / 16
            dx, dy = distance * math.cos(a), distance * math.sin(a)
            moved = _shifted(mine, dx, dy)
            if all(footprint_gap(moved, ob.parts) >= -tol for ob in near):
                table.set_pose(pid, x0 + dx, y0 + dy, table.angle(pid))
                return True
        distance *= 1.5
    return move_to_free_spot(table, pid, None, step=0.25, max_radius=10.0)
