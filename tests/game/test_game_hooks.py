"""Game's declared hooks: the rule state of scenarios 5-10 as a typed field, the listeners told
after each input (flick.game.game)."""

from __future__ import annotations

import copy

import pytest

from flick.game import Game, IllegalAction
from flick.game.inputs import ChooseSurvivor, EndTurn, Input
from flick.game.scenarios.five_to_ten import RuleState
from flick.scenario import load


def test_rule_state_is_a_declared_field_filled_only_by_scenarios_5_to_10() -> None:
    core, later = Game(load(1), seed=1), Game(load(5), seed=1)
    assert isinstance(core.rule_state, RuleState) and isinstance(later.rule_state, RuleState)
    assert not core.rules.five_to_ten and later.rules.five_to_ten
    assert core.rule_state == RuleState()
    assert later.rule_state.crossroads_deck and later.rule_state.start_life


def test_listeners_hear_played_and_refused_inputs_and_copies_carry_none() -> None:
    game = Game(load(1), seed=3)
    heard: list[tuple[str, bool, int]] = []

    def listener(g: Game, inp: Input, accepted: bool) -> None:
        heard.append((inp.kind, accepted, len(g.inputs)))

    game.listeners.append(listener)
    with pytest.raises(IllegalAction):
        game.apply(EndTurn())  # no survivor chosen yet
    name = next(s.name for s in game.survivors.values() if s.team == game.current_team)
    game.apply(ChooseSurvivor(name))
    assert heard == [("end_turn", False, 0), ("choose", True, 1)]
    twin = copy.deepcopy(game)
    assert twin.listeners == [] and game.listeners == [listener]
    twin.apply(EndTurn())
    assert len(heard) == 2
