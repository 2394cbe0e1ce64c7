"""No tunnelling: a shotgun pellet at 1,000 cm/s never passes through a thin object.

pymunk has no continuous collision detection; the table's step policy (no piece moves more
than a fraction of the thinnest shape per step) must stop a 1.1 cm pellet at the fastest
flick from passing through a 1.5 cm lamp stand or a support block, at any angle.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flick.physics import PhysicsParams, Table

PARAMS = PhysicsParams.default()
PELLET = PARAMS.pieces["shotgun_pellet"]
SPEED = 1000.0  # cm/s, the fastest flick


def _shoot(
    obstacle: str, angle: float, face: int, incidence: float, along: float, start: float = 6.0
) -> None:
    table = Table(PARAMS, city=(30.0, 30.0))
    if obstacle == "building_block":
        building = table.add_building("library", x=15.0, y=15.0, angle=angle)
        target = table.building_parts(building)[0]
        spec = PARAMS.pieces[PARAMS.buildings.block_kind]
        face = face % 2  # its front face (0) or its outer side (1): the others face the gap
    else:
        target = table.add(obstacle, x=15.0, y=15.0, angle=angle)
        spec = PARAMS.pieces[obstacle]
    assert spec.length is not None and spec.width is not None
    cx, cy = table.position(target)
    normal_angle = angle + face * math.pi / 2.0
    nx, ny = math.cos(normal_angle), math.sin(normal_angle)
    tx, ty = -ny, nx
    depth, half_width = (spec.length / 2, spec.width / 2) if face % 2 == 0 else (
        spec.width / 2, spec.length / 2)
    r = PELLET.diameter / 2.0  # type: ignore[operator]
    room = max(0.0, half_width - r * (1.0 + math.tan(abs(incidence))))
    aim = (cx + nx * depth + tx * along * room, cy + ny * depth + ty * along * room)
    dx, dy = -math.cos(normal_angle + incidence), -math.sin(normal_angle + incidence)
    pellet = table.add("shotgun_pellet", x=aim[0] - start * dx, y=aim[1] - start * dy)
    result = table.flick(pellet, impulse=(PELLET.mass * SPEED * dx, PELLET.mass * SPEED * dy))
    assert result.first_touch(pellet) == target
    px, py = table.position(pellet)
    ox, oy = table.position(target)
    # It bounced back: it ends on the side of the face it was fired at.
    assert (px - ox) * nx + (py - oy) * ny > depth


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    obstacle=st.sampled_from(["street_lamp", "support_block", "building_block"]),
    angle=st.floats(-math.pi, math.pi),
    face=st.integers(0, 3),
    incidence=st.floats(-0.7, 0.7),
    along=st.floats(-1.0, 1.0),
    start=st.floats(3.0, 12.0),
)
def test_pellet_never_passes_through(
    obstacle: str, angle: float, face: int, incidence: float, along: float, start: float
) -> None:
    _shoot(obstacle, angle, face, incidence, along, start)


def test_pellet_head_on_through_the_thin_side_of_a_lamp() -> None:
    # The worst case: straight through the lamp stand's 1.5 cm width.
    for angle in (0.0, 0.3, math.pi / 4, 1.0, math.pi / 2):
        for start in (3.0, 3.1, 3.2, 3.3, 3.4):
            _shoot("street_lamp", angle, 1, 0.0, 0.0, start)


def test_step_is_short_enough_at_the_fastest_flick() -> None:
    table = Table(PARAMS, city=(30.0, 30.0))
    pellet = table.add("shotgun_pellet", x=5.0, y=15.0)
    table.add("street_lamp", x=25.0, y=25.0)
    result = table.flick(pellet, impulse=(PELLET.mass * SPEED, 0.0))
    sim = PARAMS.simulation
    thinnest = PELLET.diameter  # the pellet is the thinnest shape here
    assert thinnest is not None
    max_move = min(sim.step_fraction * thinnest, sim.max_step)
    first_dt = result.schedule[0][0]
    assert first_dt * SPEED == pytest.approx(max_move)
    # On average no step carried the pellet further than the limit either.
    assert result.travel(pellet) <= result.steps * max_move
