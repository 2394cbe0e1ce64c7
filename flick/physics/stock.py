"""The pymunk bodies of a table's pieces, kept across shots: a shot's world takes a body,
its shapes and table-friction joints (a kit) for each piece it moves from here, and gives
them back when it ends.

Making them costs far more than a step (a body, its solid and halo shapes and two joints:
about 50 us of pymunk's Python a piece), and they never change between shots but for what
Chipmunk keeps in them: a body's motion, pose, sleep and bias velocities, a joint's
accumulated impulse and its bodies, and whose the solid shapes' filter group is (the piece's
id). Kits are kept by footprint, free for any piece of that footprint (each flick of a bot's
trials is a new movement disc). A kit taken again is reset in Chipmunk to exactly what a new
one is (`cpBodyInit`, `cpPivotJointInit`, `cpGearJointInit`, the same calls that made them,
and its piece's filter), so a shot is the same, bit for bit, with new bodies or kept ones.
Its shapes keep nothing else between shots: Chipmunk gives a shape its index id and bounding
box when it is added to a space and unlinks it from its body's list when it is taken out.

The joints hold a piece to a static body of the stock's own, never in a space: a static body
does not move and Chipmunk reads only its pose (the origin) and its infinite mass, the same
as a space's own static body.

A kit is lent to one world at a time; a world that is never run to its end keeps its kits
(its space may spoil them when it is freed), and the stock makes new ones in their place.
"""

from __future__ import annotations

from typing import Any

import pymunk

from flick.physics.chipmunk import ffi as _ffi
from flick.physics.chipmunk import lib as _chipmunk
from flick.physics.chipmunk import motion_view
from flick.physics.footprint import Footprint
from flick.physics.geometry import footprint_gap, place
from flick.physics.shapes import FILTERS, make_shapes, shape_of
from flick.physics.state import PieceState

# The most gaps between pieces kept (each shot's disc is a new piece: the memo stays small).
GAPS_KEPT = 20000


class Kit:
    """A body at one footprint: its solid shapes, its halos (sensors seen by the dormant
    pieces) and its table-friction joints (`slide`, `spin`); `pid`, the piece it was last
    lent for."""

    __slots__ = ("body", "c_body", "c_joints", "c_shapes", "flight", "fp", "halos", "joints",
                 "key", "motion", "pid", "slide", "solids", "spin", "used")

    def __init__(self, key: tuple[int, float, float, float, float], fp: Footprint,
                 body: pymunk.Body, solids: list[pymunk.Shape], halos: list[pymunk.Shape],
                 slide: pymunk.PivotJoint, spin: pymunk.GearJoint) -> None:
        self.key = key
        self.fp = fp
        self.body, self.solids, self.halos = body, solids, halos
        self.slide, self.spin = slide, spin
        # The joints as Chipmunk's pivot and gear joints (what their Init functions take).
        self.joints = (_ffi.cast("cpPivotJoint *", slide._constraint),
                       _ffi.cast("cpGearJoint *", spin._constraint))
        # The same in Chipmunk, as a world adds them to its space and takes them out: the
        # body, its solids then its halos, its slide then its spin joint.
        self.c_body = body._body
        self.motion = motion_view(self.c_body)  # its motion, read at once (`MOTION`)
        self.c_shapes = tuple(shape._shape for shape in (*solids, *halos))
        self.c_joints = (slide._constraint, spin._constraint)
        self.pid = 0
        # What a shot's flights work out for the body and its piece (`Flight.add`), kept
        # for the next shot of the same piece.
        self.flight: list[Any] = []
        self.used = False  # lent before: reset it when lent again


class Stock:
    """The free kits of a table's pieces, by footprint and material."""

    def __init__(self) -> None:
        self.static = pymunk.Body(body_type=pymunk.Body.STATIC)
        self.free: dict[tuple[int, float, float, float, float], list[Kit]] = {}
        # The gaps between pieces that touch or nearly touch where a shot began (`gap`).
        self.gaps: dict[tuple[int, int], tuple[Footprint, Footprint,
                                               tuple[float, ...], float]] = {}

    def gap(self, a: PieceState, fa: Footprint, b: PieceState, fb: Footprint) -> float:
        """The gap (cm, `footprint_gap`) between two pieces at these poses and footprints: the
        one worked out at the last shot that asked, if they have not moved since."""
        key = (a.id, b.id)
        memo = self.gaps.get(key)
        if memo is not None and memo[0] is fa and memo[1] is fb \
                and memo[2] == (a.x, a.y, a.angle, b.x, b.y, b.angle):
            return memo[3]
        found = footprint_gap(place(fa, a.x, a.y, a.angle), place(fb, b.x, b.y, b.angle))
        if len(self.gaps) >= GAPS_KEPT:
            self.gaps.clear()
        self.gaps[key] = (fa, fb, (a.x, a.y, a.angle, b.x, b.y, b.angle), found)
        return found

    def __reduce__(self) -> tuple[type[Stock], tuple[()]]:
        # Copies and pickles of a table start with an empty stock (it is only a cache).
        return (Stock, ())

    def take(self, pid: int, fp: Footprint, elasticity: float, friction: float,
             weight: float, halo_margin: float, x: float, y: float, angle: float) -> Kit:
        """A kit for piece `pid` at footprint `fp`, posed at (x, y, angle) and at rest, as
        new: `weight` (mu m g) caps its slide joint's force and, times the spin radius, its
        spin joint's torque; its halos reach `halo_margin` cm beyond its parts."""
        key = (id(fp), elasticity, friction, weight, halo_margin)
        free = self.free.get(key)
        kit = None
        if free:  # the piece's own kit of its last shot if free, else any
            for i in range(len(free) - 1, -1, -1):
                if free[i].pid == pid:
                    kit = free.pop(i)
                    break
            else:
                kit = free.pop()
        if kit is None or kit.fp is not fp:
            kit = self._make(key, fp, elasticity, friction, halo_margin)
        elif kit.used:
            self._reset(kit)
        if kit.pid != pid:
            kit.pid = pid
            kit.flight.clear()
            flt = _filter(pid, fp)
            for shape in kit.solids:
                _chipmunk.cpShapeSetFilter(shape._shape, flt)
        b = kit.body._body
        _chipmunk.cpBodySetCenterOfGravity(b, fp.cog)
        _chipmunk.cpBodySetPosition(b, (x, y))
        _chipmunk.cpBodySetAngle(b, angle)
        slide, spin = kit.slide._constraint, kit.spin._constraint
        _chipmunk.cpConstraintSetMaxBias(slide, 0.0)
        _chipmunk.cpConstraintSetMaxForce(slide, weight)
        _chipmunk.cpConstraintSetMaxBias(spin, 0.0)
        _chipmunk.cpConstraintSetMaxForce(spin, weight * fp.spin_radius)
        kit.used = True
        return kit

    def give_back(self, kit: Kit) -> None:
        """A kit its world has taken out of its space: free for the next."""
        self.free.setdefault(kit.key, []).append(kit)

    def _make(self, key: tuple[int, float, float, float, float], fp: Footprint,
              elasticity: float, friction: float, halo_margin: float) -> Kit:
        body = pymunk.Body(fp.mass, fp.moment)
        solids = make_shapes(body, fp, elasticity, friction)
        halo_filter = FILTERS["halo"]
        halos = []
        for part in fp.parts:
            halo = shape_of(body, part.core, part.radius + halo_margin)
            _chipmunk.cpShapeSetSensor(halo._shape, True)
            _chipmunk.cpShapeSetFilter(halo._shape, halo_filter)
            halos.append(halo)
        slide = pymunk.PivotJoint(self.static, body, (0.0, 0.0), fp.cog)
        spin = pymunk.GearJoint(self.static, body, 0.0, 1.0)
        return Kit(key, fp, body, solids, halos, slide, spin)

    def _reset(self, kit: Kit) -> None:
        """Make a kit's body and joints what new ones are (their shapes need nothing)."""
        fp = kit.fp
        body = kit.body
        b = body._body
        _chipmunk.cpBodyInit(b, fp.mass, fp.moment)
        _chipmunk.cpBodySetUserData(b, body._data_handle)
        static = self.static._body
        pivot, gear = kit.joints
        _chipmunk.cpPivotJointInit(pivot, static, b, (0.0, 0.0), fp.cog)
        _chipmunk.cpConstraintSetUserData(kit.slide._constraint, kit.slide._data_handle)
        _chipmunk.cpGearJointInit(gear, static, b, 0.0, 1.0)
        _chipmunk.cpConstraintSetUserData(kit.spin._constraint, kit.spin._data_handle)


def _filter(pid: int, fp: Footprint) -> tuple[int, int, int]:
    """A piece's solid shapes' filter (group, categories, mask), what Chipmunk is given for
    a pymunk ShapeFilter: its layer's, in a group of its own (its flights' queries skip its
    own shapes)."""
    layer = FILTERS[fp.layer]
    return (pid, layer.categories, layer.mask)
