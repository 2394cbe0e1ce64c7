"""Flights right after pieces part: a piece moving away from what it is near (a block it
bounced off, a piece it parted from, a door line it is across) flies on at once, where the
steps went on until it was a step and the slop away; and ends where the 1/20000 s reference
does."""

from __future__ import annotations

import math

from flick.bench.baselines import bare_spec, rebuilt
from flick.bench.physics import FINE_DT, calm
from flick.physics import PhysicsParams, ShotResult, Table

QUIET = calm(PhysicsParams.default())


def _run(table: Table, launch: dict[int, tuple[tuple[float, float], float]],
         ) -> tuple[ShotResult, int]:
    """The shot's result and how many of its steps Chipmunk stepped (not flown)."""
    world = table.world()
    world.launch({}, launch)
    result, changed = world.run()
    table._pieces.update(changed)
    return result, result.steps - world.flight.flown


def test_a_disc_bounced_off_a_block_flies_on_once_it_parts() -> None:
    table = Table(QUIET, city=(90.0, 90.0))
    library = table.add_building("library", x=45.0, y=60.0, angle=-math.pi / 2)
    block = table.building_parts(library)[0]
    disc = table.add("movement_disc", x=table.position(block)[0] - 3.0, y=20.0)
    reference = rebuilt(bare_spec(table), disc, (6.0 * 20.0, 6.0 * 250.0), QUIET, FINE_DT,
                        QUIET.simulation.iterations)
    result, stepped = _run(table, {disc: ((20.0, 250.0), 0.0)})
    assert result.touches(disc) == (block,)
    # The step that meets the block and the one it parts in (9 when a batch of steps
    # followed every contact); 0.046 cm from the reference either way.
    assert stepped <= 3
    assert math.dist(table.position(disc), reference[disc]) <= 0.1


def test_two_discs_moving_apart_fly_at_once() -> None:
    """Two discs 0.1 cm apart, nearer than a step and the slop, sent apart: their paths to
    rest never come within their radii, so they fly from the start (8 steps before)."""
    table = Table(QUIET, city=(120.0, 120.0))
    a = table.add("movement_disc", x=30.0, y=60.0)
    b = table.add("movement_disc", x=34.1, y=60.5)
    result, stepped = _run(table, {a: ((-100.0, 20.0), 0.0), b: ((100.0, 0.0), 4.0)})
    assert stepped == 0 and result.touches(a) == ()


def test_a_disc_across_a_door_line_it_entered_by_flies_on() -> None:
    """A disc sent through the library's door (low: under the facade) enters and slides on
    flown, the door line under it (40 steps before, until it was past the line)."""
    table = Table(QUIET, city=(90.0, 90.0))
    library = table.add_building("library", x=45.0, y=60.0, angle=-math.pi / 2)
    disc = table.add("movement_disc", x=45.0, y=40.0)
    result, stepped = _run(table, {disc: ((0.0, 120.0), 0.0)})
    assert result.entered == {disc: library}
    assert stepped <= 10
