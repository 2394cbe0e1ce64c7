"""Rise of the Zombies!: the two decks: the top Zombie card and Action cards drawn into a hand,
the discards reshuffled when a deck runs out (functions of the state, `table.Table`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flick.cards.rise_of_the_zombies.table import Table


def draw_zombie(st: Table, choice: bool = True) -> int:
    """The top Zombie card (the discards reshuffled when the deck is out; -1: none left).
    Without a `choice` (Spawn, Attract) Epic zombies are set aside and replaced: they
    enter play only when a survivor chooses to place them for an Infestation."""
    while True:
        if not st.zdeck:
            if not st.zdisc:
                return -1
            st.zdeck = st.zdisc
            st.zdisc = []
            st.chance_shuffle(st.zdeck)
        z = st.chance_draw(st.zdeck, st.zombie_kind, "the next Zombie card")
        if choice or not st.zspec(z).epic:
            return z
        st.aside.append(z)
        st.say(f"  {st.zspec(z).name} are set aside (not chosen).")


def draw_actions(st: Table, s: int, n: int) -> None:
    """Survivor s draws n Action cards (fewer when both the deck and its discards run out)."""
    hand = st.hand[s]
    for _ in range(n):
        if not st.adeck:
            if not st.adisc:
                return
            st.adeck = st.adisc
            st.adisc = []
            st.chance_shuffle(st.adeck)
        hand.append(st.chance_draw(st.adeck, st.action_kind, "the next Action card"))
