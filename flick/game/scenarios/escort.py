"""Scenario 3's rescued figure (Anita, wounded, 2 life) and her escort (rulebook p. 21).

The survivor who reveals the survivor token becomes her escort and Anita is placed with it
(on the building's support block, or next to it in the street). In the street she stays within
a movement disc's width of her escort: after each of the escort's moves she is set down next
to it, on the side she came from. If the escort falls she is separated: the nearest standing
survivor in her vicinity becomes the escort; if there is none she waits, and the next survivor
to end a move next to her takes her over.

Readings (this project's): "vicinity" is the same building, or for the street within 20 cm;
Anita is set down behind the escort (away from where it moved), 3 cm from its base (inside a
disc's width, and clear of the disc that replaces the escort when it next moves), at the first
free spot found turning around it in 30-degree steps; if none is free she stays where she is
and the escort is still hers.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from flick.game.state import Survivor

if TYPE_CHECKING:
    from flick.game.game import Game

VICINITY_CM = 20.0


def rescue(game: Game, escort: Survivor) -> None:
    """`escort` revealed the survivor token: Anita joins it."""
    rules = game.rules
    assert rules.rescued is not None
    anita = game.survivors[rules.rescued]
    rules.escort = escort.name
    game.event("rescue", survivor=anita.name, escort=escort.name)
    if escort.building is not None:
        anita.building = escort.building
        return
    follow(game, escort, anita)


def follow(game: Game, escort: Survivor, anita: Survivor) -> None:
    """Set Anita down next to her escort in the street (or in its building)."""
    board = game.board
    if escort.building is not None:
        board.remove_survivor(anita)
        anita.building = escort.building
        return
    if escort.piece is None:
        return
    ex, ey = board.pos(escort.piece)
    away = escort.facing + math.pi
    # Centre distance: bases 3 cm apart, within a disc's width (4 cm) yet clear of the
    # larger disc that replaces the escort when it moves.
    gap = board.figure_r * 2 + 0.75 * board.disc
    for k in range(12):
        a = away + (k + 1) // 2 * (1 if k % 2 else -1) * math.radians(30)
        spot = (ex + gap * math.cos(a), ey + gap * math.sin(a))
        if board.in_city_point(spot, board.figure_r) and board.spot_free(spot, board.figure_r,
                                                                       ignore=anita.piece):
            anita.building = None
            board.place_survivor(anita, spot, escort.facing, standing=True)
            return


def keep_escort(game: Game) -> None:
    """After any turn: separate Anita from a fallen escort, find her a new one."""
    rules = game.rules
    if rules.rescued is None or not game.survivors[rules.rescued].alive:
        return
    anita = game.survivors[rules.rescued]
    if rules.escort is None and anita.piece is None and anita.building is None:
        return  # not found yet
    escort = game.survivors.get(rules.escort) if rules.escort else None
    if escort is not None and escort.alive and escort.standing:
        return
    if rules.escort is not None:
        game.event("escort_lost", survivor=anita.name, escort=rules.escort)
    rules.escort = None
    new = _nearest_standing(game, anita)
    if new is not None:
        rules.escort = new.name
        game.event("escort", survivor=anita.name, escort=new.name)
        follow(game, new, anita)


def _nearest_standing(game: Game, anita: Survivor) -> Survivor | None:
    board = game.board
    best, best_d = None, math.inf
    at = board.piece_position(anita)
    for s in game.survivors.values():
        if not s.alive or not s.standing or s.name == anita.name or not s.playable:
            continue
        if anita.building is not None:
            if s.building == anita.building:
                return s
            continue
        if s.piece is None or at is None:
            continue
        d = math.dist(board.pos(s.piece), at)
        if d < VICINITY_CM and d < best_d:
            best, best_d = s, d
    return best


def after_move(game: Game, s: Survivor) -> None:
    """After `s` moved: its charge follows; or `s` ends next to a waiting Anita and takes her."""
    rules = game.rules
    if rules.rescued is None:
        return
    anita = game.survivors[rules.rescued]
    if not anita.alive:
        return
    if rules.escort == s.name:
        follow(game, s, anita)
        return
    if rules.escort is None and anita.piece is not None and s.piece is not None \
            and game.board.next_to(s.piece, anita.piece):
        rules.escort = s.name
        game.event("escort", survivor=anita.name, escort=s.name)
