"""Falls in one shot: standing pieces toppled by a hit, and pieces off the table's edge.

Toppling: a standing piece that can fall falls when its contacts change its velocity by
more than its toppling speed between two surveys (J / m for a contact impulse J: a batch ends
at every new contact, so a hit is seen alone; what the table's friction took off is not
counted), and lies down along that change of velocity (the push), its feet where it stood;
if the capsule would lie across a neighbour, in the nearest direction where it fits. If none
does, the shot goes on (at most `settle_time`) until pymunk has pushed them apart. (The
survey that sees the push is the world's run, `flick.physics.world`.)

The table's edge: a piece that reaches it (`flick.physics.contacts`) falls to the floor: it is
out of the shot, where it was.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import pymunk

from flick.physics.footprint import Footprint
from flick.physics.shapes import make_shapes
from flick.physics.waking import Waking


class Falls:
    """The pieces of one shot that fall: toppled ones laid down as capsules, and those gone
    off the table's edge."""

    def __init__(self, waking: Waking, off_edge: list[int], waiting: Mapping[int, object]) -> None:
        self.waking = waking
        self.params = waking.params
        self.footprints = waking.footprints
        self.start = waking.start
        self.space = waking.space
        self.bodies, self.active, self.track = waking.bodies, waking.active, waking.track
        self.solids, self.wake, self.gone = waking.solids, waking.wake, waking.gone
        self.cell, self.cells = waking.cell, waking.cells
        self.off_edge = off_edge  # pieces that reached the table's edge (`Contacts`)
        self.waiting = waiting  # pieces still to arrive (`flick.physics.world.World.arrive`)
        # Pieces to fall, by the direction of the push that fells them (unit vector), and
        # every piece fallen in this shot, in the order it fell.
        self.falls: dict[int, tuple[float, float]] = {}
        self.fell: list[int] = []

    def fall(self) -> None:
        """Replace each piece that was hit hard by its fallen capsule, its feet where it
        stood, laid along the push or, if that lies across a neighbour, the nearest direction
        to it where the capsule fits (as a player lays the figure down)."""
        for pid in sorted(self.falls):
            dx, dy = self.falls[pid]
            old = self.bodies[pid]
            kind = self.start[pid].kind
            fallen = self.footprints.get(kind, False)
            x, y = old.position
            velocity, spin = old.velocity, old.angular_velocity
            self.waking.take_out(pid)
            cx, cy, angle = self._lay(pid, fallen, x, y, math.atan2(dy, dx))
            body = self.waking.add_body(pid, fallen, cx, cy, angle)
            body.velocity = velocity
            body.angular_velocity = spin
            self.active[pid] = body
            track = self.track[pid]
            track[3], track[4] = body.position  # the fall is not travel
            track[6] = fallen.reach
            track[7] = fallen.table_friction * self.params.gravity
            self.fell.append(pid)
        self.falls.clear()

    def _lay(self, pid: int, fallen: Footprint, x: float, y: float,
             push: float) -> tuple[float, float, float]:
        """Where a piece standing at (x, y) lies down: its capsule's centre and angle, the
        push's direction or the nearest (turning both ways by 10 degrees) that overlaps
        nothing; then the same a little farther from its feet; else along the push."""
        half = fallen.half_axis
        # Dormant pieces it could land on become bodies first (as they would be if every
        # piece were one): what it is checked against is what is really there.
        for key_x in (-1, 0, 1):
            for key_y in (-1, 0, 1):
                i = math.floor(x / self.cell) + key_x
                j = math.floor(y / self.cell) + key_y
                for other in self.cells.get((i, j), ()):
                    o = self.start[other]
                    if other in self.bodies or other == pid or other in self.waiting:
                        continue
                    ofp = self.footprints.get(o.kind, o.standing)
                    if math.hypot(o.x - x, o.y - y) <= 2.0 * fallen.reach + ofp.reach:
                        self.wake.append(other)
        if self.wake:
            self.waking.promote()
        probe = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        shapes = make_shapes(probe, fallen, 0.0, 0.0)
        deep = -self.params.simulation.overlap_tolerance
        turns = [0.0] + [k * math.radians(10.0) * sign for k in range(1, 19) for sign in (1, -1)]
        for reach in (half, half + 0.5 * fallen.thinnest, half + fallen.thinnest):
            for turn in turns:
                angle = push + turn
                cx, cy = x + math.cos(angle) * reach, y + math.sin(angle) * reach
                probe.position = (cx, cy)
                probe.angle = angle
                if not any(self._overlaps(shape, deep) for shape in shapes):
                    return cx, cy, angle
        return x + math.cos(push) * half, y + math.sin(push) * half, push

    def _overlaps(self, shape: pymunk.Shape, deep: float) -> bool:
        """Does a shape (on a body not in the space) overlap a piece or part deeper than
        `deep` (negative, cm)?"""
        shape.cache_bb()
        return any(not found.shape.sensor and _deeper(found, deep)
                   for found in self.space.shape_query(shape))

    def drop_off_edge(self) -> None:
        """Pieces that reached the table's edge fall to the floor: out of this shot, where
        they were."""
        for pid in self.off_edge:
            body = self.bodies.get(pid)
            if body is None or pid in self.gone:
                continue
            x, y = body.position
            self.gone[pid] = (x, y, body.angle)
            self.waking.take_out(pid)

    def still_overlapping(self) -> bool:
        """Does a fallen piece still overlap another more than the tolerance? Wakes both:
        pymunk would let them sleep, overlapping, once they stop moving."""
        sim = self.params.simulation
        deep = -sim.overlap_tolerance
        for pid in self.fell:
            body = self.bodies.get(pid)
            if body is None or pid in self.gone:
                continue
            for shape in self.solids[pid]:
                for found in self.space.shape_query(shape):
                    if found.shape.sensor or found.shape.body is body:
                        continue
                    if _deeper(found, deep):
                        body.activate()
                        other = found.shape.body
                        assert other is not None  # a space's shapes have bodies
                        other.activate()
                        return True
        return False


def _deeper(found: pymunk.ShapeQueryInfo, deep: float) -> bool:
    """Do the two shapes of a query overlap deeper than `deep` (negative, cm)? The depth
    from the contact points: pymunk's `distance` sign is unreliable for pairs it swaps
    internally (segment against circle)."""
    points = found.contact_point_set
    n = points.normal
    for p in points.points:
        a, b = p.point_a, p.point_b
        if (b.x - a.x) * n.x + (b.y - a.y) * n.y < deep:
            return True
    return False
