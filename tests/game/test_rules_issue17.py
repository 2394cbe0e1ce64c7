"""Issue 17: rules of Flick 'em Up! Dead of Winter the engine got wrong, each played through
`Game.apply` on the physics table."""

from __future__ import annotations

import math

import pytest

from flick.game import Game
from flick.game.bots.aim import impulse_to
from flick.game.inputs import ChooseSurvivor, EndTurn, Flick, Move, TakeDrop
from flick.game.scenarios.inputs import FigureMove, MoveX
from tests.game.test_scenarios_5_10_rules import put_inside, s8_table, table


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
