"""What a shot did: who touched what first, who fell, who left the city, door crossings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class ShotResult:
    """The outcome of one shot (`Table.simulate`, `flick`, `flick_many`).

    Ids are piece ids; a building's support blocks and facade report their own *part* ids
    (`Table.building_of(part_id)` gives the building). All collections are in the order the
    events happened, which is deterministic.
    """

    launched: tuple[int, ...]
    touch_lists: Mapping[int, tuple[int, ...]]
    fell: tuple[int, ...]
    left_city: tuple[int, ...]
    off_table: tuple[int, ...]
    entered: Mapping[int, int]
    exited: Mapping[int, int]
    moved: tuple[int, ...]
    distances: Mapping[int, float]
    steps: int
    sim_time: float
    timed_out: bool
    schedule: tuple[tuple[float, int], ...]

    def first_touch(self, piece: int) -> int | None:
        """The first piece or building part that `piece` touched in this shot, or None."""
        found = self.touch_lists.get(piece, ())
        return found[0] if found else None

    def touches(self, piece: int) -> tuple[int, ...]:
        """Every piece or building part `piece` touched, each once, in the order touched."""
        return self.touch_lists.get(piece, ())

    def travel(self, piece: int) -> float:
        """The length of the path (cm) the piece's centre followed in this shot."""
        return self.distances.get(piece, 0.0)
