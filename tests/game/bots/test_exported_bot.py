"""The bot `flick.game` exports is the one `flick.game.play` plays every scenario with."""

from __future__ import annotations

import importlib
import math

from flick.game import Game, HeuristicBot
from flick.game.bots.heuristic import CoreBot
from flick.game.inputs import MoveX
from flick.game.scenarios import supply
from tests.game.tables import put_inside, s8_table


def test_the_exported_bot_is_the_one_play_uses_and_has_one_name() -> None:
    # (`flick.game.play` is the function; the module is read by its name)
    assert importlib.import_module("flick.game.play").HeuristicBot is HeuristicBot
    assert HeuristicBot.name == "heuristic" and CoreBot.name != HeuristicBot.name
    assert "scenarios 1-10" in (HeuristicBot.__doc__ or "")


def test_the_exported_bot_answers_a_scenario_8_decision() -> None:
    # S8: the last survivor left the Library; the X token must be moved before play goes on.
    game = Game(s8_table(), 1)
    john = put_inside(game, "John Price", "library")
    john.building = None
    game.board.place_survivor(john, game.board.front("library", 6.0), -math.pi / 2)
    supply.after_exit(game, john, "library", by_disc=True)
    assert game.legal_kinds() == ["move_x"]
    inp = HeuristicBot(1, params=game.board.params).decide(game)
    assert isinstance(inp, MoveX) and inp.source == "school"
    game.apply(inp)
    assert game.rule_state.x_blocked == ["library"]
