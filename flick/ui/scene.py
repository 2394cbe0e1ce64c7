"""The play window's drawing: the city (or a fight's staging table) with the pieces as they
stand or move, tokens and figures inside buildings, the piece being flicked with its aim line
and power meter, the tower's inset, the names on the table and the game-over banner.

The table is drawn from a `flick.ui.view_model.TableModel` alone (`draw_table` and everything
below it): what it reads of the window is listed there. `draw(app)` composes the frame: the
modes that cover the table or lie over it, the table from the window's model, the panel and
the widgets; it changes nothing but `app.buttons`, the clickable places it returns.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

from flick.game.actions import legal
from flick.game.scenarios.survivor_fight import Duel
from flick.physics.state import PieceState
from flick.ui import adapter, aim, help
from flick.ui.camera import HINT_STRIP_PX, fit_box
from flick.ui.labels import Label, place
from flick.ui.look import FALL_S
from flick.ui.motion import FRAME_S, Clip, SideShape
from flick.ui.panel import Button
from flick.ui.render import (
    CITY,
    INK,
    TOKEN_LETTERS,
    VEHICLE,
    Camera,
    Colour,
    Fonts,
    building_label,
    roof_centre,
)
from flick.ui.table_view import HILITE, Decor, TableView

if TYPE_CHECKING:
    from flick.ui.app import PlayApp
    from flick.ui.view_model import TableModel

# The templates' lengths (cm) as drawn while aiming; components.md gives no size, these are
# this project's estimates of the cardboard templates.
TEMPLATES = {"shotgun": 8.0, "sniper": 14.0}
AIM_HIT = (235, 40, 40)


def draw(app: PlayApp) -> list[pygame.Rect]:
    """Draw the window: the table, the piece being flicked, the banner, the panel. Returns
    the rectangles that changed (the table, and the panel only when it was re-rendered)."""
    screen = app.screen
    covering = next((m for m in reversed(list(app.modes)) if m.covers_table), None)
    if covering is not None:  # the pass screen: no table, no panel
        covering.draw(app, screen)
        app.buttons = []
        app.widgets.show_buttons("panel", [])
        app.widgets.show_log(app.log_lines(), None)
        app.widgets.draw(screen)
        return [screen.get_rect()]
    draw_table(app.table_model(), screen)
    specs = app.panel.draw(screen, app.panel_model())
    app.widgets.show_buttons("panel", specs)
    app.buttons = [] if app.busy() else [
        *app.panel.board_clicks, *(Button(spec.rect, spec.command) for spec in specs)]
    app.widgets.show_log(app.log_lines(), app.panel.log_rect)
    for mode in app.modes:
        mode.draw(app, screen)  # banners over the table (the turn's outcome)
    covered = app.widgets.draw(screen)
    if app.help_open or app.modes.top.name != "table":
        return [screen.get_rect()]
    screen_rect = screen.get_rect()
    clipped = [r.clip(screen_rect) for r in
               (app.area.copy(), *([app.panel.rect.copy()] if app.panel.changed else []),
                *covered)]
    return [r for r in clipped if r.width and r.height]


def draw_table(m: TableModel, screen: pygame.Surface) -> None:
    """The table's part of the window (`m.area`): the city or the fight's staging table,
    the piece being flicked, the banner, the hint (also drawn alone while a shot is being
    computed: `flick.ui.stream`)."""
    if m.on_fight_table:
        _draw_fight(m, screen)
    else:
        _draw_city(m, screen)
    screen.set_clip(m.area)
    m.draw_assist(screen)
    _draw_gesture(m, screen)
    if m.game.over and not m.busy:
        _banner(m, screen)
    _draw_hint(m, screen)
    screen.set_clip(None)


def _draw_hint(m: TableModel, screen: pygame.Surface) -> None:
    """The one-line hint for the current step, on a dark strip at the top of the table."""
    text = m.hint
    img = m.view.text.get(m.font, text, (255, 220, 120))
    strip = img.get_rect(midtop=(m.area.centerx, m.area.y + 6)).inflate(16, 8)
    pygame.draw.rect(screen, (16, 18, 24), strip, border_radius=6)
    screen.blit(img, img.get_rect(center=strip.center))


def follow(m: TableModel, cam: Camera, clip: Clip, pieces: list[PieceState]) -> Camera:
    """The camera while a clip plays: the player's own, widened (for the rest of the clip)
    so that every piece in motion stays in view, and for a rush its tower too (the zombies
    are seen leaving its exit); after the clip the player's camera again."""
    moving = clip._cursor[1]
    area = m.area
    if m.memory.follow_cam is not None and m.memory.follow_cam[0] is clip:
        cam = m.memory.follow_cam[1]
    spots = [(p.x, p.y) for p in pieces if p.id in moving]
    if clip.enter and clip.tower:
        spots += clip.tower
    out = [q for q in spots if not area.collidepoint(cam.px(*q))]
    if not out:
        return cam
    (x0, y0), (x1, y1) = cam.to_cm(area.left, area.bottom), cam.to_cm(area.right, area.top)
    xs = [x0, x1, *(x - 4 for x, _ in out), *(x + 4 for x, _ in out)]
    ys = [y0, y1, *(y - 4 for _, y in out), *(y + 4 for _, y in out)]
    wide = fit_box(min(xs), min(ys), max(xs), max(ys), area)
    m.memory.follow_cam = (clip, wide)
    return wide


def _draw_city(m: TableModel, screen: pygame.Surface) -> None:
    cam = m.cam
    view = m.view
    g = m.game
    screen.set_clip(m.area)
    clip = m.clips[0] if m.clips else None
    drop = None
    if clip is not None and clip.table == "tower":  # the drop: the rush's table stands still
        drop = clip
        clip = next((c for c in m.clips if c.table == "city"), None)
    away = clip is not None and clip.tower is not None and not _at_home(m, clip.tower)
    closed = frozenset(help.closed_doors(g))
    decor: Mapping[int, Decor]
    if clip is not None and drop is not None:
        # while they fall through the tower the rushed zombies are not on the table yet
        before = {p.id: p for p in m.before_pieces}
        pieces = [p for p in clip.start.values() if p.kind != "zombie" or (
            p.id in before and math.dist((p.x, p.y), (before[p.id].x, before[p.id].y)) < 0.5)]
        cam = follow(m, cam, clip, pieces)  # the rush's tower in view while they fall
        decor = {**m.decor, **m.old_decor}
    elif drop is not None:
        pieces, decor = m.pieces, {**m.decor, **m.old_decor}
    elif clip is not None:
        pieces = list(clip.poses_at(int(m.clip_time / FRAME_S)).values())
        cam = follow(m, cam, clip, pieces)
        # no spoilers: names, life and backpacks as they were until the motion has played
        decor = {**m.decor, **m.old_decor}
    else:
        m.memory.follow_cam = None
        pieces = m.pieces
        decor = m.decor
    m.memory.shown_cam = cam
    screen.blit(view.background(m.area.size, cam, g.bin, tower=not away, closed=closed),
                m.area.topleft)
    chips = _draw_stashes(m, screen, cam)
    lit: list[int] = []
    if clip is None and g.phase == "choose" and not g.over:
        lit = [s.piece for s in g.available(g.current_team) if s.piece is not None]
    elif clip is None and m.action == "short_kill":
        lit = legal.short_kill_targets(g)
    tipping = {}
    if clip is not None and drop is None:  # a figure that falls is seen tipping over
        tipping = clip.tipping(int(m.clip_time / FRAME_S), round(FALL_S / FRAME_S))
    view.draw_pieces(screen, cam, pieces, decor, lit, names=False, tipping=tipping)
    if clip is not None and clip.tower:
        view.draw_tower_at(screen, cam, clip.tower)
    inside = _draw_inside(m, screen, cam)
    _draw_labels(m, screen, cam, pieces, decor, inside, chips)
    if drop is not None and drop.side:
        draw_drop(m, screen, drop.side[min(len(drop.side) - 1, int(m.clip_time / FRAME_S))])
    elif clip is not None and clip.side and int(m.clip_time / FRAME_S) < len(clip.side):
        # the rest of the drop, while its zombies leave the exit onto the table
        draw_drop(m, screen, clip.side[int(m.clip_time / FRAME_S)])
    active = g.survivors.get(g.active) if g.active else None
    if m.facing is not None and active is not None and active.piece is not None:
        x, y = g.board.pos(active.piece)  # the facing chosen for the turn's end (R)
        tip = (x + 4.0 * math.cos(m.facing), y + 4.0 * math.sin(m.facing))
        pygame.draw.line(screen, HILITE, cam.px(x, y), cam.px(*tip), 3)
        pygame.draw.circle(screen, HILITE, cam.px(*tip), 4)
    screen.set_clip(None)


def drop_inset(m: TableModel) -> pygame.Rect:
    """Where the tower's side view is drawn: a corner of the table clear of the rush's tower
    and of the zombies' path out of its exit (top-right when it is clear; else top-left,
    bottom-left, bottom-right; else the corner farthest from them). Chosen once per rush."""
    w, h = 230, 280
    a = m.area
    boxes = [pygame.Rect(a.right - w - 12, a.y + 40, w, h), pygame.Rect(a.x + 12, a.y + 40, w, h),
             pygame.Rect(a.x + 12, a.bottom - h - 12, w, h),
             pygame.Rect(a.right - w - 12, a.bottom - h - 12, w, h)]
    rush = next((c for c in m.clips if c.table == "city" and c.tower), None)
    if rush is None or not rush.frames:
        return boxes[0]
    chosen = m.memory.inset
    if chosen is not None and chosen[0] is rush:
        return chosen[1]
    tower = rush.tower or []
    cx, cy = sum(x for x, _ in tower) / len(tower), sum(y for _, y in tower) / len(tower)
    first = next((rush.frames[k][z] for z, k in sorted(rush.enter.items(), key=lambda e: e[1])
                  if k < len(rush.frames) and z in rush.frames[k]), None)
    avoid = list(tower)
    if first is not None:  # out of the exit: toward where the first zombie left it
        d = math.dist((first[1], first[2]), (cx, cy)) or 1.0
        ux, uy = (first[1] - cx) / d, (first[2] - cy) / d
        avoid += [(cx + ux * r, cy + uy * r) for r in range(5, 50, 5)]
    shown = m.memory.shown_cam or m.cam  # the camera this frame is drawn with
    pts = [shown.px(x, y) for x, y in avoid]

    def gap(box: pygame.Rect) -> float:
        grown = box.inflate(24, 24)
        if not any(grown.collidepoint(p) for p in pts):
            return math.inf
        return min(math.dist(p, box.center) for p in pts)

    best = next((b for b in boxes if gap(b) == math.inf), None) or max(boxes, key=gap)
    m.memory.inset = (rush, best)
    return best




def draw_drop(m: TableModel, screen: pygame.Surface, shapes: list[SideShape]) -> None:
    """One frame of the tower's drop, seen from the side (from the tower world's own
    shapes: walls, baffles, ramp, the support being pulled, the zombies falling)."""
    box = drop_inset(m)
    pygame.draw.rect(screen, (16, 18, 24), box, border_radius=8)
    pygame.draw.rect(screen, (255, 200, 60), box, 2, border_radius=8)
    m.view.text.blit(screen, m.small, "THE TOWER (side view)", (box.x + 10, box.y + 6),
                       (255, 200, 60), "topleft")
    walls = [p for pts, z in shapes if not z for p in pts]
    if not walls:
        return
    x0, x1 = min(x for x, _ in walls), max(x for x, _ in walls)
    z0, z1 = min(z for _, z in walls), max(z for _, z in walls)
    x1 = min(x1, x0 + 1.6 * max(1.0, z1 - z0))  # the table beyond the exit: a little of it
    inner = box.inflate(-20, -36).move(0, 10)
    s = min(inner.width / max(1.0, x1 - x0), inner.height / max(1.0, z1 - z0))

    def px(p: tuple[float, float]) -> tuple[float, float]:
        return (inner.x + (p[0] - x0) * s, inner.bottom - (p[1] - z0) * s)

    clip = screen.get_clip()
    screen.set_clip(inner.inflate(8, 8))
    for pts, zombie in shapes:
        pp = [px(p) for p in pts]
        if zombie:
            pygame.draw.polygon(screen, (70, 150, 60), pp)
            pygame.draw.polygon(screen, (20, 24, 30), pp, 1)
        elif len(pp) == 2:
            pygame.draw.line(screen, (190, 180, 210), pp[0], pp[1], 3)
        else:
            pygame.draw.polygon(screen, (90, 80, 110), pp)
    screen.set_clip(clip)


def _at_home(m: TableModel, corners: list[tuple[float, float]]) -> bool:
    """Is a rush's tower (its corners, cm) the tower at home on the bin?"""
    home = m.view.tower_home
    cx = sum(x for x, _ in corners) / len(corners)
    cy = sum(y for _, y in corners) / len(corners)
    return home is not None and math.dist((cx, cy), (home.x, home.y)) < 1.0


def _draw_stashes(m: TableModel, screen: pygame.Surface, cam: Camera) -> list[pygame.Rect]:
    """Tokens on the buildings' support blocks and beside objects; zombies inside. The
    token chips' rectangles (labels keep off them)."""
    g = m.game
    fonts = m.view.fonts(cam)
    drawn: list[pygame.Rect] = []
    for key, stash in g.stashes.items():
        if not stash:
            continue
        if key.startswith("piece:"):
            pid = int(key.split(":", 1)[1])
            if not g.board.exists(pid):
                continue
            x, y = g.board.pos(pid)
            spots = [(x + 2.2, y + 2.2)]
        elif key in g.board.buildings:
            a, b, _ = g.board.building_parts(key)
            spots = [g.board.table.position(a), g.board.table.position(b)]
        else:
            continue
        down = sum(1 for t in stash if not t.face_up)
        ups = [t.kind for t in stash if t.face_up]
        chips = ([(f"{down}?" if down > 1 else "?", False)] if down else []) + [
            (TOKEN_LETTERS.get(k, k[:2]), True) for k in ups]
        for i, (label, up) in enumerate(chips):
            x, y = spots[i % len(spots)]
            drawn.append(m.view.draw_chip(screen, cam, (x, y - 2.4 * (i // len(spots))),
                                            label, up, fonts))
    for name, flags in g.building_zombies.items():
        if not flags or name not in g.board.buildings:
            continue
        for i, standing in enumerate(flags):
            c = cam.px(*adapter.inside_row(g, name, i, from_left=False))
            pygame.draw.circle(screen, (70, 150, 60) if standing else (150, 190, 140), c,
                               max(3.0, cam.length(1.4)))
            pygame.draw.circle(screen, (20, 24, 30), c, max(3.0, cam.length(1.4)), 1)
    return drawn


def _draw_inside(m: TableModel, screen: pygame.Surface,
                 cam: Camera) -> list[tuple[str, tuple[float, float], Colour, float]]:
    """Survivors inside buildings, standing on a support block; their names (text, point,
    colour, radius px) for the label pass."""
    g = m.game
    names = []
    for s in g.survivors.values():
        if not s.alive or s.building is None:
            continue
        x, y = adapter.inside_spot(g, s)
        c = cam.px(x, y)
        colour = adapter.team_colour(g, s.team)
        pygame.draw.circle(screen, colour, c, cam.length(1.3))
        pygame.draw.circle(screen, (255, 255, 255) if s.name == g.active else (20, 24, 30),
                           c, cam.length(1.3), 2)
        names.append((s.short, c, colour, cam.length(1.3)))
    return names


def _draw_labels(m: TableModel, screen: pygame.Surface, cam: Camera, pieces: list[PieceState],
                 decor: Mapping[int, Decor],
                 inside: list[tuple[str, tuple[float, float], Colour, float]],
                 chips: list[pygame.Rect]) -> None:
    """Every name on the table, placed so that none covers another, a token chip or the
    hint strip, and none is cut by the view's edge (`flick.ui.labels`)."""
    view, g = m.view, m.game
    fonts = view.fonts(cam)
    table = g.board.table
    found: list[tuple[Label, Colour, pygame.font.Font]] = []
    view_box = m.area
    for bid in table.buildings():
        text = building_label(table.building_name(bid))
        # the roof's middle, or where the building shows when the view cuts it
        spots = [cam.px(*roof_centre(table, bid)),
                 *(cam.px(*table.position(q)) for q in table.building_parts(bid)[:2])]
        at = next((q for q in spots if view_box.collidepoint(q)), None)
        if at is not None:
            found.append((Label(text, at, fonts.label.size(text), 0, centred=True,
                                key=("building", bid)), INK, fonts.label))
    for p in pieces:
        d = decor.get(p.id)
        if d is None or not d.name:
            continue
        if p.kind == "survivor":
            r = cam.length(1.3) + (cam.length(0.7) + 4 if d.life is not None else 2)
            found.append((Label(d.name, cam.px(p.x, p.y), fonts.label.size(d.name), 1,
                                gap=r, key=("piece", p.id)), d.colour or INK, fonts.label))
        elif p.kind in VEHICLE:
            found.append((Label(d.name, cam.px(p.x, p.y), fonts.small.size(d.name), 2,
                                centred=True, key=("piece", p.id)), INK, fonts.small))
        else:  # a numbered box: the number beside it, or left out when there is no room
            found.append((Label(d.name, cam.px(p.x, p.y), fonts.small.size(d.name), 3,
                                gap=cam.length(1.2), droppable=True, key=("piece", p.id)),
                          INK, fonts.small))
    for text, at, colour, r in inside:
        found.append((Label(text, at, fonts.label.size(text), 1, gap=r + 2,
                            key=("inside", text)), colour, fonts.label))
    found = [f for f in found if view_box.collidepoint(f[0].at)]  # what the view shows
    strip = pygame.Rect(m.area.x, m.area.y, m.area.width, HINT_STRIP_PX)
    figures = []  # a name keeps off the figures too where it can
    for p in pieces:
        if p.kind in ("survivor", "zombie"):
            reach = view.footprints.get(p.kind, p.standing).reach
            box = pygame.Rect(0, 0, 2 * cam.length(reach), 2 * cam.length(reach))
            box.center = (round(cam.px(p.x, p.y)[0]), round(cam.px(p.x, p.y)[1]))
            figures.append(box)
    layout = place([lb for lb, _, _ in found], m.area.inflate(-4, -4),
                   [*chips, strip, *figures])
    style = {id(lb): (colour, font) for lb, colour, font in found}
    for placed in layout.placed:
        colour, font = style[id(placed.label)]
        if placed.leader:
            pygame.draw.line(screen, (120, 128, 140), placed.label.at,
                             _nearest(placed.rect, placed.label.at), 1)
        img = view.text.get(font, placed.label.text, colour, CITY)
        screen.blit(img, img.get_rect(center=placed.rect.center))
    m.memory.label_layout = layout


def _nearest(rect: pygame.Rect, p: tuple[float, float]) -> tuple[float, float]:
    """The point of `rect` nearest `p` (where a leader line meets the label)."""
    return (min(max(p[0], rect.left), rect.right), min(max(p[1], rect.top), rect.bottom))


def _draw_fight(m: TableModel, screen: pygame.Surface) -> None:
    """The fight's staging table: fighters, zombies, the flicked weapon, the deck."""
    g = m.game
    view = m.fight_view
    cam = m.fight_cam
    if view is None or cam is None:
        return
    screen.set_clip(m.area)
    screen.blit(view.background(m.area.size, cam, None), (0, 0))
    clip = m.clips[0] if m.clips else None
    pieces = (list(clip.poses_at(int(m.clip_time / FRAME_S)).values()) if clip
              else list(view.table.snapshot().pieces))
    view.draw_pieces(screen, cam, pieces, {})
    fight = g.fight
    fonts = view.fonts(cam)
    title = "FIGHT - staging table"
    if fight is not None:
        duel = fight if isinstance(fight, Duel) else None  # S6 on: survivor against survivor
        if duel is not None:
            title = "SURVIVOR FIGHT - staging table"
        title += f" ({fight.building.replace('_', ' ')})"
        spots = ({n: duel.position(n) for n in duel.fighters} if duel is not None
                 else fight.spots)
        for name, (x, y) in spots.items():
            s = g.survivors[name]
            c = cam.px(x, y)
            colour = (adapter.team_colour(g, s.team) if name not in fight.out
                      else (150, 150, 150))
            pygame.draw.circle(screen, colour, c, cam.length(1.3))
            pygame.draw.circle(screen, (20, 24, 30), c, cam.length(1.3), 2)
            label = f"{s.short} ({fight.weapons.get(name, '?')})"
            view.text.blit(screen, fonts.label, label, (c[0], c[1] + cam.length(1.3) + 3),
                           colour, "midtop", (226, 232, 238))
        deck = pygame.Rect(m.area.right - 110, m.area.bottom - 150, 80, 110)
        pygame.draw.rect(screen, (120, 30, 30), deck, border_radius=6)
        pygame.draw.rect(screen, (240, 240, 240), deck, 2, border_radius=6)
        view.text.blit(screen, fonts.label, f"{len(fight.deck.cards)} cards", deck.center,
                       (255, 255, 255))
        if duel is not None:
            _duel_marks(view, duel, screen, cam, fonts, spots)
        zs = [] if duel is not None else fight.standing_zombies()
        if zs and fight.spots:
            sx, sy = next(iter(fight.spots.values()))
            zy = view.table.position(zs[0])[1]
            pygame.draw.line(screen, (150, 150, 160), cam.px(sx, sy + 2), cam.px(sx, zy - 2))
            view.text.blit(screen, fonts.label, f"{zy - sy:.0f} cm",
                           cam.px(sx + 1.5, (sy + zy) / 2), (90, 90, 100), "midleft")
        if fight.deck.revealed:
            view.text.blit(screen, fonts.heading, fight.deck.revealed[-1],
                           (deck.centerx, deck.top - 16), (255, 220, 0))
    view.text.blit(screen, fonts.heading, title, (m.area.x + 12, 36), (255, 255, 255),
                   "topleft")
    screen.set_clip(None)


def _duel_marks(view: TableView, fight: Duel, screen: pygame.Surface, cam: Camera,
                fonts: Fonts, spots: dict[str, tuple[float, float]]) -> None:
    """A survivor fight: the distance between the two sides and whose shot it is."""
    first, second = fight.sides
    if first and second:
        (ax, ay), (_, by) = spots[first[0]], spots[second[0]]
        pygame.draw.line(screen, (150, 150, 160), cam.px(ax - 4, ay), cam.px(ax - 4, by))
        view.text.blit(screen, fonts.label, f"{by - ay:.0f} cm",
                       cam.px(ax - 5, (ay + by) / 2), (90, 90, 100), "midright")
    if fight.stage == "attack":
        x, y = spots[fight.to_act]
        pygame.draw.circle(screen, HILITE, cam.px(x, y), cam.length(1.3) + 5, 3)


def _draw_gesture(m: TableModel, screen: pygame.Surface) -> None:
    spot = m.spot
    if spot is None:
        return
    cam = m.active_cam
    view = m.fight_view if spot.table == "fight" and m.fight_view else m.view
    angle = spot.angle
    g = m.gesture
    if g is not None:
        angle, _ = g.aim()
    if m.action in TEMPLATES and spot.table == "city":  # the template, along the aim
        length, ux, uy = TEMPLATES[m.action], math.cos(angle), math.sin(angle)
        px, py = -uy * 1.2, ux * 1.2
        bx, by = spot.centre[0] - ux * 1.5, spot.centre[1] - uy * 1.5
        corners = [(bx + px, by + py), (bx + ux * length + px, by + uy * length + py),
                   (bx + ux * length - px, by + uy * length - py), (bx - px, by - py)]
        pts = [cam.px(x, y) for x, y in corners]
        pygame.draw.polygon(screen, (120, 110, 90), pts)
        pygame.draw.polygon(screen, (20, 24, 30), pts, 1)
    preview = PieceState(-1, spot.kind, spot.centre[0], spot.centre[1], angle, True)
    view.draw_pieces(screen, cam, [preview], {}, [-1] if g is None else [])
    active = m.game.survivors.get(m.game.active) if m.game.active else None
    decor = m.decor.get(active.piece) if active and active.piece is not None else None
    if spot.kind == "movement_disc" and decor is not None and decor.name:
        # the disc lies over the survivor: the name is written below it (over what shows of
        # the name under it), not hidden
        x, y = cam.px(*spot.centre)
        font = view.fonts(cam).label
        below = y + cam.length(view.footprints.get(spot.kind).reach)
        old = pygame.Rect(0, 0, font.size(decor.name)[0] + 4, font.get_linesize())
        old.midtop = (round(x), round(y + cam.length(1.3) + 2))
        pygame.draw.rect(screen, (226, 232, 238), old.clip(pygame.Rect(
            old.x, round(below), old.width, max(0, old.bottom - round(below)))))
        view.text.blit(screen, font, decor.name, (x, below + 2), decor.colour or (20, 24, 30),
                       "midtop", (226, 232, 238))
    if g is None:
        return
    c = cam.px(*spot.centre)
    if m.show_aim:
        path, touch = aim_preview(m)
        end = cam.px(*path.point(path.length))
        corners = [cam.px(*q) for q in path.corridor()]
        pygame.draw.line(screen, HILITE, corners[0], corners[1], 2)  # the piece's own width
        pygame.draw.line(screen, HILITE, corners[3], corners[2], 2)
        pygame.draw.line(screen, (255, 255, 255), c, end, 1)
        pygame.draw.circle(screen, HILITE, end, max(4.0, cam.length(path.half_at(path.length))),
                           1)
        if touch is not None:  # the first piece a straight path would touch: ringed in red
            pid, s_cm = touch
            hit = next((q for q in _table_pieces(m, spot) if q.id == pid), None)
            if hit is not None:
                reach = view.footprints.get(hit.kind, hit.standing).reach
                pygame.draw.circle(screen, AIM_HIT, cam.px(hit.x, hit.y),
                                   cam.length(reach) + 5, 3)
                pygame.draw.circle(screen, AIM_HIT, cam.px(*path.point(s_cm)), 4)
        if m.style == "slingshot":
            pygame.draw.line(screen, (255, 255, 255), c, cam.px(*g.pointer), 1)
        press = cam.px(g.centre[0] + g.offset[0], g.centre[1] + g.offset[1])
        pygame.draw.circle(screen, (255, 80, 80), press, 3)
    if m.show_power:
        p = g.power(m.now)  # it falls while the pointer is held still
        bar = pygame.Rect(m.area.x + 16, m.area.bottom - 30, 220, 16)
        pygame.draw.rect(screen, (20, 24, 30), bar.inflate(300, 12).move(150, 0),
                         border_radius=4)
        fill = bar.copy()
        fill.width = round(bar.width * p)
        pygame.draw.rect(screen, (round(80 + 175 * p), round(200 - 120 * p), 60), fill)
        pygame.draw.rect(screen, (226, 232, 238), bar, 1)
        m.view.text.blit(screen, m.font,
                            f"power {p * 100:.0f}%: {g.preview(m.now)} (open table)",
                            (bar.right + 8, bar.centery), (226, 232, 238), "midleft")


def _table_pieces(m: TableModel, spot: adapter.Spot) -> list[PieceState]:
    if spot.table == "fight" and m.fight_view is not None:
        return list(m.fight_view.table.snapshot().pieces)
    return m.pieces


def aim_preview(m: TableModel) -> tuple[aim.Aim, tuple[int, float] | None]:
    """The aim being dragged: its straight path (as far as the piece would slide on an open
    table) with the piece's width, and the first piece it would touch."""
    spot = m.spot
    g = m.gesture
    assert spot is not None and g is not None
    angle, _ = g.aim()
    view = m.fight_view if spot.table == "fight" and m.fight_view else m.view
    reach = view.footprints.get(spot.kind).reach
    path = aim.for_piece(spot.kind, reach, spot.centre, angle, max(0.5, min(g.slide(), 400.0)))
    key = (path, m.version)
    if m.memory.aim_cache is None or m.memory.aim_cache[0] != key:
        touch = aim.first_touch(path, _table_pieces(m, spot), view.footprints)
        m.memory.aim_cache = (key, touch)
    return path, m.memory.aim_cache[1]


def _banner(m: TableModel, screen: pygame.Surface) -> None:
    g = m.game
    text = (f"Team {g.winner} wins" if adapter.competitive(g) and g.winner else
            "The survivors win" if g.winner else "The survivors lose")
    reason = str(g.end_reason or "").replace("_", " ")
    box = pygame.Rect(0, 0, 460, 84)
    box.center = m.area.center
    pygame.draw.rect(screen, (16, 18, 24), box, border_radius=10)
    pygame.draw.rect(screen, (255, 200, 60), box, 2, border_radius=10)
    font = m.view.fonts(Camera(12.0, (0, 0))).title
    m.view.text.blit(screen, font, text, (box.centerx, box.y + 28), (255, 200, 60))
    m.view.text.blit(screen, m.font, f"game over: {reason}",
                        (box.centerx, box.y + 62), (226, 232, 238))
