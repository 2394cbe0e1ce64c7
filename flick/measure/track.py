"""Each piece found in every frame by its colour: where it is (table cm), how big and how long
its silhouette is, where its rim dot points, and whether a hand is over it.

One piece per colour: the flicked piece has one colour, the piece it hits another. A piece is
the largest blob of its colour (holes such as its rim dot filled). A frame where a hand touches
the blob is marked occluded: its position is not used. A hand is skin-coloured *and* not the
table: the table is learnt from the clip (`Background`, the median of frames spread over it), so
a wood table as warm as skin is not taken for a hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from flick.measure.colours import SKIN, ColourRange, white_mask
from flick.measure.scale import Scale


@dataclass
class Track:
    """Per frame (index = frame number): position (cm; nan when not found), silhouette area
    (cm^2), elongation (long axis / short axis), rim-dot angle (rad, nan when not seen) and
    the dot's own position (cm), occluded (a hand touches it), blobs (of its colour, at least a
    third of the largest)."""

    name: str
    x: list[float] = field(default_factory=list)
    y: list[float] = field(default_factory=list)
    area: list[float] = field(default_factory=list)
    elongation: list[float] = field(default_factory=list)
    dot: list[float] = field(default_factory=list)
    dot_x: list[float] = field(default_factory=list)
    dot_y: list[float] = field(default_factory=list)
    occluded: list[bool] = field(default_factory=list)
    blobs: list[int] = field(default_factory=list)

    def arrays(self) -> dict[str, np.ndarray]:
        return {k: np.array(getattr(self, k)) for k in
                ("x", "y", "area", "elongation", "dot", "dot_x", "dot_y", "occluded", "blobs")}


@dataclass(frozen=True)
class Background:
    """The table without what moves over it: the per-pixel median of frames spread over the
    clip (the hand and a moving piece are in few of them). `changed(frame)` marks the pixels
    that differ from it, after the light's overall swing (flicker) is taken out, by more than
    the frame's own noise allows."""

    image: np.ndarray  # BGR uint8
    smooth: np.ndarray = field(init=False, repr=False)  # the image blurred as frames are
    level: float = field(init=False, repr=False)  # its median grey level

    def __post_init__(self) -> None:
        import cv2

        smooth = cv2.GaussianBlur(self.image, (5, 5), 0)
        object.__setattr__(self, "smooth", smooth)
        object.__setattr__(self, "level", max(float(np.median(smooth[::4, ::4])), 1.0))

    @classmethod
    def of(cls, frames: list[np.ndarray]) -> Background:
        return cls(np.median(np.stack(frames), axis=0).astype(np.uint8))

    def changed(self, frame: np.ndarray) -> np.ndarray:
        import cv2

        f = cv2.GaussianBlur(frame, (5, 5), 0)
        gain = float(np.median(f[::4, ::4])) / self.level
        diff = cv2.absdiff(f, cv2.convertScaleAbs(self.smooth, alpha=gain))
        b, g, r = cv2.split(diff)
        most = cv2.max(cv2.max(b, g), r)
        noise = 1.4826 * float(np.median(most[::4, ::4]))
        _, out = cv2.threshold(most, max(CHANGED_LEVELS, 4.0 * noise), 255, cv2.THRESH_BINARY)
        return np.asarray(out)

    def white(self) -> bool:
        """Whether the table itself reads as white (then white next to a piece is table, not
        its rim dot)."""
        import cv2

        hsv = cv2.cvtColor(self.image, cv2.COLOR_BGR2HSV)
        return float(np.mean(white_mask(hsv) > 0)) > 0.3


FINGER_CM = 1.2  # cm: the least width of a hand seen from above (a fingertip)
CHANGED_LEVELS = 12.0  # grey levels: the least change from the table that is something on it


class Tracker:
    """Finds the pieces of the given colours in frames, one frame at a time."""

    def __init__(self, scale: Scale, colours: dict[str, ColourRange],
                 background: Background | None = None) -> None:
        import cv2

        self.scale = scale
        self.colours = colours
        self.background = background
        self.white_table = background is not None and background.white()
        self.tracks = {name: Track(name) for name in colours}
        self.kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
        self.near = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
        self.close = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
        self.px_cm = scale.px_per_cm()
        across = max(3, 2 * round(FINGER_CM * self.px_cm / 2) + 1)  # px, odd
        self.finger = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (across, across))
        # Where the table itself is skin-coloured (a warm wood), only a change is a hand.
        self.table_skin: np.ndarray | None = None
        if background is not None:
            table_skin = cv2.dilate(SKIN.mask(cv2.cvtColor(background.image, cv2.COLOR_BGR2HSV)),
                                    self.kernel)
            self.table_skin = table_skin if table_skin.any() else None

    def add(self, frame: np.ndarray) -> None:
        import cv2

        hsv = cv2.cvtColor(frame, cv2.COLOR_BGR2HSV)
        # Specks of skin colour (noise, compression) are not a hand: open, then widen. Skin
        # colour where the table is (a warm wood) is not a hand either.
        skin = SKIN.mask(hsv)
        if self.background is not None and self.table_skin is not None:
            # There, a hand is skin that changed the table, and not the rim of blended colour
            # round a piece that moved over it (its motion blur: `near` around its colour).
            pieces = np.zeros_like(skin)
            for colour in self.colours.values():
                pieces |= colour.mask(hsv)
            changed = cv2.bitwise_and(self.background.changed(frame),
                                      cv2.bitwise_not(cv2.dilate(pieces, self.near)))
            # A hand is a finger's width across at least: thinner slivers of change (a piece's
            # motion blur, a block of compression) are not one.
            changed = cv2.morphologyEx(changed, cv2.MORPH_OPEN, self.finger)
            skin = cv2.bitwise_and(skin, cv2.bitwise_or(cv2.bitwise_not(self.table_skin), changed))
            # The rim left out round the piece is given back: a hand that reaches it touches.
            skin = cv2.dilate(skin, self.near)
        skin = cv2.dilate(cv2.morphologyEx(skin, cv2.MORPH_OPEN, self.kernel), self.near)
        white = white_mask(hsv)
        for name, colour in self.colours.items():
            track = self.tracks[name]
            # The rim dot and the pale blend around it belong to the piece: white next to the
            # colour joins it (not on a white table, where it is table), and a closing mends
            # the notch the blend cuts into the outline.
            mask = colour.mask(hsv)
            if not self.white_table:
                mask |= white & cv2.dilate(mask, self.near)
            mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, self.close)
            contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
            areas = [cv2.contourArea(c) for c in contours]
            if not areas or max(areas) < 3.0:
                _missing(track)
                continue
            k = int(np.argmax(areas))
            track.blobs.append(sum(1 for a in areas if a >= areas[k] / 3))
            contour = contours[k]
            x0, y0, w, h = cv2.boundingRect(contour)
            x0, y0 = max(x0 - 2, 0), max(y0 - 2, 0)
            x1 = min(x0 + w + 4, frame.shape[1])
            y1 = min(y0 + h + 4, frame.shape[0])
            filled = np.zeros((y1 - y0, x1 - x0), np.uint8)
            cv2.drawContours(filled, [contour - [x0, y0]], -1, 255, -1)
            filled |= mask[y0:y1, x0:x1]
            m = cv2.moments(filled, binaryImage=True)
            if m["m00"] <= 0:
                _missing(track)
                continue
            cx, cy = x0 + m["m10"] / m["m00"], y0 + m["m01"] / m["m00"]
            (tx, ty), = self.scale.to_table(np.array([[cx, cy]]))
            # Area and shape on the table's plane: the outline mapped to cm.
            outline = self.scale.to_table(contour.reshape(-1, 2).astype(float))
            mt = cv2.moments(outline.astype(np.float32))
            area = abs(mt["m00"])
            elong = 1.0
            if area > 0:
                a, b, c = mt["mu20"] / mt["m00"], mt["mu11"] / mt["m00"], mt["mu02"] / mt["m00"]
                root = math.sqrt(max(((a - c) / 2) ** 2 + b * b, 0.0))
                big, small = (a + c) / 2 + root, (a + c) / 2 - root
                elong = math.sqrt(big / small) if small > 1e-12 else math.inf
            track.x.append(float(tx))
            track.y.append(float(ty))
            track.area.append(float(area))
            track.elongation.append(float(elong))
            track.occluded.append(bool(skin[y0:y1, x0:x1][filled > 0].any()))
            spot = _dot(frame[y0:y1, x0:x1], white[y0:y1, x0:x1], filled, self.kernel,
                        self.near)
            if spot is not None:
                (dx, dy), = self.scale.to_table(np.array([[x0 + spot[0], y0 + spot[1]]]))
                track.dot.append(math.atan2(dy - ty, dx - tx))
                track.dot_x.append(float(dx))
                track.dot_y.append(float(dy))
            else:
                track.dot.append(math.nan)
                track.dot_x.append(math.nan)
                track.dot_y.append(math.nan)


DOT_SHARE = 0.3  # of the way from the piece's brightness to the dot's: where the dot begins


def _dot(patch: np.ndarray, white: np.ndarray, filled: np.ndarray, kernel: np.ndarray,
         near: np.ndarray) -> tuple[float, float] | None:
    """The rim dot's centre (px in the patch) or None when no white is seen on the piece.

    Where the dot is, its white pixels say; its centre is the centroid of the brightness above
    the piece's own, each pixel weighted by how much of the dot covers it (brightness is
    sampled at every pixel, a video's colour at every other one), inside the piece less its
    rim (blended with the table) and near the white. A 3 px dot read as a white-or-not blob
    wandered by 4 degrees from frame to frame at 320x240; weighted, by 2.7.
    """
    import cv2

    dot = cv2.bitwise_and(white, filled)
    if cv2.countNonZero(dot) < 2:
        return None
    grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.float32)
    inside = cv2.erode(filled, kernel) > 0
    if not inside.any():
        return None
    base = float(np.median(grey[inside]))
    top = float(np.percentile(grey[inside], 99.5))
    region = inside & (cv2.dilate(dot, near) > 0)
    floor = base + DOT_SHARE * (top - base)
    weight = np.where(region, np.clip((grey - floor) / max(top - floor, 1.0), 0.0, 1.0), 0.0)
    total = float(weight.sum())
    if total <= 0.0:
        m = cv2.moments(dot, binaryImage=True)
        return m["m10"] / m["m00"], m["m01"] / m["m00"]
    ys, xs = np.indices(weight.shape)
    return float((weight * xs).sum()) / total, float((weight * ys).sum()) / total


def _missing(track: Track) -> None:
    track.x.append(math.nan)
    track.y.append(math.nan)
    track.area.append(math.nan)
    track.elongation.append(math.nan)
    track.dot.append(math.nan)
    track.dot_x.append(math.nan)
    track.dot_y.append(math.nan)
    track.occluded.append(False)
    track.blobs.append(0)
