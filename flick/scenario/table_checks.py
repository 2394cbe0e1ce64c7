"""The set-up checks that need the pieces on a physics table: inside the city, not
overlapping, doors free, every door reachable, no survivor next to a zombie.

The scenario is placed on a default `flick.physics.Table` (`flick.scenario.place`), and the
table's own queries (`overlapping`, `outline`, `door_line`, `is_inside`, `distance`) decide,
so the checks and the game agree on sizes. Open-slot spots (S9, S10) are checked with
stand-in survivors on them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from flick.physics import Table
from flick.physics.geometry import footprint_gap
from flick.scenario.model import SURVIVORS, Scenario
from flick.scenario.place import Placement, setup_table

Report = Callable[..., None]


def check_geometry(sc: Scenario, report: Report) -> None:
    """Place the scenario on a physics table and ask it what overlaps what."""
    table, pl = setup_table(sc, chosen=_stand_ins(sc))
    pl = _relabel(sc, pl)
    w, h = sc.city.width, sc.city.height
    tol = table.params.simulation.overlap_tolerance
    tower = [(pl.tower.corners(), 0.0)]

    def outside(outline: list) -> bool:
        return any(not (r - tol <= x <= w - r + tol and r - tol <= y <= h - r + tol)
                   for core, r in outline for x, y in core)

    def owner(pid: int) -> int:
        """A building part -> its building; a piece -> itself."""
        b = table.building_of(pid)
        return pid if b is None else b

    if outside(tower):
        report(("zombie_bin",),
               f"the zombie tower is not wholly inside the city ({w:g} x {h:g} cm)")
    for bid in table.buildings():
        if any(outside(table.outline(part)) for part in table.building_parts(bid)):
            report(pl.paths[bid], f"{pl.label(bid)} is not wholly inside the city "
                   f"({w:g} x {h:g} cm)")
    for pid in table.pieces():
        if outside(table.outline(pid)):
            report(pl.paths[pid], f"{pl.label(pid)} is outside the city ({w:g} x {h:g} cm)")
    # overlaps, each pair once, reported at the later entry of the file
    seen: set[tuple[int, int]] = set()
    solids = [*table.pieces(), *(p for b in table.buildings() for p in table.building_parts(b))]
    for pid in solids:
        me = owner(pid)
        for other in table.overlapping(pid):
            them = owner(other)
            if them == me:
                continue
            pair = (min(me, them), max(me, them))
            if pair in seen:
                continue
            seen.add(pair)
            late, early = (me, them) if pl.paths[me] > pl.paths[them] else (them, me)
            report(pl.paths[late], f"{pl.label(late)} overlaps {pl.label(early)}",
                   other=pl.paths[early])
    # Buildings are static: the table's collision layers never pair their parts, so compare
    # their footprints directly (a facade over another building's block is still a clash).
    blds = table.buildings()
    for i, a in enumerate(blds):
        for b in blds[:i]:
            if any(footprint_gap(table.outline(pa), table.outline(pb)) < -tol
                   for pa in table.building_parts(a) for pb in table.building_parts(b)):
                seen.add((min(a, b), max(a, b)))
                report(pl.paths[a], f"{pl.label(a)} overlaps {pl.label(b)}", other=pl.paths[b])
    under_tower: set[int] = set()
    for pid in solids:
        if footprint_gap(tower, table.outline(pid)) < -tol and owner(pid) not in under_tower:
            me = owner(pid)
            under_tower.add(me)
            report(pl.paths[me], f"{pl.label(me)} overlaps the zombie tower",
                   other=("zombie_bin",))
    _check_doors(sc, table, pl, report)
    _check_reachable(sc, table, pl, report)
    _check_too_close(table, pl, report)


def _stand_ins(sc: Scenario) -> dict[str, list[str]]:
    """Survivors to stand on every open-slot spot, so the spots are checked like figures."""
    free = [n for n in SURVIVORS if n not in {s.name for s in sc.survivors}
            and n not in sc.reserve_survivors]
    out: dict[str, list[str]] = {}
    for team in sc.teams:
        if team.open_slots is not None:
            n = min(team.open_slots.max, len(team.open_slots.spots), len(free))
            if n >= team.open_slots.min:
                out[team.name], free = free[:n], free[n:]
    return out


def _relabel(sc: Scenario, pl: Placement) -> Placement:
    """Name the stand-ins by their spots ('team A's start spot 2') in messages."""
    keys = dict(pl.keys)
    for pid, path in pl.paths.items():
        if "open_slots" in path:
            keys[pid] = f"team {sc.teams[path[1]].name}'s start spot {path[-1] + 1}"
    return dataclasses.replace(pl, keys=keys)


def _check_doors(sc: Scenario, table: Table, pl: Placement, report: Report) -> None:
    """A movement disc must fit just outside each door, and half across it."""
    w, h = sc.city.width, sc.city.height
    r = _disc_diameter(table) / 2
    tol = table.params.simulation.overlap_tolerance
    tower = [(pl.tower.corners(), 0.0)]
    meant = {pl.objects[f"barricade_{i + 1}"]: bar.building
             for i, bar in enumerate(sc.barricades)}
    for bid in table.buildings():
        name = table.building_name(bid)
        (ax, ay), (bx, by) = table.door_line(bid)
        nx, ny = table.front_normal(bid)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        out_x, out_y = mx + nx * (r + 0.05), my + ny * (r + 0.05)
        if not (r <= out_x <= w - r and r <= out_y <= h - r):
            report(pl.paths[bid], f"{pl.label(bid)}'s door faces the city limit with no room for "
                   "a movement disc in front of it")
        blockers: dict[int, None] = {}
        for off in (r + 0.05, 0.0):
            disc = table.add("movement_disc", x=mx + nx * off, y=my + ny * off)
            try:
                for other in table.overlapping(disc):
                    b = table.building_of(other)
                    who = other if b is None else b
                    if who == bid or meant.get(who) == name:
                        continue
                    blockers[who] = None
                if footprint_gap(tower, table.outline(disc)) < -tol:
                    blockers[-1] = None
            finally:
                table.remove(disc)
        for who in blockers:
            label, path = ("the zombie tower", ("zombie_bin",)) if who == -1 else (
                pl.label(who), pl.paths[who])
            report(pl.paths[bid], f"{pl.label(bid)}'s door is blocked at set-up by {label}",
                   other=path)
    for i, bar in enumerate(sc.barricades):
        if bar.building is None:
            continue
        barred = pl.buildings.get(bar.building)
        if barred is None:
            report(("barricades", i, "building"), f"'{bar.building}' is not a building on the map")
        elif not table.is_inside(pl.objects[f"barricade_{i + 1}"], barred):
            report(("barricades", i), f"barricade {i + 1} is meant for {pl.label(barred)}'s door "
                   "but no part of it lies between its blocks")


REACH_STEP = 2.0  # cm, the grid of disc positions searched for a way to each door


def _check_reachable(sc: Scenario, table: Table, pl: Placement, report: Report) -> None:
    """Every survivor's start joins every building's door: a movement disc can travel between
    them without crossing a building, an object or the tower. Figures and barricade tokens
    are left out (zombies can be shot, barricades pushed). A grid search, REACH_STEP apart."""
    from collections import deque

    figures = {*pl.zombies, *pl.survivors.values()}
    r = _disc_diameter(table) / 2
    obstacles: list[tuple[float, float, float, float, list]] = []

    def add(outline: list) -> None:
        xs = [x + sign * rad for core, rad in outline for x, _ in core for sign in (-1, 1)]
        ys = [y + sign * rad for core, rad in outline for _, y in core for sign in (-1, 1)]
        obstacles.append((min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r, outline))

    for pid in table.pieces():
        if pid not in figures and table.kind(pid) != "barricade":
            add(table.outline(pid))
    for bid in table.buildings():
        for part in table.building_parts(bid):
            add(table.outline(part))
    add([(pl.tower.corners(), 0.0)])
    w, h = sc.city.width, sc.city.height
    cells: set[tuple[int, int]] = set()
    for i in range(int(w / REACH_STEP) + 1):
        for j in range(int(h / REACH_STEP) + 1):
            x, y = i * REACH_STEP, j * REACH_STEP
            if not (r <= x <= w - r and r <= y <= h - r):
                continue
            disc = [(((x, y),), r)]
            if all(not (x0 <= x <= x1 and y0 <= y <= y1) or footprint_gap(disc, out) >= 0
                   for x0, y0, x1, y1, out in obstacles):
                cells.add((i, j))

    def near(x: float, y: float) -> tuple[int, int] | None:
        i0, j0 = round(x / REACH_STEP), round(y / REACH_STEP)
        around = [(i0 + di, j0 + dj) for di in (-1, 0, 1) for dj in (-1, 0, 1)]
        free = [c for c in around if c in cells]
        if not free:
            return None
        return min(free, key=lambda c: (c[0] * REACH_STEP - x) ** 2 + (c[1] * REACH_STEP - y) ** 2)

    starts = [(pid, near(*table.position(pid))) for pid in pl.survivors.values()]
    first = next((c for _, c in starts if c is not None), None)
    if first is None:
        return
    seen = {first}
    todo = deque([first])
    while todo:
        i, j = todo.popleft()
        for nb in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    for pid, cell in starts:
        if cell is not None and cell not in seen:
            report(pl.paths[pid], f"{pl.label(pid)} is walled in: no way for a movement disc "
                   f"from there to the other survivors")
    for bid in table.buildings():
        (ax, ay), (bx, by) = table.door_line(bid)
        nx, ny = table.front_normal(bid)
        cell = near((ax + bx) / 2 + nx * (r + 1.0), (ay + by) / 2 + ny * (r + 1.0))
        if cell is not None and cell not in seen:
            report(pl.paths[bid], f"{pl.label(bid)}'s door cannot be reached: no way for a "
                   "movement disc from the survivors' start to it")


def _disc_diameter(table: Table) -> float:
    """A movement disc's diameter (cm): the parameters give every round piece one."""
    diameter = table.params.pieces["movement_disc"].diameter
    assert diameter is not None
    return diameter


def _check_too_close(table: Table, pl: Placement, report: Report) -> None:
    """A standing survivor next to a standing zombie would lose a life before anyone moved."""
    disc = _disc_diameter(table)
    zombies = [z for z in pl.zombies if table.is_standing(z)]
    for sid in pl.survivors.values():
        for z in zombies:
            if table.distance(sid, z) < disc:
                report(pl.paths[sid], f"{pl.label(sid)} starts next to {pl.label(z)} (closer "
                       f"than a movement disc's width, {disc:g} cm)", other=pl.paths[z])
