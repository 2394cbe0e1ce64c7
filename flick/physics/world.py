"""One shot in a pymunk space, from the canonical state.

The space is the table's, kept from shot to shot with the static city in it (the buildings'
shapes, door lines and the table's edge) and nothing else between shots
(`flick.physics.city`: what a shot leaves in it changes no later shot); the pieces' bodies
(`flick.physics.stock`, reset to new) are kept too and lent to it; a shot puts in the dormant
circles and bodies it needs and takes them out at its end. So a shot is a pure function of the
table state, bit for bit.

Pieces at rest are *dormant*, a circle on the static body, until a moving body's halo reaches
them; then they wake into bodies with their real shape and table friction (joints in C), with
their whole resting-contact group, before anything can touch them (`flick.physics.waking`).
So a shot is the same as with every piece a body from the start.

Touches and doors (`flick.physics.contacts`): a step's new contacts enter the touch lists in
the order they happened within the step; pairs already overlapping when the shot began are
resting contacts, not touches (until they part); a piece over a door line enters once the
deepest point of some part of it is behind the line and between the blocks.

Table friction is done in C (`flick.physics.waking`): no Python runs per body per step.
Python runs only on events (a new contact: touch lists, door crossings, the table's edge) and
in a survey of the pieces set moving in this shot every `check_every` steps: step size, rest,
travel and toppling.

Step policy (no tunnelling): the step is chosen so that no point of any moving piece moves
more than `step_fraction` of the thinnest shape on the table, from the fastest moving
piece's speed (plus spin times reach), nor more than `max_step` cm (so contacts are found
close to where they happen, which keeps collisions honest), and never longer than `max_dt`.
A new contact ends the current batch of steps, so a piece sped up by a hit gets a fresh
step size at once, and the survey that follows sees the hit's velocity change.

Closed-form flight (`flick.physics.flight`): at a survey where no moving piece touches
anything (and no piece waits to arrive, crosses a door line or is to wake), the moving pieces
are advanced in closed form, the same Coulomb slide and spin decay as the joints but without
the steps' error, as far as none can come within a step (and the slop) of anything it
could touch: a whole number of the survey's steps (counted in `steps` and the schedule), and
the world steps from there. A single round piece (one circle about its centre of gravity)
flies instead to where its next step, no longer than the survey's, carries it just past
contact with what it meets first (woken first if dormant): the contact is found where it
happens, not up to a step late. A batch of steps ends when the shot's last contact parts, so
the pieces fly on from the next step (what a piece moves away from, or a door line it is
across, does not keep it stepping). `closed_form = False` steps every step (the reference).

Arrivals (`arrive`): a piece may enter the shot later, at a given time with a given velocity
(a zombie leaving the tower's exit in a rush). Until then it is not in the space; the steps
before it are shortened evenly so that one ends exactly at its time (never lengthened: the
step policy holds), and from then on its speed counts in the step policy like any other.

Toppling (`flick.physics.falls`): a standing piece that can fall falls when its contacts
change its velocity by more than its toppling speed between two surveys (what the table's
friction took off is not counted), and lies down along that change of velocity; a piece that
reaches the table's edge falls to the floor, out of the shot.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import pymunk

from flick.physics.chipmunk import MOTION
from flick.physics.chipmunk import lib as _chipmunk
from flick.physics.city import ROOM, City
from flick.physics.contacts import CONTACT_ITERATIONS as CONTACT_ITERATIONS
from flick.physics.contacts import FREE_ITERATIONS as FREE_ITERATIONS
from flick.physics.contacts import Contacts
from flick.physics.falls import Falls
from flick.physics.flight import Flight, FlightSpace
from flick.physics.footprint import Footprints
from flick.physics.index import PieceIndex
from flick.physics.result import ShotResult
from flick.physics.shapes import Vec
from flick.physics.state import PieceState
from flick.physics.stock import Stock
from flick.physics.waking import Waking

# A flight (`flick.physics.flight`) sees the dormant pieces near its path: on a table of at
# most this many pieces all are put in the space at a shot's first flight (about 1.7 us a
# piece, measured), else those along each path (about 40 us a path across a 28-piece city).
FILL_ALL_PIECES = 64


def cell_size(footprints: Footprints) -> float:
    """The side (cm) of the squares the table indexes its pieces by: a moving piece's
    neighbourhood (the 3 x 3 squares around it) holds every piece it can reach before the
    next survey, whatever pieces are on the table."""
    sim = footprints.params.simulation
    reach = max(footprints.get(kind, standing).reach for kind in footprints.params.pieces
                for standing in ((True, False) if footprints.can_fall(kind) else (True,)))
    halo = 2.5 * sim.max_step + sim.collision_slop
    return 2.0 * reach + halo + sim.max_step * sim.check_every + 1.0


class World:
    """A pymunk space holding the whole table for one shot, and the shot's bookkeeping."""

    def __init__(self, footprints: Footprints, city: City, pieces: PieceIndex,
                 stock: Stock) -> None:
        self.footprints = footprints
        params = footprints.params
        self.params = params
        sim = params.simulation
        self.city = city.size
        # The table's kept space, the static city in it (buildings' parts, doors, the table's
        # edge) and nothing else (`flick.physics.city`): the shot puts its pieces in and takes
        # them out again at its end.
        self.city_shapes = city
        space = city.take()
        c_space = space._space
        _chipmunk.cpSpaceSetSleepTimeThreshold(c_space, sim.sleep_time)
        _chipmunk.cpSpaceSetIdleSpeedThreshold(c_space, sim.rest_speed)
        _chipmunk.cpSpaceSetCollisionSlop(c_space, sim.collision_slop)
        self.space = space
        self.stock = stock
        thinnest = city.thinnest
        # The table's own index, read only (it is the state the shot starts from).
        self.start: Mapping[int, PieceState] = pieces
        pieces_thinnest, reach = footprints.extent(pieces.kinds)
        thinnest = min(thinnest, pieces_thinnest)
        # The farthest (cm) any point of a piece may move in one step (see the step policy).
        self.max_move = min(sim.step_fraction * thinnest, sim.max_step)
        # Closed-form flight between contacts (`flick.physics.flight`): it ends a step and
        # the contact slop before anything a piece could touch. `closed_form` False: step all.
        self.closed_form = True
        self.flight = Flight(space, self.max_move + sim.collision_slop, reach)
        # The pieces in the space, dormant circles and bodies (`flick.physics.waking`); the
        # world reads its tables by the same names.
        waking = self.waking = Waking(footprints, city, pieces, stock, space, self.flight, reach)
        self.bodies, self.owner, self.dormant = waking.bodies, waking.owner, waking.dormant
        self.wake = waking.wake
        self.cell, self.cells = waking.cell, waking.cells
        # The shot's bookkeeping: every piece woken in this shot, in the order it was, and
        # per active piece what the survey tracks (`Waking.track`).
        self.active, self.track = waking.active, waking.track
        self.gone = waking.gone
        # The contacts as the space's collision handler reports them (`flick.physics.contacts`):
        # touches, door crossings, the table's edge; the world reads its tables by the same
        # names.
        events = self.events = Contacts(waking, city.doors)
        self.pending, self.at_door, self.touching = events.pending, events.at_door, events.touching
        self.touch_lists, self.off_edge = events.touch_lists, events.off_edge
        self.entered, self.exited = events.entered, events.exited
        self._launched: list[int] = []
        # Pieces that enter the shot later (`arrive`): id -> (time s, velocity, spin) until
        # they do; `arrivals` keeps every one's time (read by the UI's recorder).
        self.waiting: dict[int, tuple[float, Vec, float]] = {}
        self.arrivals = waking.arrivals
        # Toppling and the table's edge (`flick.physics.falls`).
        self.falling = Falls(waking, events.off_edge, self.waiting)
        self.fell, self.falls = self.falling.fell, self.falling.falls

    # -- the shot --------------------------------------------------------------------------

    def launch(
        self, impulses: Mapping[int, tuple[Vec, Vec]], velocities: Mapping[int, tuple[Vec, float]]
    ) -> None:
        """Give pieces an impulse (g cm/s at an offset, cm) or a velocity (cm/s, rad/s)."""
        self._launched = list(dict.fromkeys([*impulses, *velocities]))
        for pid in self._launched:
            start = self.start[pid]
            self.waking.fill(start.x, start.y)
        self.wake.extend(self._launched)
        self.waking.promote()
        for pid in self._launched:
            self.waking.wake_near(pid)
        self.waking.promote()
        # (In Chipmunk: the same calls as pymunk's `apply_impulse_at_world_point`, `position`,
        # `velocity` and `angular_velocity`.)
        for pid, (impulse, offset) in impulses.items():
            b = self.bodies[pid]._body
            p = _chipmunk.cpBodyGetPosition(b)
            _chipmunk.cpBodyApplyImpulseAtWorldPoint(b, impulse,
                                                     (p.x + offset[0], p.y + offset[1]))
        for pid, (velocity, spin) in velocities.items():
            b = self.bodies[pid]._body
            _chipmunk.cpBodySetVelocity(b, velocity)
            _chipmunk.cpBodySetAngularVelocity(b, float(spin))
        for pid in self._launched:
            v = _chipmunk.cpBodyGetVelocity(self.bodies[pid]._body)
            vx, vy = v.x, v.y
            self.track[pid][:3] = [vx, vy, math.hypot(vx, vy)]

    def promote_all(self) -> None:
        """Make every piece a body now (a reference: the same shot with no dormant piece)."""
        self.waking.promote_all()

    def arrive(self, arrivals: Mapping[int, tuple[float, Vec, float]]) -> None:
        """Pieces that enter the shot later: id -> (time, s from the shot's start; velocity,
        cm/s; spin, rad/s). Until its time such a piece is not on the table: nothing meets
        it, no halo wakes it. At its time (the run steps exactly to it) it appears where the
        table holds it with that velocity, as a body, waking what its halo reaches; what it
        overlaps then it meets (a touch), not a resting contact. A zombie leaving the tower's
        exit during a rush enters so (`flick.physics.tower.rush`)."""
        for pid, (at, (vx, vy), spin) in arrivals.items():
            if pid not in self.start or pid in self.bodies:
                raise ValueError(f"piece {pid} cannot arrive: not on the table or already moving")
            if not (math.isfinite(at) and at >= 0.0):
                raise ValueError(f"piece {pid} arrives at {at!r}: not a time >= 0")
            shape = self.dormant.pop(pid, None)
            if shape is not None:  # its region is already in the space: take it out again
                self.city_shapes.pull(self.space, shape)
            self.waiting[pid] = (float(at), (float(vx), float(vy)), float(spin))
            self.arrivals[pid] = float(at)

    def _next_arrival(self) -> float:
        return min((w[0] for w in self.waiting.values()), default=math.inf)

    def _arrive_due(self, time: float) -> float:
        """Put in the pieces due by `time` (s), earliest (then lowest id) first; the fastest
        point speed among them (cm/s)."""
        due = sorted((w[0], pid) for pid, w in self.waiting.items() if w[0] <= time + 1e-9)
        fastest = 0.0
        for _, pid in due:
            _, (vx, vy), spin = self.waiting.pop(pid)
            start = self.start[pid]
            fp = self.footprints.get(start.kind, start.standing)
            self.waking.fill(start.x, start.y)
            body = self.waking.add_body(pid, fp, start.x, start.y, start.angle)
            self.waking.activate(pid)
            self.waking.wake_near(pid)
            if self.wake:
                self.waking.promote()
            body.velocity = (vx, vy)
            body.angular_velocity = spin
            speed = math.hypot(vx, vy)
            self.track[pid][:3] = [vx, vy, speed]
            fastest = max(fastest, speed + abs(spin) * fp.reach)
        return fastest

    def run(self) -> tuple[ShotResult, dict[int, PieceState]]:
        """Step until every piece rests; the result and the new states of changed pieces."""
        sim = self.params.simulation
        space = self.space
        max_move = self.max_move
        rest_speed, rest_spin, max_dt = sim.rest_speed, sim.rest_spin, sim.max_dt
        check_every, max_time = sim.check_every, sim.max_time
        travel: dict[int, float] = {}
        schedule: list[list[float]] = []
        steps, time, elapsed, timed_out = 0, 0.0, 0.0, False
        last_dt, growth = 0.0, sim.max_dt_growth
        settle_until = max_time
        track, gone, falls, active = self.track, self.gone, self.falls, self.active
        cell, floor = self.cell, math.floor
        hypot = math.hypot
        step = space.step
        # pymunk's `Space.step` is Python around Chipmunk's: it checks the bodies added since
        # the last step, runs the adds and removes callbacks asked for while it stepped, and
        # post-step callbacks. This world's callbacks add and remove nothing and ask for no
        # post-step callback, so once the new bodies are checked, the C step alone is the
        # same step (bit for bit), without twice its cost in Python.
        c_step, c_space = _chipmunk.cpSpaceStep, space._space
        to_check = space._bodies_to_check
        if getattr(step, "__func__", None) is not FlightSpace.step:
            c_step = None  # a step wrapped by the caller (a recorder): call it every step
        flight = self.flight
        read_motion, motion = MOTION.unpack_from, self.waking.motion
        touching = self.touching
        waking, wake = self.waking, self.wake
        promote, fill = waking.promote, waking.fill
        events, pending, at_door = self.events, self.pending, self.at_door
        flush_touches, check_doors = events.flush_touches, events.check_doors
        falling, off_edge, fell = self.falling, self.off_edge, self.fell
        fall, drop_off_edge = falling.fall, falling.drop_off_edge
        still_overlapping = falling.still_overlapping
        dropped = 0  # the pieces at the table's edge already dropped off it
        while True:
            if wake:
                promote()
            fastest, resting = 0.0, True
            moving: list[tuple[int, pymunk.Body]] | None = []  # None: one touches something
            all_filled = flight.all_filled  # (set by flights only, never in this survey)
            for pid, body in active.items():
                if pid in gone:
                    continue
                # (Chipmunk's own floats, as its getters return them: `MOTION`.)
                vx, vy, _, spin, x, y, asleep = read_motion(motion[pid])
                spin = abs(spin)
                # [vx, vy, speed, x, y] at the last survey, toppling speed, reach
                before = track[pid]
                if vx == 0.0 and vy == 0.0 and spin == 0.0 and before[2] == 0.0 \
                        and x == before[3] and y == before[4]:
                    if pid not in travel:
                        travel[pid] = 0.0
                    continue  # at rest where it was at the last survey: nothing changed
                if (vx != 0.0 or vy != 0.0 or spin != 0.0) and moving is not None \
                        and not asleep:
                    if touching.get(pid):
                        moving = None
                    else:
                        moving.append((pid, body))
                speed = hypot(vx, vy)
                travel[pid] = travel.get(pid, 0.0) + hypot(x - before[3], y - before[4])
                before[3], before[4] = x, y
                if not all_filled:
                    key = (floor(x / cell), floor(y / cell))
                    if key != before[8]:
                        before[8] = key
                        fill(x, y)
                # What the table's friction alone would have left of its last velocity (it
                # slows a sliding piece by mu g per second): the rest of the change is the
                # contacts'. Friction alone never fells a piece.
                was = before[2]
                if was > 0.0:
                    keep = was - before[7] * elapsed
                    keep = (keep if keep > 0.0 else 0.0) / was
                else:
                    keep = 0.0
                dvx, dvy = vx - before[0] * keep, vy - before[1] * keep
                if dvx * dvx + dvy * dvy > before[5] * before[5]:
                    change = hypot(dvx, dvy)
                    falls[pid] = (dvx / change, dvy / change)
                    before[5] = math.inf
                before[0], before[1], before[2] = vx, vy, speed
                if speed >= rest_speed or spin >= rest_spin:
                    resting = False
                    point = speed + spin * before[6]
                    if point > fastest:
                        fastest = point
            if falls or len(off_edge) > dropped:
                if falls:
                    fall()
                if len(off_edge) > dropped:  # new pieces at the edge (the list only grows)
                    drop_off_edge()
                    dropped = len(off_edge)
                moving = self._moving()
            if self.waiting:
                resting = False  # pieces still to come
            if resting and fell and time < settle_until and still_overlapping():
                # A piece that fell lies where its capsule appeared, maybe across a
                # neighbour: pymunk pushes them apart gently; let it finish.
                resting = False
                settle_until = min(settle_until, time + sim.settle_time)
            if resting:
                break
            if time >= max_time:
                timed_out = True
                break
            limit = check_every
            if self.waiting:
                fastest = max(fastest, self._arrive_due(time))
            dt = max_dt if fastest * max_dt <= max_move else max_move / fastest
            # pymunk warm-starts each contact with its last impulse scaled by the change of
            # step size: a longer step right after a hit would re-apply part of the hit. So
            # the step never grows right after a new contact, and grows slowly otherwise (not
            # after a batch cut short by the last contact parting either: a batch's growth).
            if last_dt:
                dt = min(dt, last_dt * (1.0 if events.new_contact or events.parted else growth))
            if self.waiting:
                # Step exactly to the next arrival: the steps before it shortened evenly
                # (never longer than the policy's step, so no tunnelling either).
                gap = self._next_arrival() - time
                if gap < 2.0 * check_every * dt:
                    k = max(1, math.ceil(gap / dt - 1e-9))
                    dt = gap / k
                    limit = min(check_every, k)
            last_dt = dt
            events.new_contact = False
            if flight.wait:
                flight.wait = False
            elif self.closed_form and not (self.waiting or at_door or pending
                                           or wake):
                # Nothing touches: fly in closed form up to the next possible contact.
                if not flight.all_filled and len(self.start) <= FILL_ALL_PIECES:
                    waking.fill_keys(sorted(self.cells))
                    flight.all_filled = True
                flight.fill_path = None if flight.all_filled else waking.fill_path
                planned = flight.plan(moving or [], dt, max_time - time)
                met = self._dormant_met(flight.met)
                if met is not None and not flight.new_contact:
                    # Its first meeting is a dormant piece's circle, wider than the piece
                    # unless round: the piece becomes a body now (as it would before the
                    # meeting) and the flight is planned to its real shape.
                    wake.append(met)
                    promote()
                    planned = flight.plan(moving or [], dt, max_time - time)
                flight.fill_path = None
                if planned is not None:
                    elapsed, glides = planned
                    n = flight.fly(elapsed, dt, glides, step if c_step is None else None)
                    if flight.new_contact:
                        # Flown to a contact: the next step is this one's length, and what it
                        # meets is a body before it.
                        events.new_contact = True
                        woken = self._dormant_met(flight.woken)
                        if woken is not None:
                            wake.append(woken)
                    # In the schedule as steps of dt, the last one shorter if it is.
                    _scheduled(schedule, dt, n - 1)
                    _scheduled(schedule, elapsed - (n - 1) * dt, 1)
                    steps += n
                    time += elapsed
                    continue
            n = 0
            events.parted = False
            while n < limit:
                if to_check or c_step is None:
                    step(dt)
                else:
                    c_step(c_space, dt)
                n += 1
                if pending:
                    flush_touches()
                if at_door:
                    check_doors()
                if wake:
                    promote()
                if events.new_contact or events.parted:
                    break
            _scheduled(schedule, dt, n)
            steps += n
            elapsed = dt * n
            time += elapsed
        return self._finish(travel, steps, time, timed_out, schedule)

    def _dormant_met(self, shape: Any) -> int | None:
        """The dormant piece whose circle is this Chipmunk shape, if any."""
        if shape is None:
            return None
        met = pymunk.Shape._from_cp_shape(shape)
        pid = None if met is None else self.owner.get(met)
        return pid if pid is not None and pid in self.dormant else None

    def _moving(self) -> list[tuple[int, pymunk.Body]]:
        """The awake bodies in motion (any velocity or spin at all), by id; none if one of
        them touches something."""
        moving = []
        velocity, spin = _chipmunk.cpBodyGetVelocity, _chipmunk.cpBodyGetAngularVelocity
        asleep = _chipmunk.cpBodyIsSleeping
        touching = self.touching
        for pid, body in self.active.items():
            if pid in self.gone:
                continue
            b = body._body
            v = velocity(b)
            if (v.x != 0.0 or v.y != 0.0 or spin(b) != 0.0) and not asleep(b):
                if touching.get(pid):
                    return []  # it touches something: the steps go on
                moving.append((pid, body))
        return moving

    def _finish(
        self,
        travel: dict[int, float],
        steps: int,
        time: float,
        timed_out: bool,
        schedule: list[list[float]],
    ) -> tuple[ShotResult, dict[int, PieceState]]:
        self.events.finished = True
        w, h = self.city
        changed: dict[int, PieceState] = {}
        moved: list[int] = []
        left: list[int] = []
        fallen = set(self.fell)
        position, angle_of = _chipmunk.cpBodyGetPosition, _chipmunk.cpBodyGetAngle
        for pid, body in self.active.items():
            start = self.start[pid]
            gone = self.gone.get(pid)
            if gone is None:  # (Chipmunk's own getters: the same floats as pymunk's)
                p = position(body._body)
                x, y, angle = p.x, p.y, angle_of(body._body)
            else:
                x, y, angle = gone
            state = PieceState(pid, start.kind, float(x), float(y), float(angle),
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
            off_table=tuple(pid for pid in self.off_edge if pid in self.gone),
            entered=MappingProxyType(dict(self.entered)),
            exited=MappingProxyType(dict(self.exited)),
            moved=tuple(moved),
            distances=MappingProxyType({k: v for k, v in travel.items() if k in changed}),
            steps=steps,
            sim_time=time,
            timed_out=timed_out,
            schedule=tuple((dt, int(n)) for dt, n in schedule),
        )
        waking = self.waking
        for pid in list(waking.in_space):
            waking.take_out(pid)
        for kit in waking.kits:
            self.stock.give_back(kit)
        # The space back to the city as it was: what the caller put in through pymunk (the
        # tower's block during a rush) out, and its step its own again.
        space = self.space
        if space.shapes or space.bodies or space.constraints:
            space.remove(*space.constraints, *space.shapes, *space.bodies)
        space.__dict__.pop("step", None)
        space.flying = None
        fits = self.waking.shapes_added <= ROOM and self.events.begun <= ROOM
        self.city_shapes.give_back(space, self.dormant.values(), fits=fits)
        return result, changed


def _scheduled(schedule: list[list[float]], length: float, count: int) -> None:
    """`count` steps of `length` s at the end of a shot's schedule ([length, count] runs)."""
    if not count:
        return
    if schedule and schedule[-1][0] == length:
        schedule[-1][1] += count
    else:
        schedule.append([length, count])
