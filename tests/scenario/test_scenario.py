"""The ten bundled scenarios: they load and validate, their numbers match the rulebook, and
they can be placed on a physics table by name."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from flick.errors import DataFileError, FlickError
from flick.physics import PhysicsParams, Table
from flick.scenario import TOKEN_BOX, bundled, check, load, resolve
from flick.scenario.model import slugify
from flick.scenario.place import place

# The rulebook's scenario table (clean reading of the booklet's legends). Values the clean
# reading leaves open are this project's readings of the raw text, marked "reading" (they
# are documented in each file's provenance notes).
RULEBOOK = {
    1: dict(name="Get Outta Town!", mode="co-op", players=(1, 10),
            survivors={"Anita Wallace": 2, "John Price": 2, "Thomas Heart": 2,
                       "Loretta Clay": 2, "Kevin Jackson": 2},
            bin=12, marker=4, day=2, night=3),  # bin: reading of '21 2'
    2: dict(name="They're Everywhere!", mode="co-op", players=(1, 10),
            survivors={"Elijah Jordan": 3, "Lily Mae": 3, "Mike Cho": 3, "John Price": 3,
                       "Rosa Rodriguez": 2},  # Rosa: reading of '2 Rosa'
            bin=3, marker=4, day=2, night=3),
    3: dict(name="Tend to the Wounded", mode="co-op", players=(1, 10),
            survivors={"Gabriel Diaz": 3, "Mike Cho": 3, "Olivia Brown": 3, "Thomas Heart": 3,
                       "Kevin Jackson": 3},
            bin=12, marker=4, day=2, night=3),  # bin: reading of '21 2'
    4: dict(name="Starvation", mode="co-op", players=(1, 10),
            survivors={"Elijah Jordan": 3, "Lily Mae": 3, "Rosa Rodriguez": 3,
                       "Loretta Clay": 3, "John Price": 3},
            bin=3, marker=5, day=2, night=3),  # day/night: reading (illegible)
    5: dict(name="Separated", mode="co-op", players=(1, 10),
            survivors={"Anita Wallace": 2, "Gabriel Diaz": 2, "Thomas Heart": 2,
                       "Kevin Jackson": 2},
            bin=3, marker=8, day=2, night=4),
    6: dict(name="Tensions Rise!", mode="competitive", players=(2, 10),
            teams={"A": ["Elijah Jordan", "Gabriel Diaz", "Loretta Clay", "Mike Cho"],
                   "B": ["Anita Wallace", "Rosa Rodriguez", "Thomas Heart", "Kevin Jackson"]},
            life=3, bin=3, marker=10, day=2, night=3),
    7: dict(name="Cornering the Market", mode="competitive", players=(2, 10),
            teams={"A": ["Elijah Jordan", "Lily Mae", "Kevin Jackson", "Olivia Brown",
                         "John Price"],
                   "B": ["Gabriel Diaz", "Rosa Rodriguez", "Thomas Heart", "Loretta Clay",
                         "Mike Cho"]},
            life=3, power=True, bin=3, marker=9, day=1, night=4),
    8: dict(name="Strength in Numbers", mode="competitive", players=(2, 10),
            teams={"A": ["Anita Wallace", "Rosa Rodriguez", "Kevin Jackson"],
                   "B": ["Elijah Jordan", "Mike Cho", "Thomas Heart"]},
            life=3, power=True, bin=3, marker=8, day=1, night=4),
    9: dict(name="Home", mode="competitive", players=(6, 10), counts=(6, 8, 10),
            open_life=4, bin=3, marker=8, day=2, night=4),
    10: dict(name="At Each Other's Throats", mode="competitive", players=(6, 10),
             counts=(6, 8, 10), open_life=4, bin=3, marker=5, day=2, night=4),
}


def test_ten_bundled_files_named_after_their_titles() -> None:
    files = bundled()
    assert [int(f.stem[1:3]) for f in files] == list(range(1, 11))
    assert files[0].name == "s01_get_outta_town.yaml"
    assert files[-1].name == "s10_at_each_others_throats.yaml"
    for f in files:
        sc = load(f)
        assert f.stem == f"s{sc.number:02d}_{slugify(sc.name)}"


@pytest.mark.parametrize("number", range(1, 11))
def test_scenario_matches_rulebook(number: int) -> None:
    result = check(number)
    assert result.ok, result.message()
    sc = result.scenario
    assert sc is not None
    want = RULEBOOK[number]
    assert (sc.number, sc.name, sc.mode) == (number, want["name"], want["mode"])
    assert (sc.players.min, sc.players.max) == want["players"]
    assert tuple(sc.players.counts) == want.get("counts", ())
    assert sc.zombie_bin.zombies == want["bin"]
    assert sc.round_marker.start == want["marker"]
    assert (sc.invasion.day, sc.invasion.night) == (want["day"], want["night"])
    if "survivors" in want:
        assert {s.name: s.life for s in sc.survivors} == want["survivors"]
        assert len(sc.teams) == 1
    if "teams" in want:
        got = {t.name: [s.name for s in t.survivors] for t in sc.teams}
        assert got == want["teams"]
        assert all(s.life == want["life"] for s in sc.survivors)
        assert all(s.power_side == want.get("power", False) for s in sc.survivors)
        assert sc.pretzel is not None
    if "open_life" in want:
        for team in sc.teams:
            assert team.open_slots is not None
            assert (team.open_slots.min, team.open_slots.max) == (3, 5)
            assert team.open_slots.life == want["open_life"]
    assert len(sc.zombies) + sc.zombie_bin.zombies <= 18
    assert sc.provenance.rulebook and sc.provenance.reconstructed and sc.provenance.notes


def test_special_rules_of_the_rulebook() -> None:
    assert {"no_building_entry", "rv_driver"} <= {r.id for r in load(1).special_rules}
    assert [c.id for c in load(1).instant_defeat] == ["zombie_touches_rv"]
    assert load(2).rule("fight_survivor_vs_zombie") is not None
    s3 = load(3)
    assert s3.rule("rescued_figure") is not None and s3.reserve_survivors == ("Anita Wallace",)
    assert [c.params.get("survivor") for c in s3.losing if c.id == "survivor_dies"] == ["Anita"]
    s4 = load(4)
    hunger = s4.rule("hunger")
    assert hunger is not None and hunger.params["markers"] == [2, 1]
    assert [b.building for b in s4.barricades] == ["grocery_store", "grocery_store"]
    assert [(f.token, f.at, f.count) for f in s4.tokens.fixed] == [("food", "grocery_store", 4)]
    s5 = load(5)
    assert [c.params["count"] for c in s5.losing if c.id == "survivors_dead"] == [2]
    assert s5.rule("crossroads") is not None and s5.rule("found_survivors") is not None
    assert load(6).skull.id == "skull_both_lose"
    s7 = load(7)
    assert {t.name: t.base for t in s7.teams} == {"A": "rv", "B": "gas_station"}
    s8 = load(8)
    assert s8.rule("new_survivor") is not None and s8.rule("x_tokens_block_buildings") is not None
    assert s8.tokens.pools[0].remove_random == 1 and s8.tokens.pools[0].supply == 8
    assert load(9).skull.params == {"team": "A"}
    assert {t.name: t.base for t in load(10).teams} == {"A": "rv", "B": "hospital"}


@pytest.mark.parametrize(("number", "a", "b"), [(7, "rv", "gas_station"), (10, "rv", "hospital")])
def test_rival_bases_far_apart(number: int, a: str, b: str) -> None:
    sc = load(number)
    ba, bb = sc.building(a), sc.building(b)
    assert ba is not None and bb is not None
    assert ((ba.x - bb.x) ** 2 + (ba.y - bb.y) ** 2) ** 0.5 > 0.75 * sc.city.width


# Token set-ups: (pool size, {location: count}) as the rulebook places them.
TOKEN_SETUPS = {
    2: (4, {"school": 1, "hospital": 1, "police_station": 1, "library": 1}),
    3: (8, {"car": 1, "ice_cream_truck": 1, "pickup_truck": 1, "gas_station": 1, "school": 1,
            "grocery_store": 1, "library": 1, "police_station": 1}),
    4: (5, {"library": 1, "hospital": 1, "gas_station": 1, "school": 1, "police_station": 1}),
    5: (12, {b: 2 for b in ("grocery_store", "library", "police_station", "gas_station",
                            "hospital", "school")}),
    6: (9, {"gas_station": 2, "grocery_store": 2, "school": 2, "police_station": 1,
            "library": 1, "hospital": 1}),
    7: (10, {"library": 1, "police_station": 2, "school": 2, "hospital": 2,
             "grocery_store": 3}),
    8: (13, {"hospital": 1, "library": 1, "school": 1, "police_station": 1}),
    9: (15, {"grocery_store": 4, "police_station": 2, "library": 2, "gas_station": 2,
             "hospital": 2, "box_1": 1, "box_2": 1, "box_3": 1}),
    10: (23, {"school": 4, "library": 4, "police_station": 4, "grocery_store": 4,
              "gas_station": 4, "box_1": 1, "box_2": 1, "box_3": 1}),
}


@pytest.mark.parametrize("number", sorted(TOKEN_SETUPS))
def test_token_setups(number: int) -> None:
    sc = load(number)
    size, places = TOKEN_SETUPS[number]
    (pool,) = sc.tokens.pools
    assert pool.size == size
    assert dict(pool.place) == places
    used: dict[str, int] = {}
    for kind, n in pool.shuffle.items():
        used[kind] = used.get(kind, 0) + n
    for f in sc.tokens.fixed:
        used[f.token] = used.get(f.token, 0) + f.count
    assert all(n <= TOKEN_BOX[k] for k, n in used.items())


def test_objective_token_needs_are_reachable() -> None:
    """Enough food and fuel exist in the set-up for the co-op objectives that need them."""
    def supply(number: int, kind: str) -> int:
        sc = load(number)
        return (sum(p.shuffle.get(kind, 0) for p in sc.tokens.pools)
                + sum(f.count for f in sc.tokens.fixed if f.token == kind))
    assert supply(2, "fuel") >= 2 and supply(2, "food") >= 2
    assert supply(4, "food") >= 4 + 2  # the RV's 4, and hunger at markers 2 and 1
    assert supply(5, "fuel") >= 2 and supply(5, "survivor") == 2
    assert supply(6, "key") == 1 and supply(6, "fuel") >= 1
    assert supply(7, "fuel") == 3 and supply(7, "food") == 4


def test_references_resolve_to_the_same_file(tmp_path) -> None:
    path = resolve(4)
    assert path.name == "s04_starvation.yaml"
    for ref in ("4", "04", "s04", "Starvation", "starvation", "s04_starvation", path, str(path)):
        assert resolve(ref) == path
    assert resolve("Get Outta Town!").name == "s01_get_outta_town.yaml"
    assert resolve("at each other's throats").name == "s10_at_each_others_throats.yaml"
    copy = tmp_path / "mine.yaml"
    copy.write_text(path.read_text())
    assert load(copy).name == "Starvation"
    with pytest.raises(DataFileError) as err:
        resolve("no such scenario")
    assert err.value.exit_code == 2


def test_model_is_frozen() -> None:
    sc = load(1)
    with pytest.raises(ValidationError):
        sc.number = 2  # type: ignore[misc]
    with pytest.raises(ValidationError):
        sc.survivors[0].life = 9  # type: ignore[misc]


def _table(sc) -> Table:
    return Table(PhysicsParams.default(), city=(sc.city.width, sc.city.height))


def test_place_puts_every_piece_by_name() -> None:
    sc = load(7)
    table = _table(sc)
    p = place(sc, table)
    assert set(p.survivors) == {s.name for s in sc.survivors}
    for s in sc.survivors:
        pid = p.survivors[s.name]
        assert table.kind(pid) == "survivor"
        assert table.position(pid) == pytest.approx((s.x, s.y))
    assert len(p.zombies) == len(sc.zombies)
    assert all(table.kind(z) == "zombie" for z in p.zombies)
    assert set(p.buildings) == {b.name for b in sc.buildings}
    assert {table.building_name(b) for b in p.buildings.values()} == set(p.buildings)
    assert table.kind(p.objects["car"]) == "car"
    assert table.kind(p.objects["barrel_1"]) == "barrel"
    assert table.kind(p.objects["box_2"]) == "box"
    assert table.kind(p.objects["street_lamp_3"]) == "street_lamp"
    n = len(sc.vehicles) + len(sc.barrels) + len(sc.boxes) + len(sc.street_lamps)
    assert len(table.pieces()) == n + len(sc.zombies) + len(sc.survivors)
    # a building's (x, y) is the middle of its door line
    rv = sc.building("rv")
    assert rv is not None
    (ax, ay), (bx, by) = table.door_line(p.buildings["rv"])
    assert ((ax + bx) / 2, (ay + by) / 2) == pytest.approx((rv.x, rv.y))
    assert p.label(p.buildings["rv"]) == "the RV"
    assert p.label(p.zombies[2]) == "zombie 3"


def test_place_barricades_lie_in_the_grocery_door() -> None:
    sc = load(4)
    table = _table(sc)
    p = place(sc, table)
    grocery = p.buildings["grocery_store"]
    assert table.is_inside(p.objects["barricade_1"], grocery)
    assert table.is_inside(p.objects["barricade_2"], grocery)


def test_place_open_slots_with_chosen_survivors() -> None:
    sc = load(9)
    table = _table(sc)
    chosen = {"A": ["Anita", "Rosa", "Kevin"], "B": ["Elijah Jordan", "Mike", "Thomas"]}
    p = place(sc, table, chosen)
    assert set(p.survivors) == {"Anita Wallace", "Rosa Rodriguez", "Kevin Jackson",
                                "Elijah Jordan", "Mike Cho", "Thomas Heart"}
    spot = sc.teams[1].open_slots.spots[0]  # type: ignore[union-attr]
    assert table.position(p.survivors["Elijah Jordan"]) == pytest.approx((spot.x, spot.y))


@pytest.mark.parametrize("chosen", [
    {"A": ["Anita", "Rosa"]},                       # fewer than 3
    {"A": ["Anita", "Rosa", "Kevin", "Lily", "Mike", "John"]},  # more than 5
    {"A": ["Anita", "Rosa", "Bob"]},                # unknown survivor
    {"A": ["Anita", "Rosa", "Kevin"], "B": ["Anita", "Mike", "John"]},  # used twice
    {"C": ["Anita", "Rosa", "Kevin"]},              # no such team
])
def test_bad_choice_changes_nothing(chosen) -> None:
    sc = load(10)
    table = _table(sc)
    before = table.state_hash()
    with pytest.raises(FlickError):
        place(sc, table, chosen)
    assert table.state_hash() == before and table.pieces() == []


def test_same_scenario_places_the_same_table() -> None:
    sc = load(2)
    t1, t2 = _table(sc), _table(sc)
    place(sc, t1)
    place(sc, t2)
    assert t1.state_hash() == t2.state_hash()


def test_readme_example_is_a_valid_scenario() -> None:
    import re

    from flick import paths
    from flick.scenario import check_text

    readme = (paths.scenarios() / "README.md").read_text(encoding="utf-8")
    example = re.search(r"```yaml\n(.*?)```", readme, re.S)
    assert example is not None
    result = check_text(example.group(1), "README example")
    assert result.ok, result.message()
    assert result.scenario is not None and result.scenario.name == "My Town"


def _open_cells(sc, step: float):
    """Grid cells (step cm) where a movement disc lies clear of every building, object and
    the tower (figures left out: zombies can be shot, survivors move)."""
    from flick.physics.geometry import footprint_gap
    from flick.scenario.place import setup_table

    table, pl = setup_table(sc)
    for pid in [*pl.zombies, *pl.survivors.values()]:
        table.remove(pid)
    r = table.params.pieces["movement_disc"].diameter / 2
    facades = [table.outline(table.building_parts(b)[2]) for b in table.buildings()]
    tower = [(pl.tower.corners(), 0.0)]
    cells = set()
    for i in range(int(sc.city.width / step) + 1):
        for j in range(int(sc.city.height / step) + 1):
            x, y = i * step, j * step
            if not (r <= x <= sc.city.width - r and r <= y <= sc.city.height - r):
                continue
            disc = table.add("movement_disc", x=x, y=y)
            out = table.outline(disc)
            if (not table.overlapping(disc) and footprint_gap(tower, out) >= 0
                    and all(footprint_gap(f, out) >= 0 for f in facades)):
                cells.add((i, j))
            table.remove(disc)
    return table, pl, cells


@pytest.mark.parametrize("number", range(1, 11))
def test_every_door_reachable_from_every_start(number: int) -> None:
    """A disc can travel from each survivor's start to the front of each building's door
    without crossing a building, an object or the tower (the RV is reachable, the bases
    can be reached, no door is walled in)."""
    from collections import deque

    sc = load(number)
    step = 2.0
    table, pl, cells = _open_cells(sc, step)

    def nearest(x: float, y: float) -> tuple[int, int]:
        near = [c for c in cells if abs(c[0] * step - x) <= 2.5 and abs(c[1] * step - y) <= 2.5]
        assert near, f"no room for a disc near ({x}, {y})"
        return min(near, key=lambda c: (c[0] * step - x) ** 2 + (c[1] * step - y) ** 2)

    starts = [(s.x, s.y) for s in sc.survivors]
    starts += [(p.x, p.y) for t in sc.teams if t.open_slots for p in t.open_slots.spots]
    seen = {nearest(*starts[0])}
    todo = deque(seen)
    while todo:
        i, j = todo.popleft()
        for nb in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    for x, y in starts:
        assert nearest(x, y) in seen, f"start ({x}, {y}) is cut off"
    r = table.params.pieces["movement_disc"].diameter / 2
    for name, bid in pl.buildings.items():
        (ax, ay), (bx, by) = table.door_line(bid)
        nx, ny = table.front_normal(bid)
        goal = nearest((ax + bx) / 2 + nx * (r + 1), (ay + by) / 2 + ny * (r + 1))
        assert goal in seen, f"the {name}'s door cannot be reached"


def test_the_default_parameters_are_read_once_and_are_the_shipped_ones() -> None:
    from flick.physics import PhysicsParams
    from flick.scenario.place import default_params, setup_table

    assert default_params() is default_params()
    assert default_params() == PhysicsParams.default()
    table, _ = setup_table(load(1))
    assert table.params is default_params()
