"""Something to Fear: an action applied: the decision of the phase in progress (a Character
chosen, an on-reveal ability, Maggie's exchange, a Wound given, the Tie-breaker taken) or a
step of a turn (secure, Weapon, steal, destroy, swap, Michonne, Rick, Abraham), then the
automatic steps up to the next decision (`rounds.advance`). Functions of the state
(`table.StfTable`) that change it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.something_to_fear import actions as A
from flick.cards.something_to_fear import rounds

if TYPE_CHECKING:
    from flick.cards.something_to_fear.table import StfTable


def apply(st: StfTable, action: int) -> None:
    """Apply `action` of the player to act (legal: the engine checked it)."""
    st.forget_legal()
    p = st.actor
    if st.pending_wound >= 0:
        st.stash[action - A.GIVE_WOUND].append(st.pending_wound)
        st.pending_wound = -1
        rounds.advance(st)
        return
    if st.pending_governor >= 0:
        if action == A.USE:
            st.tiebreaker = st.pending_governor
        st.pending_governor = -1
        rounds.advance(st)
        return
    ph = st.phase
    if ph == A.SELECT:
        st.hand[p].remove(action)
        st.selected[p] = action
    elif ph == A.EUGENE:
        st.queue.pop(0)
        st.number[p] = 1
        if action == A.USE:
            pile = st.discard[p]
            st.chance_shuffle(pile)  # "shuffle your discard pile and reveal one card"
            if st.explicit_chance:  # (a resume point: `rounds.deal`; `advance` follows)
                st.deals = [rounds.DEAL_EUGENE + p]
                rounds.deal(st)
            else:
                card = st.chance_draw(pile, label=f"player {p + 1}'s Eugene reveals a card")
                st.eugene_card[p] = card
                st.number[p] = card  # a revealed Eugene acts as #1 with no second reveal
    elif ph == A.CARL:
        st.queue.pop(0)
        if action == A.USE:
            st.reversed = True
    elif ph == A.MAGGIE:
        if action == A.DECLINE:
            rounds.start_turns(st, skip=())
        else:
            q, i = divmod(action - A.MAGGIE_AT, 10)
            st.maggie, st.maggie_target = p, q
            st.actor = q
            rounds.target_secures(st, q, st.row.pop(i))
    elif ph == A.MAGGIE_WEAPON:
        if action == A.DECLINE:
            st.phase = A.MAGGIE_REPLY
        else:  # destroy the Weapon just secured to secure a card from the Mob
            st.stash[p].remove(st.last_secured)
            st.destroyed.append(st.last_secured)
            rounds.target_secures(st, p, st.mob.pop(action - A.WEAPON_MOB))
    elif ph == A.MAGGIE_REPLY:
        m = st.maggie
        rounds.secure(st, m, st.row.pop(action - A.ROW))
        rounds.start_turns(st, skip=(m, st.maggie_target))
        st.turn_actor = m
        st.actor = m
        # Maggie's turn is this exchange (her special ability; the basic secure is only
        # "instead" of it, see the readings); her Weapon window follows
        st.steps = [A.WEAPON]
    else:
        apply_step(st, p, action)
    if st.pending_wound < 0 and st.pending_governor < 0:
        rounds.advance(st)


def apply_step(st: StfTable, p: int, action: int) -> None:
    """Player p's action in the current step of its turn."""
    step = st.steps[0]
    if step != A.WEAPON or action == A.DECLINE:
        st.steps.pop(0)  # the Weapon window stays open until the player ends the turn
    if action == A.DECLINE:
        if step == A.PEEK:  # Michonne keeps the row: the cards go back as they were
            rounds.return_peek(st, p, None)
        return
    if step in (A.SECURE, A.SECURE_ANDREA):
        if action >= A.MOB:
            rounds.secure(st, p, st.mob.pop(action - A.MOB))
        else:
            rounds.secure(st, p, st.row.pop(action - A.ROW))
    elif step == A.WEAPON:
        stash = st.stash[p]
        weapon = next(c for c in stash if st.data.cards[c].type == "weapon")
        stash.remove(weapon)
        st.destroyed.append(weapon)
        rounds.secure(st, p, st.mob.pop(action - A.WEAPON_MOB))
    elif step == A.STEAL:
        q, s = divmod(action - A.STEAL_AT, 100)
        rounds.secure(st, p, st.stash[q].pop(s))  # a steal secures (see the readings)
    elif step == A.DESTROY:
        st.destroyed.append(st.stash[p].pop(action - A.DESTROY_AT))
    elif step == A.SWAP:
        s, rest = divmod(action - A.SWAP_AT, 1000)
        q, t = divmod(rest, 100)
        mine, theirs = st.stash[p], st.stash[q]
        mine[s], theirs[t] = theirs[t], mine[s]
    elif step == A.PEEK:
        i, j = divmod(action - A.PEEK_AT, 10)
        taken = st.peek.pop(j)
        replaced = st.row[i]
        st.row[i] = taken
        rounds.return_peek(st, p, replaced)
    elif step == A.RICK:
        i, j = divmod(action - A.RICK_AT, 100)
        st.row[i], st.mob[j] = st.mob[j], st.row[i]
    elif step == A.ABRAHAM:
        h, d = divmod(action - A.ABRAHAM_AT, 10)
        st.hand[p].remove(h)
        if h in st.known_hand[p]:
            st.known_hand[p].remove(h)
        st.discard[p].remove(d)
        st.discard[p].append(h)
        st.hand[p].append(d)
        st.hand[p].sort()
        st.known_hand[p].append(d)
