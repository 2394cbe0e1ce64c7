"""What a table keeps from shot to shot besides its state: the pieces' bodies and the gaps
between touching pieces (`flick.physics.stock`); the extent of its kinds of piece and a
footprint's bound (worked out once)."""

from __future__ import annotations

import copy
import gc
import math
import pickle

import pymunk

from flick.physics import PhysicsParams, PieceState, Table
from flick.physics.footprint import Footprints
from flick.physics.geometry import footprint_gap, place
from flick.physics.index import PieceIndex
from flick.physics.stock import Stock

FOOTPRINTS = Footprints(PhysicsParams.default())


def _gap(a: PieceState, b: PieceState) -> float:
    fa, fb = FOOTPRINTS.get(a.kind, a.standing), FOOTPRINTS.get(b.kind, b.standing)
    return footprint_gap(place(fa, a.x, a.y, a.angle), place(fb, b.x, b.y, b.angle))


def test_a_kept_gap_is_the_gap_of_the_pieces_where_they_are_now() -> None:
    stock = Stock()
    car = PieceState(1, "car", 10.0, 10.0, 0.3)
    zombie = PieceState(2, "zombie", 16.0, 12.0, 0.0)
    fc, fz = FOOTPRINTS.get("car"), FOOTPRINTS.get("zombie")
    assert stock.gap(car, fc, zombie, fz) == _gap(car, zombie)
    assert stock.gap(car, fc, zombie, fz) == _gap(car, zombie)  # kept
    moved = PieceState(2, "zombie", 16.5, 12.0, 0.0)
    assert stock.gap(car, fc, moved, fz) == _gap(car, moved) != _gap(car, zombie)
    turned = PieceState(1, "car", 10.0, 10.0, 0.4)
    assert stock.gap(turned, fc, moved, fz) == _gap(turned, moved)


def test_the_extent_of_kinds_counts_fallen_figures_and_nothing_for_no_kinds() -> None:
    thinnest, reach = FOOTPRINTS.extent([("zombie", True), ("movement_disc", True)])
    kinds = [FOOTPRINTS.get("zombie"), FOOTPRINTS.get("zombie", False),
             FOOTPRINTS.get("movement_disc")]
    assert thinnest == min(fp.thinnest for fp in kinds)
    assert reach == max(fp.reach for fp in kinds) == FOOTPRINTS.get("zombie", False).reach
    assert FOOTPRINTS.extent([]) == (math.inf, 0.0)


def test_a_copied_or_pickled_table_plays_the_same_shot_as_the_table() -> None:
    """Its kept bodies are not copied (a copy makes its own)."""
    table = Table(PhysicsParams.default(), city=(90.0, 90.0))
    table.add("zombie", x=45.0, y=60.0)
    disc = table.add("movement_disc", x=45.0, y=40.0)
    start = table.snapshot()
    first = table.flick(disc, impulse=(0.0, 1800.0))
    table.restore(start)
    for other in (copy.deepcopy(table), pickle.loads(pickle.dumps(table))):
        assert other.flick(disc, impulse=(0.0, 1800.0)) == first


def _bodies_alive() -> int:
    gc.collect()
    return sum(isinstance(o, pymunk.Body) for o in gc.get_objects())


def test_a_new_disc_each_shot_reuses_the_bodies_of_the_last_ones() -> None:
    """A bot's trials flick a new movement disc each time: the table keeps no body per
    disc it ever had, and each trial plays as on a fresh table."""
    table = Table(PhysicsParams.default(), city=(90.0, 90.0))
    table.add("zombie", x=45.0, y=60.0)
    start = table.snapshot()
    before = 0
    for k in range(40):
        table.restore(start)
        disc = table.add("movement_disc", x=45.0, y=40.0)
        result = table.flick(disc, impulse=(20.0 * k, 1800.0))
        fresh = Table(PhysicsParams.default(), city=(90.0, 90.0))
        fresh.restore(start)
        while (pid := fresh.add("movement_disc", x=45.0, y=40.0)) != disc:
            fresh.remove(pid)  # the same id on both tables
        assert fresh.flick(disc, impulse=(20.0 * k, 1800.0)) == result
        if k == 1:
            before = _bodies_alive()
    assert _bodies_alive() <= before + 2


def test_a_footprints_bound_is_its_farthest_point_from_its_centre_of_gravity() -> None:
    disc = FOOTPRINTS.get("movement_disc")
    assert disc.bound == disc.parts[0].radius
    for fp in (FOOTPRINTS.get("car"), FOOTPRINTS.get("zombie", False)):
        gx, gy = fp.cog
        far = max(math.hypot(px - gx, py - gy) + part.radius
                  for part in fp.parts for px, py in part.core)
        assert fp.bound == far >= fp.reach - math.hypot(gx, gy)


def test_the_index_keeps_its_squares_true_as_pieces_move_within_and_across_them() -> None:
    index = PieceIndex(10.0)
    index[1] = PieceState(1, "zombie", 1.0, 1.0, 0.0)
    index[2] = PieceState(2, "zombie", 2.0, 2.0, 0.0)
    index[1] = PieceState(1, "zombie", 9.0, 9.0, 0.5)  # the same square
    index[2] = PieceState(2, "zombie", 12.0, 2.0, 0.0)  # the next
    index[1] = PieceState(1, "zombie", 9.5, 9.0, 0.5, standing=False)  # fallen, same square
    assert index.cells == {(0, 0): [1], (1, 0): [2]}
    assert dict(index.kinds) == {("zombie", False): 1, ("zombie", True): 1}
    assert index[1].x == 9.5 and index == dict(PieceIndex(10.0, index.values()))
