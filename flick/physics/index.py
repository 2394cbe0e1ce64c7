"""The table's pieces by id, kept in a spatial index as they change.

A shot starts from the canonical state; building an index of every piece for each shot
would make a shot cost what the table holds. The table keeps this one instead, updated only
where a piece was added, moved or removed: squares of side `cell` (cm) map to the ids of the
pieces whose centres are in them, ascending (so what a shot reads from it depends on the
state only, never on the order pieces were put down), and `kinds` counts each
(kind, standing) on the table.
"""

from __future__ import annotations

import bisect
import math
from collections import Counter
from collections.abc import Iterable, Mapping

from flick.physics.state import PieceState

Cell = tuple[int, int]


class PieceIndex(dict[int, PieceState]):
    """id -> PieceState, with `cells` and `kinds` kept up to date on every change."""

    def __init__(self, cell: float, pieces: Iterable[PieceState] = ()) -> None:
        super().__init__()
        self.cell = cell
        self.cells: dict[Cell, list[int]] = {}
        self.kinds: Counter[tuple[str, bool]] = Counter()
        cells, kinds, key = self.cells, self.kinds, self.key
        for p in pieces:  # in bulk: the lists are sorted once at the end
            if p.id in self:
                self._unplace(self[p.id])
            dict.__setitem__(self, p.id, p)
            cells.setdefault(key(p.x, p.y), []).append(p.id)
            kinds[(p.kind, p.standing)] += 1
        for ids in cells.values():
            ids.sort()

    def __reduce__(self) -> tuple[type[PieceIndex], tuple[float, list[PieceState]]]:
        # Copies and pickles rebuild the index from the pieces (the default would put each
        # piece into the copied cells a second time).
        return (PieceIndex, (self.cell, list(self.values())))

    def key(self, x: float, y: float) -> Cell:
        return (math.floor(x / self.cell), math.floor(y / self.cell))

    def __setitem__(self, pid: int, piece: PieceState) -> None:
        old = self.get(pid)
        if old is not None:
            if (old.kind == piece.kind and old.standing == piece.standing
                    and self.key(old.x, old.y) == self.key(piece.x, piece.y)):
                super().__setitem__(pid, piece)  # the same square and kind: only the pose
                return
            self._unplace(old)
        super().__setitem__(pid, piece)
        bisect.insort(self.cells.setdefault(self.key(piece.x, piece.y), []), pid)
        self.kinds[(piece.kind, piece.standing)] += 1

    def __delitem__(self, pid: int) -> None:
        self._unplace(self[pid])
        super().__delitem__(pid)

    def update(self, other: Mapping[int, PieceState]) -> None:  # type: ignore[override]
        for pid, piece in other.items():
            self[pid] = piece

    def _unplace(self, piece: PieceState) -> None:
        key = self.key(piece.x, piece.y)
        ids = self.cells[key]
        ids.remove(piece.id)
        if not ids:
            del self.cells[key]
        kind = (piece.kind, piece.standing)
        self.kinds[kind] -= 1
        if not self.kinds[kind]:
            del self.kinds[kind]

    def pop(self, *args: object) -> PieceState:
        raise TypeError("remove pieces with del")

    def setdefault(self, *args: object) -> PieceState:
        raise TypeError("set pieces with [] =")
