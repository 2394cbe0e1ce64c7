"""What a real phone adds to a clip of the table: the nuisances `flick measure` must read through.

`flick.measure.render` films shots as a careful person would (a phone on a stand, a grey table,
even light). A person who films their own table meets more: a wood or white table, a phone
tilted by hand, corners darker than the middle (vignetting), mains flicker, the hand's shadow,
strong sensor noise, JPEG and low-bitrate compression, a rolling shutter (rows exposed one
after another), and a variable frame rate (a phone stamps each frame with its own time; frames
are dropped or repeated under load). `Phone` names them; the renderer asks this module for the
table's surface, the tilted camera, each frame's time and each frame's finish, and writes the
clip with the frames' own timestamps (a rolling shutter it renders itself, band by band).

Everything random comes from the generator passed in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

SURFACES = ("grey", "white", "light_wood", "dark_wood")
FIELD_OF_VIEW = 65.0  # degrees across the image's width: a phone's main camera
MAINS = 100.0  # Hz: the flicker of lamps on 50 Hz mains


@dataclass(frozen=True)
class Phone:
    """The nuisances of one clip (all off: `flick.measure.render`'s careful phone).

    - `surface`: the table (grey, white, light_wood, dark_wood: wood has grain);
    - `tilt`: degrees the phone leans from looking straight down (its direction random);
    - `vignette`: how much darker the image's corners are than its middle (0-1);
    - `flicker`: the light's swing at the mains' 100 Hz, as a share of its brightness;
    - `shadow`: the hand casts a soft shadow;
    - `noise`: sensor noise (grey levels, 1 sigma), instead of the camera's;
    - `jpeg`: each frame compressed as a JPEG of this quality first (0: not);
    - `jitter`: each frame's interval varies by up to this share of the nominal one;
    - `drops`: the chance that a frame is never recorded (the next one comes a frame late);
    - `repeats`: the chance that a frame repeats the one before (a frozen frame, its own time);
    - `codec`: the container's codec: mpeg4 (MPEG-4 part 2) or libx264, at `bitrate` bit/s;
    - `rolling`: a rolling shutter: the rows are exposed one after another, the last this share
      of a frame's interval after the first (0: all at once; a phone reads its sensor in about
      a frame's interval at 30-60 fps); the frame's time is its middle row's.
    """

    surface: str = "grey"
    tilt: float = 0.0
    vignette: float = 0.0
    flicker: float = 0.0
    shadow: bool = False
    noise: float | None = None
    jpeg: int = 0
    jitter: float = 0.0
    drops: float = 0.0
    repeats: float = 0.0
    codec: str = "mpeg4"
    bitrate: int = 400_000
    rolling: float = 0.0

    def __post_init__(self) -> None:
        if self.surface not in SURFACES:
            raise ValueError(f"surface {self.surface!r}: one of {', '.join(SURFACES)}")


def surface(kind: str, size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """The bare table as a float32 BGR image: a dull colour, wood with its grain and knots."""
    import cv2

    w, h = size
    colours = {"grey": (170, 184, 196), "white": (232, 236, 238), "light_wood": (120, 170, 212),
               "dark_wood": (38, 66, 104)}
    img = np.empty((h, w, 3), np.float32)
    img[:] = colours[kind]
    if kind.endswith("wood"):
        # Grain: stripes along the boards, wavering, of varying strength, and planks' seams.
        y, x = np.mgrid[0:h, 0:w].astype(np.float32)
        waver = 6.0 * np.sin(x / 37.0 + float(rng.uniform(0, 6))) + 3.0 * np.sin(x / 11.0)
        grain = np.sin((y + waver) / 2.3) * 0.5 + np.sin((y + 0.6 * waver) / 5.1) * 0.5
        strength = 0.10 if kind == "light_wood" else 0.16
        img *= (1.0 + strength * grain)[..., None]
        for seam in rng.uniform(0, h, size=3):
            img[max(0, int(seam)):int(seam) + 1] *= 0.75
        for _ in range(2):  # knots
            cx, cy = float(rng.uniform(0, w)), float(rng.uniform(0, h))
            r2 = ((x - cx) / 9.0) ** 2 + ((y - cy) / 4.0) ** 2
            img *= (1.0 - 0.3 * np.exp(-r2))[..., None]
    img += rng.normal(0.0, 2.5, size=(h, w, 1)).astype(np.float32)
    return np.asarray(cv2.GaussianBlur(img, (0, 0), 0.7))


def tilted(straight: np.ndarray, size: tuple[int, int], degrees: float,
           view: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The table -> image homography of a camera leaning `degrees` from the straight-down one
    `straight` (in a random direction), zoomed so that the table's `view` corners (cm) fill
    the image as before: a rotation of the camera about its centre, K R K^-1."""
    import cv2

    if degrees == 0.0:
        return straight
    w, h = size
    f = (w / 2.0) / math.tan(math.radians(FIELD_OF_VIEW) / 2.0)
    k = np.array([[f, 0.0, w / 2.0], [0.0, f, h / 2.0], [0.0, 0.0, 1.0]])
    axis = float(rng.uniform(0.0, 2.0 * math.pi))
    vec = np.array([math.cos(axis), math.sin(axis), 0.0]) * math.radians(degrees)
    r = cv2.Rodrigues(vec)[0]
    lean = k @ r @ np.linalg.inv(k) @ straight
    corners = _project(lean, view)
    lo, hi = corners.min(axis=0), corners.max(axis=0)
    zoom = min(w / (hi[0] - lo[0]), h / (hi[1] - lo[1]))
    fit = np.array([[zoom, 0.0, (w - zoom * (hi[0] + lo[0])) / 2.0],
                    [0.0, zoom, (h - zoom * (hi[1] + lo[1])) / 2.0], [0.0, 0.0, 1.0]])
    return np.asarray(fit @ lean)


def _project(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    p = np.hstack([points, np.ones((len(points), 1))]) @ h.T
    return p[:, :2] / p[:, 2:3]


def frame_times(duration: float, fps: float, phone: Phone,
                rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """(time each frame shows, time it is stamped with), s. A dropped frame leaves a gap; a
    repeated one shows the moment of the frame before at its own later time."""
    shown: list[float] = []
    stamped: list[float] = []
    t = 0.0
    while t < duration:
        if shown and rng.random() < phone.drops:
            t += (1.0 + rng.uniform(-phone.jitter, phone.jitter)) / fps
            continue
        repeat = bool(shown) and rng.random() < phone.repeats
        shown.append(shown[-1] if repeat else t)
        stamped.append(t)
        t += (1.0 + rng.uniform(-phone.jitter, phone.jitter)) / fps
    return np.array(shown), np.array(stamped)


def finish(frame: np.ndarray, t: float, phone: Phone, rng: np.random.Generator) -> np.ndarray:
    """One frame as the phone stores it: vignetting, flicker, then JPEG (uint8 BGR in and out;
    sensor noise is added by the renderer)."""
    import cv2

    out = frame.astype(np.float32)
    if phone.vignette:
        h, w = out.shape[:2]
        y, x = np.ogrid[0:h, 0:w]
        r2 = ((x - w / 2.0) / (w / 2.0)) ** 2 + ((y - h / 2.0) / (h / 2.0)) ** 2
        out *= (1.0 - phone.vignette * r2 / 2.0)[..., None].astype(np.float32)
    if phone.flicker:
        out *= np.float32(1.0 + phone.flicker * math.sin(2.0 * math.pi * MAINS * t
                                                         + float(rng.uniform(0, 0.3))))
    img = np.clip(out, 0, 255).astype(np.uint8)
    if phone.jpeg:
        ok, data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, phone.jpeg])
        decoded = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
        if decoded is not None:
            img = np.asarray(decoded, dtype=np.uint8)
    return img


class Writer:
    """An mp4 of frames with their own timestamps (PyAV; a phone's variable frame rate)."""

    def __init__(self, path: str | Path, size: tuple[int, int], fps: float, phone: Phone) -> None:
        try:
            import av
        except ImportError:
            raise OSError("a clip with the frames' own timestamps needs PyAV: "
                          "pip install -e '.[measure]'") from None
        self.container = av.open(str(path), "w")
        stream: Any = self.container.add_stream(phone.codec, rate=round(fps))
        stream.width, stream.height = size
        stream.pix_fmt = "yuv420p"
        stream.bit_rate = phone.bitrate
        self.stream = stream
        self.base = Fraction(1, 60_000)  # MPEG-4 part 2 allows at most 1/65535
        self.stream.time_base = self.base
        self.stream.codec_context.time_base = self.base
        self.last = -1

    def write(self, frame: np.ndarray, t: float) -> None:
        import av

        pts = max(round(t / self.base), self.last + 1)
        self.last = pts
        out = av.VideoFrame.from_ndarray(np.ascontiguousarray(frame), format="bgr24")
        out.pts, out.time_base = pts, self.base
        for packet in self.stream.encode(out):
            self.container.mux(packet)

    def release(self) -> None:
        for packet in self.stream.encode():
            self.container.mux(packet)
        self.container.close()
