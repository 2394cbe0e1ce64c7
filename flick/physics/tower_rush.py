"""The Zombie Rush on the table: the tower's drop handed to the top-down world.

`rush(table, zombies, tower=(x, y, facing), rng=seed)` (also `Table.rush`) places the tower
with its footprint centred on (x, y) cm and its exit facing `facing` rad, sets aside what
stands in its way, drops the zombies through the side-view tower (`flick.physics.tower`)
and launches each one from the exit, in the order they leave, with the tower's exit speed,
heading and spin; then it puts back what was set aside. The tower stands on the table as a
solid block during the rush, so nothing comes to rest where it stood.

Readings where the rulebook is silent (written here because they apply here):
- The zombies listed go on slots 1, 2, 3 ... in list order; more than the roof holds (4)
  drop in successive loads of 4.
- Zombies leave the real tower about 0.2 s apart, about the time one takes to slide to rest,
  so each zombie's slide is run to rest on the table before the next one leaves.
- A component set aside is put back where it stood; if a zombie or a pushed piece now lies
  there, the component is put at the nearest free spot (a player puts it back beside them).
- A zombie that would leave the exit into a building (the tower pushed against it) is put at
  the nearest free spot out of the exit and stays there, fallen.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

import numpy as np
import pymunk

from flick.physics.footprint import Footprints
from flick.physics.geometry import Placed, extent_along, footprint_gap, place
from flick.physics.result import ShotResult
from flick.physics.state import BuildingState, PieceState, TableState
from flick.physics.tower import Rng, ZombieExit, as_generator, drop
from flick.physics.world import World, filter_for

if TYPE_CHECKING:
    from flick.physics.table import Table
    from flick.physics.tower_params import TowerParams

# The id the tower reports in touch lists (piece ids start at 1).
TOWER_ID = 0
# Gap (cm) left between a zombie handed to the table and the tower's front face.
_CLEARANCE = 0.05


@dataclass(frozen=True)
class RushResult(ShotResult):
    """A shot result for the whole rush, plus the tower's side of it.

    `rushed`: the dropped zombies' ids in the order they left the tower. `fell`: pieces that
    were standing and fell (rushed zombies that left the tower upright and then fell count;
    those that left it tumbling arrive fallen and are in `tumbled`). `left_city`: pieces whose
    centre ended outside the city (rushed zombies included). `exits`: how each zombie left the
    tower. `set_aside`: pieces and buildings that stood in the tower's way (put back after).
    Touch lists may contain `TOWER_ID` (0): the tower itself.
    """

    rushed: tuple[int, ...] = ()
    tumbled: tuple[int, ...] = ()
    exits: tuple[ZombieExit, ...] = ()
    set_aside: tuple[int, ...] = ()


@dataclass(frozen=True)
class TowerPose:
    """The tower on the table: footprint centre (cm) and the direction its exit faces (rad)."""

    x: float
    y: float
    facing: float

    @property
    def forward(self) -> tuple[float, float]:
        return (math.cos(self.facing), math.sin(self.facing))

    @property
    def left(self) -> tuple[float, float]:
        return (-math.sin(self.facing), math.cos(self.facing))

    def to_table(self, along: float, across: float) -> tuple[float, float]:
        """A point `along` cm forward of the footprint centre and `across` cm to its left."""
        (fx, fy), (lx, ly) = self.forward, self.left
        return (self.x + fx * along + lx * across, self.y + fy * along + ly * across)

    def footprint(self, tp: TowerParams) -> list[Placed]:
        hd, hw = tp.depth / 2.0, tp.width / 2.0
        corners = tuple(self.to_table(a, c) for a, c in ((-hd, -hw), (hd, -hw), (hd, hw),
                                                          (-hd, hw)))
        return [(corners, 0.0)]


def _table_error(message: str) -> Exception:
    from flick.physics.table import TableError

    return TableError(message)


def _check_inputs(table: Table, zombies: int | Sequence[int],
                  tower: Sequence[float]) -> tuple[list[int] | int, TowerPose]:
    if table.params.tower is None:
        raise _table_error("the physics parameters have no `tower:` section")
    try:
        x, y, facing = (float(v) for v in tower)
    except (TypeError, ValueError):
        raise _table_error(f"tower must be (x, y, facing) numbers, got {tower!r}") from None
    if not all(math.isfinite(v) for v in (x, y, facing)):
        raise _table_error(f"tower must be finite numbers, got {tower!r}")
    if isinstance(zombies, (int, np.integer)) and not isinstance(zombies, bool):
        if zombies < 0:
            raise _table_error(f"cannot rush {zombies} zombies")
        return int(zombies), TowerPose(x, y, facing)
    ids = list(zombies)
    if len(set(ids)) != len(ids):
        raise _table_error(f"a zombie is listed twice for the rush: {ids}")
    for z in ids:
        if z not in table.pieces() or table.kind(z) != "zombie":
            raise _table_error(f"{z} is not a zombie on the table")
    return ids, TowerPose(x, y, facing)


def _in_the_way(table: Table, pose: TowerPose, tp: TowerParams,
                skip: set[int]) -> tuple[list[int], list[int]]:
    """Pieces and buildings whose footprint overlaps the tower's."""
    tol = table.params.simulation.overlap_tolerance
    box = pose.footprint(tp)
    reach = math.hypot(tp.depth, tp.width) / 2.0
    pieces = []
    for pid in table.pieces():
        if pid in skip:
            continue
        px, py = table.position(pid)
        if math.hypot(px - pose.x, py - pose.y) > reach + 15.0:
            continue
        if footprint_gap(box, table.outline(pid)) < -tol:
            pieces.append(pid)
    buildings = [
        bid for bid in table.buildings()
        if any(footprint_gap(box, table.outline(part)) < -tol
               for part in table.building_parts(bid))
    ]
    return pieces, buildings


def _state_with(
    state: TableState,
    pieces: Iterable[PieceState] = (),
    buildings: Iterable[BuildingState] = (),
    drop_ids: Iterable[int] = (),
) -> TableState:
    """`state` with pieces and buildings added or replaced (by id) and `drop_ids` removed."""
    gone = set(drop_ids)
    ps = {p.id: p for p in state.pieces if p.id not in gone}
    ps.update({p.id: p for p in pieces})
    bs = {b.id: b for b in state.buildings if b.id not in gone}
    bs.update({b.id: b for b in buildings})
    return TableState(state.city, tuple(ps[k] for k in sorted(ps)),
                      tuple(bs[k] for k in sorted(bs)), state.next_id)


def _tower_world(table: Table, pose: TowerPose, tp: TowerParams) -> World:
    """The table's world for one shot with the tower standing in it as a solid block."""
    world = table.world()
    material = table.params.materials[table.params.buildings.material]
    corners = pose.footprint(tp)[0][0]
    shape = pymunk.Poly(world.space.static_body, corners, None, 0.0)
    shape.friction, shape.elasticity = material.friction, material.elasticity
    shape.filter = filter_for("block")
    world.owner[shape] = TOWER_ID
    world.space.add(shape)
    return world


def _hand_off(footprints: Footprints, pose: TowerPose, tp: TowerParams,
              ex: ZombieExit) -> tuple[float, float, float, bool]:
    """Where a zombie leaving the exit is put on the table: (x, y, angle, standing).

    A tumbling zombie lies along its heading, head first if its head led out of the exit."""
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
    face = (ex_x * fx + ex_y * fy) + _CLEARANCE
    along = max(tp.capture_distance, (face - low) / max(math.cos(ex.heading), 0.2))
    hx, hy = math.cos(heading), math.sin(heading)
    return ex_x + hx * along, ex_y + hy * along, angle, standing


def _blocked(table: Table, pid: int, solid_only: bool) -> bool:
    """Does the piece overlap a building part (or, unless solid_only, any piece)?"""
    for other in table.overlapping(pid):
        if not solid_only or table.building_of(other) is not None:
            return True
    return False


def _clear_of_tower(table: Table, pid: int, box: list[Placed] | None) -> bool:
    if box is None:
        return True
    tol = table.params.simulation.overlap_tolerance
    return footprint_gap(box, table.outline(pid)) >= -tol


def _move_to_free_spot(table: Table, pid: int, box: list[Placed] | None = None,
                       step: float = 0.25, max_radius: float = 40.0) -> bool:
    """Move a piece to the nearest spot (rings of `step` cm) where it overlaps nothing and
    stays clear of the tower footprint `box`. False if none within max_radius."""
    x0, y0 = table.position(pid)
    angle = table.angle(pid)
    if not table.overlapping(pid) and _clear_of_tower(table, pid, box):
        return True
    ring = 1
    while ring * step <= max_radius:
        r = ring * step
        n = max(8, int(2 * math.pi * r / step))
        for k in range(n):
            a = 2 * math.pi * k / n
            table.set_pose(pid, x0 + r * math.cos(a), y0 + r * math.sin(a), angle)
            if not table.overlapping(pid) and _clear_of_tower(table, pid, box):
                return True
        ring += 1
    table.set_pose(pid, x0, y0, angle)
    return False


class _Merged:
    """Accumulates the shot results of a rush's launches into one."""

    def __init__(self) -> None:
        self.touch: dict[int, list[int]] = {}
        self.fell: list[int] = []
        self.off_table: list[int] = []
        self.entered: dict[int, int] = {}
        self.exited: dict[int, int] = {}
        self.moved: list[int] = []
        self.distances: dict[int, float] = {}
        self.steps = 0
        self.sim_time = 0.0
        self.timed_out = False
        self.schedule: list[tuple[float, int]] = []

    def add(self, r: ShotResult) -> None:
        for k, v in r.touch_lists.items():
            found = self.touch.setdefault(k, [])
            found.extend(t for t in v if t not in found)
        self.fell.extend(p for p in r.fell if p not in self.fell)
        self.off_table.extend(p for p in r.off_table if p not in self.off_table)
        for k, v in r.entered.items():
            self.entered.setdefault(k, v)
        for k, v in r.exited.items():
            self.exited.setdefault(k, v)
        self.moved.extend(p for p in r.moved if p not in self.moved)
        for k, v in r.distances.items():
            self.distances[k] = self.distances.get(k, 0.0) + v
        self.steps += r.steps
        self.sim_time += r.sim_time
        self.timed_out = self.timed_out or r.timed_out
        self.schedule.extend(r.schedule)


def rush(table: Table, zombies: int | Sequence[int], tower: Sequence[float],
         rng: Rng) -> RushResult:
    """A Zombie Rush: drop `zombies` through the tower at `tower` = (x, y, facing) and run the
    table to rest.

    `zombies` is a list of zombie ids on the table (lifted off for the drop, slot 1 first) or
    a number of new zombies from the bin (new ids, in the order they leave). (x, y) is the
    centre of the tower's 12 x 12 cm footprint, `facing` (rad) the direction its exit points.
    `rng` is an int seed or a numpy Generator, the only source of chance: the same table,
    arguments and seed give the same `state_hash()`. Illegal arguments raise `TableError`
    and change nothing; an error inside the rush restores the table as it was.
    """
    ids, pose = _check_inputs(table, zombies, tower)
    tp = table.params.tower
    assert tp is not None
    gen = as_generator(rng)
    start = table.snapshot()
    try:
        return _rush(table, ids, pose, tp, gen, start)
    except BaseException:
        table.restore(start)
        raise


def _rush(table: Table, ids: list[int] | int, pose: TowerPose, tp: TowerParams,
          gen: np.random.Generator, start: TableState) -> RushResult:
    lifted = [] if isinstance(ids, int) else list(ids)
    count = ids if isinstance(ids, int) else len(ids)
    lifted_state = {p.id: p for p in start.pieces if p.id in set(lifted)}
    aside_pieces, aside_buildings = _in_the_way(table, pose, tp, set(lifted))
    aside_p = [p for p in start.pieces if p.id in set(aside_pieces)]
    aside_b = [b for b in start.buildings if b.id in set(aside_buildings)]
    table.restore(_state_with(start, drop_ids=[*lifted, *aside_pieces, *aside_buildings]))

    footprints = Footprints(table.params)
    merged = _Merged()
    rushed: list[int] = []
    tumbled: list[int] = []
    exits: list[ZombieExit] = []
    per_load = tp.slot_count()
    for first in range(0, count, per_load):
        load = min(per_load, count - first)
        for ex in sorted(drop(load, tp, gen), key=lambda e: (e.time, e.slot)):
            x, y, angle, standing = _hand_off(footprints, pose, tp, ex)
            slot_index = first + ex.slot - 1
            if lifted:
                zid = lifted[slot_index]
                old = lifted_state[zid]
                placed = PieceState(zid, old.kind, x, y, angle, standing)
                table.restore(_state_with(table.snapshot(), pieces=[placed]))
            else:
                zid = table.add("zombie", x=x, y=y, angle=angle, standing=standing)
            rushed.append(zid)
            exits.append(ex)
            if not standing:
                tumbled.append(zid)
            if _blocked(table, zid, solid_only=True):
                # The exit opens into a building: the zombie tumbles out beside it and stops.
                if table.is_standing(zid):
                    table.lay_down(zid, angle)
                    tumbled.append(zid)
                _move_to_free_spot(table, zid, pose.footprint(tp))
                continue
            world = _tower_world(table, pose, tp)
            heading = pose.facing + ex.heading
            velocity = (ex.speed * math.cos(heading), ex.speed * math.sin(heading))
            world.launch({}, {zid: (velocity, ex.yaw_rate)})
            result, changed = world.run()
            table.restore(_state_with(table.snapshot(), pieces=changed.values()))
            merged.add(result)

    # Put back what was set aside; anything now where it stood pushes it to a free spot.
    table.restore(_state_with(table.snapshot(), pieces=aside_p, buildings=aside_b))
    for b in aside_b:
        for pid in table.pieces():
            if any(table.building_of(o) == b.id for o in table.overlapping(pid)):
                _move_to_free_spot(table, pid)
    for p in aside_p:
        _move_to_free_spot(table, p.id)
    # pymunk lets resting contacts overlap by its collision slop; a rushed zombie left inside
    # a support block or another piece by more than the table's tolerance is moved clear.
    for zid in rushed:
        if table.overlapping(zid):
            _move_to_free_spot(table, zid, step=0.05, max_radius=10.0)

    end = table.snapshot()
    w, h = end.city
    was = {p.id: p for p in start.pieces}

    def inside(p: PieceState) -> bool:
        return 0.0 <= p.x <= w and 0.0 <= p.y <= h

    left = [p.id for p in end.pieces
            if not inside(p) and (p.id in set(rushed) or (p.id in was and inside(was[p.id])))]
    fell = [p for p in merged.fell if p not in set(tumbled)]
    return RushResult(
        launched=tuple(rushed),
        touch_lists=MappingProxyType({k: tuple(v) for k, v in merged.touch.items()}),
        fell=tuple(fell),
        left_city=tuple(left),
        off_table=tuple(merged.off_table),
        entered=MappingProxyType(merged.entered),
        exited=MappingProxyType(merged.exited),
        moved=tuple(merged.moved),
        distances=MappingProxyType(merged.distances),
        steps=merged.steps,
        sim_time=merged.sim_time,
        timed_out=merged.timed_out,
        schedule=tuple(merged.schedule),
        rushed=tuple(rushed),
        tumbled=tuple(tumbled),
        exits=tuple(exits),
        set_aside=(*aside_pieces, *aside_buildings),
    )


__all__ = ["TOWER_ID", "RushResult", "TowerPose", "rush"]
