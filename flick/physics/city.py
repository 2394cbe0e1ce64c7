"""The static city a shot's space holds, and that space, kept across shots: neither changes
between them.

The buildings' parts (support blocks and facades, static shapes), their door lines and the
table's edge (sensors) are built once for a table's buildings, on one static body of their
own, and put in a Chipmunk space of their own, kept from shot to shot: a shot's world takes the
space, adds its dormant circles and bodies, and takes them all out again when it ends.

A shot stays a pure function of the table state, bit for bit, because what a shot leaves in the
space does not change the next shot. What Chipmunk keeps of a shot once its shapes and bodies
are out: (1) its shape ids count on: reset to the city's at every shot; (2) the tree of static
shapes: a leaf put in and taken out again leaves the tree as it was (an insertion pairs the leaf
with one subtree, its removal puts the subtree back, and the boxes above are merged again from
their children, exactly); (3) the tree's time stamps, read only against each other: the city's
are older than any shot's (the space has stepped once before its first shot); (4) the hash sets
Chipmunk walks at every step in bucket order (the moving shapes' leaves and the cached
contacts), which grow and never shrink: grown once, when the space is made, to a fixed size
(`PREGROWN` shapes and contacts at once) that a shot keeps them below (`fits`); a shot that
may have grown them (more shapes or contacts than `ROOM`) leaves the space to be made again for
the next; (5) the step size last used (reset to none: no warm start from the last shot); and
pools of memory, which change no result. A new space is made the same way, so the first shot on
a new table and the hundredth on a kept one are the same.

A space whose shot never ended (a world built and not run to its end) still holds that shot's
bodies: `Table` then builds a new city and space.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterable
from typing import Any

import pymunk

from flick.physics.buildings import Door, PartPose
from flick.physics.chipmunk import lib as _chipmunk
from flick.physics.flight import FlightSpace
from flick.physics.footprint import Footprint, Footprints
from flick.physics.shapes import DORMANT_FILTER, TABLE_EDGE, filter_for, make_shapes
from flick.physics.state import PieceState

# The shapes and contacts a new space holds at once, once, so that its walked hash sets are
# grown to their size for them (Chipmunk's next prime past: 127 buckets); a shot with more than
# `ROOM` shapes or contacts (each contact begins once) may grow them: its space is made again.
PREGROWN = 64
ROOM = 100
FAR = -1.0e6  # cm: where they touch, nowhere near a city

_LOCAL = threading.local()


def _growers() -> tuple[pymunk.Body, pymunk.Circle, pymunk.Body, list[pymunk.Circle]]:
    """A static body and its circle, and a body with `PREGROWN` circles on it, all at `FAR`
    (made once a thread, and put in a new space only for its growing step)."""
    made = getattr(_LOCAL, "growers", None)
    if made is None:
        anchor = pymunk.Body(body_type=pymunk.Body.STATIC)
        dummy = pymunk.Body(1.0, 1.0)
        made = _LOCAL.growers = (anchor, pymunk.Circle(anchor, 1.0, (FAR, FAR)), dummy,
                                 [pymunk.Circle(dummy, 1.0) for _ in range(PREGROWN)])
    return made


class City:
    """The static shapes of a table's buildings, doors and edge, on a static body of their
    own: `owner` maps each shape to its part, building (door) or TABLE_EDGE (edge) id."""

    def __init__(self, footprints: Footprints, size: tuple[float, float],
                 parts: Iterable[tuple[PartPose, Footprint]], doors: Iterable[Door]) -> None:
        parts, doors = list(parts), list(doors)
        self._made = (footprints, size, parts, doors)
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
        self.space: FlightSpace | None = None  # made at the first shot
        self.ids = 0  # the space's shape ids count from here in every shot

    def __reduce__(self) -> tuple[type[City], tuple[Any, ...]]:
        # Copies and pickles of a table make their city anew (and its space at their first shot).
        return (City, self._made)

    def _keep(self, shape: pymunk.Shape, owner: int) -> None:
        self.shapes.append(shape)
        self.owner[shape] = owner

    def _sensor(self, a: tuple[float, float], b: tuple[float, float], layer: str,
                owner: int) -> None:
        line = pymunk.Segment(self.body, a, b, 0.0)
        line.sensor = True
        line.filter = filter_for(layer)
        self._keep(line, owner)

    def take(self) -> FlightSpace:
        """The kept space for a shot, the city in it and nothing else, as new (see above)."""
        if self.lent:
            raise RuntimeError("the city's space is in a shot already")
        space = self.space
        if space is None:
            space = self.space = self._make()
        self.lent = True
        c_space = space._space
        _chipmunk.cpSpaceSetShapeIDCounter(c_space, self.ids)
        _chipmunk.cpSpaceSetCurrentTimeStep(c_space, 0.0)
        return space

    def _make(self) -> FlightSpace:
        """A new space with the city in it (added in Chipmunk, the body then the shapes as
        listed), its walked hash sets grown by `PREGROWN` shapes touching one at once (a step
        made before the space has a collision handler), and taken out again."""
        space = FlightSpace()
        c_space = space._space
        _chipmunk.cpSpaceAddBody(c_space, self.body._body)
        for shape in self.shapes:
            _chipmunk.cpSpaceAddShape(c_space, shape._shape)
        self.ids = _chipmunk.cpSpaceGetShapeIDCounter(c_space)
        anchor, anchor_shape, dummy, dummies = _growers()
        _chipmunk.cpBodySetPosition(dummy._body, (FAR, FAR))
        _chipmunk.cpBodySetVelocity(dummy._body, (0.0, 0.0))
        _chipmunk.cpBodySetAngularVelocity(dummy._body, 0.0)
        _chipmunk.cpSpaceAddBody(c_space, anchor._body)
        _chipmunk.cpSpaceAddShape(c_space, anchor_shape._shape)
        _chipmunk.cpSpaceAddBody(c_space, dummy._body)
        for shape in dummies:
            _chipmunk.cpSpaceAddShape(c_space, shape._shape)
        _chipmunk.cpSpaceStep(c_space, 1.0e-3)
        for shape in dummies:
            _chipmunk.cpSpaceRemoveShape(c_space, shape._shape)
        _chipmunk.cpSpaceRemoveBody(c_space, dummy._body)
        _chipmunk.cpSpaceRemoveShape(c_space, anchor_shape._shape)
        _chipmunk.cpSpaceRemoveBody(c_space, anchor._body)
        return space

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

    def give_back(self, space: FlightSpace, circles: Iterable[pymunk.Shape] = (),
                  fits: bool = True) -> None:
        """The shot's space back at the shot's end, its bodies out: the dormant circles still
        in it are taken out. `fits`: the shot stayed within `ROOM` (else the space is dropped,
        the city taken out of it, and the next shot makes a new one)."""
        c_space = space._space
        for shape in circles:
            _chipmunk.cpSpaceRemoveShape(c_space, shape._shape)
        if not fits or space is not self.space:
            for shape in self.shapes:
                _chipmunk.cpSpaceRemoveShape(c_space, shape._shape)
            _chipmunk.cpSpaceRemoveBody(c_space, self.body._body)
            if space is self.space:
                self.space = None
        self.lent = False
