"""The canonical state of the table: what a shot starts from and what it leaves behind.

A shot is a pure function of (this state, the launch, the parameters): the table rebuilds
its pymunk space from a `TableState` for every shot, because a live space carries cached
contacts and a history-dependent spatial index that would make the same shot differ.
"""

from __future__ import annotations

import hashlib
import struct
from dataclasses import dataclass


@dataclass(frozen=True)
class PieceState:
    """One piece on the table. x, y in cm (the piece's centre; a fallen piece's capsule centre),
    angle in radians (a standing piece's facing; a fallen piece's feet-to-head direction)."""

    id: int
    kind: str
    x: float
    y: float
    angle: float
    standing: bool = True


@dataclass(frozen=True)
class BuildingState:
    """A building: (x, y) is the middle of its door line (cm), angle (radians) the direction
    its front faces. `parts` are the ids of its two support blocks and its facade: the block
    on the side of the front normal turned +90 degrees, the other block, the facade."""

    id: int
    name: str
    x: float
    y: float
    angle: float
    parts: tuple[int, int, int]


@dataclass(frozen=True)
class TableState:
    """Everything that defines the table between shots; `restore` rebuilds the table from it."""

    city: tuple[float, float]
    pieces: tuple[PieceState, ...]
    buildings: tuple[BuildingState, ...]
    next_id: int

    def hash(self) -> str:
        """SHA-256 of the exact state (floats bit for bit), hex. `next_id` is left out: it
        does not change what a shot does, and a restored table must hash as it did."""
        h = hashlib.sha256()
        h.update(struct.pack("<2d", *self.city))
        for p in self.pieces:
            kind = p.kind.encode()
            h.update(struct.pack("<qH", p.id, len(kind)) + kind)
            h.update(struct.pack("<3d?", p.x, p.y, p.angle, p.standing))
        for b in self.buildings:
            name = b.name.encode()
            h.update(struct.pack("<qH", b.id, len(name)) + name)
            h.update(struct.pack("<3d3q", b.x, b.y, b.angle, *b.parts))
        return h.hexdigest()
