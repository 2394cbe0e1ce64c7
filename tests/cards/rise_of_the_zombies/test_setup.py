"""Rise of the Zombies!: the Departure Time by difficulty and group size, the Group counters and
their swap after deaths (`data`, `zombies.swap`)."""

from __future__ import annotations

import pytest

from flick.cards.rise_of_the_zombies import zombies
from flick.cards.rise_of_the_zombies.data import default_catalog
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies
from tests.cards.rise_of_the_zombies.tables import (
    SAMPLE,
    Dice,
    game,
    place_zombie,
)


@pytest.mark.parametrize(
    ("difficulty", "n", "minutes"),
    [("introductory", 5, 95), ("introductory", 3, 85), ("introductory", 1, 75),
     ("standard", 4, 70), ("standard", 8, 85), ("standard", 2, 55),
     ("expert", 6, 60), ("expert", 3, 50), ("expert", 2, 45),
     ("insane", 5, 50), ("insane", 4, 45), ("insane", 1, 40)],
)
def test_departure_times(difficulty: str, n: int, minutes: int) -> None:
    assert default_catalog().departure_minutes(difficulty, n) == minutes
    names = [s.name for s in default_catalog().survivors[:n]]
    assert RiseOfTheZombies(names, difficulty).departure == minutes


def test_group_counters_of_the_rulebook() -> None:
    cat = default_catalog()
    assert cat.group[1][0] == 8
    assert cat.group[3] == (5, 1)
    assert cat.group[4] == (4, 2)
    assert cat.group[5] == (4, 3)
    st = RiseOfTheZombies([*SAMPLE, "Historian"], seed=2)
    assert [len(h) for h in st.hand] == [4] * 5  # dealt Health cards each


def test_group_counter_swap_after_deaths_keeps_the_time() -> None:
    st = game(["Scout", "Biker", "Scoundrel"], "expert")
    assert (st.departure, st.health(), st.modifier()) == (50, 5, 1)
    st.wounds[2] = 2
    zombies.wound_survivor(st, 0, 5)
    zombies.wound_survivor(st, 1, 9)
    assert st.health() == 5  # replaced only after the step
    zombies.swap(st)
    assert st.health() == 8 and st.modifier() == 0
    assert st.remaining(2) == 6  # wounds stay on the card
    assert st.departure == 50


def test_group_counter_swap_happens_after_the_step_not_mid_step() -> None:
    st = game(["Scout", "Biker"])  # health 6
    st.wounds = [5, 5]
    st.pos = [0, 0]
    z = place_zombie(st, "Shamblers", 0)
    st.rng = Dice([6, 6])  # 2 wounds each
    zombies.zombie_attack(st, z)
    assert st.alive == [False, False]  # the second one is not saved by the first one's death
