"""The OpenSpiel and PettingZoo adapters refuse what a node does not have before anything
changes: an id out of range or not legal now, any action after the game is over, a chance
outcome the node lacks; asking the legal actions of a seat not to act changes nothing; a step
before reset, a fractional or text action id, a negative step bound are refused."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import flick.openspiel  # noqa: E402,F401  (registers the games)
from flick.pettingzoo.flick import FlickEnv  # noqa: E402
from flick.pettingzoo.something_to_fear import SomethingToFearEnv  # noqa: E402

GAMES = ["flick_surrounded", "flick_something_to_fear", "flick_rise_of_the_zombies"]


def _fingerprint(state: Any) -> tuple[str, int, list[int]]:
    return state.serialize(), state.move_number(), state.history()


def _refused(state: Any, action: int) -> None:
    before = _fingerprint(state)
    with pytest.raises(Exception):  # noqa: B017  (pyspiel wraps the error it is given)
        state.apply_action(action)
    assert _fingerprint(state) == before, action


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_refuses_before_it_changes_anything(name: str) -> None:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = {o for o, _ in state.chance_outcomes()}
    _refused(state, max(outcomes) + 1000)  # a chance outcome the node lacks
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    legal = state.legal_actions()
    player = state.current_player()
    _refused(state, game.num_distinct_actions() + 5)  # out of range
    _refused(state, next(a for a in range(game.num_distinct_actions()) if a not in legal))
    before = _fingerprint(state)
    for seat in range(game.num_players()):
        if seat != player:
            assert state.legal_actions(seat) == []
    state.legal_actions(player)
    assert _fingerprint(state) == before


@pytest.mark.parametrize("name", ["flick_surrounded"])
def test_openspiel_refuses_any_action_after_the_game_is_over(name: str) -> None:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < 2000:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
        steps += 1
    assert state.is_terminal()
    _refused(state, 0)


def test_pettingzoo_step_before_reset_is_refused_clearly() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        SomethingToFearEnv().step(0)
    with pytest.raises(RuntimeError, match="reset"):
        FlickEnv(1).step([0, 0, 0, 0, 0])


@pytest.mark.parametrize("action", [2.9, "2", True, -1, 10**9])
def test_pettingzoo_refuses_an_action_that_is_no_id(action: Any) -> None:
    env = SomethingToFearEnv()
    env.reset(seed=1)
    before = env.state_.to_json(), env.agent_selection
    with pytest.raises(ValueError, match="whole number"):
        env.step(action)
    assert (env.state_.to_json(), env.agent_selection) == before


@pytest.mark.parametrize("max_steps", [-1, 0, 2.5, True])
def test_pettingzoo_refuses_a_step_bound_below_one(max_steps: Any) -> None:
    with pytest.raises(ValueError, match="max_steps"):
        FlickEnv(1, max_steps=max_steps)
