"""A contact sheet per shot: the shot's first frame, enlarged, with the tracked path, the frames
the fit used, the contact point and the measured values, so a person can check each
measurement and delete the rows of bad ones."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from flick.measure.scale import Scale
from flick.measure.shots import Measured

ZOOM = 2
PANEL = 22  # px per line of text
HIDDEN = (0, 0, 230)  # BGR: frames where the piece was hidden


def draw(frame: np.ndarray, shot: Measured, scale: Scale, title: str,
         problem: np.ndarray | None = None) -> np.ndarray:
    """The sheet of one shot as a BGR image: its first frame with the path; where a hand or
    another piece hid the piece (red crosses); and, beside it, the first frame where that
    happened (`problem`), so a person sees why the shot was left out."""
    import cv2

    big = cv2.resize(frame, None, fx=ZOOM, fy=ZOOM, interpolation=cv2.INTER_LINEAR)
    for x, y in shot.hidden:
        p = np.round(scale.to_image(np.array([[x, y]]))[0] * ZOOM).astype(int)
        cv2.drawMarker(big, (int(p[0]), int(p[1])), HIDDEN, cv2.MARKER_TILTED_CROSS, 7, 1)
    if problem is not None and shot.problem is not None:
        side = cv2.resize(problem, None, fx=ZOOM, fy=ZOOM, interpolation=cv2.INTER_LINEAR)
        if shot.hidden:
            p = np.round(scale.to_image(np.array([shot.hidden[0]]))[0] * ZOOM).astype(int)
            cv2.circle(side, (int(p[0]), int(p[1])), 14, HIDDEN, 2, cv2.LINE_AA)
        cv2.putText(side, f"frame {shot.problem}: the piece hidden", (6, 20),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.5, HIDDEN, 1, cv2.LINE_AA)
        big = np.hstack([big, side])
    colours = {"piece": (255, 255, 0), "target": (0, 200, 255)}
    for name, path in shot.path.items():
        if len(path) < 2:
            continue
        px = scale.to_image(np.array(path)) * ZOOM
        cv2.polylines(big, [np.round(px).astype(np.int32)], False, colours.get(name, (0, 0, 0)),
                      1, cv2.LINE_AA)
        end = np.round(px[-1]).astype(int)
        cv2.drawMarker(big, (int(end[0]), int(end[1])), colours.get(name, (0, 0, 0)),
                       cv2.MARKER_TILTED_CROSS, 10, 1)
    if shot.contact is not None:
        c = np.round(scale.to_image(np.array([shot.contact]))[0] * ZOOM).astype(int)
        cv2.circle(big, (int(c[0]), int(c[1])), 6, (0, 0, 255), 1, cv2.LINE_AA)
    lines = [title]
    items = [f"{k} {v:.4g}" if isinstance(v, float) else f"{k} {v}"
             for k, v in shot.values.items()]
    lines += _wrap(items, 80) or ["(nothing measured)"]
    lines += [f"UNSURE: {r}" for r in shot.reasons]
    if shot.hidden:
        lines.append("red crosses: where the piece was hidden (those frames are not used)")
    panel = np.full((PANEL * len(lines) + 8, big.shape[1], 3), 255, np.uint8)
    for k, text in enumerate(lines):
        colour = (0, 0, 200) if text.startswith("UNSURE") else (0, 0, 0)
        cv2.putText(panel, text[:100], (6, PANEL * (k + 1)), cv2.FONT_HERSHEY_SIMPLEX, 0.45,
                    colour, 1, cv2.LINE_AA)
    return np.vstack([big, panel])


def write(directory: Path, frame: np.ndarray, shot: Measured, scale: Scale, title: str,
          problem: np.ndarray | None = None) -> Path:
    import cv2

    from flick import atomic

    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"shot_{shot.number:03d}.png"
    image = draw(frame, shot, scale, title, problem)

    def save(name: Path) -> None:
        if not cv2.imwrite(str(name), image):
            raise OSError(f"{path}: cannot write")

    return atomic.write_with(path, save)


def _wrap(items: list[str], width: int) -> list[str]:
    """Items joined by commas into lines of at most `width` characters, broken between items
    (a value is never parted from its name)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 2 + len(item) <= width:
            lines[-1] += ", " + item
        else:
            if lines:
                lines[-1] += ","
            lines.append(item)
    return lines
