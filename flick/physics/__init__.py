"""The physics table of Flick 'em Up! Dead of Winter: a top-down pymunk world (cm, g, s).

>>> from flick.physics import Table, PhysicsParams
>>> table = Table(PhysicsParams.default(), city=(90.0, 90.0))

`Table` holds the canonical state (every piece's kind, position, angle, standing or fallen)
and runs each shot from it until every piece rests, returning a `ShotResult`. Parameters
come from `assets/physics/*.yaml` (`PhysicsParams.load`, `PhysicsParams.default`).

Conventions:
- The city's lower-left corner marker is (0, 0) and its upper-right (w, h); angles are
  radians counter-clockwise from +x. A standing piece's (x, y) is its base's centre and its
  angle its facing; a fallen one's (x, y) is the middle of its capsule and its angle points
  from its feet (where its base stood) to its head.
- A building's (x, y) is the middle of its door line and its angle the way its door faces
  (`front_normal`). Its two support blocks and its facade have their own ids ("parts"):
  `ShotResult.touches` reports part ids, `Table.building_of(part)` gives the building.
- Shots: `flick(id, impulse, offset)` (g cm/s at an offset in cm from the centre),
  `flick_many([...])` (the shotgun), `simulate(impulses=, velocities=)` (several at once).
- Undo: `snapshot()` / `restore(state)`; `state_hash()` hashes the state bit for bit.
- Queries between shots: `distance` (edge to edge, cm), `overlapping`, `is_inside`,
  `in_city`, `door_line`, `outline` (footprints to draw).
- The Zombie Rush: `Table.rush(zombies, tower=(x, y, facing), rng=seed) -> RushResult`.

Modules: `table` (`Table`), `params` (`PhysicsParams`, `MAX_FLICK_IMPULSE`, read through
`flick.datafile`), `world` (the pymunk space of one shot and its run), `waking` (a shot's
dormant pieces and the bodies they wake into), `contacts` (a shot's contacts as the space
reports them: touch lists, doors, the table's edge), `falls` (toppling, and pieces off the
table's edge), `flight` (a shot's free motion in closed form between contacts), `city` (the
static city and the dormant circles, kept across shots and lent to each shot's space),
`stock` (the pieces' bodies, kept across shots and reset to new), `shapes` (shape filters
and a footprint's pymunk shapes), `footprint`, `geometry`, `buildings`, `state`, `result`,
`errors` (`TableError`), and the package `tower` (the zombie tower: `params` with
`TowerParams` and `TOWER_FOOTPRINT_CM`, the side-view `drop`, the plane geometry `place` with
`TowerPose`, and `rush`). Physics knows no rules and imports no other
flick package but the bottom modules (`flick.errors`, `flick.paths`, `flick.datafile`). Its
command line is `flick/cli/tower.py` (`flick tower`), its benchmarks `flick/bench/physics.py`
(beside the pymunk a user would write, `flick/bench/baselines.py`) and `flick/bench/tower.py`.
"""

from flick.physics.params import MAX_FLICK_IMPULSE, PhysicsParams
from flick.physics.result import ShotResult
from flick.physics.state import BuildingState, PieceState, TableState
from flick.physics.table import Table, TableError
from flick.physics.tower.rush import RushResult

__all__ = [
    "MAX_FLICK_IMPULSE",
    "BuildingState",
    "PhysicsParams",
    "PieceState",
    "RushResult",
    "ShotResult",
    "Table",
    "TableError",
    "TableState",
]
