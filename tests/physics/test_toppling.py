"""Toppling: a gentle touch does not fell a figure, a hard hit does; fallen pieces lie along
the push and can be stood up again."""

from __future__ import annotations

import math

import pytest

from flick.physics import PhysicsParams, Table, TableError
from flick.physics.footprint import Footprints

PARAMS = PhysicsParams.default()
DISC = PARAMS.pieces["movement_disc"]
ZOMBIE = PARAMS.pieces["zombie"]
MU = DISC.table_friction
G = PARAMS.gravity


def _critical_impact_speed(params: PhysicsParams, target: str) -> float:
    """Disc speed at impact whose collision impulse equals the target's toppling impulse."""
    spec = params.pieces[target]
    assert spec.topple is not None
    e = params.materials[DISC.material].elasticity * params.materials[spec.material].elasticity
    reduced = DISC.mass * spec.mass / (DISC.mass + spec.mass)
    threshold = spec.mass * spec.topple.threshold(params.gravity, params.toppling.scale)
    return threshold / ((1.0 + e) * reduced)


def _hit(target: str, impact_speed: float, params: PhysicsParams = PARAMS) -> tuple[Table, int]:
    """A disc 10 cm below `target` flicked straight at it to arrive at `impact_speed`."""
    table = Table(params, city=(90.0, 90.0))
    piece = table.add(target, x=45.0, y=50.0)
    disc = table.add("movement_disc", x=45.0, y=40.0)
    gap = 10.0 - DISC.diameter / 2.0 - 1.3  # type: ignore[operator]
    if target != "zombie":
        gap = 10.0 - DISC.diameter / 2.0 - _half_depth(target)  # type: ignore[operator]
    launch = math.sqrt(impact_speed**2 + 2.0 * MU * G * gap)
    result = table.flick(disc, impulse=(0.0, DISC.mass * launch))
    assert result.first_touch(disc) == piece
    return table, piece


def _half_depth(kind: str) -> float:
    spec = PARAMS.pieces[kind]
    return spec.diameter / 2.0 if spec.diameter else spec.width / 2.0  # type: ignore[operator]


def test_critical_speed_is_of_the_order_of_a_gentle_flick() -> None:
    assert 20.0 < _critical_impact_speed(PARAMS, "zombie") < 60.0


def test_gentle_touch_does_not_fell_a_zombie() -> None:
    table, zombie = _hit("zombie", 0.8 * _critical_impact_speed(PARAMS, "zombie"))
    assert table.is_standing(zombie)
    _, y = table.position(zombie)
    assert y > 50.0  # it was pushed, a little
    assert y - 50.0 < 1.0


def test_hard_hit_fells_a_zombie_along_the_push() -> None:
    table = Table(PARAMS, city=(90.0, 90.0))
    zombie = table.add("zombie", x=45.0, y=50.0)
    disc = table.add("movement_disc", x=45.0, y=40.0)
    result = table.flick(disc, impulse=(0.0, DISC.mass * 150.0))
    assert result.fell == (zombie,)
    assert not table.is_standing(zombie)
    assert table.angle(zombie) == pytest.approx(math.pi / 2, abs=0.05)  # lies along +y
    # A fallen figure is a capsule of the figure's height lying ahead of where it stood.
    assert table.position(zombie)[1] > 50.0
    assert table.position(zombie)[0] == pytest.approx(45.0, abs=0.5)


def test_threshold_just_above_fells() -> None:
    table, zombie = _hit("zombie", 1.25 * _critical_impact_speed(PARAMS, "zombie"))
    assert not table.is_standing(zombie)


def test_toppling_scale_is_the_fit_parameter() -> None:
    data = PARAMS.model_dump()
    data["toppling"]["scale"] = 2.0
    sturdy = PhysicsParams.model_validate(data)
    speed = 1.25 * _critical_impact_speed(PARAMS, "zombie")
    table, zombie = _hit("zombie", speed, sturdy)
    assert table.is_standing(zombie)


def test_each_kind_has_its_own_toppling_scale() -> None:
    # A zombie made sturdier (its own scale 2) stands a hit that fells a survivor, the same
    # miniature at the default scale; the table-wide scale multiplies the kind's.
    data = PARAMS.model_dump()
    data["pieces"]["zombie"]["topple"]["scale"] = 2.0
    sturdy = PhysicsParams.model_validate(data)
    assert sturdy.pieces["survivor"] == PARAMS.pieces["survivor"]
    speed = 1.25 * _critical_impact_speed(PARAMS, "zombie")
    assert _critical_impact_speed(sturdy, "zombie") > speed
    table, zombie = _hit("zombie", speed, sturdy)
    assert table.is_standing(zombie)
    table, survivor = _hit("survivor", speed, sturdy)
    assert not table.is_standing(survivor)
    data = PARAMS.model_dump()
    data["toppling"]["scale"] = 2.0
    both = Footprints(PhysicsParams.model_validate(data)).get("zombie")
    assert both.topple_impulse == Footprints(sturdy).get("zombie").topple_impulse
    assert both.topple_impulse == pytest.approx(
        2.0 * Footprints(PARAMS).get("zombie").topple_impulse  # type: ignore[operator]
    )


def test_lamp_falls_more_easily_than_a_barrel() -> None:
    lamp_speed = _critical_impact_speed(PARAMS, "street_lamp")
    barrel_speed = _critical_impact_speed(PARAMS, "barrel")
    assert lamp_speed < barrel_speed
    table, lamp = _hit("street_lamp", 1.3 * lamp_speed)
    assert not table.is_standing(lamp)
    table, barrel = _hit("barrel", 1.3 * lamp_speed)
    assert table.is_standing(barrel)


def test_boxes_and_vehicles_never_fall() -> None:
    table = Table(PARAMS, city=(90.0, 90.0))
    box = table.add("box", x=45.0, y=50.0)
    car = table.add("car", x=45.0, y=60.0)
    disc = table.add("movement_disc", x=45.0, y=40.0)
    result = table.flick(disc, impulse=(0.0, DISC.mass * 400.0))
    assert box in result.touches(disc)
    assert result.fell == ()
    assert table.is_standing(box) and table.is_standing(car)
    state = table.state_hash()
    with pytest.raises(TableError, match="cannot lie fallen"):
        table.lay_down(box, 0.0)
    with pytest.raises(TableError, match="cannot lie fallen"):
        table.add("car", x=10.0, y=10.0, standing=False)
    assert table.state_hash() == state


def test_stand_up_puts_the_base_where_the_feet_were() -> None:
    table = Table(PARAMS, city=(90.0, 90.0))
    zombie = table.add("zombie", x=30.0, y=30.0, angle=0.4)
    table.lay_down(zombie, 0.0)
    assert not table.is_standing(zombie)
    half = (ZOMBIE.topple.fallen_length - ZOMBIE.topple.fallen_width) / 2  # type: ignore[union-attr]
    assert table.position(zombie) == pytest.approx((30.0 + half, 30.0))
    table.stand_up(zombie)
    assert table.is_standing(zombie)
    assert table.position(zombie) == pytest.approx((30.0, 30.0))
    fallen = table.add("survivor", x=60.0, y=60.0, angle=math.pi / 2, standing=False)
    assert not table.is_standing(fallen)
    table.stand_up(fallen)
    assert table.position(fallen) == pytest.approx((60.0, 60.0 - half))


def test_fallen_figure_is_a_low_piece() -> None:
    table = Table(PARAMS, city=(90.0, 90.0))
    standing = table.add("zombie", x=20.0, y=20.0)
    lying = table.add("zombie", x=40.0, y=20.0, angle=0.0, standing=False)
    table.add_building("school", x=40.0, y=30.0, angle=-math.pi / 2)
    # The fallen one fits under the facade, the standing one does not.
    assert table.kind(lying) == "zombie"
    assert table.overlapping(standing) == []
    table.set_pose(lying, 40.0, 32.0, 0.0)  # under the facade, between the blocks
    assert table.overlapping(lying) == []
    table.set_pose(standing, 40.0, 32.0, 0.0)
    facade = table.building_parts(table.buildings()[0])[2]
    assert facade in table.overlapping(standing)


@pytest.mark.parametrize("kind", ["zombie", "street_lamp", "barrel"])
def test_sliding_to_a_stop_on_the_table_fells_nothing(kind: str) -> None:
    # A rushing zombie (or a shoved lamp) launched upright slides to rest upright: the table's
    # friction slows it far more than its toppling speed, but friction alone never fells it.
    table = Table(PARAMS, city=(200.0, 200.0))
    piece = table.add(kind, x=20.0, y=100.0)
    result = table.simulate(velocities={piece: ((300.0, 0.0), 0.0)})
    assert result.fell == ()
    assert table.is_standing(piece)
    assert table.position(piece)[0] > 60.0


def _lamp_falls_across_a_zombie(params: PhysicsParams) -> tuple[Table, int, int]:
    table = Table(params, city=(90.0, 90.0))
    lamp = table.add("street_lamp", x=45.0, y=50.0)
    zombie = table.add("zombie", x=45.3, y=56.0)
    disc = table.add("movement_disc", x=45.0, y=40.0)
    result = table.flick(disc, impulse=(0.0, DISC.mass * 120.0))
    assert lamp in result.fell
    return table, lamp, zombie


def test_a_fallen_lamp_is_laid_where_it_fits() -> None:
    # Along the push the lamp's 12 cm capsule would lie across the zombie behind it: it is laid
    # down beside it instead, as a player would: no overlap to push apart, even with no
    # settling time at all.
    data = PARAMS.model_dump()
    data["simulation"]["settle_time"] = 0.0
    for params in (PhysicsParams.model_validate(data), PARAMS):
        table, lamp, _ = _lamp_falls_across_a_zombie(params)
        assert table.overlapping(lamp) == []
        assert abs(math.remainder(table.angle(lamp) - math.pi / 2.0, 2.0 * math.pi)) > 0.1
