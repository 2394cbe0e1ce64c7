"""Rise of the Zombies!: whose turn it is: a Player Turn's start and the fields it starts
afresh, the Discard step's order (each survivor in seat order), the Play Cards step's next
actor, and the end of the game. Functions of the state (`table.Table`) that change it; the
zombie turn starts the next Player Turn through them, and `turns` runs the steps."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.rise_of_the_zombies import decks

if TYPE_CHECKING:
    from flick.cards.rise_of_the_zombies.table import Table


def start_player_turn(st: Table, settles: bool = False) -> None:
    """A new Player Turn: its fields afresh, then the Discard step from the first seat
    (`settles`: as `next_discarder`)."""
    st.turn += 1
    st.phase = "discard"
    turn_fields(st)
    st.actor = 0
    next_discarder(st, 0, settles)


def turn_fields(st: Table) -> None:
    """The fields a Player Turn starts afresh."""
    n = st.num_players
    na = len(st.cat.action_cards)
    st.moved = [False] * n
    st.free_used = [False] * n
    st.bonus = [0] * n
    st.cardio_used = [False] * n
    st.reroll_used = [False] * n
    st.passed = [not a for a in st.alive]
    st.placed = False
    st.weapon_user = [-1] * na
    st.reloaded = [False] * na
    st.moved_card = [False] * na
    st.comp_attacked = [False] * na
    st.actor = 0


def next_discarder(st: Table, start: int, settles: bool = False) -> None:
    """The next survivor from seat `start` on with cards to discard (those with none just
    draw); after the last, the Play Cards step. `settles`: all that follows in the decision
    is settling it and counting it, so the draws are resume points ("discard", seat, cards
    left: the state's procedure; flick.cards.chance)."""
    for s in range(start, st.num_players):
        if not st.alive[s]:
            continue
        if st.hand[s]:
            st.actor = s
            return
        # nothing to discard: just draw
        decks.draw_actions(st, s, st.remaining(s), ("discard", s) if settles else None)
    st.phase = "play"
    st.actor = -1
    next_actor(st)


def next_actor(st: Table) -> None:
    """The next survivor after the actor, in seat order, who is not done (-1: everyone is)."""
    n = st.num_players
    for i in range(1, n + 1):
        s = (st.actor + i) % n
        if not st.passed[s]:
            st.actor = s
            return
    st.actor = -1


def check_end(st: Table) -> None:
    """End the game when every survivor is dead or every living one is in a zombie-free
    Rescue Helicopter."""
    if st.over:
        return
    if not any(st.alive):
        finish(st, "every survivor is dead")
    elif (
        st.heli_placed()
        and not st.zombies_at(7)
        and all(st.pos[s] == 7 for s in range(st.num_players) if st.alive[s])
    ):
        finish(st, "every remaining survivor is in the Rescue Helicopter")


def finish(st: Table, reason: str) -> None:
    """The game ends: survivors in a zombie-free Rescue Helicopter escape, the rest die."""
    st.over = True
    st.end_reason = reason
    st.pending = []
    st.zq = []
    clear = st.heli_placed() and not st.zombies_at(7)
    for s in range(st.num_players):
        st.escaped[s] = st.alive[s] and clear and st.pos[s] == 7
        if not st.escaped[s]:
            st.alive[s] = False
    st.say(f"Game over: {reason}.")
