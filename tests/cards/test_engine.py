"""The generic engine test every card game passes (OpenSpiel-style random simulation)."""

from __future__ import annotations

import json
import random

import pytest

from flick.cards.bots import RandomBot, play_out
from flick.cards.engine import GameOverError, IllegalActionError
from flick.cards.games import GAMES, module
from flick.cards.rise_of_the_zombies.data import default_catalog
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies

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


# Games that declare the adapters' API (dense action ids, the game length, any seat's legal
# actions); a game joins by adding its name here.
DENSE_GAMES = ["something_to_fear", "surrounded"]


@pytest.mark.parametrize("name", DENSE_GAMES)
def test_dense_action_ids_cover_every_legal_action(name: str) -> None:
    """Every legal action has a dense id in 0..num_distinct_actions-1 that maps back to it,
    distinct actions get distinct ids, other seats have no legal actions, and no game is
    longer than max_game_length()."""
    mod = module(name)
    longest = 0
    for seed in range(8):
        state = mod.new_state(seed)
        size = state.num_distinct_actions()
        bound = state.max_game_length()
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal():
            assert state.num_distinct_actions() == size
            actions = state.legal_actions()
            ids = [state.action_to_id(a) for a in actions]
            assert all(0 <= i < size for i in ids)
            assert len(set(ids)) == len(ids)
            assert [state.id_to_action(i) for i in ids] == actions
            assert state.legal_action_ids() == sorted(ids)
            assert list(state.legal_id_actions().items()) == sorted(zip(ids, actions, strict=True))
            me = state.current_player()
            assert state.legal_actions(me) == actions
            for p in range(state.num_players):
                if p != me:
                    assert state.legal_actions(p) == [] and state.legal_action_ids(p) == []
                    assert state.legal_id_actions(p) == {}
            assert sorted(state.legal_id_actions(me).values()) == actions == state.legal_actions()
            state.apply(state.id_to_action(ids[rng.randrange(len(ids))]))
            steps += 1
        assert state.legal_actions(0) == []
        longest = max(longest, steps)
        assert steps <= bound
    assert longest > 10


@pytest.mark.parametrize("name", DENSE_GAMES)
def test_every_dense_id_decodes_to_a_code_that_encodes_back(name: str) -> None:
    state = module(name).new_state(0)
    size = state.num_distinct_actions()
    for i in range(size):
        assert state.action_to_id(state.id_to_action(i)) == i
    for bad in (-1, size):
        with pytest.raises(ValueError):
            state.id_to_action(bad)
    with pytest.raises(ValueError):
        state.action_to_id(10**12)


@pytest.mark.parametrize("seed", range(4))
def test_rise_of_the_zombies_keys_its_legal_actions_by_their_dense_ids(seed: int) -> None:
    names = [s.name for s in default_catalog().survivors]
    state = RiseOfTheZombies(survivors=names[:1 + 7 * (seed % 2)], seed=seed, otis=seed > 1)
    rng = random.Random(seed)
    while not state.is_terminal():
        actions = state.legal_actions()
        pairs = sorted((state.action_to_id(a), a) for a in actions)
        assert list(state.legal_id_actions().items()) == pairs
        state.apply(rng.choice(actions))
