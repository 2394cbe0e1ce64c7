"""Rise of the Zombies!: the Spawn step and the Mutated Prisoners a spawn draws (`zombies`)."""

from __future__ import annotations

from flick.cards.rise_of_the_zombies import zombies
from tests.cards.rise_of_the_zombies.tables import (
    Dice,
    extend_path,
    game,
    stack,
)


def test_spawn_behind_the_rearmost_survivor() -> None:
    st = game(["Scout", "Biker", "Scoundrel"])
    extend_path(st, ["City Hall", "School Bus"])
    st.pos = [2, 2, 1]
    (z,) = stack(st, ["Crawlers"])
    st.rng = Dice([1] * 10)
    zombies.zombie_turn(st)
    assert st.zpos[z] == 0  # Scoundrel in City Hall: spawn in the Safe House
    st.pos = [2, 2, 2]
    (z,) = stack(st, ["Spitter"])
    zombies.zombie_turn(st)
    assert st.zpos[z] == 1  # all in the School Bus: spawn in City Hall
    st.pos = [0, 2, 2]
    (z,) = stack(st, ["Loner"])
    zombies.zombie_turn(st)
    assert st.zpos[z] == 0 and st.zeng[z] == 0  # Safe House with a survivor in it


def test_graveyard_spawns_two_zombies() -> None:
    st = game(["Scout"])
    extend_path(st, ["Graveyard", "City Hall"])
    st.pos = [2]
    a, b = stack(st, ["Loner", "Crawlers"])
    st.rng = Dice([1] * 10)
    zombies.zombie_turn(st)
    assert st.zpos[a] == 1 and st.zpos[b] == 1


def test_mutated_prisoners_drawn_by_a_spawn_are_set_aside_and_replaced() -> None:
    st = game(["Scout"])
    pris, loner = stack(st, ["Mutated Prisoners", "Loner"])
    st.rng = Dice([1] * 5)
    zombies.zombie_turn(st)
    assert pris in st.aside and st.zpos[pris] == -1 and st.zpos[loner] == 0
