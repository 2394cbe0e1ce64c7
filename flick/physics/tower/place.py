"""Where the tower and its zombies go on the table: plane geometry for the rush (cm, rad).

The tower's frame: its footprint centre (x, y) and `facing`, the direction its exit points;
"along" is forward out of the exit, "across" is to the left looking out. The rush uses:
the tower's footprint, the pose of a zombie handed from the side view to the table, and
nudging a piece to the nearest free spot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from flick.physics.footprint import Footprints
from flick.physics.geometry import Placed, extent_along, footprint_gap, place
from flick.physics.tower.drop import ZombieExit
from flick.physics.tower.params import TOWER_FOOTPRINT_CM, TowerParams

if TYPE_CHECKING:  # for annotations only: Table's own `rush` method calls into this package
    from flick.physics.table import Table

Point = tuple[float, float]
# Gap (cm) left between a zombie handed to the table and the tower's front face.
CLEARANCE = 0.05
# No point of a piece or building part is farther than this from its centre (cm): half the
# longest, a facade 20 cm wide (a generous bound, used only to skip far pieces quickly).
MAX_REACH = 12.0


@dataclass(frozen=True)
class TowerPose:
    """The tower on the table: footprint centre (cm), the direction its exit faces (rad), and
    its footprint, `width` across the exit and `depth` from back wall to exit face (cm).

    The one pose of the tower: the rush drops zombies from it, a placed scenario
    (`flick.scenario.place.Placement.tower`) keeps the tower's home on the bin in it.
    """

    x: float
    y: float
    facing: float
    width: float = TOWER_FOOTPRINT_CM
    depth: float = TOWER_FOOTPRINT_CM

    @property
    def angle(self) -> float:
        """The exit direction (rad), as the drawing code names a piece's angle."""
        return self.facing

    def corners(self) -> tuple[Point, ...]:
        """The footprint's corners (this pose's `width` x `depth`), counter-clockwise (cm)."""
        c, s = math.cos(self.facing), math.sin(self.facing)
        hd, hw = self.depth / 2, self.width / 2
        return tuple((self.x + lx * c - ly * s, self.y + lx * s + ly * c)
                     for lx, ly in ((-hd, -hw), (hd, -hw), (hd, hw), (-hd, hw)))

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


# The obstacles of the outlines last asked, by the id of the outline list (checked with
# `is`): the table answers a piece's outline with the same list while the piece stays put.
_OBSTACLES: dict[int, Obstacle] = {}
OBSTACLES_KEPT = 4096


def obstacle(parts: list[Placed]) -> Obstacle:
    """A placed footprint with its bounding circle (callers only read `parts`)."""
    found = _OBSTACLES.get(id(parts))
    if found is not None and found.parts is parts:
        return found
    made = _obstacle(parts)
    if len(_OBSTACLES) >= OBSTACLES_KEPT:
        _OBSTACLES.clear()
    _OBSTACLES[id(parts)] = made
    return made


def _obstacle(parts: list[Placed]) -> Obstacle:
    pts = [p for core, _ in parts for p in core]
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    reach = max(math.hypot(p[0] - cx, p[1] - cy) + r for core, r in parts for p in core)
    return Obstacle(parts, cx, cy, reach)


def _neighbours(table: Table, pid: int, radius: float) -> list[Obstacle]:
    """What the piece could overlap within `radius` cm of where it is: pieces, support
    blocks, and facades if the piece is tall enough to hit them."""
    me = obstacle(table.outline(pid))
    ids = [p for p in table.pieces() if p != pid]
    tall = table.footprints.get(table.kind(pid), table.is_standing(pid)).layer != "low"
    for bid in table.buildings():
        parts = table.building_parts(bid)
        ids += list(parts if tall else parts[:2])
    found = []
    for i in ids:
        x, y = table.position(i)
        if math.hypot(x - me.cx, y - me.cy) > radius + me.reach + MAX_REACH:
            continue
        ob = obstacle(table.outline(i))
        if math.hypot(ob.cx - me.cx, ob.cy - me.cy) <= radius + me.reach + ob.reach:
            found.append(ob)
    return found


def _shifted(parts: list[Placed], dx: float, dy: float) -> list[Placed]:
    return [(tuple((x + dx, y + dy) for x, y in core), r) for core, r in parts]


class _Clearance:
    """Is the piece, shifted by (dx, dy), clear of every neighbour (gap >= -tol)? The same
    answer as testing `footprint_gap` against each, found faster: a neighbour whose bounding
    circle is clear of the shifted piece's (by more than -tol, with 1e-6 cm to spare) cannot
    overlap it, and the neighbour that blocked the last spot is asked first (the next spot
    on a ring is usually blocked by the same one)."""

    def __init__(self, mine: list[Placed], near: list[Obstacle], tol: float) -> None:
        self.mine, self.near, self.tol = mine, near, tol
        self.me = obstacle(mine)
        self.first = 0

    def clear(self, dx: float, dy: float) -> bool:
        cx, cy = self.me.cx + dx, self.me.cy + dy
        bound = self.me.reach - self.tol + 1e-6
        moved: list[Placed] | None = None
        n = len(self.near)
        for k in range(n):
            i = (self.first + k) % n
            ob = self.near[i]
            if math.hypot(ob.cx - cx, ob.cy - cy) - ob.reach > bound:
                continue
            if moved is None:
                moved = _shifted(self.mine, dx, dy)
            if footprint_gap(moved, ob.parts) < -self.tol:
                self.first = i
                return False
        return True


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
    clearance = _Clearance(table.outline(pid), near, tol)
    x0, y0 = table.position(pid)
    ring = 1
    while ring * step <= max_radius:
        r = ring * step
        n = max(8, int(2 * math.pi * r / step))
        for k in range(n):
            a = 2 * math.pi * k / n
            dx, dy = r * math.cos(a), r * math.sin(a)
            if clearance.clear(dx, dy):
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
    reach = 20.0 * depth + 1.0
    near = _neighbours(table, pid, reach)
    clearance = _Clearance(mine, near, tol)
    x0, y0 = table.position(pid)
    distance = depth
    while distance <= reach:
        for k in range(16):
            a = 2 * math.pi * k / 16
            dx, dy = distance * math.cos(a), distance * math.sin(a)
            if clearance.clear(dx, dy):
                table.set_pose(pid, x0 + dx, y0 + dy, table.angle(pid))
                return True
        distance *= 1.5
    return move_to_free_spot(table, pid, None, step=0.25, max_radius=10.0)
