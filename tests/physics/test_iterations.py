"""The solver's iterations follow the contacts in the space: `CONTACT_ITERATIONS` a contact
while pieces touch (at most the parameters' `iterations`), `FREE_ITERATIONS` when none does."""

from __future__ import annotations

import math

from pymunk._chipmunk import lib as chipmunk

from flick.bench.physics import calm, cluster_scene
from flick.physics import PhysicsParams, Table
from flick.physics.contacts import CONTACT_ITERATIONS, FREE_ITERATIONS

QUIET = calm(PhysicsParams.default())


def _iterations_seen(table: Table, pid: int, impulse: tuple[float, float]) -> set[int]:
    """The solver's iterations at every step of a shot (a wrapped step sees every step)."""
    world = table.world()
    step = world.space.step
    seen: set[int] = set()

    def recorded(dt: float) -> None:
        seen.add(chipmunk.cpSpaceGetIterations(world.space._space))
        step(dt)

    world.space.step = recorded  # type: ignore[method-assign]
    world.launch({pid: (impulse, (0.0, 0.0))}, {})
    world.run()
    return seen


def test_a_disc_bouncing_off_a_block_is_solved_with_a_contacts_iterations() -> None:
    table = Table(QUIET, city=(90.0, 90.0))
    library = table.add_building("library", x=45.0, y=60.0, angle=-math.pi / 2)
    block = table.building_parts(library)[0]
    disc = table.add("movement_disc", x=table.position(block)[0] - 3.0, y=20.0)
    seen = _iterations_seen(table, disc, (6.0 * 20.0, 6.0 * 250.0))
    assert seen == {FREE_ITERATIONS, CONTACT_ITERATIONS}


def test_a_break_shot_into_a_cluster_is_solved_with_all_the_iterations() -> None:
    table, disc = cluster_scene(QUIET, 20)
    mass = table.params.pieces["movement_disc"].mass
    seen = _iterations_seen(table, disc, (0.0, mass * 1000.0))
    assert max(seen) == QUIET.simulation.iterations
