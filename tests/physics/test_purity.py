"""A shot is a pure function of the table state: whatever shots the table played before (the
static city is kept between shots), the same state gives the same result, bit for bit."""

from __future__ import annotations

import gc
import math
from typing import Any

import numpy as np

from flick.bench.physics import cluster_scene
from flick.physics import PhysicsParams, Table
from flick.physics.city import ROOM

PARAMS = PhysicsParams.default()


def _town() -> tuple[Table, int]:
    """Two buildings, a touching pair of zombies by a door, a barrel, a lamp and a disc."""
    table = Table(PARAMS, city=(90.0, 90.0))
    table.add_building("library", x=45.0, y=80.0, angle=-math.pi / 2)
    table.add_building("gas_station", x=20.0, y=30.0, angle=0.0)
    table.add("zombie", x=44.0, y=70.0)
    table.add("zombie", x=46.59, y=70.0)  # touching the first
    table.add("barrel", x=60.0, y=40.0)
    table.add("street_lamp", x=70.0, y=60.0, angle=0.3)
    return table, table.add("movement_disc", x=45.0, y=50.0)


def _recording_worlds(table: Table) -> list[Any]:
    """The worlds the table's next shots play in, as they are made (the table's `world`
    wrapped): a test reads what a shot's space and contacts were."""
    worlds: list[Any] = []
    make = table.world

    def world() -> Any:
        worlds.append(make())
        return worlds[-1]

    table.world = world  # type: ignore[method-assign]
    return worlds


def _shot(table: Table, disc: int) -> str:
    """The probe shot: the disc into the pair and on toward the library's door."""
    result = table.flick(disc, impulse=(0.0, 6.0 * 180.0), offset=(0.3, 0.0))
    return repr((table.snapshot(), result))


def test_a_shot_after_a_hundred_others_equals_the_shot_on_a_fresh_table() -> None:
    fresh, disc = _town()
    start = fresh.snapshot()
    expected = _shot(fresh, disc)

    table, _ = _town()
    rng = np.random.default_rng(40)
    movable = [p for p in table.pieces() if table.kind(p) != "street_lamp"]
    for k in range(100):
        if k % 10 == 0:
            table.restore(start)  # back among the buildings now and then
        if k == 50:
            table.world()  # a world built and never run: its city is not lent again
        pid = movable[int(rng.integers(len(movable)))]
        angle = float(rng.uniform(0.0, 2.0 * math.pi))
        speed = float(rng.uniform(20.0, 80.0))  # short shots
        mass = PARAMS.pieces[table.kind(pid)].mass
        table.flick(pid, impulse=(mass * speed * math.cos(angle), mass * speed * math.sin(angle)))
    table.restore(start)
    assert _shot(table, disc) == expected


def test_a_building_taken_away_between_shots_is_gone_for_the_next_shot() -> None:
    table, disc = _town()
    start = table.snapshot()
    _shot(table, disc)  # the city is now kept
    table.restore(start)
    library = next(b for b in table.buildings() if table.building_name(b) == "library")
    table.remove(library)
    without = table.snapshot()
    kept = _shot(table, disc)
    fresh = Table(PARAMS, city=(90.0, 90.0))
    fresh.restore(without)
    assert _shot(fresh, disc) == kept
    table.restore(start)
    assert _shot(table, disc) != kept  # the library is back in the way


def test_the_probe_shot_flies_between_its_contacts() -> None:
    """The shot the purity is checked on moves in closed form between contacts
    (`flick.physics.flight`), and is checked with it."""
    table, disc = _town()
    worlds = _recording_worlds(table)
    result = table.flick(disc, impulse=(0.0, 6.0 * 180.0), offset=(0.3, 0.0))
    assert result.touch_lists and worlds[0].flight.flights >= 2


def test_a_shot_keeps_the_pieces_bodies_for_the_next_and_plays_the_same() -> None:
    """The pieces' pymunk bodies are kept from shot to shot (`flick.physics.stock`), reset
    to exactly what new ones are: the same shot again moves the same bodies, bit for bit as
    on a fresh table."""
    table, disc = _town()
    start = table.snapshot()
    worlds = _recording_worlds(table)
    first = _shot(table, disc)
    table.restore(start)
    second = _shot(table, disc)
    fresh, _ = _town()
    assert first == second == _shot(fresh, disc)
    moved = [pid for pid in worlds[0].bodies if pid in worlds[1].bodies]
    assert len(moved) >= 3  # the disc and the pair of zombies at least
    assert all(worlds[0].bodies[pid] is worlds[1].bodies[pid] for pid in moved)


def test_a_world_dropped_in_the_middle_of_its_shot_changes_nothing_for_the_next() -> None:
    """A world launched and stepped, then dropped before its end, keeps the bodies it took
    (its space spoils them when freed): the next shot makes new ones and plays the same."""
    table, disc = _town()
    start = table.snapshot()
    world = table.world()
    world.launch({disc: ((0.0, 6.0 * 180.0), (0.3, 0.0))}, {})
    world.promote_all()
    for _ in range(2000):  # into the pair of zombies: dropped as they touch
        world.space.step(0.0005)
        if world.pending:
            break
    assert world.pending and world.events.contacts > 0
    del world
    gc.collect()
    table.restore(start)
    fresh, _ = _town()
    assert _shot(table, disc) == _shot(fresh, disc)


def test_consecutive_shots_play_in_the_tables_kept_space() -> None:
    """The Chipmunk space, the city in it, is kept from shot to shot (`flick.physics.city`)."""
    table, disc = _town()
    first = table.world()
    first.launch({disc: ((0.0, 6.0 * 180.0), (0.3, 0.0))}, {})
    first.run()
    second = table.world()
    assert second.space is first.space
    second.run()


def test_shots_after_rushes_and_a_break_into_a_hundred_zombies_equal_those_on_a_fresh_table(
) -> None:
    """A tower's rush (its block put in the space through pymunk) and a break shot into a
    hundred touching zombies (more contacts than the kept space's room: it is made again)
    before: the next shots play as on a new table, bit for bit."""
    table, disc = _town()
    start = table.snapshot()
    for seed in range(3):
        table.restore(start)
        table.rush(2, tower=(70.0, 25.0, math.pi / 2), rng=seed)
    table.restore(start)
    again = Table(PARAMS, city=(90.0, 90.0))
    again.restore(table.snapshot())  # (the rushed zombies' ids are not given again)
    assert _shot(table, disc) == _shot(again, disc)

    cluster, breaker = cluster_scene(PARAMS, 100)
    begin = cluster.snapshot()
    mass = PARAMS.pieces["movement_disc"].mass
    worlds = _recording_worlds(cluster)
    broken = repr((cluster.flick(breaker, impulse=(0.0, mass * 1000.0)), cluster.snapshot()))
    assert worlds[0].events.begun > ROOM
    after = cluster.snapshot()
    zombie = next(p for p in cluster.pieces() if p != breaker)
    nudge = repr((cluster.flick(zombie, impulse=(60.0, 40.0)), cluster.snapshot()))
    assert worlds[1].space is not worlds[0].space  # made again after the break
    fresh = Table(PARAMS, city=cluster.city)
    fresh.restore(after)
    assert repr((fresh.flick(zombie, impulse=(60.0, 40.0)), fresh.snapshot())) == nudge
    cluster.restore(begin)
    assert repr((cluster.flick(breaker, impulse=(0.0, mass * 1000.0)),
                 cluster.snapshot())) == broken
