"""Each piece found in every frame by its colour: where it is (table cm), how big and how long
its silhouette is, where its rim dot points, and whether a hand is over it.

A piece alone in its colour is the largest blob of that colour (holes such as its rim dot
filled). Two pieces of one colour (a striker and a target alike) are told apart frame by frame:
each keeps the blob nearest where it was or where its last motion takes it (a least-cost
assignment). A blob as large as both holds both: if their own pixels do not touch (the
closing that mends an outline bridged the gap), each is measured on its own; if they touch,
it is split between them where they touch (both marked merged, those frames not used, unless
both rest and each part is its piece's own size). Which of them is the striker is decided per
shot
(`flick.measure.shots`). A frame where a hand touches the blob is marked occluded: its position
is not used. A hand is skin-coloured *and* not the
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
    third of the largest, beyond the other pieces of that colour; 2 or more: merged with
    another), row (its centre's height in the picture, 0 at the top to 1 at the bottom: when a
    rolling shutter exposed it)."""

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
    row: list[float] = field(default_factory=list)

    def arrays(self) -> dict[str, np.ndarray]:
        return {k: np.array(getattr(self, k)) for k in (*SEEN, "blobs")}


# What a track keeps of each frame's blob (its `Blob` fields of the same names), and what a
# frame where the piece was not found adds to each.
SEEN = ("x", "y", "area", "elongation", "dot", "dot_x", "dot_y", "occluded", "row")
NOT_SEEN: dict[str, float | bool] = {name: math.nan for name in SEEN} | {"occluded": False}


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
        # Pieces of one colour are tracked together (`_share`).
        self.groups: dict[ColourRange, list[str]] = {}
        for name, colour in colours.items():
            self.groups.setdefault(colour, []).append(name)
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
        white = white_mask(hsv)
        # Each colour's pixels: the rim dot and the pale blend around it belong to the piece:
        # white next to the colour joins it (not on a white table, where it is table), and a
        # closing mends the notch the blend cuts into the outline.
        masks = {}
        for colour in self.groups:
            raw = colour.mask(hsv)
            if not self.white_table:
                raw |= white & cv2.dilate(raw, self.near)
            masks[colour] = (raw, cv2.morphologyEx(raw, cv2.MORPH_CLOSE, self.close))
        # Specks of skin colour (noise, compression) are not a hand: open, then widen. Skin
        # colour where the table is (a warm wood) is not a hand either.
        skin = SKIN.mask(hsv)
        if self.background is not None and self.table_skin is not None:
            # There, a hand is skin that changed the table, and not the rim of blended colour
            # round a piece that moved over it (its motion blur: `near` around the piece, its
            # rim dot's blend included).
            pieces = np.zeros_like(skin)
            for _, mended in masks.values():
                pieces |= mended
            changed = cv2.bitwise_and(self.background.changed(frame),
                                      cv2.bitwise_not(cv2.dilate(pieces, self.near)))
            # A hand is a finger's width across at least: thinner slivers of change (a piece's
            # motion blur, a block of compression) are not one.
            changed = cv2.morphologyEx(changed, cv2.MORPH_OPEN, self.finger)
            skin = cv2.bitwise_and(skin, cv2.bitwise_or(cv2.bitwise_not(self.table_skin), changed))
            # The rim left out round the piece is given back: a hand that reaches it touches.
            skin = cv2.dilate(skin, self.near)
        skin = cv2.dilate(cv2.morphologyEx(skin, cv2.MORPH_OPEN, self.kernel), self.near)
        for colour, names in self.groups.items():
            raw, mask = masks[colour]
            contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
            areas = [cv2.contourArea(c) for c in contours]
            if not areas or max(areas) < 3.0:
                for name in names:
                    _missing(self.tracks[name])
                continue
            order = sorted(range(len(areas)), key=lambda k: -areas[k])
            large = [k for k in order if areas[k] >= areas[order[0]] / 3]
            seen = _Seen(frame, mask, raw, white, skin)
            if len(names) == 1:
                blob = self._blob(contours[large[0]], seen)
                _add(self.tracks[names[0]], blob, len(large))
            else:
                self._share(names, [contours[k] for k in large], seen)

    def _blob(self, contour: np.ndarray, seen: _Seen,
              part: np.ndarray | None = None) -> Blob | None:
        """A blob of a piece's colour measured: its outline (`contour`), or one `part` (a mask
        of the frame's size) of it where two pieces of one colour touch."""
        import cv2

        frame, mask = seen.frame, seen.mask
        if part is not None:
            # The piece's own pixels of the blob, mended on their own: closed together, the
            # two pieces' outlines bridge a gap of a centimetre or so between them.
            mask = cv2.morphologyEx(cv2.bitwise_and(seen.raw, part), cv2.MORPH_CLOSE,
                                    self.close)
            inner, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
            if not inner:
                return None
            contour = max(inner, key=cv2.contourArea)
        x0, y0, w, h = cv2.boundingRect(contour)
        x0, y0 = max(x0 - 2, 0), max(y0 - 2, 0)
        x1 = min(x0 + w + 4, frame.shape[1])
        y1 = min(y0 + h + 4, frame.shape[0])
        filled = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.drawContours(filled, [contour - [x0, y0]], -1, 255, -1)
        filled |= mask[y0:y1, x0:x1]
        m = cv2.moments(filled, binaryImage=True)
        if m["m00"] <= 0:
            return None
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
        blob = Blob(float(tx), float(ty), float(area), float(elong),
                    bool(seen.skin[y0:y1, x0:x1][filled > 0].any()), (cx, cy),
                    cy / frame.shape[0])
        spot = _dot(frame[y0:y1, x0:x1], seen.white[y0:y1, x0:x1], filled, self.kernel,
                    self.near)
        if spot is not None:
            (dx, dy), = self.scale.to_table(np.array([[x0 + spot[0], y0 + spot[1]]]))
            blob.dot = math.atan2(dy - ty, dx - tx)
            blob.dot_x, blob.dot_y = float(dx), float(dy)
        return blob

    def _share(self, names: list[str], contours: list[np.ndarray], seen: _Seen) -> None:
        """Pieces of one colour told apart: each keeps the blob nearest where it was or where
        its motion takes it (a least-cost assignment); where fewer blobs than pieces are seen
        and one is as large as two pieces, they are near: each measured on its own where their
        pixels do not touch (`_apart`), else the blob split between them (`_split`) and both
        marked merged (unless they rest)."""
        from scipy.optimize import linear_sum_assignment

        tracks = [self.tracks[n] for n in names]
        ahead = [_ahead(t) for t in tracks]
        blobs = [b for b in (self._blob(c, seen) for c in contours[:len(names)])
                 if b is not None]
        extra = max(0, len(contours) - len(names))
        single = [_single_area(t) for t in tracks]
        apart = None
        if (len(blobs) == 1 < len(names) and all(a is not None for a in single)
                and blobs[0].area > SPLIT_SHARE * sum(a for a in single if a is not None)):
            apart = self._apart(contours[0], seen, len(names))
        if apart is not None:
            blobs = apart  # the closing only bridged the gap between them
        elif (len(blobs) == 1 < len(names) and all(a is not None for a in single)
                and blobs[0].area > SPLIT_SHARE * sum(a for a in single if a is not None)
                and all(a is not None for a in ahead)):
            parts = _split(contours[0], seen.raw,
                           [self.scale.to_image(np.array([a[1]]))[0] for a in ahead
                            if a is not None],
                           [math.sqrt(a / math.pi) * self.px_cm for a in single
                            if a is not None])
            pieces = [self._blob(contours[0], seen, part) for part in parts]
            for track, blob, own, near in zip(tracks, pieces, single, ahead, strict=True):
                # Merged (its blob is another's too), unless both rest against each other and
                # each part is its piece's own size: a split there is as good as a gap.
                clean = (blob is not None and own is not None and near is not None
                         and 0.8 < blob.area / own < 1.25
                         and math.hypot(blob.x - near[0][0], blob.y - near[0][1]) < STILL_CM)
                _add(track, blob, (1 if clean else 2) + extra)
            return
        cost = np.zeros((len(tracks), len(blobs)))
        for i, a in enumerate(ahead):
            for j, b in enumerate(blobs):
                if a is not None:
                    cost[i, j] = min(math.hypot(b.x - p[0], b.y - p[1]) for p in a)
        rows, cols = linear_sum_assignment(cost)
        got = dict(zip(rows.tolist(), cols.tolist(), strict=True))
        for i, track in enumerate(tracks):
            _add(track, blobs[got[i]] if i in got else None, 1 + extra)

    def _apart(self, contour: np.ndarray, seen: _Seen, count: int) -> list[Blob] | None:
        """The `count` pieces in one mended blob, each measured on its own, when their own
        pixels do not touch (the closing that mends an outline bridges a gap of about a
        centimetre); None when they touch."""
        import cv2

        inside = np.zeros(seen.raw.shape[:2], np.uint8)
        cv2.drawContours(inside, [contour], -1, 255, -1)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(cv2.bitwise_and(inside, seen.raw),
                                                            connectivity=8)
        sizes = sorted(range(1, n), key=lambda k: -int(stats[k, cv2.CC_STAT_AREA]))
        if len(sizes) < count or (stats[sizes[count - 1], cv2.CC_STAT_AREA]
                                  < stats[sizes[0], cv2.CC_STAT_AREA] / 4):
            return None
        blobs = [self._blob(contour, seen, np.where(labels == k, 255, 0).astype(np.uint8))
                 for k in sizes[:count]]
        return [b for b in blobs if b is not None] if all(blobs) else None


@dataclass
class Blob:
    """One blob measured: centre (table cm), area (cm^2), elongation, a hand touching it,
    its centre in the picture (px), and its rim dot (angle about the centre, position)."""

    x: float
    y: float
    area: float
    elongation: float
    occluded: bool
    px: tuple[float, float]
    row: float  # the centre's height in the picture (0 top, 1 bottom)
    dot: float = math.nan
    dot_x: float = math.nan
    dot_y: float = math.nan


@dataclass(frozen=True)
class _Seen:
    """What one frame shows: the picture, a colour's mask (mended by a closing, and `raw`
    before it), the white, the hand."""

    frame: np.ndarray
    mask: np.ndarray
    raw: np.ndarray
    white: np.ndarray
    skin: np.ndarray


# A blob of a shared colour this share of the pieces' own areas together (or more) holds them
# touching: as large as 1.5 of two equal pieces.
SPLIT_SHARE = 0.75
# cm from where it was a frame before below which a piece resting against another is still.
STILL_CM = 0.2


def _add(track: Track, blob: Blob | None, blobs: int) -> None:
    if blob is None:
        _missing(track)
        return
    for name in SEEN:
        getattr(track, name).append(getattr(blob, name))
    track.blobs.append(blobs)


def _ahead(track: Track) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """Where a piece was last seen (cm) and where its last motion takes it by this frame, or
    None before it was seen."""
    found = [i for i in range(len(track.x) - 1, max(len(track.x) - 8, -1), -1)
             if math.isfinite(track.x[i])]
    if not found:
        return None
    i = found[0]
    last = (track.x[i], track.y[i])
    if len(found) < 2:
        return last, last
    j = found[1]
    steps = (len(track.x) - i) / (i - j)
    return last, (last[0] + (last[0] - track.x[j]) * steps,
                  last[1] + (last[1] - track.y[j]) * steps)


def _single_area(track: Track) -> float | None:
    """cm^2: a piece's own area, the median of its recent frames with a blob of its own."""
    areas = [a for a, b in zip(track.area[-240:], track.blobs[-240:], strict=True)
             if b == 1 and math.isfinite(a)]
    return float(np.median(areas)) if areas else None


def _split(contour: np.ndarray, raw: np.ndarray, seeds: list[np.ndarray],
           radii: list[float]) -> list[np.ndarray]:
    """One blob's pixels (of the colour, `raw`, inside its outline) shared between pieces:
    each pixel to the centre it is nearest to
    less that piece's radius squared (px: a power diagram, whose border between two discs
    that touch runs through where they touch, whatever their sizes); the centres start at
    `seeds` (px) and move to their pixels' centroids (a few rounds, as k-means). Returns a
    mask (the frame's size) per piece."""
    import cv2

    shape = raw.shape[:2]
    mask = np.zeros(shape, np.uint8)
    cv2.drawContours(mask, [contour], -1, 255, -1)
    ys, xs = np.nonzero(mask & raw)
    points = np.column_stack([xs, ys]).astype(float)
    centres = np.array(seeds, dtype=float)
    power = np.square(np.array(radii, dtype=float))
    for _ in range(5):
        nearest = np.argmin(((points[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2)
                            - power[None, :], axis=1)
        for k in range(len(centres)):
            if (nearest == k).any():
                centres[k] = points[nearest == k].mean(axis=0)
    parts = []
    for k in range(len(centres)):
        part = np.zeros(shape, np.uint8)
        part[ys[nearest == k], xs[nearest == k]] = 255
        parts.append(part)
    return parts


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
    for name, value in NOT_SEEN.items():
        getattr(track, name).append(value)
    track.blobs.append(0)
