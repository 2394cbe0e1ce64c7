"""Videos made by flick itself: shots simulated on the table with known parameters, filmed.

The end-to-end test of `flick measure` (and `flick.bench.measure`) needs clips whose true
parameters are known. `render_video` simulates each shot of a `Script` on `flick.physics.Table`,
samples the pieces' poses at the camera's frame times and draws what a phone held above the
table would film: a table-coloured background, the four corner marks of `tools/README.md`, the
pieces in their colours (a white dot on the flicked disc's rim), a hand that comes in to flick and
leaves, motion blur (sub-exposures averaged), lens blur, camera noise and a slightly tilted
camera (a homography from the table to the image). Between two shots the pieces are put back
at once (a cut, as a person's hand puts them back). Everything random comes from the seeded
generator passed in.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from flick.measure import phone as phones
from flick.measure.colours import BGR
from flick.measure.phone import Phone
from flick.physics import PhysicsParams, Table
from flick.physics.footprint import Footprint, Footprints

Pose = tuple[float, float, float, bool]  # x, y (cm), angle (rad), standing

MARKS = (80.0, 60.0)  # cm: the rectangle of the corner marks the renderer draws
VIEW = ((-8.0, -6.0), (88.0, 66.0))  # cm: the part of the table in the picture
MARK_DIAMETER = 2.0  # cm
DOT_DIAMETER = 1.0  # cm: the rim dot
DOT_AT = 0.5  # of the radius from the centre

TABLE_COLOUR = BGR(170, 184, 196)
HAND_COLOUR = BGR(140, 170, 225)
DOT_COLOUR = BGR(245, 245, 245)


@dataclass(frozen=True)
class Piece:
    """A piece on the table at the start of a shot; `colour` BGR."""

    kind: str
    x: float
    y: float
    colour: BGR
    angle: float = 0.0
    dot: bool = False


@dataclass(frozen=True)
class ShotPlan:
    """One shot: the pieces (the first is the flicked one) and its launch (cm/s, rad/s)."""

    pieces: tuple[Piece, ...]
    velocity: tuple[float, float]
    spin: float = 0.0


@dataclass(frozen=True)
class Camera:
    """What the camera adds: rate, size, blur, noise, tilt (how far the image corners move, as a
    fraction of the image size), the hand."""

    fps: float = 60.0
    size: tuple[int, int] = (320, 240)
    exposure: float = 0.5  # of the frame time the shutter is open (motion blur)
    noise: float = 3.0  # grey levels, 1 sigma
    lens_blur: float = 0.6  # px, sigma of a Gaussian
    tilt: float = 0.03
    hand: bool = True


@dataclass
class Trajectory:
    """Poses of every piece at the simulation's step times (s since the launch)."""

    times: np.ndarray
    poses: list[list[Pose]]  # poses[step][piece]
    fell: tuple[bool, ...] = ()

    def at(self, t: float) -> list[Pose]:
        """Poses at time t (linear between steps; rest after the last)."""
        if t <= 0.0:
            return self.poses[0]
        k = int(np.searchsorted(self.times, t))
        if k >= len(self.times):
            return self.poses[-1]
        t0, t1 = self.times[k - 1], self.times[k]
        a = 0.0 if t1 <= t0 else (t - t0) / (t1 - t0)
        out = []
        for p, q in zip(self.poses[k - 1], self.poses[k], strict=True):
            if p[3] != q[3]:
                out.append(q)
            else:
                out.append((p[0] + a * (q[0] - p[0]), p[1] + a * (q[1] - p[1]),
                            p[2] + a * (q[2] - p[2]), q[3]))
        return out

    @property
    def duration(self) -> float:
        return float(self.times[-1])


def simulate(params: PhysicsParams, plan: ShotPlan) -> Trajectory:
    """Run one shot on the table and record every piece's pose after every step."""
    table = Table(params, city=MARKS)
    ids = [table.add(p.kind, p.x, p.y, p.angle) for p in plan.pieces]
    world = table.world()
    start: list[Pose] = [(p.x, p.y, p.angle, True) for p in plan.pieces]
    times: list[float] = [0.0]
    poses: list[list[Pose]] = [start]
    real_step = world.space.step
    clock = [0.0]

    def poses_now() -> list[Pose]:
        out = []
        for pid, first in zip(ids, start, strict=True):
            body = world.bodies.get(pid)
            if body is None:
                out.append(first)
            else:
                x, y = body.position
                out.append((float(x), float(y), float(body.angle), pid not in world.fell))
        return out

    def step(dt: float) -> None:
        real_step(dt)
        clock[0] += dt
        times.append(clock[0])
        poses.append(poses_now())

    world.space.step = step  # type: ignore[method-assign]
    world.launch({}, {ids[0]: (plan.velocity, plan.spin)})
    world.run()
    return Trajectory(np.array(times), poses, tuple(not p[3] for p in poses[-1]))


@dataclass
class Script:
    """A clip: shots one after another, each with rest before and after it (s)."""

    shots: Sequence[ShotPlan]
    before: float = 0.35
    after: float = 0.3
    trajectories: list[Trajectory] = field(default_factory=list)
    launches: list[float] = field(default_factory=list)  # s: each launch's time in the clip
    duration: float = 0.0


def table_to_image(camera: Camera, rng: np.random.Generator) -> np.ndarray:
    """The 3x3 homography from table cm (y up) to image pixels of a slightly tilted camera."""
    import cv2

    (x0, y0), (x1, y1) = VIEW
    w, h = camera.size
    table = np.array([[x0, y1], [x1, y1], [x1, y0], [x0, y0]], dtype=np.float32)
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.float64)
    corners += rng.uniform(-camera.tilt, camera.tilt, size=(4, 2)) * [w, h]
    return np.asarray(cv2.getPerspectiveTransform(table, corners.astype(np.float32)))


def _project(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    ones = np.ones((len(points), 1))
    p = np.hstack([points, ones]) @ h.T
    return p[:, :2] / p[:, 2:3]


def _outline(fp: Footprint, x: float, y: float, angle: float, n: int = 28) -> list[np.ndarray]:
    """Each part of a footprint as a polygon in table cm (a swollen core's hull)."""
    c, s = math.cos(angle), math.sin(angle)
    polys = []
    ring = np.linspace(0.0, 2 * math.pi, n, endpoint=False)
    circle = np.column_stack([np.cos(ring), np.sin(ring)])
    for part in fp.parts:
        core = np.array(part.core, dtype=float)
        pts = (core[:, None, :] + part.radius * circle[None, :, :]).reshape(-1, 2)
        if len(core) > 1:
            pts = _hull(pts)
        world = np.column_stack([x + c * pts[:, 0] - s * pts[:, 1],
                                 y + s * pts[:, 0] + c * pts[:, 1]])
        polys.append(world)
    return polys


def _hull(points: np.ndarray) -> np.ndarray:
    import cv2

    return cv2.convexHull(points.astype(np.float32)).reshape(-1, 2).astype(float)


def _disc(x: float, y: float, r: float, n: int = 20) -> np.ndarray:
    ring = np.linspace(0.0, 2 * math.pi, n, endpoint=False)
    return np.column_stack([x + r * np.cos(ring), y + r * np.sin(ring)])


_PAD = 64  # px: the noise field is this much larger than a frame
_SHIFT = 4  # fixed-point bits of cv2.fillPoly: sub-pixel outlines


def _fill(img: np.ndarray, h: np.ndarray, poly: np.ndarray, colour: BGR, scale: float) -> None:
    import cv2

    pts = _project(h, poly) * scale
    cv2.fillPoly(img, [np.round(pts * (1 << _SHIFT)).astype(np.int32)], colour.tuple(),
                 lineType=cv2.LINE_AA, shift=_SHIFT)


def _hand(t: float, launch: float, start: Piece, direction: tuple[float, float],
          ) -> list[np.ndarray]:
    """The flicking hand in table cm at time t, or nothing: it comes in from behind the piece,
    touches it at the launch and goes back the way it came."""
    come, leave, speed = 0.3, 0.2, 60.0  # s before, s after, cm/s
    if not launch - come <= t <= launch + leave:
        return []
    dx, dy = direction
    back = speed * (launch - t) if t < launch else speed * (t - launch) * 1.5
    r = 2.0  # the disc's half width behind which the fingertip sits
    tip = (start.x - dx * (r * 0.4 + back), start.y - dy * (r * 0.4 + back))
    px, py = -dy, dx
    finger_end = (tip[0] - dx * 7.0, tip[1] - dy * 7.0)
    finger = np.array([
        [tip[0] + px * 0.9, tip[1] + py * 0.9], [tip[0] - px * 0.9, tip[1] - py * 0.9],
        [finger_end[0] - px * 0.9, finger_end[1] - py * 0.9],
        [finger_end[0] + px * 0.9, finger_end[1] + py * 0.9],
    ])
    palm_c = (finger_end[0] - dx * 4.0 + px * 2.0, finger_end[1] - dy * 4.0 + py * 2.0)
    ring = np.linspace(0.0, 2 * math.pi, 24, endpoint=False)
    a, b = 5.5, 4.5
    palm = np.column_stack([
        palm_c[0] + a * np.cos(ring) * dx - b * np.sin(ring) * px,
        palm_c[1] + a * np.cos(ring) * dy - b * np.sin(ring) * py,
    ])
    tipdisc = _disc(tip[0], tip[1], 0.9, 12)
    return [finger, palm, tipdisc]


def render_video(path: str | Path, params: PhysicsParams, script: Script, camera: Camera,
                 rng: np.random.Generator, phone: Phone | None = None) -> Script:
    """Simulate and film `script`; write the clip (mp4v .mp4, MJPG .avi) to `path`. With a
    `phone` (`flick.measure.phone`), film it as that phone would: its table, tilt, light,
    noise and compression, each frame stamped with its own time (an .mp4 through PyAV).

    Returns the script with each shot's trajectory, launch time and the clip's duration filled in.
    """
    import cv2

    fps = camera.fps
    h_true = table_to_image(camera, rng)
    if phone is not None:
        (x0, y0), (x1, y1) = VIEW
        view = np.array([[x0, y1], [x1, y1], [x1, y0], [x0, y0]], dtype=float)
        h_true = phones.tilted(h_true, camera.size, phone.tilt, view, rng)
    fpa = Footprints(params)
    script.trajectories = [simulate(params, plan) for plan in script.shots]
    t = 0.0
    script.launches = []
    for traj in script.trajectories:
        script.launches.append(t + script.before)
        t += script.before + traj.duration + script.after
    script.duration = t
    w, hgt = camera.size
    if phone is None:
        n_frames = math.ceil(script.duration * fps)
        shown = stamped = np.arange(n_frames) / fps
        fourcc = cv2.VideoWriter.fourcc(*("MJPG" if str(path).endswith(".avi") else "mp4v"))
        writer: Any = cv2.VideoWriter(str(path), fourcc, fps, (w, hgt))
        if not writer.isOpened():
            raise OSError(f"{path}: cannot write a video")
        if str(path).endswith(".avi"):
            writer.set(cv2.VIDEOWRITER_PROP_QUALITY, 90)
        # The table: its colour, a faint fixed texture, the corner marks.
        base = np.empty((hgt, w, 3), np.float32)
        base[:] = TABLE_COLOUR.tuple()
        base += rng.normal(0.0, 2.5, size=(hgt, w, 1)).astype(np.float32)
    else:
        shown, stamped = phones.frame_times(script.duration, fps, phone, rng)
        writer = phones.Writer(path, (w, hgt), fps, phone)
        base = phones.surface(phone.surface, (w, hgt), rng)
        n_frames = len(shown)
    base_img = np.clip(base, 0, 255).astype(np.uint8)
    mark_colour = BGR(200, 40, 200)
    for mx, my in ((0.0, 0.0), (MARKS[0], 0.0), (MARKS[0], MARKS[1]), (0.0, MARKS[1])):
        _fill(base_img, h_true, _disc(mx, my, MARK_DIAMETER / 2, 24), mark_colour, 1.0)
    # Camera noise: random crops of one field of Gaussian noise (as good as fresh noise for
    # a tracker, and cheap).
    sigma = camera.noise if phone is None or phone.noise is None else phone.noise
    noise = np.round(rng.standard_normal((hgt + _PAD, w + _PAD, 3), dtype=np.float32)
                     * sigma).astype(np.int16)
    subs = max(1, round(camera.exposure * 240.0 / fps))  # sub-exposures: motion blur
    shot_starts = [launch - script.before for launch in script.launches]
    previous: np.ndarray | None = None
    for i in range(n_frames):
        if i and shown[i] == shown[i - 1] and previous is not None:
            writer.write(previous, float(stamped[i]))  # a repeated frame: the same picture
            continue
        t_frame = float(shown[i])
        k = max(0, int(np.searchsorted(shot_starts, t_frame, side="right")) - 1)
        acc = np.zeros((hgt, w, 3), np.uint16)
        shadow = phone is not None and phone.shadow
        for j in range(subs):
            ts = t_frame + camera.exposure / fps * ((j + 0.5) / subs - 0.5)
            if phone is None or not phone.rolling:
                acc += _scene(ts, base_img, h_true, script, k, fpa, camera.hand, shadow)
                continue
            # A rolling shutter: each band of rows exposed later than the one above it, the
            # frame's time the middle row's.
            for b in range(ROLLING_BANDS):
                lo, hi = b * hgt // ROLLING_BANDS, (b + 1) * hgt // ROLLING_BANDS
                late = phone.rolling / fps * ((lo + hi) / (2.0 * hgt) - 0.5)
                acc[lo:hi] += _scene(ts + late, base_img, h_true, script, k, fpa, camera.hand,
                                     shadow)[lo:hi]
        frame = ((acc + subs // 2) // subs).astype(np.uint8)
        if camera.lens_blur > 0:
            frame = np.asarray(cv2.GaussianBlur(frame, (0, 0), camera.lens_blur))
        ox, oy = int(rng.integers(0, _PAD)), int(rng.integers(0, _PAD))
        noisy = frame.astype(np.int16) + noise[oy:oy + hgt, ox:ox + w]
        out = np.clip(noisy, 0, 255).astype(np.uint8)
        if phone is None:
            writer.write(out)
        else:
            out = phones.finish(out, t_frame, phone, rng)
            writer.write(out, float(stamped[i]))
        previous = out
    writer.release()
    return script


def _scene(ts: float, base: np.ndarray, h: np.ndarray, script: Script, k: int,
           fpa: Footprints, hand: bool, shadow: bool) -> np.ndarray:
    """The table at time `ts` of the clip, during shot `k`: its pieces and the hand."""
    plan, traj, launch = script.shots[k], script.trajectories[k], script.launches[k]
    img = base.copy()
    poses = traj.at(ts - launch)
    for piece, (x, y, angle, standing) in zip(plan.pieces, poses, strict=True):
        fp = fpa.get(piece.kind, standing)
        for poly in _outline(fp, x, y, angle):
            _fill(img, h, poly, piece.colour, 1.0)
        if piece.dot and standing:
            r = fp.reach * DOT_AT
            _fill(img, h, _disc(x + r * math.cos(angle), y + r * math.sin(angle),
                                DOT_DIAMETER / 2, 12), DOT_COLOUR, 1.0)
    if hand:
        vx, vy = plan.velocity
        speed = math.hypot(vx, vy) or 1.0
        polys = _hand(ts, launch, plan.pieces[0], (vx / speed, vy / speed))
        if shadow and polys:
            _shadow(img, h, polys)
        for poly in polys:
            _fill(img, h, poly, HAND_COLOUR, 1.0)
    return img


ROLLING_BANDS = 24  # bands of rows a rolling shutter is rendered in (10 rows each at 240)
SHADOW_OFFSET = (2.5, -2.0)  # cm: where the hand's shadow falls from the hand (a lamp above)


def _shadow(img: np.ndarray, h: np.ndarray, hand: list[np.ndarray]) -> None:
    """Darken the table under the hand's shadow (soft-edged, about a third darker)."""
    import cv2

    mask = np.zeros(img.shape[:2], np.uint8)
    for poly in hand:
        pts = _project(h, poly + np.array(SHADOW_OFFSET))
        cv2.fillPoly(mask, [np.round(pts).astype(np.int32)], 255, lineType=cv2.LINE_AA)
    soft = cv2.GaussianBlur(mask, (0, 0), 3.0).astype(np.float32) / 255.0
    img[:] = np.clip(img * (1.0 - 0.35 * soft)[..., None], 0, 255).astype(np.uint8)


# -- the shots of the tests, as a person would make them --------------------------------------

# px: the slides' picture where their spin is read. At 320x240 the 1 cm rim dot is 3 px across,
# 3 px from the centre: the pixel grid moves its centroid by 3-9 degrees, and no fit reads the
# spin's slow-down to better than 5-9 % (the spin lever of 8 seeds: 8.75 % mean error, 4.9 %
# with the reading `flick.measure.shots` does now). At 640x480 (6.7 px per cm) 1.5 %. A phone
# films 240 fps at 1280x720 or 1920x1080: the table's 96 cm across in 960 to 1440 px, 10 to 15
# px per cm, more than this.
SPIN_SIZE = (640, 480)

STRIKER_COLOUR = BGR(200, 90, 30)  # blue
TARGET_COLOUR = BGR(60, 160, 40)  # green
APPROACH = 25.0  # cm between the striker's and the target's centres at the start


def plan_shots(test: str, params: PhysicsParams, rng: np.random.Generator, shots: int,
               piece: str = "movement_disc", target: str = "zombie",
               target_colour: BGR = TARGET_COLOUR) -> list[ShotPlan]:
    """Shots of one test on the table `params` (the true one), spread as tools/README.md asks:
    slides of 12-50 cm (half of them spun), head-on hits at 50-150 cm/s, toppling hits spread
    evenly over 0.75-1.3 times the speed that fells the target, in a shuffled order. The
    target has `target_colour` (the striker's own: two pieces of one colour)."""
    from flick.tuning import model

    mu = params.pieces[piece].table_friction
    g = params.gravity
    plans = []
    if test == "slide":
        for k in range(shots):
            d = float(rng.uniform(12.0, 50.0))
            heading = float(rng.uniform(-0.15, 0.15))
            v = math.sqrt(2.0 * mu * g * d)
            spin = float(rng.uniform(15.0, 35.0) * rng.choice([-1.0, 1.0])) if k % 2 == 0 else 0.0
            x, y = float(rng.uniform(6.0, 12.0)), float(rng.uniform(15.0, 45.0))
            plans.append(ShotPlan(
                (Piece(piece, x, y, STRIKER_COLOUR, float(rng.uniform(0, 2 * math.pi)),
                       dot=True),),
                (v * math.cos(heading), v * math.sin(heading)), spin))
        return plans
    hit = piece if test == "collision" else target
    reach = Footprints(params).get(piece).reach + Footprints(params).get(hit).reach
    if test == "collision":
        speeds = [float(rng.uniform(50.0, 150.0)) for _ in range(shots)]
    else:
        vc = model.critical_speed(model.ToppleTask(params, piece, target,
                                                   model.value(params, f"topple_{target}")))
        speeds = list(vc * np.linspace(0.75, 1.3, shots))
        rng.shuffle(speeds)
    for vi in speeds:
        x, y = float(rng.uniform(6.0, 12.0)), float(rng.uniform(15.0, 45.0))
        v0 = math.sqrt(vi * vi + 2.0 * mu * g * (APPROACH - reach))
        plans.append(ShotPlan(
            (Piece(piece, x, y, STRIKER_COLOUR), Piece(hit, x + APPROACH, y, target_colour)),
            (v0, 0.0)))
    return plans


def hidden_table(params: PhysicsParams, rng: np.random.Generator) -> dict[str, float]:
    """True values for a rendered test: the disc's friction, the plastic's elasticity and the
    zombie's toppling scale, each moved from the default by a seeded random amount."""
    from flick.tuning import model

    return {
        "mu_movement_disc": model.value(params, "mu_movement_disc") * float(
            rng.uniform(0.8, 1.25)),
        "elasticity_plastic": min(model.value(params, "elasticity_plastic") * float(
            rng.uniform(0.92, 1.08)), 0.95),
        "topple_zombie": model.value(params, "topple_zombie") * float(rng.uniform(0.8, 1.25)),
    }


@dataclass(frozen=True)
class Clip:
    """A rendered test clip: the file, the test, its rate, the shots' trajectories."""

    path: Path
    test: str
    fps: float
    script: Script


def render_tests(directory: str | Path, params: PhysicsParams, seed: int,
                 tests: Sequence[tuple[str, float, int]] = (
                     ("slide", 240.0, 4), ("collision", 60.0, 5), ("topple", 60.0, 10)),
                 camera: Camera | None = None, container: str = "avi",
                 phone: Phone | None = None, sizes: Mapping[str, tuple[int, int]] | None = None,
                 target_colour: BGR = TARGET_COLOUR) -> tuple[dict[str, float], list[Clip]]:
    """A hidden table (`hidden_table`, seeded) and one clip per (test, fps, shots), filmed
    from a slightly tilted camera with noise, blur and a hand. Returns the true values and the
    clips (written as `<test>.avi` in `directory`: motion JPEG, each frame on its own, as a
    phone's high-bitrate video; "mp4" writes MPEG-4 part 2, whose low bitrate smears slow
    motion over several frames). `sizes`: a test's own picture size (px), where it is not the
    camera's (SPIN_SIZE for slides whose spin is read). `target_colour`: the hit pieces'
    colour (STRIKER_COLOUR: two pieces of one colour)."""
    from flick.tuning import model

    rng = np.random.default_rng(seed)
    truth = hidden_table(params, rng)
    hidden = model.apply(params, truth)
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    clips = []
    for test, fps, n in tests:
        plans = plan_shots(test, hidden, rng, n, target_colour=target_colour)
        cam = camera or Camera()
        size = (sizes or {}).get(test, cam.size)
        cam = Camera(fps=fps, size=size, exposure=cam.exposure, noise=cam.noise,
                     lens_blur=cam.lens_blur, tilt=cam.tilt, hand=cam.hand)
        path = directory / f"{test}.{'mp4' if phone is not None else container}"
        script = render_video(path, hidden, Script(plans), cam, rng, phone)
        clips.append(Clip(path, test, fps, script))
    return truth, clips
