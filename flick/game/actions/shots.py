"""Flicks on the table and what the rules make of them: the movement disc and the bat
(success, failure, entering and exiting buildings), bullets and the knife (first touch
wounds), the shotgun's pellets (every figure a pellet fells is wounded).

Readings where the rulebook is silent (this project's):
- A move or bat that crosses the door of a building the survivor may not enter (S1, a
  barricaded door) fails like a move that touches something.
- A bat that touches nothing is a move: it succeeds if it stays in the city.
- A bat that succeeds leaves the survivor where the bat's centre came to rest.
- A survivor moved by the bat or disc "faces along the disc's line": the disc's final angle.
- S4, "You may not attempt to remove barricades from behind a building": a flick that starts
  behind the building (`Board.is_behind`) leaves its barricades where they lay
  (`_not_from_behind`); a disc or bat that touched one has touched something and fails.
- "In the city" is the whole piece inside the limits (`Board.in_city`): a disc or bat that
  comes to rest overhanging a limit has left the city and the move fails, one that crossed a
  door too ("All movement rules apply ... when entering or exiting a building").
- A survivor the bat fells (its first touch) has fallen to an attack: a "fall" event (cause
  "bat"), which S6 on reads for stealing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from flick.game.actions import reaction
from flick.game.board import OBJECTS
from flick.game.inputs import Flick
from flick.game.state import IllegalAction, Noise, Survivor
from flick.physics import MAX_FLICK_IMPULSE, TableError

if TYPE_CHECKING:
    from flick.game.game import Game


def _flick(game: Game, pid: int, flick: Flick) -> Any:
    ix, iy = flick.impulse
    if not all(math.isfinite(v) for v in (*flick.impulse, *flick.offset)):
        raise IllegalAction(f"a flick needs finite numbers, not {flick}")
    if math.hypot(ix, iy) > MAX_FLICK_IMPULSE:
        raise IllegalAction(f"impulse {math.hypot(ix, iy):.0f} g*cm/s is beyond any finger "
                            f"(limit {MAX_FLICK_IMPULSE:g})")
    result = game.board.table.flick(pid, impulse=(ix, iy), offset=flick.offset)
    game.record_shot(game.board.kind(pid))
    game.event("flick", piece=game.board.kind(pid), survivor=game.active,
               impulse=[round(ix, 3), round(iy, 3)],
               first_touch=_label(game, result.first_touch(pid)),
               fell=[_label(game, p) for p in result.fell])
    return result


def _label(game: Game, pid: Any) -> Any:
    """A readable name for a piece in events: survivor name, kind:id, or building part."""
    if pid is None:
        return None
    s = game.board.survivor_of(game, pid)
    if s is not None:
        return s.name
    building = game.board.building_of(pid)
    if building is not None:
        return f"{building}:block"
    try:
        return f"{game.board.kind(pid)}:{pid}"
    except TableError:  # a piece removed since the shot
        return str(pid)


def _barricade_touch(game: Game, pieces: list[int]) -> bool:
    bars = set(game.board.barricades())
    return any(p in bars for p in pieces)


def _barricades_before(game: Game) -> dict[int, tuple[tuple[float, float], float]]:
    board = game.board
    return {b: (board.pos(b), float(board.table.angle(b))) for b in board.barricades()}


def _not_from_behind(game: Game, start: tuple[float, float],
                     before: dict[int, tuple[tuple[float, float], float]]) -> None:
    """S4: "You may not attempt to remove barricades from behind a building." A flick that
    starts behind a barricaded building (`Board.is_behind`) moves none of its barricades:
    they are put back where they lay before the flick, so nothing is cleared and nobody
    enters by clearing them; a move whose disc or bat touched one has touched something and
    fails (this project's reading of what happens to such a flick)."""
    board = game.board
    for pid, ((x, y), a) in before.items():
        building = board.barricade_building(pid) if board.exists(pid) else None
        if building is not None and board.is_behind(start, building):
            board.table.set_pose(pid, x, y, a)


SET_ASIDE_REACH_CM = 12.0  # an object this close to a door's middle may be blocking it


def body_move(game: Game, s: Survivor, kind: str, flick: Flick, angle: float, bat: bool,
              set_aside: tuple[int, ...] = ()) -> None:
    """Move with the movement disc or the bat; enter or exit a building through its door.

    Objects in `set_aside` (blocking an entrance) are lifted off for the attempt and put back
    where they stood afterwards, whatever happened (rulebook p. 8). Reading: an object blocks
    an entrance when its centre is within 12 cm of a door's middle, in front of the door."""
    board, table = game.board, game.board.table
    if not math.isfinite(angle):
        raise IllegalAction(f"angle must be a finite number, not {angle}")
    aside = {}
    for pid in set_aside:
        if not board.exists(pid) or board.kind(pid) not in OBJECTS:
            raise IllegalAction(f"only objects (barrels, boxes, lamps, vehicles) may be set "
                                f"aside; {pid!r} is not one on the table")
        p = board.pos(pid)
        if not any(math.dist(p, board.door_mid(b)) <= SET_ASIDE_REACH_CM
                   and board.door_depth(p, b) > -1.0 for b in board.buildings):
            raise IllegalAction(f"{board.kind(pid)} {pid} is not blocking a building's "
                                "entrance: it cannot be set aside")
        aside[pid] = (p, float(table.angle(pid)))
    for i, pid in enumerate(aside):
        table.set_pose(pid, -400.0 - 30.0 * i, -400.0, aside[pid][1])  # off the table
    try:
        _body_move(game, s, kind, flick, angle, bat)
    finally:
        for pid, ((x, y), a) in aside.items():
            if board.exists(pid):
                table.set_pose(pid, x, y, a)
    if aside:
        game.event("set_aside", pieces=list(aside))


def _body_move(game: Game, s: Survivor, kind: str, flick: Flick, angle: float,
               bat: bool) -> None:
    board, table = game.board, game.board.table
    inside = s.building
    snap = table.snapshot()
    home: tuple[float, float] | None = None
    orig_piece = s.piece
    if inside is not None:
        start = board.behind(inside, board.disc if not bat else 2.0)
    else:
        assert s.piece is not None
        start = home = board.pos(s.piece)
        orig_piece = s.piece
        table.remove(s.piece)
        s.piece = None
    piece = table.add(kind, x=start[0], y=start[1], angle=angle)
    if not bat:
        _clear_the_disc(table, piece, start, angle)
    before_bars = {b: board.pos(b) for b in board.barricades()}
    bar_poses = _barricades_before(game)
    result = _flick(game, piece, flick)
    _not_from_behind(game, start, bar_poses)
    touched = list(result.touches(piece))
    if _barricade_touch(game, touched):
        game.noise = max(game.noise, Noise.LOUD)  # S4: any flick touching a barricade
    cleared = reaction.clear_barricades(game)
    entered = board.entered_building(result, piece, exclude=inside)
    # S4: a disc or bat that clears a building's last barricade takes the survivor in.
    if inside is None and cleared:
        entered = cleared[0]
    end = board.pos(piece)
    end_angle = float(table.angle(piece))
    first = result.first_touch(piece)
    allowed = {inside, entered} - {None}

    def bad(p: Any) -> bool:
        b = board.building_of(p)
        if b is not None:
            return b not in allowed
        if p in before_bars:
            return not (cleared or entered is not None)
        return not (inside is None and cleared)

    # The bat enters and exits like the disc (rulebook p. 9), which may touch the support
    # blocks of the building it enters or exits (p. 8): the bat's first touch is its first
    # touch of anything else.
    if bat:
        first = next((p for p in touched if board.building_of(p) not in allowed), None)
    ok, target_hit = True, None
    if inside is None and cleared:
        pass  # the rulebook's S4 exception: whatever else it touched, the survivor is in
    elif bat and first is not None and board.is_figure(first) and _enemy(game, s, first):
        target_hit = first  # first touch: a zombie or an enemy survivor: the move succeeds
    elif (bat and first is not None) or any(bad(p) for p in touched):
        ok = False
    if ok and target_hit is None and not cleared and not board.in_city(piece):
        ok = False  # the whole disc (bat) must stay in the city, entering a building too
    if ok and inside is not None and not board.exited(end, inside, board.disc / 2):
        ok = False  # from inside, the whole disc must be out past the door line
    refusal = None
    if ok and entered is not None:
        refusal = game.rules.entry_refused(game, s, entered)
        if refusal is not None:
            ok = False
    if not ok:
        _fail(game, s, piece, snap, before_bars, bat, result, home, orig_piece)
        game.event("move", survivor=s.name, piece=kind, success=False,
                   reason=refusal or "touched or left the city")
        return
    table.remove(piece)
    if bat:
        for p in result.fell:
            if p != target_hit and board.exists(p):
                table.stand_up(p)
        felled = board.survivor_of(game, target_hit) if target_hit in result.fell else None
        if felled is not None:  # an attack that fells a survivor (S6 on: stealing)
            game.event("fall", survivor=felled.name, cause="bat", by=s.name)
    if entered is not None:
        s.building = entered
        s.piece = None
        game.facing_set = True
        game.event("enter", survivor=s.name, building=entered)
        game.event("move", survivor=s.name, piece=kind, success=True)
        reaction.after_flick(game, result)
        if inside is not None:  # straight from one building into another: it left `inside`
            game.rules.on_exit(game, s, inside, kind)
        game.rules.on_enter(game, s, entered)
        return
    if inside is not None:
        s.building = None
        game.event("exit", survivor=s.name, building=inside)
    # A bat that hit its target may have slid on out of the city: the survivor stays inside.
    spot = board.clamp_into_city(end, board.figure_r + 0.3)
    board.place_survivor(s, board.free_spot(spot, end_angle), end_angle)
    game.facing_set = True
    game.event("move", survivor=s.name, piece=kind, success=True,
               to=[round(end[0], 2), round(end[1], 2)])
    reaction.after_flick(game, result)
    if inside is not None:
        game.rules.on_exit(game, s, inside, kind)
    game.rules.after_move(game, s)


def _clear_the_disc(table: Any, piece: int, start: tuple[float, float], angle: float) -> None:
    """The disc (4 cm) is wider than the base it replaces (2.6 cm): if it would overlap a
    piece lying against the survivor, slide it the least (under 1 cm) to stand clear, as a
    player would (this project's reading; the rulebook is silent)."""
    if not table.overlapping(piece):
        return
    for step in (0.3, 0.6, 0.9):
        for k in range(8):
            a = k * math.pi / 4
            table.set_pose(piece, start[0] + step * math.cos(a), start[1] + step * math.sin(a),
                           angle)
            if not table.overlapping(piece):
                return
    table.set_pose(piece, start[0], start[1], angle)


def _enemy(game: Game, s: Survivor, pid: int) -> bool:
    if game.board.kind(pid) == "zombie":
        return True
    other = game.board.survivor_of(game, pid)
    return other is not None and other.team != s.team


def _fail(game: Game, s: Survivor, piece: int, snap: Any, bars: dict[int, Any], bat: bool,
          result: Any, home: tuple[float, float] | None, orig_piece: int | None) -> None:
    """A failed move: the survivor returns. For the disc, everything it disturbed is put back
    (rulebook p. 7); for the bat, things it knocked down are stood up where they lie (p. 9).
    S4: barricades pushed stay pushed (that is how barricades are cleared)."""
    board, table = game.board, game.board.table
    if not bat:
        moved_bars = {b: (board.pos(b), float(table.angle(b))) for b in bars if board.exists(b)}
        gone = [b for b in bars if not board.exists(b)]
        table.restore(snap)
        s.piece = orig_piece  # the snapshot holds the figure as it was, same id
        for b, ((x, y), a) in moved_bars.items():
            table.set_pose(b, x, y, a)
        for b in gone:
            if board.exists(b):
                table.remove(b)
        return
    # The bat: its own piece goes, the survivor's figure comes back where it was.
    table.remove(piece)
    for p in result.fell:
        if board.exists(p):
            table.stand_up(p)
    if home is not None:
        board.place_survivor(s, home, s.facing)
    reaction.after_flick(game, result)


def fire(game: Game, s: Survivor, kind: str, start: tuple[float, float], flick: Flick,
         angle: float, weapon: str) -> None:
    """A bullet or the knife: the first figure touched that falls is wounded."""
    board, table = game.board, game.board.table
    piece = table.add(kind, x=start[0], y=start[1], angle=angle)
    bar_poses = _barricades_before(game)
    result = _flick(game, piece, flick)
    _not_from_behind(game, start, bar_poses)
    touched = list(result.touches(piece))
    if _barricade_touch(game, touched):
        game.noise = max(game.noise, Noise.LOUD)
    first = result.first_touch(piece)
    fell = [p for p in result.fell if p != piece]
    wounded = first if first is not None and board.is_figure(first) and first in fell else None
    table.remove(piece)
    for p in fell:
        if p != wounded and board.exists(p):
            table.stand_up(p)
    if wounded is not None:
        reaction.wound_figure(game, wounded, cause=weapon, by=s.name)
    elif first is None:
        game.event("miss", survivor=s.name, weapon=weapon)
    reaction.clear_barricades(game)
    reaction.after_flick(game, result)


def shotgun_blast(game: Game, s: Survivor, start: tuple[float, float], angle: float,
                  impulse: float, n: int) -> None:
    """Four pellets placed in the template's barrel, not aligned (jitter from the game's
    generator), flicked together along the template; every figure a pellet fells is wounded.

    Reading: holding the template and flicking drives the pellets out along the barrel; each
    pellet gets the flick's impulse in proportion to its mass, within the barrel's spread."""
    board, table = game.board, game.board.table
    ux, uy = math.cos(angle), math.sin(angle)
    px, py = -uy, ux
    spacing = board.pellet_d * 1.15
    jitter = game.rng.uniform(-0.3, 0.3, size=n)
    spread = game.rng.normal(0.0, math.radians(2.5), size=n)
    pellets, shots_ = [], []
    for i in range(n):
        # Pellets sit one behind another down the barrel, nudged off the axis.
        x = start[0] - ux * spacing * i + px * float(jitter[i])
        y = start[1] - uy * spacing * i + py * float(jitter[i])
        pid = table.add("shotgun_pellet", x=x, y=y, angle=angle)
        a = angle + float(spread[i])
        pellets.append(pid)
        shots_.append((pid, (impulse * math.cos(a), impulse * math.sin(a)), (0.0, 0.0)))
    bar_poses = _barricades_before(game)
    result = board.flick_many(shots_)
    _not_from_behind(game, start, bar_poses)
    game.record_shot("shotgun")
    touched: set[Any] = set()
    for pid in pellets:
        touched.update(result.touches(pid))
    game.event("flick", piece="shotgun_pellet", survivor=s.name, impulse=round(impulse, 3),
               angle=round(angle, 4), fell=[_label(game, p) for p in result.fell])
    if _barricade_touch(game, list(touched)):
        game.noise = max(game.noise, Noise.LOUD)
    fell = [p for p in result.fell if p not in pellets]
    wounded = [p for p in fell if p in touched and board.is_figure(p)]
    for pid in pellets:
        if board.exists(pid):
            table.remove(pid)
    for p in fell:
        if p not in wounded and board.exists(p):
            table.stand_up(p)
    for p in wounded:
        if board.exists(p):
            reaction.wound_figure(game, p, cause="shotgun", by=s.name)
    reaction.clear_barricades(game)
    reaction.after_flick(game, result)
