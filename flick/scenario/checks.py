"""The checks a scenario needs beyond its types: names used once, teams and references
that exist, tokens the box holds, rules with their parameters; and (in `table_checks`) the
pieces on the table: inside the city, not overlapping, doors free and reachable.

Each check reports through `report(path, message)`, where `path` locates the offending value
in the file; the loader turns paths into lines. All problems are reported, not the first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from flick.errors import FlickError
from flick.scenario.model import (
    BARRELS_IN_BOX,
    BARRICADES_IN_BOX,
    BUILDINGS,
    FIRST_NAMES,
    INVENTORY_SPACES,
    LAMPS_IN_BOX,
    SURVIVORS,
    TOKEN_BOX,
    ZOMBIES_IN_BOX,
    Condition,
    Objective,
    Scenario,
)
from flick.scenario.table_checks import check_geometry

Report = Callable[..., None]

# Survivors found or recruited during a game (S5's found survivors, S8's new survivors)
# start with 2 life tokens (rulebook S5, S8).
RECRUIT_LIFE = 2
# Power-side boards that start with tokens (rulebook, special powers).
POWER_TOKENS: dict[str, dict[str, int]] = {
    "Anita Wallace": {"extra_action": 2},
    "Elijah Jordan": {"flare": 2},
}
# Olivia may stack 2 medicine, Loretta 2 food, in one space (power side).
STACKERS = {"Olivia Brown", "Loretta Clay"}


# Each check and the top-level values it reads. A check is skipped when one of them had to be
# replaced or left out because it was broken (that is already reported), so a typo is never
# followed by problems that are only its echo.
DEPENDS: dict[str, frozenset[str]] = {
    "names": frozenset(),
    "teams": frozenset({"teams", "mode", "buildings", "pretzel", "objectives", "losing",
                        "instant_defeat", "skull", "reserve_survivors"}),
    "tokens": frozenset({"tokens", "teams", "buildings", "vehicles", "boxes", "barrels",
                         "pretzel", "reserve_survivors"}),
    "zombies": frozenset({"zombies", "zombie_bin"}),
    "rules": frozenset({"special_rules", "round_marker", "barricades", "reserve_survivors"}),
    "provenance": frozenset({"provenance"}),
    "geometry": frozenset({"city", "zombie_bin", "buildings", "barricades"}),
}


def run_all(sc: Scenario, report: Report, skip: frozenset[str] = frozenset(),
            partial: frozenset[str] = frozenset()) -> None:
    """Run every check. `skip` names top-level values that were unusable and replaced;
    `partial` those that lost broken list entries (both already reported). A check reading
    a skipped value does not run; when a building entry was lost, any building name is
    accepted as a token location or base (they would all look misplaced otherwise)."""
    runs: dict[str, Callable[..., None]] = {
        "names": check_names, "teams": check_teams, "tokens": check_tokens,
        "zombies": check_zombie_count, "rules": check_rules, "provenance": check_provenance,
        "geometry": check_geometry,
    }
    for name, check in runs.items():
        if DEPENDS[name] & skip:
            continue
        if name in ("teams", "tokens"):
            check(sc, report, lenient="buildings" in partial)
        elif name == "geometry":
            try:
                check(sc, report)
            except FlickError as exc:  # the physics table refused a piece: say so, in place
                report((), f"the physics table refuses this set-up: {exc}")
        else:
            check(sc, report)


# --- names ---------------------------------------------------------------------------------

def check_names(sc: Scenario, report: Report) -> None:
    seen: dict[str, tuple[str | int, ...]] = {}
    for ti, team in enumerate(sc.teams):
        for si, sv in enumerate(team.survivors):
            path: tuple[str | int, ...] = ("teams", ti, "survivors", si, "name")
            if sv.name in seen:
                report(path, f"survivor '{sv.name}' is used twice", other=seen[sv.name])
            else:
                seen[sv.name] = path
    for i, name in enumerate(sc.reserve_survivors):
        path = ("reserve_survivors", i)
        if name in seen:
            report(path, f"survivor '{name}' is used twice", other=seen[name])
        else:
            seen[name] = path
    _unique(sc, report, "buildings", [b.name for b in sc.buildings], "building")
    _unique(sc, report, "vehicles", [v.name for v in sc.vehicles], "vehicle")
    _unique(sc, report, "boxes", [b.number for b in sc.boxes], "box number")
    for field, count, box in (("barrels", len(sc.barrels), BARRELS_IN_BOX),
                              ("street_lamps", len(sc.street_lamps), LAMPS_IN_BOX),
                              ("barricades", len(sc.barricades), BARRICADES_IN_BOX)):
        if count > box:
            report((field, box), f"{count} {field.replace('_', ' ')}, the box has only {box}")


def _unique(sc: Scenario, report: Report, field: str, names: list[Any], what: str) -> None:
    first: dict[Any, int] = {}
    for i, name in enumerate(names):
        if name in first:
            report((field, i, "number" if what == "box number" else "name"),
                   f"{what} '{name}' is used twice", other=(field, first[name]))
        else:
            first[name] = i


# --- teams, pretzel, objectives ---------------------------------------------------------

def check_teams(sc: Scenario, report: Report, lenient: bool = False) -> None:
    names = [t.name for t in sc.teams]
    present: set[str] = set(BUILDINGS) if lenient else {b.name for b in sc.buildings}
    for i, n in enumerate(names):
        if n in names[:i]:
            report(("teams", i, "name"), f"team '{n}' is defined twice")
    if sc.mode == "co-op" and len(sc.teams) != 1:
        report(("teams",), f"a co-op scenario has one team, this one has {len(sc.teams)}")
    if sc.mode == "competitive" and len(sc.teams) < 2:
        report(("teams",), "a competitive scenario needs at least 2 teams")
    for i, team in enumerate(sc.teams):
        if team.base is not None and team.base not in present:
            report(("teams", i, "base"), f"team {team.name}'s base '{team.base}' is not on the map")
        if not team.survivors and team.open_slots is None:
            report(("teams", i), f"team {team.name} has no survivors and no open slots")
        slots = team.open_slots
        if slots is not None:
            if slots.min > slots.max:
                report(("teams", i, "open_slots", "min"), "open_slots: min is larger than max")
            if len(slots.spots) < slots.max:
                report(("teams", i, "open_slots", "spots"),
                       f"open_slots: {slots.max} survivors need {slots.max} spots, "
                       f"{len(slots.spots)} given")
    if sc.mode == "competitive" and sc.pretzel is None:
        report(("mode",), "a competitive scenario needs the pretzel's holder (key 'pretzel')")
    if sc.pretzel is not None:
        pz = sc.pretzel
        if sc.mode == "co-op":
            report(("pretzel",), "the pretzel is used only in competitive scenarios")
        if (pz.survivor is None) == (pz.team is None):
            report(("pretzel",), "the pretzel goes to one survivor or one team: give exactly one")
        if pz.survivor is not None and pz.survivor not in {s.name for s in sc.survivors}:
            report(("pretzel", "survivor"),
                   f"the pretzel's holder '{pz.survivor}' is not in a team")
        if pz.team is not None and pz.team not in names:
            report(("pretzel", "team"), f"no team named '{pz.team}'")
    survivors_here = {s.name for s in sc.survivors} | set(sc.reserve_survivors)
    goals: tuple[tuple[str, Sequence[Objective | Condition]], ...] = (
        ("objectives", sc.objectives), ("instant_defeat", sc.instant_defeat),
        ("losing", sc.losing))
    for field, items in goals:
        for i, obj in enumerate(items):
            owner = getattr(obj, "team", None)
            if owner is not None and owner not in names:
                report((field, i, "team"), f"no team named '{owner}'")
            _check_params(obj.params, (field, i, "params"), present, survivors_here, names,
                          report)
    _check_params(sc.skull.params, ("skull", "params"), present, survivors_here, names, report)


def _check_params(params: dict[str, Any], path: tuple, buildings_present: set[str],
                  survivors: set[str], teams: list[str], report: Report) -> None:
    for key, value in params.items():
        if key in ("base", "building") and value not in buildings_present:
            report((*path, key), f"'{value}' is not a building on the map")
        if key == "survivor":
            full = FIRST_NAMES.get(str(value), value)
            if full not in SURVIVORS:
                report((*path, key), f"unknown survivor '{value}'")
            elif full not in survivors:
                report((*path, key), f"survivor '{value}' is not in this scenario")
        if key == "team" and value not in teams:
            report((*path, key), f"no team named '{value}'")
        if key == "bases" and isinstance(value, dict):
            for team, base in value.items():
                if team not in teams:
                    report((*path, key, team), f"no team named '{team}'")
                if base not in buildings_present:
                    report((*path, key, team), f"'{base}' is not a building on the map")


# --- tokens -------------------------------------------------------------------------------

def _locations(sc: Scenario, lenient: bool = False) -> set[str]:
    """Where tokens may go: buildings, vehicles, numbered boxes, barrels and the supply."""
    out: set[str] = set(BUILDINGS) if lenient else {b.name for b in sc.buildings}
    out |= {v.name for v in sc.vehicles}
    out |= {f"box_{b.number}" for b in sc.boxes}
    out |= {f"barrel_{i + 1}" for i in range(len(sc.barrels))}
    out.add("supply")
    return out


def check_tokens(sc: Scenario, report: Report, lenient: bool = False) -> None:
    where = _locations(sc, lenient)
    used: Counter[str] = Counter()
    last_path: dict[str, tuple] = {}

    def add(kind: str, n: int, path: tuple) -> None:
        used[kind] += n
        if used[kind] > TOKEN_BOX[kind] and used[kind] - n <= TOKEN_BOX[kind]:
            report(path, f"more {kind} tokens than the box has: {TOKEN_BOX[kind]} in the box, "
                         f"this set-up uses at least {used[kind]}")
        last_path[kind] = path

    for pi, pool in enumerate(sc.tokens.pools):
        base = ("tokens", "pools", pi)
        for kind, n in pool.shuffle.items():
            if n < 1:
                report((*base, "shuffle", kind), f"a pool holds at least 1 {kind} token, not {n}")
            add(kind, max(n, 0), (*base, "shuffle", kind))
        for loc, n in pool.place.items():
            if loc not in where:
                report((*base, "place", loc), f"unknown token location '{loc}' "
                       f"(here: {', '.join(sorted(where))})", key=True)
            if n < 1:
                report((*base, "place", loc), f"place at least 1 token, not {n}")
        dealt = pool.remove_random + sum(pool.place.values()) + pool.supply
        if dealt != pool.size:
            report((*base, "shuffle"), f"the pool has {pool.size} tokens but deals {dealt} "
                   f"({pool.remove_random} removed + {sum(pool.place.values())} placed + "
                   f"{pool.supply} in the supply)")
    for fi, fixed in enumerate(sc.tokens.fixed):
        path = ("tokens", "fixed", fi)
        if fixed.at not in where:
            report((*path, "at"), f"unknown token location '{fixed.at}' "
                   f"(here: {', '.join(sorted(where))})")
        add(fixed.token, fixed.count, (*path, "count"))
    life_path: tuple = ("teams",)
    for ti, team in enumerate(sc.teams):
        for si, sv in enumerate(team.survivors):
            spath = ("teams", ti, "survivors", si)
            spaces = INVENTORY_SPACES * (2 if sv.power_side and sv.name in STACKERS else 1)
            if len(sv.inventory) > spaces:
                report((*spath, "inventory"), f"{sv.name} carries {len(sv.inventory)} tokens, "
                       f"the board has {INVENTORY_SPACES} spaces")
            for k, kind in enumerate(sv.inventory):
                add(kind, 1, (*spath, "inventory", k))
            if sv.power_side:
                for power_kind, n in POWER_TOKENS.get(sv.name, {}).items():
                    add(power_kind, n, (*spath, "power_side"))
            life_path = (*spath, "life")
            add("life", sv.life, life_path)
        if team.open_slots is not None:
            add("life", team.open_slots.max * team.open_slots.life,
                ("teams", ti, "open_slots", "life"))
    if sc.reserve_survivors:
        add("life", RECRUIT_LIFE * len(sc.reserve_survivors), ("reserve_survivors",))
    if sc.pretzel is not None:
        add("pretzel", 1, ("pretzel",))


def check_zombie_count(sc: Scenario, report: Report) -> None:
    total = len(sc.zombies) + sc.zombie_bin.zombies
    if total > ZOMBIES_IN_BOX:
        path = ("zombies", ZOMBIES_IN_BOX - sc.zombie_bin.zombies) if sc.zombies else (
            "zombie_bin", "zombies")
        report(path, f"more than {ZOMBIES_IN_BOX} zombies: {len(sc.zombies)} on the map + "
               f"{sc.zombie_bin.zombies} in the bin = {total}")


def check_rules(sc: Scenario, report: Report) -> None:
    seen: set[str] = set()
    for i, rule in enumerate(sc.special_rules):
        if rule.id in seen:
            report(("special_rules", i, "id"), f"special rule '{rule.id}' is listed twice")
        seen.add(rule.id)
        if rule.id == "hunger":
            markers = rule.params.get("markers")
            if (not isinstance(markers, list) or not markers
                    or not all(isinstance(m, int) and 1 <= m <= sc.round_marker.start
                               for m in markers)):
                report(("special_rules", i, "params"), "hunger needs params.markers: a list of "
                       f"round-marker spaces between 1 and {sc.round_marker.start}")
    if sc.barricades and "barricades" not in seen:
        report(("barricades",), "barricades are on the map but the rule 'barricades' is not "
               "in special_rules")
    if sc.reserve_survivors and not seen & {"found_survivors", "new_survivor", "rescued_figure"}:
        report(("reserve_survivors",), "reserve survivors need the rule 'found_survivors', "
               "'new_survivor' or 'rescued_figure'")


def check_provenance(sc: Scenario, report: Report) -> None:
    fields = set(Scenario.model_fields)
    for group in ("rulebook", "reconstructed"):
        for i, entry in enumerate(getattr(sc.provenance, group)):
            head = entry.split(".")[0].split("[")[0].strip()
            if head not in fields:
                report(("provenance", group, i), f"provenance names '{entry}', which is not a "
                       "key of a scenario")
