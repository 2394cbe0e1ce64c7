"""Issue 17 (items 6, 7, 9a, 9b): what happens to a building, its zombies and its tokens when
something other than a plain move changes who is inside, each played through `Game.apply`
on the physics table."""

from __future__ import annotations

import copy
import math
from functools import cache
from typing import Any

import pytest

from flick.game import Game, IllegalAction
from flick.game.bots.aim import impulse_to
from flick.game.inputs import (
    ChooseSurvivor,
    EndTurn,
    FightFlick,
    FightWeapon,
    Flick,
    Keep,
    Move,
    Shoot,
    TakeDrop,
)
from flick.game.scenarios.inputs import CrossroadsChoice, MoveX
from flick.scenario import load
from tests.game.test_scenarios_5_10_rules import put_inside, s8_table, table


def aimed(g: Game, kind: str, start: tuple[float, float], target: tuple[float, float],
          arrive: float = 0.0) -> Flick:
    angle, strength = impulse_to(g.board.params, kind, start, target, arrive=arrive)
    return Flick((strength * math.cos(angle), strength * math.sin(angle)))


@cache
def _s2_game() -> Game:
    return Game(load(2), 1)


def s2_game() -> Game:
    """Scenario 2's city as set up (seed 1), a fresh copy for each test."""
    return copy.deepcopy(_s2_game())


def against_the_hospital(game: Game) -> None:
    """Two of S2's zombies moved in against the Hospital's support blocks, 2.2 cm off (where
    the map had them before it set them 6 cm off, scenarios/s02's provenance)."""
    board = game.board
    for (x, y), to in (((30.0, 26.0), 34.0), ((60.0, 26.0), 56.0)):
        z = min(board.zombies(), key=lambda z: math.dist(board.pos(z), (x, y)))
        assert math.dist(board.pos(z), (x, y)) < 0.01
        board.table.set_pose(z, to, y, board.table.angle(z))


def _x_elsewhere() -> Any:
    """The S8 test city with its X token in front of the RV (the school stays open)."""
    return table(rules=["x_tokens_block_buildings", "moving_x_tokens", "new_survivor"],
                 reserve_survivors=["Mike", "Lily", "Thomas"],
                 tokens={"pools": [{"shuffle": {"gun": 3}, "place": {}, "supply": 3}],
                         "fixed": [{"token": "x", "at": "rv", "count": 1, "where": "front"}]},
                 objectives=[{"id": "outnumber", "team": t, "text": "t", "params": {"margin": 3}}
                             for t in ("A", "B")],
                 skull={"id": "skull_most_survivors", "text": "t",
                        "params": {"tie": "another_round"}})


# ---- 6. S8: the X token moves however the last survivor leaves --------------------------------
def test_s8_x_token_moves_when_the_last_survivor_dies_in_a_zombie_fight() -> None:
    """ "(move action, losing a zombie fight, etc.)": John, alone in the library on his last
    life, swings the bat and misses; he falls and dies, and the library is left empty."""
    game = Game(s8_table(), 1)
    john = put_inside(game, "John Price", "library")
    john.life = 1
    john.inventory = [game.new_token("bat")]
    game.building_zombies["library"] = [True]
    game.apply(ChooseSurvivor(john.name))
    assert game.phase == "fight"
    game.apply(FightWeapon("bat"))
    game.apply(FightFlick(Flick((0.0, 5.0))))  # a feeble swing: the zombie stays up
    assert not john.alive
    assert game.legal_kinds() == ["move_x"]
    assert [e.data["to"] for e in game.events if e.type == "x_to_move"] == ["library"]
    game.apply(MoveX("school"))
    assert game.rule_state.x_blocked == ["library"]
    assert game.phase in ("choose", "over") and game.active is None


def test_s8_x_token_moves_when_the_last_survivor_moves_straight_into_another_building() -> None:
    """John flicks the disc out of the library straight into the school, where Rosa starts a
    survivor fight: the library is empty, so the X token moves before the fight's first input.
    The fight itself throws its loser out but leaves the winner inside: no X for the school."""
    game = Game(_x_elsewhere(), 1)
    board = game.board
    john = put_inside(game, "John Price", "library")
    rosa = put_inside(game, "Rosa Rodriguez", "school")
    elijah = game.survivors["Elijah Jordan"]
    board.table.set_pose(elijah.piece, 80.0, 60.0, 0.0)  # out of the disc's way
    game.apply(ChooseSurvivor(john.name))
    door = board.door_mid("school")
    game.apply(Move(aimed(game, "movement_disc", board.behind("library", board.disc),
                          (door[0], door[1] - 2.5))))
    assert john.building == "school" and game.fight is not None
    assert game.legal_kinds() == ["move_x"]  # before the fight's first input
    game.apply(MoveX("rv"))
    assert game.rule_state.x_blocked == ["library"]
    assert game.legal_kinds() == ["fight_weapon"]
    game.apply(FightWeapon("gun"))
    game.apply(FightWeapon("gun"))
    for _ in range(12):
        if game.fight is None or game.phase != "fight":
            break
        duel = game.fight
        name = duel.to_act
        (sx, sy), kind = duel.weapon_piece_start(name)
        target = duel.position(duel.targets(name)[0])
        angle, strength = impulse_to(board.params, kind, (sx, sy), target, arrive=160.0)
        game.apply(FightFlick(Flick((strength * math.cos(angle), strength * math.sin(angle)))))
    assert game.phase != "fight"
    assert (john.building is None) != (rosa.building is None)  # one thrown out, one inside
    assert game.rule_state.x_pending == [] and game.rule_state.x_blocked == ["library"]


# ---- 7. S2: a zombie coming in mid-turn starts the fight before the next action ---------------
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


# ---- 9a. LOUD stands up the zombies inside buildings, rush or not ---------------------------
def loud_turn(game: Game) -> None:
    """John's turn: a shot along the street (LOUD), then the end of the turn."""
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    at = game.board.pos(john.piece)
    start = game.board.beside(at, john.facing, "left", game.board.bullet_d)
    game.apply(Shoot("left", aimed(game, "bullet", start, (start[0] + 30.0, start[1]))))
    game.apply(EndTurn())


def test_s2_loud_reaction_with_a_rush_stands_the_zombies_inside_buildings() -> None:
    game = s2_game()
    game.building_zombies["hospital"] = [False]
    loud_turn(game)
    assert any(e.type == "rush" and e.data["reason"] == "loud" for e in game.events)
    assert game.building_zombies["hospital"][0] is True


def test_s2_loud_reaction_with_no_zombie_on_the_streets_stands_those_inside() -> None:
    game = s2_game()
    for z in game.board.zombies():
        game.board.table.remove(z)
        game.bin += 1
    game.building_zombies["library"] = [False, False]
    loud_turn(game)
    assert game.building_zombies["library"] == [True, True]


# ---- 9b. S6: entering the RV reveals every face-down token carried ---------------------------
def test_s6_entering_the_rv_reveals_every_face_down_token() -> None:
    game = Game(table(rules=["secret_tokens", "rv_unloads_key_and_fuel"]), 1)
    board = game.board
    john = game.survivors["John Price"]
    door = board.door_mid("rv")
    board.table.set_pose(john.piece, door[0], door[1] - 14.0, math.pi / 2)
    fuel, x = game.new_token("fuel", face_up=False), game.new_token("x", face_up=False)
    john.inventory = [fuel, x]
    game.apply(ChooseSurvivor(john.name))
    game.apply(Move(aimed(game, "movement_disc", board.pos(john.piece),
                          (door[0], door[1] + 2.5))))
    assert john.building == "rv"
    assert fuel in game.stashes["rv"] and fuel.face_up  # unloaded, as before
    assert john.inventory == [x] and x.face_up  # shown, and it stays face up
    assert game.status()["survivors"][john.name]["inventory"] == ["x"]
    shown = [e for e in game.events if e.type == "rv_reveal"]
    assert shown and shown[0].data["tokens"] == ["x"]  # the fuel is told by "unload"
    game.apply(EndTurn())
    assert x.face_up  # still shown after the turn's sweep of secret tokens
