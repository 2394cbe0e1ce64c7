"""The pieces of one shot's space: dormant circles, and the bodies they wake into.

Pieces at rest are *dormant*: a circle around each sits on the static body, seen only by
*halos*, so a shot costs nothing for the pieces it does not reach but that circle. Every
moving body carries a halo, a sensor a little larger than itself; when it reaches a dormant
piece, the piece becomes a body with its real shape and table friction at the end of that
step, before the two can touch, together with its whole resting-contact group (every dormant
piece within contact distance, transitively). Pieces launched next to others wake them at
once. So a shot is the same as with every piece a body from the start: the same batches of
steps (waking a piece does not end a batch), and pymunk's solver run to convergence
(`flick.physics.contacts.CONTACT_ITERATIONS` a contact in the space, at most `iterations`),
so the order it meets a chain's contacts in does not change the push.

Dormant circles are put in the space region by region, as moving pieces come near (the
table's index of its pieces by squares, `flick.physics.index`); a body's kit (body, shapes,
halos and friction joints) comes from the table's stock (`flick.physics.stock`). Table
friction is done in C: every dynamic body has a `PivotJoint` to a static body with
`max_bias = 0` and `max_force = mu m g` (Coulomb sliding friction: a constant deceleration
mu g) and a `GearJoint` with `max_bias = 0` and a torque cap mu m g r_spin (spin friction).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pymunk

from flick.physics.chipmunk import ffi as _ffi
from flick.physics.chipmunk import lib as _chipmunk
from flick.physics.city import City
from flick.physics.flight import Flight, FlightSpace
from flick.physics.footprint import Footprint, Footprints
from flick.physics.index import PieceIndex
from flick.physics.state import PieceState
from flick.physics.stock import Kit, Stock


class Waking:
    """The pieces of one shot in its space: the dormant circles, put in as moving pieces come
    near, and the bodies pieces become, lent by the table's stock; who owns each shape."""

    def __init__(self, footprints: Footprints, city: City, pieces: PieceIndex, stock: Stock,
                 space: FlightSpace, flight: Flight, pieces_reach: float) -> None:
        self.footprints = footprints
        self.params = params = footprints.params
        sim = params.simulation
        self.city_shapes = city
        self.space = space
        self.flight = flight
        # The pieces' bodies come from the table's stock (`flick.physics.stock`): `kits`,
        # every one this shot took (given back when the shot ends), `in_space` by piece.
        self.stock = stock
        self.kits: list[Kit] = []
        self.in_space: dict[int, Kit] = {}
        self.bodies: dict[int, pymunk.Body] = {}
        # Per body: a view of its velocity, angle, spin and position
        # (`flick.physics.chipmunk.MOTION`), shared with the flights.
        self.motion: dict[int, Any] = flight.motion
        self.fps: dict[int, Footprint] = {}
        self.dormant: dict[int, pymunk.Shape] = {}
        self.halos: set[pymunk.Shape] = set()
        # Per body: its solid shapes and its halos, in the order they were made.
        self.solids: dict[int, list[pymunk.Shape]] = {}
        self.halos_of: dict[int, list[pymunk.Shape]] = {}
        # A halo reaches this far beyond its piece: more than two steps of the fastest motion.
        self.halo_margin = 2.5 * sim.max_step + sim.collision_slop
        self.owner: dict[pymunk.Shape, int] = dict(city.owner)
        # The table's own index, read only (it is the state the shot starts from).
        self.start: Mapping[int, PieceState] = pieces
        self.pieces_reach = pieces_reach  # the longest reach of a piece on the table, cm
        # A moving piece's neighbourhood (the 3 x 3 cells around it) is filled at every
        # survey: a piece cannot reach beyond it before the next one
        # (`flick.physics.world.cell_size`): `cells` maps a square of side `cell` (cm) to the
        # pieces whose centres are in it.
        self.cell = pieces.cell
        self.cells = pieces.cells
        self.filled: set[tuple[int, int]] = set()
        self.reach: dict[tuple[str, bool], float] = {}  # per kind and standing (cm)
        self.wake: list[int] = []  # dormant pieces to turn into bodies before the next step
        # Pairs of ids overlapping when the shot began (resting contacts): not touches, unless
        # they come apart and meet again.
        self.resting: set[tuple[int, int]] = set()
        # `active`: every piece woken in this shot, in the order it was.
        self.active: dict[int, pymunk.Body] = {}
        # Per moving piece: vx, vy, speed, x, y at the last survey, topple speed (inf once
        # fallen or if it cannot fall), reach, friction deceleration mu g (floats), then its
        # grid cell (a pair of ints, or None before the first step).
        self.track: dict[int, list[Any]] = {}
        # Pieces out of the shot, fallen off the table's edge: where they were (x, y, angle).
        self.gone: dict[int, tuple[float, float, float]] = {}
        # Every piece that enters the shot later (`flick.physics.world.World.arrive`): its time.
        self.arrivals: dict[int, float] = {}
        # Shapes of bodies the shot put in the space (`flick.physics.city.ROOM`).
        self.shapes_added = 0

    def fill(self, x: float, y: float) -> None:
        """Put the dormant pieces of the 3 x 3 cells around (x, y) in the space."""
        if self.flight.all_filled:
            return  # all are in
        cell = self.cell
        i, j = math.floor(x / cell), math.floor(y / cell)
        self.fill_keys([(i - 1, j - 1), (i - 1, j), (i - 1, j + 1), (i, j - 1), (i, j),
                        (i, j + 1), (i + 1, j - 1), (i + 1, j), (i + 1, j + 1)])


    def fill_path(self, x0: float, y0: float, x1: float, y1: float, width: float) -> None:
        """Put in the space the dormant pieces of every cell within `width` (cm) of the
        segment from (x0, y0) to (x1, y1) (cells nearer than that may be put in too): the
        cells of each piece of the segment a cell long, its box swollen by `width`."""
        cell = self.cell
        length = math.hypot(x1 - x0, y1 - y0)
        count = max(1, math.ceil(length / cell))
        floor = math.floor
        keys: list[tuple[int, int]] = []
        ax, ay = x0, y0
        for k in range(1, count + 1):
            bx, by = x0 + (x1 - x0) * k / count, y0 + (y1 - y0) * k / count
            i0, i1 = floor((min(ax, bx) - width) / cell), floor((max(ax, bx) + width) / cell)
            j0, j1 = floor((min(ay, by) - width) / cell), floor((max(ay, by) + width) / cell)
            keys.extend((i, j) for i in range(i0, i1 + 1) for j in range(j0, j1 + 1))
            ax, ay = bx, by
        self.fill_keys(keys)

    def fill_keys(self, keys: list[tuple[int, int]]) -> None:
        """Put the dormant pieces of these cells in the space: a piece at rest is a circle
        around it on the static body, until a halo reaches it."""
        filled, cells, bodies, arrivals = self.filled, self.cells, self.bodies, self.arrivals
        start, reach, dormant = self.start, self.reach, self.city_shapes.dormant
        kept = self.city_shapes.circles
        owner, asleep = self.owner, self.dormant
        c_space, add = self.space._space, _chipmunk.cpSpaceAddShape
        for key in keys:
            if key in filled:
                continue
            filled.add(key)
            for pid in cells.get(key, ()):
                if pid not in bodies and pid not in arrivals:
                    piece = start[pid]
                    last = kept.get(pid)
                    if last is not None and last[0] is piece:
                        shape = last[4]  # its circle of the last shot (`City.dormant`)
                    else:
                        kind = (piece.kind, piece.standing)
                        radius = reach.get(kind)
                        if radius is None:
                            radius = reach[kind] = self.footprints.get(*kind).reach
                        shape = dormant(piece, radius)
                    owner[shape] = pid
                    asleep[pid] = shape
                    add(c_space, shape._shape)  # (in Chipmunk, as `City.take` adds the city)

    def promote(self) -> None:
        """Turn the dormant pieces a halo reached into bodies with their table friction, each
        with its whole resting-contact group: every dormant piece within contact distance of
        one promoted, transitively, so a push never arrives before the far end of a chain
        exists (the same shot as with every piece a body from the start)."""
        queue = self.wake
        is_sensor, body_of = _chipmunk.cpShapeGetSensor, _chipmunk.cpShapeGetBody
        from_handle, user_data = _ffi.from_handle, _chipmunk.cpShapeGetUserData
        i = 0
        while i < len(queue):
            pid = queue[i]
            i += 1
            if pid in self.bodies:
                continue
            shape = self.dormant.pop(pid, None)
            if shape is not None:
                self.city_shapes.pull(self.space, shape)
            start = self.start[pid]
            fp = self.footprints.get(start.kind, start.standing)
            self.add_body(pid, fp, start.x, start.y, start.angle)
            self.activate(pid)
            self.fill(start.x, start.y)
            for other in self.neighbours(pid, fp):
                if other not in self.bodies and other not in queue:
                    queue.append(other)
            # (In Chipmunk: the same shapes as `Space.shape_query`, in the same order.)
            city = self.city_shapes.body._body
            for shape in self.solids[pid]:
                for near in self.flight.overlapping(shape._shape):
                    if not is_sensor(near) and body_of(near) == city:
                        part = self.owner.get(from_handle(user_data(near)))
                        if part is not None and part not in self.dormant:
                            self.resting.add((min(pid, part), max(pid, part)))
        queue.clear()

    def neighbours(self, pid: int, fp: Footprint) -> list[int]:
        """Pieces (ids ascending) within contact distance of a piece where the shot began it
        (both at their starting poses); those overlapping it are resting contacts."""
        starts, cells, arrivals = self.start, self.cells, self.arrivals
        start = starts[pid]
        reach = fp.reach
        contact = self.params.simulation.collision_slop
        # Farther than this along x or y, a piece is out of reach whatever its kind (the
        # test below would leave it out too: the distance is at least that).
        beyond = reach + self.pieces_reach + contact
        x, y = start.x, start.y
        found: list[int] = []
        i, j = math.floor(x / self.cell), math.floor(y / self.cell)
        for ki in (i - 1, i, i + 1):
            for kj in (j - 1, j, j + 1):
                for other in cells.get((ki, kj), ()):
                    if other == pid or other in arrivals:
                        continue
                    o = starts[other]
                    ox, oy = o.x, o.y
                    if abs(ox - x) > beyond or abs(oy - y) > beyond:
                        continue
                    ofp = self.footprints.get(o.kind, o.standing)
                    if math.hypot(ox - x, oy - y) > reach + ofp.reach + contact:
                        continue
                    gap = self.stock.gap(start, fp, o, ofp)
                    if gap <= contact:
                        found.append(other)
                        if gap < 0.0:
                            self.resting.add((min(pid, other), max(pid, other)))
        found.sort()
        return found

    def promote_all(self) -> None:
        """Make every piece a body now (a reference: the same shot with no dormant piece)."""
        self.wake.extend(sorted(p for p in self.start if p not in self.arrivals))
        self.promote()

    def add_body(self, pid: int, fp: Footprint, x: float, y: float, angle: float) -> pymunk.Body:
        """Put piece `pid` in the space as a body at footprint `fp`, posed at (x, y, angle),
        with its halos and table friction: its kit from the table's stock (in Chipmunk, in the
        order `Space.add` would add them: the body, its solids, its halos, its joints)."""
        material = self.params.materials[fp.material]
        weight = fp.table_friction * fp.mass * self.params.gravity
        kit = self.stock.take(pid, fp, material.elasticity, material.friction, weight,
                              self.halo_margin, x, y, angle)
        self.kits.append(kit)
        body = kit.body
        solid, halos = kit.solids, kit.halos
        c_space = self.space._space
        _chipmunk.cpSpaceAddBody(c_space, kit.c_body)
        add_shape = _chipmunk.cpSpaceAddShape
        for shape in kit.c_shapes:  # its solids, then its halos
            add_shape(c_space, shape)
        owner = self.owner
        for shape in solid:
            owner[shape] = pid
        for shape in halos:
            owner[shape] = pid
        slide, spin = kit.c_joints
        _chipmunk.cpSpaceAddConstraint(c_space, slide)
        _chipmunk.cpSpaceAddConstraint(c_space, spin)
        self.halos.update(halos)
        self.shapes_added += len(solid) + len(halos)
        self.solids[pid], self.halos_of[pid] = solid, halos
        self.in_space[pid] = kit
        self.bodies[pid] = body
        self.motion[pid] = kit.motion
        self.fps[pid] = fp
        self.flight.add(pid, fp, self.params.gravity, solid, kit.flight)
        return body

    def take_out(self, pid: int) -> None:
        """Take a piece's body, shapes and joints out of the space (its kit stays lent to
        this world until the shot ends)."""
        kit = self.in_space.pop(pid)
        c_space = self.space._space
        _chipmunk.cpSpaceRemoveBody(c_space, kit.c_body)
        remove_shape = _chipmunk.cpSpaceRemoveShape
        for shape in kit.c_shapes:  # its solids, then its halos
            remove_shape(c_space, shape)
        slide, spin = kit.c_joints
        _chipmunk.cpSpaceRemoveConstraint(c_space, slide)
        _chipmunk.cpSpaceRemoveConstraint(c_space, spin)



    def activate(self, pid: int) -> None:
        body = self.bodies.get(pid)
        if body is not None and pid not in self.active:
            self.active[pid] = body
            # Its velocity before this step's contact is solved: the survey sees the change.
            # (Chipmunk's own getters: the same floats as pymunk's.)
            v = _chipmunk.cpBodyGetVelocity(body._body)
            p = _chipmunk.cpBodyGetPosition(body._body)
            vx, vy, x, y = v.x, v.y, p.x, p.y
            fp = self.fps[pid]
            topple = fp.topple_speed
            self.track[pid] = [vx, vy, math.hypot(vx, vy), x, y,
                               math.inf if topple is None else topple, fp.reach,
                               fp.table_friction * self.params.gravity, None]


    def wake_near(self, pid: int) -> None:
        """Have the dormant pieces a body's halos overlap now woken (`promote`): a piece set
        moving next to others wakes them at once."""
        owner, dormant, wake = self.owner, self.dormant, self.wake
        for shape in self.halos_of[pid]:
            for found in self.overlapping(shape):
                near = owner.get(found)
                if near in dormant and near not in wake:
                    wake.append(near)

    def overlapping(self, shape: pymunk.Shape) -> list[pymunk.Shape]:
        """What a shape overlaps in the space, as `Space.shape_query` finds it (the same
        Chipmunk query, in the same order), without its contact point sets."""
        found = self.flight.overlapping(shape._shape)
        return [s for s in (pymunk.Shape._from_cp_shape(p) for p in found) if s is not None]

