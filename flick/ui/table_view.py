"""The live table on screen: a cached background (city, buildings, tower at home) and the
pieces drawn from their poses, frame after frame.

Pieces are given as `PieceState`s (from `Table.snapshot()` between shots, or from a motion
`Clip` while a shot plays), so the same code draws the game, the animation and the replay.
What the rules know about a piece (a survivor's name, team, life and backpack) comes in
`Decor`s; the view itself knows no rules. Text images are cached: rendering text is what
costs most in pygame.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from flick.physics.geometry import place
from flick.physics.state import PieceState
from flick.ui import look, render
from flick.ui.render import INK, PIECE_FILL, Camera, Colour, Fonts, draw_outline

DAY_COLOUR: Colour = (60, 110, 220)
NIGHT_COLOUR: Colour = (25, 25, 35)
LIFE_COLOUR: Colour = (210, 40, 50)
SELECT: Colour = (255, 255, 255)
HILITE: Colour = (255, 220, 0)
PRETZEL: Colour = (150, 90, 30)
FALLEN_ZOMBIE: Colour = (150, 190, 140)
SHADOW: Colour = (170, 178, 190)
SHADOW_CM = 0.35  # cm: how far a standing piece's shadow falls (light from the north-west)
# Pieces lying flat on the table cast no shadow worth drawing.
FLAT = frozenset({"movement_disc", "bullet", "shotgun_pellet", "flare_token", "barricade",
                  "knife", "baseball_bat"})


@dataclass(frozen=True)
class Decor:
    """What the rules say about a piece, for drawing: a label, a team colour, life tokens,
    the backpack's colour ('day'/'night') and whether it is used this round."""

    name: str = ""
    colour: Colour | None = None
    life: int | None = None
    backpack: str | None = None
    used: bool = False
    active: bool = False
    available: bool = False
    pretzel: bool = False  # holds the pretzel (must be used first)


class TextCache:
    """Rendered text images, by (font, text, colour, background)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, str, Colour, Colour | None], pygame.Surface] = {}

    def get(self, font: pygame.font.Font, text: str, colour: Colour,
            bg: Colour | None = None) -> pygame.Surface:
        key = (id(font), text, colour, bg)
        img = self._cache.get(key)
        if img is None:
            if len(self._cache) > 4000:
                self._cache.clear()
            img = font.render(text, True, colour, bg)
            self._cache[key] = img
        return img

    def blit(self, surface: pygame.Surface, font: pygame.font.Font, text: str,
             pos: tuple[float, float], colour: Colour = INK, anchor: str = "center",
             bg: Colour | None = None) -> pygame.Rect:
        img = self.get(font, text, colour, bg)
        rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(img, rect)
        return rect


class TableView:
    """Draws one table (the city or a fight's staging table) through a camera."""

    def __init__(self, table: Any, tower_home: Any = None, bin_count: int | None = None) -> None:
        self.table = table
        self.footprints = table.footprints
        self.tower_home = tower_home
        self.bin_count = bin_count
        self.text = TextCache()
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple[Any, ...] | None = None
        self._fonts: dict[float, Fonts] = {}

    def fonts(self, cam: Camera) -> Fonts:
        scale = round(max(0.7, min(1.6, cam.scale / 9.0)), 1)
        if scale not in self._fonts:
            self._fonts[scale] = Fonts(scale)
        return self._fonts[scale]

    # ---- background ---------------------------------------------------------------------
    def background(self, size: tuple[int, int], cam: Camera, bin_count: int | None,
                   tower: bool = True, closed: frozenset[str] = frozenset()) -> pygame.Surface:
        """The city, its grid and limits, the buildings and the tower at home on the bin
        (only the bin when `tower` is False: the tower stands elsewhere for a rush).
        Doors of the buildings named in `closed` are drawn closed. Cached until the camera,
        the size, the bin's count or the closed doors change."""
        key = (size, cam, bin_count, len(self.table.buildings()), tower, closed)
        if self._bg is None or key != self._bg_key:
            surface = pygame.Surface(size)
            look.table_surface(surface)
            fonts = self.fonts(cam)
            w, h = self.table.city
            look.city_ground(surface, cam, w, h)
            for bid in self.table.buildings():
                render.draw_building(surface, cam, self.table, bid, fonts.label,
                                     closed=self.table.building_name(bid) in closed,
                                     name_label=False, roof=look.roof)
            if self.tower_home is not None and tower:
                home = self.tower_home
                look.tower(surface, cam, list(home.corners()), home.angle, home.x, home.y,
                           home.depth)
                self.text.blit(surface, fonts.small, f"bin {bin_count}",
                               cam.px(home.x, home.y), (250, 240, 220))
            elif self.tower_home is not None:  # the bin alone: it never moves
                home = self.tower_home
                pts = [cam.px(x, y) for x, y in home.corners()]
                pygame.draw.polygon(surface, (70, 66, 80), pts, 2)
                self.text.blit(surface, fonts.small, f"bin {bin_count}",
                               cam.px(home.x, home.y), (70, 66, 80))
            self._bg = surface.convert() if pygame.display.get_surface() else surface
            self._bg_key = key
        return self._bg

    # ---- pieces -------------------------------------------------------------------------
    def draw_pieces(self, surface: pygame.Surface, cam: Camera, pieces: Iterable[PieceState],
                    decor: Mapping[int, Decor], highlight: Iterable[int] = (),
                    names: bool = True, tipping: Mapping[int, float] | None = None) -> None:
        """Every piece at its pose; survivors with life and backpack, and their names
        unless `names` is False (the caller places them: `flick.ui.labels`). A figure in
        `tipping` (id -> 0..1) is drawn part way through its fall."""
        self.tipping = tipping or {}
        fonts = self.fonts(cam)
        lit = set(highlight)
        order = {"barricade": 0, "movement_disc": 3, "bullet": 3, "shotgun_pellet": 3,
                 "knife": 3, "baseball_bat": 3, "survivor": 2}
        labels: list[tuple[PieceState, Decor]] = []
        for p in sorted(pieces, key=lambda q: (order.get(q.kind, 1), q.id)):
            d = decor.get(p.id)
            self._piece(surface, cam, p, d, p.id in lit)
            if d is not None and (d.name or d.life is not None):
                labels.append((p, d))
        for p, d in labels:
            self._label(surface, cam, p, d, fonts, names)

    def _piece(self, surface: pygame.Surface, cam: Camera, p: PieceState, d: Decor | None,
               lit: bool) -> None:
        fp = self.footprints.get(p.kind, p.standing)
        outline = place(fp, p.x, p.y, p.angle)
        fill = (d.colour if d is not None and d.colour else None) or PIECE_FILL.get(
            p.kind, (40, 90, 200))
        if not p.standing:
            fill = FALLEN_ZOMBIE if p.kind == "zombie" else tuple(  # type: ignore[assignment]
                (c + 255) // 2 for c in fill)
        if lit:  # a halo around pieces the player may click now
            pygame.draw.circle(surface, HILITE, cam.px(p.x, p.y), cam.length(fp.reach) + 4, 3)
        width = 2 if p.kind in ("survivor", "zombie") else 1
        c = cam.px(p.x, p.y)
        figure = p.kind in ("survivor", "zombie")
        if figure and p.id in getattr(self, "tipping", {}):  # falling: it tips over
            half = fp.parts[0].core[-1][0] if len(fp.parts[0].core) > 1 else 1.0
            look.falling(surface, cam, p.x - half * math.cos(p.angle),
                         p.y - half * math.sin(p.angle), p.angle, 2 * half, fp.reach,
                         look.ZOMBIE_SKIN if p.kind == "zombie" else fill,
                         self.tipping[p.id])
        elif figure and p.standing:  # a round base carrying its standee, a soft shadow
            look.figure(surface, cam, p.x, p.y, p.angle, fp.reach, fill, p.kind == "zombie")
        else:
            if p.standing and p.kind not in FLAT:  # a soft shadow: the piece stands up
                shadow = place(fp, p.x + SHADOW_CM, p.y - SHADOW_CM, p.angle)
                draw_outline(surface, cam, shadow, SHADOW, None)
            draw_outline(surface, cam, outline, fill, INK, width)
        if p.id in getattr(self, "tipping", {}):
            pass
        elif figure and not p.standing:  # fallen: the head at the far end
            half = fp.parts[0].core[-1][0] if len(fp.parts[0].core) > 1 else 0.0
            head = cam.px(p.x + half * math.cos(p.angle), p.y + half * math.sin(p.angle))
            pygame.draw.circle(surface, INK, head, max(2.0, cam.length(0.5)), 1)
        if p.kind == "street_lamp" and p.standing:
            pygame.draw.circle(surface, (255, 250, 200), c, max(2.0, cam.length(0.6)))
        if p.kind == "movement_disc":  # the disc's orientation line
            back = (p.x - 2 * math.cos(p.angle), p.y - 2 * math.sin(p.angle))
            front = (p.x + 2 * math.cos(p.angle), p.y + 2 * math.sin(p.angle))
            pygame.draw.line(surface, INK, cam.px(*back), cam.px(*front), 1)
        if p.kind == "baseball_bat":  # the knob, the end that is flicked
            spec = self.table.params.pieces["baseball_bat"]
            r = spec.length / 2.0 - spec.knob_diameter / 2.0
            k = cam.px(p.x - r * math.cos(p.angle), p.y - r * math.sin(p.angle))
            pygame.draw.circle(surface, (90, 60, 30), k, max(2.0, cam.length(0.7)))
        if d is not None and d.active:  # the active survivor: a thick gold ring, dark-edged
            r = cam.length(1.3) + 4
            pygame.draw.circle(surface, INK, c, r + 2, 6)
            pygame.draw.circle(surface, HILITE, c, r + 1, 4)

    def _label(self, surface: pygame.Surface, cam: Camera, p: PieceState, d: Decor,
               fonts: Fonts, names: bool = True) -> None:
        x, y = cam.px(p.x, p.y)
        r = cam.length(1.3)
        if p.kind in render.VEHICLE or (p.kind != "survivor" and d.life is None):
            if names:
                self.text.blit(surface, fonts.small, d.name, (x, y), INK)
            return
        if d.name and names:
            colour = d.colour or INK
            self.text.blit(surface, fonts.label, d.name, (x, y + r + 2), colour, "midtop",
                           render.CITY)
        if d.life is not None:  # life tokens as red pips over the head
            n = d.life
            pip = max(2, round(cam.length(0.35)))
            x0 = x - (n - 1) * (pip * 2 + 1) / 2
            for i in range(n):
                pygame.draw.circle(surface, LIFE_COLOUR, (x0 + i * (pip * 2 + 1), y - r - pip - 2),
                                   pip)
        if d.pretzel:  # the pretzel holder: a brown ring and a P
            pr = cam.length(1.3) + 6
            pygame.draw.circle(surface, PRETZEL, (x, y), pr, 3)
            self.text.blit(surface, fonts.small, "P", (x - r - 7, y - r * 0.3), (255, 255, 255),
                           "center", PRETZEL)
        if d.backpack is not None:  # the backpack: its colour, greyed when used this round
            s = max(5, round(cam.length(0.9)))
            rect = pygame.Rect(0, 0, s, s)
            rect.center = (round(x + r + s * 0.7), round(y - r * 0.3))
            pygame.draw.rect(surface, DAY_COLOUR if d.backpack == "day" else NIGHT_COLOUR, rect,
                             border_radius=2)
            pygame.draw.rect(surface, (255, 255, 255) if d.available else (120, 120, 120),
                             rect, 1, border_radius=2)
            if d.used:
                pygame.draw.line(surface, (200, 200, 200), rect.topleft, rect.bottomright, 1)

    # ---- extras ---------------------------------------------------------------------------
    def draw_chip(self, surface: pygame.Surface, cam: Camera, at: tuple[float, float],
                  label: str, face_up: bool, fonts: Fonts) -> pygame.Rect:
        """A token chip: white with its letters face up, grey with '?' face down."""
        w, h = fonts.small.size(label)
        side = max(round(cam.length(2.0)), h + 3)
        rect = pygame.Rect(0, 0, max(side, w + 6), side)
        rect.center = (round(cam.px(*at)[0]), round(cam.px(*at)[1]))
        pygame.draw.rect(surface, render.TOKEN_FACE_UP if face_up else render.TOKEN_FACE_DOWN,
                         rect, border_radius=3)
        pygame.draw.rect(surface, INK, rect, 1, border_radius=3)
        self.text.blit(surface, fonts.small, label, rect.center,
                       INK if face_up else (255, 255, 255))
        return rect

    def draw_tower_at(self, surface: pygame.Surface, cam: Camera,
                      corners: Sequence[tuple[float, float]]) -> None:
        """The tower where a rush put it (its footprint, corners as `TowerPose.corners`
        gives them: its exit between the second and the third)."""
        pts = list(corners)
        x = sum(q[0] for q in pts) / len(pts)
        y = sum(q[1] for q in pts) / len(pts)
        (ax, ay), (bx, by) = pts[1], pts[2]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        angle = math.atan2(my - y, mx - x)
        look.tower(surface, cam, pts, angle, x, y, 2 * math.dist((mx, my), (x, y)))
        pygame.draw.polygon(surface, HILITE, [cam.px(*q) for q in pts], 2)


def tower_home(game: Any) -> Any:
    """The zombie tower's pose at home on the bin of `game`'s scenario."""
    from flick.scenario.place import TowerPose, tower_size

    zb = game.scenario.zombie_bin
    width, depth = tower_size()
    return TowerPose(zb.x, zb.y, math.radians(zb.tower_facing), width, depth)
