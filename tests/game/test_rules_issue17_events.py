"""Issue 17 (items 6, 9b): what happens to a building, its zombies and its tokens when
something other than a plain move changes who is inside, each played through `Game.apply`
on the physics table."""

from __future__ import annotations

import copy
import math
from functools import cache
from typing import Any

from flick.game import Game
from flick.game.bots.aim import impulse_to
from flick.game.inputs import (
    ChooseSurvivor,
    EndTurn,
    FightFlick,
    FightWeapon,
    Flick,
    Move,
)
from flick.game.scenarios.inputs import MoveX
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
