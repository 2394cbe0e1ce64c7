"""One shot in a pymunk space built fresh from the canonical state.

Table friction is done in C: every dynamic body has a `PivotJoint` to the static body with
`max_bias = 0` and `max_force = mu m g` (Coulomb sliding friction: a constant deceleration
mu g) and a `GearJoint` with `max_bias = 0` and a torque cap mu m g r_spin (spin friction).
No Python runs per body per step. Python runs only on events: a new contact (touch lists,
door crossings), a hard contact on a standing piece that can fall (toppling), and a cheap
survey of the moving pieces every `check_every` steps (step size, rest, travel, table edge).

Step policy (no tunnelling): the step is chosen so that no point of any moving piece moves
more than `step_fraction` of the thinnest shape on the table, from the fastest moving
piece's speed (plus spin times reach), nor more than `max_step` cm (so contacts are found
close to where they happen, which keeps collisions honest), and never longer than `max_dt`.
A new contact ends the current batch of steps, so a piece sped up by a hit gets a fresh
step size at once.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from types import MappingProxyType

import pymunk

from flick.physics.buildings import Door, PartPose
from flick.physics.footprint import Footprint, Footprints
from flick.physics.result import ShotResult
from flick.physics.state import PieceState

# Shape-filter categories. Low pieces pass under facades; tall ones do not; blocks stop all.
LOW, TALL, BLOCK, FACADE, DOOR = 1, 2, 4, 8, 16
_FILTERS = {
    "low": pymunk.ShapeFilter(categories=LOW, mask=LOW | TALL | BLOCK | DOOR),
    "tall": pymunk.ShapeFilter(categories=TALL, mask=LOW | TALL | BLOCK | FACADE | DOOR),
    "block": pymunk.ShapeFilter(categories=BLOCK, mask=LOW | TALL | BLOCK),
    "facade": pymunk.ShapeFilter(categories=FACADE, mask=TALL),
    "door": pymunk.ShapeFilter(categories=DOOR, mask=LOW | TALL),
}
# Collision types: standing pieces that can fall get post-solve callbacks; door lines are sensors.
PLAIN, TOPPLER, DOOR_LINE = 0, 1, 2

Vec = tuple[float, float]


def filter_for(layer: str) -> pymunk.ShapeFilter:
    return _FILTERS[layer]


def make_shapes(body: pymunk.Body, fp: Footprint, elasticity: float, friction: float,
                transform: tuple[float, float, float] | None = None) -> list[pymunk.Shape]:
    """pymunk shapes of a footprint on `body` (local, or placed by `transform` for static)."""
    shapes: list[pymunk.Shape] = []
    if transform is not None:
        x, y, angle = transform
        c, s = math.cos(angle), math.sin(angle)

        def at(p: tuple[float, float]) -> tuple[float, float]:
            return (x + c * p[0] - s * p[1], y + s * p[0] + c * p[1])
    else:

        def at(p: tuple[float, float]) -> tuple[float, float]:
            return p

    for part in fp.parts:
        core = part.core
        shape: pymunk.Shape
        if len(core) == 1:
            shape = pymunk.Circle(body, part.radius, at(core[0]))
        elif len(core) == 2:
            shape = pymunk.Segment(body, at(core[0]), at(core[1]), part.radius)
        else:
            shape = pymunk.Poly(body, [at(p) for p in core], None, part.radius)
        shape.elasticity = elasticity
        shape.friction = friction
        shape.filter = _FILTERS[fp.layer]
        shapes.append(shape)
    return shapes


class World:
    """A pymunk space holding the whole table for one shot, and the shot's bookkeeping."""

    def __init__(
        self,
        footprints: Footprints,
        city: tuple[float, float],
        pieces: Iterable[PieceState],
        parts: Iterable[tuple[PartPose, Footprint]],
        doors: Iterable[Door],
    ) -> None:
        self.footprints = footprints
        params = footprints.params
        self.params = params
        sim = params.simulation
        self.city = city
        margin = params.table.margin
        self.edge = (-margin, -margin, city[0] + margin, city[1] + margin)
        space = pymunk.Space()
        space.iterations = sim.iterations
        space.sleep_time_threshold = sim.sleep_time
        space.idle_speed_threshold = sim.rest_speed
        space.collision_slop = sim.collision_slop
        self.space = space
        self.start: dict[int, PieceState] = {}
        self.bodies: dict[int, pymunk.Body] = {}
        self.fps: dict[int, Footprint] = {}
        self.owner: dict[pymunk.Shape, int] = {}
        self.doors: dict[int, Door] = {}
        thinnest = math.inf
        static = space.static_body
        for part, fp in parts:
            thinnest = min(thinnest, self._add_static(part, fp))
        for d in doors:
            line = pymunk.Segment(static, d.a, d.b, 0.0)
            line.sensor = True
            line.collision_type = DOOR_LINE
            line.filter = _FILTERS["door"]
            space.add(line)
            self.owner[line] = d.building
            self.doors[d.building] = d
        for piece in pieces:
            fp = footprints.get(piece.kind, piece.standing)
            thinnest = min(thinnest, fp.thinnest)
            if fp.topple_impulse is not None:
                thinnest = min(thinnest, footprints.get(piece.kind, False).thinnest)
            self.start[piece.id] = piece
            body = self._add_body(piece.id, fp, piece.x, piece.y, piece.angle)
            body.sleep()
        self.thinnest = thinnest
        # The shot's bookkeeping.
        self.active: dict[int, pymunk.Body] = {}
        self.touch_lists: dict[int, list[int]] = {}
        self.fell: list[int] = []
        self.pending: dict[int, tuple[float, float]] = {}
        self.entered: dict[int, int] = {}
        self.exited: dict[int, int] = {}
        self.from_behind: set[tuple[int, int]] = set()
        self.new_contact = False
        self.finished = False  # pymunk calls separate when it frees the space: ignore those
        self._launched: list[int] = []
        space.on_collision(None, None, begin=self._begin, separate=self._separate)
        space.on_collision(TOPPLER, None, post_solve=self._post_solve)

    # -- building the space -------------------------------------------------------------

    def _add_static(self, part: PartPose, fp: Footprint) -> float:
        material = self.params.materials[fp.material]
        shapes = make_shapes(
            self.space.static_body, fp, material.elasticity, material.friction,
            (part.x, part.y, part.angle),
        )
        for shape in shapes:
            self.owner[shape] = part.id
        self.space.add(*shapes)
        return fp.thinnest

    def _add_body(self, pid: int, fp: Footprint, x: float, y: float, angle: float) -> pymunk.Body:
        material = self.params.materials[fp.material]
        body = pymunk.Body(fp.mass, fp.moment)
        body.center_of_gravity = fp.cog
        body.position = (x, y)
        body.angle = angle
        shapes = make_shapes(body, fp, material.elasticity, material.friction)
        kind = TOPPLER if fp.topple_impulse is not None else PLAIN
        for shape in shapes:
            shape.collision_type = kind
            self.owner[shape] = pid
        static = self.space.static_body
        weight = fp.table_friction * fp.mass * self.params.gravity
        slide = pymunk.PivotJoint(static, body, (0.0, 0.0), fp.cog)
        slide.max_bias = 0.0
        slide.max_force = weight
        spin = pymunk.GearJoint(static, body, 0.0, 1.0)
        spin.max_bias = 0.0
        spin.max_force = weight * fp.spin_radius
        self.space.add(body, *shapes, slide, spin)
        self.bodies[pid] = body
        self.fps[pid] = fp
        return body

    # -- collision events (called by pymunk inside step) ---------------------------------

    def _begin(self, arb: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        sa, sb = arb.shapes
        if sa.sensor or sb.sensor:
            self._door_begin(sa, sb)
            return
        ba, bb = sa.body, sb.body
        # Pieces already in contact that are moving apart have not touched in this shot.
        va, vb = ba.velocity, bb.velocity
        n = arb.normal
        if (vb.x - va.x) * n.x + (vb.y - va.y) * n.y > 0.0:
            return
        a, b = self.owner[sa], self.owner[sb]
        self.new_contact = True
        self._touch(a, b)
        self._touch(b, a)
        if a in self.bodies and a not in self.active:
            self.active[a] = self.bodies[a]
        if b in self.bodies and b not in self.active:
            self.active[b] = self.bodies[b]

    def _touch(self, a: int, b: int) -> None:
        found = self.touch_lists.get(a)
        if found is None:
            self.touch_lists[a] = [b]
        elif b not in found:
            found.append(b)

    def _door_begin(self, sa: pymunk.Shape, sb: pymunk.Shape) -> None:
        line, other = (sa, sb) if sa.sensor else (sb, sa)
        if self.finished or other.body is None:
            return
        pid = self.owner[other]
        door = self.doors[self.owner[line]]
        x, y = other.body.position
        # A piece that began the shot already across the line is in the doorway: it can only
        # come out (reading of "any part in / whole disc out" for a piece left straddling).
        if door.signed(x, y) < 0.0 or self._started_across(pid, door):
            self.from_behind.add((pid, door.building))
        elif pid not in self.entered:
            self.entered[pid] = door.building

    def _started_across(self, pid: int, door: Door) -> bool:
        """Was some part of the piece already behind this door line when the shot began?"""
        from flick.physics.geometry import extent_along, place

        start = self.start[pid]
        placed = place(self.footprints.get(start.kind, start.standing), start.x, start.y,
                       start.angle)
        low, _ = extent_along(placed, *door.normal)
        mid = ((door.a[0] + door.b[0]) / 2.0) * door.normal[0]
        mid += ((door.a[1] + door.b[1]) / 2.0) * door.normal[1]
        return low < mid

    def _separate(self, arb: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        sa, sb = arb.shapes
        if not (sa.sensor or sb.sensor):
            return
        line, other = (sa, sb) if sa.sensor else (sb, sa)
        if self.finished or other.body is None:
            return
        pid = self.owner[other]
        door = self.doors[self.owner[line]]
        x, y = other.body.position
        if (pid, door.building) in self.from_behind and door.signed(x, y) > 0.0:
            self.from_behind.discard((pid, door.building))
            if pid not in self.exited:
                self.exited[pid] = door.building

    def _post_solve(self, arb: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        impulse = arb.total_impulse
        strength = math.hypot(impulse.x, impulse.y)
        for shape in arb.shapes:
            if shape.collision_type != TOPPLER:
                continue
            pid = self.owner[shape]
            fp = self.fps.get(pid)
            if fp is None or fp.topple_impulse is None or pid in self.pending:
                continue
            if strength > fp.topple_impulse:
                point = arb.contact_point_set.points[0].point_a
                x, y = shape.body.position
                dx, dy = impulse.x / strength, impulse.y / strength
                # The piece falls along the push, away from the contact.
                if dx * (x - point.x) + dy * (y - point.y) < 0.0:
                    dx, dy = -dx, -dy
                self.pending[pid] = (dx, dy)

    # -- the shot --------------------------------------------------------------------------

    def launch(
        self, impulses: Mapping[int, tuple[Vec, Vec]], velocities: Mapping[int, tuple[Vec, float]]
    ) -> None:
        """Give pieces an impulse (g cm/s at an offset, cm) or a velocity (cm/s, rad/s)."""
        self._launched = list(dict.fromkeys([*impulses, *velocities]))
        for pid, (impulse, offset) in impulses.items():
            body = self.bodies[pid]
            body.activate()
            x, y = body.position
            body.apply_impulse_at_world_point(impulse, (x + offset[0], y + offset[1]))
            self.active[pid] = body
        for pid, (velocity, spin) in velocities.items():
            body = self.bodies[pid]
            body.activate()
            body.velocity = velocity
            body.angular_velocity = float(spin)
            self.active[pid] = body

    def _fall(self) -> None:
        """Replace each piece that got a hard contact by its fallen capsule, along the push."""
        for pid in sorted(self.pending):
            dx, dy = self.pending[pid]
            old = self.bodies[pid]
            kind = self.start[pid].kind
            fallen = self.footprints.get(kind, False)
            x, y = old.position
            velocity, spin = old.velocity, old.angular_velocity
            self.space.remove(old, *old.shapes, *old.constraints)
            body = self._add_body(
                pid, fallen, x + dx * fallen.half_axis, y + dy * fallen.half_axis,
                math.atan2(dy, dx),
            )
            body.velocity = velocity
            body.angular_velocity = spin
            self.active[pid] = body
            self.fell.append(pid)
        self.pending.clear()

    def run(self) -> tuple[ShotResult, dict[int, PieceState]]:
        """Step until every piece rests; the result and the new states of changed pieces."""
        sim = self.params.simulation
        space = self.space
        max_move = min(sim.step_fraction * self.thinnest, sim.max_step)
        rest_speed, rest_spin, max_dt = sim.rest_speed, sim.rest_spin, sim.max_dt
        check_every = sim.check_every
        x0, y0, x1, y1 = self.edge
        travel: dict[int, float] = {}
        last: dict[int, tuple[float, float]] = {}
        stopped: list[int] = []
        schedule: list[list[float]] = []
        steps, time, timed_out = 0, 0.0, False
        while True:
            fastest, resting = 0.0, True
            for pid, body in self.active.items():
                px, py = body.position
                before = last.get(pid)
                if before is not None:
                    travel[pid] = travel.get(pid, 0.0) + math.hypot(
                        px - before[0], py - before[1]
                    )
                last[pid] = (px, py)
                vx, vy = body.velocity
                speed = math.hypot(vx, vy)
                spin = abs(body.angular_velocity)
                if speed >= rest_speed or spin >= rest_spin:
                    if not (x0 <= px <= x1 and y0 <= py <= y1):
                        # Off the edge of the table: it drops to the floor and stops there.
                        body.velocity = (0.0, 0.0)
                        body.angular_velocity = 0.0
                        if pid not in stopped:
                            stopped.append(pid)
                        continue
                    resting = False
                    fastest = max(fastest, speed + spin * self.fps[pid].reach)
            if resting:
                break
            if time >= sim.max_time:
                timed_out = True
                break
            dt = min(max_dt, max_move / fastest)
            self.new_contact = False
            n = 0
            while n < check_every:
                space.step(dt)
                n += 1
                if self.new_contact or self.pending:
                    break
            if schedule and schedule[-1][0] == dt:
                schedule[-1][1] += n
            else:
                schedule.append([dt, n])
            steps += n
            time += dt * n
            if self.pending:
                for pid in self.pending:
                    last.pop(pid, None)
                self._fall()
        return self._finish(travel, stopped, steps, time, timed_out, schedule)

    def _finish(
        self,
        travel: dict[int, float],
        stopped: list[int],
        steps: int,
        time: float,
        timed_out: bool,
        schedule: list[list[float]],
    ) -> tuple[ShotResult, dict[int, PieceState]]:
        self.finished = True
        w, h = self.city
        changed: dict[int, PieceState] = {}
        moved: list[int] = []
        left: list[int] = []
        fallen = set(self.fell)
        for pid, body in self.active.items():
            start = self.start[pid]
            x, y = body.position
            state = PieceState(pid, start.kind, float(x), float(y), float(body.angle),
                               start.standing and pid not in fallen)
            if state != start:
                changed[pid] = state
                moved.append(pid)
                was_in = 0.0 <= start.x <= w and 0.0 <= start.y <= h
                if was_in and not (0.0 <= state.x <= w and 0.0 <= state.y <= h):
                    left.append(pid)
        result = ShotResult(
            launched=tuple(self._launched),
            touch_lists=MappingProxyType({k: tuple(v) for k, v in self.touch_lists.items()}),
            fell=tuple(self.fell),
            left_city=tuple(left),
            off_table=tuple(stopped),
            entered=MappingProxyType(dict(self.entered)),
            exited=MappingProxyType(dict(self.exited)),
            moved=tuple(moved),
            distances=MappingProxyType({k: v for k, v in travel.items() if k in changed}),
            steps=steps,
            sim_time=time,
            timed_out=timed_out,
            schedule=tuple((dt, n) for dt, n in schedule),
        )
        return result, changed
