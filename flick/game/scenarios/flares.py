"""Scenario 7 on: the flare (rulebook p. 26), and a zombies' reaction aimed at a point.

Flare (1 action): the flare token is laid one bullet-width beside the survivor (behind the
building when inside, like a shot) and flicked "from the thumb". It succeeds if it stops in
the city: anything it fells is stood up, and the turn's zombie reaction is directed at the
flare, its noise set only by its face (big LOUD, small QUIET); then the flare is removed.
A flare that leaves the city is removed and the reaction is the turn's usual one.

Readings (this project's): "closest" to a flare is measured from the flare's centre to the
zombie's centre; the tower stands behind the closest standing zombie as seen from the flare,
its exit toward the flare. A flare is used up whether or not it stays in the city.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from flick.game.actions import reaction, shots
from flick.game.inputs import Flare
from flick.game.state import IllegalAction, Noise, Survivor

if TYPE_CHECKING:
    from flick.game.game import Game

Vec = tuple[float, float]


def flare(game: Game, s: Survivor, inp: Flare) -> None:
    """Flick a flare token; on success the turn's reaction will aim at where it stopped."""
    tokens = game.rule_state.power_tokens.get(s.name, {})
    if tokens.get("flare", 0) < 1:
        raise IllegalAction(f"{s.name} has no flare")
    if s.piece is None and s.building is None:
        raise IllegalAction(f"{s.name} is not on the table")
    board, table = game.board, game.board.table
    if s.building is not None:
        start = board.behind(s.building, 2.0)
    else:
        assert s.piece is not None
        start = board.beside(board.pos(s.piece), s.facing, "right", 2.0)
    tokens["flare"] -= 1
    piece = table.add("flare_token", x=start[0], y=start[1], angle=s.facing)
    result = shots._flick(game, piece, inp.flick)
    for p in list(result.fell):
        if p != piece and board.exists(p):
            table.stand_up(p)
    end = board.pos(piece)
    # its movement ends within the city limits: the whole token (`Board.in_city`)
    ok = piece not in set(getattr(result, "left_city", ())) and board.in_city(piece)
    table.remove(piece)
    noise = Noise.LOUD if inp.big else Noise.QUIET
    game.event("flare", survivor=s.name, success=ok, big=inp.big,
               at=[round(end[0], 2), round(end[1], 2)])
    reaction.after_flick(game, result)
    if ok:
        game.rule_state.flare = (end[0], end[1], int(noise))


def react_at(game: Game, point: Vec, noise: Noise, rushers: int = 3) -> None:
    """The zombies' reaction to `noise` at `point` (a flare), as for a survivor."""
    if noise == Noise.SILENT:
        return
    board, table = game.board, game.board.table
    zombies = board.zombies()
    if not zombies:
        if noise == Noise.LOUD:
            reaction.stand_all_zombies(game)  # those inside buildings stand up
        return

    def dist(z: int) -> tuple[float, int]:
        return (math.dist(point, board.pos(z)), z)

    if noise == Noise.LOUD:
        standing = sorted((z for z in zombies if table.is_standing(z)), key=dist)
        rushing = standing[:rushers]
        if not rushing:
            reaction.stand_all_zombies(game)
            return
        tower = tower_toward(game, point, rushing[0])
        reaction.stand_all_zombies(game, but=rushing)  # inside buildings too
        reaction.rush(game, rushing, tower, reason="flare" if rushers == 3 else "loud")
        return
    closest = min(zombies, key=dist)
    if not table.is_standing(closest):
        table.stand_up(closest)
        game.event("zombie_stands", zombie=closest)
        return
    reaction.rush(game, [closest], tower_toward(game, point, closest), reason="flare")


def tower_toward(game: Game, point: Vec, zombie: int) -> tuple[float, float, float]:
    """The tower right behind `zombie` as seen from `point`, exit toward the point."""
    board = game.board
    zx, zy = board.pos(zombie)
    dx, dy = zx - point[0], zy - point[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    board.table.set_pose(zombie, zx, zy, math.atan2(-uy, -ux))
    back = board.figure_r + reaction._tower_depth(game) / 2 + 0.5
    return (zx + ux * back, zy + uy * back, math.atan2(-uy, -ux))
