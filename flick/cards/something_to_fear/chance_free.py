"""Something to Fear: which decisions surely meet no chance event, the hint that lets an
explicit-chance state run them in place instead of on a copy (`State._chance_free`,
flick.cards.engine). A function of the state as it is before the decision; it changes nothing.

After a decision the game runs on by itself (`rounds.advance`) to the next decision, and
chance is met on the way only where cards are drawn: Eugene's reveal, the top three cards
Michonne looks at when her turn starts, and the clean-up after the last turn of a round. So a
decision is free of chance when the next decision surely comes first:
- a Character chosen while someone else still chooses; the last one chosen when the reveal
  asks an on-reveal decision (a Eugene with a discard pile, a Carl, Maggie strictly lowest)
  or the first turn is not Michonne's;
- a Eugene or Carl declined with another one still to decide;
- a step of a turn (the Maggie phases aside) that secures a Wound or the round's first
  Governor (a decision of its own follows), or after which a step of the same turn has
  something to do, or which ends a turn that is not the round's last, the next one not
  Michonne's, with a card left in the row for its secure.
Whether a step has something to do is read from the state before the decision with the
decision's own change to it worked out (the card secured, the Weapon destroyed); anything
less sure is not hinted. A wrong hint would cost time, never the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flick.cards.something_to_fear import actions as A
from flick.cards.something_to_fear.options import step_options

if TYPE_CHECKING:
    from flick.cards.something_to_fear.table import StfTable

def chance_free(st: StfTable, procedure: tuple[Any, ...]) -> bool:
    """True when `procedure` (the state's "act") surely meets no chance event."""
    if procedure[0] != "act":
        return False  # the set-up and the draws' resume points
    action = procedure[1]
    ph = st.phase
    if st.pending_wound >= 0 or st.pending_governor >= 0:
        if ph != A.TURN:
            return False
        tie = st.pending_governor if st.pending_governor >= 0 and action == A.USE else (
            st.tiebreaker)
        return _goes_on(st, st.steps, len(st.row), len(st.mob), st.stash[st.turn_actor],
                        st.last_secured, tie)
    if ph == A.SELECT:
        return _select_free(st, st.actor, action)
    if ph in (A.EUGENE, A.CARL):
        return action == A.DECLINE and len(st.queue) > 1 and not st.reversed
    if ph != A.TURN:
        return False
    return _step_free(st, st.turn_actor, action)


def _select_free(st: StfTable, p: int, choice: int) -> bool:
    """Player p chooses Character `choice`: free while another still chooses, or when what
    the reveal leads to first is a decision (`rounds.reveal`, `advance`)."""
    selected = list(st.selected)
    selected[p] = choice
    if 0 in selected:
        return True
    n = st.num_players
    if any(selected[q] == 1 and st.discard[q] for q in range(n)) or 3 in selected:
        return True  # a Eugene's reveal or a Carl's reversal is asked first
    number = selected  # (a Eugene with nothing to reveal acts as #1: his own number)
    lowest = min(number)
    holders = [q for q in range(n) if number[q] == lowest]
    if lowest == 4 and len(holders) == 1:
        return True  # Maggie is asked
    first = min(range(n), key=lambda q: (-number[q], (q - st.tiebreaker) % n))
    return _turn_opens_with_decision(selected[first], len(st.row))


def _turn_opens_with_decision(character: int, row: int) -> bool:
    """A turn of `character` starts with a decision, with `row` cards in the row: not
    Michonne's (she draws first); Rick's swap or else the secure has something to do."""
    return A.TURN_STEPS[character][0] != A.PEEK and row > 0


def _step_free(st: StfTable, p: int, action: int) -> bool:
    """Player p's `action` in the current step of its turn (`play.apply_step`)."""
    step = st.steps[0]
    rest = st.steps if step == A.WEAPON and action != A.DECLINE else st.steps[1:]
    row, mob = len(st.row), len(st.mob)
    stash = st.stash[p]
    secured = st.last_secured
    cards = st.data.cards
    if action == A.DECLINE or step in (A.PEEK, A.RICK, A.ABRAHAM):
        pass  # the row and the Mob keep their sizes, the Stash is as it is
    elif step == A.DESTROY:
        stash = [c for i, c in enumerate(stash) if i != action - A.DESTROY_AT]
    elif step == A.SWAP:
        s, rest_code = divmod(action - A.SWAP_AT, 1000)
        q, t = divmod(rest_code, 100)
        stash = [st.stash[q][t] if i == s else c for i, c in enumerate(stash)]
        return _goes_on(st, rest, row, mob, stash, secured, st.tiebreaker, swapped=True)
    else:  # a card secured (`rounds.secure`)
        if step == A.STEAL:
            q, s = divmod(action - A.STEAL_AT, 100)
            card = st.stash[q][s]
        elif step == A.WEAPON:
            card = st.mob[action - A.WEAPON_MOB]
            mob -= 1
            gone = next(c for c in stash if cards[c].type == "weapon")
            stash = [c for c in stash if c != gone]
        elif action >= A.MOB:
            card = st.mob[action - A.MOB]
            mob -= 1
        else:
            card = st.row[action - A.ROW]
            row -= 1
        kind = cards[card].type
        if kind == "wound":
            return True  # who gets it is asked next
        if kind == "governor" and not st.governor_taken and st.tiebreaker != p:
            return True  # the Tie-breaker is offered next
        stash, secured = [*stash, card], card
    return _goes_on(st, rest, row, mob, stash, secured, st.tiebreaker)


def _goes_on(st: StfTable, rest: list[int], row: int, mob: int, stash: list[int],
             secured: int, tie: int, swapped: bool = False) -> bool:
    """After the step, with `row` and `mob` cards left, p's Stash `stash` and `secured` the
    card p secured last (`swapped`: p's Stash swapped a card with another's), the next
    decision comes before any draw (`rounds.advance`)."""
    p = st.turn_actor
    n = st.num_players
    cards = st.data.cards
    weapons = sum(1 for c in stash if cards[c].type == "weapon")
    for step in rest:
        if step in (A.SECURE, A.RICK):
            if row:
                return True  # (Rick's swap or the secure after it)
        elif step == A.SECURE_ANDREA:
            if row or mob:
                return True
        elif step == A.WEAPON:
            if weapons > 0 and mob > 0:
                return True
        elif step == A.STEAL:
            if not swapped and any(st.stash[q] for q in range(n) if q != p):
                return True
        elif step == A.DESTROY:
            if stash:
                return True
        elif step == A.SWAP:
            if not swapped and step_options(st, A.SWAP):
                return True  # (a card secured since only adds swaps)
        elif step == A.ABRAHAM:
            if secured >= 0 and cards[secured].type in ("walker", "walker_horde") and any(
                    d != h for h in st.hand[p] for d in st.discard[p]):
                return True
        else:
            return False  # Michonne's look draws
    if not st.to_act:
        return False  # the clean-up draws
    nxt = min(st.to_act, key=lambda q: st.order_key(q, tie))
    return _turn_opens_with_decision(st.selected[nxt], row)
