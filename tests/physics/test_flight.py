"""Closed-form flight between contacts (`flick.physics.flight`): a glide is where fine steps of
the same friction joints take the body, for every kind of footprint, speed and spin; a piece
alone on the table flies to rest there; a caller's wrapped step sees every step of a flight
and the same end; a round piece flown to a contact meets it where a fine-step reference does."""

from __future__ import annotations

import math

import pymunk
import pytest
from pymunk._chipmunk import lib as chipmunk

from flick.bench.baselines import _populate, bare_spec, rebuilt
from flick.bench.physics import FINE_DT, calm
from flick.physics import PhysicsParams, Table
from flick.physics.flight import FLYING, Glide, shape_filter
from flick.physics.footprint import Footprint, Footprints

PARAMS = PhysicsParams.default()
QUIET = calm(PARAMS)
FOOTPRINTS = Footprints(PARAMS)
G = PARAMS.gravity
FINE = 2e-5  # s: the steps the glides are checked against (off by about v dt / 2 at rest)
KINDS = [("movement_disc", True), ("knife", True), ("baseball_bat", True),
         ("zombie", False), ("box", True), ("car", True)]


def _decelerations(fp: Footprint) -> tuple[float, float]:
    weight = fp.table_friction * fp.mass * G
    return weight / fp.mass, weight * fp.spin_radius / fp.moment


def _body(fp: Footprint, velocity: tuple[float, float], spin: float,
          pose: tuple[float, float, float] = (10.0, 20.0, 0.3),
          ) -> tuple[pymunk.Space, pymunk.Body]:
    """A bare body of the footprint with the world's two friction joints, in a space alone,
    put at `pose` as the world puts a piece (its position, then turned about its centre of
    gravity)."""
    space = pymunk.Space()
    space.iterations = 2
    body = pymunk.Body(fp.mass, fp.moment)
    body.center_of_gravity = fp.cog
    body.position = pose[:2]
    body.angle = pose[2]
    weight = fp.table_friction * fp.mass * G
    slide = pymunk.PivotJoint(space.static_body, body, (0.0, 0.0), fp.cog)
    slide.max_bias, slide.max_force = 0.0, weight
    turn = pymunk.GearJoint(space.static_body, body, 0.0, 1.0)
    turn.max_bias, turn.max_force = 0.0, weight * fp.spin_radius
    space.add(body, slide, turn)
    body.velocity = velocity
    body.angular_velocity = spin
    return space, body


def _pose(body: pymunk.Body) -> tuple[float, float, float]:
    return (body.position.x, body.position.y, body.angle)


@pytest.mark.parametrize("kind,standing", KINDS)
@pytest.mark.parametrize("speed", [40.0, 200.0, 400.0])
@pytest.mark.parametrize("spin", [0.0, 12.0, -25.0])
def test_a_glide_is_where_fine_steps_take_the_body(kind: str, standing: bool, speed: float,
                                                   spin: float) -> None:
    fp = FOOTPRINTS.get(kind, standing)
    a, alpha = _decelerations(fp)
    velocity = (speed * math.cos(1.1), speed * math.sin(1.1))
    _kept, body = _body(fp, velocity, spin)  # (the space holds the body while it glides)
    glide = Glide(body, fp.cog, a, alpha)
    # Halfway through its slide (moving and spinning), then at rest.
    halfway = 0.5 * speed / a
    steps = round(halfway / FINE)
    stepped, flown = _body(fp, velocity, spin)
    c_space = stepped._space
    for _ in range(steps):
        chipmunk.cpSpaceStep(c_space, FINE)
    glide.at(steps * FINE)
    (x, y, angle), (sx, sy, sangle) = _pose(body), _pose(flown)
    assert math.hypot(x - sx, y - sy) <= speed * FINE + 1e-6
    assert abs(angle - sangle) <= abs(spin) * FINE + 1e-6
    assert math.dist(body.velocity, flown.velocity) <= a * FINE * 1.01 + 1e-9
    assert abs(body.angular_velocity - flown.angular_velocity) <= alpha * FINE * 1.01 + 1e-9
    while flown.velocity != (0.0, 0.0) or flown.angular_velocity != 0.0:
        chipmunk.cpSpaceStep(c_space, FINE)
    glide.at(glide.rest)
    (x, y, angle), (sx, sy, sangle) = _pose(body), _pose(flown)
    assert math.hypot(x - sx, y - sy) <= speed * FINE + 1e-6
    assert abs(angle - sangle) <= abs(spin) * FINE + 1e-6
    assert body.velocity == (0.0, 0.0) and body.angular_velocity == 0.0


@pytest.mark.parametrize("kind,standing", KINDS)
def test_a_piece_alone_flies_to_rest_where_fine_steps_take_it(kind: str, standing: bool) -> None:
    fp = FOOTPRINTS.get(kind, standing)
    table = Table(PARAMS, city=(400.0, 400.0))
    pid = table.add(kind, x=200.0, y=200.0, angle=0.3, standing=standing)
    velocity, spin = (180.0 * math.cos(2.0), 180.0 * math.sin(2.0)), 9.0
    world = table.world()
    world.launch({}, {pid: (velocity, spin)})
    result, changed = world.run()
    assert world.flight.flights >= 1 and result.moved == (pid,)
    space, body = _body(fp, velocity, spin, (200.0, 200.0, 0.3))
    while body.velocity != (0.0, 0.0) or body.angular_velocity != 0.0:
        chipmunk.cpSpaceStep(space._space, FINE)
    end = changed[pid]
    assert math.hypot(end.x - body.position.x, end.y - body.position.y) <= 180.0 * FINE + 1e-6
    assert abs(end.angle - body.angle) <= spin * FINE + 1e-6


def _scene() -> tuple[Table, int]:
    table = Table(QUIET, city=(90.0, 90.0))
    table.add_building("library", x=45.0, y=80.0, angle=-math.pi / 2)
    table.add("zombie", x=30.0, y=55.0)
    table.add("barrel", x=62.0, y=40.0)
    return table, table.add("movement_disc", x=45.0, y=15.0)


def test_a_wrapped_step_sees_every_step_of_a_flight_and_the_same_end() -> None:
    table, disc = _scene()
    start = table.snapshot()
    plain = table.flick(disc, impulse=(6.0 * -60.0, 6.0 * 260.0))
    plain_end = table.snapshot()
    table.restore(start)
    world = table.world()
    step = world.space.step
    seen: list[float] = []

    def recorded(dt: float) -> None:
        step(dt)
        seen.append(dt)

    world.space.step = recorded  # type: ignore[method-assign]
    world.launch({disc: ((6.0 * -60.0, 6.0 * 260.0), (0.0, 0.0))}, {})
    result, changed = world.run()
    table._pieces.update(changed)
    assert world.flight.flights >= 1
    assert repr(result) == repr(plain) and table.snapshot() == plain_end
    assert len(seen) == result.steps
    assert math.isclose(sum(seen), result.sim_time, rel_tol=1e-12)
    assert max(seen) <= max(dt for dt, _ in result.schedule)


@pytest.mark.parametrize("target,offset", [
    ("zombie", 0.0), ("zombie", 1.8), ("movement_disc", 3.0), ("barrel", -2.0),
    ("support_block", 0.0)])
def test_a_round_piece_flown_to_a_contact_meets_it_where_fine_steps_do(
        target: str, offset: float) -> None:
    """A disc flicked at a piece at rest (or a building's block face): where both end, against
    the 1/20000 s reference with every piece a body, toppling off. Flown, the disc's next step
    meets the contact 0.01 cm deep; stepped all the way, up to a step (0.2 cm) late."""
    table = Table(QUIET, city=(90.0, 90.0))
    if target == "support_block":
        library = table.add_building("library", x=45.0 + offset, y=60.0, angle=-math.pi / 2)
        hit = table.building_parts(library)[0]
        aim = table.position(hit)[0]
    else:
        hit = table.add(target, x=45.0 + offset, y=55.0)
        aim = 45.0
    disc = table.add("movement_disc", x=aim, y=20.0)
    start = table.snapshot()
    impulse = (0.0, 6.0 * 250.0)
    reference = rebuilt(bare_spec(table), disc, impulse, QUIET, FINE_DT,
                        QUIET.simulation.iterations)
    errors = {}
    for closed in (True, False):
        table.restore(start)
        world = table.world()
        world.closed_form = closed
        world.launch({disc: (impulse, (0.0, 0.0))}, {})
        result, changed = world.run()
        assert hit in result.touches(disc)
        table._pieces.update(changed)
        errors[closed] = max(math.dist(table.position(p), reference[p])
                             for p in table.pieces())
    # Measured: 0.05-0.11 cm flown, 0.09-1.27 cm stepped all the way.
    assert errors[True] <= 0.15
    assert errors[True] < errors[False]


@pytest.mark.parametrize("angle", [0.0, 0.4, 1.2])
def test_two_pieces_flown_together_still_meet(angle: float) -> None:
    """Two discs sent at each other from 60 cm apart (one spinning), a third crossing below:
    flown together, neither passes through the other, and where they end is no farther from
    the 1/20000 s reference than stepped all the way (measured: 0.06, 0.92 and 0.21 cm flown,
    0.21, 1.20 and 0.85 stepped; the meeting of two moving pieces is found up to a step late
    either way)."""
    table = Table(QUIET, city=(120.0, 120.0))
    a = table.add("movement_disc", x=30.0, y=60.0)
    b = table.add("movement_disc", x=90.0, y=60.0 + 3.0 * math.sin(angle))
    c = table.add("movement_disc", x=60.0, y=20.0)
    launch = {a: ((220.0, 0.0), 0.0), b: ((-200.0 * math.cos(angle), -40.0 * math.sin(angle)),
                                          3.0), c: ((0.0, 90.0), 0.0)}
    start = table.snapshot()
    space = pymunk.Space()  # the reference: every piece a body, fine fixed steps
    space.iterations = QUIET.simulation.iterations
    space.collision_slop = QUIET.simulation.collision_slop
    made = _populate(space, bare_spec(table))
    for pid, (velocity, spin) in launch.items():
        made[pid][0].velocity, made[pid][0].angular_velocity = velocity, spin
    for _ in range(int(1.2 / FINE_DT)):
        space.step(FINE_DT)
    errors = {}
    for closed in (True, False):
        table.restore(start)
        world = table.world()
        world.closed_form = closed
        world.launch({}, launch)
        result, changed = world.run()
        assert b in result.touches(a) and a in result.touches(b)
        assert world.flight.flights >= (1 if closed else 0)
        errors[closed] = max(math.hypot(s.x - made[pid][0].position.x,
                                        s.y - made[pid][0].position.y)
                             for pid, s in changed.items())
    assert errors[True] <= errors[False] and errors[True] <= 1.0


@pytest.mark.parametrize("target", ["car", "box", "street_lamp"])
def test_a_disc_flown_at_a_piece_wider_than_its_circle_meets_it(target: str) -> None:
    """A resting car, box or lamp is a dormant circle wider than itself: the disc's flight
    wakes it when that circle is the first thing ahead and flies to its real shape; the
    disc touches it and both end within 0.15 cm of the 1/20000 s reference."""
    table = Table(QUIET, city=(90.0, 90.0))
    hit = table.add(target, x=46.0, y=55.0, angle=0.5)
    disc = table.add("movement_disc", x=45.0, y=15.0)
    impulse = (0.0, 6.0 * 250.0)
    reference = rebuilt(bare_spec(table), disc, impulse, QUIET, FINE_DT,
                        QUIET.simulation.iterations)
    world = table.world()
    world.launch({disc: (impulse, (0.0, 0.0))}, {})
    result, changed = world.run()
    assert hit in result.touches(disc) and world.flight.flights >= 1
    table._pieces.update(changed)
    for pid in table.pieces():
        assert math.dist(table.position(pid), reference[pid]) <= 0.15, pid


def test_a_shape_filter_made_once_is_the_filter_its_tuple_gives() -> None:
    """A plan passes Chipmunk its filters as structs made once (`shape_filter`): a shape
    given one has the filter the tuple (group, categories, mask) gives it."""
    body = pymunk.Body(1.0, 1.0)
    made, given = pymunk.Circle(body, 1.0), pymunk.Circle(body, 1.0)
    for group, categories, mask in [(7, 0b101, 0xFFFFFFFF), (FLYING, 1 << 31, 0b11)]:
        chipmunk.cpShapeSetFilter(made._shape, shape_filter(group, categories, mask))
        chipmunk.cpShapeSetFilter(given._shape, (group, categories, mask))
        assert made.filter == given.filter == pymunk.ShapeFilter(group, categories, mask)
