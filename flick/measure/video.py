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
    """A clip: path, frames per second (of the recording), frame count (maybe estimated), size."""

    path: Path
    fps: float
    frames: int
    size: tuple[int, int]


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
        rate = fps if fps is not None else float(cap.get(cv2.CAP_PROP_FPS) or 0.0)
        if not rate or rate <= 0:
            raise FlickError(f"{path}: the file gives no frame rate: give --fps")
        count = int(cap.get(cv2.CAP_PROP_FRAME_COUNT) or 0)
        w = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH))
        h = int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))
    finally:
        cap.release()
    return VideoInfo(path, rate, count, (w, h))


def frames(info: VideoInfo) -> Iterator[tuple[int, np.ndarray]]:
    """(index, BGR frame) of every frame, in order."""
    import cv2

    cap = cv2.VideoCapture(str(info.path))
    try:
        i = 0
        while True:
            ok, frame = cap.read()
            if not ok:
                return
            yield i, frame
            i += 1
    finally:
        cap.release()


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
