"""Colours: how `flick measure` tells a piece, a corner mark, a hand and a rim dot from the table.

A colour is a hue (OpenCV's 0-179 scale) with a tolerance and the least saturation and value a
pixel needs; the table should be a dull colour (wood, grey, white, a cloth) so that nothing on it
is as saturated as the pieces and marks. Names give the usual hues; `#rrggbb` gives any.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from flick.errors import FlickError


@dataclass(frozen=True)
class BGR:
    """A colour as OpenCV stores it (blue, green, red; 0-255)."""

    b: int
    g: int
    r: int

    def tuple(self) -> tuple[int, int, int]:
        return (self.b, self.g, self.r)

    def hue(self) -> int:
        import cv2

        px = np.array([[list(self.tuple())]], dtype=np.uint8)
        return int(cv2.cvtColor(px, cv2.COLOR_BGR2HSV)[0, 0, 0])


NAMED: dict[str, BGR] = {
    "red": BGR(40, 40, 210),
    "orange": BGR(30, 130, 240),
    "yellow": BGR(40, 210, 230),
    "green": BGR(60, 160, 40),
    "cyan": BGR(200, 190, 40),
    "blue": BGR(200, 90, 30),
    "purple": BGR(170, 40, 110),
    "magenta": BGR(200, 40, 200),
}


@dataclass(frozen=True)
class ColourRange:
    """Pixels of hue `hue` +- `tolerance` (0-179, wrapping) with saturation and value at least
    `min_saturation` and `min_value` (0-255)."""

    name: str
    hue: int
    tolerance: int = 14
    min_saturation: int = 90
    min_value: int = 50

    def mask(self, hsv: np.ndarray) -> np.ndarray:
        """A uint8 mask (255 where the colour is) of an HSV image."""
        import cv2

        lo, hi = self.hue - self.tolerance, self.hue + self.tolerance
        s, v = self.min_saturation, self.min_value
        if lo < 0:
            return cv2.bitwise_or(cv2.inRange(hsv, (0, s, v), (hi, 255, 255)),
                                  cv2.inRange(hsv, (lo + 180, s, v), (179, 255, 255)))
        if hi > 179:
            return cv2.bitwise_or(cv2.inRange(hsv, (lo, s, v), (179, 255, 255)),
                                  cv2.inRange(hsv, (0, s, v), (hi - 180, 255, 255)))
        return cv2.inRange(hsv, (lo, s, v), (hi, 255, 255))


# A hand (any skin, lit by a room): reddish-orange hues, moderately saturated.
SKIN = ColourRange("skin", 12, tolerance=13, min_saturation=70, min_value=70)


def parse_colour(text: str) -> ColourRange:
    """A colour from the command line: a name (red, orange, yellow, green, cyan, blue, purple,
    magenta) or #rrggbb."""
    name = text.strip().lower()
    if name in NAMED:
        return ColourRange(name, NAMED[name].hue())
    if len(name) == 7 and name.startswith("#"):
        try:
            r, g, b = (int(name[i:i + 2], 16) for i in (1, 3, 5))
        except ValueError:
            raise FlickError(f"colour '{text}': not #rrggbb", exit_code=2) from None
        colour = BGR(b, g, r)
        return ColourRange(name, colour.hue())
    raise FlickError(f"colour '{text}' unknown: one of {', '.join(NAMED)} or #rrggbb",
                     exit_code=2)


def white_mask(hsv: np.ndarray) -> np.ndarray:
    """Near-white pixels (a rim dot of white paper or paint)."""
    import cv2

    return cv2.inRange(hsv, (0, 0, 222), (179, 60, 255))
