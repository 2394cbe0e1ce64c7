"""The Zombie Rush on the table: the tower's drop handed to the top-down world.

`rush(table, zombies, tower=(x, y, facing), rng=seed)` (also `Table.rush`) places the tower
with its footprint centred on (x, y) cm and its exit facing `facing` rad, sets aside what
stands in its way, drops the zombies through the side-view tower (`flick.physics.tower.drop`)
and puts each one on the table at the exit with the tower's exit speed, heading and spin;
the table runs to rest with the tower standing in it as a solid block (so nothing comes to
rest where it stood), and what was set aside is put back.

Timing: the zombies leave the exit at their own times (about 0.2 s apart). A load's zombies
slide in one table run that starts as its first zombie leaves: each enters that run
(`World.arrive`) at the exit at the moment the drop says it leaves, with its exit velocity,
and is not on the table before (nothing meets it, nothing waits for it). So a zombie that
leaves later can hit one already out, and the earlier ones' hits happen when they happen.

Readings where the rulebook is silent (written here because they apply here):
- The zombies listed go on slots 1, 2, 3 ... in list order; more than the roof holds (4)
  drop in successive loads of 4, each load once the one before has come to rest.
- A component set aside is put back where it stood; if a zombie or a pushed piece now lies
  there, the component is put at the nearest free spot (a player puts it back beside them).
- A zombie that would leave the exit into a building (the tower pushed against it) is put at
  the nearest free spot out of the exit and stays there, fallen (it appears there when it
  leaves).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

import numpy as np
import pymunk

from flick.physics.errors import TableError
from flick.physics.geometry import footprint_gap
from flick.physics.result import ShotResult
from flick.physics.shapes import filter_for
from flick.physics.state import PieceState, TableState
from flick.physics.tower.drop import Rng, ZombieExit, as_generator, drop
from flick.physics.tower.params import TowerParams
from flick.physics.tower.place import (
    MAX_REACH,
    TowerPose,
    hand_off,
    move_to_free_spot,
    obstacle,
    push_clear,
)
from flick.physics.world import World

if TYPE_CHECKING:  # for annotations only: the table imports this module to run `Table.rush`
    from flick.physics.table import Table

# The id the tower reports in touch lists (piece ids start at 1).
TOWER_ID = 0


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


def _table_error(message: str) -> Exception:
    return TableError(message)


# The most zombies one rush drops: the box holds 18 (a rush of a million never ends).
MAX_RUSH = 18


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
        if not 0 <= zombies <= MAX_RUSH:
            raise _table_error(f"cannot rush {zombies} zombies (0 to {MAX_RUSH})")
        return int(zombies), TowerPose(x, y, facing)
    if isinstance(zombies, (bool, str, bytes)) or not hasattr(zombies, "__iter__"):
        raise _table_error(f"zombies is a count or a list of zombie ids, not {zombies!r}"[:120])
    ids = list(zombies)  # not an int (nor a bool) here
    if len(ids) > MAX_RUSH:
        raise _table_error(f"cannot rush {len(ids)} zombies (0 to {MAX_RUSH})")
    if len(set(ids)) != len(ids):
        raise _table_error(f"a zombie is listed twice for the rush: {ids}")
    on_table = set(table.pieces())
    for z in ids:
        if z not in on_table or table.kind(z) != "zombie":
            raise _table_error(f"{z} is not a zombie on the table")
    return ids, TowerPose(x, y, facing)


def _in_the_way(table: Table, pose: TowerPose, tp: TowerParams,
                skip: set[int]) -> tuple[list[int], list[int]]:
    """Pieces and buildings whose footprint overlaps the tower's."""
    tol = table.params.simulation.overlap_tolerance
    box = pose.footprint(tp)
    reach = math.hypot(tp.depth, tp.width) / 2.0
    (fx, fy), half_d, half_w = pose.forward, tp.depth / 2.0, tp.width / 2.0

    def overlaps(pid: int) -> bool:
        x, y = table.position(pid)
        if math.hypot(x - pose.x, y - pose.y) > reach + MAX_REACH:
            return False
        ob = obstacle(table.outline(pid))
        dx, dy = ob.cx - pose.x, ob.cy - pose.y
        if math.hypot(dx, dy) > reach + ob.reach:
            return False
        # The footprint's bounding circle clear of the tower's square (with 1e-6 cm to
        # spare) cannot overlap it.
        along, across = abs(dx * fx + dy * fy) - half_d, abs(dy * fx - dx * fy) - half_w
        if math.hypot(max(along, 0.0), max(across, 0.0)) > ob.reach + 1e-6:
            return False
        return footprint_gap(box, ob.parts) < -tol

    pieces = [pid for pid in table.pieces() if pid not in skip and overlaps(pid)]
    buildings = [bid for bid in table.buildings()
                 if any(overlaps(part) for part in table.building_parts(bid))]
    return pieces, buildings


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


def _into_building(table: Table, zid: int, walls: list[tuple[float, float]]) -> bool:
    """Does the zombie overlap a building part (`walls`: where the parts stand)? The parts'
    centres farther than both reaches cannot, so when all are the table is not asked."""
    x, y = table.position(zid)
    near = table.footprints.get("zombie", table.is_standing(zid)).reach + MAX_REACH
    if all(math.hypot(wx - x, wy - y) > near for wx, wy in walls):
        return False
    return any(table.building_of(o) is not None for o in table.overlapping(zid))


class _Merged:
    """Accumulates the shot results of a rush's loads into one."""

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
        for pid, bid in r.entered.items():
            self.entered.setdefault(pid, bid)
        for pid, bid in r.exited.items():
            self.exited.setdefault(pid, bid)
        self.moved.extend(p for p in r.moved if p not in self.moved)
        for pid, cm in r.distances.items():
            self.distances[pid] = self.distances.get(pid, 0.0) + cm
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


class _Load:
    """One load of the roof: its zombies on the table at the exit, each to enter the one table
    run when it leaves the tower (the run starts as the load's first zombie leaves)."""

    def __init__(self, table: Table, pose: TowerPose, tp: TowerParams, first_exit: float) -> None:
        self.table, self.pose, self.tp = table, pose, tp
        self.first_exit = first_exit
        self.arrivals: dict[int, tuple[float, tuple[float, float], float]] = {}

    def put(self, zid: int, ex: ZombieExit, moving: bool = True) -> None:
        """A zombie (already on the table at its hand-off pose) enters the run at its exit
        time, moving along the tower's facing turned by its heading at its exit speed, with
        its top-down spin (or at rest: `moving` False)."""
        heading = self.pose.facing + ex.heading
        v = ex.speed if moving else 0.0
        spin = ex.yaw_rate if moving else 0.0
        self.arrivals[zid] = (ex.time - self.first_exit,
                              (v * math.cos(heading), v * math.sin(heading)), spin)

    def run(self) -> ShotResult | None:
        if not self.arrivals:
            return None
        world = _tower_world(self.table, self.pose, self.tp)
        world.arrive(self.arrivals)
        result, changed = world.run()
        self.table.put_back(*changed.values())
        return result


def _rush(table: Table, ids: list[int] | int, pose: TowerPose, tp: TowerParams,
          gen: np.random.Generator, start: TableState) -> RushResult:
    lifted = [] if isinstance(ids, int) else list(ids)
    count = ids if isinstance(ids, int) else len(ids)
    lifted_set = set(lifted)
    lifted_state = {p.id: p for p in start.pieces if p.id in lifted_set}
    aside_pieces, aside_buildings = _in_the_way(table, pose, tp, lifted_set)
    aside_set = set(aside_pieces) | set(aside_buildings)
    aside_p = [p for p in start.pieces if p.id in aside_set]
    aside_b = [b for b in start.buildings if b.id in aside_set]
    # What a set-aside piece already touched before the rush is no reason to move it after.
    touched_before = {pid: set(table.overlapping(pid)) for pid in aside_pieces}
    # Off the table during the drop: the lifted zombies and what stands in the tower's way.
    for pid in (*lifted, *aside_pieces, *aside_buildings):
        table.remove(pid)

    footprints = table.footprints
    box = pose.footprint(tp)
    merged = _Merged()
    rushed: list[int] = []
    tumbled: list[int] = []
    exits: list[ZombieExit] = []
    per_load = tp.slot_count()
    # Where the building parts stand (none moves until the rush is over).
    walls = [table.position(part) for bid in table.buildings()
             for part in table.building_parts(bid)]
    for first in range(0, count, per_load):
        out = sorted(drop(min(per_load, count - first), tp, gen), key=lambda e: (e.time, e.slot))
        load = _Load(table, pose, tp, out[0].time)
        for ex in out:
            x, y, angle, standing = hand_off(footprints, pose, tp, ex)
            if lifted:
                zid = lifted[first + ex.slot - 1]
                table.put_back(PieceState(zid, lifted_state[zid].kind, x, y, angle, standing))
            else:
                zid = table.add("zombie", x=x, y=y, angle=angle, standing=standing)
            rushed.append(zid)
            exits.append(ex)
            if not standing:
                tumbled.append(zid)
            if _into_building(table, zid, walls):
                # The exit opens into a building: the zombie tumbles out beside it and stops.
                if table.is_standing(zid):
                    table.lay_down(zid, angle)
                    tumbled.append(zid)
                move_to_free_spot(table, zid, box)
                load.put(zid, ex, moving=False)
                continue
            load.put(zid, ex)
        result = load.run()
        if result is not None:
            merged.add(result)

    # Put back what was set aside. A piece that moved in the rush and now lies where a
    # set-aside building stands goes to a free spot; so does a set-aside piece that now
    # overlaps something it did not overlap before.
    if aside_p or aside_b:
        table.put_back(*aside_p, buildings=aside_b)
    # The lifted zombies, put back one by one, in id order again (new zombies get ids above
    # every piece's).
    table.sort_pieces()
    if aside_b:
        for pid in dict.fromkeys([*rushed, *merged.moved]):
            if any(table.building_of(o) in aside_buildings for o in table.overlapping(pid)):
                move_to_free_spot(table, pid)
    for p in aside_p:
        if set(table.overlapping(p.id)) - touched_before[p.id]:
            move_to_free_spot(table, p.id)
    # pymunk lets resting contacts sink in by its collision slop: a rushed zombie left
    # overlapping a support block or another piece is moved clear.
    for zid in rushed:
        push_clear(table, zid)

    end = table.snapshot()
    w, h = end.city
    was = {p.id: p for p in start.pieces}
    rushed_set, tumbled_set = set(rushed), set(tumbled)

    def inside(p: PieceState) -> bool:
        return 0.0 <= p.x <= w and 0.0 <= p.y <= h

    left = [p.id for p in end.pieces
            if not inside(p) and (p.id in rushed_set or (p.id in was and inside(was[p.id])))]
    return RushResult(
        launched=tuple(rushed),
        touch_lists=MappingProxyType({k: tuple(v) for k, v in merged.touch.items()}),
        fell=tuple(p for p in merged.fell if p not in tumbled_set),
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
