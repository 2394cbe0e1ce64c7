"""Rise of the Zombies!: copies (`progress`): a clone goes on like its original, a determinized
copy reshuffles only the decks."""

from __future__ import annotations

import random

from flick.cards.rise_of_the_zombies import make_bot
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies
from tests.cards.rise_of_the_zombies.tables import (
    game,
)


def test_determinize_reshuffles_only_the_decks() -> None:
    st = game(["Scout", "Biker"])
    twin = st.determinize(0, random.Random(9))
    assert sorted(twin.adeck) == sorted(st.adeck) and twin.adeck != st.adeck
    assert sorted(twin.zdeck) == sorted(st.zdeck) and twin.hand == st.hand


def test_clone_goes_on_exactly_like_the_original() -> None:
    from flick.cards.bots import RandomBot

    st = RiseOfTheZombies(seed=4)
    greedy = make_bot("greedy", 4)
    for _ in range(60):
        st.apply(greedy.choose(st))
    twin = st.clone()
    assert twin.to_json() == st.to_json()
    a, b = RandomBot(2), RandomBot(2)
    for _ in range(200):
        if st.is_terminal():
            break
        st.apply(a.choose(st))
        twin.apply(b.choose(twin))
    assert twin.to_json() == st.to_json()
    twin.hand[0].append(-1)  # the copy shares no list with the original
    assert -1 not in st.hand[0]


def test_a_pickled_game_dumps_as_the_game_it_was() -> None:
    """A game read back from a pickle shares the shipped card data, as a new game does: its
    dump names no custom deck; a custom deck still travels whole."""
    import dataclasses
    import pickle

    from flick.cards.rise_of_the_zombies.data import default_catalog

    st = RiseOfTheZombies(survivors=("Scout", "Paramedic"), seed=1)
    back = pickle.loads(pickle.dumps(st))
    assert back.cat is default_catalog()
    assert back.to_json() == st.to_json() and "catalog" not in back.to_json()
    custom = dataclasses.replace(default_catalog(), minutes_per_turn=7)
    again = pickle.loads(pickle.dumps(custom))
    assert again == custom and again is not custom and again.minutes_per_turn == 7
