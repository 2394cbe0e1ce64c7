"""Scenario 8's supply rules through `Game.apply` on the physics table: the survivor waiting
at a building joins whoever leaves it by a move."""

from __future__ import annotations

import math

import pytest

from flick.game import Game, IllegalAction
from flick.game.bots.aim import impulse_to, vector
from flick.game.inputs import (
    ChooseSurvivor,
    FightFlick,
    FightWeapon,
    Flick,
    Move,
    TakeDrop,
)
from flick.game.scenarios import objectives as competitive
from flick.game.scenarios import supply
from flick.game.scenarios.inputs import (
    MoveX,
)
from flick.game.state import GameOver
from flick.scenario.model import Scenario
from tests.game.tables import (
    BASE,
    aimed,
    frozen,
    put_inside,
    s8_table,
    table,
    turn_noise_events,
    x_elsewhere,
)


def _disc_to(game: Game, start: tuple[float, float], target: tuple[float, float]) -> Move:
    angle, strength = impulse_to(game.board.params, "movement_disc", start, target)
    return Move(Flick((strength * math.cos(angle), strength * math.sin(angle))))


def _s8_with_police_station() -> Scenario:
    """The S8 test city with the Police Station facing the Library's door, 35 cm away."""
    data = s8_table().model_dump(mode="json")
    data["buildings"].append({"name": "police_station", "x": 20, "y": 45, "facing": "north"})
    return Scenario.model_validate(data)


def test_a_move_straight_into_another_building_recruits_the_survivor_left_behind() -> None:
    game = Game(_s8_with_police_station(), 1)
    john = put_inside(game, "John Price", "library")
    game.rule_state.recruits["library"] = 1
    team_before = sum(1 for s in game.survivors.values() if s.team == "A")
    game.apply(ChooseSurvivor(john.name))
    game.apply(_disc_to(game, game.board.behind("library", game.board.disc),
                        game.board.front("police_station", -1.0)))
    assert john.building == "police_station"
    joined = [e.data for e in game.events if e.type == "recruit"]
    assert [(j["by"], j["building"], j["team"]) for j in joined] == [
        ("John Price", "library", "A")]
    assert game.rule_state.recruits["library"] == 0
    recruit = game.survivors[joined[0]["survivor"]]
    assert recruit.building == "police_station" and recruit.piece is None
    assert recruit.life == 2 and recruit in game.available("A")
    assert sum(1 for s in game.survivors.values() if s.team == "A") == team_before + 1


def test_a_move_out_into_the_city_recruits_beside_the_recruiter() -> None:
    game = Game(s8_table(), 1)
    john = put_inside(game, "John Price", "library")
    game.rule_state.recruits["library"] = 1
    game.apply(ChooseSurvivor(john.name))
    game.apply(_disc_to(game, game.board.behind("library", game.board.disc),
                        game.board.front("library", 8.0)))
    assert john.building is None
    recruit = game.survivors[next(e.data["survivor"] for e in game.events
                                  if e.type == "recruit")]
    assert recruit.piece is not None and recruit.building is None
    john_at, recruit_at = game.board.pos(john.piece), game.board.pos(recruit.piece)
    assert math.dist(john_at, recruit_at) < 2 * game.board.figure_r + 2.0


def test_found_survivor_joins_with_2_life_in_the_building() -> None:
    game = Game(table(mode="co-op", teams=[BASE["teams"][0]], pretzel=None,
                      reserve_survivors=["Mike", "Lily"],
                      objectives=[{"id": "find_survivors_and_tokens", "text": "t",
                                   "params": {"survivors_found": 2, "base": "rv",
                                              "tokens": {"fuel": 2}}}],
                      rules=["found_survivors"]), 1)
    john = put_inside(game, "John Price", "library")
    game.stashes["library"] = [game.new_token("survivor", face_up=False)]
    game.apply(ChooseSurvivor(john.name))
    game.apply(TakeDrop(take=0))
    mike = game.survivors["Mike Cho"]
    assert mike.life == 2 and mike.building == "library" and mike.team == john.team
    assert game.rule_state.found == 1
    game.rule_state.found = 2
    game.stashes["rv"] = [game.new_token("fuel"), game.new_token("fuel")]
    with pytest.raises(GameOver) as end:
        competitive.check(game)
    assert end.value.reason == "objective"


def test_moving_the_x_token_is_decided_right_when_the_last_survivor_leaves() -> None:
    """S8: the X token moves as the last survivor leaves, before the turn ends."""
    game = Game(s8_table(), 1)
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    put_inside(game, john.name, "library")
    game.actions_done = 1
    board = game.board
    start = board.behind("library", board.disc)
    angle, strength = impulse_to(board.params, "movement_disc", start, board.front("library", 8.0))
    game.apply(Move(Flick(vector(angle, strength))))
    assert john.building is None and john.piece is not None
    assert game.phase == "decide" and game.legal_kinds() == ["move_x"]
    assert turn_noise_events(game, john.name) == 0
    game.apply(MoveX("school"))
    assert game.rule_state.x_blocked == ["library"]
    assert turn_noise_events(game, john.name) == 1 and game.phase in ("choose", "over")


def test_x_token_blocks_moves_on_last_exit_and_fills_from_the_supply() -> None:
    game = Game(s8_table(), 1)
    assert game.rule_state.x_blocked == ["school"] and "front:school" not in game.stashes
    john = game.survivors["John Price"]
    assert game.rules.entry_refused(game, john, "school") is not None
    assert game.rules.entry_refused(game, john, "library") is None
    put_inside(game, john.name, "library")
    game.rule_state.recruits["library"] = 1
    john.building = None
    game.board.place_survivor(john, game.board.front("library", 6.0), -math.pi / 2)
    n_supply = len(game.stashes["supply"])
    supply.after_exit(game, john, "library", by_disc=True)
    assert game.legal_kinds() == ["move_x"]
    before = frozen(game)
    with pytest.raises(IllegalAction, match="no X token"):
        game.apply(MoveX("rv"))
    assert frozen(game) == before
    game.apply(MoveX("school"))
    assert game.rule_state.x_blocked == ["library"]
    assert len(game.stashes["school"]) == 1 and not game.stashes["school"][0].face_up
    assert len(game.stashes["supply"]) == n_supply - 1
    recruits = [s for s in game.survivors.values() if s.team == "A"]
    assert len(recruits) == 3 and recruits[-1].life == 2 and recruits[-1].piece is not None


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
    game = Game(x_elsewhere(), 1)
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
