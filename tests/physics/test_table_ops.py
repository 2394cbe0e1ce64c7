"""The table's operations a rush and the rules use between shots: pieces by kind, pieces put
back in id order, buildings put back, overlaps found through the table's index."""

from __future__ import annotations

import copy
import dataclasses
import math
import random
from typing import Any

import pytest

import flick.physics.table as table_module
from flick.physics import PhysicsParams, PieceState, Table, TableError
from flick.physics.city import City
from flick.physics.geometry import footprint_gap
from flick.physics.shapes import filter_for

PARAMS = PhysicsParams.default()


def test_pieces_of_lists_the_pieces_of_the_kinds_asked_in_id_order() -> None:
    table = Table(PARAMS)
    z1 = table.add("zombie", x=10.0, y=10.0)
    barrel = table.add("barrel", x=20.0, y=10.0)
    z2 = table.add("zombie", x=30.0, y=10.0)
    box = table.add("box", x=40.0, y=10.0)
    table.add_building("library", x=45.0, y=80.0)
    assert table.pieces_of("zombie") == [z1, z2]
    assert table.pieces_of("barrel", "box") == [barrel, box]
    assert table.pieces_of("car") == []


def test_sort_pieces_lists_a_lifted_piece_put_back_among_the_others_again() -> None:
    table = Table(PARAMS)
    ids = [table.add("zombie", x=10.0 + 5.0 * i, y=10.0) for i in range(4)]
    state = table.snapshot()
    lifted = state.pieces[1]
    table.remove(lifted.id)
    table.put_back(lifted)
    assert table.pieces() == [ids[0], ids[2], ids[3], ids[1]]
    table.sort_pieces()
    assert table.pieces() == ids and table.snapshot() == state
    table.sort_pieces()  # already in order: nothing changes
    assert table.pieces() == ids and table.snapshot() == state


def test_snapshot_lists_pieces_and_buildings_in_id_order_while_the_table_does_not() -> None:
    table = Table(PARAMS)
    ids = [table.add("zombie", x=10.0 + 5.0 * i, y=10.0) for i in range(4)]
    first = table.add_building("library", x=20.0, y=80.0)
    second = table.add_building("library", x=70.0, y=80.0)
    state = table.snapshot()
    assert [p.id for p in state.pieces] == ids
    assert [b.id for b in state.buildings] == [first, second]
    table.remove(ids[1])
    table.remove(first)
    table.put_back(state.pieces[1], buildings=[state.buildings[0]])
    assert table.pieces() == [ids[0], ids[2], ids[3], ids[1]]  # put back last
    assert table.buildings() == [first, second]
    assert table.snapshot() == state and table.state_hash() == state.hash()


def test_put_back_returns_a_lifted_building_with_its_parts_in_their_places() -> None:
    table = Table(PARAMS)
    first = table.add_building("library", x=20.0, y=80.0)
    second = table.add_building("library", x=70.0, y=80.0, angle=0.3)
    table.add("zombie", x=30.0, y=30.0)
    state = table.snapshot()
    building = state.buildings[0]
    table.remove(first)
    table.put_back(buildings=[building])
    assert table.snapshot() == state
    assert table.buildings() == [first, second]
    assert table.building_of(table.building_parts(first)[2]) == first
    # Not lifted off (already there), or an id the table never gave: refused, nothing changes.
    for bad in (building, state.buildings[1],
                type(building)(99, "library", 1.0, 1.0, 0.0, (100, 101, 102))):
        with pytest.raises(TableError):
            table.put_back(buildings=[bad])
        assert table.snapshot() == state


def _layer(table: Table, pid: int) -> str:
    """The collision layer of a piece or building part."""
    kind, building = table.kind(pid), table.building_of(pid)
    if building is not None and kind == "facade":
        return table.footprints.facade(table.building_name(building)).layer
    standing = building is not None or table.is_standing(pid)
    return table.footprints.get(kind, standing).layer


def _scan(table: Table, pid: int) -> list[int]:
    """Every piece and part whose footprint overlaps `pid`'s where they collide, the whole
    table scanned: pieces by id, then parts."""
    mine, f = table.outline(pid), filter_for(_layer(table, pid))
    parts = [p for b in table.buildings() for p in table.building_parts(b)]
    found = []
    for other in [*table.pieces(), *parts]:
        if other == pid:
            continue
        g = filter_for(_layer(table, other))
        if not (f.categories & g.mask and g.categories & f.mask):
            continue
        if footprint_gap(mine, table.outline(other)) < -PARAMS.simulation.overlap_tolerance:
            found.append(other)
    return found


def test_overlapping_finds_what_a_scan_of_the_whole_table_finds() -> None:
    rng = random.Random(4)
    kinds = ["zombie", "survivor", "movement_disc", "barrel", "box", "street_lamp", "car",
             "bullet", "baseball_bat"]
    for _ in range(12):
        table = Table(PARAMS, city=(60.0, 60.0))
        table.add_building("library", x=30.0, y=55.0, angle=-math.pi / 2)
        for _ in range(40):
            kind = rng.choice(kinds)
            standing = not (table.footprints.can_fall(kind) and rng.random() < 0.3)
            table.add(kind, x=rng.uniform(-5.0, 65.0), y=rng.uniform(-5.0, 65.0),
                      angle=rng.uniform(-math.pi, math.pi), standing=standing)
        for pid in table.pieces():
            assert table.overlapping(pid) == _scan(table, pid)
        parts = table.building_parts(table.buildings()[0])
        for part in parts:
            assert table.overlapping(part) == _scan(table, part)


def test_overlapping_sees_the_buildings_as_they_are_after_each_change() -> None:
    """The parts a piece overlaps, as a scan of the whole table finds them, after a building
    is added, taken off, brought back by `restore` and put back by `put_back`."""
    table = Table(PARAMS, city=(90.0, 90.0))
    zombies = [table.add("zombie", x=x, y=y) for x in range(3, 90, 6) for y in range(3, 90, 6)]
    empty = table.snapshot()

    def seen() -> list[list[int]]:
        found = [table.overlapping(z) for z in zombies]
        assert found == [_scan(table, z) for z in zombies]
        return found

    assert not any(seen())
    library = table.add_building("library", x=45.0, y=80.0)
    with_library = seen()
    assert any(with_library)
    school = table.add_building("school", x=45.0, y=26.0, angle=math.pi / 2)
    both = seen()
    assert both != with_library
    state = table.snapshot()
    table.remove(school)
    assert seen() == with_library
    table.restore(state)
    assert seen() == both
    table.restore(empty)
    assert not any(seen())
    table.restore(state)
    lifted = table.snapshot()
    table.remove(library)
    table.put_back(buildings=[b for b in lifted.buildings if b.id == library])
    assert seen() == both


def test_overlapping_lists_pieces_by_id_while_a_put_back_piece_comes_last() -> None:
    table = Table(PARAMS)
    a = table.add("movement_disc", x=10.0, y=10.0)
    b = table.add("movement_disc", x=13.0, y=10.0)
    c = table.add("movement_disc", x=12.0, y=12.0)
    table.remove(a)
    table.put_back(PieceState(a, "movement_disc", 10.0, 10.0, 0.0, True))
    assert table.pieces() == [b, c, a]
    assert table.overlapping(b) == [a, c]


def test_piece_states_are_the_pieces_as_the_table_lists_them() -> None:
    table = Table(PARAMS)
    a = table.add("zombie", x=10.0, y=10.0)
    b = table.add("barrel", x=20.0, y=10.0, standing=False)
    state = {p.id: p for p in table.snapshot().pieces}
    table.remove(a)
    table.put_back(state[a])
    assert table.piece_states() == [state[b], state[a]]


def test_has_piece_tells_pieces_from_buildings_parts_and_ids_gone() -> None:
    table = Table(PARAMS)
    z = table.add("zombie", x=10.0, y=10.0)
    bid = table.add_building("library", x=45.0, y=80.0)
    gone = table.add("barrel", x=20.0, y=10.0)
    table.remove(gone)
    assert table.has_piece(z)
    assert not any(table.has_piece(i) for i in (bid, *table.building_parts(bid), gone, 99))


def test_restore_brings_back_a_building_taken_off_with_its_parts() -> None:
    table = Table(PARAMS)
    bid = table.add_building("library", x=45.0, y=80.0)
    table.add("zombie", x=30.0, y=30.0)
    state = table.snapshot()
    outline = [table.outline(p) for p in table.building_parts(bid)]
    table.remove(bid)
    table.restore(state)
    assert table.snapshot() == state
    assert [table.outline(p) for p in table.building_parts(bid)] == outline
    table.restore(state)  # nothing to change
    assert table.snapshot() == state and table.building_of(table.building_parts(bid)[0]) == bid


def _rush_between_shots(table: Table) -> int:
    """A disc flicked, then a rush from a tower standing on a building (set aside): the disc."""
    disc = table.add("movement_disc", x=20.0, y=70.0)
    table.add_building("school", x=45.0, y=26.0, angle=math.pi / 2)
    table.flick(disc, impulse=(900.0, -300.0))
    result = table.rush(3, tower=(45.0, 30.0, math.pi / 2), rng=2)
    assert len(result.set_aside) == 1
    return disc


def _count_cities(monkeypatch: pytest.MonkeyPatch) -> list[City]:
    """The static cities tables build from now on (the list grows as they are built)."""
    built: list[City] = []

    class Counted(City):
        def __init__(self, *args: Any) -> None:
            built.append(self)
            super().__init__(*args)

    monkeypatch.setattr(table_module, "City", Counted)
    return built


def test_a_shot_after_a_rush_finds_the_city_of_the_shot_before(
        monkeypatch: pytest.MonkeyPatch) -> None:
    built = _count_cities(monkeypatch)
    table = Table(PARAMS, city=(90.0, 90.0))
    disc = _rush_between_shots(table)
    anew = copy.deepcopy(table)  # a copy builds its cities anew (`City.__reduce__`)
    del built[:]
    table.flick(disc, impulse=(-600.0, -900.0))
    # the city of the first shot again (the rush's was without the school)
    assert built == []
    anew.flick(disc, impulse=(-600.0, -900.0))
    assert table.state_hash() == anew.state_hash()


def test_a_table_keeps_at_most_its_last_cities(monkeypatch: pytest.MonkeyPatch) -> None:
    built = _count_cities(monkeypatch)
    table = Table(PARAMS, city=(90.0, 90.0))
    disc = table.add("movement_disc", x=20.0, y=70.0)
    for size in (90.0, 91.0, 92.0, 90.0):  # three cities: the first is gone by the fourth shot
        table.restore(dataclasses.replace(table.snapshot(), city=(size, size)))
        table.flick(disc, impulse=(100.0, 0.0))
    assert len(built) == 4
