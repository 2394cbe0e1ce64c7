"""The planner against cases with a known answer: an open-table slide through a
door, a line blocked by a zombie, and the same map whatever the number of workers."""

from __future__ import annotations

import math

import pytest

from flick.game.bots.aim import PERFECT, HandNoise, impulse_to
from flick.physics import PhysicsParams, Table
from flick.plan import Goal, Grid, Shot, plan, wilson


@pytest.fixture(scope="module")
def params() -> PhysicsParams:
    return PhysicsParams.default()


def _door_shot(params: PhysicsParams, blocked: bool = False) -> Shot:
    """A movement disc 30 cm in front of the library's door, aimed through it; with
    `blocked`, a zombie stands half-way on the line."""
    table = Table(params)
    bid = table.add_building("library", 45.0, 70.0, 0.0)
    (ax, ay), (bx, by) = table.door_line(bid)
    nx, ny = table.front_normal(bid)
    mid = ((ax + bx) / 2, (ay + by) / 2)
    target = (mid[0] - nx * 4.0, mid[1] - ny * 4.0)
    start = (mid[0] + nx * 30.0, mid[1] + ny * 30.0)
    if blocked:
        table.add("zombie", mid[0] + nx * 15.0, mid[1] + ny * 15.0)
    angle, strength = impulse_to(params, "movement_disc", start, target)
    piece = table.add("movement_disc", *start, angle=angle)
    return Shot(table.snapshot(), piece, angle, strength, Goal("enter", building=bid))


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == pytest.approx(1.0)


def test_open_slide_to_a_door_is_sure_without_noise_and_falls_with_noise(
        params: PhysicsParams) -> None:
    shot = _door_shot(params)
    one = Grid.around(1, 1)
    exact = plan(params, shot, PERFECT, one, repeats=4, seed=3, workers=1)
    assert exact.best.p == 1.0
    ps = [plan(params, shot, HandNoise(sd, sd, sd), one, repeats=24, seed=3, workers=1).best.p
          for sd in (0.03, 0.3)]
    assert ps[0] > ps[1]
    assert ps[1] < 0.3


def test_a_blocked_line_is_near_zero(params: PhysicsParams) -> None:
    shot = _door_shot(params, blocked=True)
    m = plan(params, shot, PERFECT, Grid.around(3, 1, angle_span=math.radians(2.0)),
             repeats=1, seed=3, workers=1)
    assert max(c.p for c in m.cells) == 0.0
    noisy = plan(params, shot, HandNoise.from_params(params), Grid.around(1, 1), repeats=12,
                 seed=3, workers=1)
    assert noisy.best.interval[1] < 0.3


def test_the_best_cell_and_the_grid_are_consistent(params: PhysicsParams) -> None:
    shot = _door_shot(params)
    grid = Grid.around(3, 3)
    m = plan(params, shot, HandNoise.from_params(params, "shaky"), grid, repeats=3, seed=5,
             workers=1)
    assert len(m.cells) == 9 and m.shots == 27 and m.matrix().shape == (3, 3)
    assert m.best.p == max(c.p for c in m.cells)
    # the middle cell is the heuristic aim itself
    assert m.cells[4].angle == pytest.approx(shot.angle)
    assert m.cells[4].strength == pytest.approx(shot.strength)


def test_same_seed_same_map_on_one_and_two_workers(params: PhysicsParams) -> None:
    shot = _door_shot(params)
    noise = HandNoise.from_params(params, "shaky")
    grid = Grid.around(3, 2)
    one = plan(params, shot, noise, grid, repeats=3, seed=11, workers=1)
    two = plan(params, shot, noise, grid, repeats=3, seed=11, workers=2)
    assert one.cells == two.cells
    other = plan(params, shot, noise, grid, repeats=3, seed=12, workers=1)
    assert other.cells != one.cells


def test_a_bullet_at_an_open_zombie_fells_it_only_with_enough_power(
        params: PhysicsParams) -> None:
    from flick.game.bots.heuristic import BULLET_ARRIVE

    table = Table(params)
    zombie = table.add("zombie", 45.0, 60.0)
    start = (45.0, 30.0)
    angle, strength = impulse_to(params, "bullet", start, (45.0, 60.0), arrive=BULLET_ARRIVE)
    bullet = table.add("bullet", *start, angle=angle)
    shot = Shot(table.snapshot(), bullet, angle, strength, Goal("shoot", zombie=zombie))
    m = plan(params, shot, PERFECT, Grid(angles=(0.0, 0.2), powers=(0.7, 1.0)), repeats=1,
             workers=1)
    # the friction model's aim fells it; far off the line or too soft does not
    assert [c.p for c in m.cells] == [0.0, 1.0, 0.0, 0.0]
