"""The static city a shot's space holds, kept across shots: it never changes between them.

The buildings' parts (support blocks and facades, static shapes), their door lines and the
table's edge (sensors) are built once for a table's buildings, on one static body of their
own, and lent to each shot's space in the order a fresh build adds them, then taken back
when the shot ends. A shot's space is still new for every shot (no contact, sleeping group
or index of the last shot survives in it), and the shapes it is lent are the same, added in
the same order (so Chipmunk numbers them the same): a shot is a pure function of the table
state, bit for bit the same as with the city built afresh.

Why not keep one space with the city in it: Chipmunk's index of moving shapes keeps its
leaves in a hash set that grows and never shrinks, and walks it by bucket (the shape's id
modulo the set's size) to re-insert the leaves that moved, every step. In a kept space the
size, so the order leaves are re-inserted, the tree, the order contacts are found and
solved, would depend on the largest shot played before. Lending the city costs about 25 us
a shot (its shapes put in and taken out).

A city lent to a space that was never given it back (a world built and not run to its end)
is spoiled: pymunk detaches the shapes of a space it frees from their body. `Table` then
builds a new one.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pymunk
from pymunk._chipmunk import lib as _chipmunk

from flick.physics.buildings import Door, PartPose
from flick.physics.footprint import Footprint, Footprints
from flick.physics.shapes import DORMANT_FILTER, TABLE_EDGE, filter_for, make_shapes
from flick.physics.state import PieceState


class City:
    """The static shapes of a table's buildings, doors and edge, on a static body of their
    own: `owner` maps each shape to its part, building (door) or TABLE_EDGE (edge) id."""

    def __init__(self, footprints: Footprints, size: tuple[float, float],
                 parts: Iterable[tuple[PartPose, Footprint]], doors: Iterable[Door]) -> None:
        params = footprints.params
        self.size = size
        self.body = pymunk.Body(body_type=pymunk.Body.STATIC)
        self.shapes: list[pymunk.Shape] = []
        self.owner: dict[pymunk.Shape, int] = {}
        self.thinnest = math.inf
        for part, fp in parts:
            material = params.materials[fp.material]
            for shape in make_shapes(self.body, fp, material.elasticity, material.friction,
                                     (part.x, part.y, part.angle)):
                self._keep(shape, part.id)
            self.thinnest = min(self.thinnest, fp.thinnest)
        self.doors: dict[int, Door] = {}
        for d in doors:
            self._sensor(d.a, d.b, "door", d.building)
            self.doors[d.building] = d
        margin = params.table.margin
        x0, y0, x1, y1 = -margin, -margin, size[0] + margin, size[1] + margin
        corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            self._sensor(a, b, "edge", TABLE_EDGE)
        # Per piece, its dormant circle (a piece at rest, seen only by halos) where it last
        # rested: the state it was made for (or last found equal to), x, y, radius (cm) and
        # the circle, on this body too.
        self.circles: dict[int, tuple[PieceState, float, float, float, pymunk.Shape]] = {}
        self.lent = False

    def _keep(self, shape: pymunk.Shape, owner: int) -> None:
        self.shapes.append(shape)
        self.owner[shape] = owner

    def _sensor(self, a: tuple[float, float], b: tuple[float, float], layer: str,
                owner: int) -> None:
        line = pymunk.Segment(self.body, a, b, 0.0)
        line.sensor = True
        line.filter = filter_for(layer)
        self._keep(line, owner)

    def lend(self, space: pymunk.Space) -> None:
        """Put the city in a shot's new space (before anything else is added to it).

        Added in Chipmunk directly, in the order `Space.add` would (the body, then the
        shapes as listed): the same space, without pymunk's Python bookkeeping for shapes
        that never move nor leave before the shot ends (pymunk finds a shape of a contact
        or a query from Chipmunk's own pointer to it, not from that bookkeeping)."""
        if self.lent:
            raise RuntimeError("the city is already in a shot's space")
        self.lent = True
        c_space = space._space
        _chipmunk.cpSpaceAddBody(c_space, self.body._body)
        for shape in self.shapes:
            _chipmunk.cpSpaceAddShape(c_space, shape._shape)

    def dormant(self, piece: PieceState, radius: float) -> pymunk.Shape:
        """The dormant circle of a piece at rest (`radius`: its reach, given by its kind and
        standing): the one of the last shot if the piece rests where it did then (the same
        state, or an equal one), else a new one."""
        found = self.circles.get(piece.id)
        if found is not None:
            if found[0] is piece:
                return found[4]
            x, y = piece.x, piece.y
            # (0.0 and -0.0 are equal but not the same circle: a new one for them.)
            if found[1] == x and found[2] == y and found[3] == radius and x != 0.0 \
                    and y != 0.0:
                self.circles[piece.id] = (piece, *found[1:])
                return found[4]
        shape = pymunk.Circle(self.body, radius, (piece.x, piece.y))
        shape.filter = DORMANT_FILTER
        self.circles[piece.id] = (piece, piece.x, piece.y, radius, shape)
        return shape

    def pull(self, space: pymunk.Space, circle: pymunk.Shape) -> None:
        """Take a dormant circle out of the shot's space (its piece became a body)."""
        _chipmunk.cpSpaceRemoveShape(space._space, circle._shape)

    def take_back(self, space: pymunk.Space, circles: Iterable[pymunk.Shape] = ()) -> None:
        """Take the city, and the dormant circles still in the space, out of the shot's
        space at the shot's end, for the next."""
        c_space = space._space
        for shape in circles:
            _chipmunk.cpSpaceRemoveShape(c_space, shape._shape)
        for shape in self.shapes:
            _chipmunk.cpSpaceRemoveShape(c_space, shape._shape)
        _chipmunk.cpSpaceRemoveBody(c_space, self.body._body)
        self.lent = False
