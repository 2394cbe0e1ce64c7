"""A card state's clone shares no mutable part with its original, and its dump rebuilds it
(each state declares its fields once; clone, fast_copy and the dump are made from that list)."""

from __future__ import annotations

import json
import random

import pytest

from flick.cards import games


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
            if isinstance(value, list | dict | set) and key not in caches:
                assert vars(twin)[key] is not value, key
    back = type(st).from_json(json.loads(json.dumps(st.to_json())))
    assert back.to_json() == st.to_json() and back.legal_actions() == st.legal_actions()
