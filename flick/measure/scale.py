"""The scale and the perspective: four corner marks of known spacing, found in the first frames.

Four marks of one colour (stickers or paper dots, 1-3 cm across) lie on the table at the corners
of a rectangle whose sides you measured (`--marks 80x60`, cm). They give the homography from
image pixels to table centimetres, so a camera that is not quite straight above the table still
measures true distances on the table's plane. The camera must not move during the clip.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from flick.errors import FlickError
from flick.measure.colours import ColourRange


@dataclass(frozen=True)
class Scale:
    """image -> table homography, the marks found (px, in order TL TR BR BL on the image), and
    the rectangle (cm). Table axes: x along the top edge of the image, y up the image."""

    image_to_table: np.ndarray
    marks_px: np.ndarray
    rectangle: tuple[float, float]

    @property
    def table_to_image(self) -> np.ndarray:
        return np.linalg.inv(self.image_to_table)

    def to_table(self, points: np.ndarray) -> np.ndarray:
        """(n, 2) pixels -> (n, 2) cm."""
        return _apply(self.image_to_table, points)

    def to_image(self, points: np.ndarray) -> np.ndarray:
        return _apply(self.table_to_image, points)

    def px_per_cm(self) -> float:
        """Pixels per cm in the middle of the marks (for thresholds given in pixels)."""
        w, h = self.rectangle
        p = self.to_image(np.array([[w / 2, h / 2], [w / 2 + 1.0, h / 2]]))
        return float(np.hypot(*(p[1] - p[0])))


def _apply(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    pts = np.asarray(points, dtype=float).reshape(-1, 2)
    p = np.hstack([pts, np.ones((len(pts), 1))]) @ h.T
    return p[:, :2] / p[:, 2:3]


def find_marks(frame: np.ndarray, colour: ColourRange) -> np.ndarray | None:
    """The centres (px) of the four largest blobs of the marks' colour, ordered TL TR BR BL, or
    None if fewer than four of similar size are seen."""
    import cv2

    hsv = cv2.cvtColor(frame, cv2.COLOR_BGR2HSV)
    mask = colour.mask(hsv)
    n, _labels, stats, centroids = cv2.connectedComponentsWithStats(mask)
    blobs = sorted(((int(stats[i, cv2.CC_STAT_AREA]), centroids[i]) for i in range(1, n)),
                   key=lambda b: -b[0])
    blobs = [b for b in blobs if b[0] >= 4]
    if len(blobs) < 4 or blobs[3][0] < 0.25 * blobs[0][0]:
        return None
    pts = np.array([c for _, c in blobs[:4]], dtype=float)
    centre = pts.mean(axis=0)
    # Order by the angle around their middle, starting top-left, clockwise on the image.
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]  # from -pi: TL (up-left on the image: y down) first
    return pts


def from_background(table: np.ndarray, first: list[np.ndarray], colour: ColourRange,
                    rectangle: tuple[float, float]) -> Scale:
    """The scale from the marks on the bare table (the median of frames over the clip: no
    hand, little noise), else from those seen in the first frames."""
    marks = find_marks(table, colour)
    if marks is not None:
        return _scale(marks, rectangle)
    return from_frames(first, colour, rectangle, table)


def from_frames(frames: Iterable[np.ndarray], colour: ColourRange,
                rectangle: tuple[float, float], table: np.ndarray | None = None) -> Scale:
    """The scale from the marks seen in several frames (the median of each mark's centre).
    When none shows four, the error says what was seen of the marks' colour, where (in
    `table`, else the first frame)."""
    frames = list(frames)
    found = [m for m in (find_marks(f, colour) for f in frames) if m is not None]
    if not found:
        seen = _blobs(table if table is not None else frames[0], colour) if frames or (
            table is not None) else []
        where = ", ".join(f"({x:.0f}, {y:.0f}) {a} px" for a, (x, y) in seen[:6])
        told = (f"{len(seen)} {colour.name} spot(s) seen, at (x, y) pixels from the top left "
                f"and their size: {where}" if seen else f"nothing {colour.name} was seen")
        raise FlickError(
            f"the four {colour.name} corner marks were not found ({told}): four marks of one "
            "colour and of about the same size must be in view at the corners of a measured "
            "rectangle (tools/README.md, 'From a video'); name their colour with "
            "--mark-colour")
    return _scale(np.median(np.stack(found), axis=0), rectangle)


def _blobs(frame: np.ndarray, colour: ColourRange) -> list[tuple[int, tuple[float, float]]]:
    """(area px, centre) of the blobs of `colour` in a frame, largest first."""
    import cv2

    mask = colour.mask(cv2.cvtColor(frame, cv2.COLOR_BGR2HSV))
    n, _labels, stats, centroids = cv2.connectedComponentsWithStats(mask)
    blobs = [(int(stats[i, cv2.CC_STAT_AREA]), (float(centroids[i][0]), float(centroids[i][1])))
             for i in range(1, n)]
    return sorted((b for b in blobs if b[0] >= 4), key=lambda b: -b[0])


def _scale(marks: np.ndarray, rectangle: tuple[float, float]) -> Scale:
    import cv2

    w, h = rectangle
    table = np.array([[0, h], [w, h], [w, 0], [0, 0]], dtype=np.float32)
    hom = np.asarray(cv2.getPerspectiveTransform(marks.astype(np.float32), table))
    return Scale(hom, marks, rectangle)
