"""Each piece found in every frame by its colour: where it is (table cm), how big and how long
its silhouette is, where its rim dot points, and whether a hand is over it.

One piece per colour: the flicked piece has one colour, the piece it hits another. A piece is
the largest blob of its colour (holes such as its rim dot filled). A frame where skin touches the
blob is marked occluded: its position is not used.
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
    (cm^2), elongation (long axis / short axis), rim-dot angle (rad, nan when not seen),
    occluded (a hand touches it), blobs (of its colour, at least a third of the largest)."""

    name: str
    x: list[float] = field(default_factory=list)
    y: list[float] = field(default_factory=list)
    area: list[float] = field(default_factory=list)
    elongation: list[float] = field(default_factory=list)
    dot: list[float] = field(default_factory=list)
    occluded: list[bool] = field(default_factory=list)
    blobs: list[int] = field(default_factory=list)

    def arrays(self) -> dict[str, np.ndarray]:
        return {k: np.array(getattr(self, k)) for k in
                ("x", "y", "area", "elongation", "dot", "occluded", "blobs")}


class Tracker:
    """Finds the pieces of the given colours in frames, one frame at a time."""

    def __init__(self, scale: Scale, colours: dict[str, ColourRange]) -> None:
        import cv2

        self.scale = scale
        self.colours = colours
        self.tracks = {name: Track(name) for name in colours}
        self.kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
        self.near = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
        self.close = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
        self.px_cm = scale.px_per_cm()

    def add(self, frame: np.ndarray) -> None:
        import cv2

        hsv = cv2.cvtColor(frame, cv2.COLOR_BGR2HSV)
        # Specks of skin colour (noise, compression) are not a hand: open, then widen.
        skin = cv2.dilate(cv2.morphologyEx(SKIN.mask(hsv), cv2.MORPH_OPEN, self.kernel), self.near)
        white = white_mask(hsv)
        for name, colour in self.colours.items():
            track = self.tracks[name]
            # The rim dot and the pale blend around it belong to the piece: white next to the
            # colour joins it, and a closing mends the notch the blend cuts into the outline.
            mask = colour.mask(hsv)
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
            dot = cv2.bitwise_and(white[y0:y1, x0:x1], filled)
            md = cv2.moments(dot, binaryImage=True)
            if md["m00"] >= 2:
                (dx, dy), = self.scale.to_table(
                    np.array([[x0 + md["m10"] / md["m00"], y0 + md["m01"] / md["m00"]]]))
                track.dot.append(math.atan2(dy - ty, dx - tx))
            else:
                track.dot.append(math.nan)


def _missing(track: Track) -> None:
    track.x.append(math.nan)
    track.y.append(math.nan)
    track.area.append(math.nan)
    track.elongation.append(math.nan)
    track.dot.append(math.nan)
    track.occluded.append(False)
    track.blobs.append(0)
