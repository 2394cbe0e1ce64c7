"""The clip split into shots, and each shot measured: the rows `flick tune` reads.

A shot starts when a piece starts moving and ends when every tracked piece rests. Between shots
the pieces rest (put back by hand: a piece that jumps and rests at once was carried, not flicked).
Frames where a hand touches a piece, where the piece is hidden or partly hidden, or where it
merged with another blob of its colour are not used; a shot measured from too few good frames
is *unsure*: it keeps its reasons and is left out of the CSV (`flick measure --review` lists
them).

Measured, in table cm and seconds (frame A is the first good frame after the release):
- slide: `launch_speed` at frame A from a least-squares fit of the distance travelled,
  s(t) = s0 + v t - a t^2 / 2 (constant deceleration, as sliding friction gives), over the frames
  before the last 15 % of the slide; `slide_distance` from the fitted position at frame A to the
  rest; `track` (up to 8 of those frames); `spin_speed` and `final_angle` from the rim dot when
  it was seen in most frames and the piece turned at least 45 degrees: its angle about the
  centre's fitted path, fitted with the same stopping slow-down from the launch (where the
  slide's fit leaves the rest before the shot), see `_spin`.
- collision / topple: the striker's approach fitted the same way; the contact is where its
  fitted centre comes within the two pieces' radii of the target's resting centre;
  `impact_speed` is the fitted speed there. `striker_distance` from that point to the
  striker's rest, `target_distance` the target's slide; `fell` when the target's silhouette
  turned from a disc to a capsule (elongation above 1.5, or its area grew by half). When the
  striker and its target have one colour, the striker of each shot is the one that moves
  first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from flick.tuning.measurements import Shot, TrackPoint

FIT_SHARE = 0.85  # of the slide, measured from frame A, that the launch fit uses
TRACK_POINTS = 8
MOVE_CM = 0.15  # cm in 1/30 s: a piece moving at least about 5 cm/s (above a video's jitter)
JITTER_TIMES = 3.0  # a noisy clip's moving threshold: this many times its resting jitter
AWAY_CM = 0.5  # cm from where it rested before and after: a frame of a shot, not of a put-back
REST_S = 0.3  # s of rest after a shot where its rest position is read
MIN_FIT = 4  # good frames a fit needs
MAX_TURN_PER_FRAME = 60.0  # degrees: a rim dot turning more between two frames is not followed
# px from the piece's centre to its rim dot from which the dot's angle at rest before the launch
# anchors the spin's fit. Closer, the pixel grid biases a resting dot's centroid by as much as a
# moving one wanders (at 3.3 px up to 9 degrees, not averaged away by the frames at rest): the
# spin lever of 8 seeds fitted 4.9 % off free and 10.6 % anchored; at 5 px 2.4 % and 1.8 %, at
# 6.7 px 2.1 % and 1.5 % (python -m flick.bench.measure's slides).
ANCHOR_PX = 4.5
# Frames' worth of weight the angle at rest before the launch has in the spin's fit: its noise
# averages away over the rest, its pixel-grid bias (about one moving frame's error) does not.
ANCHOR_WEIGHT = 3.0
STILL_CM = 0.05  # cm between a frame's two neighbours below which a piece is still there
EVEN_RMS_CM = 0.3  # cm rms off the fitted slow-down: more is a track not to trust
# A frame whose piece moved less than this share of the way between its neighbours (a moving
# piece's frame lies about halfway) repeats the frame before.
FROZEN_SHARE = 0.1
FELL_ELONGATION = 1.5
# cm between the edges of the striker and its target below which an approach frame is not used:
# the two silhouettes' colours bleed into each other (blur, a video's colour subsampling).
CLEAR_CM = 1.0


@dataclass
class PieceFrames:
    """One tracked piece as arrays over frames (see `flick.measure.track.Track`)."""

    x: np.ndarray
    y: np.ndarray
    area: np.ndarray
    elongation: np.ndarray
    dot: np.ndarray
    occluded: np.ndarray
    blobs: np.ndarray
    # The rim dot's own position (cm; nan when not seen); None: only its angle is known.
    dot_x: np.ndarray | None = None
    dot_y: np.ndarray | None = None
    row: np.ndarray | None = None  # the centre's height in the picture (0 top, 1 bottom)
    good: np.ndarray = field(init=False)
    merged: np.ndarray = field(init=False)
    partial: np.ndarray = field(init=False)

    may_grow: bool = False  # a figure that may fall: its silhouette may grow to a capsule's

    def __post_init__(self) -> None:
        found = np.isfinite(self.x)
        seen = found & ~self.occluded
        if len(self.x) > 2:
            # A frozen frame (a phone repeats a frame under load) shows the piece where it was
            # a frame before: while it moves (its neighbours apart), it hardly moved from the
            # one before (a repeat, compressed again, moves its centre a hair), so the frame's
            # time is not the picture's.
            frozen = np.zeros(len(self.x), bool)
            step = np.hypot(self.x[1:-1] - self.x[:-2], self.y[1:-1] - self.y[:-2])
            gap = np.hypot(self.x[2:] - self.x[:-2], self.y[2:] - self.y[:-2])
            frozen[1:-1] = (gap > STILL_CM) & (step < FROZEN_SHARE * gap)
            seen &= ~frozen
        ref = float(np.median(self.area[seen])) if seen.any() else math.nan
        self.merged = found & (self.blobs > 1)
        if not self.may_grow:
            self.merged |= found & (self.area > 1.6 * ref)
        self.partial = found & (self.area < 0.7 * ref)
        self.good = seen & ~self.merged & ~self.partial

    def p(self, i: int) -> np.ndarray:
        return np.array([self.x[i], self.y[i]])

    @classmethod
    def from_track(cls, arrays: dict[str, np.ndarray], may_grow: bool = False) -> PieceFrames:
        return cls(arrays["x"], arrays["y"], arrays["area"], arrays["elongation"], arrays["dot"],
                   arrays["occluded"].astype(bool), arrays["blobs"], arrays.get("dot_x"),
                   arrays.get("dot_y"), arrays.get("row"), may_grow)


@dataclass
class Measured:
    """One shot found in the clip: its frames, the row measured (None when unsure), the reasons
    it is unsure, and what the contact sheet draws."""

    number: int
    first: int  # frame where the motion starts
    last: int  # frame where every piece rests
    test: str
    row: Shot | None = None
    reasons: list[str] = field(default_factory=list)
    frame_a: int | None = None
    fitted: list[int] = field(default_factory=list)  # frames of the launch / approach fit
    path: dict[str, list[tuple[float, float]]] = field(default_factory=dict)  # cm, per piece
    contact: tuple[float, float] | None = None  # cm
    values: dict[str, float | str] = field(default_factory=dict)
    # Frames not used because a hand or another piece was over the piece: where it was then
    # (cm), and the first such frame, which the contact sheet shows beside the shot's start.
    hidden: list[tuple[float, float]] = field(default_factory=list)
    problem: int | None = None

    @property
    def sure(self) -> bool:
        return self.row is not None and not self.reasons


@dataclass(frozen=True)
class Setup:
    """What the shots are: the test, the kinds, their radii (cm), the clip's rate."""

    test: str
    piece: str
    target: str | None
    fps: float
    piece_radius: float
    target_radius: float = 0.0
    # Each frame's own time (s), as the phone stamped it (a variable frame rate); None: the
    # frames are 1 / fps apart.
    times: np.ndarray | None = None
    px_per_cm: float | None = None  # the picture's scale on the table, where known
    # The striker and its target have one colour: which is which is told per shot (the one
    # that moves first is the striker), not by the tracks' names.
    one_colour: bool = False
    # A rolling shutter: the picture's last row exposed this share of a frame's interval after
    # its first, a frame's time its middle row's (0: all rows at once).
    rolling: float = 0.0

    def seconds(self, frames: list[int] | np.ndarray, origin: int,
                pf: PieceFrames | None = None) -> np.ndarray:
        """The time of each of `frames` after frame `origin` (s); with a rolling shutter, when
        the rows of piece `pf` were exposed in each."""
        index = np.asarray(frames, dtype=int)
        if self.times is None:
            out = (index - origin) / self.fps
        else:
            out = self.times[index] - self.times[origin]
        if self.rolling and pf is not None and pf.row is not None:
            late = np.nan_to_num(pf.row - 0.5) * self.rolling / self.fps
            out = out + late[index] - late[origin]
        return out


def jitter(pf: PieceFrames) -> float:
    """cm: how much a resting piece's centre wanders from frame to frame in this clip (noise,
    compression): the median step between good frames, most of which are at rest."""
    good = np.flatnonzero(pf.good)
    if len(good) < 3:
        return 0.0
    steps = np.hypot(np.diff(pf.x[good]), np.diff(pf.y[good]))
    return float(np.median(steps))


def _moving(pf: PieceFrames, lag: int) -> np.ndarray:
    """Per frame: a good frame whose position differs by more than MOVE_CM (in a noisy clip,
    JITTER_TIMES its resting jitter) from the last good frame at least `lag` frames before
    (about 1/30 s)."""
    n = len(pf.x)
    out = np.zeros(n, bool)
    good = np.flatnonzero(pf.good)
    move = max(MOVE_CM, JITTER_TIMES * jitter(pf))
    for k, i in enumerate(good):
        j = k - 1
        while j >= 0 and good[j] > i - lag:
            j -= 1
        if j < 0:
            continue
        g = good[j]
        out[i] = math.hypot(pf.x[i] - pf.x[g], pf.y[i] - pf.y[g]) > move
    return out


def split(pieces: dict[str, PieceFrames], fps: float) -> list[tuple[int, int]]:
    """(first, last) frames of each shot: runs of motion of any piece (hidden stretches of
    less than 0.15 s do not end a run) with at least 3 good frames away from where the pieces
    rested before and after it."""
    lag = max(1, round(fps / 30.0))
    n = len(next(iter(pieces.values())).x)
    moving = np.zeros(n, bool)
    for pf in pieces.values():
        moving |= _moving(pf, lag)
    idx = np.flatnonzero(moving)
    runs: list[tuple[int, int]] = []
    gap = max(lag + 1, int(0.15 * fps))
    for i in idx:
        if runs and i - runs[-1][1] <= gap:
            runs[-1] = (runs[-1][0], int(i))
        else:
            runs.append((int(i), int(i)))
    shots = []
    for first, last in runs:
        # A piece put back by hand jumps from one rest to the next: a shot has frames in
        # between, away from both.
        between = 0
        for pf in pieces.values():
            start = _rest_near(pf, first, -1, 3 * lag)
            end = _rest_near(pf, last, 1, 3 * lag)
            if start is None:
                continue
            between = max(between, sum(
                1 for i in range(first, last + 1) if pf.good[i]
                and np.hypot(*(pf.p(i) - start)) > AWAY_CM
                # A clip that ends in the middle of a shot: no rest after it.
                and (end is None or np.hypot(*(pf.p(i) - end)) > AWAY_CM)))
        if between >= 3:
            shots.append((first, last))
    return shots


JUMP_CM = 1.0  # a resting piece that moves this much at once was picked up or put back


def _still(pf: PieceFrames, start: int, stop: int, backward: bool = False) -> list[int]:
    """The good frames of [start, stop) while the piece stays where the first (the last, going
    backward) of them shows it: a rest ends where the piece is carried away."""
    frames = [i for i in range(max(start, 0), min(stop, len(pf.x))) if pf.good[i]]
    if backward:
        frames.reverse()
    kept: list[int] = []
    for i in frames:
        if kept and math.hypot(pf.x[i] - pf.x[kept[0]], pf.y[i] - pf.y[kept[0]]) > JUMP_CM:
            break
        kept.append(i)
    return sorted(kept)


def _rest(pf: PieceFrames, start: int, stop: int, backward: bool = False) -> np.ndarray | None:
    """The median position of the good frames in [start, stop) at one place (`_still`), or
    None."""
    sel = _still(pf, start, stop, backward)
    if len(sel) < 2:
        return None
    return np.array([np.median(pf.x[sel]), np.median(pf.y[sel])])


def _cross(a: np.ndarray, b: np.ndarray) -> float:
    return float(a[0] * b[1] - a[1] * b[0])


def _rest_near(pf: PieceFrames, frame: int, step: int, count: int) -> np.ndarray | None:
    """The median position of the `count` good frames nearest before (step -1) or after (+1)
    `frame`, looking at most 2 * count frames beyond the hidden ones (a hand over it)."""
    picked: list[int] = []
    i = frame + step
    while 0 <= i < len(pf.x) and len(picked) < count and abs(i - frame) <= 10 * count:
        if pf.good[i]:
            picked.append(i)
        i += step
    if len(picked) < 2:
        return None
    return np.array([np.median(pf.x[picked]), np.median(pf.y[picked])])


def _fit(t: np.ndarray, s: np.ndarray) -> tuple[float, float, float]:
    """s = s0 + v t - a t^2 / 2 by least squares: (s0, v, a)."""
    design = np.column_stack([np.ones_like(t), t, -0.5 * t * t])
    (s0, v, a), *_ = np.linalg.lstsq(design, s, rcond=None)
    return float(s0), float(v), float(a)


def stop_fit(t: np.ndarray, s: np.ndarray, weights: np.ndarray | None = None,
             ) -> tuple[float, float, float, float]:
    """Fit a Coulomb slow-down that stops: s(t) = s_end - a (T - t)^2 / 2 before the stop time
    T, s_end after it. Linear in (s_end, a) for each T; T by a grid and then a finer one.

    Returns (s_end, a, T, rms). The speed at t = 0 is a T and the distance from t = 0 to the
    rest a T^2 / 2: every frame counts, the rest frames too, and no cut-off is needed.
    """
    root = np.ones_like(t) if weights is None else np.sqrt(weights / np.mean(weights))

    def solve(stop: float) -> tuple[float, float, float]:
        lever = 0.5 * np.maximum(stop - t, 0.0) ** 2
        design = np.column_stack([np.ones_like(t), -lever])
        coef, *_ = np.linalg.lstsq(design * root[:, None], s * root, rcond=None)
        res = float(np.sqrt(np.mean(((design @ coef - s) * root) ** 2)))
        return float(coef[0]), float(coef[1]), res

    lo, hi = float(t[0]), float(t[-1])
    best = (math.inf, lo)
    for _ in range(3):
        grid = np.linspace(lo, hi, 41)
        for stop in grid[1:]:
            res = solve(float(stop))[2]
            if res < best[0]:
                best = (res, float(stop))
        width = (hi - lo) / 40
        lo, hi = max(float(t[0]), best[1] - width), best[1] + width
    s_end, a, res = solve(best[1])
    return s_end, a, best[1], res


def _frame_a(pf: PieceFrames, first: int, last: int) -> int | None:
    """The first good frame of the shot followed by 3 more good frames in a row: the hand has
    let go and the piece is in full view."""
    for i in range(first, last - 2):
        if pf.good[i:i + 4].all():
            return i
    return None


def _note_hidden(m: Measured, pf: PieceFrames, hidden: list[int]) -> None:
    """Keep where the piece was in the frames not used, and the first of them."""
    m.hidden = [(float(pf.x[i]), float(pf.y[i])) for i in hidden if math.isfinite(pf.x[i])]
    if hidden and m.problem is None:
        m.problem = hidden[0]


def measure_all(pieces: dict[str, PieceFrames], setup: Setup) -> list[Measured]:
    """Every shot of the clip, measured (or marked unsure)."""
    spans = split(pieces, setup.fps)
    rest_n = round(REST_S * setup.fps)
    out = []
    n = len(next(iter(pieces.values())).x)

    def window(k: int) -> tuple[int, int]:
        return (spans[k - 1][1] + 1 if k else 0,
                spans[k + 1][0] if k + 1 < len(spans) else n)

    shared = None
    roles = [("piece", "target")] * len(spans)
    if setup.test != "slide" and setup.one_colour:
        roles = [_roles(pieces, first, last, setup.fps) for first, last in spans]
    if setup.test != "slide":
        samples: list[tuple[np.ndarray, np.ndarray]] = []
        for k, (first, last) in enumerate(spans):
            striker, target = roles[k]
            _hit(Measured(k + 1, first, last, setup.test), pieces[striker], pieces[target],
                 setup, window(k), rest_n, collect=samples)
        if len(samples) >= 2:
            shared = pooled_deceleration(samples)
    for k, (first, last) in enumerate(spans):
        before = spans[k - 1][1] + 1 if k else 0
        after = spans[k + 1][0] if k + 1 < len(spans) else n
        m = Measured(k + 1, first, last, setup.test)
        if last + 2 >= n or after - last < 3:
            m.reasons.append("the pieces had not come to rest before the next motion or the "
                             "clip's end")
        if setup.test == "slide":
            _slide(m, pieces["piece"], setup, (before, after), rest_n)
        else:
            striker, target = roles[k]
            _hit(m, pieces[striker], pieces[target], setup, (before, after), rest_n, shared)
        out.append(m)
    return out


def _roles(pieces: dict[str, PieceFrames], first: int, last: int,
           fps: float) -> tuple[str, str]:
    """(striker, target) of a shot whose two pieces have one colour: the striker is the one
    that starts moving first (the target waits for the contact)."""
    lag = max(1, round(fps / 30.0))
    starts = {}
    for name in ("piece", "target"):
        moving = np.flatnonzero(_moving(pieces[name], lag)[first:last + 1])
        starts[name] = int(moving[0]) if len(moving) else last + 1
    return ("target", "piece") if starts["target"] < starts["piece"] else ("piece", "target")


def _slide(m: Measured, pf: PieceFrames, setup: Setup, window: tuple[int, int],
           rest_n: int) -> None:
    rest = _rest(pf, m.last + 1, min(m.last + 1 + rest_n, window[1]))
    a = _frame_a(pf, m.first, m.last + 1)
    if rest is None:
        m.reasons.append("the piece was not seen at rest after the shot")
        return
    if a is None:
        m.reasons.append("the piece was never in full view for 4 frames in a row (hand, lost "
                         "track)")
        return
    m.frame_a = a
    pa = pf.p(a)
    total = float(np.hypot(*(rest - pa)))
    end = min(m.last + 1 + rest_n, window[1])
    frames = [i for i in range(a, m.last + 1) if pf.good[i]] + _still(pf, m.last + 1, end)
    moving = [i for i in frames if i <= m.last
              and math.hypot(pf.x[i] - pa[0], pf.y[i] - pa[1]) < FIT_SHARE * total]
    hidden = [i for i in range(a, m.last + 1) if pf.occluded[i] or pf.merged[i]]
    _note_hidden(m, pf, hidden)
    if hidden:
        m.reasons.append(f"a hand or another piece over it in {len(hidden)} frame(s) after "
                         "the release")
    if len(moving) < MIN_FIT:
        m.reasons.append(f"only {len(moving)} good frame(s) of the slide to fit")
        return
    direction = (rest - pa) / max(total, 1e-9)
    t = setup.seconds(frames, a, pf)
    d = np.array([float(np.dot(pf.p(i) - pa, direction)) for i in frames])
    s_end, dec, stop, rms = stop_fit(t, d)
    v = dec * stop
    # The centre's path as fitted (even slow-down along the line, a straight drift across it):
    # the rim dot's angle is read about it, not about each frame's noisier centroid.
    normal = np.array([-direction[1], direction[0]])
    along = s_end - 0.5 * dec * np.maximum(stop - t, 0.0) ** 2
    across = np.array([float(np.dot(pf.p(i) - pa, normal)) for i in frames])
    drift = np.polyfit(along, across, 1) if len(frames) > 2 else np.array([0.0, 0.0])
    path = {i: pa + direction * s_i + normal * float(np.polyval(drift, s_i))
            for i, s_i in zip(frames, along, strict=True)}
    m.fitted = moving
    m.path["piece"] = [(float(pf.x[i]), float(pf.y[i])) for i in range(a, m.last + 1)
                       if pf.good[i]] + [(float(rest[0]), float(rest[1]))]
    lateral = max(abs(_cross(direction, pf.p(i) - pa)) for i in frames)
    if lateral > 1.0:
        m.reasons.append(f"the path bends ({lateral:.1f} cm off a straight line)")
    if rms > EVEN_RMS_CM:
        m.reasons.append(f"the track does not follow an even slow-down ({rms:.2f} cm rms)")
    if dec <= 0 or v <= 0:
        m.reasons.append("the fitted track does not slow down")
        return
    frames = moving
    step = max(1, len(frames) // TRACK_POINTS)
    chosen = frames[::step][:TRACK_POINTS]
    at = setup.seconds(chosen, a, pf)
    track = tuple(TrackPoint(round(float(t_i), 6), float(pf.x[i]), float(pf.y[i]))
                  for i, t_i in zip(chosen, at, strict=True))
    # The launch: when the fitted slow-down leaves where the piece rested before the shot (the
    # hand hides it then; the slide's fit gives it to a fraction of a millisecond).
    start = _rest(pf, window[0], m.first, backward=True)
    launch: Launch | None = None
    if start is not None and dec > 0:
        back = float(np.dot(start - pa, direction))
        before = _still(pf, window[0], m.first, backward=True)
        path.update({i: start for i in before})
        launch = Launch(stop - math.sqrt(max(2.0 * (s_end - back) / dec, 0.0)), before)
    spin_speed, final_angle = _spin(pf, a, m.last, window[1], setup, path, launch)
    distance = 0.5 * dec * stop * stop
    m.values = {"launch_speed": v, "slide_distance": distance, "deceleration": dec}
    if spin_speed is not None and final_angle is not None:
        m.values.update(spin_speed=spin_speed, final_angle=final_angle)
    m.row = Shot(line=0, test="slide", piece=setup.piece, launch_speed=v,
                 slide_distance=distance, spin_speed=spin_speed, final_angle=final_angle,
                 track=track if len(track) >= 3 else (),
                 note=f"shot {m.number}: frames {m.first}-{m.last}")


@dataclass(frozen=True)
class Launch:
    """When the flick launched the piece (s after frame A, negative: the hand hid it) and the
    frames where it rested before."""

    time: float
    before: list[int]


def _spin(pf: PieceFrames, a: int, last: int, stop: int, setup: Setup,
          path: dict[int, np.ndarray] | None = None, launch: Launch | None = None,
          ) -> tuple[float | None, float | None]:
    """Spin (deg/s) at frame A and the rotation (deg) from A to rest, from the rim dot, or
    (None, None) when it was not seen well enough or the piece hardly turned.

    The dot's angle is read about the centre's fitted `path` (by frame) where it is known, and
    fitted with the table's closed form: an even slow-down that stops, theta(t) = theta_end -
    alpha (T - t)^2 / 2. Where the dot is large enough in the picture (ANCHOR_PX) and the
    `launch` is known, the turn starts there from the angle at rest before it (the spin and the
    slide start together): the fit then spans the whole turn, not only what follows the hand.
    """
    fps = setup.fps
    end = min(last + int(0.2 * fps), stop)
    frames = [i for i in [*range(a, last + 1), *_still(pf, last + 1, end)]
              if pf.good[i] and math.isfinite(pf.dot[i])]
    span = end - a
    if span < 4 or len(frames) < 0.8 * span:
        return None, None
    if max(b - c for b, c in zip(frames[1:], frames, strict=False)) > 3:
        return None, None
    theta = np.unwrap(_dot_angles(pf, frames, path))
    theta -= theta[0]
    # The dot can be followed only while it turns well under half a turn between frames; past
    # that (a fast spin, a noisy or blocky dot) its angle aliases and any spin read is wrong.
    if np.abs(np.diff(theta)).max(initial=0.0) > math.radians(MAX_TURN_PER_FRAME):
        return None, None
    final = float(np.median(theta[-max(3, int(0.05 * fps)):]))
    if abs(final) < math.radians(45):
        return None, None
    sign = 1.0 if final > 0 else -1.0
    times = setup.seconds(frames, a, pf)
    theta_end, alpha, t_stop, rms = stop_fit(times, theta * sign)
    pre = [i for i in launch.before if math.isfinite(pf.dot[i])] if launch is not None else []
    if (launch is not None and alpha > 0 and len(pre) >= 3
            and _dot_px(pf, frames, path, setup) >= ANCHOR_PX):
        # Before the launch the piece rests: its frames' times are the launch's, where the turn
        # starts, their angle whole turns from where the free fit puts the launch.
        rest = sign * (_dot_angles(pf, pre, path) - _dot_angles(pf, frames[:1], path)[0])
        guess = theta_end - 0.5 * alpha * max(t_stop - launch.time, 0.0) ** 2
        rest = np.unwrap(rest)
        rest += 2 * math.pi * round((guess - float(np.median(rest))) / (2 * math.pi))
        weights = np.ones(len(pre) + len(frames))
        weights[:len(pre)] = ANCHOR_WEIGHT / len(pre)
        _end, alpha, t_stop, rms = stop_fit(
            np.concatenate([np.full(len(pre), launch.time), times]),
            np.concatenate([rest, theta * sign]), weights)
    if alpha <= 0 or rms > 0.3:
        return None, None
    first_step = alpha * t_stop * float(times[1] - times[0]) if len(times) > 1 else 0.0
    if first_step > math.radians(MAX_TURN_PER_FRAME):
        return None, None
    return math.degrees(alpha * t_stop), math.degrees(0.5 * alpha * t_stop * t_stop)


def _dot_px(pf: PieceFrames, frames: list[int], path: dict[int, np.ndarray] | None,
            setup: Setup) -> float:
    """px: how far the rim dot is from the piece's centre in the picture (0 when unknown)."""
    if path is None or pf.dot_x is None or pf.dot_y is None or not setup.px_per_cm:
        return 0.0
    reach = [math.hypot(pf.dot_x[i] - path[i][0], pf.dot_y[i] - path[i][1])
             for i in frames if i in path and math.isfinite(pf.dot_x[i])]
    return float(np.median(reach)) * setup.px_per_cm if reach else 0.0


def _dot_angles(pf: PieceFrames, frames: list[int],
                path: dict[int, np.ndarray] | None) -> np.ndarray:
    """The rim dot's angle (rad) in `frames`: about the fitted centre where both are known,
    else as the tracker read it about the frame's centroid."""
    out = pf.dot[frames].astype(float)
    if path is None or pf.dot_x is None or pf.dot_y is None:
        return out
    for k, i in enumerate(frames):
        centre = path.get(i)
        if centre is not None and math.isfinite(pf.dot_x[i]) and math.isfinite(pf.dot_y[i]):
            out[k] = math.atan2(pf.dot_y[i] - centre[1], pf.dot_x[i] - centre[0])
    return out


def pooled_deceleration(samples: list[tuple[np.ndarray, np.ndarray]]) -> float:
    """The deceleration (cm/s^2) shared by several approaches of one piece on one table: a
    joint least-squares fit of s_k(t) = s0_k + v_k t - a t^2 / 2 (one start and speed per shot,
    one a). A few frames per shot fit a line well but a curvature badly; together they fit it."""
    k = len(samples)
    rows = sum(len(t) for t, _ in samples)
    design = np.zeros((rows, 2 * k + 1))
    target = np.zeros(rows)
    r = 0
    for j, (t, s) in enumerate(samples):
        n = len(t)
        design[r:r + n, 2 * j] = 1.0
        design[r:r + n, 2 * j + 1] = t
        design[r:r + n, -1] = -0.5 * t * t
        target[r:r + n] = s
        r += n
    coef, *_ = np.linalg.lstsq(design, target, rcond=None)
    return float(coef[-1])


def _hit(m: Measured, sf: PieceFrames, tf: PieceFrames, setup: Setup,
         window: tuple[int, int], rest_n: int, shared: float | None = None,
         collect: list[tuple[np.ndarray, np.ndarray]] | None = None) -> None:
    """Measure a collision or topple shot. `collect`: only gather the approach (t, s) for the
    pooled deceleration; `shared`: that deceleration, used instead of this shot's own."""
    s_rest = _rest(sf, m.last + 1, min(m.last + 1 + rest_n, window[1]))
    t0 = _rest(tf, max(window[0], m.first - rest_n), m.first, backward=True)
    t_rest = _rest(tf, m.last + 1, min(m.last + 1 + rest_n, window[1]))
    if t0 is None:
        m.reasons.append("the target was not seen at rest before the shot")
        return
    if t_rest is None and setup.test == "collision":
        m.reasons.append("the target was not seen at rest after the shot")
        return
    a = _frame_a(sf, m.first, m.last + 1)
    if a is None:
        m.reasons.append("the striker was never in full view for 4 frames in a row")
        return
    m.frame_a = a
    reach = setup.piece_radius + setup.target_radius
    # The target starts to move at the contact: the approach is what comes before.
    moved = [i for i in range(m.first, m.last + 1) if tf.good[i]
             and math.hypot(tf.x[i] - t0[0], tf.y[i] - t0[1]) > 0.1]
    hit_frame = moved[0] if moved else m.last + 1
    frames = [i for i in range(a, hit_frame) if sf.good[i]
              and math.hypot(sf.x[i] - t0[0], sf.y[i] - t0[1]) > reach + CLEAR_CM]
    # Merged with another blob of its colour: not used. The target of one colour merges with
    # it as it comes within a centimetre or so (what the outline's mending bridges): not a
    # reason to doubt the shot.
    hidden = [i for i in range(a, hit_frame)
              if sf.occluded[i] or (sf.merged[i] and not setup.one_colour)]
    _note_hidden(m, sf, hidden)
    if hidden:
        m.reasons.append(f"a hand or another piece over the striker in {len(hidden)} frame(s) "
                         "of its approach")
    if len(frames) < MIN_FIT:
        m.reasons.append(f"only {len(frames)} good frame(s) of the approach to fit (start "
                         "the striker farther from the target)")
        return
    pa = sf.p(frames[0])
    far = sf.p(frames[-1])
    u = (far - pa) / max(float(np.hypot(*(far - pa))), 1e-9)
    t = setup.seconds(frames, frames[0], sf)
    s = np.array([float(np.dot(sf.p(i) - pa, u)) for i in frames])
    if collect is not None:
        collect.append((t, s))
        return
    if shared is not None and 0.0 < shared < 3000.0:
        dec = shared
        (s0, v), *_ = np.linalg.lstsq(np.column_stack([np.ones_like(t), t]),
                                      s + 0.5 * dec * t * t, rcond=None)
        s0, v = float(s0), float(v)
    else:
        s0, v, dec = _fit(t, s)
    rms = float(np.sqrt(np.mean((s0 + v * t - 0.5 * dec * t * t - s) ** 2)))
    if rms > EVEN_RMS_CM:
        m.reasons.append(f"the approach does not follow an even slow-down ({rms:.2f} cm rms)")
    if not 0.0 <= dec < 3000.0:  # no table slows a piece by 3 g
        dec = max(0.0, min(dec, 3000.0))
        m.reasons.append("the approach's deceleration is implausible")

    def centre(tt: float) -> np.ndarray:
        return pa + u * (s0 + v * tt - 0.5 * dec * tt * tt)

    # Contact: the first time the fitted centre comes within `reach` of the target's.
    # The fitted path goes forward until its speed is 0 (t = v / dec): the contact is the first
    # time on it that the centres are `reach` apart.
    end = v / dec if dec > 0 else float(t[-1]) + 1.0
    grid = np.linspace(0.0, max(end, float(t[-1])), 400)
    inside = [k for k, tt in enumerate(grid) if np.hypot(*(centre(float(tt)) - t0)) <= reach]
    if not inside or inside[0] == 0:
        m.reasons.append("the striker's fitted path stops before it reaches the target")
        return
    lo, hi = float(grid[inside[0] - 1]), float(grid[inside[0]])
    for _ in range(40):
        mid = 0.5 * (lo + hi)
        if np.hypot(*(centre(mid) - t0)) > reach:
            lo = mid
        else:
            hi = mid
    tc = 0.5 * (lo + hi)
    speed = v - dec * tc
    if speed <= 0:
        m.reasons.append("the fitted approach stops before the contact")
        return
    contact = centre(tc)
    m.contact = (float(contact[0]), float(contact[1]))
    m.fitted = frames
    m.path["piece"] = [(float(sf.x[i]), float(sf.y[i])) for i in range(a, m.last + 1)
                       if sf.good[i]]
    m.path["target"] = [(float(tf.x[i]), float(tf.y[i])) for i in range(m.first, m.last + 1)
                        if tf.good[i]]
    m.values = {"impact_speed": speed}
    note = f"shot {m.number}: frames {m.first}-{m.last}"
    if setup.test == "collision":
        if s_rest is None:
            m.reasons.append("the striker was not seen at rest after the shot")
            return
        assert t_rest is not None
        striker_d = float(np.hypot(*(s_rest - contact)))
        target_d = float(np.hypot(*(t_rest - t0)))
        if target_d > 1.0:
            off = math.degrees(math.acos(float(np.clip(np.dot((t_rest - t0) / target_d, u),
                                                       -1, 1))))
            if off > 15.0:
                m.reasons.append(f"a glancing hit: the target went off {off:.0f} degrees "
                                 "from the striker's line")
        m.values.update(striker_distance=striker_d, target_distance=target_d)
        m.values["deceleration"] = dec  # the approach's, as fitted (shared by the shots)
        m.row = Shot(line=0, test="collision", piece=setup.piece, target=setup.piece,
                     impact_speed=speed, striker_distance=striker_d, target_distance=target_d,
                     note=note)
        return
    # topple: the target's silhouette after the shot against before it.
    end = min(m.last + 1 + rest_n, window[1])
    after = _still(tf, m.last + 1, end)
    before = _still(tf, max(window[0], m.first - rest_n), m.first, backward=True)
    if not after:
        # A fallen figure seen nowhere: it left the view, or lies hidden.
        m.reasons.append("the target was not seen after the shot")
        return
    elong = float(np.median(tf.elongation[after]))
    grew = float(np.median(tf.area[after])) / float(np.median(tf.area[before] if before
                                                              else tf.area[after]))
    fell = elong > FELL_ELONGATION or grew > 1.5
    if 1.3 < elong < 1.7 and not grew > 1.5:
        m.reasons.append(f"the target's silhouette is neither a disc nor a capsule "
                         f"(elongation {elong:.2f})")
    m.values.update(fell="yes" if fell else "no", elongation=elong)
    m.row = Shot(line=0, test="topple", piece=setup.piece, target=setup.target,
                 impact_speed=speed, fell=fell, note=note)
