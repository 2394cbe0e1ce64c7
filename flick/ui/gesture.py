"""The flick gesture: a mouse press, drag and release turned into a `Flick`.

Pure arithmetic on table coordinates (cm) and times (s); no pygame. Two styles (DESIGN.md,
"The flick gesture"), recorded as the same `Flick(impulse, offset)`:

- **swipe**: the pointer's velocity over its last motion events becomes the piece's launch
  velocity (impulse = mass x velocity): the finger's speed passes to the piece, as in a real
  flick. The speed is a robust (Theil-Sen) fit of position against time over the motion
  events of the last `SWIPE_WINDOW_S` before the pointer last moved (for a hand speeding
  up: its speed about half that window before it last moved), measured on the screen:
  `SWIPE_GAIN` cm/s of launch per px/s of pointer, whatever the zoom and the frame rate.
  (Without screen samples, e.g. a bot or a test feeding table points, the table speed is used
  as it is.) Events carry the time the window received them; a busy window receives a
  stretch of motion all at once, its events stamped a few microseconds apart: such a batch
  (stamps closer than `BATCH_GAP_S`) is spread evenly back over the time since the batch
  before (at most one `report_interval` an event), which is when the pointer made them.
  Holding still lowers the speed: it counts in full for `STILL_GRACE_S` after the pointer
  last moved, then falls to zero at `HOLD_S` (a hold of `HOLD_S` or more before the release
  is no flick); the meter (`power(t)`) and the preview (`preview_cm(t)`, the slide of a
  release now) fall with it;
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
# The swipe's speed is fitted over this last stretch (s), over at least SWIPE_MIN_EVENTS motion
# events and at most SWIPE_MAX_EVENTS. Measured (`flick bench --only swipe`): an xdotool swipe
# (12 px every 10 ms, the hand at real-time priority) replayed 104 times into `flick play 1`
# under Xvfb on a loaded machine (a busy loop on each of 2 cores beside other work), the
# window's event logs read offline: 101 of 104 within +-10 % of the median (96.4-121.4 cm/s,
# median 111.4); over 0.05 s instead of 0.10: -58 % / +21 %, over 0.15 s: -20 % / +5 % (on
# the first 46). The estimator before (the mean over the last 50 ms, to the release): 21 of
# the first 65 outside +-10 % (47.1-110.2, median 87.9).
SWIPE_WINDOW_S = 0.10
SWIPE_MIN_EVENTS = 3
SWIPE_MAX_EVENTS = 120
# Events received closer together than this came in one batch (the window was busy while the
# pointer moved): no pointer reports that often (a 1000 Hz mouse: every 1 ms).
BATCH_GAP_S = 0.0005
# A batch of k events is spread over at most k report intervals: the median gap before the
# events of the gesture that came alone (at most REPORT_MAX_S), or, when none did (the whole
# stroke came in one or two batches: a window stalled 100-250 ms under load),
# REPORT_FALLBACK_S: a 100 Hz pointer (xdotool's test swipe reports every 10 ms, a touchpad
# every 10-12 ms; a 125 Hz mouse reports every 8 ms: its stroke received whole reads 20 %
# slow). Of the first 46 swipes above, 5 came whole; 12 ms read them 16 % slow.
REPORT_FALLBACK_S = 0.010
REPORT_MAX_S = 0.020
REPORT_MIN_GAPS = 3  # fewer gaps teach nothing: one 1.2 ms gap read a whole batch at 700 cm/s
# Holding still: the speed counts in full this long after the pointer last moved (longer than
# the gap between two reports of a moving pointer), then falls linearly to zero at HOLD_S.
STILL_GRACE_S = 0.03
HOLD_S = 0.08  # s: a pointer still this long before the release gives no flick
# A window that kept the moving pointer's events waiting (a stall: 20-250 ms on a loaded
# machine, measured with `flick bench --only swipe`) may take the release as late: the hold
# is counted from that much later, up to this (a flick released 65-75 ms after its last
# move by such stamps read 14 and 40 cm/s instead of 111).
STALL_MAX_S = 0.25
MOVED_PX = 0.5  # a report this close to the last one (px; cm without screen samples) is still
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

Sample = tuple[float, Vec]


@dataclass
class Gesture:
    """One press-drag-release on a piece of kind `kind` centred at `centre` (cm).

    Feed `move(t, p)` and finish with `release(t, p)`, which gives the `Flick` or None (too
    gentle to count, or held still: `refused` says which). `reach` (cm) bounds the spin
    offset; `params` are the physics parameters (mass and friction of the piece). Every
    reading takes an optional time `t` (s, the events' clock): the reading of a release at
    `t` (the swipe's speed falls while the pointer is held still); without it, at the last
    event.
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
    samples: list[Sample] = field(default_factory=list)
    screen_samples: list[Sample] = field(default_factory=list)
    refused: str = ""  # why the release gave no flick ("" when it gave one)

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
        """The pointer is at `p` (cm), `screen` (px), at time `t` (s): when the event came."""
        if t < self.samples[-1][0]:
            t = self.samples[-1][0]  # events are never allowed to run backwards
        self.samples.append((t, p))
        if screen is not None and self.screen_samples:
            self.screen_samples.append((t, screen))

    @property
    def pointer(self) -> Vec:
        return self.samples[-1][1]

    @property
    def last_event(self) -> float:
        """The time (s) of the last event fed."""
        return self.samples[-1][0]

    def _track(self) -> tuple[list[Sample], float]:
        """The samples the swipe is measured on and their unit's factor to table cm/s."""
        if len(self.screen_samples) > 1:
            return self.screen_samples, SWIPE_GAIN
        return self.samples, 1.0

    def still_since(self) -> float:
        """When (s) the pointer last moved (the press when it never did)."""
        track, _ = self._track()
        return _last_moved(track)

    def stall(self) -> float:
        """The longest the window left the moving pointer's events waiting during this
        stroke (s, at most `STALL_MAX_S`): the longest gap between two events received while
        it moved, beyond one `report_interval`. A window that late may have taken the release as
        late: the hold counts from that much after the pointer last moved."""
        track, _ = self._track()
        last = _last_mover(track)
        first = next((i for i in range(1, last + 1)
                      if math.dist(track[i][1], track[i - 1][1]) >= MOVED_PX), last)
        gaps = [track[i][0] - track[i - 1][0] for i in range(first + 1, last + 1)]
        return min(STALL_MAX_S, max(0.0, max(gaps, default=0.0) - report_interval(track)))

    def hold_factor(self, t: float | None = None, since: float | None = None) -> float:
        """1 while the pointer moves, falling to 0 when it has been still `HOLD_S` at `t`
        (plus the window's `stall`). `since`: the earliest the event at `t` can have come
        (when the window last found no event waiting; `t` when not given)."""
        t = self.last_event if t is None else t
        at = t if since is None else min(t, max(since, self.still_since()))
        still = at - self.still_since() - self.stall()
        if still <= STILL_GRACE_S:
            return 1.0
        return max(0.0, 1.0 - (still - STILL_GRACE_S) / (HOLD_S - STILL_GRACE_S))

    def velocity(self, t: float | None = None) -> tuple[float, float]:
        """Swipe: the launch velocity (cm/s, table frame) of a release at `t`: the pointer's
        fitted velocity where it last moved, on the screen times `SWIPE_GAIN` (north is up
        on screen), times `hold_factor(t)`."""
        track, gain = self._track()
        vx, vy = fitted_velocity(track)
        k = gain * self.hold_factor(t)
        if track is self.screen_samples:
            return (vx * k, -vy * k)
        return (vx * k, vy * k)

    def aim(self, t: float | None = None) -> tuple[float, float]:
        """(angle rad, launch speed cm/s) a release at `t` gives (before hand noise)."""
        if self.style == "swipe":
            vx, vy = self.velocity(t)
            speed = math.hypot(vx, vy)
            if speed > 0:
                angle = math.atan2(vy, vx)
            else:  # held still: the direction it last moved in (for the aim line)
                track, _ = self._track()
                ux, uy = fitted_velocity(track)
                angle = math.atan2(-uy if track is self.screen_samples else uy, ux)
        else:
            px, py = self.pointer
            dx, dy = self.centre[0] - px, self.centre[1] - py  # drag back: aim is opposite
            drag = min(math.hypot(dx, dy), SLING_MAX_DRAG)
            angle = math.atan2(dy, dx) if drag > 0 else 0.0
            speed = launch_speed(self.params, self.kind, SLING_GAIN * drag) if drag > 0.5 else 0.0
        return angle, min(speed, MAX_SPEED)

    def speed(self, t: float | None = None) -> float:
        """The launch speed (cm/s) of a release at `t` (0 when it would be no flick)."""
        _, speed = self.aim(t)
        return speed if speed >= MIN_SPEED else 0.0

    def power(self, t: float | None = None) -> float:
        """The power meter at `t`: 0 (nothing) to 1 (the strongest flick); a swipe's falls
        while the pointer is held still."""
        return min(1.0, self.speed(t) / MAX_SPEED)

    def slide(self, t: float | None = None) -> float:
        """How far (cm) the piece would slide on an open table at the aim of a release at
        `t` (at the last event when None), whatever its speed."""
        _, speed = self.aim(t)
        return _slide(self.params, self.kind, speed)

    def preview_cm(self, t: float | None = None) -> float:
        """"Release now = X cm": the open-table slide (cm) of a release at `t`, 0 when that
        release would be no flick."""
        return _slide(self.params, self.kind, self.speed(t))

    def preview(self, t: float | None = None) -> str:
        """The words of `preview_cm`: "release now = 34 cm" (or why it would be nothing)."""
        cm = self.preview_cm(t)
        if cm > 0:
            return f"release now = {cm:.0f} cm"
        if self.style == "swipe" and self.hold_factor(t) < 1.0:
            return "release now = nothing (held still)"
        return "release now = nothing (too gentle)"

    def release(self, t: float, p: Vec, hand: str = "none",
                rng: np.random.Generator | None = None,
                screen: Vec | None = None, since: float | None = None) -> Flick | None:
        """Let go at `p` (`screen` px), time `t`: the `Flick` (impulse g*cm/s at the press
        offset), or None when the release is too gentle to be a flick or came after the
        pointer was held still `HOLD_S` (`refused` says which). `since`: the earliest the
        release can have come (when the window last found no event waiting), if known."""
        self.move(t, p, screen)
        at = t if since is None else min(t, max(since, self.still_since()))
        angle, speed = self.aim(at)
        if speed < MIN_SPEED:
            held = self.style == "swipe" and self.hold_factor(at) < 1.0 and math.hypot(
                *self.velocity(self.still_since())) >= MIN_SPEED  # it moved fast enough
            self.refused = (f"held still {1000 * (at - self.still_since()):.0f} ms before "
                            "letting go: no flick (let go while still moving)" if held else
                            "too gentle to be a flick")
            return None
        self.refused = ""
        angle, speed = apply_hand(angle, speed, hand, rng, self.template, self.params)
        mass, _ = piece_spec(self.params, self.kind)
        impulse = mass * min(speed, MAX_SPEED)
        return Flick((impulse * math.cos(angle), impulse * math.sin(angle)), self.offset)


def _slide(params: object, kind: str, speed: float) -> float:
    """The open-table slide (cm) of a `kind` piece launched at `speed` cm/s: the inverse of
    `flick.game.bots.aim.launch_speed` (Coulomb friction)."""
    _, mu = piece_spec(params, kind)
    g = float(params.gravity)  # type: ignore[attr-defined]
    return speed * speed / (2.0 * mu * g)


def _last_moved(samples: list[Sample]) -> float:
    """The time of the last sample that moved from the one before (the first sample's time
    when none did)."""
    return samples[_last_mover(samples)][0]


def _last_mover(samples: list[Sample]) -> int:
    """The index of the last sample that moved from the one before (0 when none did)."""
    for i in range(len(samples) - 1, 0, -1):
        (_, a), (_, b) = samples[i - 1], samples[i]
        if math.dist(a, b) >= MOVED_PX:
            return i
    return 0


def report_interval(samples: list[Sample]) -> float:
    """How often the pointer reports while it moves (s): the median gap between two moves
    where the second came alone (not in a batch), within [2 `BATCH_GAP_S`, `REPORT_MAX_S`];
    `REPORT_FALLBACK_S` with fewer than `REPORT_MIN_GAPS` such gaps."""
    def moving(i: int) -> bool:  # the sample moved from the one before
        return i >= 1 and math.dist(samples[i][1], samples[i - 1][1]) >= MOVED_PX

    # a gap between two moves (not the press's rest before the first one)
    gaps = [samples[i][0] - samples[i - 1][0] for i, j in _runs(samples)
            if i == j and moving(i) and moving(i - 1)]
    if len(gaps) < REPORT_MIN_GAPS:
        return REPORT_FALLBACK_S
    return min(max(float(np.median(gaps)), 2 * BATCH_GAP_S), REPORT_MAX_S)


def _runs(samples: list[Sample], gap: float = BATCH_GAP_S) -> list[tuple[int, int]]:
    """The batches after the first sample: (first, last) indices of each run of samples
    stamped closer than `gap` to the one before."""
    out, i, n = [], 1, len(samples)
    while i < n:
        j = i
        while j + 1 < n and samples[j + 1][0] - samples[j][0] < gap:
            j += 1
        out.append((i, j))
        i = j + 1
    return out


def spread_batches(samples: list[Sample]) -> list[Sample]:
    """The samples with each batch's stamps spread: a run of k events stamped closer than
    3/4 of a `report_interval` (a steady pointer does not report that soon after the last:
    the window took them in one go, or in two reads of one go, or late) is placed evenly
    over the time since the sample before it, at most one `report_interval` apart, ending at
    the run's last stamp (when it was received)."""
    if not samples:
        return []
    step = report_interval(samples)
    out = [samples[0]]
    for i, j in _runs(samples, max(BATCH_GAP_S, 0.75 * step)):
        k = j - i + 1
        end = samples[j][0]
        span = min(end - out[-1][0], k * step)
        for m in range(k):
            out.append((end - span * (k - 1 - m) / k, samples[i + m][1]))
    return out


def fitted_velocity(samples: list[Sample]) -> tuple[float, float]:
    """The pointer's velocity (units/s) where it last moved: the Theil-Sen slope (the median
    of the slopes between every two samples, which a few late stamps do not move) of
    position against time over the batch-spread samples of the last `SWIPE_WINDOW_S` up to
    the last sample that moved, and at least `SWIPE_MIN_EVENTS` of them."""
    if len(samples) < 2:
        return (0.0, 0.0)
    spread = spread_batches(samples[:_last_mover(samples) + 1])
    t_end = spread[-1][0]
    window = [s for s in spread if s[0] >= t_end - SWIPE_WINDOW_S - 1e-12]
    if len(window) < SWIPE_MIN_EVENTS:
        window = spread[-SWIPE_MIN_EVENTS:]
    window = window[-SWIPE_MAX_EVENTS:]
    ts = np.array([s[0] for s in window])
    xy = np.array([s[1] for s in window], dtype=float)
    i, j = np.triu_indices(len(window), 1)
    dt = ts[j] - ts[i]
    keep = dt > 1e-6
    if not keep.any():
        return (0.0, 0.0)
    dt = dt[keep]
    vx = (xy[j, 0] - xy[i, 0])[keep] / dt
    vy = (xy[j, 1] - xy[i, 1])[keep] / dt
    return (float(np.median(vx)), float(np.median(vy)))


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
