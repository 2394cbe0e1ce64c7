"""Scenario 2's fights against zombies (`flick.game.scenarios.fight`): when they start."""

from __future__ import annotations

import pytest

from flick.game import Game, IllegalAction
from flick.game.inputs import (
    ChooseSurvivor,
    Keep,
    Shoot,
    TakeDrop,
)
from flick.game.scenarios.inputs import (
    CrossroadsChoice,
)
from tests.game.tables import against_the_hospital, aimed, put_inside, s2_game, table


def test_s2_a_zombie_pushed_in_during_the_first_action_is_fought_before_the_second() -> None:
    """John is in the Hospital; two of S2's zombies stand against its support blocks outside.
    His shot out of the door is a flick: after it they are in ("a standing zombie within a
    movement disc's width of a support block"), and he must fight them before acting again."""
    game = s2_game()
    board = game.board
    john = put_inside(game, "John Price", "hospital")
    against_the_hospital(game)
    near = [z for z in board.zombies() if board.block_distance(z, "hospital") < board.disc]
    assert len(near) == 2
    game.apply(ChooseSurvivor(john.name))
    assert game.phase == "act"  # nobody inside yet: no fight on choosing
    door = board.door_mid("hospital")
    start = board.behind("hospital", board.bullet_d)
    game.apply(Shoot("left", aimed(game, "bullet", start, (door[0], door[1] + 30.0))))
    assert game.building_zombies["hospital"] == [True, True]
    assert game.actions_done == 1 and game.phase == "fight"
    assert game.legal_kinds() == ["fight_weapon"]
    with pytest.raises(IllegalAction):
        game.apply(TakeDrop(take=0))  # no second action before the fight


def test_crossroads_zombie_entering_mid_turn_is_fought_before_the_next_action() -> None:
    """S5 on: a Crossroads card brings a NEW zombie into the survivor's building."""
    game = Game(table(), 1)
    john = put_inside(game, "John Price", "library")
    game.stashes["library"] = [game.new_token("crossroads", face_up=False),
                               game.new_token("food")]
    game.rule_state.crossroads_deck = ["c01", *game.rule_state.crossroads_deck]
    game.apply(ChooseSurvivor(john.name))
    game.apply(TakeDrop(take=0))
    game.apply(CrossroadsChoice(0))  # a food; 1 NEW zombie enters this building
    assert game.building_zombies["library"] == [True]
    assert game.actions_done == 1 and game.phase == "fight"
    assert game.fight is not None and game.fight.fighters == [john.name]


def test_s2_no_fight_when_the_zombie_comes_in_with_the_last_action() -> None:
    """'wishes to perform an action': with no action left there is no fight; the turn ends."""
    game = s2_game()
    board = game.board
    john = put_inside(game, "John Price", "hospital")
    against_the_hospital(game)
    game.apply(ChooseSurvivor(john.name))
    game.apply(TakeDrop(take=0))  # the fuel, face down: looked at, kept
    assert game.phase == "keep"
    game.apply(Keep(True))
    door = board.door_mid("hospital")
    start = board.behind("hospital", board.bullet_d)
    game.apply(Shoot("left", aimed(game, "bullet", start, (door[0], door[1] + 30.0))))
    assert game.building_zombies["hospital"]  # the zombie came in
    assert game.fight is None and game.active != john.name
