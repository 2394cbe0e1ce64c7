"""Scenario 6's fights between survivors (`flick.game.scenarios.survivor_fight`)."""

from __future__ import annotations

from flick.game import Game
from flick.game.inputs import (
    ChooseSurvivor,
    FightFlick,
    FightWeapon,
)
from tests.game.tables import (
    aim,
    put_inside,
    table,
)


def test_survivor_fight_in_a_building_wounds_and_throws_the_loser_out() -> None:
    game = Game(table(), 4)
    rosa = put_inside(game, "Rosa Rodriguez", "library")
    john = game.survivors["John Price"]
    game.apply(ChooseSurvivor(john.name))
    put_inside(game, john.name, "library")
    game.rules.on_enter(game, john, "library")
    duel = game.fight
    assert game.phase == "fight" and duel.kind == "duel"
    assert 75.0 <= duel.distance <= 90.0
    game.apply(FightWeapon("gun"))
    game.apply(FightWeapon("gun"))
    for _ in range(12):
        if game.phase != "fight":
            break
        game.apply(FightFlick(aim(game, game.fight, game.fight.to_act)))
    assert game.phase != "fight"
    loser = rosa if rosa.building is None else john
    winner = john if loser is rosa else rosa
    assert loser.life == 2 and not loser.standing and loser.piece is not None
    assert winner.building == "library" and winner.life == 3
    assert game.board.door_depth(game.board.pos(loser.piece), "library") > 0
