"""Aiming for bots: the impulse that slides a piece to a target, a hand-noise model, and
a clear-path test.

On the table a flicked piece slides with constant deceleration mu*g (Coulomb friction,
`flick.physics`), so it stops after d = v^2 / (2 mu g). To stop at distance d a piece needs
v = sqrt(2 mu g d); to arrive at a target d away still moving at v_hit it needs
v = sqrt(v_hit^2 + 2 mu g d). The impulse is m*v (g*cm/s) along the aim. A bot's hand is not
perfect: `HandNoise` perturbs the angle and the strength of each flick (normal errors), and the
sniper and shotgun templates hold the angle much better than a bare finger. Its deviations are
the `hand_noise` section of the physics parameters (`assets/physics/default.yaml`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from flick.game.bots.tuned import tuned
from flick.physics import PhysicsParams
from flick.physics.geometry import cross, point_segment

Vec = tuple[float, float]
T = tuned("aim")  # the tuned numbers: assets/bots/aim.yaml
MIN_POWER: float = T["min_power"]
PATH_MARGIN_CM: float = T["path_margin_cm"]
TOUCH_MARGIN_CM: float = T["touch_margin_cm"]
WIDEST_PIECE_CM: float = T["widest_piece_cm"]
BOX_SLACK_CM: float = T["box_slack_cm"]


@dataclass(frozen=True)
class HandNoise:
    """A flicking hand: standard deviations of the aim angle (radians) and of the strength
    (relative), bare finger and with a template. The values are data: the `hand_noise`
    section of the physics parameters (`from_params`)."""

    angle_sd: float
    power_sd: float
    template_angle_sd: float

    def __post_init__(self) -> None:
        if min(self.angle_sd, self.power_sd, self.template_angle_sd) < 0:
            raise ValueError("hand-noise deviations cannot be negative")

    @classmethod
    def from_params(cls, params: Any, level: str = "steady") -> HandNoise:
        """The hand called `level` (steady: the bots' and the play window's careful hand;
        shaky) in the physics parameters' `hand_noise` section, or in the shipped file's when
        `params` has none (a file written before the section existed)."""
        model = getattr(params, "hand_noise", None)
        if model is None:
            model = PhysicsParams.default().hand_noise
            if model is None:
                raise ValueError("the shipped physics parameters have no hand_noise section")
        hand = model.level(level)
        return cls(math.radians(hand.angle_deg), float(hand.power_frac),
                   math.radians(hand.template_angle_deg))


PERFECT = HandNoise(0.0, 0.0, 0.0)


def piece_spec(params: Any, kind: str) -> tuple[float, float]:
    """(mass g, table friction mu) of a piece kind from the physics parameters."""
    p = params.pieces[kind]
    return float(p.mass), float(p.table_friction)


def launch_speed(params: Any, kind: str, distance: float, arrive: float = 0.0) -> float:
    """Speed (cm/s) that carries a `kind` piece `distance` cm, arriving at `arrive` cm/s."""
    _, mu = piece_spec(params, kind)
    g = float(params.gravity)
    return math.sqrt(max(0.0, arrive * arrive + 2.0 * mu * g * max(0.0, distance)))


def impulse_to(params: Any, kind: str, start: Vec, target: Vec, arrive: float = 0.0,
               extra: float = 0.0) -> tuple[float, float]:
    """The impulse (g*cm/s) that slides a `kind` piece from `start` to `target` (plus `extra`
    cm beyond it), arriving at `arrive` cm/s. Returns (angle, impulse magnitude)."""
    mass, _ = piece_spec(params, kind)
    dx, dy = target[0] - start[0], target[1] - start[1]
    d = math.hypot(dx, dy)
    v = launch_speed(params, kind, d + extra, arrive)
    return math.atan2(dy, dx), mass * v


def noisy(angle: float, strength: float, noise: HandNoise, rng: np.random.Generator,
          template: bool = False) -> tuple[float, float]:
    """The angle and strength a hand actually delivers."""
    sd = noise.template_angle_sd if template else noise.angle_sd
    a = angle + float(rng.normal(0.0, sd)) if sd > 0 else angle
    f = strength * max(MIN_POWER, 1.0 + float(rng.normal(0.0, noise.power_sd))) \
        if noise.power_sd > 0 else strength
    return a, f


def vector(angle: float, strength: float) -> tuple[float, float]:
    return (strength * math.cos(angle), strength * math.sin(angle))


# ---- clear paths -------------------------------------------------------------------------------
def seg_seg(a: Vec, b: Vec, c: Vec, d: Vec) -> float:
    """Shortest distance between segments ab and cd (cm)."""
    d1, d2 = cross(a, b, c), cross(a, b, d)
    d3, d4 = cross(c, d, a), cross(c, d, b)
    # not geometry's strict `d1 * d2 < 0` test: this one also counts an end touching the other
    # segment as crossing (exactly 0 cm), and bots' seeded games depend on it bit for bit
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and d1 != 0 and d3 != 0:
        return 0.0
    return min(point_segment(a, c, d), point_segment(b, c, d), point_segment(c, a, b),
               point_segment(d, a, b))


@dataclass(frozen=True)
class Obstacle:
    """Something on the table as the physics sees it: a convex core (1 point, a segment or a
    polygon, table cm) swollen by `r` (cm)."""

    pid: Any
    core: tuple[Vec, ...]
    r: float
    kind: str
    # The core's bounding box (x0, y0, x1, y1), for `first_blocker`'s quick rejection.
    box: tuple[float, float, float, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        xs = [p[0] for p in self.core]
        ys = [p[1] for p in self.core]
        object.__setattr__(self, "box", (min(xs), min(ys), max(xs), max(ys)))

    @property
    def centre(self) -> Vec:
        n = len(self.core)
        return (sum(p[0] for p in self.core) / n, sum(p[1] for p in self.core) / n)


def _inside(p: Vec, core: tuple[Vec, ...]) -> bool:
    sign = 0.0
    for i in range(len(core)):
        c = cross(core[i], core[(i + 1) % len(core)], p)
        if c != 0:
            if sign == 0:
                sign = c
            elif (c > 0) != (sign > 0):
                return False
    return True


def seg_core(a: Vec, b: Vec, core: tuple[Vec, ...]) -> float:
    """Shortest distance (cm) between segment ab and a convex core."""
    if len(core) == 1:
        return point_segment(core[0], a, b)
    if len(core) == 2:
        return seg_seg(a, b, core[0], core[1])
    if _inside(a, core) or _inside(b, core):
        return 0.0
    return min(seg_seg(a, b, core[i], core[(i + 1) % len(core)]) for i in range(len(core)))


def path_clear(start: Vec, end: Vec, radius: float, obstacles: list[Obstacle],
               ignore: set[Any], margin: float = PATH_MARGIN_CM) -> bool:
    """Does a piece of `radius` sliding from start to end stay `margin` clear of obstacles?"""
    return first_blocker(start, end, radius, obstacles, ignore, margin) is None


def first_blocker(start: Vec, end: Vec, radius: float, obstacles: list[Obstacle],
                  ignore: set[Any], margin: float = TOUCH_MARGIN_CM) -> Obstacle | None:
    """The obstacle nearest `start` that the sliding piece would touch, or None."""
    best, best_d = None, math.inf
    reach = math.dist(start, end) + radius + margin
    # The swept segment's bounding box: an obstacle whose core's box lies farther than the
    # touching distance from it on either axis cannot touch (the distance between two sets is
    # at least the gap between their boxes), so the exact test below is skipped for it. The
    # slack (BOX_SLACK_CM) keeps every decision the exact test would make, bit for bit.
    lo_x, hi_x = min(start[0], end[0]), max(start[0], end[0])
    lo_y, hi_y = min(start[1], end[1]), max(start[1], end[1])
    for ob in obstacles:
        if ob.pid in ignore:
            continue
        c = ob.core[0]
        if min(math.dist(start, c), math.dist(end, c)) > reach + ob.r + WIDEST_PIECE_CM:
            continue  # far away (no piece reaches WIDEST_PIECE_CM from its first core point)
        touch = radius + ob.r + margin + BOX_SLACK_CM
        x0, y0, x1, y1 = ob.box
        if x0 - hi_x > touch or lo_x - x1 > touch or y0 - hi_y > touch or lo_y - y1 > touch:
            continue
        if seg_core(start, end, ob.core) < radius + ob.r + margin:
            d = math.dist(start, ob.centre)
            if d < best_d:
                best, best_d = ob, d
    return best
