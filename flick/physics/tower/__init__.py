"""The zombie tower: the side-view drop, its parameters, and the Zombie Rush onto the table.

- `flick.physics.tower.params`: `TowerParams` (the `tower:` section of the physics parameter
  file) and `TOWER_FOOTPRINT_CM`, the 12 cm footprint's one home.
- `flick.physics.tower.drop`: the side-view pymunk tower; `drop()` says how each zombie leaves
  the exit (`ZombieExit`).
- `flick.physics.tower.kit`: the side view's pymunk bodies and shapes, kept from drop to drop.
- `flick.physics.tower.place`: plane geometry of the rush: `TowerPose` (the one pose of the
  tower, also a placed scenario's tower home), the hand-off to the table, free spots.
- `flick.physics.tower.rush`: the Zombie Rush itself, run by `Table.rush` (`RushResult`).

This package imports only the side view and its parameters at import time: the table's
parameter module (`flick.physics.params`) reads `TowerParams` from here, so `place` and `rush`
(which need the table's footprints) are imported by their own module names.
"""

from flick.physics.tower.drop import Rng, TowerWorld, ZombieExit, as_generator, drop, tower_world
from flick.physics.tower.params import TOWER_FOOTPRINT_CM, TowerParams

__all__ = [
    "TOWER_FOOTPRINT_CM",
    "Rng",
    "TowerParams",
    "TowerWorld",
    "ZombieExit",
    "as_generator",
    "drop",
    "tower_world",
]
