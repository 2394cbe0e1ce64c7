"""The rules scenarios 5-10 add (`flick.game.scenarios.five_to_ten`): stealing, secret tokens,
the RV taking key and fuel."""

from __future__ import annotations

import math

import pytest

from flick.game import Game, IllegalAction
from flick.game.bots.aim import impulse_to, vector
from flick.game.inputs import (
    Bat,
    ChooseSurvivor,
    EndTurn,
    Flick,
    Move,
    Shoot,
)
from flick.game.scenarios import objectives as competitive
from flick.game.scenarios.inputs import (
    Steal,
)
from flick.game.state import GameOver
from tests.game.tables import (
    aimed,
    frozen,
    last,
    put_inside,
    table,
    turn_noise_events,
)


def test_stealing_takes_a_face_down_token_from_a_fallen_opponent() -> None:
    game = Game(table(), 1)
    rosa, john = game.survivors["Rosa Rodriguez"], game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    fuel = game.new_token("fuel", face_up=False)
    rosa.inventory = [fuel]
    game.board.table.set_pose(rosa.piece, 24.0, 40.0, 0.0)  # 1.4 cm from John
    game.board.table.lay_down(rosa.piece, math.pi)  # lying toward John
    rosa.standing = False
    game.wound(rosa, "gun")
    game.rules.after_action(game)  # the hook the game calls after each action
    assert game.legal_kinds() == ["steal"]
    offer = game.rule_state.steal_offers[0]
    assert offer["thief"] == john.name and offer["uid"] == fuel.uid
    before = frozen(game)
    with pytest.raises(IllegalAction, match="X token"):
        game.apply(Steal("discard"))  # a fuel may not be discarded
    assert frozen(game) == before
    game.apply(Steal("take"))
    assert game.legal_kinds() != ["steal"] and game.phase == "act"
    assert fuel in john.inventory and fuel not in rosa.inventory
    assert any(e.type == "steal" and e.data["outcome"] == "taken" for e in game.events)


def test_the_steal_is_decided_right_when_the_shot_fells_before_the_turn_ends() -> None:
    """Rulebook p. 23: stealing happens when the survivor falls. The shot was the turn's last
    action, yet the game holds (phase "decide", only `steal`) before the zombies react."""

    game = Game(table(), 1)
    john, rosa = game.survivors["John Price"], game.survivors["Rosa Rodriguez"]
    game.board.table.set_pose(game.survivors["Elijah Jordan"].piece, 10.0, 75.0, 0.0)
    game.apply(ChooseSurvivor(john.name))
    game.board.face(john, 0.0)
    jx, jy = game.board.pos(john.piece)
    game.board.table.set_pose(rosa.piece, jx + 10.0, jy + 4.6, 0.0)
    fuel = game.new_token("fuel", face_up=False)
    rosa.inventory = [fuel]
    john.inventory = [game.new_token("gun")]
    game.actions_done = 1  # the shot is John's last action
    start = game.board.beside((jx, jy), 0.0, "left", game.board.bullet_d)
    angle, strength = impulse_to(game.board.params, "bullet", start, (jx + 10.0, jy + 4.6),
                                 arrive=150.0)
    game.apply(Shoot("left", Flick(vector(angle, strength))))
    assert rosa.life == 2
    assert game.phase == "decide" and game.legal_kinds() == ["steal"]
    assert turn_noise_events(game, john.name) == 0  # the turn has not ended yet
    with pytest.raises(IllegalAction, match="not allowed now"):
        game.apply(EndTurn())
    assert game.rule_state.steal_offers[0]["thief"] == john.name
    game.apply(Steal("take"))
    assert fuel in john.inventory and fuel not in rosa.inventory
    assert turn_noise_events(game, john.name) == 1 and game.phase in ("choose", "over")
    order = [e.type for e in game.events]
    assert order.index("steal") < order.index("noise")


def test_secret_tokens_and_the_rv_taking_key_and_fuel() -> None:
    game = Game(table(rules=["secret_tokens", "rv_unloads_key_and_fuel"]), 1)
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    john.inventory = [game.new_token("key"), game.new_token("fuel")]
    game.rules.after_action(game)  # the hook the game calls after each action
    assert all(not t.face_up for t in john.inventory)
    assert game.status()["survivors"][john.name]["inventory"] == ["?", "?"]
    put_inside(game, john.name, "rv")
    game.rules.on_enter(game, john, "rv")
    assert john.inventory == [] and sorted(t.kind for t in game.stashes["rv"]) == ["fuel", "key"]
    put_inside(game, "Elijah Jordan", "rv")
    with pytest.raises(GameOver) as end:
        competitive.check(game)
    assert end.value.winner == "A"


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


def test_a_bat_knocking_over_a_survivor_offers_a_steal() -> None:
    game = Game(table(), 1)
    elijah, anita = game.survivors["Elijah Jordan"], game.survivors["Anita Wallace"]
    elijah.inventory = [game.new_token("fuel", face_up=False)]
    anita.inventory = [game.new_token("bat")]
    game.apply(ChooseSurvivor("John Price"))
    game.apply(EndTurn())
    assert elijah.piece is not None and anita.piece is not None
    e = game.board.pos(elijah.piece)
    start = (e[0] + 9.0, e[1])
    game.board.table.set_pose(anita.piece, *start, math.pi)
    game.apply(ChooseSurvivor(anita.name))
    game.apply(Bat(math.pi, aimed(game, "baseball_bat", start, e, arrive=150.0)))
    assert last(game, "flick")["first_touch"] == elijah.name
    assert last(game, "move")["success"] is True
    assert not elijah.standing and elijah.life == 3  # the bat fells, it does not wound
    offers = [x.data for x in game.events if x.type == "steal_offer"]
    assert offers and offers[-1]["victim"] == elijah.name
    assert game.phase == "decide" and game.legal_kinds() == ["steal"]
