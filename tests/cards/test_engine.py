"""The generic engine test every card game passes (OpenSpiel-style random simulation)."""

from __future__ import annotations

import json
import random

import pytest

from flick.cards.bots import RandomBot, play_out
from flick.cards.engine import GameOverError, IllegalActionError
from flick.cards.games import GAMES, module

GAME_NAMES = sorted(GAMES)


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_random_play_is_legal_and_clones_round_trip(name: str, seed: int) -> None:
    state = module(name).new_state(seed)
    rng = random.Random(seed)
    cls = type(state)
    steps = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions, "a live game must offer at least one action"
        assert actions == sorted(set(actions))
        for a in actions:
            assert isinstance(state.action_to_string(a), str) and state.action_to_string(a)
        assert 0 <= state.current_player() < state.num_players
        if steps % 7 == 0:
            dump = state.to_json()
            json.dumps(dump)  # serialisable
            twin = cls.from_json(json.loads(json.dumps(dump)))
            assert twin.to_json() == dump
            copy = state.clone()
            assert copy.to_json() == dump
            # an illegal action raises and changes nothing
            illegal = max(actions) + 1000
            with pytest.raises(IllegalActionError):
                state.apply(illegal)
            assert state.to_json() == dump
            # clone and JSON twin go on exactly as the original
            action = actions[rng.randrange(len(actions))]
            state.apply(action)
            copy.apply(action)
            twin.apply(action)
            assert copy.to_json() == state.to_json() == twin.to_json()
        else:
            state.apply(actions[rng.randrange(len(actions))])
        steps += 1
        assert steps < 200_000
    assert state.legal_actions() == []
    returns = state.returns()
    assert len(returns) == state.num_players
    with pytest.raises(GameOverError):
        state.apply(0)
    assert isinstance(state.render(), str)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_same_seed_same_game(name: str) -> None:
    mod = module(name)
    a, b, c = mod.new_state(7), mod.new_state(7), mod.new_state(8)
    play_out(a, RandomBot(3))
    play_out(b, RandomBot(3))
    play_out(c, RandomBot(3))
    assert a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()
