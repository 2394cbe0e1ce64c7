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


def _secret_keys(data: object, path: str = "") -> list[str]:
    """Where `data` holds a seed or a generator state: keys naming them, or a list as long as
    a Mersenne Twister state (625 numbers)."""
    found: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            name = str(key).lower()
            if "seed" in name or "rng" in name or "random" in name or "generator" in name:
                found.append(f"{path}/{key}")
            found += _secret_keys(value, f"{path}/{key}")
    elif isinstance(data, (list, tuple)):
        if len(data) >= 600:
            found.append(f"{path} (a list of {len(data)})")
        for i, value in enumerate(data):
            found += _secret_keys(value, f"{path}[{i}]")
    return found


@pytest.mark.parametrize("name", GAME_NAMES)
def test_observation_holds_only_what_the_player_may_know(name: str) -> None:
    """For many states of random play and every seat p: two worlds that `determinize(p, rng)`
    deals from one state look the same to p (`observation(p)` and `render(p)`) as the state
    itself does, and no observation holds a seed or a generator state."""
    mod = module(name)
    checked = 0
    for seed in range(6):
        state = mod.new_state(seed)
        rng = random.Random(1000 + seed)
        step = 0
        while not state.is_terminal() and step < 240:
            if step % 4 == 0:
                for p in range(state.num_players):
                    seen = state.observation(p)
                    json.dumps(seen)
                    assert _secret_keys(seen) == [], (name, seed, step, p)
                    a = state.determinize(p, random.Random(rng.getrandbits(32)))
                    b = state.determinize(p, random.Random(rng.getrandbits(32)))
                    assert a.observation(p) == seen, (name, seed, step, p)
                    assert b.observation(p) == seen, (name, seed, step, p)
                    assert a.render(p) == b.render(p) == state.render(p), (name, seed, step, p)
                    checked += 1
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            step += 1
    assert checked >= 30
