"""Issue 17: rules of Flick 'em Up! Dead of Winter the engine got wrong, each played through
`Game.apply` on the physics table."""

from __future__ import annotations

import math
from typing import Any

import pytest

from flick.game import Game, IllegalAction
from flick.game.bots.aim import impulse_to
from flick.game.inputs import ChooseSurvivor, EndTurn, Flick, Move, TakeDrop
from flick.game.scenarios.inputs import FigureMove
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


# ---- 8. Loretta: a free second token, not a free action -------------------------------------
def _loretta() -> tuple[Game, Any]:
    game = Game(table(teams=[
        {"name": "A", "survivors": [
            {"name": "Loretta", "life": 3, "x": 20, "y": 40, "power_side": True}]},
        {"name": "B", "survivors": [{"name": "Rosa", "life": 3, "x": 60, "y": 30}]}],
        pretzel={"survivor": "Loretta"}), 1)
    loretta = put_inside(game, "Loretta Clay", "library")
    loretta.inventory = []
    game.stashes["library"] = [game.new_token("food"), game.new_token("gun")]
    for t in game.stashes["library"]:
        t.face_up = True
    game.apply(ChooseSurvivor(loretta.name))
    return game, loretta


def test_loretta_food_costs_an_action_and_the_next_take_is_free() -> None:
    game, loretta = _loretta()
    game.apply(TakeDrop(take=0))  # the food: an action
    assert game.actions_done == 1
    game.apply(TakeDrop(take=0))  # the gun: the free second token
    assert game.actions_done == 1 and game.active == loretta.name
    assert [t.kind for t in loretta.inventory] == ["food", "gun"]


def test_loretta_food_as_last_action_waits_for_a_take_only() -> None:
    game, loretta = _loretta()
    game.stashes["library"].append(game.new_token("food"))
    game.stashes["library"][-1].face_up = True
    game.apply(TakeDrop(take=1))  # the gun: an action
    game.apply(TakeDrop(take=0))  # a food, her last action: the turn waits
    assert game.active == loretta.name and game.legal_kinds() == ["take_drop", "end_turn"]
    with pytest.raises(IllegalAction):
        game.apply(TakeDrop(drop=0))  # a drop off alone is no second token
    game.apply(TakeDrop(take=0, drop=0))  # the gun for the other food: free
    assert [t.kind for t in loretta.inventory] == ["food", "food"]
    assert game.active != loretta.name
