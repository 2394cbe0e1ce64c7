"""The survivors' special powers, S7 on (`flick.game.scenarios.powers`)."""

from __future__ import annotations

import math

import pytest

from flick.game import Game, IllegalAction
from flick.game.inputs import (
    ChooseSurvivor,
    EndTurn,
    Flick,
    Keep,
    Move,
    TakeDrop,
)
from flick.game.scenarios.inputs import (
    ExtraAction,
    FigureMove,
    Heal,
    PickToken,
)
from flick.game.state import Noise
from tests.game.tables import (
    aimed,
    frozen,
    loretta_up,
    mike_up,
    powers_table,
    put_inside,
    table,
)


def test_powers_anita_john_kevin_olivia_loretta() -> None:
    game = Game(table(teams=[
        {"name": "A", "survivors": [
            {"name": "Anita", "life": 3, "x": 20, "y": 40, "power_side": True},
            {"name": "Olivia", "life": 3, "x": 24, "y": 40, "power_side": True}]},
        {"name": "B", "survivors": [
            {"name": "Kevin", "life": 3, "x": 60, "y": 30, "power_side": True},
            {"name": "Loretta", "life": 3, "x": 70, "y": 30, "power_side": True}]}],
        pretzel={"survivor": "Anita"}), 1)
    anita = game.survivors["Anita Wallace"]
    game.apply(ChooseSurvivor(anita.name))
    game.apply(ExtraAction())
    assert game.rules.max_actions(game) == 3
    assert game.rule_state.power_tokens[anita.name]["extra_action"] == 1
    game.apply(EndTurn())
    kevin = game.survivors["Kevin Jackson"]
    assert game.rules.turn_noise(game, kevin, Noise.QUIET) == Noise.SILENT
    assert game.rules.turn_noise(game, kevin, Noise.LOUD) == Noise.LOUD
    loretta = game.survivors["Loretta Clay"]
    loretta.inventory = [game.new_token("food"), game.new_token("food")]
    assert loretta.free_spaces() == 1
    game.apply(ChooseSurvivor(kevin.name))
    game.apply(EndTurn())
    olivia = game.survivors["Olivia Brown"]
    anita.life = 1
    olivia.inventory = [game.new_token("medicine")]
    game.apply(ChooseSurvivor(olivia.name))
    before = frozen(game)
    with pytest.raises(IllegalAction):
        game.apply(Heal("Kevin Jackson", olivia.name))  # not next to her
    assert frozen(game) == before
    game.apply(Heal(anita.name, olivia.name))
    assert anita.life == 2 and olivia.inventory == [] and game.actions_done == 0


def test_gabriel_looks_at_two_tokens_and_picks_one() -> None:
    game = Game(table(teams=[
        {"name": "A", "survivors": [
            {"name": "Gabriel", "life": 3, "x": 20, "y": 40, "power_side": True}]},
        {"name": "B", "survivors": [{"name": "Rosa", "life": 3, "x": 60, "y": 30}]}],
        pretzel={"survivor": "Gabriel"}), 1)
    gabriel = put_inside(game, "Gabriel Diaz", "library")
    game.stashes["library"] = [game.new_token("food", False), game.new_token("gun", False)]
    game.apply(ChooseSurvivor(gabriel.name))
    game.apply(TakeDrop(take=0))
    assert game.phase == "pick"
    game.apply(PickToken(1))
    assert game.phase == "keep"
    game.apply(Keep(True))
    assert [t.kind for t in gabriel.inventory if t.kind != "pretzel"] == ["gun"]
    assert [(t.kind, t.face_up) for t in game.stashes["library"]] == [("food", False)]


def test_powers_john_thomas_lily_rosa_mike() -> None:
    from flick.game.actions import reaction
    from flick.game.scenarios.inputs import FigureMove

    game = Game(powers_table(), 1)
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    assert game.rules.max_actions(game) == 2
    reaction.kill_zombie(game, game.board.zombies()[-1], cause="gun", by=john.name)
    assert game.rules.max_actions(game) == 3  # John killed this turn
    game.apply(EndTurn())
    lily = game.survivors["Lily Mae"]
    game.apply(ChooseSurvivor(lily.name))
    game.apply(Move(Flick((900.0, 0.0)), angle=0.0))  # straight into the zombie: fails
    assert game.actions_done == 0 and "lily" in game.rule_state.turn_flags
    game.apply(EndTurn())
    thomas = put_inside(game, "Thomas Heart", "library")
    game.stashes["library"] = [game.new_token("food"), game.new_token("gun")]
    game.apply(ChooseSurvivor(thomas.name))
    game.apply(TakeDrop(take=0))
    assert game.actions_done == 0  # once per turn, free
    game.apply(TakeDrop(take=0))
    assert game.actions_done == 1
    game.apply(EndTurn())
    rosa = game.survivors["Rosa Rodriguez"]
    game.apply(ChooseSurvivor(rosa.name))
    n = len(game.events)
    game.rules.react(game, rosa, Noise.LOUD)
    rushes = [e for e in game.events[n:] if e.type == "rush"]
    assert rushes and rushes[0].data["zombies"] == 2
    game.apply(EndTurn())
    mike = game.survivors["Mike Cho"]
    game.apply(ChooseSurvivor(mike.name))
    before = game.board.pos(mike.piece)
    game.apply(FigureMove(Flick((0.0, 60.0))))
    assert game.phase == "choose" or game.active != mike.name
    assert mike.standing and game.board.table.is_standing(mike.piece)
    moved = [e for e in game.events if e.type == "move" and e.data.get("piece") == "figure"]
    assert moved
    if not moved[-1].data["success"]:
        assert game.board.pos(mike.piece) == pytest.approx(before)


def test_loretta_takes_a_second_token_for_free() -> None:
    game = Game(table(teams=[
        {"name": "A", "survivors": [
            {"name": "Loretta", "life": 3, "x": 20, "y": 40, "power_side": True}]},
        {"name": "B", "survivors": [{"name": "Rosa", "life": 3, "x": 60, "y": 30}]}],
        pretzel={"survivor": "Loretta"}), 1)
    loretta = put_inside(game, "Loretta Clay", "library")
    game.stashes["library"] = [game.new_token("food"), game.new_token("gun")]
    game.apply(ChooseSurvivor(loretta.name))
    game.apply(TakeDrop(take=0))
    assert game.actions_done == 1  # the food's take is an action
    assert [t.kind for t in loretta.inventory].count("food") == 1


def test_mike_free_move_waits_after_his_last_action() -> None:
    from flick.game.scenarios.inputs import FigureMove

    game = Game(powers_table(), 1)
    for name in ("John Price", "Lily Mae"):
        game.apply(ChooseSurvivor(name))
        game.apply(EndTurn())
    game.apply(ChooseSurvivor("Thomas Heart"))
    game.apply(EndTurn())
    game.apply(ChooseSurvivor("Rosa Rodriguez"))
    game.apply(EndTurn())
    mike = game.survivors["Mike Cho"]
    game.apply(ChooseSurvivor(mike.name))
    game.apply(Move(Flick((0.0, 150.0)), angle=math.pi / 2))
    game.apply(Move(Flick((0.0, 150.0)), angle=math.pi / 2))
    assert game.active == mike.name and game.legal_kinds() == ["figure_move", "end_turn"]
    with pytest.raises(IllegalAction):
        game.apply(Move(Flick((0.0, 150.0))))
    game.apply(FigureMove(Flick((0.0, 40.0))))
    assert game.active != mike.name


def test_mike_touching_a_zombie_is_sent_back_exactly() -> None:
    game, mike = mike_up()
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
    game, mike = mike_up()
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


def test_loretta_food_costs_an_action_and_the_next_take_is_free() -> None:
    game, loretta = loretta_up()
    game.apply(TakeDrop(take=0))  # the food: an action
    assert game.actions_done == 1
    game.apply(TakeDrop(take=0))  # the gun: the free second token
    assert game.actions_done == 1 and game.active == loretta.name
    assert [t.kind for t in loretta.inventory] == ["food", "gun"]


def test_loretta_food_as_last_action_waits_for_a_take_only() -> None:
    game, loretta = loretta_up()
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
