"""The flick gesture: a mouse press, drag and release turned into a `Flick`.

Pure arithmetic on table coordinates (cm) and times (s); no pygame. Two styles (DESIGN.md,
"The flick gesture"), recorded as the same `Flick(impulse, offset)`:

- **swipe**: the pointer's velocity over the last `SWIPE_WINDOW_S` before release becomes
  the piece's launch velocity (impulse = mass x velocity): the finger's speed passes to the
  piece, as in a real flick. The window gives the pointer in screen pixels with each event's
  own time (not the frame's), and the speed is measured on the screen: `SWIPE_GAIN` cm/s of
  launch per px/s of pointer, whatever the zoom and the frame rate, so the same hand motion
  gives the same flick everywhere. (Without screen samples, e.g. a bot or a test feeding
  table points, the table speed is used as it is.);
- **slingshot**: drag back from the piece; the direction from the pointer to the piece is
  the aim, and the drag's length sets the power: a drag of d cm launches the piece so that
  on an open table it would slide `SLING_GAIN` x d cm (Coulomb friction, `flick.game.bots.aim`).

An off-centre press adds spin: the impulse is applied at the press point's offset from the
piece's centre (clamped to the piece's reach). Hand noise (`HAND_NOISE`: none, steady,
shaky) perturbs angle and power from a seeded generator, for honest solo play; its levels
are the `hand_noise` section of the physics parameters.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from flick.game.bots.aim import HandNoise, launch_speed, noisy, piece_spec
from flick.game.inputs import Flick

Vec = tuple[float, float]

STYLES = ("swipe", "slingshot")
SWIPE_WINDOW_S = 0.05  # s: the pointer's velocity is measured over this last stretch
# cm/s of launch per px/s of pointer on the screen: 1 px/s -> 0.093 cm/s (at the window's
# fitted zoom, a 2.6 cm figure 28 px wide: 10.8 px per cm, a swipe moves the piece as fast as
# the pointer crossed the table); the fixed gain keeps a hand motion's flick the same at
# every zoom.
SWIPE_GAIN = 2.6 / 28.0
MAX_SPEED = 700.0  # cm/s: no finger launches a piece faster (keeps impulses in range)
MIN_SPEED = 5.0  # cm/s: slower than this a release is not a flick (nothing happens)
SLING_GAIN = 4.0  # open-table slide (cm) per cm of slingshot drag
SLING_MAX_DRAG = 30.0  # cm: a longer drag gives no more power
# Hand noise: none, or a level of the physics parameters' `hand_noise` section ("steady" is
# the bots' careful hand, "shaky" a nervous one; `flick.game.aim.HandNoise.from_params`).
HAND_NOISE = ("none", "steady", "shaky")


@dataclass
class Gesture:
    """One press-drag-release on a piece of kind `kind` centred at `centre` (cm).

    Feed `move(t, p)` and finish with `release(t, p)`, which gives the `Flick` or None (too
    gentle to count). `reach` (cm) bounds the spin offset; `params` are the physics
    parameters (mass and friction of the piece).
    """

    kind: str
    centre: Vec
    press: Vec
    t0: float
    style: str
    params: object
    reach: float = 1.5
    template: bool = False  # held in the shotgun or sniper template: a steadier aim
    screen: Vec | None = None  # the press in screen pixels (the swipe is measured there)
    samples: list[tuple[float, Vec]] = field(default_factory=list)
    screen_samples: list[tuple[float, Vec]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.style not in STYLES:
            raise ValueError(f"unknown gesture style {self.style!r}; known: {', '.join(STYLES)}")
        self.samples = [(self.t0, self.press)]
        self.screen_samples = [(self.t0, self.screen)] if self.screen is not None else []

    @property
    def offset(self) -> Vec:
        """Where on the piece it was pressed, from its centre (cm), within its reach."""
        dx, dy = self.press[0] - self.centre[0], self.press[1] - self.centre[1]
        d = math.hypot(dx, dy)
        if d > self.reach:
            dx, dy = dx / d * self.reach, dy / d * self.reach
        return (dx, dy)

    def move(self, t: float, p: Vec, screen: Vec | None = None) -> None:
        """The pointer is at `p` (cm), `screen` (px), at time `t` (s): the event's own time."""
        if t < self.samples[-1][0]:
            t = self.samples[-1][0]  # events are never allowed to run backwards
        self.samples.append((t, p))
        if screen is not None and self.screen_samples:
            self.screen_samples.append((t, screen))

    @property
    def pointer(self) -> Vec:
        return self.samples[-1][1]

    def velocity(self) -> tuple[float, float]:
        """Swipe: the launch velocity (cm/s, table frame): the pointer's mean velocity over
        the last `SWIPE_WINDOW_S`, on the screen times `SWIPE_GAIN` (north is up on screen)."""
        if len(self.screen_samples) > 1:
            vx, vy = _mean_velocity(self.screen_samples)
            return (vx * SWIPE_GAIN, -vy * SWIPE_GAIN)
        return _mean_velocity(self.samples)

    def aim(self) -> tuple[float, float]:
        """(angle rad, launch speed cm/s) the gesture gives now (before hand noise)."""
        if self.style == "swipe":
            vx, vy = self.velocity()
            speed = math.hypot(vx, vy)
            angle = math.atan2(vy, vx) if speed > 0 else 0.0
        else:
            px, py = self.pointer
            dx, dy = self.centre[0] - px, self.centre[1] - py  # drag back: aim is opposite
            drag = min(math.hypot(dx, dy), SLING_MAX_DRAG)
            angle = math.atan2(dy, dx) if drag > 0 else 0.0
            speed = launch_speed(self.params, self.kind, SLING_GAIN * drag) if drag > 0.5 else 0.0
        return angle, min(speed, MAX_SPEED)

    def power(self) -> float:
        """The power meter: 0 (nothing) to 1 (the strongest flick)."""
        _, speed = self.aim()
        return min(1.0, speed / MAX_SPEED)

    def slide(self) -> float:
        """How far (cm) the piece would slide on an open table at the current aim."""
        _, speed = self.aim()
        _, mu = piece_spec(self.params, self.kind)
        g = float(self.params.gravity)  # type: ignore[attr-defined]
        return speed * speed / (2.0 * mu * g)

    def release(self, t: float, p: Vec, hand: str = "none",
                rng: np.random.Generator | None = None,
                screen: Vec | None = None) -> Flick | None:
        """Let go at `p` (`screen` px), time `t`: the `Flick` (impulse g*cm/s at the press
        offset), or None when the release is too gentle to be a flick."""
        self.move(t, p, screen)
        angle, speed = self.aim()
        if speed < MIN_SPEED:
            return None
        angle, speed = apply_hand(angle, speed, hand, rng, self.template, self.params)
        mass, _ = piece_spec(self.params, self.kind)
        impulse = mass * min(speed, MAX_SPEED)
        return Flick((impulse * math.cos(angle), impulse * math.sin(angle)), self.offset)


def _mean_velocity(samples: list[tuple[float, Vec]]) -> tuple[float, float]:
    """The mean velocity (units/s) from the last sample at least `SWIPE_WINDOW_S` before the
    end (or the first) to the end."""
    t_end, p_end = samples[-1]
    start = samples[0]
    for t, p in reversed(samples):
        start = (t, p)
        if t_end - t >= SWIPE_WINDOW_S:
            break
    dt = t_end - start[0]
    if dt <= 0:
        return (0.0, 0.0)
    return ((p_end[0] - start[1][0]) / dt, (p_end[1] - start[1][1]) / dt)


def apply_hand(angle: float, speed: float, hand: str, rng: np.random.Generator | None,
               template: bool = False, params: object = None) -> tuple[float, float]:
    """`angle` (rad) and `speed` (cm/s) as a hand of the given steadiness delivers them; the
    levels are the `hand_noise` section of the physics parameters `params` (the shipped
    file's when None)."""
    if hand not in HAND_NOISE:
        raise ValueError(f"unknown hand noise {hand!r}; known: {', '.join(HAND_NOISE)}")
    if hand == "none":
        return angle, speed
    if rng is None:
        raise ValueError("hand noise needs a seeded generator")
    if params is None:
        from flick.physics import PhysicsParams

        params = PhysicsParams.default()
    return noisy(angle, speed, HandNoise.from_params(params, hand), rng, template=template)
