"""Setting a scenario's pieces on a physics table, with the rules' names for them.

`flick.scenario.place` (the scenario package's) puts the pieces down; this adapter reads its
result into the one shape the rules use: `pieces` (the rules' name -> piece id: `car`,
`barrel_2`, `box_1`, `barricade_1`, `zombie_4`, a survivor's full name) and `buildings`
(name -> building id).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Placement:
    pieces: dict[str, int] = field(default_factory=dict)
    buildings: dict[str, int] = field(default_factory=dict)


def place_scenario(scenario: Any, table: Any) -> Placement:
    """Place `scenario` on `table`; the ids by name."""
    from flick.scenario.place import place

    return _adapt(place(scenario, table))


def _adapt(result: Any) -> Placement:
    """Read `flick.scenario.place`'s Placement (survivors, zombies, buildings, objects and
    `keys`: id -> name) into this module's `Placement`."""
    out = Placement()
    out.buildings = {str(k): int(v) for k, v in dict(result.buildings).items()}
    bids = set(out.buildings.values())
    for pid, key in dict(getattr(result, "keys", {})).items():
        if int(pid) not in bids:
            out.pieces[str(key)] = int(pid)
    out.pieces.update({str(k): int(v) for k, v in dict(result.survivors).items()})
    out.pieces.update({str(k): int(v) for k, v in dict(result.objects).items()})
    for i, z in enumerate(result.zombies):
        out.pieces.setdefault(f"zombie_{i + 1}", int(z))
    return out
