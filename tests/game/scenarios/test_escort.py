"""Scenario 3's rescued figure (`flick.game.scenarios.escort`) through `Game.apply`: every
action of Anita's escort is LOUD."""

from __future__ import annotations

from flick.game.inputs import ChooseSurvivor, FightFlick, FightWeapon, Flick, Move
from flick.game.scenarios.escort import rescue
from tests.game.test_rules import aimed, game


def test_an_escort_who_falls_in_a_fight_after_moving_still_made_a_loud_turn() -> None:
    # "Each action performed by the survivor escorting Anita is considered to be a LOUD
    # noise": Thomas moves into the Library as her escort (a LOUD action), loses the bat
    # fight there and falls, and with that is no longer her escort when the turn ends.
    g = game(special_rules=[{"id": "rescued_figure", "params": {"survivor": "Anita"}},
                            {"id": "fight_survivor_vs_zombie"}],
             reserve_survivors=["Anita"],
             teams=[{"name": "survivors", "survivors": [
                 {"name": "Thomas", "life": 3, "x": 20, "y": 60},
                 {"name": "Rosa", "life": 3, "x": 60, "y": 20}]}])
    g.building_zombies["library"] = [True]
    thomas = g.survivors["Thomas Heart"]
    g.apply(ChooseSurvivor(thomas.name))
    rescue(g, thomas)
    assert g.rules.escort == thomas.name
    g.apply(Move(aimed(g, "movement_disc", g.board.pos(thomas.piece),
                       g.board.front("library", -1.0))))
    assert thomas.building == "library" and g.phase == "fight"
    g.apply(FightWeapon("bat"))
    g.apply(FightFlick(Flick((0.0, 1.0))))  # a feeble bat: the zombie stands, Thomas falls
    assert [e.data["stage"] for e in g.events if e.type == "fight"][-2:] == ["bat_miss", "end"]
    assert g.rules.escort != thomas.name
    assert [e.data["noise"] for e in g.events if e.type == "noise"] == ["LOUD"]
