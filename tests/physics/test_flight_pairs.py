"""A flight's plan of several moving pieces (`flick.physics.flight`): the pairs it leaves out
(paths' boxes far apart) and the pair or piece it looks at first (what stopped its last plan)
never change its answer: it is the span every pair's `pair_limit` gives, bit for bit, and the
same whatever the flight planned before."""

from __future__ import annotations

import math

import numpy as np
import pymunk
import pytest

from flick.physics import PhysicsParams
from flick.physics.flight import MIN_STEPS, Flight, Glide, pair_limit, paths_apart, paths_farther
from flick.physics.footprint import Footprints

PARAMS = PhysicsParams.default()
FOOTPRINTS = Footprints(PARAMS)
G = PARAMS.gravity
DT = 1.0 / 600.0
MARGIN = 0.3
KINDS = [("movement_disc", True), ("shotgun_pellet", True), ("zombie", True), ("car", True)]


def _flight() -> Flight:
    flight = Flight(pymunk.Space(), MARGIN, 5.0)
    flight.all_filled = True  # an empty space: nothing but the moving pieces to meet
    return flight


def _scene(rng: np.random.Generator, count: int, spread: float,
           flights: tuple[Flight, ...]) -> list[tuple[int, pymunk.Body]]:
    """`count` bodies of varied kinds within `spread` cm, moving or spinning at random, added
    to the flights."""
    moving = []
    for pid in range(1, count + 1):
        kind, standing = KINDS[int(rng.integers(len(KINDS)))]
        fp = FOOTPRINTS.get(kind, standing)
        for flight in flights:
            flight.add(pid, fp, G, [])
        body = pymunk.Body(fp.mass, fp.moment)
        body.center_of_gravity = fp.cog
        body.position = (float(rng.uniform(0.0, spread)), float(rng.uniform(0.0, spread)))
        body.angle = float(rng.uniform(-math.pi, math.pi))
        speed = 0.0 if rng.random() < 0.1 else float(rng.uniform(1.0, 300.0))
        turn = float(rng.uniform(-math.pi, math.pi))
        body.velocity = (speed * math.cos(turn), speed * math.sin(turn))
        body.angular_velocity = float(rng.uniform(-5.0, 5.0))
        moving.append((pid, body))
    return moving


def _expected(flight: Flight, moving: list[tuple[int, pymunk.Body]]) -> float | None:
    """The span a plan gives in an empty space, every pair looked at in order."""
    glides = []
    for pid, body in moving:
        bound, a, alpha, cog, _ = flight.bodies[pid]
        glides.append((Glide(body, cog, a, alpha), bound))
    limit = math.inf
    for i in range(len(glides)):
        for j in range(i + 1, len(glides)):
            limit = min(limit, pair_limit(glides[i][0], glides[j][0], glides[i][1],
                                          glides[j][1], MARGIN))
    if limit < MIN_STEPS * DT or any(g.length <= 0.0 for g, _ in glides):
        return None  # (a piece that only spins has no path to fly along)
    steps = (math.ceil(max(g.rest for g, _ in glides) / DT) if limit == math.inf
             else math.floor(limit / DT))
    steps = min(steps, math.ceil(10.0 / DT))
    return steps * DT if steps >= MIN_STEPS else None


@pytest.mark.parametrize("spread", [15.0, 40.0, 150.0])
def test_a_plan_of_several_pieces_is_what_every_pair_gives(spread: float) -> None:
    """Scenes of 2 to 24 moving pieces, crowded to sparse: the plan's span is the one every
    pair looked at in order gives, bit for bit (None as often), planned one after another
    by one flight (what stopped a plan looked at first by the next) and each by a new one."""
    rng = np.random.default_rng(int(spread))
    kept = _flight()
    outcomes = {True: 0, False: 0}
    for _ in range(60):
        count = int(rng.integers(2, 25))
        fresh = _flight()
        moving = _scene(rng, count, spread, (fresh, kept))
        expected = _expected(fresh, moving)
        for flight in (fresh, kept):
            planned = flight.plan(moving, DT, 10.0)
            assert (planned is None) == (expected is None)
            if planned is not None:
                assert planned[0] == expected
        outcomes[expected is None] += 1
    assert outcomes[True] and outcomes[False]  # both kinds of answer were checked


def test_a_pair_far_apart_never_limits_a_plan() -> None:
    """Two discs whose paths' boxes lie 1e-3 cm farther apart than their bounds: no limit."""
    fp = FOOTPRINTS.get("movement_disc", True)
    bodies = []
    for x in (0.0, 2.0 * fp.bound + 1e-3):
        body = pymunk.Body(fp.mass, fp.moment)
        body.position = (x, 0.0)
        body.velocity = (0.0, 100.0)
        bodies.append(body)
    weight = fp.table_friction * fp.mass * G
    a, alpha = weight / fp.mass, weight * fp.spin_radius / fp.moment
    g, h = (Glide(b, fp.cog, a, alpha) for b in bodies)
    assert pair_limit(g, h, fp.bound, fp.bound, MARGIN) == math.inf


def test_paths_farther_says_what_the_paths_distance_says() -> None:
    """`paths_farther` against `paths_apart` over random glides (some only spinning: a path
    of no length) and distances around theirs, the boundary itself included."""
    rng = np.random.default_rng(3)
    fp = FOOTPRINTS.get("movement_disc", True)
    weight = fp.table_friction * fp.mass * G
    a, alpha = weight / fp.mass, weight * fp.spin_radius / fp.moment
    for _ in range(2000):
        glides = []
        for _ in range(2):
            body = pymunk.Body(fp.mass, fp.moment)
            body.position = (float(rng.uniform(0.0, 20.0)), float(rng.uniform(0.0, 20.0)))
            speed = 0.0 if rng.random() < 0.1 else float(rng.uniform(1.0, 100.0))
            turn = float(rng.uniform(-math.pi, math.pi))
            body.velocity = (speed * math.cos(turn), speed * math.sin(turn))
            body.angular_velocity = 1.0
            glides.append(Glide(body, fp.cog, a, alpha))
        g, h = glides
        apart = paths_apart(g, h)
        for distance in (apart, math.nextafter(apart, -1.0), math.nextafter(apart, 9.0),
                         float(rng.uniform(0.0, 10.0))):
            assert paths_farther(g, h, distance) == (apart > distance)
