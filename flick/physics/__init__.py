"""The physics table of Flick 'em Up! Dead of Winter: a top-down pymunk world (cm, g, s).

>>> from flick.physics import Table, PhysicsParams
>>> table = Table(PhysicsParams.default(), city=(90.0, 90.0))

`Table` holds the canonical state (every piece's kind, position, angle, standing or fallen)
and runs each shot from it until every piece rests, returning a `ShotResult`. Parameters
come from `assets/physics/*.yaml` (`PhysicsParams.load`, `PhysicsParams.default`).
"""

from flick.physics.params import PhysicsParams
from flick.physics.result import ShotResult
from flick.physics.state import BuildingState, PieceState, TableState
from flick.physics.table import Table, TableError
from flick.physics.tower_rush import RushResult, rush

Table.rush = rush  # type: ignore[attr-defined]  # the Zombie Rush (flick/physics/tower_rush.py)

__all__ = [
    "BuildingState",
    "PhysicsParams",
    "PieceState",
    "RushResult",
    "ShotResult",
    "Table",
    "TableError",
    "TableState",
]
