"""Scenario 8's supply rules through `Game.apply` on the physics table: the survivor waiting
at a building joins whoever leaves it by a move."""

from __future__ import annotations

import math

from flick.game import Game
from flick.game.bots.aim import impulse_to
from flick.game.inputs import ChooseSurvivor, Flick, Move
from flick.scenario.model import Scenario
from tests.game.test_scenarios_5_10_rules import put_inside, s8_table


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
