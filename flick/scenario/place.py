"""Setting a scenario on a physics table: `place(scenario, table) -> Placement`.

The rules engine, the checks and the map drawing all start from the same placed table, so
they agree on where everything stands. Pieces go on the table in file order: buildings (the
RV too), vehicles, barrels, boxes, street lamps, barricades, zombies, then each team's
survivors. The zombie tower is not a table piece (`flick.physics.tower` drops the zombies);
its pose is returned in `Placement.tower`.

>>> from flick.physics import PhysicsParams, Table
>>> from flick.scenario import load
>>> sc = load(1)
>>> table = Table(PhysicsParams.default(), city=(sc.city.width, sc.city.height))
>>> p = place(sc, table)
>>> table.kind(p.survivors["Anita Wallace"])
'survivor'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from flick.errors import FlickError
from flick.paths import assets
from flick.physics import PhysicsParams, Table
from flick.physics.tower.params import TOWER_FOOTPRINT_CM
from flick.physics.tower.place import TowerPose
from flick.scenario.model import FIRST_NAMES, Scenario

Path = tuple[Any, ...]


@dataclass(frozen=True)
class Placement:
    """Table ids of a placed scenario, by the names the rules use.

    `survivors`: full name -> piece id; `zombies`: ids in file order; `buildings`: building
    name (`library`, ..., `rv`) -> building id; `objects`: `car`, `ice_cream_truck`,
    `pickup_truck`, `barrel_1`.., `box_<number>`, `street_lamp_1`.., `barricade_1`.. -> id.
    `keys` names every placed piece and building; `paths` locates it in the scenario file.
    """

    survivors: Mapping[str, int]
    zombies: tuple[int, ...]
    buildings: Mapping[str, int]
    objects: Mapping[str, int]
    tower: TowerPose
    keys: Mapping[int, str] = field(default_factory=dict)
    paths: Mapping[int, Path] = field(default_factory=dict)

    @cached_property
    def pieces(self) -> dict[str, int]:
        """Every placed piece (no building) by the name the rules use: `car`, `barrel_2`,
        `box_1`, `barricade_1`, `zombie_4` (zombies in file order), a survivor's full name."""
        bids = set(self.buildings.values())
        out = {str(key): int(pid) for pid, key in self.keys.items() if int(pid) not in bids}
        out.update({str(k): int(v) for k, v in self.survivors.items()})
        out.update({str(k): int(v) for k, v in self.objects.items()})
        for i, z in enumerate(self.zombies):
            out.setdefault(f"zombie_{i + 1}", int(z))
        return out

    def label(self, pid: int) -> str:
        """A readable name for a piece or building id: 'zombie 3', 'Anita Wallace', 'RV'."""
        key = self.keys.get(pid, f"piece {pid}")
        if key == "rv":
            return "the RV"
        if key in self.buildings:
            return "the " + key.replace("_", " ")
        return key.replace("_", " ")


@lru_cache(maxsize=1)
def tower_size() -> tuple[float, float]:
    """(width, depth) of the tower's footprint, cm: from the default parameters' `tower:`
    section; without one, components.md's 12 x 12 cm. A broken parameter file is an error
    (`DataFileError`, file and line), not a reason to guess."""
    tp = PhysicsParams.default().tower
    if tp is None:  # the tower model is optional for set-up
        return TOWER_FOOTPRINT_CM, TOWER_FOOTPRINT_CM
    return float(tp.width), float(tp.depth)


def place(scenario: Scenario, table: Table,
          chosen: Mapping[str, Sequence[str]] | None = None) -> Placement:
    """Put the scenario's set-up on `table` (a `flick.physics.Table`); the ids by name.

    `chosen` maps a team with open slots (S9, S10) to the survivors its players picked, in
    spot order; teams left out get no figures there. A bad choice raises `FlickError`
    before anything is put on the table.
    """
    picks = _check_chosen(scenario, chosen or {})
    keys: dict[int, str] = {}
    paths: dict[int, Path] = {}
    buildings: dict[str, int] = {}
    for i, b in enumerate(scenario.buildings):
        bid = table.add_building(b.name, x=b.x, y=b.y, angle=math.radians(b.facing))
        buildings[b.name] = bid
        keys[bid] = b.name
        paths[bid] = ("buildings", i)
    objects: dict[str, int] = {}

    def put(key: str, kind: str, path: Path, x: float, y: float, angle_deg: float,
            standing: bool = True) -> int:
        pid = table.add(kind, x=x, y=y, angle=math.radians(angle_deg), standing=standing)
        keys[pid] = key
        paths[pid] = path
        return pid

    for i, v in enumerate(scenario.vehicles):
        objects[v.name] = put(v.name, v.name, ("vehicles", i), v.x, v.y, v.angle)
    for i, br in enumerate(scenario.barrels):
        objects[f"barrel_{i + 1}"] = put(f"barrel_{i + 1}", "barrel", ("barrels", i), br.x, br.y,
                                         br.angle, br.standing)
    for i, bx in enumerate(scenario.boxes):
        objects[f"box_{bx.number}"] = put(f"box_{bx.number}", "box", ("boxes", i), bx.x, bx.y,
                                          bx.angle)
    for i, lamp in enumerate(scenario.street_lamps):
        key = f"street_lamp_{i + 1}"
        objects[key] = put(key, "street_lamp", ("street_lamps", i), lamp.x, lamp.y, lamp.angle,
                           lamp.standing)
    for i, bar in enumerate(scenario.barricades):
        key = f"barricade_{i + 1}"
        objects[key] = put(key, "barricade", ("barricades", i), bar.x, bar.y, bar.angle)
    zombies = tuple(put(f"zombie_{i + 1}", "zombie", ("zombies", i), z.x, z.y, z.facing,
                        z.standing) for i, z in enumerate(scenario.zombies))
    survivors: dict[str, int] = {}
    for ti, team in enumerate(scenario.teams):
        for si, sv in enumerate(team.survivors):
            survivors[sv.name] = put(sv.name, "survivor", ("teams", ti, "survivors", si),
                                     sv.x, sv.y, sv.facing)
        if team.open_slots is not None:
            for k, name in enumerate(picks.get(team.name, ())):
                spot = team.open_slots.spots[k]
                survivors[name] = put(name, "survivor",
                                      ("teams", ti, "open_slots", "spots", k), spot.x, spot.y, 90.0)
    zb = scenario.zombie_bin
    width, depth = tower_size()
    tower = TowerPose(zb.x, zb.y, math.radians(zb.tower_facing), width, depth)
    return Placement(survivors, zombies, buildings, objects, tower, keys, paths)


def setup_table(scenario: Scenario, params: PhysicsParams | None = None,
                chosen: Mapping[str, Sequence[str]] | None = None) -> tuple[Table, Placement]:
    """A new physics table (default parameters unless given) with the scenario placed."""
    table = Table(params or default_params(), city=(scenario.city.width, scenario.city.height))
    return table, place(scenario, table, chosen)


def default_params() -> PhysicsParams:
    """The shipped `PhysicsParams`, read once per version of the file: checking a scenario
    builds a table, and reading the parameter file took longer than the checks themselves."""
    path = assets() / "physics" / "default.yaml"
    try:
        version = path.stat().st_mtime_ns
    except OSError:
        return PhysicsParams.default()  # which names the problem
    return _params_of(str(path), version)


@lru_cache(maxsize=2)
def _params_of(path: str, version: int) -> PhysicsParams:
    return PhysicsParams.load(path)


def _check_chosen(scenario: Scenario, chosen: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    teams = {t.name: t for t in scenario.teams}
    taken = {s.name for s in scenario.survivors} | set(scenario.reserve_survivors)
    out: dict[str, list[str]] = {}
    for team_name, names in chosen.items():
        team = teams.get(team_name)
        if team is None or team.open_slots is None:
            raise FlickError(f"team {team_name!r} has no open slots in scenario "
                             f"{scenario.number}")
        full = [FIRST_NAMES.get(n, n) for n in names]
        slots = team.open_slots
        if not slots.min <= len(full) <= slots.max:
            raise FlickError(f"team {team_name} takes {slots.min}-{slots.max} survivors, "
                             f"{len(full)} chosen")
        for name in full:
            if name not in FIRST_NAMES.values():
                raise FlickError(f"unknown survivor {name!r}")
            if name in taken:
                raise FlickError(f"survivor {name} is already in the game")
            taken.add(name)
        out[team_name] = full
    return out
