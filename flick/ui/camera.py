"""The city camera of the play window: what part of the table is shown, and how it moves.

A camera that jumps under the pointer makes the next click land elsewhere, so this one:
- starts on the whole city when it fits at `WHOLE_CITY_PX_PER_CM` or closer (every scenario's
  90 x 90 cm city does in a 1280 x 800 window); on a smaller screen, on the objective's
  buildings and the survivors, at the closest zoom that shows them all, never farther than
  that scale;
- never moves by itself while the player's view already shows what matters now (the survivor
  in play or the survivors to choose from): it re-centres only when one of them would be out
  of view (the survivor in play within `EDGE_PX` of its edge, room to aim; a survivor to
  choose within `CHOICE_EDGE_PX`, seen whole: the opening view on a small screen keeps its
  margin of `FOCUS_MARGIN_CM` around them, so it is never left at once);
- eases toward a new view (`EASE_S`, exponential) instead of jumping, and holds still while
  the player presses, drags or pans (nothing moves between a press and what it aims at).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from flick.ui import adapter
from flick.ui.render import Camera

if TYPE_CHECKING:
    from flick.game.game import Game

HINT_STRIP_PX = 32  # the hint strip at the table's top (px): the fitted view keeps below it
# The whole city is shown when it is drawn at least this large (a figure's 2.6 cm base 21 px).
WHOLE_CITY_PX_PER_CM = 8.0
EASE_S = 0.15  # s: the time constant of the camera's glide toward a new view
EDGE_PX = 48  # the survivor in play this close to the view's edge (or beyond) re-centres it
# A survivor to choose this close to the view's edge (or beyond) re-centres it: a figure's
# base (2.6 cm) is 21 px at 8 px/cm, so it is seen whole and clickable.
CHOICE_EDGE_PX = 16
FOCUS_MARGIN_CM = 4.0  # around the objective and the survivors in the small screen's view
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in cm


def fit_box(x0: float, y0: float, x1: float, y1: float, rect: pygame.Rect) -> Camera:
    """A camera showing the box [x0, x1] x [y0, y1] cm centred in `rect`."""
    s = min(rect.width / (x1 - x0), rect.height / (y1 - y0))
    ox = rect.x + (rect.width - (x1 - x0) * s) / 2 - x0 * s
    oy = rect.y + (rect.height - (y1 - y0) * s) / 2 + y1 * s
    return Camera(s, (ox, oy))


def centred(scale: float, at: tuple[float, float], rect: pygame.Rect) -> Camera:
    """A camera at `scale` px/cm with the point `at` (cm) in the middle of `rect`."""
    return Camera(scale, (rect.centerx - at[0] * scale, rect.centery + at[1] * scale))


def centre_of(cam: Camera, rect: pygame.Rect) -> tuple[float, float]:
    """The table point (cm) in the middle of `rect` under `cam`."""
    return cam.to_cm(rect.centerx, rect.centery)


def first_view(city: Box, focus: Box, rect: pygame.Rect) -> Camera:
    """The opening view: the whole `city` when it fits at `WHOLE_CITY_PX_PER_CM` or closer;
    else the `focus` box (the objective and the survivors) at the scale that shows it whole,
    at least that scale, kept on the table."""
    whole = fit_box(*city, rect)
    if whole.scale >= WHOLE_CITY_PX_PER_CM:
        return whole
    fx0, fy0, fx1, fy1 = focus
    m = FOCUS_MARGIN_CM
    scale = max(WHOLE_CITY_PX_PER_CM, fit_box(fx0 - m, fy0 - m, fx1 + m, fy1 + m, rect).scale)
    return clamp(centred(scale, ((fx0 + fx1) / 2, (fy0 + fy1) / 2), rect), city, rect)


def clamp(cam: Camera, city: Box, rect: pygame.Rect) -> Camera:
    """`cam` moved (not zoomed) so that the view shows no more beyond the table than it
    must: along an axis where the table is smaller than the view, the table is centred."""
    x0, y0, x1, y1 = city
    w, h = rect.width / cam.scale, rect.height / cam.scale
    cx, cy = centre_of(cam, rect)
    cx = (x0 + x1) / 2 if w >= x1 - x0 else min(max(cx, x0 + w / 2), x1 - w / 2)
    cy = (y0 + y1) / 2 if h >= y1 - y0 else min(max(cy, y0 + h / 2), y1 - h / 2)
    return centred(cam.scale, (cx, cy), rect)


def shows(cam: Camera, rect: pygame.Rect, points: Iterable[tuple[float, float]],
          edge: int = EDGE_PX) -> bool:
    """Are all `points` (cm) inside `rect` under `cam`, at least `edge` px from its sides
    (less where the rectangle is too small for that)?"""
    e = min(edge, rect.width // 4, rect.height // 4)
    inner = rect.inflate(-2 * e, -2 * e)
    return all(inner.collidepoint(cam.px(x, y)) for x, y in points)


class CameraRig:
    """The shown camera and the one it glides to; the player's zoom is kept."""

    def __init__(self, cam: Camera) -> None:
        self.cam = cam
        self.target = cam
        self.held = False  # a press, drag or pan is going on: nothing moves

    def jump(self, cam: Camera) -> None:
        """Show `cam` at once (the player's own choice: F, a pan, a zoom, a resize)."""
        self.cam = self.target = cam

    def glide(self, cam: Camera) -> None:
        """Glide to `cam` over the next frames."""
        self.target = cam

    def keep_in_view(self, points: list[tuple[float, float]], city: Box,
                     rect: pygame.Rect, edge: int = EDGE_PX) -> None:
        """Re-centre (at the current zoom, kept on the table) on `points` only when one of
        them is out of the view the player will see (or within `edge` px of its side)."""
        if not points or shows(self.target, rect, points, edge):
            return
        x = sum(p[0] for p in points) / len(points)
        y = sum(p[1] for p in points) / len(points)
        self.glide(clamp(centred(self.target.scale, (x, y), rect), city, rect))

    def moving(self) -> bool:
        return self.cam != self.target

    def advance(self, dt: float, rect: pygame.Rect) -> None:
        """Glide `dt` seconds toward the target: the centre and the log of the scale move
        by the same fraction; within half a pixel it arrives."""
        if self.held or self.cam == self.target:
            return
        f = 1.0 - math.exp(-max(0.0, dt) / EASE_S)
        (ax, ay), (bx, by) = centre_of(self.cam, rect), centre_of(self.target, rect)
        scale = math.exp(math.log(self.cam.scale)
                         + f * (math.log(self.target.scale) - math.log(self.cam.scale)))
        cam = centred(scale, (ax + f * (bx - ax), ay + f * (by - ay)), rect)
        near = (abs(scale - self.target.scale) * max(rect.size) < 0.5 * scale
                and math.dist(cam.origin, self.target.origin) < 0.5)
        self.cam = self.target if near else cam


class WindowCameras:
    """The play window's cameras: the city's (`rig`: the one shown and the one it glides to;
    `fitted`, the view the window chose, None once the player asked for the whole city
    instead) and the fight table's (`fight`, while a fight is staged), in the table's part of
    the window (`area`)."""

    def __init__(self, game: Game, area: pygame.Rect) -> None:
        self.game = game
        self.area = area
        self.rig = CameraRig(self.fit())  # eases, never jumps by itself
        self.fitted: Camera | None = self.rig.cam
        self.fight: Camera | None = None

    @property
    def city(self) -> Camera:
        """The city camera as shown now."""
        return self.rig.cam

    def view_rect(self) -> pygame.Rect:
        """The table's part of the window below the hint strip."""
        a = self.area
        return pygame.Rect(a.x, a.y + HINT_STRIP_PX, a.width, a.height - HINT_STRIP_PX)

    def overview(self) -> Camera:
        """The whole city in the table's part of the window."""
        return fit_box(*city_box(self.game), self.area)

    def fit(self) -> Camera:
        """The fitted view (`first_view`): the whole city where it fits at
        `WHOLE_CITY_PX_PER_CM` or closer; else the objective's buildings and the survivors;
        at the game's end all of it."""
        if self.game.over:
            return self.overview()
        return first_view(city_box(self.game), objective_box(self.game), self.view_rect())

    def refit(self) -> None:
        """Keep the play in view: the camera glides only when what matters now would be out
        of the view (the player's own zoom and pan are kept); the game's end shows it all."""
        if self.game.over:
            if self.rig.target == self.fitted:
                self.rig.glide(self.overview())
                self.fitted = self.rig.target
            return
        points, edge = focus_points(self.game)
        self.rig.keep_in_view(points, city_box(self.game), self.view_rect(), edge)

    def toggle_fit(self) -> None:
        """F: glide to the fitted view; pressed again there, to the whole city."""
        fitted = self.fit()
        if self.rig.target == fitted and self.overview() != fitted:
            self.rig.glide(self.overview())
            self.fitted = None
        else:
            self.rig.glide(fitted)
            self.fitted = fitted
        self.stage_fight()

    def stage_fight(self) -> None:
        """A fight's staging table in view (nothing while no fight is staged): its fight
        line and the distance between the two sides, with room around."""
        from flick.game.scenarios.fight import FIGHT_LINE_Y, STAGE

        f = self.game.fight
        if f is None:
            return
        cx = STAGE[0] / 2
        self.fight = fit_box(cx - 35, FIGHT_LINE_Y - 12, cx + 35,
                             FIGHT_LINE_Y + f.distance + 10, self.area)

    def active(self, fight_table: bool) -> Camera:
        """The camera the pointer works through: the fight table's while it is shown."""
        return self.fight if fight_table and self.fight is not None else self.rig.cam

    def show(self, cam: Camera, fight_table: bool) -> None:
        """Show `cam` at once on the table shown (a pan, a zoom)."""
        if fight_table and self.fight is not None:
            self.fight = cam
        else:
            self.rig.jump(cam)

    def zoom(self, at: tuple[int, int], steps: int, fight_table: bool = False) -> None:
        """Zoom by wheel notches about the pixel `at`, on the table shown."""
        self.show(self.active(fight_table).zoomed(at, steps), fight_table)

    def resize(self, area: pygame.Rect) -> None:
        """The window was resized: the city fitted again at once, a fight's table too."""
        self.area = area
        self.fitted = self.fit()
        self.rig.jump(self.fitted)
        self.stage_fight()


def city_box(game: Game) -> tuple[float, float, float, float]:
    """The table the game is played on (cm): the city and the tower's bin, 3 cm around."""
    w, h = game.board.city
    zb = game.scenario.zombie_bin
    x0, y0 = min(0.0, zb.x - 9), min(0.0, zb.y - 9)
    x1, y1 = max(w, zb.x + 9), max(h, zb.y + 9)
    return (x0 - 3, y0 - 3, x1 + 3, y1 + 3)


def objective_box(game: Game) -> tuple[float, float, float, float]:
    """The box (cm) around the buildings the objectives name and every survivor."""
    g = game
    names: set[str] = set()
    for o in g.scenario.objectives:
        for v in o.params.values():
            for name in (v if isinstance(v, list) else [v]):
                if isinstance(name, str) and name in g.board.buildings:
                    names.add(name)
    spots = [g.board.table.position(block) for name in names
             for block in g.board.building_parts(name)[:2]]
    spots += [g.board.pos(s.piece) for s in g.survivors.values()
              if s.alive and s.piece is not None and g.board.exists(s.piece)]
    if not spots:
        return city_box(game)
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    return (min(xs), min(ys), max(xs), max(ys))


def focus_points(game: Game) -> tuple[list[tuple[float, float]], int]:
    """What must stay in view now, and how far from the view's edge (px): the survivor in
    play (its piece to flick too: `EDGE_PX`), or the survivors the team to play may choose
    (`CHOICE_EDGE_PX`)."""
    g = game
    s = g.survivors.get(g.active) if g.active else None
    if s is not None and s.piece is not None and g.board.exists(s.piece):
        return [g.board.pos(s.piece)], EDGE_PX
    if s is not None and s.building is not None:
        return [adapter.inside_spot(g, s)], EDGE_PX
    if g.phase == "choose" and not g.over:
        return [g.board.pos(q.piece) for q in g.available(g.current_team)
                if q.piece is not None and g.board.exists(q.piece)], CHOICE_EDGE_PX
    return [], EDGE_PX
