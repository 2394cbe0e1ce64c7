"""The zombie tower: a side-view pymunk world that drops zombies out of its exit.

In the box it is a cardboard tower. The rushing zombies stand on numbered slots on its roof;
the roof support is pulled out and they fall through the tower, bounce off the boards inside
and shoot out of the exit at table level. Here the tower is seen from the side (x forward out
of the exit, z up, gravity 981 cm/s^2 along -z), with the real sizes from the `tower:` section
of the physics parameter file. `drop()` returns, for each zombie in slot order, when it left,
how fast, where across the exit, how it spins and whether it leaves upright or tumbling;
`flick.physics.tower.rush` launches those zombies into the top-down table.

What a side view cannot see, the lateral (across the exit) motion, is modelled, not
simulated: a zombie leaves the exit at its slot's lateral offset scaled by `lateral_gain`
(the walls narrow from 12 to 8 cm), heading outward by `fan_rad` at the edge of the exit, plus
hand noise; its exit speed is scattered by `noise.exit_speed_fraction` for the rubbing on the
side walls. All jitter comes from the generator passed in; the same seed gives the same drop.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np
import pymunk

from flick.physics.chipmunk import lib as _chipmunk
from flick.physics.tower import kit as tower_kit
from flick.physics.tower.params import TowerParams

# The most side-view steps one drop takes: the largest max_time over the smallest time_step
# a parameter file may give (10 s / 0.2 ms).
MAX_DROP_STEPS = 50_000

Rng = int | np.random.Generator


def as_generator(rng: Rng) -> np.random.Generator:
    """A numpy Generator from an int seed, or the Generator itself (its state advances)."""
    if isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool):
        return np.random.default_rng(int(rng))
    raise TypeError(f"rng must be an int seed or a numpy Generator, not {type(rng).__name__}")


@dataclass(frozen=True)
class ZombieExit:
    """How one zombie left the tower (tower frame: x out of the exit, y to the left; cm, s, rad).

    `time` is counted from the moment the roof support starts to move. `speed` is the
    horizontal speed as the zombie's centre passes `capture_distance` beyond the exit face,
    `heading` the angle of that velocity from the tower's facing (+ to the left), `lateral`
    its offset across the exit. `spin` is the tumbling rate seen from the side (rad/s, + tips
    the head backward), `tilt` the figure's lean from vertical, `yaw_rate` the top-down spin
    given to the table. `shaken_out` marks a zombie that stuck inside until `max_time`: the
    player taps it out at the exit at rest.
    """

    slot: int
    time: float
    speed: float
    heading: float
    lateral: float
    spin: float
    tilt: float
    yaw_rate: float
    upright: bool
    shaken_out: bool = False

    @property
    def tumbling(self) -> bool:
        return not self.upright


@dataclass(frozen=True)
class _Jitter:
    """All the hand noise of one drop, drawn up front so the draw count never depends on physics."""

    pull_speed: float
    dx: np.ndarray
    dy: np.ndarray
    tilt: np.ndarray
    heading: np.ndarray
    yaw: np.ndarray
    speed: np.ndarray


def _draw_jitter(params: TowerParams, n: int, gen: np.random.Generator) -> _Jitter:
    noise = params.noise
    # The draws in their order (the pull, then each of the six per zombie, n at a time) in
    # one call: numpy's generator fills an array with the draws its calls one by one give.
    z = gen.standard_normal(1 + 6 * n)
    pull = params.pull_speed * (1.0 + noise.pull_speed_fraction * float(z[0]))
    pull = max(pull, params.pull_speed * 0.5)
    limit = _slot_limit(params)
    slot_cm = noise.slot_cm
    return _Jitter(
        pull_speed=pull,
        # np.clip's own arithmetic, without its checks of its arguments
        dx=np.minimum(np.maximum(slot_cm * z[1:1 + n], -limit), limit),
        dy=slot_cm * z[1 + n:1 + 2 * n],
        tilt=noise.tilt_rad * z[1 + 2 * n:1 + 3 * n],
        heading=noise.heading_rad * z[1 + 3 * n:1 + 4 * n],
        yaw=noise.yaw_rate * z[1 + 4 * n:1 + 5 * n],
        speed=noise.exit_speed_fraction * z[1 + 5 * n:],
    )


# The slot limit of a parameter set (by the id of a parameter object seen before, checked
# with `is`; the parameters are frozen).
_LIMITS: dict[int, tuple[TowerParams, float]] = {}


def _slot_limit(params: TowerParams) -> float:
    """How far off its slot a zombie may be put (cm): never onto its neighbour or a wall."""
    seen = _LIMITS.get(id(params))
    if seen is not None and seen[0] is params:
        return seen[1]
    xs = sorted(s.x for s in params.slots)
    r = params.figure.base_diameter / 2.0
    gaps = [b - a - 2.0 * r for a, b in itertools.pairwise(xs)]
    gaps += [2.0 * (xs[0] - r + params.depth / 2.0), 2.0 * (params.depth / 2.0 - xs[-1] - r)]
    limit = max(0.0, min(gaps) / 2.0 - 0.02)
    if len(_LIMITS) >= 64:
        _LIMITS.clear()
    _LIMITS[id(params)] = (params, limit)
    return limit


def _wrap(angle: float) -> float:
    return math.atan2(math.sin(angle), math.cos(angle))


class TowerWorld:
    """One drop's side-view space: the tower's walls, baffles and ramp, the pulled support,
    the zombies on their slots and the table just outside the exit. The space is new for
    every drop and its bodies and shapes are as new (`flick.physics.tower.kit`), so a drop
    is a pure function of (parameters, slots, jitter)."""

    def __init__(self, params: TowerParams, slots: Sequence[int], jitter: _Jitter) -> None:
        self.params = params
        self.slots = tuple(slots)
        self.jitter = jitter
        p = params
        self.space = space = pymunk.Space()
        # (pymunk's setters of the space's and bodies' values call these Chipmunk setters
        # through its attribute checks; called here directly.)
        c_space = space._space
        _chipmunk.cpSpaceSetGravity(c_space, (0.0, -p.gravity))
        _chipmunk.cpSpaceSetIterations(c_space, 10)
        self.kit = kit = tower_kit.lend(p)
        half_d = p.depth / 2.0
        self.exit_x = half_d
        tower_kit.enter(space, kit.static, kit.statics)

        # The roof support, pulled out of its slit.
        self.support = kit.support
        tower_kit.enter(space, kit.support, (kit.board,))
        kit.support_used = True
        direction = -1.0 if p.pull_toward == "back" else 1.0
        _chipmunk.cpBodySetVelocity(self.support._body, (direction * jitter.pull_speed, 0.0))
        # The step after which the support has left the roof and is taken out of the space.
        self.support_gone_step = math.ceil((p.depth + 1.0) / jitter.pull_speed / p.time_step)

        c = p.figure.com_height
        self.zombies: list[pymunk.Body] = kit.zombies[:len(self.slots)]
        kit.used = len(self.zombies)
        for i, slot in enumerate(self.slots):
            s = p.slots[slot - 1]
            body = self.zombies[i]
            tilt = float(jitter.tilt[i])
            foot_x, foot_z = s.x + float(jitter.dx[i]), p.roof_height + 0.01
            c_body = body._body
            _chipmunk.cpBodySetPosition(c_body, (foot_x - math.sin(tilt) * c,
                                                 foot_z + math.cos(tilt) * c))
            _chipmunk.cpBodySetAngle(c_body, tilt)
            tower_kit.enter(space, body, kit.figures[i])
        self.capture_x = half_d + p.capture_distance
        self.pending: list[int] = list(range(len(self.zombies)))
        self.exits: dict[int, ZombieExit] = {}
        self.steps = 0
        # Bounded even for parameters built without validation (`model_copy(update=...)`
        # with a 1e-12 s step): a drop never takes more than MAX_DROP_STEPS steps.
        self.max_steps = min(math.ceil(p.max_time / p.time_step), MAX_DROP_STEPS)
        # A bound on how far a zombie's centre moves in a step (cm): all the zombies' fall
        # from the rim (4 of them: twice one zombie's free-fall speed, were it all given to
        # one) plus the pull of the support, and half again for pymunk's overlap corrections.
        free_fall = math.sqrt(2.0 * p.gravity * p.height)
        self.max_move = 1.5 * (math.sqrt(p.slot_count()) * free_fall
                               + jitter.pull_speed) * p.time_step

    def run(self) -> list[ZombieExit]:
        """Pull the support and step until every zombie has passed the exit (or max_time)."""
        # `step()` inlined: this loop is most of a rush's cost. A zombie's position is read
        # only when it could have reached the capture line: no zombie moves more than
        # `self.max_move` a step, so one `d` cm short of it cannot get there in fewer than
        # d / max_move steps. The exits are the same as checking every step.
        space_step, dt = self._stepper(), self.params.time_step
        position = _chipmunk.cpBodyGetPosition
        zombies, pending, capture_x = [b._body for b in self.zombies], self.pending, self.capture_x
        steps, max_steps, gone = self.steps, self.max_steps, self.support_gone_step
        max_move = self.max_move
        due = dict.fromkeys(pending, steps + 1)
        while pending and steps < max_steps:
            space_step(dt)
            steps += 1
            if steps == gone:
                self._pull_out()
            for i in pending:
                if due[i] > steps:
                    continue
                short = capture_x - position(zombies[i]).x
                if short <= 0.0:
                    self.steps = steps
                    self._capture(i)
                    break
                due[i] = steps + max(1, int(short / max_move))
        self.steps = steps
        for i in self.pending:
            self.exits[i] = self._exit(i, self.params.max_time, shaken=True)
        self._give_back()
        return [self.exits[i] for i in range(len(self.zombies))]

    def _give_back(self) -> None:
        """The drop is over: its kit leaves the space (the zombies shaken out, the support if
        still there, the tower) and is free for the next drop."""
        kit, space = self.kit, self.space
        for i in self.pending:
            tower_kit.leave(space, kit.zombies[i], kit.figures[i])
        self.pending = []
        if self.steps < self.support_gone_step:
            self._pull_out()
        tower_kit.leave(space, kit.static, kit.statics)
        tower_kit.give_back(kit)

    def _stepper(self) -> Callable[[float], object]:
        """The space's step: Chipmunk's own, called without pymunk's bookkeeping around it
        (no callbacks or deferred removals here; about a third of a drop's time), unless
        something watches the drop by replacing `space.step` (the window's recorder)."""
        step = self.space.step
        if getattr(step, "__func__", None) is pymunk.Space.step:
            return functools.partial(_chipmunk.cpSpaceStep, self.space._space)
        return step

    def step(self) -> None:
        """Advance one time step; hand over (and remove) zombies whose centre passed the exit."""
        self.space.step(self.params.time_step)
        self.steps += 1
        if self.steps == self.support_gone_step:
            self._pull_out()
        capture_x = self.capture_x
        for i in self.pending:
            if self.zombies[i].position.x >= capture_x:
                self._capture(i)
                break

    def _capture(self, i: int) -> None:
        body = self.zombies[i]
        self.exits[i] = self._exit(i, self.steps * self.params.time_step, shaken=False)
        self.pending.remove(i)
        tower_kit.leave(self.space, body, self.kit.figures[i])

    def _pull_out(self) -> None:
        """The support has left the roof: out of the space."""
        tower_kit.leave(self.space, self.support, (self.kit.board,))

    def _exit(self, i: int, time: float, shaken: bool) -> ZombieExit:
        p, j = self.params, self.jitter
        body = self.zombies[i]
        slot = self.slots[i]
        edge = p.exit_width / 2.0 - p.figure.base_diameter / 2.0
        lateral = min(max(p.lateral_gain * (p.slots[slot - 1].y + float(j.dy[i])), -edge), edge)
        heading = p.fan_rad * lateral / edge + float(j.heading[i])
        if shaken:
            return ZombieExit(slot, time, 0.0, heading, lateral, 0.0, 0.0, 0.0,
                              upright=False, shaken_out=True)
        tilt = _wrap(body.angle)
        spin = body.angular_velocity
        upright = abs(tilt) < p.upright_tilt_rad and abs(spin) < p.upright_spin
        # The side walls' rubbing, unseen from the side, scatters the exit speed a little.
        speed = max(0.0, body.velocity.x) * max(0.0, 1.0 + float(j.speed[i]))
        return ZombieExit(slot, time, speed, heading, lateral, spin, tilt, float(j.yaw[i]),
                          upright=upright)


def _slot_list(zombies: int | Sequence[int], params: TowerParams) -> tuple[int, ...]:
    n_slots = params.slot_count()
    if isinstance(zombies, (int, np.integer)) and not isinstance(zombies, bool):
        if not 0 <= int(zombies) <= n_slots:
            raise ValueError(f"the roof has {n_slots} slots; cannot drop {zombies} zombies at once")
        return tuple(range(1, int(zombies) + 1))
    slots = tuple(int(s) for s in cast("Sequence[int]", zombies))  # not an int here
    if len(set(slots)) != len(slots) or any(not 1 <= s <= n_slots for s in slots):
        raise ValueError(f"slots must be distinct numbers 1..{n_slots}, got {list(slots)}")
    return tuple(sorted(slots))


def tower_world(zombies: int | Sequence[int], params: TowerParams, rng: Rng) -> TowerWorld:
    """The side-view world of one drop, before the pull: step it (`step`) to watch the drop,
    or `run` it. Same arguments as `drop`."""
    slots = _slot_list(zombies, params)
    jitter = _draw_jitter(params, len(slots), as_generator(rng))
    return TowerWorld(params, slots, jitter)


def drop(zombies: int | Sequence[int], params: TowerParams, rng: Rng) -> list[ZombieExit]:
    """Drop zombies through the tower and return how each left it, in slot order.

    `zombies` is a number n (slots 1..n) or the slot numbers used. `rng` is an int seed or a
    numpy Generator: the only source of jitter (slot placement a few mm, lean, pull speed,
    exit heading, top-down spin). Units: cm, s, rad.
    """
    slots = _slot_list(zombies, params)
    jitter = _draw_jitter(params, len(slots), as_generator(rng))
    return TowerWorld(params, slots, jitter).run() if slots else []
