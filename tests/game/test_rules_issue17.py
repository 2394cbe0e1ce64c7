"""Issue 17: rules of Flick 'em Up! Dead of Winter the engine got wrong, each played through
`Game.apply` on the physics table."""

from __future__ import annotations

import math
from typing import Any

import pytest

from flick.game import Game
from flick.game.bots.aim import impulse_to
from flick.game.inputs import ChooseSurvivor, EndTurn, Flick, Move, TakeDrop
from flick.game.scenarios.inputs import FigureMove, MoveX
from tests.game.test_scenarios_5_10_rules import _powers_table, put_inside, s8_table, table


def aimed(g: Game, kind: str, start: tuple[float, float], target: tuple[float, float],
          arrive: float = 0.0) -> Flick:
    angle, strength = impulse_to(g.board.params, kind, start, target, arrive=arrive)
    return Flick((strength * math.cos(angle), strength * math.sin(angle)))


# ---- 3. S8 recruits play in the current round -------------------------------------------------
def test_s8_recruit_backpack_matches_the_current_round() -> None:
    game = Game(s8_table(), 1)
    john = put_inside(game, "John Price", "library")
    game.rule_state.recruits["library"] = 1
    game.apply(ChooseSurvivor(john.name))
    out = game.board.front("library", 8.0)
    game.apply(Move(aimed(game, "movement_disc", game.board.behind("library", game.board.disc),
                          out)))
    assert john.building is None
    joined = [e for e in game.events if e.type == "recruit"]
    assert joined
    recruit = game.survivors[joined[0].data["survivor"]]
    assert recruit.backpack == game.round_colour
    assert recruit in game.available("A")


# ---- 5. Mike's free move follows the normal move rules --------------------------------------
def _mike_up() -> tuple[Game, Any]:
    game = Game(_powers_table(), 1)
    for name in ("John Price", "Lily Mae", "Thomas Heart", "Rosa Rodriguez"):
        game.apply(ChooseSurvivor(name))
        game.apply(EndTurn())
    mike = game.survivors["Mike Cho"]
    game.apply(ChooseSurvivor(mike.name))
    return game, mike


def test_mike_touching_a_zombie_is_sent_back_exactly() -> None:
    game, mike = _mike_up()
    zombie = game.board.zombies()[0]
    game.board.table.set_pose(zombie, 10.0, 27.0, 0.0)
    before = game.board.pos(mike.piece)
    game.apply(FigureMove(aimed(game, "survivor", before, (10.0, 27.0), arrive=8.0)))
    touches = [e for e in game.events if e.type == "flick" and e.data["survivor"] == "Mike Cho"]
    assert touches and touches[-1].data["first_touch"] is not None
    moved = [e for e in game.events if e.type == "move" and e.data.get("piece") == "figure"]
    assert moved and moved[-1].data["success"] is False
    # put back on his spot (the turn's zombie reaction may move him afterwards)
    assert moved[-1].data["to"] == [round(before[0], 2), round(before[1], 2)]


def test_mike_falling_is_put_back_exactly_on_his_spot() -> None:
    game, mike = _mike_up()
    zombie = game.board.zombies()[0]
    game.board.table.set_pose(zombie, 10.0, 27.0, 0.0)
    before = game.board.pos(mike.piece)
    game.apply(FigureMove(aimed(game, "survivor", before, (10.0, 27.0), arrive=150.0)))
    assert any(e.type == "flick" and mike.name in e.data["fell"] for e in game.events)
    moved = [e for e in game.events if e.type == "move" and e.data.get("piece") == "figure"]
    assert moved and moved[-1].data["success"] is False
    # put back on his spot (the turn's zombie reaction may move him afterwards)
    assert moved[-1].data["to"] == [round(before[0], 2), round(before[1], 2)]
    assert game.board.table.is_standing(mike.piece)
