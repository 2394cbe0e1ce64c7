"""Rise of the Zombies!: the two decks: the top Zombie card and Action cards drawn into a hand,
the discards reshuffled when a deck runs out (functions of the state, `table.Table`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flick.cards.deck import Deck

if TYPE_CHECKING:
    from flick.cards.rise_of_the_zombies.table import Table


def draw_zombie(st: Table, choice: bool = True, resume: tuple[Any, ...] | None = None) -> int:
    """The top Zombie card (the discards reshuffled when the deck is out; -1: none left).
    Without a `choice` (Spawn, Attract) Epic zombies are set aside and replaced: they
    enter play only when a survivor chooses to place them for an Infestation. `resume`: each
    draw is a resume point (one set aside is set aside for good before the next draw)."""
    while True:
        if not st.zdeck:
            if not st.zdisc:
                return -1
            st.chance_shuffle(st.zdisc)
            st.zdeck = Deck(st.zdisc)
            st.zdisc = []
        kind = st.cat.zombie_cards  # each card's kind (its card data)
        z = st.chance_draw(st.zdeck, kind, "the next Zombie card", resume)
        if choice or not st.zspec(z).epic:
            return z
        st.aside.append(z)
        st.say(f"  {st.zspec(z).name} are set aside (not chosen).")


def draw_actions(st: Table, s: int, n: int, resume: tuple[Any, ...] | None = None) -> None:
    """Survivor s draws n Action cards (fewer when both the deck and its discards run out).
    `resume`: the draws are resume points (flick.cards.chance): the rest of the procedure is
    `(*resume, cards left to draw)` (the state's own procedures)."""
    hand = st.hand[s]
    kind = st.cat.action_cards  # each card's kind (its card data)
    base = resume if st.explicit_chance else None
    for i in range(n):
        if not st.adeck:
            if not st.adisc:
                return
            st.chance_shuffle(st.adisc)
            st.adeck = Deck(st.adisc)
            st.adisc = []
        where = None if base is None else (*base, n - i)
        hand.append(st.chance_draw(st.adeck, kind, "the next Action card", where))
