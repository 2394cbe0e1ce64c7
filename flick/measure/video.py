"""Reading a clip frame by frame (OpenCV): its rate, its length, each frame with its time."""

from __future__ import annotations

import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from flick.errors import FlickError


@dataclass(frozen=True)
class VideoInfo:
    """A clip: path, frames per second (of the recording), frame count (maybe estimated), size,
    and the rate the file says (`stamped_fps`: its timestamps run that much faster than the
    recording when a slow-motion clip is stored at a lower rate)."""

    path: Path
    fps: float
    frames: int
    size: tuple[int, int]
    stamped_fps: float = 0.0


def open_video(path: str | Path, fps: float | None = None) -> VideoInfo:
    """Check a clip can be read; `fps` overrides the file's rate (a phone's slow motion is often
    stored at 30 frames per second although it was filmed at 240: give the filming rate)."""
    import cv2

    path = Path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise FlickError(f"{path}: no such file") from None
    except OSError as exc:  # a symlink loop, a name too long
        raise FlickError(f"{path}: cannot read the video: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise FlickError(f"{path}: not a regular file (a FIFO, a device or a folder is not "
                         "read)", exit_code=2)
    cap = cv2.VideoCapture(str(path))
    try:
        if not cap.isOpened():
            raise FlickError(f"{path}: not a video OpenCV can read")
        stamped = float(cap.get(cv2.CAP_PROP_FPS) or 0.0)
        rate = fps if fps is not None else stamped
        if not rate or rate <= 0:
            raise FlickError(f"{path}: the file gives no frame rate: give --fps")
        count = int(cap.get(cv2.CAP_PROP_FRAME_COUNT) or 0)
        w = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH))
        h = int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))
    finally:
        cap.release()
    return VideoInfo(path, rate, count, (w, h), stamped if stamped > 0 else rate)


def frames(info: VideoInfo) -> Iterator[tuple[int, np.ndarray]]:
    """(index, BGR frame) of every frame, in order."""
    for i, _stamp, frame in stamped(info):
        yield i, frame


def stamped(info: VideoInfo) -> Iterator[tuple[int, float, np.ndarray]]:
    """(index, the frame's own timestamp in ms as the file gives it, BGR frame) of every frame,
    in order; `times` turns the stamps into the recording's seconds."""
    import cv2

    cap = cv2.VideoCapture(str(info.path))
    try:
        i = 0
        while True:
            ok, frame = cap.read()
            if not ok:
                return
            yield i, float(cap.get(cv2.CAP_PROP_POS_MSEC)), frame
            i += 1
    finally:
        cap.release()


def times(stamps_ms: list[float], info: VideoInfo) -> np.ndarray:
    """Each frame's time (s) on the recording's clock: its own timestamp (a phone records at a
    variable rate: frames come late, are dropped or repeated), slowed by the rate given when a
    slow-motion clip is stored at a lower one (`--fps`); where the file's stamps are not usable
    (missing, not increasing), the frames 1 / fps apart."""
    ms = np.asarray(stamps_ms, dtype=float)
    nominal = np.arange(len(ms)) / info.fps
    if len(ms) < 2 or not np.isfinite(ms).all() or (np.diff(ms) <= 0).any():
        return nominal
    slow = info.stamped_fps / info.fps if info.stamped_fps > 0 else 1.0
    return (ms - ms[0]) / 1000.0 * slow


def grab(info: VideoInfo, wanted: Iterable[int]) -> dict[int, np.ndarray]:
    """Some frames by index (read in order: seeking is not exact in every format)."""
    want = set(wanted)
    got: dict[int, np.ndarray] = {}
    if not want:
        return got
    last = max(want)
    for i, frame in frames(info):
        if i in want:
            got[i] = frame
        if i >= last:
            break
    return got
