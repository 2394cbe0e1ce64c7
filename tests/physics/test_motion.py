"""Physics that can be checked on paper: Coulomb sliding, spin friction, disc collisions."""

from __future__ import annotations

import math

import pytest

from flick.physics import PhysicsParams, Table

PARAMS = PhysicsParams.default()
G = PARAMS.gravity
MU = PARAMS.pieces["movement_disc"].table_friction
DISC = PARAMS.pieces["movement_disc"]
E = PARAMS.materials[DISC.material].elasticity ** 2  # disc on disc restitution


def _table() -> Table:
    return Table(PARAMS, city=(600.0, 600.0))


@pytest.mark.parametrize("speed", [60.0, 120.0, 250.0, 400.0])
@pytest.mark.parametrize("heading", [0.0, 2.3])
def test_slide_distance_is_v2_over_2_mu_g(speed: float, heading: float) -> None:
    table = _table()
    disc = table.add("movement_disc", x=300.0, y=300.0)
    direction = (math.cos(heading), math.sin(heading))
    result = table.flick(disc, impulse=(DISC.mass * speed * direction[0],
                                        DISC.mass * speed * direction[1]))
    x, y = table.position(disc)
    slid = math.hypot(x - 300.0, y - 300.0)
    expected = speed * speed / (2.0 * MU * G)
    # Within 3% plus half a longest step of travel (the discrete integration's error).
    assert slid == pytest.approx(expected, rel=0.03, abs=speed * PARAMS.simulation.max_dt / 2)
    # Straight along the flick, and the path length is the displacement.
    assert (x - 300.0) * -direction[1] + (y - 300.0) * direction[0] == pytest.approx(0, abs=1e-6)
    assert result.travel(disc) == pytest.approx(slid, rel=1e-6)
    assert result.moved == (disc,) and result.touches(disc) == ()
    # Stopping time v / (mu g), to within a batch of the longest steps.
    stop = speed / (MU * G)
    slack = PARAMS.simulation.check_every * PARAMS.simulation.max_dt
    assert stop - slack <= result.sim_time <= stop + slack
    assert result.steps > 0


def test_distance_grows_as_the_square_of_speed() -> None:
    distances = []
    for speed in (100.0, 200.0, 400.0):
        table = _table()
        disc = table.add("movement_disc", x=10.0, y=100.0)
        table.flick(disc, impulse=(DISC.mass * speed, 0.0))
        distances.append(table.position(disc)[0] - 10.0)
    assert distances[1] / distances[0] == pytest.approx(4.0, rel=0.04)
    assert distances[2] / distances[1] == pytest.approx(4.0, rel=0.04)


def _spun_disc(params: PhysicsParams) -> tuple[float, float]:
    """A disc pushed forward (+y) 1.5 cm left of its centre: its final angle (rad) and the
    angle w0^2 / (2 * spin deceleration) that the spin friction should stop it at."""
    table = Table(params, city=(600.0, 600.0))
    disc = table.add("movement_disc", x=100.0, y=100.0)
    result = table.flick(disc, impulse=(0.0, 900.0), offset=(-1.5, 0.0))
    assert not result.timed_out
    spec = params.pieces["movement_disc"]
    w0 = 900.0 * 1.5 / (spec.mass * spec.diameter**2 / 8.0)  # type: ignore[operator]
    radius = spec.diameter / 2.0  # type: ignore[operator]
    # torque mu m g * lever * r_gyration (r / sqrt 2 for a disc) over the moment m r^2 / 2
    lever = spec.spin_lever * radius / math.sqrt(2.0)
    spin_decel = spec.table_friction * spec.mass * G * lever / (spec.mass * radius**2 / 2)
    return table.angle(disc), -(w0**2) / (2.0 * spin_decel)


def test_off_centre_flick_spins_and_spin_stops() -> None:
    # The disc turns clockwise as it slides, and the spin friction stops the turning.
    assert DISC.spin_lever == 0.9  # the default lever: 0.9 of the radius of gyration
    angle, expected = _spun_disc(PARAMS)
    assert angle == pytest.approx(expected, rel=0.05)
    table = _table()
    bat = table.add("baseball_bat", x=50.0, y=50.0)
    knob = table.knob(bat)
    assert knob[0] < 50.0  # the knob is the -x end
    table.flick(bat, impulse=(0.0, 1000.0), offset=(knob[0] - 50.0, 0.0))
    assert abs(table.angle(bat)) > 0.3  # flicked by the knob, the bat turns


def test_spin_lever_is_a_parameter_of_the_piece() -> None:
    # A longer lever (a disc pressing on its rim) stops the spin sooner, in proportion; the
    # lever feeds the gear joint's torque cap when the body is built.
    data = PARAMS.model_dump()
    data["pieces"]["movement_disc"]["spin_lever"] = 1.35
    rim = PhysicsParams.model_validate(data)
    angle, expected = _spun_disc(rim)
    assert angle == pytest.approx(expected, rel=0.05)
    default, _ = _spun_disc(PARAMS)
    assert angle / default == pytest.approx(0.9 / 1.35, rel=0.03)
    # Only that kind changes.
    assert rim.pieces["bullet"] == PARAMS.pieces["bullet"]


def _collide(impact_parameter: float, speed: float = 200.0) -> tuple[float, ...]:
    """Disc A at (20, 45) flicked +x into disc B at rest at (40, 45 + b).

    Returns (v at impact, A's velocity after, B's velocity after, contact normal), the
    after-velocities read back from where each disc stopped: v = sqrt(2 mu g d).
    """
    table = _table()
    a = table.add("movement_disc", x=20.0, y=45.0)
    b = table.add("movement_disc", x=40.0, y=45.0 + impact_parameter)
    result = table.flick(a, impulse=(DISC.mass * speed, 0.0))
    assert result.first_touch(a) == b and result.touches(b) == (a,)
    radius_sum = DISC.diameter  # type: ignore[assignment]
    contact_x = 40.0 - math.sqrt(radius_sum**2 - impact_parameter**2)
    v_impact = math.sqrt(speed**2 - 2.0 * MU * G * (contact_x - 20.0))

    def velocity(dx: float, dy: float) -> tuple[float, float]:
        d = math.hypot(dx, dy)
        if d == 0.0:
            return (0.0, 0.0)
        s = math.sqrt(2.0 * MU * G * d)
        return (s * dx / d, s * dy / d)

    ax, ay = table.position(a)
    bx, by = table.position(b)
    va = velocity(ax - contact_x, ay - 45.0)
    vb = velocity(bx - 40.0, by - 45.0 - impact_parameter)
    n = ((40.0 - contact_x) / radius_sum, impact_parameter / radius_sum)
    return (v_impact, *va, *vb, *n)


def test_head_on_collision_of_equal_discs() -> None:
    v, vax, vay, vbx, vby, _, _ = _collide(0.0)
    # Equal masses, restitution e: B leaves at (1+e)/2 v, A keeps (1-e)/2 v.
    assert vbx == pytest.approx((1 + E) / 2 * v, rel=0.02)
    assert vax == pytest.approx((1 - E) / 2 * v, rel=0.15)
    assert vay == pytest.approx(0.0, abs=1e-6) and vby == pytest.approx(0.0, abs=1e-6)
    assert (vax + vbx) / v == pytest.approx(1.0, rel=0.02)  # momentum
    assert (vbx - vax) / v == pytest.approx(E, rel=0.03)  # restitution


@pytest.mark.parametrize("impact_parameter", [1.0, 2.0, 3.0])
def test_glancing_collision_of_equal_discs(impact_parameter: float) -> None:
    v, vax, vay, vbx, vby, nx, ny = _collide(impact_parameter)
    # Momentum: equal masses, so the two velocities after add up to the one before.
    assert (vax + vbx) / v == pytest.approx(1.0, abs=0.02)
    assert (vay + vby) / v == pytest.approx(0.0, abs=0.02)
    # Restitution along the line of centres. The contact is found up to one step (max_step)
    # after the discs first meet, which tilts a grazing contact's normal a few degrees.
    normal_before = v * nx
    normal_after = (vbx - vax) * nx + (vby - vay) * ny
    grazing = impact_parameter / DISC.diameter  # type: ignore[operator]
    assert normal_after / normal_before == pytest.approx(E, rel=0.04 if grazing < 0.6 else 0.1)
    # B is driven along the line of centres, turned by at most atan(contact friction).
    contact_mu = PARAMS.materials[DISC.material].friction ** 2
    turned = abs(math.atan2(vby, vbx) - math.atan2(ny, nx))
    assert turned <= math.atan(contact_mu) + 0.02
