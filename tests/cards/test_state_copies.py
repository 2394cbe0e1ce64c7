"""A card state's clone shares no mutable part with its original, and its dump rebuilds it
(each state declares its fields once; clone, fast_copy and the dump are made from that list)."""

from __future__ import annotations

import json
import random

import pytest

from flick.cards import games
from flick.cards.rise_of_the_zombies import progress as rise_progress

# lists a game's copies share: replaced whole when set, never changed in place
SHARED = {"rise_of_the_zombies": {f for f, how in rise_progress.FIELDS.items() if how is None}}


def _midgame(name: str, seed: int, moves: int) -> object:
    st = games.module(name).new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if st.is_terminal():
            break
        st.apply(rng.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_a_clone_shares_no_mutable_field_and_the_dump_rebuilds_the_state(name: str) -> None:
    st = _midgame(name, 3, 25)
    copies = [st.clone()] + ([st.fast_copy()] if hasattr(st, "fast_copy") else [])
    for twin in copies:
        assert twin.to_json() == st.to_json()
        caches = ("events", "_legal", "legal_cache")  # replaced whole, never changed in place
        for key, value in vars(st).items():
            if isinstance(value, list | dict | set) and key not in caches + tuple(
                    SHARED.get(name, ())):
                assert vars(twin)[key] is not value, key
    back = type(st).from_json(json.loads(json.dumps(st.to_json())))
    assert back.to_json() == st.to_json() and back.legal_actions() == st.legal_actions()


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_a_clone_stays_as_it_was_while_its_original_plays_on(name: str) -> None:
    """Whatever the copies share (SHARED), nothing the original does later reaches a clone:
    clones taken all through a game dump as they did when taken, once the game is over."""
    st = games.module(name).new_state(5)
    rng = random.Random(5)
    taken = []
    moves = 0
    while not st.is_terminal() and moves < 400:
        if moves % 3 == 0:
            twin = st.clone()
            taken.append((twin, json.dumps(twin.to_json(), sort_keys=True)))
        st.apply(rng.choice(st.legal_actions()))
        moves += 1
    assert len(taken) > 5
    for twin, dump in taken:
        assert json.dumps(twin.to_json(), sort_keys=True) == dump
