"""The look of the box on screen, drawn by the program (no picture files): a wooden table, the
city's snowy ground inside a clear limit, cardboard buildings with coloured roofs on their
support blocks, figures as round bases carrying a standee with a soft shadow (survivors in
their team's colour with a face toward where they look, zombies green and ragged with red
eyes), a figure that falls tipping over, and the box's cardboard zombie tower.

Everything is drawn through a `Camera` onto a surface it is given, from seeded noise where
there is texture, so the same table looks the same every time.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import pygame

from flick.ui.render import INK, Camera, Colour

WOOD: Colour = (118, 84, 56)
WOOD_DARK: Colour = (96, 66, 44)
SNOW: Colour = (230, 235, 240)
SNOW_SHADE: Colour = (221, 227, 235)
LIMIT_LINE: Colour = (40, 46, 56)
CARDBOARD: Colour = (176, 134, 88)
CARDBOARD_DARK: Colour = (128, 92, 58)
BASE: Colour = (52, 54, 60)
ZOMBIE_SKIN: Colour = (92, 160, 70)
ZOMBIE_DARK: Colour = (40, 84, 34)
EYES: Colour = (220, 30, 30)
# Roof colours by building (the box's tiles: each building its own colour).
ROOFS: dict[str, Colour] = {
    "hospital": (236, 236, 232), "police_station": (70, 96, 150), "school": (204, 158, 58),
    "grocery_store": (86, 140, 78), "gas_station": (186, 66, 54), "library": (134, 94, 64),
    "rv": (224, 218, 186),
}
ROOF_DEFAULT: Colour = (150, 124, 100)
FALL_S = 0.25  # s: how long a figure takes to tip over on screen


def shade(c: Colour, f: float) -> Colour:
    """`c` darker (f < 1) or lighter toward white (f > 1)."""
    if f <= 1:
        return (round(c[0] * f), round(c[1] * f), round(c[2] * f))
    g = f - 1
    return (round(c[0] + (255 - c[0]) * g), round(c[1] + (255 - c[1]) * g),
            round(c[2] + (255 - c[2]) * g))


def table_surface(surface: pygame.Surface, seed: int = 7) -> None:
    """The wooden table under the city: planks with grain lines (seeded, the same every
    time)."""
    w, h = surface.get_size()
    surface.fill(WOOD)
    rng = np.random.default_rng(seed)
    plank = 46
    for y0 in range(0, h + plank, plank):
        tone = shade(WOOD, 0.93 + 0.12 * float(rng.random()))
        pygame.draw.rect(surface, tone, (0, y0, w, plank - 2))
        pygame.draw.line(surface, WOOD_DARK, (0, y0 + plank - 2), (w, y0 + plank - 2), 2)
        for _ in range(5):  # grain: long, gently waving lines
            gy = y0 + float(rng.uniform(4, plank - 6))
            amp, freq, phase = rng.uniform(0.5, 2.5), rng.uniform(0.004, 0.012), rng.uniform(0, 6)
            pts = [(x, gy + amp * math.sin(freq * x + phase)) for x in range(0, w + 40, 40)]
            if len(pts) > 1:
                pygame.draw.lines(surface, shade(tone, 0.88), False, pts, 1)


def city_ground(surface: pygame.Surface, cam: Camera, width: float, height: float,
                seed: int = 11) -> None:
    """The city: snowy ground with soft drifts and a faint 10 cm grid, inside a clear dark
    limit (a thick line and corner marks), the table showing beyond it."""
    x0, y0 = cam.px(0, height)
    rect = pygame.Rect(round(x0), round(y0), round(cam.length(width)), round(cam.length(height)))
    shadow = rect.move(4, 5)
    pygame.draw.rect(surface, shade(WOOD, 0.6), shadow)
    pygame.draw.rect(surface, SNOW, rect)
    rng = np.random.default_rng(seed)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    for _ in range(int(width * height / 400)):  # drifts: pale ovals
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        r = cam.length(float(rng.uniform(2.0, 6.0)))
        pygame.draw.ellipse(surface, SNOW_SHADE,
                            pygame.Rect(0, 0, 2.4 * r, r).move(cam.px(cx, cy)))
    for gx in range(10, int(width), 10):
        pygame.draw.line(surface, SNOW_SHADE, cam.px(gx, 0), cam.px(gx, height))
    for gy in range(10, int(height), 10):
        pygame.draw.line(surface, SNOW_SHADE, cam.px(0, gy), cam.px(width, gy))
    surface.set_clip(clip)
    pygame.draw.rect(surface, LIMIT_LINE, rect.inflate(4, 4), 3)
    arm = 8.0  # cm, the corner markers' arms
    wide = max(4, round(cam.length(1.0)))
    for cx, cy, dx, dy in ((0, 0, 1, 1), (width, 0, -1, 1), (0, height, 1, -1),
                           (width, height, -1, -1)):
        pygame.draw.line(surface, LIMIT_LINE, cam.px(cx, cy), cam.px(cx + dx * arm, cy), wide)
        pygame.draw.line(surface, LIMIT_LINE, cam.px(cx, cy), cam.px(cx, cy + dy * arm), wide)


def roof(surface: pygame.Surface, corners: list[tuple[float, float]], name: str,
         ridge: tuple[tuple[float, float], tuple[float, float]]) -> None:
    """A building's cardboard roof over its footprint `corners` (screen px, front edge
    first): a drop shadow, the roof in the building's colour with a darker front eave and
    a ridge line, and the hospital's red cross."""
    colour = ROOFS.get(name, ROOF_DEFAULT)
    pygame.draw.polygon(surface, shade(colour, 0.45), [(x + 4, y + 5) for x, y in corners])
    pygame.draw.polygon(surface, colour, corners)
    (ax, ay), (bx, by) = corners[0], corners[1]
    (cx, cy), (dx, dy) = corners[3], corners[2]
    eave = [(ax, ay), (bx, by), (bx + (dx - bx) * 0.18, by + (dy - by) * 0.18),
            (ax + (cx - ax) * 0.18, ay + (cy - ay) * 0.18)]
    pygame.draw.polygon(surface, shade(colour, 0.8), eave)
    pygame.draw.line(surface, shade(colour, 0.7), ridge[0], ridge[1], 2)
    pygame.draw.polygon(surface, INK, corners, 2)
    if name == "hospital":
        mx = sum(x for x, _ in corners) / 4
        my = sum(y for _, y in corners) / 4
        arm = 0.16 * min(math.dist(corners[0], corners[1]), math.dist(corners[1], corners[2]))
        pygame.draw.line(surface, (210, 40, 40), (mx - arm, my), (mx + arm, my), 4)
        pygame.draw.line(surface, (210, 40, 40), (mx, my - arm), (mx, my + arm), 4)


@lru_cache(maxsize=64)
def _soft_shadow(radius: int) -> pygame.Surface:
    """A round, soft-edged shadow image of `radius` px."""
    size = 2 * radius + 4
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    for k in range(4, 0, -1):
        pygame.draw.circle(img, (10, 14, 20, 28), (size // 2, size // 2), radius + k - 2)
    return img


def figure(surface: pygame.Surface, cam: Camera, x: float, y: float, angle: float,
           reach: float, colour: Colour, zombie: bool) -> None:
    """A standing figure seen from above: its soft shadow, its round base, the standee on it
    (a survivor in its colour with a pale face toward `angle`; a zombie ragged and green
    with two red eyes)."""
    c = cam.px(x, y)
    r = max(3.0, cam.length(reach))
    sh = _soft_shadow(round(r * 1.05))
    surface.blit(sh, sh.get_rect(center=(round(c[0] + r * 0.35), round(c[1] + r * 0.45))))
    pygame.draw.circle(surface, BASE, c, r)
    pygame.draw.circle(surface, shade(BASE, 1.5), c, r, 1)
    top = r * 0.72
    if zombie:
        pts = []
        for k in range(14):  # a ragged head and shoulders
            a = angle + 2 * math.pi * k / 14
            rr = top * (1.0 if k % 2 == 0 else 0.78)
            pts.append((c[0] + rr * math.cos(a), c[1] - rr * math.sin(a)))
        pygame.draw.polygon(surface, ZOMBIE_SKIN, pts)
        pygame.draw.polygon(surface, ZOMBIE_DARK, pts, 1)
        for side in (-0.5, 0.5):
            a = angle + side
            pygame.draw.circle(surface, EYES, (c[0] + 0.55 * top * math.cos(a),
                                               c[1] - 0.55 * top * math.sin(a)),
                               max(1.5, top * 0.2))
        return
    pygame.draw.circle(surface, colour, c, top)
    pygame.draw.circle(surface, shade(colour, 0.55), c, top, 2)
    face = (c[0] + 0.5 * top * math.cos(angle), c[1] - 0.5 * top * math.sin(angle))
    pygame.draw.circle(surface, (246, 222, 196), face, max(1.5, top * 0.38))
    pygame.draw.circle(surface, shade(colour, 0.55), face, max(1.5, top * 0.38), 1)


def falling(surface: pygame.Surface, cam: Camera, x: float, y: float, angle: float,
            length: float, reach: float, colour: Colour, progress: float) -> None:
    """A figure tipping over along `angle`, `progress` 0 (standing) to 1 (lying): its standee
    swings down from the base and lengthens to its lying length."""
    p = max(0.0, min(1.0, progress))
    c = cam.px(x, y)
    tip = (x + p * length * math.cos(angle), y + p * length * math.sin(angle))
    t = cam.px(*tip)
    w = max(2, round(cam.length(reach) * (0.9 - 0.3 * p)))
    pygame.draw.circle(surface, BASE, c, max(3.0, cam.length(reach) * (1 - 0.3 * p)))
    pygame.draw.line(surface, colour, c, t, w)
    pygame.draw.circle(surface, colour, t, w / 2)


def tower(surface: pygame.Surface, cam: Camera, corners: list[tuple[float, float]],
          angle: float, x: float, y: float, depth: float) -> None:
    """The box's cardboard zombie tower, seen from above: its walls, the dark opening on top
    where the rush's zombies go in, its four corner posts and the ramp out of its exit."""
    pts = [cam.px(px, py) for px, py in corners]
    pygame.draw.polygon(surface, shade(CARDBOARD, 0.45), [(a + 5, b + 6) for a, b in pts])
    nx, ny = math.cos(angle), math.sin(angle)
    half = depth / 2
    ramp = [(x + nx * half - ny * s, y + ny * half + nx * s) for s in (2.6, -2.6)]
    ramp += [(x + nx * (half + 3.2) - ny * s, y + ny * (half + 3.2) + nx * s)
             for s in (-2.0, 2.0)]
    pygame.draw.polygon(surface, CARDBOARD_DARK, [cam.px(*q) for q in ramp])
    pygame.draw.polygon(surface, INK, [cam.px(*q) for q in ramp], 1)
    pygame.draw.polygon(surface, CARDBOARD, pts)
    cx = sum(a for a, _ in pts) / 4
    cy = sum(b for _, b in pts) / 4
    inner = [(cx + (a - cx) * 0.62, cy + (b - cy) * 0.62) for a, b in pts]
    pygame.draw.polygon(surface, (40, 30, 26), inner)
    for a, b in pts:
        post = [(a + (cx - a) * f, b + (cy - b) * f) for f in (0.0, 0.16)]
        pygame.draw.line(surface, CARDBOARD_DARK, post[0], post[1], max(3, round(cam.scale)))
    pygame.draw.polygon(surface, INK, pts, 2)
