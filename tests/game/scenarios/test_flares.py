"""Scenario 7's flares (`flick.game.scenarios.flares`)."""

from __future__ import annotations

from flick.game import Game
from flick.game.bots.aim import impulse_to, vector
from flick.game.inputs import (
    ChooseSurvivor,
    EndTurn,
    Flick,
)
from flick.game.scenarios.inputs import (
    Flare,
)
from flick.game.state import Noise
from tests.game.tables import (
    flare_to,
    table,
)


def test_flare_directs_the_reaction_and_its_face_sets_the_noise() -> None:
    game = Game(table(), 1)
    game.apply(ChooseSurvivor("John Price"))
    game.apply(EndTurn())
    elijah = game.survivors["Elijah Jordan"]
    assert game.rule_state.power_tokens[elijah.name]["flare"] == 2
    game.apply(ChooseSurvivor("Rosa Rodriguez"))
    game.apply(EndTurn())
    game.apply(ChooseSurvivor(elijah.name))
    assert "flare" in game.legal_kinds()
    start = game.board.beside(game.board.pos(elijah.piece), elijah.facing, "right", 2.0)
    angle, strength = impulse_to(game.board.params, "flare_token", start, (40.0, 45.0))
    game.apply(Flare(Flick(vector(angle, strength)), big=False))
    assert game.rule_state.flare is not None and game.rule_state.flare[2] == int(Noise.QUIET)
    assert game.rule_state.power_tokens[elijah.name]["flare"] == 1
    game.apply(EndTurn())
    react = [e for e in game.events if e.type == "flare_reaction"]
    assert react and react[-1].data["noise"] == "QUIET"


def test_a_flare_overhanging_the_city_limit_is_lost() -> None:
    flare = flare_to(0.5)
    assert flare["at"][0] < 90.0  # its centre stopped inside the limit
    assert flare["success"] is False


def test_a_flare_wholly_inside_the_city_limit_holds() -> None:
    assert flare_to(4.0)["success"] is True
