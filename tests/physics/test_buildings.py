"""Buildings: door crossings (any part in from the front; whole piece back out), facades that
low pieces pass under and tall ones do not, support blocks that stop everything."""

from __future__ import annotations

import math

import pytest

from flick.physics import PhysicsParams, Table

PARAMS = PhysicsParams.default()
DISC = PARAMS.pieces["movement_disc"]
MU, G = DISC.table_friction, PARAMS.gravity
R = DISC.diameter / 2.0  # type: ignore[operator]


def _city() -> tuple[Table, int]:
    """A library whose door faces down (-y), its door line from (40.5, 60) to (49.5, 60)."""
    table = Table(PARAMS, city=(90.0, 90.0))
    return table, table.add_building("library", x=45.0, y=60.0, angle=-math.pi / 2)


def _speed_to_stop_at(distance: float) -> float:
    return math.sqrt(2.0 * MU * G * distance)


def test_door_geometry() -> None:
    table, library = _city()
    (ax, ay), (bx, by) = table.door_line(library)
    assert (ax, ay) == pytest.approx((40.5, 60.0)) and (bx, by) == pytest.approx((49.5, 60.0))
    assert table.front_normal(library) == pytest.approx((0.0, -1.0))
    left, right, facade = table.building_parts(library)
    assert table.building_of(left) == library and table.building_of(facade) == library
    assert table.kind(left) == "support_block" and table.kind(facade) == "facade"
    assert table.building_name(library) == "library"
    # Block front faces are flush with the door line; the gap between them is the door.
    for block in (left, right):
        _, y = table.position(block)
        assert y - 1.5 == pytest.approx(60.0)
    assert abs(table.position(left)[0] - table.position(right)[0]) == pytest.approx(9.0 + 3.0)


def test_disc_that_crosses_the_door_line_has_entered() -> None:
    table, library = _city()
    disc = table.add("movement_disc", x=45.0, y=40.0)
    # Stops with its centre 1 cm short of the line: a part of it is across.
    result = table.flick(disc, impulse=(0.0, DISC.mass * _speed_to_stop_at(19.0)))
    assert result.entered == {disc: library}
    assert result.exited == {}
    assert result.touches(disc) == ()
    assert table.is_inside(disc, library)


def test_disc_that_stops_short_has_not_entered() -> None:
    table, library = _city()
    disc = table.add("movement_disc", x=45.0, y=40.0)
    result = table.flick(disc, impulse=(0.0, DISC.mass * _speed_to_stop_at(15.0)))
    assert result.entered == {}
    assert not table.is_inside(disc, library)


def test_low_piece_passes_under_the_facade() -> None:
    table, library = _city()
    disc = table.add("movement_disc", x=45.0, y=40.0)
    result = table.flick(disc, impulse=(0.0, DISC.mass * 200.0))
    assert result.entered == {disc: library}
    assert result.touches(disc) == ()
    assert table.position(disc)[1] > 65.0  # out behind the building


def test_beside_the_door_is_not_entering() -> None:
    table, _ = _city()
    disc = table.add("movement_disc", x=30.0, y=40.0)
    result = table.flick(disc, impulse=(0.0, DISC.mass * 150.0))
    assert result.entered == {} and result.exited == {}
    assert table.position(disc)[1] > 60.0


def test_exit_needs_the_whole_disc_past_the_line() -> None:
    table, library = _city()
    disc = table.add("movement_disc", x=45.0, y=66.0)  # behind the building
    # Its centre stops 1 cm behind the door line, a part of it past the line: not out.
    result = table.flick(disc, impulse=(0.0, -DISC.mass * _speed_to_stop_at(5.0)))
    assert result.exited == {} and result.entered == {}
    assert table.is_inside(disc, library)
    # Further: the whole disc is out.
    result = table.flick(disc, impulse=(0.0, -DISC.mass * _speed_to_stop_at(10.0)))
    assert result.exited == {disc: library}
    assert result.entered == {}
    assert table.position(disc)[1] < 60.0 - R


def test_tall_piece_is_stopped_by_the_facade_but_has_entered() -> None:
    table, library = _city()
    facade = table.building_parts(library)[2]
    barrel = table.add("barrel", x=45.0, y=58.0)
    # Slides 1.9 cm to the facade and meets it at about 10 cm/s: too gently to fall.
    result = table.simulate(velocities={barrel: ((0.0, 40.0), 0.0)})
    assert result.entered == {barrel: library}
    assert result.touches(barrel) == (facade,)
    assert table.is_standing(barrel)
    assert table.position(barrel)[1] < 61.5  # did not pass the facade
    assert table.is_inside(barrel, library)
    # Hard into the facade: the top is stopped, the base is not; it falls back, away from it.
    result = table.simulate(velocities={barrel: ((0.0, -60.0), 0.0)})
    result = table.simulate(velocities={barrel: ((0.0, 200.0), 0.0)})
    assert result.fell == (barrel,)
    assert table.angle(barrel) == pytest.approx(-math.pi / 2, abs=0.05)
    assert table.position(barrel)[1] < 61.5


def test_support_blocks_stop_low_pieces_and_report_the_part() -> None:
    table, library = _city()
    left, right, _ = table.building_parts(library)
    disc = table.add("movement_disc", x=51.0, y=40.0)  # straight at a block
    result = table.flick(disc, impulse=(0.0, DISC.mass * 200.0))
    touched = result.first_touch(disc)
    assert touched in (left, right)
    assert table.building_of(touched) == library  # type: ignore[arg-type]
    assert table.position(disc)[1] < 60.0
    assert result.entered == {}
