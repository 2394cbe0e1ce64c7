"""Closed-form flight between contacts: a shot's free motion without stepping it.

A piece that touches nothing slides on the table under Coulomb friction alone, the model the
shot's friction joints step (`flick.physics.waking`): its centre of gravity moves in a straight
line, its speed falling by mu g per second to rest, and its spin falls by
mu m g r_spin / I per second to rest, independently. So, with s0 its speed, a = mu g, the
direction u of its velocity and t <= s0 / a,

    c(t) = c0 + u (s0 t - a t^2 / 2),   v(t) = u (s0 - a t),

and the same for the angle and spin. `Glide` is that motion for one body.

`Flight.plan` looks, at a survey of the shot, for how long every moving body can fly so, no
piece coming within `margin` (a step and the contact slop) of anything it could touch: each
moving body's bounding circle about its centre of gravity, swollen by the margin, is swept
along its straight path to rest through the shot's space (the buildings' parts, the door and
edge lines, the pieces at rest, bodies or dormant circles): the first thing it meets and
where, exactly (`clear`: Chipmunk's thin segment query, checked by an overlap query of the
swept capsule, and where that finds more, each one's time of impact). Two moving bodies keep
apart while their bounding circles do, the gap between them shrinking no faster than their
speeds toward each other along the line between them; and never touch while their paths to
rest keep farther apart than their bounds. What a moving body is near where the survey finds
it does not stop its flight if it moves away from it (or is across a door line the world has
seen it meet: `clear`). The flight is a whole number of the survey's steps (the shot stays on
its step grid), at least `MIN_STEPS`, and the world steps
again from its end (a contact, a door line, the table's edge, a dormant piece to wake, all
within the margin, so the steps meet them as they would have); when everything comes to rest
before any of that, the flight ends at rest. A single round piece (its footprint one circle
about its centre of gravity, so its bounding circle is its shape) flies instead to where its
next step carries it `TOUCH` past contact with the first thing it meets (`landing`): the step
finds the contact where it happens, where steps all the way find it up to a step late.

The flight is a pure function of the state at the survey (the same floats give the same
flight), so a shot stays a pure function of the table state.

A step wrapped by a caller (the UI's recorder reads the poses after every step) still sees
every step of a flight: `FlightSpace.step` advances the flying bodies in closed form then,
instead of Chipmunk, to the same final state.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from typing import Any

import pymunk

from flick.physics.chipmunk import MOTION, motion_view
from flick.physics.chipmunk import ffi as _ffi
from flick.physics.chipmunk import lib as _chipmunk
from flick.physics.footprint import Footprint
from flick.physics.shapes import DORMANT, FILTERS, HALO

# The fewest steps a flight replaces: below this the world steps (a flight costs a few steps'
# worth of Python; the survey's batch is `check_every` steps).
MIN_STEPS = 4
# The shape-filter group of the pieces planning a flight together, for the time of the plan (a
# piece's own group is its id, far below).
FLYING = 1 << 62
# cm: how far past contact the first step after a flight to a contact carries a round piece
# (Chipmunk finds a contact once the shapes overlap).
TOUCH = 0.01
# cm: a path's dormant neighbours are put in the space this much wider than needed, and not
# again while the path stays within this of the one they were put in for.
FILL_SLACK = 0.5
# cm: how far apart two paths' boxes (each grown by its body's bound) must lie for the pair to
# be left out of a plan unlooked at: far more than the rounding of the distance between them.
SWEEP_SLACK = 1e-6

# What a plan calls for every moving body, bound once.
_local_to_world, _read_motion = _chipmunk.cpBodyLocalToWorld, MOTION.unpack_from
_set_filter = _chipmunk.cpShapeSetFilter
_hypot = math.hypot


class FlightSpace(pymunk.Space):
    """A pymunk space whose `step`, while `flying` is set, advances the flying bodies in
    closed form by the step instead of stepping Chipmunk (for a caller that wrapped `step`)."""

    def __init__(self) -> None:
        super().__init__()
        self.flying: Callable[[float], None] | None = None
        # Its collision handler (a Chipmunk one, made at its first shot) and the handle it
        # calls the shot's world with (kept as long as the space).
        self.handler: Any = None
        self.events: Any = None

    def step(self, dt: float) -> None:
        if self.flying is not None:
            self.flying(dt)
            return
        super().step(dt)


def shape_filter(group: int, categories: int, mask: int) -> Any:
    """A Chipmunk shape filter (a `cpShapeFilter` struct) to pass as is: the same filter as
    the tuple (group, categories, mask), without converting it at every call."""
    return _ffi.new("cpShapeFilter *", (group, categories, mask))[0]


def slide(s0: float, a: float, t: float) -> tuple[float, float]:
    """Distance (cm) travelled and speed (cm/s) after t s, from speed s0 under deceleration
    a (> 0): the speed falls linearly to rest, then stays 0."""
    if s0 <= 0.0:
        return 0.0, 0.0
    if t >= s0 / a:  # the very expression `Glide.rest` is made of
        return s0 * s0 / (2.0 * a), 0.0
    return t * (s0 - 0.5 * a * t), s0 - a * t


def time_to_travel(s0: float, a: float, distance: float) -> float:
    """How long (s) from speed s0 under deceleration a to travel `distance` cm; inf when the
    piece rests before."""
    if distance <= 0.0:
        return 0.0
    disc = s0 * s0 - 2.0 * a * distance
    if disc <= 0.0:
        return math.inf
    return 2.0 * distance / (s0 + math.sqrt(disc))


def paths_apart(g: Glide, h: Glide) -> float:
    """The distance (cm) between two glides' paths to rest, the straight segments their
    centres of gravity slide along."""
    ax, ay, bx, by = g.cx, g.cy, g.ex, g.ey
    cx, cy, ex, ey = h.cx, h.cy, h.ex, h.ey
    if _crossing(ax, ay, bx, by, cx, cy, ex, ey):
        return 0.0
    return min(_to_segment(ax, ay, cx, cy, ex, ey), _to_segment(bx, by, cx, cy, ex, ey),
               _to_segment(cx, cy, ax, ay, bx, by), _to_segment(ex, ey, ax, ay, bx, by))


def paths_farther(g: Glide, h: Glide, distance: float) -> bool:
    """`paths_apart(g, h) > distance`, the same floats, looking no further than the first of
    its distances that is not."""
    ax, ay, bx, by = g.cx, g.cy, g.ex, g.ey
    cx, cy, ex, ey = h.cx, h.cy, h.ex, h.ey
    if _crossing(ax, ay, bx, by, cx, cy, ex, ey):
        return distance < 0.0
    hypot = math.hypot
    # Each end of one path to the other path (`_to_segment`).
    for (px, py, qx, qy, rx, ry) in ((ax, ay, cx, cy, ex, ey), (bx, by, cx, cy, ex, ey),
                                     (cx, cy, ax, ay, bx, by), (ex, ey, ax, ay, bx, by)):
        dx, dy = rx - qx, ry - qy
        length2 = dx * dx + dy * dy
        t = ((px - qx) * dx + (py - qy) * dy) / length2 if length2 > 0.0 else 0.0
        t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
        if not hypot(qx + t * dx - px, qy + t * dy - py) > distance:
            return False
    return True


def _crossing(ax: float, ay: float, bx: float, by: float, cx: float, cy: float, ex: float,
              ey: float) -> bool:
    """Do segments ab and ce cross (each one's ends strictly on either side of the other's
    line)?"""
    ab_c = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    ab_e = (bx - ax) * (ey - ay) - (by - ay) * (ex - ax)
    ce_a = (ex - cx) * (ay - cy) - (ey - cy) * (ax - cx)
    ce_b = (ex - cx) * (by - cy) - (ey - cy) * (bx - cx)
    return ab_c * ab_e < 0.0 and ce_a * ce_b < 0.0


def _to_segment(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """The distance (cm) from a point to a segment."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = ((px - ax) * dx + (py - ay) * dy) / length2 if length2 > 0.0 else 0.0
    t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


def pair_limit(g: Glide, h: Glide, bg: float, bh: float, margin: float) -> float:
    """How long (s) two glides of bounding radii `bg` and `bh` (cm) surely keep more than
    `margin` apart (inf: for good); 0 when they are that near already.

    Two moving bodies keep apart while their bounding circles do. Each centre of gravity
    stays on its straight path to rest: paths farther apart than the two bounds never let
    them touch. Else their distance is at least its part along the line between them where
    the survey found them, which shrinks no faster than the parts of their speeds toward each
    other along it."""
    dx, dy = h.cx - g.cx, h.cy - g.cy
    apart = math.hypot(dx, dy)
    gap = apart - bg - bh - margin
    closing = 0.0
    if gap > 0.0:
        closing = (max(0.0, (g.ux * dx + g.uy * dy) * g.speed)
                   + max(0.0, -(h.ux * dx + h.uy * dy) * h.speed)) / apart
        if closing <= 0.0:
            return math.inf  # not nearing each other, wherever their paths go
    if paths_farther(g, h, bg + bh):
        return math.inf
    return 0.0 if gap <= 0.0 else gap / closing


def _indices(moving: list[tuple[int, pymunk.Body]], pair: tuple[int, int]) -> tuple[int, int]:
    """Where the pair's two ids are in `moving` (in its order); (-1, -1) if one is not."""
    i = j = -1
    for k, (pid, _) in enumerate(moving):
        if pid in pair:
            if i < 0:
                i = k
            else:
                j = k
                break
    return (i, j) if j >= 0 else (-1, -1)


class Glide:
    """One body's closed-form motion from a survey: its centre of gravity, velocity, angle and
    spin there, and the table's decelerations of its slide and spin."""

    __slots__ = (
        "a",
        "alpha",
        "angle",
        "body",
        "cog",
        "cx",
        "cy",
        "ex",
        "ey",
        "length",
        "rest",
        "speed",
        "spin",
        "ux",
        "uy",
    )

    def __init__(self, body: pymunk.Body, cog: tuple[float, float], a: float,
                 alpha: float, motion: Any = None) -> None:
        """`motion`: the body's `motion_view` if at hand (made here if not)."""
        # (Made for every moving body at every plan of several: its motion read at once
        # (`MOTION`, the floats Chipmunk's getters return), its parts bound to plain names.)
        b = body._body
        c = _local_to_world(b, cog)
        vx, vy, angle, spin, _, _, _ = _read_motion(motion_view(b) if motion is None else motion)
        self.body = body
        self.cog = cog
        self.cx = cx = c.x
        self.cy = cy = c.y
        self.speed = speed = _hypot(vx, vy)
        if speed > 0.0:
            self.ux = ux = vx / speed
            self.uy = uy = vy / speed
        else:
            self.ux = ux = 0.0
            self.uy = uy = 0.0
        self.a = a
        self.alpha = alpha
        self.angle = angle
        self.spin = spin
        # When it rests: its slide and its spin both stopped.
        self.rest = max(speed / a, abs(spin) / alpha)
        # Its slide to rest: its length (cm) and where its centre of gravity ends.
        self.length = length = speed * speed / (2.0 * a)
        self.ex = cx + ux * length
        self.ey = cy + uy * length

    def at(self, t: float) -> None:
        """Put the body where the glide has it t s after the survey."""
        d, s = slide(self.speed, self.a, t)
        turn, w = slide(abs(self.spin), self.alpha, t)
        if self.spin < 0.0:
            turn, w = -turn, -w
        angle = self.angle + turn
        cx, cy = self.cx + self.ux * d, self.cy + self.uy * d
        gx, gy = self.cog
        c, s_ = math.cos(angle), math.sin(angle)
        b = self.body._body
        # The angle first (Chipmunk turns the body about its centre of gravity), then the
        # origin that puts the centre of gravity at (cx, cy).
        _chipmunk.cpBodySetAngle(b, angle)
        _chipmunk.cpBodySetPosition(b, (cx - (c * gx - s_ * gy), cy - (s_ * gx + c * gy)))
        _chipmunk.cpBodySetVelocity(b, (self.ux * s, self.uy * s))
        _chipmunk.cpBodySetAngularVelocity(b, w)


class _Tools:
    """What a flight's queries write into, made once a thread (a flight plans in one go)."""

    def __init__(self) -> None:
        self.info = _ffi.new("cpSegmentQueryInfo *")
        # The swept circle of `clear`: a capsule on a static body of its own, never in a space.
        self.body = pymunk.Body(body_type=pymunk.Body.STATIC)
        self.shape = pymunk.Segment(self.body, (0.0, 0.0), (1.0, 0.0), 1.0)
        self.probe = self.shape._shape
        # What a shape query of the probe overlaps (`landing`).
        self.found: list[Any] = []
        self.collect = _ffi.callback("cpSpaceShapeQueryFunc",
                                     lambda shape, points, data: self.found.append(shape))
        # What a point query finds near a glide's start (`clear`): per shape, its distance
        # from the point and the gradient of that distance there.
        self.near: list[tuple[Any, float, float, float]] = []
        self.collect_near = _ffi.callback(
            "cpSpacePointQueryFunc",
            lambda shape, point, distance, gradient, data: self.near.append(
                (shape, distance, gradient.x, gradient.y)))


_LOCAL = threading.local()


def _tools() -> _Tools:
    tools: _Tools | None = getattr(_LOCAL, "tools", None)
    if tools is None:
        tools = _LOCAL.tools = _Tools()
    return tools


class Flight:
    """The closed-form flights of one shot's world (see the module's docstring)."""

    def __init__(self, space: pymunk.Space, margin: float,
                 dormant_reach: float) -> None:
        self.space = space
        self.margin = margin
        # The shot's `Waking.fill_path` (`flick.physics.waking`) for the plan being made
        # (given to each plan, not kept: no reference cycle between the pieces and their
        # flights).
        self.fill_path: Callable[[float, float, float, float, float], None] | None = None
        self.dormant_reach = dormant_reach
        # Per body id: (bounding radius about the centre of gravity, cm; slide deceleration,
        # cm/s^2; spin deceleration, rad/s^2; centre of gravity, local cm; query filter).
        self.bodies: dict[int, tuple[float, float, float, tuple[float, float], Any]] = {}
        tools = _tools()
        self._info, self._probe = tools.info, tools.probe
        self._found, self._collect = tools.found, tools.collect
        self._near, self._collect_near = tools.near, tools.collect_near
        # True once every dormant piece of the table is in the space (the world does so at
        # its first flight when the table is small: cheaper than filling along paths).
        self.all_filled = False
        self.wait = False  # no flight at the next survey (the last one ended near something)
        # After a flight to a contact: its next step is as long as the flight's survey's (no
        # growth) and the dormant piece it meets, if any (a Chipmunk shape), wakes first.
        self.new_contact = False
        self.woken: Any = None
        # The shape a single moving piece's swept circle meets first at the last plan (a
        # Chipmunk shape, None if none or several pieces move).
        self.met: Any = None
        # Per body id of a round piece (its footprint one circle about its centre of gravity,
        # so its bounding circle is its shape): its time of impact is exact.
        self.round: set[int] = set()
        # Per body id: its solid shapes (Chipmunk's), their own filter and their filter while
        # it plans a flight with others (one group: no query of one sees another, the pair
        # bound keeps them apart); its query filter then.
        self.shapes: dict[int, tuple[list[Any], Any, Any]] = {}
        self.together: dict[int, Any] = {}
        # Per body: the path (start and end, cm) whose neighbourhood was last filled.
        self._filled: dict[int, tuple[float, float, float, float]] = {}
        # Per body id: the door lines (Chipmunk shapes) it is across, the world has seen it
        # meet and not yet part from (line -> how many of its shapes overlap it).
        self.over: dict[int, dict[Any, int]] = {}
        # What the last `clear` passed over where its glide started.
        self.behind: Any = ()
        # The ids of the pair of moving bodies too near each other to fly at the last plan
        # that found one (looked at first by the next).
        self.stopped: tuple[int, int] | None = None
        # The id of the moving body whose own flight was too short at the last plan of
        # several that found one (looked at first by the next).
        self.held: int | None = None
        # Per body id: a view of its motion (`flick.physics.chipmunk.MOTION`), kept by the
        # world's pieces (`flick.physics.waking`) for the bodies in its space.
        self.motion: dict[int, Any] = {}
        self.flights = 0
        self.flown = 0

    def overlapping(self, shape: Any) -> list[Any]:
        """The Chipmunk shapes a Chipmunk shape overlaps in the space (sensors too)."""
        found = self._found
        found.clear()
        _chipmunk.cpSpaceShapeQuery(self.space._space, shape, self._collect, _ffi.NULL)
        out = list(found)
        found.clear()
        return out

    def add(self, pid: int, fp: Footprint, gravity: float, shapes: list[pymunk.Shape],
            kept: list[Any] | None = None) -> None:
        """A body of the world (new, or fallen: its footprint changed) and its solid shapes.
        `kept`: where what is worked out for the body is kept for its next shots (the same
        for the same piece, footprint, gravity and shapes), or is taken from if there."""
        if kept:
            entry = kept[0]
        else:
            entry = self.entry(pid, fp, gravity, shapes)
            if kept is not None:
                kept.append(entry)
        self.bodies[pid], self.shapes[pid], self.together[pid], is_round = entry
        if is_round:
            self.round.add(pid)
        else:
            self.round.discard(pid)

    @staticmethod
    def entry(pid: int, fp: Footprint, gravity: float, shapes: list[pymunk.Shape]) -> Any:
        """What `add` records of a body: its bound, decelerations, centre of gravity and
        query filter; its shapes and their filters; its filter flying with others; round?"""
        weight = fp.table_friction * fp.mass * gravity
        f = FILTERS[fp.layer]
        # What the piece can touch (door and edge lines too) and the dormant pieces (seen
        # only by halos). (Filters as Chipmunk's structs, made once: what pymunk makes of a
        # ShapeFilter at every call.)
        categories, mask = f.categories | HALO, f.mask | DORMANT
        part = fp.parts[0]
        return ((fp.bound, weight / fp.mass, weight * fp.spin_radius / fp.moment, fp.cog,
                 shape_filter(pid, categories, mask)),
                ([s._shape for s in shapes], shape_filter(pid, f.categories, f.mask),
                 shape_filter(FLYING, f.categories, f.mask)),
                shape_filter(FLYING, categories, mask),
                len(fp.parts) == 1 and part.core == (fp.cog,))

    def plan(self, moving: list[tuple[int, pymunk.Body]], dt: float,
             left: float) -> tuple[float, list[Glide]] | None:
        """How long (s) the moving bodies can fly (at most about `left` s more), and their
        glides; None when it is less than `MIN_STEPS` steps of `dt` (or a body cannot fly).
        A whole number of steps of `dt`, but for one round piece flown to its next contact
        (`landing`; then `new_contact` is set and `woken` is the shape it meets)."""
        self.met = None
        if not moving:
            return None
        bodies = self.bodies
        if len(moving) == 1:
            pid, body = moving[0]
            _, a, alpha, cog, _ = bodies[pid]
            if a <= 0.0 or alpha <= 0.0:
                return None  # no friction: no rest to fly to
            glide = Glide(body, cog, a, alpha, self.motion.get(pid))
            return self._plan(moving, [glide], dt, left, math.inf)
        margin = self.margin
        entries = []
        for pid, _ in moving:
            entry = bodies[pid]
            if entry[1] <= 0.0 or entry[2] <= 0.0:
                return None  # no friction: no rest to fly to
            entries.append(entry)
        shortest = MIN_STEPS * dt
        motion = self.motion
        made: dict[int, Glide] = {}
        # The pair that kept the last plan from flying, if both still move: looked at first
        # (pieces flying side by side stop every plan until they part).
        if self.stopped is not None:
            i, j = _indices(moving, self.stopped)
            if i >= 0:
                (pi, bi), (pj, bj), ei, ej = moving[i], moving[j], entries[i], entries[j]
                gi = made[i] = Glide(bi, ei[3], ei[1], ei[2], motion.get(pi))
                gj = made[j] = Glide(bj, ej[3], ej[1], ej[2], motion.get(pj))
                if pair_limit(gi, gj, entries[i][0], entries[j][0], margin) < shortest:
                    return None
        glides = [made.get(k) or Glide(body, e[3], e[1], e[2], motion.get(pid))
                  for k, ((pid, body), e) in enumerate(zip(moving, entries, strict=True))]
        limit = self._pairs(moving, glides, entries, shortest)
        if limit < shortest:
            return None
        self._group(moving, 2)
        try:
            return self._plan(moving, glides, dt, left, limit)
        finally:
            self._group(moving, 1)

    def _pairs(self, moving: list[tuple[int, pymunk.Body]], glides: list[Glide],
               entries: list[Any], shortest: float) -> float:
        """The least `pair_limit` of the moving bodies' pairs (s), or one below `shortest`
        (that pair kept in `stopped`).

        The pairs whose paths' boxes, each grown by its body's bound, lie apart by more than
        `SWEEP_SLACK` (sorted and swept along x, then y) are left out: their paths lie
        farther apart than their bounds (`pair_limit` inf). The least of the rest is the same
        float in any order."""
        margin = self.margin
        boxes = []
        for k, g in enumerate(glides):
            b = entries[k][0]
            cx, ex, cy, ey = g.cx, g.ex, g.cy, g.ey
            if cx <= ex:
                x0, x1 = cx - b, ex + b
            else:
                x0, x1 = ex - b, cx + b
            if cy <= ey:
                y0, y1 = cy - b, ey + b
            else:
                y0, y1 = ey - b, cy + b
            boxes.append((x0, x1, y0, y1, k))
        boxes.sort()
        limit = math.inf
        n = len(boxes)
        for a in range(n - 1):
            _, ax1, ay0, ay1, i = boxes[a]
            for c in range(a + 1, n):
                cx0, _, cy0, cy1, j = boxes[c]
                if cx0 - ax1 > SWEEP_SLACK:
                    break
                if cy0 - ay1 > SWEEP_SLACK or ay0 - cy1 > SWEEP_SLACK:
                    continue
                p, q = (i, j) if i < j else (j, i)  # in `moving`'s order, as ever
                t = pair_limit(glides[p], glides[q], entries[p][0], entries[q][0], margin)
                if t < limit:
                    limit = t
                    if t < shortest:
                        self.stopped = (moving[p][0], moving[q][0])
                        return t
        return limit

    def _group(self, moving: list[tuple[int, pymunk.Body]], which: int) -> None:
        """Give the moving bodies' shapes their own filters (1) or one group (2)."""
        set_filter, shapes = _set_filter, self.shapes
        for pid, _ in moving:
            entry = shapes[pid]
            flt = entry[which]
            for shape in entry[0]:
                set_filter(shape, flt)

    def _plan(self, moving: list[tuple[int, pymunk.Body]], glides: list[Glide], dt: float,
              left: float, limit: float) -> tuple[float, list[Glide]] | None:
        """`plan` once the pair bounds are known (`limit`, s)."""
        bodies, margin, together = self.bodies, self.margin, len(glides) > 1
        shortest = MIN_STEPS * dt
        exact = None
        # The body that kept the last plan of several from flying (near something it moves
        # toward), if it still moves: looked at first. (Its own flight too short is the
        # plan's too; with every dormant piece in the space, looking changes nothing.)
        first, known = -1, (0.0, None)
        if together and self.all_filled and self.held is not None:
            first = next((k for k, (pid, _) in enumerate(moving) if pid == self.held), -1)
            if first >= 0:
                pid, glide = moving[first][0], glides[first]
                clear, hit = known = self._clear(pid, glide, True)
                if clear <= 0.0 or (clear < glide.length and time_to_travel(
                        glide.speed, bodies[pid][1], clear) < shortest):
                    return None
        for k, ((pid, _), glide) in enumerate(zip(moving, glides, strict=True)):
            bound, a, _, _, query = bodies[pid]
            if together:
                query = self.together[pid]
            reach = bound + margin
            path = glide.length
            if not self.all_filled:
                self._fill(pid, glide, path, reach + self.dormant_reach)
            if k == first:
                clear, hit = known
            else:
                clear, hit = self.clear(glide, path, reach, query, bound, self.over.get(pid, ()))
            if clear <= 0.0:
                self.held = pid
                return None
            if clear < path:
                if not together:
                    self.met = hit
                limit = min(limit, time_to_travel(glide.speed, a, clear))
                if limit < shortest:
                    self.held = pid
                    return None
                if not together and hit is not None and pid in self.round:
                    landed = self.landing(glide, bound, query, hit, dt)
                    span = math.inf if landed is None else time_to_travel(glide.speed, a,
                                                                            landed[0])
                    if landed is not None and span < math.inf:
                        exact = (span, landed[1])
        self.wait, self.new_contact, self.woken = False, False, None
        if exact is not None:
            # One round piece flies to where its next step meets what it will touch.
            span, hit = exact
            self.wait, self.new_contact = True, True
            self.woken = hit
            return span, glides
        if limit == math.inf:
            # Everything rests before it can meet anything: fly to rest.
            steps = math.ceil(max(g.rest for g in glides) / dt)
        else:
            steps = math.floor(limit / dt)
        steps = min(steps, math.ceil(left / dt))
        if steps < MIN_STEPS:
            return None
        # A flight that ends before rest ends near something: the next survey steps on.
        self.wait = limit != math.inf
        return steps * dt, glides

    def _clear(self, pid: int, glide: Glide, together: bool) -> tuple[float, Any]:
        """`clear` for a moving body's glide (`together`: planned with others)."""
        bound, _, _, _, query = self.bodies[pid]
        if together:
            query = self.together[pid]
        return self.clear(glide, glide.length, bound + self.margin, query, bound,
                          self.over.get(pid, ()))

    def _fill(self, pid: int, glide: Glide, path: float, width: float) -> None:
        """Have the world put in the dormant pieces near the glide's path to rest: once for
        a path, which a flight or free steps only shorten (its end stays where it was)."""
        cx, cy = glide.cx, glide.cy
        ex, ey = cx + glide.ux * path, cy + glide.uy * path
        done = self._filled.get(pid)
        if done is not None:
            ax, ay, bx, by = done
            # Still on the filled segment (within the slack), ending where it did?
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy
            t = ((cx - ax) * dx + (cy - ay) * dy) / length2 if length2 > 0.0 else 0.0
            t = min(1.0, max(0.0, t))
            near = math.hypot(ax + t * dx - cx, ay + t * dy - cy)
            if near <= FILL_SLACK and math.hypot(ex - bx, ey - by) <= FILL_SLACK:
                return
        assert self.fill_path is not None
        self.fill_path(cx, cy, ex, ey, width + FILL_SLACK)
        self._filled[pid] = (cx, cy, ex, ey)

    def clear(self, glide: Glide, path: float, reach: float, query: Any,
              bound: float, over: Any = ()) -> tuple[float, Any]:
        """How far (cm) along its path the glide's circle of radius `reach` about its centre
        of gravity moves overlapping nothing `query` sees, and the shape it then touches:
        (`path`, None) if it slides to rest first, (0, None) if it cannot fly.

        What the circle overlaps where it is does not stop it if the glide moves away from it
        and its bounding circle (radius `bound`) is clear of it: the distance from a point to
        a convex shape is a convex function along a straight line, so, not falling where the
        glide starts, it never falls along its path (a piece just parted from a wall or a
        piece flies on at once). Nor do the door lines in `over`, those the piece is across
        already (the world has seen it meet them, and waits for nothing there but their
        parting, which the first step after the flight finds: a straight path leaves a line
        once). Anything else it overlaps there: it cannot fly. What it passes over so is kept
        in `behind` (for `landing`)."""
        c_space = self.space._space
        probe = self._probe
        cx, cy, ux, uy = glide.cx, glide.cy, glide.ux, glide.uy
        ex, ey = cx + ux * path, cy + uy * path
        null, info = _ffi.NULL, self._info
        near = self._near
        _chipmunk.cpSpacePointQuery(c_space, (cx, cy), reach, query, self._collect_near, null)
        behind: Any = ()
        if near:
            for shape, distance, gx, gy in near:
                if (distance <= bound or gx * ux + gy * uy < 0.0) and shape not in over:
                    near.clear()
                    self.behind = ()
                    return 0.0, None
            behind = {found[0] for found in near}
            near.clear()
        self.behind = behind
        _chipmunk.cpShapeSetFilter(probe, query)
        _chipmunk.cpSegmentShapeSetRadius(probe, reach)
        # What the circle's centre line meets first: an exact time of impact, and the answer
        # when the swept circle overlaps nothing short of it. (Chipmunk looks only at what
        # the thin line crosses, and passes over what it enters after the best so far.)
        # With something left behind, every shape the swept circle overlaps is looked at.
        far, hit = path, None
        if path > 0.0 and not behind:
            found = _chipmunk.cpSpaceSegmentQueryFirst(c_space, (cx, cy), (ex, ey), reach, query,
                                                       info)
            if found != null:
                far, hit = info.alpha * path, found
        reached = max(0.0, far - TOUCH)
        _chipmunk.cpSegmentShapeSetEndpoints(probe, (cx, cy),
                                             (cx + ux * reached, cy + uy * reached))
        shapes = self._found
        shapes.clear()
        _chipmunk.cpSpaceShapeQuery(c_space, probe, self._collect, null)
        # Else the first touch is with one of what the swept circle overlaps (sensors too).
        for shape in shapes:
            if shape in behind:
                continue
            if not _chipmunk.cpShapeSegmentQuery(shape, (cx, cy), (ex, ey), reach, info):
                shapes.clear()
                return 0.0, None  # it overlaps it already
            if info.alpha * path < far:
                far, hit = info.alpha * path, shape
        shapes.clear()
        return far, hit

    def landing(self, glide: Glide, bound: float, query: Any, hit: Any,
                dt: float) -> tuple[float, Any] | None:
        """Where (cm along its path) a round glide stops flying so that its next step of `dt`
        carries it just past contact (by `TOUCH`) with `hit`, the shape its circle swollen by
        the margin touches first, and that shape; None if `hit` is not sure to be what the
        circle itself touches first (or it is too near)."""
        c_space = self.space._space
        probe = self._probe
        cx, cy, ux, uy = glide.cx, glide.cy, glide.ux, glide.uy
        path = glide.length
        info = self._info
        if not _chipmunk.cpShapeSegmentQuery(hit, (cx, cy), (cx + ux * path, cy + uy * path),
                                             bound, info):
            return None
        contact = info.alpha * path
        # Nothing else is met first: the circle itself sweeps clear up to just short of it.
        _chipmunk.cpShapeSetFilter(probe, query)
        _chipmunk.cpSegmentShapeSetRadius(probe, bound)
        reach = contact - TOUCH
        _chipmunk.cpSegmentShapeSetEndpoints(probe, (cx, cy), (cx + ux * reach, cy + uy * reach))
        if reach <= 0.0:
            return None
        found = self._found
        _chipmunk.cpSpaceShapeQuery(c_space, probe, self._collect, _ffi.NULL)  # sensors too
        if found:
            behind = self.behind
            if any(shape not in behind for shape in found):
                found.clear()
                return None
            found.clear()
        _, speed = slide(glide.speed, glide.a, time_to_travel(glide.speed, glide.a, contact))
        if speed * dt <= 2.0 * TOUCH:
            return None  # it (nearly) stops there: steps take it on
        land = contact - (speed * dt - TOUCH)
        return (land, hit) if land > 0.0 else None

    def fly(self, span: float, dt: float, glides: list[Glide],
            step: Callable[[float], None] | None) -> int:
        """Move the glides `span` s on, at once, or (`step`: the space's step wrapped by a
        caller) through `FlightSpace.step` in steps of `dt` (the last one shorter), to the
        same end. The number of steps of `dt` that makes (the last one counted whole)."""
        self.flights += 1
        steps = max(1, math.ceil(span / dt - 1e-9))
        self.flown += steps
        if step is None:
            for g in glides:
                g.at(span)
            return steps
        done = [0.0]

        def advance(length: float) -> None:
            done[0] += length
            at = span if done[0] >= span else done[0]
            for g in glides:
                g.at(at)

        space = self.space
        assert isinstance(space, FlightSpace)
        space.flying = advance
        try:
            for k in range(1, steps + 1):
                # The last call reaches `span` exactly (`advance` clamps to it).
                step(dt if k < steps else span - (steps - 1) * dt)
        finally:
            space.flying = None
        return steps
