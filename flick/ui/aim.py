"""The honest aim: the corridor a flicked piece sweeps along a straight path (its own width at
table scale), and the first piece that path would touch. Pure geometry on cm; no pygame.

The shotgun's corridor widens: its pellets sit up to `PELLET_JITTER_CM` off the axis and
leave within `PELLET_SPREAD_RAD` of it (two standard deviations of `shots.shotgun_blast`'s
spread), so the corridor shows where a pellet may go, not only the centre line.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from flick.physics.geometry import place, point_segment
from flick.physics.state import PieceState

Vec = tuple[float, float]

PELLET_JITTER_CM = 0.3  # flick.game.actions.shots.shotgun_blast: off-axis nudge
PELLET_SPREAD_RAD = math.radians(5.0)  # 2 sigma of its 2.5 degree spread
STEP_CM = 0.2  # the path is tested every this far


@dataclass(frozen=True)
class Aim:
    """A straight path: from `start` along `angle` for `length` cm, a piece of half-width
    `half` cm, widening by tan(`spread`) per cm (the shotgun)."""

    start: Vec
    angle: float
    length: float
    half: float
    spread: float = 0.0

    def half_at(self, s: float) -> float:
        return self.half + s * math.tan(self.spread)

    def point(self, s: float) -> Vec:
        return (self.start[0] + s * math.cos(self.angle), self.start[1] + s * math.sin(self.angle))

    def corridor(self) -> list[Vec]:
        """The swept corridor's outline (4 corners, cm): start left, end left, end right,
        start right."""
        ux, uy = math.cos(self.angle), math.sin(self.angle)
        px, py = -uy, ux
        (x0, y0), (x1, y1) = self.start, self.point(self.length)
        h0, h1 = self.half_at(0.0), self.half_at(self.length)
        return [(x0 + px * h0, y0 + py * h0), (x1 + px * h1, y1 + py * h1),
                (x1 - px * h1, y1 - py * h1), (x0 - px * h0, y0 - py * h0)]


def for_piece(kind: str, reach: float, start: Vec, angle: float, length: float) -> Aim:
    """The aim of a flicked piece of `kind` whose footprint reaches `reach` cm."""
    if kind == "shotgun_pellet":
        return Aim(start, angle, length, reach + PELLET_JITTER_CM, PELLET_SPREAD_RAD)
    return Aim(start, angle, length, reach)


def _distance(p: Vec, core: Sequence[Vec]) -> float:
    if len(core) == 1:
        return math.dist(p, core[0])
    edges = [(core[i], core[i + 1]) for i in range(len(core) - 1)]
    if len(core) > 2:
        edges.append((core[-1], core[0]))
    return min(point_segment(p, a, b) for a, b in edges)


def first_touch(aim: Aim, pieces: Iterable[PieceState], footprints: object,
                skip: Iterable[int] = ()) -> tuple[int, float] | None:
    """The first piece (id, cm along the path) the corridor would touch, or None. Pieces
    already touching the start (the survivor a disc is under) are not counted."""
    skipped = set(skip)
    best: tuple[int, float] | None = None
    far = aim.half_at(aim.length)
    end = aim.point(aim.length)
    for p in pieces:
        if p.id in skipped:
            continue
        fp = footprints.get(p.kind, p.standing)  # type: ignore[attr-defined]
        parts = place(fp, p.x, p.y, p.angle)
        if point_segment((p.x, p.y), aim.start, end) > far + fp.reach:
            continue
        if any(_distance(aim.start, core) <= aim.half + r for core, r in parts):
            continue  # touching at the start: under or beside the piece flicked
        limit = aim.length if best is None else best[1]
        s = 0.0
        while s <= limit:
            c = aim.point(s)
            if any(_distance(c, core) <= aim.half_at(s) + r for core, r in parts):
                best = (p.id, s)
                break
            s += STEP_CM
    return best
