"""The zombies: wounds and kills, Too close!, the zombies' reaction to noise, the Zombie
Rush through the tower (`Table.rush`), what follows a rush, zombies entering buildings,
standing the zombies up and the new horde at a round's end (rulebook pp. 7, 10-11).

Readings (this project's, where the rulebook is silent or garbled):
- "Closest" is measured edge to edge on the table from the active survivor; a survivor inside
  a building is at the middle of its door. Zombies inside buildings are on support blocks, off
  the streets: they neither rush nor count as closest.
- LOUD with no standing zombie in the city: no rush; the zombies in the city are stood up.
- "Stand all zombies remaining in the city" (LOUD, with a rush or without one) stands the
  zombies inside buildings too: a building stands in the city ("In the city: any and all
  space within the designated city limits"); they stay inside.
- The tower is placed directly behind the zombie (the zombie between tower and survivor),
  half a centimetre behind it, its exit toward the survivor; when a building stands between
  them, the exit is turned toward the end of that building's front nearest the survivor
  (`around_building`). `Table.rush` sets aside what stands where the tower is put.
- A zombie "enters" a building when any part of it crossed the door, or a standing zombie is
  less than a movement disc from a support block (rulebook p. 11); it is then taken off the
  streets onto the support blocks, standing or fallen as it was.
- Pushed out of the city: a piece is in the city when the whole of it is, whatever its kind;
  a figure or an object a flick or rush leaves partly past a limit is placed just inside,
  wholly, about where it left (`pushed_out`, `_back_inside`). The rulebook names figures
  ("All figures pushed outside of the city must be placed just inside of the city limits");
  an object comes back the same way, as it lies.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from flick.game.board import APART_SLACK_CM
from flick.game.bots.aim import seg_core
from flick.game.state import GameOver, Noise, Survivor
from flick.physics.geometry import point_segment
from flick.physics.tower.params import TOWER_FOOTPRINT_CM

if TYPE_CHECKING:
    from flick.game.game import Game

TOWER_DEPTH_CM = TOWER_FOOTPRINT_CM  # when the parameters have no tower


def _tower_depth(game: Game) -> float:
    """Back wall to exit face of the tower's footprint (cm), from the physics parameters."""
    tower = getattr(game.board.params, "tower", None)
    return float(getattr(tower, "depth", TOWER_DEPTH_CM))


# ---- wounds -------------------------------------------------------------------------------
def kill_zombie(game: Game, zombie: int, cause: str, by: str | None = None) -> None:
    """A wounded zombie goes to the zombie bin."""
    game.board.table.remove(zombie)
    game.bin += 1
    game.event("kill", zombie=zombie, cause=cause, survivor=by)


def wound_figure(game: Game, pid: int, cause: str, by: str | None = None) -> None:
    """A figure wounded by a weapon: a zombie to the bin; a survivor stays fallen, -1 life."""
    if game.board.kind(pid) == "zombie":
        kill_zombie(game, pid, cause, by)
        return
    s = game.board.survivor_of(game, pid)
    if s is not None:
        s.standing = False
        game.wound(s, cause)


# ---- after every flick ------------------------------------------------------------------
def after_flick(game: Game, result: Any) -> None:
    """Common aftermath of a flick: pieces out of the city come back inside, fallen
    survivors' records, barricades cleared, zombies entering buildings, the RV touched (S1)."""
    for pid in pushed_out(game, result):
        _back_inside(game, pid, fallen=False)
    _sync_standing(game)
    clear_barricades(game)
    zombies_enter_buildings(game)
    check_rv_touched(game, result)


def pushed_out(game: Game, result: Any) -> list[int]:
    """The pieces a flick or rush pushed out of the city: those whose centre left it (the
    physics' `left_city`) and every piece it moved, figure or object, that now stands or lies
    partly past a limit ("In the city: Any and all space within the designated city limits":
    a piece is in the city when the whole of it is, `Board.in_city`)."""
    board = game.board
    out = [p for p in getattr(result, "left_city", ()) if board.exists(p)]
    for p in getattr(result, "moved", ()):
        if p not in out and board.exists(p) and not board.in_city(p):
            out.append(p)
    return out


def _back_inside(game: Game, pid: int, fallen: bool) -> None:
    """Just inside the city limits, about where it left, the whole piece inside (a figure,
    fallen after a rush; an object as it lies)."""
    board, table = game.board, game.board.table
    margin = board.figure_r + 0.3 if board.is_figure(pid) else 3.0
    x, y = board.clamp_into_city(board.pos(pid), margin)
    angle = float(table.angle(pid))
    table.set_pose(pid, x, y, angle)
    if fallen and board.is_figure(pid) and table.is_standing(pid):
        table.lay_down(pid, angle)
    if not board.in_city(pid):  # lying (or, a long object, standing) across a limit
        pts = [(px, py, r) for core, r in table.outline(pid) for px, py in core]
        w, h = board.city
        lo_x, hi_x = min(p[0] - p[2] for p in pts), max(p[0] + p[2] for p in pts)
        lo_y, hi_y = min(p[1] - p[2] for p in pts), max(p[1] + p[2] for p in pts)
        dx = 0.3 - lo_x if lo_x < 0 else (w - 0.3 - hi_x if hi_x > w else 0.0)
        dy = 0.3 - lo_y if lo_y < 0 else (h - 0.3 - hi_y if hi_y > h else 0.0)
        x, y = board.pos(pid)
        table.set_pose(pid, x + dx, y + dy, float(table.angle(pid)))


def _sync_standing(game: Game) -> None:
    for s in game.survivors.values():
        if s.piece is not None and game.board.exists(s.piece):
            s.standing = bool(game.board.table.is_standing(s.piece))


def clear_barricades(game: Game) -> list[str]:
    """S4: a barricade that no longer blocks any part of its door is out of the game.
    Returns the buildings whose last barricade this removed."""
    if not game.rules.has("barricades"):
        return []
    board = game.board
    cleared_last: list[str] = []
    for pid in board.barricades():
        building = board.barricade_building(pid)
        if building is None or board.blocks_door(pid, building):
            continue
        board.table.remove(pid)
        game.event("barricade_removed", building=building)
        if not board.barricaded(building) and building not in cleared_last:
            cleared_last.append(building)
    return cleared_last


def check_rv_touched(game: Game, result: Any) -> None:
    """S1 instant defeat: a zombie touching the RV or either of its support blocks."""
    if "zombie_touches_rv" not in game.rules.defeats or "rv" not in game.board.buildings:
        return
    board = game.board
    parts = board.building_parts("rv")
    circles = [board.circle(p) for p in parts]
    for z in board.zombies():
        if any(board.building_of(p) == "rv" for p in _touches(result, z)) or \
                board.touching_parts(z, parts, circles):
            game.event("rv_touched", zombie=z)
            game.rules.zombie_touched_rv(game)


def _touches(result: Any, pid: int) -> list[Any]:
    if result is None:
        return []
    try:
        return list(result.touches(pid))
    except (KeyError, ValueError):
        return []


def zombies_enter_buildings(game: Game) -> None:
    """Zombies crossing a door go in if at least one survivor or token is inside and fewer
    than 2 zombies are (rulebook p. 11)."""
    board = game.board
    for z in board.zombies():
        for name in board.buildings:
            if not game.rules.zombies_may_enter(game, name):
                continue
            standing = bool(board.table.is_standing(z))
            entered = board.crossed_door(z, name) or (
                standing and board.block_distance(z, name) < board.disc)
            if not entered:
                continue
            occupied = any(s.alive and s.building == name for s in game.survivors.values()) \
                or bool(game.stashes.get(name))
            if occupied and len(game.building_zombies[name]) < 2:
                board.table.remove(z)
                game.building_zombies[name].append(standing)
                game.event("zombie_enters", building=name, standing=standing)
            break


# ---- Too close! -----------------------------------------------------------------------------
def too_close(game: Game, immune: str | None) -> None:
    """A standing survivor next to a standing zombie loses 1 life and is laid down; the
    active survivor is immune during its own turn (rulebook p. 7)."""
    board, table = game.board, game.board.table
    zombies = [z for z in board.zombies() if table.is_standing(z)]
    if not zombies:
        return
    circles = [board.circle(z) for z in zombies]  # (a survivor laid down moves no zombie)
    for s in list(game.survivors.values()):
        if s.name == immune or s.piece is None or not s.alive:
            continue
        if not table.is_standing(s.piece):
            continue
        if board.next_to_any(s.piece, zombies, circles):
            x, y = board.pos(s.piece)
            pid = s.piece
            zx, zy = board.pos(min(zombies, key=lambda z: board.distance(pid, z)))
            table.lay_down(s.piece, math.atan2(y - zy, x - zx))
            s.standing = False
            game.event("too_close", survivor=s.name)
            game.wound(s, "too_close")


# ---- the zombies' reaction ------------------------------------------------------------------
def survivor_point(game: Game, s: Survivor) -> tuple[float, float] | None:
    return game.board.piece_position(s)


def _by_distance(game: Game, s: Survivor, zombies: list[int]) -> list[int]:
    board = game.board
    if s.piece is not None:
        key = {z: board.distance(s.piece, z) for z in zombies}
    else:
        at = survivor_point(game, s)
        assert at is not None
        key = {z: math.dist(at, board.pos(z)) for z in zombies}
    return sorted(zombies, key=lambda z: (key[z], z))


def react(game: Game, s: Survivor, noise: Noise) -> None:
    """The zombies' reaction to the loudest noise of the turn."""
    if noise == Noise.SILENT or not s.alive or survivor_point(game, s) is None:
        return
    board, table = game.board, game.board.table
    zombies = board.zombies()
    if not zombies:
        if noise == Noise.LOUD:
            stand_all_zombies(game)  # none on the streets: those inside still stand up
        return
    if noise == Noise.LOUD:
        standing = _by_distance(game, s, [z for z in zombies if table.is_standing(z)])
        rushing = standing[:3]
        if rushing:
            tower = tower_behind(game, s, rushing[0])
            stand_all_zombies(game, but=rushing)
            rush(game, rushing, tower, reason="loud")
        else:
            stand_all_zombies(game)
        return
    closest = _by_distance(game, s, zombies)[0]
    if not table.is_standing(closest):
        table.stand_up(closest)
        game.event("zombie_stands", zombie=closest)
        return
    rush(game, [closest], tower_behind(game, s, closest), reason="quiet")


def tower_behind(game: Game, s: Survivor, zombie: int) -> tuple[float, float, float]:
    """The tower directly behind `zombie` as seen from the survivor, exit facing the survivor;
    the zombie is turned to face the survivor."""
    board = game.board
    sx, sy = survivor_point(game, s)  # type: ignore[misc]
    zx, zy = board.pos(zombie)
    dx, dy = zx - sx, zy - sy
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    board.table.set_pose(zombie, zx, zy, math.atan2(-uy, -ux))
    back = board.figure_r + _tower_depth(game) / 2 + 0.5
    tx, ty = zx + ux * back, zy + uy * back
    return (tx, ty, around_building(game, s, (tx, ty), (sx, sy)))


def around_building(game: Game, s: Survivor, tower: tuple[float, float],
                    target: tuple[float, float]) -> float:
    """The tower's facing (rad): at the survivor, or, when a building stands between the tower
    and the survivor, at the end of that building's front nearest the survivor, 4 cm beyond
    it (reading of the rulebook's garbled "rotate the tower so that its exit faces the side
    of the building closest to the active survivor")."""
    board = game.board
    direct = math.atan2(target[1] - tower[1], target[0] - tower[0])
    best: tuple[float, str] | None = None
    for name in board.buildings:
        if name == s.building:
            continue
        # Parts whose bounding circle lies 0.5 cm clear of the line cannot be in the way.
        parts = [part for part in board.building_parts(name)
                 if not _clear_of(board.circle(part), tower, target, 0.5)]
        gap = min((seg_core(tower, target, tuple(core)) - r
                   for part in parts for core, r in board.table.outline(part)), default=0.5)
        if gap < 0.5:
            d = math.dist(tower, board.door_mid(name))
            if best is None or d < best[0]:
                best = (d, name)
    if best is None:
        return direct
    # The ends of the building's front: the outer corners of its two support blocks.
    mx, my = board.door_mid(best[1])
    ends = []
    for part in board.building_parts(best[1])[:2]:
        pts = [p for core, _ in board.table.outline(part) for p in core]
        far = max(pts, key=lambda p: math.dist(p, (mx, my)))
        d = math.dist(far, (mx, my)) or 1.0
        ends.append((far[0] + (far[0] - mx) / d * 4.0, far[1] + (far[1] - my) / d * 4.0))
    aim = min(ends, key=lambda p: math.dist(p, target))
    return math.atan2(aim[1] - tower[1], aim[0] - tower[0])


def _clear_of(circle: Any, a: tuple[float, float], b: tuple[float, float], gap: float) -> bool:
    """Is everything within the bounding circle surely more than `gap` cm from segment ab?"""
    return point_segment((circle.cx, circle.cy), a, b) - circle.reach > gap + APART_SLACK_CM


def rush(game: Game, zombies: list[int] | int, tower: tuple[float, float, float],
         reason: str) -> None:
    """A Zombie Rush through `Table.rush`, then the rulebook's aftermath (p. 11): each
    survivor felled loses 1 life; objects felled stand up; figures pushed out of the city
    come back just inside, fallen; zombies stay where they are."""
    board = game.board
    n = zombies if isinstance(zombies, int) else len(zombies)
    if n == 0:
        return
    result = board.rush(zombies, tower, game.rng)
    game.record_shot("rush")
    felled = [board.survivor_of(game, p) for p in result.fell]
    game.event("rush", reason=reason, zombies=n,
               tower=[round(tower[0], 2), round(tower[1], 2), round(tower[2], 4)],
               fell=[f.name for f in felled if f is not None])
    for pid in list(result.fell):
        if board.exists(pid) and not board.is_figure(pid) and board.kind(pid) != "barricade":
            board.table.stand_up(pid)
    for pid in pushed_out(game, result):
        _back_inside(game, pid, fallen=board.is_figure(pid))
    _sync_standing(game)
    for s in felled:
        if s is not None and s.alive:
            s.standing = False
            game.wound(s, "rush")
    zombies_enter_buildings(game)
    check_rv_touched(game, result)


# ---- end of round -----------------------------------------------------------------------------
def stand_all_zombies(game: Game, but: list[int] | tuple[int, ...] = ()) -> None:
    """Stand every zombie in the city, on the streets and inside buildings, except `but`
    (a LOUD reaction's rushers, already off the table in the rulebook's telling)."""
    table = game.board.table
    for z in game.board.zombies():
        if z not in but and not table.is_standing(z):
            table.stand_up(z)
    for name, flags in game.building_zombies.items():
        game.building_zombies[name] = [True] * len(flags)


def new_horde(game: Game) -> None:
    """Before each day (night), the day (night) invasion number of zombies come from the bin
    by a rush from the tower at home; too few in the bin and the city is overrun."""
    inv = game.scenario.invasion
    n = int(inv.day if game.round_colour == "day" else inv.night)
    if n == 0:
        return
    if game.bin < n:
        game.event("overrun", needed=n, bin=game.bin)
        raise GameOver(None, "city_overrun")
    game.bin -= n
    zb = game.scenario.zombie_bin
    home = (float(zb.x), float(zb.y), math.radians(zb.tower_facing))
    rush(game, n, home, reason="new_horde")
