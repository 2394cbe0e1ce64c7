"""The contacts of one shot: what Chipmunk's collision handler reports, as it steps.

Python runs only on events: a new contact (the touch lists, the solver's iterations), a
contact parting, a halo reaching a dormant piece (it wakes: `flick.physics.waking`), a piece
over a door line or the table's edge. The space's one collision handler (every pair) calls
the shot's `Contacts` directly in Chipmunk, without pymunk's Arbiter objects, through a weak
reference: no reference cycle, so a shot's world is freed as soon as it is done with.

Touches: a step's new contacts are put in the touch lists in the order they happened within
the step (each pair's depth over its closing speed is how long ago it met); pairs already
overlapping when the shot began are resting contacts, not touches (until they part).
Doors: a piece over a door line enters once the deepest point of some part of it is behind
the line and between the blocks (a piece pressed into a block is deepest in the block).

The solver's iterations: `CONTACT_ITERATIONS` a contact in the space while pieces touch (at
most the parameters' `iterations`: converged either way), and `FREE_ITERATIONS` when none
does: a body's two friction joints act one on its motion and one on its spin, each solved
exactly in one pass.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from typing import Any

import pymunk

from flick.physics.buildings import Door
from flick.physics.chipmunk import ffi as _ffi
from flick.physics.chipmunk import lib as _chipmunk
from flick.physics.footprint import Footprints
from flick.physics.geometry import place
from flick.physics.shapes import TABLE_EDGE
from flick.physics.state import PieceState
from flick.physics.waking import Waking

FREE_ITERATIONS = 2
# The solver's iterations a contact while pieces touch (at most the parameters' `iterations`):
# one contact converges in far fewer than a chain (over 200 varied shots, 10 a contact ends
# within 0.0007 cm of 100 always).
CONTACT_ITERATIONS = 10
WILDCARD = int(_ffi.cast("uintptr_t", ~0))  # Chipmunk's CP_WILDCARD_COLLISION_TYPE


@_ffi.callback("cpCollisionBeginFunc")
def _on_begin(arb: Any, space: Any, contacts: Any) -> None:
    """Chipmunk's begin of a contact, to the shot (held weakly) whose space it is in."""
    found = _ffi.from_handle(contacts)()
    if found is not None:
        found.begin(arb)


@_ffi.callback("cpCollisionSeparateFunc")
def _on_separate(arb: Any, space: Any, contacts: Any) -> None:
    found = _ffi.from_handle(contacts)()
    if found is not None:
        found.separate(arb)


class Contacts:
    """One shot's contacts, as its space's collision handler reports them: the touch lists,
    the contacts now and who is in them, door crossings and the pieces at the table's edge."""

    def __init__(self, waking: Waking, doors: Mapping[int, Door]) -> None:
        self.waking = waking
        self.params = waking.params
        self.footprints: Footprints = waking.footprints
        self.start: Mapping[int, PieceState] = waking.start
        space = self.space = waking.space
        self.flight = waking.flight
        self.doors = doors
        # The world's pieces (`Waking`): read, and the dormant ones a halo meets woken.
        self.owner, self.halos, self.dormant = waking.owner, waking.halos, waking.dormant
        self.bodies, self.fps, self.wake = waking.bodies, waking.fps, waking.wake
        self.resting, self.gone = waking.resting, waking.gone
        # The solver's iterations: `_iterations()` while pieces are in contact (converged), and
        # FREE_ITERATIONS when none is. (Set in Chipmunk directly: pymunk's setters make the
        # same calls.)
        c_space = space._space
        _chipmunk.cpSpaceSetIterations(c_space, FREE_ITERATIONS)
        self.contacts = 0
        # Per piece or part: its contacts now (a flight waits for a moving piece's to end).
        self.touching: dict[int, int] = {}
        self._pair = (_ffi.new("cpShape *[1]"), _ffi.new("cpShape *[1]"))  # (see `_shapes`)
        # New contacts of the current step: (how long before the step's end they met, order
        # seen, a, b); the touch lists take them in time-of-impact order after the step.
        self.pending: list[tuple[float, int, int, int]] = []
        # Pieces over a door line that may yet cross it between the blocks: (piece, building).
        self.at_door: set[tuple[int, int]] = set()
        self.touch_lists: dict[int, list[int]] = {}
        self.off_edge: list[int] = []  # pieces that reached the table's edge, in that order
        self.entered: dict[int, int] = {}
        self.exited: dict[int, int] = {}
        self.from_behind: set[tuple[int, int]] = set()
        # A new contact in this batch of steps (it ends the batch).
        self.new_contact = False
        # The last contact parted during this batch of steps: the batch ends (a survey may
        # fly the pieces on at once).
        self.parted = False
        self.finished = False  # pymunk calls separate when it frees the space: ignore those
        self.begun = 0  # contacts begun in the shot (`flick.physics.city.ROOM`)
        # The space calls this shot through a weak reference (its handle kept by the space).
        handler = space.handler
        if handler is None:  # (one a space, made at its first shot)
            handler = space.handler = _chipmunk.cpSpaceAddCollisionHandler(c_space, WILDCARD,
                                                                           WILDCARD)
            handler.beginFunc, handler.separateFunc = _on_begin, _on_separate
        space.events = _ffi.new_handle(weakref.ref(self))
        handler.userData = space.events

    def _iterations(self) -> int:
        """The solver's iterations while pieces touch: `CONTACT_ITERATIONS` a contact in the
        space, at most `iterations` (converged either way)."""
        return min(self.params.simulation.iterations, CONTACT_ITERATIONS * self.contacts)

    def _shapes(self, arb: Any) -> tuple[Any, Any, pymunk.Shape, pymunk.Shape]:
        """A Chipmunk arbiter's two Chipmunk shapes and their pymunk shapes, in its order
        (the same as pymunk's `Arbiter.shapes`)."""
        pair = self._pair
        _chipmunk.cpArbiterGetShapes(arb, pair[0], pair[1])
        ca, cb = pair[0][0], pair[1][0]
        handle = _ffi.from_handle
        get = _chipmunk.cpShapeGetUserData
        return ca, cb, handle(get(ca)), handle(get(cb))

    def begin(self, arb: Any) -> None:
        """Chipmunk's begin of a contact (a Chipmunk arbiter): read in Chipmunk, the same
        floats as pymunk's properties, without their Python."""
        self.begun += 1
        pair = self._pair  # (the same shapes as `_shapes`, without the call)
        _chipmunk.cpArbiterGetShapes(arb, pair[0], pair[1])
        ca, cb = pair[0][0], pair[1][0]
        is_sensor = _chipmunk.cpShapeGetSensor
        handle, get = _ffi.from_handle, _chipmunk.cpShapeGetUserData
        if is_sensor(ca) or is_sensor(cb):
            self._sensor_begin(handle(get(ca)), handle(get(cb)))
            return
        owner = self.owner
        a, b = owner[handle(get(ca))], owner[handle(get(cb))]
        activate = self.waking.activate
        activate(a)
        activate(b)
        # pymunk solves this step's contacts after it has found them all: this step already
        # runs with the contact iterations.
        self.contacts += 1
        touching = self.touching
        touching[a] = touching.get(a, 0) + 1
        touching[b] = touching.get(b, 0) + 1
        _chipmunk.cpSpaceSetIterations(self.space._space, self._iterations())
        # Pieces already in contact that are moving apart have not touched in this shot.
        body_a, body_b = _chipmunk.cpShapeGetBody(ca), _chipmunk.cpShapeGetBody(cb)
        va, vb = _chipmunk.cpBodyGetVelocity(body_a), _chipmunk.cpBodyGetVelocity(body_b)
        n = _chipmunk.cpArbiterGetNormal(arb)
        nx, ny = n.x, n.y
        if (vb.x - va.x) * nx + (vb.y - va.y) * ny > 0.0:
            return
        if ((a, b) if a < b else (b, a)) in self.resting:
            return  # they rested in contact when the shot began: neither a touch nor a hit
        self.new_contact = True
        # When they met: pymunk has moved the bodies by this step's velocities before it
        # finds contacts, so the deepest point's depth over the closing speed there is how
        # long before the step's end they touched.
        ago = 0.0
        points = _chipmunk.cpArbiterGetContactPointSet(arb)
        at = _chipmunk.cpBodyGetVelocityAtWorldPoint
        for i in range(points.count):
            p = points.points[i]
            pa = p.pointA
            pa = (pa.x, pa.y)
            wa, wb = at(body_a, pa), at(body_b, pa)
            closing = (wa.x - wb.x) * nx + (wa.y - wb.y) * ny
            distance = p.distance
            if closing > 0.0 and distance < 0.0:
                ago = max(ago, -distance / closing)
        self.pending.append((ago, len(self.pending), a, b))

    def flush_touches(self) -> None:
        """Put the step's new contacts in the touch lists, earliest impact first."""
        for _, _, a, b in sorted(self.pending, key=lambda c: (-c[0], c[1])):
            self._touch(a, b)
            self._touch(b, a)
        self.pending.clear()

    def _touch(self, a: int, b: int) -> None:
        found = self.touch_lists.get(a)
        if found is None:
            self.touch_lists[a] = [b]
        elif b not in found:
            found.append(b)

    def _sensor_begin(self, sa: pymunk.Shape, sb: pymunk.Shape) -> None:
        if sa in self.halos or sb in self.halos:
            other = sb if sa in self.halos else sa
            pid = self.owner.get(other)
            if pid in self.dormant and pid not in self.wake:
                self.wake.append(pid)  # a body at the end of this step, before it can touch
            return
        line, other = (sa, sb) if sa.sensor else (sb, sa)
        if self.finished or other.body is None:
            return
        pid = self.owner[other]
        where = self.owner[line]
        if where == TABLE_EDGE:
            if pid not in self.off_edge:
                self.off_edge.append(pid)
                self.new_contact = True
            return
        door = self.doors[where]
        x, y = other.body.position
        # A piece that began the shot already across the line is in the doorway: it can only
        # come out (reading of "any part in / whole disc out" for a piece left straddling).
        if door.signed(x, y) < 0.0 or self._started_across(pid, door):
            self.from_behind.add((pid, door.building))
            return  # (its parting is where it comes out: flights do not pass over the line)
        if pid not in self.entered:
            self.at_door.add((pid, door.building))
        # Across the line: a flight may pass over it (`Flight.over`).
        lines = self.flight.over.setdefault(pid, {})
        lines[line._shape] = lines.get(line._shape, 0) + 1

    def check_doors(self) -> None:
        """Pieces over a door line enter when they cross it between the blocks: the deepest
        point of some part of the piece is behind the line and between the blocks' inner
        faces. A piece pressed into a block's front face, its inner corner from the face's
        side, or its side, is deepest in the block: that is a bounce, not an entry."""
        for pid, building in sorted(self.at_door):
            body = self.bodies.get(pid)
            if body is None or pid in self.entered or pid in self.gone:
                self.at_door.discard((pid, building))
                continue
            door = self.doors[building]
            x, y = body.position
            for core, radius in place(self.fps[pid], x, y, body.angle):
                depths = [door.signed(*p) for p in core]
                deepest = min(depths)
                if deepest >= radius:
                    continue
                sides = [door.lateral(*p) for p, s in zip(core, depths, strict=True)
                         if s <= deepest + 1e-9]
                if min(sides) <= door.half_gap and max(sides) >= -door.half_gap:
                    self.entered[pid] = building
                    self.at_door.discard((pid, building))
                    break

    def _started_across(self, pid: int, door: Door) -> bool:
        """Was some part of the piece already behind this door line when the shot began?"""
        start = self.start[pid]
        fp = self.footprints.get(start.kind, start.standing)
        return door.reaches_behind(place(fp, start.x, start.y, start.angle))

    def separate(self, arb: Any) -> None:
        """Chipmunk's separate of a contact (a Chipmunk arbiter)."""
        ca, cb, sa, sb = self._shapes(arb)
        is_sensor = _chipmunk.cpShapeGetSensor
        if not (is_sensor(ca) or is_sensor(cb)):
            self.contacts -= 1
            if self.contacts <= 0:
                self.contacts = 0
                self.parted = True
                _chipmunk.cpSpaceSetIterations(self.space._space, FREE_ITERATIONS)
            else:
                _chipmunk.cpSpaceSetIterations(self.space._space, self._iterations())
            touching = self.touching
            for pid in (self.owner.get(sa), self.owner.get(sb)):
                if pid is not None and touching.get(pid, 0) > 0:
                    touching[pid] -= 1
            if self.resting and not self.finished:
                a, b = self.owner[sa], self.owner[sb]
                self.resting.discard((min(a, b), max(a, b)))  # apart: a new meeting counts
            return
        if sa in self.halos or sb in self.halos:
            return
        line, other = (sa, sb) if sa.sensor else (sb, sa)
        if self.finished or other.body is None or self.owner[line] == TABLE_EDGE:
            return
        pid = self.owner[other]
        door = self.doors[self.owner[line]]
        lines = self.flight.over.get(pid)
        if lines is not None and lines.get(line._shape, 0) > 0:
            lines[line._shape] -= 1
            if not lines[line._shape]:
                del lines[line._shape]
        self.at_door.discard((pid, door.building))
        x, y = other.body.position
        if (pid, door.building) in self.from_behind and door.signed(x, y) > 0.0:
            self.from_behind.discard((pid, door.building))
            if pid not in self.exited:
                self.exited[pid] = door.building
