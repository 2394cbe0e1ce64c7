"""The bot's goals, one per objective (`flick.game.bots.goals`), asked directly."""

from __future__ import annotations

import math

from flick.game import Game, HeuristicBot
from flick.game.bots.goals import CORE, HUNT, SUPPLIES, TEAM
from flick.game.state import Token
from flick.scenario import load


def test_every_objective_of_the_ten_scenarios_has_a_goal() -> None:
    ids = {o.id for n in range(1, 11) for o in load(n).objectives}
    assert ids - {"prevent"} <= set(CORE) | set(TEAM)
    assert "prevent" in TEAM


def _s9() -> tuple[Game, HeuristicBot]:
    game = Game(load(9), 2, players={"A": 3, "B": 3})
    game.bin = 12
    return game, HeuristicBot(2, params=game.board.params)


def _objective(game: Game, oid: str) -> object:
    return next(o for o in game.scenario.objectives if o.id == oid)


def test_hold_building_sends_a_carrier_of_two_supplies_into_the_school() -> None:
    game, bot = _s9()
    b = next(x for x in game.survivors.values() if x.team == "B" and x.piece is not None)
    hold = TEAM["hold_building"]
    b.inventory[:] = [Token("food", face_up=False, uid=950)]
    assert hold(bot, game, b, _objective(game, "hold_building")) != ("enter", "school")
    b.inventory.append(Token(SUPPLIES[1], face_up=False, uid=951))
    assert hold(bot, game, b, _objective(game, "hold_building")) == ("enter", "school")


def test_prevent_sends_the_two_nearest_the_school_in_and_the_rest_hunting() -> None:
    game, bot = _s9()
    door = game.board.door_mid("school")
    team_a = sorted((x for x in game.survivors.values() if x.team == "A" and x.alive
                     and x.piece is not None),
                    key=lambda x: (math.dist(game.board.pos(x.piece), door), x.name))
    assert len(team_a) == 3
    goals = [TEAM["prevent"](bot, game, x, _objective(game, "prevent")) for x in team_a]
    assert goals == [("enter", "school"), ("enter", "school"), HUNT]


def test_the_s6_escape_hunts_when_the_team_is_too_small_to_escape() -> None:
    game = Game(load(6), 4)
    game.bin = 12
    bot = HeuristicBot(4, params=game.board.params)
    team_a = [x for x in game.survivors.values() if x.team == "A"]
    escape = next(o for o in game.scenario.objectives if o.team == "A")
    assert TEAM["team_escape_in_rv"](bot, game, team_a[0], escape) != HUNT
    for x in team_a[1:]:
        x.life, x.alive = 0, False
    assert TEAM["team_escape_in_rv"](bot, game, team_a[0], escape) == HUNT


def test_every_survivor_of_the_ten_scenarios_gets_a_typed_goal() -> None:
    from flick.game.bots.goals import Goal

    kinds = {"enter", "point", "object", "barricade", "guard", "hunt", "wait"}
    for n in range(1, 11):
        game = Game(load(n), 7)
        bot = HeuristicBot(7, params=game.board.params)
        for s in game.survivors.values():
            if s.alive and s.piece is not None:
                goal = bot.goal(game, s)
                assert isinstance(goal, Goal) and goal.kind in kinds, (n, s.name, goal)
