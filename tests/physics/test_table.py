"""The table's canonical state: shots as pure functions of it, undo, queries, bad input."""

from __future__ import annotations

import dataclasses
import math
import subprocess
import sys
import textwrap

import pytest

from flick.physics import PhysicsParams, Table, TableError

PARAMS = PhysicsParams.default()
DISC = PARAMS.pieces["movement_disc"]

SCENE = textwrap.dedent(
    """
    import math
    from flick.physics import PhysicsParams, Table

    def scene():
        table = Table(PhysicsParams.default(), city=(90.0, 90.0))
        table.add_building("library", x=45.0, y=80.0, angle=-math.pi / 2)
        for i in range(6):
            table.add("zombie", x=30.0 + 6.0 * i, y=55.0 + (i % 2) * 3.0)
        table.add("barrel", x=60.0, y=40.0)
        table.add("street_lamp", x=25.0, y=40.0, angle=0.3)
        disc = table.add("movement_disc", x=40.0, y=10.0)
        return table, disc

    def play():
        table, disc = scene()
        table.flick(disc, impulse=(250.0, 2100.0), offset=(0.4, 0.0))
        pellets = [table.add("shotgun_pellet", x=20.0 + 2.0 * i, y=20.0) for i in range(4)]
        table.flick_many([(p, (60.0 + 10.0 * i, 550.0), (0.0, 0.0)) for i, p in enumerate(pellets)])
        return table.state_hash()
    """
)


def _scene() -> tuple[Table, int]:
    namespace: dict[str, object] = {}
    exec(SCENE, namespace)  # the same scene the subprocess plays
    return namespace["scene"]()  # type: ignore[operator]


def test_same_shot_in_two_processes_gives_the_same_hash() -> None:
    code = SCENE + "\nprint(play())\n"
    hashes = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.strip()
        for _ in range(2)
    }
    namespace: dict[str, object] = {}
    exec(SCENE, namespace)
    here = namespace["play"]()  # type: ignore[operator]
    assert hashes == {here}
    assert len(here) == 64


def test_shot_depends_only_on_the_state_not_on_history() -> None:
    table, disc = _scene()
    start = table.snapshot()
    first = table.flick(disc, impulse=(250.0, 2100.0))
    after = table.state_hash()
    assert first.touches(disc)  # it hit something: the result is not trivial
    # Play other shots, then undo to the start and play the first again.
    table.flick(disc, impulse=(-900.0, 300.0))
    table.restore(start)
    assert table.state_hash() == start.hash()
    again = table.flick(disc, impulse=(250.0, 2100.0))
    assert table.state_hash() == after
    assert again.touch_lists == first.touch_lists and again.fell == first.fell


def test_restore_puts_back_everything_the_disc_disturbed() -> None:
    table, disc = _scene()
    before = table.snapshot()
    result = table.flick(disc, impulse=(250.0, 2100.0))
    assert len(result.moved) > 1
    table.restore(before)
    assert table.snapshot() == before
    new = table.add("barrel", x=5.0, y=5.0)
    assert new >= before.next_id  # ids are never reused


def test_result_reports_fell_moved_and_travel() -> None:
    table = Table(PARAMS, city=(90.0, 90.0))
    zombie = table.add("zombie", x=45.0, y=30.0)
    bystander = table.add("zombie", x=10.0, y=80.0)
    disc = table.add("movement_disc", x=45.0, y=10.0)
    result = table.flick(disc, impulse=(0.0, DISC.mass * 250.0))
    assert result.launched == (disc,)
    assert result.first_touch(disc) == zombie and result.touches(zombie) == (disc,)
    assert result.fell == (zombie,)
    assert set(result.moved) == {disc, zombie} and bystander not in result.moved
    assert result.travel(disc) > 15.0 and result.travel(bystander) == 0.0
    assert result.first_touch(bystander) is None


def test_leaving_the_city() -> None:
    table = Table(PARAMS, city=(90.0, 90.0))
    disc = table.add("movement_disc", x=80.0, y=45.0)
    stay = table.add("movement_disc", x=20.0, y=45.0)
    result = table.flick_many([(disc, (DISC.mass * 150.0, 0.0), (0.0, 0.0)),
                               (stay, (DISC.mass * 50.0, 0.0), (0.0, 0.0))])
    assert result.left_city == (disc,)
    assert not table.in_city(disc) and table.in_city(stay)
    # It was already out: moving it further is not leaving.
    result = table.flick(disc, impulse=(DISC.mass * 50.0, 0.0))
    assert result.left_city == () and result.moved == (disc,)


def test_off_the_table_edge_stops() -> None:
    table = Table(PARAMS, city=(30.0, 30.0))
    disc = table.add("movement_disc", x=15.0, y=15.0)
    result = table.flick(disc, impulse=(DISC.mass * 1000.0, 0.0))
    assert result.off_table == (disc,)
    x, _ = table.position(disc)
    edge = 30.0 + PARAMS.table.margin
    radius = DISC.diameter / 2.0  # type: ignore[operator]
    assert edge - radius <= x <= edge  # stopped as its rim reached the edge


def test_rush_by_velocities() -> None:
    table = Table(PARAMS, city=(90.0, 90.0))
    survivor = table.add("survivor", x=45.0, y=40.0)
    zombies = [table.add("zombie", x=40.0 + 5.0 * i, y=20.0) for i in range(3)]
    result = table.simulate(velocities={z: ((0.0, 200.0), 2.0) for z in zombies})
    assert set(result.launched) == set(zombies)
    assert survivor in result.fell
    assert table.angle(zombies[0]) != 0.0  # launched spinning


def test_queries_overlap_and_distance() -> None:
    table = Table(PARAMS, city=(90.0, 90.0))
    a = table.add("movement_disc", x=10.0, y=10.0)
    b = table.add("movement_disc", x=13.0, y=10.0)
    c = table.add("movement_disc", x=20.0, y=10.0)
    lamp = table.add("street_lamp", x=30.0, y=10.0, angle=math.pi / 2)
    assert table.overlapping(a) == [b] and table.overlapping(c) == []
    assert table.distance(b, c) == pytest.approx(3.0)
    assert table.distance(a, b) == 0.0
    # Lamp stand 4 x 1.5 turned upright: its side face is 0.75 cm from its centre.
    assert table.distance(c, lamp) == pytest.approx(10.0 - 2.0 - 0.75)
    box = table.add("box", x=30.0, y=12.0 + 1.5 + 0.5)  # lamp spans y 8..12
    assert table.distance(lamp, box) == pytest.approx(0.5)
    assert table.mass(box) == PARAMS.pieces["box"].mass
    assert table.pieces() == [a, b, c, lamp, box]


def test_illegal_operations_change_nothing() -> None:
    table, disc = _scene()
    before = table.snapshot()
    with pytest.raises(TableError, match="unknown piece kind"):
        table.add("unicorn", x=1.0, y=1.0)
    with pytest.raises(TableError, match="no piece 999"):
        table.flick(999, impulse=(1.0, 0.0))
    with pytest.raises(TableError, match="finite"):
        table.flick(disc, impulse=(math.nan, 0.0))
    with pytest.raises(TableError, match="twice"):
        table.flick_many([(disc, (1.0, 0.0), (0.0, 0.0)), (disc, (1.0, 0.0), (0.0, 0.0))])
    with pytest.raises(TableError, match="unknown building"):
        table.add_building("castle", x=1.0, y=1.0)
    part = table.building_parts(table.buildings()[0])[0]
    with pytest.raises(TableError, match="part of building"):
        table.remove(part)
    with pytest.raises(TableError, match="not a piece"):
        table.flick(part, impulse=(1.0, 0.0))
    assert table.snapshot() == before
    twice = dataclasses.replace(before, pieces=before.pieces + before.pieces[:1])
    with pytest.raises(TableError, match="repeated ids"):
        table.restore(twice)
    assert table.snapshot() == before
    table.remove(table.buildings()[0])
    assert table.buildings() == []
    with pytest.raises(TableError):
        table.position(part)


def test_far_pieces_are_met_on_a_long_shot() -> None:
    # Pieces far from the flick enter the simulation region by region as the disc nears
    # them; a long, fast shot must still meet each one, never pass through it.
    table = Table(PARAMS, city=(300.0, 300.0))
    disc = table.add("movement_disc", x=20.0, y=150.0)
    lamp = table.add("street_lamp", x=200.0, y=150.0, angle=math.pi / 2)
    others = [table.add("zombie", x=60.0 + 20.0 * i, y=170.0) for i in range(6)]
    pellet = table.add("shotgun_pellet", x=20.0, y=100.0)
    block = table.add("support_block", x=280.0, y=100.0)
    result = table.flick_many([(disc, (DISC.mass * 400.0, 0.0), (0.0, 0.0)),
                               (pellet, (0.6 * 1000.0, 0.0), (0.0, 0.0))])
    assert result.first_touch(disc) == lamp and lamp in result.fell
    assert result.first_touch(pellet) == block
    assert table.position(pellet)[0] < 280.0
    assert not set(others) & set(result.moved)


def test_put_back_returns_a_lifted_piece_with_its_id_and_refuses_others() -> None:
    from flick.physics import PieceState

    table = Table(PARAMS)
    bid = table.add_building("library", x=45.0, y=80.0)
    z = table.add("zombie", x=30.0, y=30.0)
    lifted = table.snapshot()
    table.remove(z)
    table.put_back(PieceState(z, "zombie", 30.0, 30.0, 0.0, True))
    assert table.snapshot() == lifted
    for bad in (PieceState(bid, "zombie", 1.0, 1.0, 0.0, True),
                PieceState(table.building_parts(bid)[0], "zombie", 1.0, 1.0, 0.0, True),
                PieceState(99, "zombie", 1.0, 1.0, 0.0, True),
                PieceState(z, "car", 1.0, 1.0, 0.0, False),
                PieceState(z, "zombie", math.nan, 1.0, 0.0, True)):
        with pytest.raises(TableError):
            table.put_back(PieceState(z, "zombie", 5.0, 5.0, 0.0, True), bad)
        assert table.snapshot() == lifted
