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
