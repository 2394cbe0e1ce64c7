"""Top-down drawing of a Flick 'em Up! city onto a pygame Surface.

Everything here draws onto a surface it is given, through a `Camera` (cm -> pixels), so the
interactive table (`flick play`) and the map pictures (`flick scenarios render`) share it:

- `draw_scenario(surface, scenario, camera)`: a scenario's set-up (buildings with doors and
  support blocks, vehicles, objects, zombies, survivors by name, token markers, the tower
  and bin, the city limits);
- `draw_pieces(surface, camera, pieces)` and `draw_building(...)`: single elements, for a UI
  that draws the live table piece by piece;
- `render_map(scenario, size)`: a whole picture with a title and a legend;
  `save_map(scenario, path)` writes it as PNG.

Frame: the city's origin is its south-west corner, y north; on screen north is up. pygame is
imported by the functions' module, so import this module only where pygame is wanted.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from flick.scenario.describe import legend_lines
from flick.scenario.model import Scenario
from flick.scenario.place import Placement, TowerPose, setup_table

Colour = tuple[int, int, int]

# A winter palette: snowy streets, dark table.
TABLE: Colour = (46, 52, 60)
CITY: Colour = (226, 232, 238)
GRID: Colour = (208, 216, 224)
LIMIT: Colour = (60, 70, 84)
INK: Colour = (20, 24, 30)
FACADE: Colour = (150, 124, 100)
FACADE_RV: Colour = (200, 200, 170)
BLOCK: Colour = (70, 60, 52)
DOOR: Colour = (240, 170, 0)
DOOR_CLOSED: Colour = (120, 120, 130)
VEHICLE: dict[str, Colour] = {
    "car": (180, 60, 60), "ice_cream_truck": (240, 170, 200), "pickup_truck": (90, 120, 160),
}
BARREL: Colour = (150, 90, 40)
BOX: Colour = (200, 160, 90)
LAMP: Colour = (230, 210, 60)
BARRICADE: Colour = (200, 40, 30)
ZOMBIE: Colour = (70, 150, 60)
TOWER: Colour = (90, 80, 110)
TEAM_COLOURS: Sequence[Colour] = ((40, 90, 200), (210, 100, 20), (140, 50, 160))
TOKEN_FACE_DOWN: Colour = (110, 110, 120)
TOKEN_FACE_UP: Colour = (250, 250, 250)
TOKEN_LETTERS: dict[str, str] = {
    "life": "L", "x": "X", "survivor": "S", "food": "Fd", "fuel": "Fu", "medicine": "M",
    "pretzel": "P", "gun": "G", "knife": "Kn", "bat": "B", "shotgun": "SG", "sniper": "SR",
    "crossroads": "C", "key": "K", "zombie": "Z", "extra_action": "+A", "flare": "Fl",
}


ZOOM_STEP = 1.15  # the scale's factor per wheel notch
SCALES = (1.0, 80.0)  # the farthest and closest zoom, px per cm


@dataclass(frozen=True)
class Camera:
    """Maps city cm to surface pixels: `scale` px per cm, `origin` the pixel of (0, 0).

    North is up on screen, so y is flipped.
    """

    scale: float
    origin: tuple[float, float]

    @classmethod
    def fit(cls, width_cm: float, height_cm: float, rect: pygame.Rect,
            margin_cm: float = 4.0) -> Camera:
        """A camera showing the city (plus a margin) centred in `rect`."""
        sx = rect.width / (width_cm + 2 * margin_cm)
        sy = rect.height / (height_cm + 2 * margin_cm)
        s = min(sx, sy)
        ox = rect.x + (rect.width - width_cm * s) / 2
        oy = rect.y + (rect.height + height_cm * s) / 2
        return cls(s, (ox, oy))

    def px(self, x: float, y: float) -> tuple[float, float]:
        return self.origin[0] + x * self.scale, self.origin[1] - y * self.scale

    def length(self, cm: float) -> float:
        return cm * self.scale

    def to_cm(self, px: float, py: float) -> tuple[float, float]:
        """Screen pixels back to city cm (for picking pieces with the mouse)."""
        return (px - self.origin[0]) / self.scale, (self.origin[1] - py) / self.scale

    def zoomed(self, at: tuple[float, float], steps: int) -> Camera:
        """`steps` wheel notches closer (negative: farther), the pixel `at` staying over the
        same point of the table; the scale stays within `SCALES`."""
        scale = max(SCALES[0], min(SCALES[1], self.scale * ZOOM_STEP ** steps))
        f = scale / self.scale
        return Camera(scale, (at[0] - (at[0] - self.origin[0]) * f,
                              at[1] - (at[1] - self.origin[1]) * f))


class Fonts:
    """The few fonts drawing needs, made once (pygame's default font, works headless)."""

    def __init__(self, scale: float = 1.0) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.small = pygame.font.Font(None, max(12, round(15 * scale)))
        self.label = pygame.font.Font(None, max(14, round(19 * scale)))
        self.title = pygame.font.Font(None, max(20, round(34 * scale)))
        self.heading = pygame.font.Font(None, max(16, round(23 * scale)))


# --- primitives ----------------------------------------------------------------------------

Outline = Sequence[tuple[Sequence[tuple[float, float]], float]]


def draw_outline(surface: pygame.Surface, cam: Camera, outline: Outline, fill: Colour,
                 edge: Colour | None = INK, width: int = 1) -> None:
    """A footprint as the physics table gives it: convex parts, each core points swollen by a
    radius (1 point: a circle; 2: a capsule; more: a polygon)."""
    for core, radius in outline:
        pts = [cam.px(x, y) for x, y in core]
        r = cam.length(radius)
        if len(pts) == 1:
            rr = max(2.0, r)
            pygame.draw.circle(surface, fill, pts[0], rr)
            if edge is not None:
                pygame.draw.circle(surface, edge, pts[0], rr, width)
        elif len(pts) == 2:
            (ax, ay), (bx, by) = pts
            length = math.hypot(bx - ax, by - ay) or 1.0
            ox, oy = -(by - ay) / length * r, (bx - ax) / length * r
            body = [(ax + ox, ay + oy), (bx + ox, by + oy), (bx - ox, by - oy), (ax - ox, ay - oy)]
            pygame.draw.polygon(surface, fill, body)
            for p in pts:
                pygame.draw.circle(surface, fill, p, max(1.0, r))
            if edge is not None:
                pygame.draw.line(surface, edge, body[0], body[1], width)
                pygame.draw.line(surface, edge, body[2], body[3], width)
        else:
            pygame.draw.polygon(surface, fill, pts)
            if edge is not None:
                pygame.draw.polygon(surface, edge, pts, width)


def _text(surface: pygame.Surface, font: pygame.font.Font, text: str, pos: tuple[float, float],
          colour: Colour = INK, anchor: str = "center", bg: Colour | None = None) -> pygame.Rect:
    img = font.render(text, True, colour, bg)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


def _arrow(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float],
           colour: Colour, width: int = 2) -> None:
    pygame.draw.line(surface, colour, a, b, width)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    size = 6 + width
    for da in (2.6, -2.6):
        tip = (b[0] + size * math.cos(ang + da), b[1] + size * math.sin(ang + da))
        pygame.draw.line(surface, colour, b, tip, width)


# --- elements ------------------------------------------------------------------------------

def draw_city(surface: pygame.Surface, cam: Camera, width: float, height: float) -> None:
    """The city's ground, a 10 cm grid and its limits with the 4 corner markers."""
    x0, y0 = cam.px(0, height)
    rect = pygame.Rect(round(x0), round(y0), round(cam.length(width)), round(cam.length(height)))
    pygame.draw.rect(surface, CITY, rect)
    for gx in range(10, int(width), 10):
        pygame.draw.line(surface, GRID, cam.px(gx, 0), cam.px(gx, height))
    for gy in range(10, int(height), 10):
        pygame.draw.line(surface, GRID, cam.px(0, gy), cam.px(width, gy))
    pygame.draw.rect(surface, LIMIT, rect, 1)
    arm = 8.0  # cm, the corner markers' arms
    for cx, cy, dx, dy in ((0, 0, 1, 1), (width, 0, -1, 1), (0, height, 1, -1),
                           (width, height, -1, -1)):
        w = max(3, round(cam.length(0.8)))
        pygame.draw.line(surface, LIMIT, cam.px(cx, cy), cam.px(cx + dx * arm, cy), w)
        pygame.draw.line(surface, LIMIT, cam.px(cx, cy), cam.px(cx, cy + dy * arm), w)


RoofPainter = Callable[[pygame.Surface, list[tuple[float, float]], str,
                       tuple[tuple[float, float], tuple[float, float]]], None]


def draw_building(surface: pygame.Surface, cam: Camera, table: Any, bid: int,
                  font: pygame.font.Font, tint: Colour | None = None,
                  closed: bool = False, name_label: bool = True,
                  roof: RoofPainter | None = None) -> None:
    """A building of the table: facade, its two support blocks, the door line and an arrow
    out of it, and its name behind the facade (in front of it against the city limit).
    A `closed` door (the rules let no survivor in now) is grey and crossed, with no arrow."""
    name = table.building_name(bid)
    block_a, block_b, facade = table.building_parts(bid)
    # The floor between door line and facade, drawn pale so the building reads as one
    # thing; it has no physical meaning beyond the doorway.
    (ax, ay), (bx, by) = table.door_line(bid)
    nx, ny = table.front_normal(bid)
    back = max(-_extent(table.outline(facade), nx, ny, ax, ay), 3.0)
    half = max(math.hypot(bx - ax, by - ay) / 2 + 3.0, _half_width(table, facade))
    mx, my = (ax + bx) / 2, (ay + by) / 2
    tx, ty = -ny, nx
    floor = [cam.px(mx + tx * sgn * half + nx * d, my + ty * sgn * half + ny * d)
             for sgn, d in ((1, 0.0), (-1, 0.0), (-1, -back), (1, -back))]
    base = tint or (FACADE_RV if name == "rv" else FACADE)
    if roof is not None:  # the building's roof over the whole of it (`flick.ui.look`)
        ridge = (cam.px(mx + tx * half - nx * back / 2, my + ty * half - ny * back / 2),
                 cam.px(mx - tx * half - nx * back / 2, my - ty * half - ny * back / 2))
        roof(surface, floor, name, ridge)
    else:
        pygame.draw.polygon(surface, tuple((2 * c + 255) // 3 for c in base), floor)
        draw_outline(surface, cam, table.outline(facade), base, INK, 2)
    for block in (block_a, block_b):
        draw_outline(surface, cam, table.outline(block), BLOCK, INK, 1)
    if closed:
        pygame.draw.line(surface, DOOR_CLOSED, cam.px(ax, ay), cam.px(bx, by),
                         max(2, round(cam.scale / 3)))
        r = 1.6
        for sgn in (1, -1):  # a red cross over the doorway
            pygame.draw.line(surface, BARRICADE,
                             cam.px(mx + (tx * sgn + nx) * r, my + (ty * sgn + ny) * r),
                             cam.px(mx - (tx * sgn + nx) * r, my - (ty * sgn + ny) * r),
                             max(2, round(cam.scale / 4)))
    else:
        pygame.draw.line(surface, DOOR, cam.px(ax, ay), cam.px(bx, by),
                         max(2, round(cam.scale / 2)))
        _arrow(surface, cam.px(mx, my), cam.px(mx + nx * 4.5, my + ny * 4.5), DOOR, 2)
    if not name_label:  # the live window places the names itself (`flick.ui.labels`)
        return
    text = building_label(name)
    # The name runs along the facade, just behind it (in front, past the door's arrow, when
    # the building backs onto the city limit), turned to read left to right or bottom up.
    along = math.degrees(math.atan2(ty, tx))
    along = along - 180 if along > 90 else along + 180 if along <= -90 else along
    img = pygame.transform.rotate(font.render(text, True, INK, CITY), along)
    width, height = table.city
    lx, ly = mx - nx * (back + 1.2), my - ny * (back + 1.2)
    if not (0.8 < lx < width - 0.8 and 0.8 < ly < height - 0.8):
        lx, ly = mx + nx * 7.5, my + ny * 7.5
    surface.blit(img, img.get_rect(center=(round(cam.px(lx, ly)[0]), round(cam.px(lx, ly)[1]))))


def building_label(name: str) -> str:
    """A building's name as written on the table."""
    return "RV" if name == "rv" else name.replace("_", " ").upper()


def roof_centre(table: Any, bid: int) -> tuple[float, float]:
    """The middle of a building's roof (cm): between its door line and its back."""
    facade = table.building_parts(bid)[2]
    (ax, ay), (bx, by) = table.door_line(bid)
    nx, ny = table.front_normal(bid)
    back = max(-_extent(table.outline(facade), nx, ny, ax, ay), 3.0)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    return (mx - nx * back / 2, my - ny * back / 2)


def _extent(outline: Outline, nx: float, ny: float, ox: float, oy: float) -> float:
    """The lowest reach of a footprint along (nx, ny) measured from point (ox, oy), cm."""
    return min((x - ox) * nx + (y - oy) * ny - r for core, r in outline for x, y in core)


def _half_width(table: Any, facade: int) -> float:
    x, y = table.position(facade)
    return max(math.hypot(px - x, py - y) for core, _ in table.outline(facade) for px, py in core)


def draw_tower(surface: pygame.Surface, cam: Camera, tower: TowerPose, bin_zombies: int | None,
               font: pygame.font.Font) -> None:
    """The zombie tower at home on its bin, with an arrow out of its exit."""
    pts = [cam.px(x, y) for x, y in tower.corners()]
    pygame.draw.polygon(surface, TOWER, pts)
    pygame.draw.polygon(surface, INK, pts, 2)
    nx, ny = math.cos(tower.angle), math.sin(tower.angle)
    x, y = tower.x, tower.y
    reach = tower.depth / 2
    _arrow(surface, cam.px(x + nx * (reach - 3), y + ny * (reach - 3)),
           cam.px(x + nx * (reach + 3), y + ny * (reach + 3)), (200, 40, 40), 3)
    _text(surface, font, "TOWER", cam.px(x, y + 1.5), (255, 255, 255))
    if bin_zombies is not None:
        _text(surface, font, f"bin {bin_zombies}", cam.px(x, y - 2.0), (255, 255, 255))


PIECE_FILL: dict[str, Colour] = {
    "barrel": BARREL, "box": BOX, "street_lamp": LAMP, "barricade": BARRICADE,
    "zombie": ZOMBIE, "movement_disc": (250, 250, 250), "bullet": (20, 20, 20),
    "shotgun_pellet": (245, 245, 245), "flare_token": (250, 120, 40), "knife": (190, 190, 200),
    "baseball_bat": (170, 120, 70), **VEHICLE,
}


def draw_table(surface: pygame.Surface, cam: Camera, table: Any, fonts: Fonts,
               names: Mapping[int, str] | None = None,
               colours: Mapping[int, Colour] | None = None,
               tints: Mapping[int, Colour] | None = None) -> None:
    """Every building and piece of a physics table, as it stands now.

    `names` labels pieces (survivors by first name, vehicles, box numbers); `colours`
    overrides a piece's fill (survivors by team); `tints` a building's facade colour.
    """
    names = names or {}
    colours = colours or {}
    tints = tints or {}
    for bid in table.buildings():
        draw_building(surface, cam, table, bid, fonts.label, tints.get(bid))
    order = {"barricade": 0, "movement_disc": 3, "bullet": 3, "shotgun_pellet": 3}
    for pid in sorted(table.pieces(), key=lambda p: (order.get(table.kind(p), 1), p)):
        kind = table.kind(pid)
        standing = table.is_standing(pid)
        x, y = table.position(pid)
        angle = table.angle(pid)
        fill = colours.get(pid, PIECE_FILL.get(kind, (40, 90, 200)))
        if not standing:
            fill = tuple((c + 255) // 2 for c in fill)  # type: ignore[assignment]
        draw_outline(surface, cam, table.outline(pid), fill, INK, 2 if kind == "survivor" else 1)
        if kind in ("survivor", "zombie") and standing:
            tip = cam.px(x + 1.3 * math.cos(angle), y + 1.3 * math.sin(angle))
            pygame.draw.line(surface, INK, cam.px(x, y), tip, 2)
        if kind == "street_lamp" and standing:
            pygame.draw.circle(surface, (255, 250, 200), cam.px(x, y), max(2, cam.length(0.6)))
        label = names.get(pid)
        if not label:
            continue
        if kind == "survivor":
            _text(surface, fonts.label, label, cam.px(x, y - 2.4), fill, anchor="midtop",
                  bg=CITY)
        elif kind in VEHICLE:
            ox, oy = -math.sin(angle), math.cos(angle)
            if oy < 0:
                ox, oy = -ox, -oy
            # far enough beside the standee that the label's width clears it
            half_w = fonts.small.size(label)[0] / cam.scale / 2
            off = 2.2 + abs(ox) * half_w
            _text(surface, fonts.small, label, cam.px(x + ox * off, y + oy * off), INK, bg=CITY)
        else:
            _text(surface, fonts.small, label, cam.px(x, y), INK)


def draw_open_slots(surface: pygame.Surface, cam: Camera, scenario: Scenario,
                    fonts: Fonts) -> None:
    """Spots where the players' chosen survivors start (S9, S10), with the team's letter."""
    r = 1.3  # cm, a figure's base
    for ti, team in enumerate(scenario.teams):
        if team.open_slots is None:
            continue
        colour = TEAM_COLOURS[ti % len(TEAM_COLOURS)]
        for spot in team.open_slots.spots:
            c = cam.px(spot.x, spot.y)
            pygame.draw.circle(surface, CITY, c, cam.length(r))
            pygame.draw.circle(surface, colour, c, cam.length(r), 2)
            _text(surface, fonts.small, team.name[:1], c, colour)


def token_markers(scenario: Scenario) -> dict[str, list[tuple[str, int, bool]]]:
    """Location -> [(kind or '?', count, face up)] of the tokens set up on or at it (tokens
    set in front of a building are left out: they are drawn at its door)."""
    out: dict[str, list[tuple[str, int, bool]]] = {}
    for pool in scenario.tokens.pools:
        for loc, n in pool.place.items():
            out.setdefault(loc, []).append(("?", n, False))
    for f in scenario.tokens.fixed:
        if f.where == "inside":
            out.setdefault(f.at, []).append((f.token if f.face_up else "?", f.count, f.face_up))
    return out


def draw_tokens(surface: pygame.Surface, cam: Camera, scenario: Scenario, table: Any,
                placement: Placement, fonts: Fonts) -> None:
    """Token stacks where the set-up puts them: on a building's support blocks (as in the
    game), in front of its door (`where: front`), or on a vehicle, box or barrel. A grey chip
    is face down ('?'), a white chip face up (the kind's letters); the number is the count."""
    spots: dict[str, list[tuple[float, float]]] = {}
    front: dict[str, tuple[float, float]] = {}
    for name, bid in placement.buildings.items():
        spots[name] = [table.position(part) for part in table.building_parts(bid)[:2]]
        (ax, ay), (bx, by) = table.door_line(bid)
        nx, ny = table.front_normal(bid)
        front[name] = ((ax + bx) / 2 + nx * 2.5, (ay + by) / 2 + ny * 2.5)
    for key, pid in placement.objects.items():
        # under a vehicle (its centre); beside a box or barrel, so its number stays readable
        x, y = table.position(pid)
        spots[key] = [(x, y) if key in VEHICLE else (x + 1.8, y + 1.8)]
    used: dict[str, int] = {}
    for loc, entries in token_markers(scenario).items():
        for kind, n, up in entries:
            if loc not in spots:
                continue
            k = used.get(loc, 0)
            used[loc] = k + 1
            places = spots[loc]
            x, y = places[k % len(places)]
            _chip(surface, cam, (x, y - 2.6 * (k // len(places))), kind, n, up, fonts.small)
    for f in scenario.tokens.fixed:
        if f.where == "front" and f.at in front:
            _chip(surface, cam, front[f.at], f.token, f.count, f.face_up, fonts.small)


def _chip(surface: pygame.Surface, cam: Camera, at: tuple[float, float], kind: str, n: int,
          face_up: bool, font: pygame.font.Font) -> None:
    letters = TOKEN_LETTERS.get(kind, "?") if face_up else "?"
    label = f"{n}{letters}" if n > 1 else letters
    w, h = font.size(label)
    side = max(round(cam.length(2.2)), h + 4)
    rect = pygame.Rect(0, 0, max(side, w + 6), side)
    rect.center = (round(cam.px(*at)[0]), round(cam.px(*at)[1]))
    pygame.draw.rect(surface, TOKEN_FACE_UP if face_up else TOKEN_FACE_DOWN, rect,
                     border_radius=3)
    pygame.draw.rect(surface, INK, rect, 1, border_radius=3)
    _text(surface, font, label, rect.center, INK if face_up else (255, 255, 255))


def draw_scenario(surface: pygame.Surface, scenario: Scenario, cam: Camera,
                  fonts: Fonts | None = None, table: Any = None,
                  placement: Placement | None = None) -> tuple[Any, Placement]:
    """A scenario's set-up seen from above: the city, the tower and bin, the placed table
    with names and team colours, open slots and token markers. Places the scenario on a new
    default table unless `table` and `placement` are given; returns them."""
    fonts = fonts or Fonts(cam.scale / 9.0)
    if table is None or placement is None:
        table, placement = setup_table(scenario)
    draw_city(surface, cam, scenario.city.width, scenario.city.height)
    draw_tower(surface, cam, placement.tower, scenario.zombie_bin.zombies, fonts.small)
    names: dict[int, str] = {}
    colours: dict[int, Colour] = {}
    for ti, team in enumerate(scenario.teams):
        for sv in team.survivors:
            pid = placement.survivors[sv.name]
            names[pid] = sv.short
            colours[pid] = TEAM_COLOURS[ti % len(TEAM_COLOURS)]
    for key, pid in placement.objects.items():
        if key in VEHICLE:
            names[pid] = key.replace("_", " ").upper()
        elif key.startswith("box_"):
            names[pid] = key[4:]
    tints: dict[int, Colour] = {}
    if scenario.mode == "competitive":
        for ti, team in enumerate(scenario.teams):
            if team.base is not None and team.base in placement.buildings:
                (r, g, b) = TEAM_COLOURS[ti % len(TEAM_COLOURS)]
                fr, fg, fb = FACADE
                tints[placement.buildings[team.base]] = (
                    (r + 2 * fr) // 3, (g + 2 * fg) // 3, (b + 2 * fb) // 3)
    draw_table(surface, cam, table, fonts, names, colours, tints)
    draw_open_slots(surface, cam, scenario, fonts)
    draw_tokens(surface, cam, scenario, table, placement, fonts)
    return table, placement


# --- the whole picture ---------------------------------------------------------------------

def _legend_keys(surface: pygame.Surface, x: int, y: int, fonts: Fonts) -> int:
    entries: list[tuple[str, Colour, str]] = [
        ("survivor", TEAM_COLOURS[0], "circle"), ("zombie", ZOMBIE, "circle"),
        ("barrel", BARREL, "circle"), ("box", BOX, "square"), ("street lamp", LAMP, "rect"),
        ("barricade", BARRICADE, "rect"), ("support block", BLOCK, "square"),
        ("door (arrow: out)", DOOR, "line"), ("token face down", TOKEN_FACE_DOWN, "square"),
        ("token face up", TOKEN_FACE_UP, "square"),
    ]
    for i, (name, colour, kind) in enumerate(entries):
        cx = x + (i % 2) * 150
        cy = y + (i // 2) * 20
        if kind == "circle":
            pygame.draw.circle(surface, colour, (cx + 7, cy + 7), 6)
            pygame.draw.circle(surface, INK, (cx + 7, cy + 7), 6, 1)
        elif kind == "line":
            pygame.draw.line(surface, colour, (cx, cy + 7), (cx + 14, cy + 7), 3)
        else:
            h = 6 if kind == "rect" else 12
            r = pygame.Rect(cx + 1, cy + 7 - h // 2, 12, h)
            pygame.draw.rect(surface, colour, r)
            pygame.draw.rect(surface, INK, r, 1)
        _text(surface, fonts.small, name, (cx + 20, cy + 7), CITY, anchor="midleft")
    return y + ((len(entries) + 1) // 2) * 20


def render_map(scenario: Scenario, size: tuple[int, int] = (1200, 900)) -> pygame.Surface:
    """A picture of the scenario's map: title, the city, and a legend panel on the right."""
    width, height = size
    surface = pygame.Surface(size)
    surface.fill(TABLE)
    panel = max(260, width // 3)
    title_h = 56
    fonts = Fonts(min(width - panel, height - title_h) / 820)
    mode = "co-op" if scenario.mode == "co-op" else "competitive"
    pl = scenario.players
    players = ", ".join(map(str, pl.counts)) if pl.counts else f"{pl.min}-{pl.max}"
    title = f"S{scenario.number} - {scenario.name}"
    _text(surface, fonts.title, title, (16, 12), CITY, anchor="topleft")
    _text(surface, fonts.small, f"{mode}, {players} players - {scenario.city.width:g} x "
          f"{scenario.city.height:g} cm city (grid 10 cm); reconstructed layout, see the file's "
          "provenance", (16, 40), GRID, anchor="topleft")
    area = pygame.Rect(0, title_h, width - panel, height - title_h)
    cam = Camera.fit(scenario.city.width, scenario.city.height, area, margin_cm=3.0)
    draw_scenario(surface, scenario, cam, fonts)
    x = width - panel + 10
    y = title_h + 6
    legend_font = Fonts(1.0)
    y = _legend_keys(surface, x, y, legend_font) + 10
    heads = {("Survivors" if scenario.mode == "co-op" else f"Team {t.name}"): i
             for i, t in enumerate(scenario.teams)}
    for line in legend_lines(scenario):
        head = line.split(" (")[0]
        colour = CITY
        if head in heads:  # a team's heading, in the team's colour
            team = TEAM_COLOURS[heads[head] % len(TEAM_COLOURS)]
            colour = tuple((c + 255) // 2 for c in team)  # type: ignore[assignment]
        for part in wrap(line, legend_font.small, panel - 20, indent="    "):
            _text(surface, legend_font.small, part, (x, y), colour, anchor="topleft")
            y += 16
        if not line:
            y += 2
    return surface


def wrap(text: str, font: pygame.font.Font, width: int, indent: str = "  ") -> list[str]:
    """`text` broken at spaces into lines no wider than `width` px (a word longer than that
    stays whole); lines after the first begin with `indent`."""
    lines, cur = [], ""
    for word in text.split(" "):
        trial = f"{cur} {word}" if cur else word
        if font.size(trial)[0] > width and cur:
            lines.append(cur)
            cur = indent + word
        else:
            cur = trial
    lines.append(cur)
    return lines


def save_png(surface: pygame.Surface, path: str | Path, what: str = "picture") -> Path:
    """Write `surface` as an image at `path` (PNG for a .png name) atomically
    (`flick.atomic.write_with`: a failed or interrupted write leaves the old file as it was);
    a write that fails is a FlickError naming the path."""
    from flick import atomic
    from flick.errors import FlickError

    try:
        return atomic.write_with(path, lambda tmp: pygame.image.save(surface, str(tmp)))
    except (OSError, pygame.error) as exc:
        raise FlickError(f"{path}: cannot write the {what}: {exc}") from None


def save_map(scenario: Scenario, path: str | Path, size: tuple[int, int] = (1200, 900)) -> Path:
    """Render the scenario's map and write it as PNG (atomically); returns the path."""
    return save_png(render_map(scenario, size), path, "map")
