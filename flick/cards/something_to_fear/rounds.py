"""Something to Fear: a round: the set-up's deal, the fields a round starts afresh, the automatic
steps between decisions (reveal, on-reveal abilities, the turns in order), securing a card
(the Governor's Tie-breaker, a Wound given away), Michonne's looked-at cards, and clean-up.
Functions of the state (`table.StfTable`) that change it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.engine import TERMINAL
from flick.cards.something_to_fear import actions as A
from flick.cards.something_to_fear import options
from flick.cards.something_to_fear.data import ROUNDS

if TYPE_CHECKING:
    from flick.cards.something_to_fear.table import StfTable


# What `st.deals` asks to be drawn, in order, before anything else happens (`deal`; explicit
# chance only: seeded chance makes the same draws at once): a card of the Encounter deck into
# the row (DEAL_ROW) or to Michonne's look (DEAL_PEEK), player q's next Character (q), the
# card player p's Eugene reveals (DEAL_EUGENE + p), the Tie-breaker holder (DEAL_TIEBREAKER).
DEAL_ROW, DEAL_PEEK, DEAL_TIEBREAKER, DEAL_EUGENE = -1, -2, -3, 100
RESUME = ("advance",)  # what goes on after a draw of the queue: the rest of the queue, then
# `advance` (the engine's resume point: a decision that waits at such a draw goes on from
# there, not from its start), for every `deal` is followed by `advance` or made inside it


def setup(st: StfTable, tiebreaker: int | None) -> None:
    """The set-up's chance (the same generator calls, in the same order, as ever). Explicit
    chance asks for the draws (`deal`, as `advance` starts: resume points); seeded chance
    makes them at once."""
    n = st.num_players
    explicit = st.explicit_chance
    # Set-up 2-3: the cards marked for this player count, shuffled (top = end of list).
    st.chance_shuffle(st.deck)
    deals = [DEAL_ROW] * (n + 1)
    if not explicit:
        st.row = [deck_draw(st) for _ in range(n + 1)]
    # Set-up 6: each player's nine Characters, shuffled; draw three (expert: all nine).
    for q in range(n):
        chars = list(range(1, 10))
        st.chance_shuffle(chars)
        if st.expert and explicit:
            st.hand[q] = chars  # all nine: nothing left to chance
            continue
        take = 9 if st.expert else 3
        if explicit:
            deals += [q] * take
        else:
            label = f"player {q + 1} draws a Character"
            st.hand[q] = sorted(st.chance_draw(chars, label=label) for _ in range(take))
        st.char_deck[q] = chars
    # Set-up 7: the Tie-breaker (the rulebook's "most recent comic reader": drawn at random).
    if tiebreaker is None:
        if explicit:
            deals.append(DEAL_TIEBREAKER)
        else:
            st.tiebreaker = st.chance_pick(list(range(n)), "the Tie-breaker holder")
    if explicit:
        st.deals = deals
        deal(st)
    advance(st)


def deal(st: StfTable) -> None:
    """Draw what `st.deals` asks for (explicit chance), in order. Each draw is made before its
    request leaves the queue, so that a state waiting for the draw's chance outcome is whole
    and the decision goes on from it (`RESUME`). The draws are made here, not through calls
    of their own: at a chance node the rules wait (the engine's exception) and go on from
    here, so every frame between costs at each node."""
    deals = st.deals
    while deals:
        what = deals[0]
        # the top Encounter card, as `deck_draw` (two comparisons: cheaper than `in`)
        if what == DEAL_ROW or what == DEAL_PEEK:  # noqa: SIM109
            if st.deck_fixed > 0:
                st.deck_fixed -= 1
                card = st.deck.pop()
            else:
                card = st.chance_draw(st.deck, st.data.kind_ids, "the next Encounter card",
                                      RESUME)
            (st.row if what == DEAL_ROW else st.peek).append(card)
        elif what == DEAL_TIEBREAKER:
            st.tiebreaker = st.chance_pick(list(range(st.num_players)),
                                           "the Tie-breaker holder", RESUME)
        elif what >= DEAL_EUGENE:
            p = what - DEAL_EUGENE
            card = st.chance_draw(st.discard[p],
                                  label=f"player {p + 1}'s Eugene reveals a card",
                                  resume=RESUME)
            st.eugene_card[p] = card
            st.number[p] = card  # a revealed Eugene acts as #1 with no second reveal
        else:
            hand = st.hand[what]
            hand.append(st.chance_draw(st.char_deck[what], None,
                                       f"player {what + 1} draws a Character", RESUME))
            hand.sort()
        deals.pop(0)


def deck_draw(st: StfTable) -> int:
    """The top Encounter card: a set one (Michonne's) or, below them, chance's (explicit
    chance draws it through `deal` only, which makes the same draw: a resume point)."""
    if st.deck_fixed > 0:
        st.deck_fixed -= 1
        return st.deck.pop()
    return st.chance_draw(st.deck, st.data.kind_ids,
                            "the next Encounter card", RESUME)


def new_round_fields(st: StfTable) -> None:
    """The fields a round starts afresh."""
    n = st.num_players
    st.selected = [0] * n  # the Character card played (0: not yet chosen)
    st.number = [0] * n  # the number it acts as (Eugene: the revealed card's)
    st.eugene_card = [0] * n  # the card Eugene revealed from the discard pile
    st.reversed = False
    st.governor_taken = False
    st.queue = []  # seats still to decide an on-reveal ability
    st.to_act = []  # seats still to take their turn
    st.steps = []  # remaining steps of the current turn
    st.peek = []  # cards Michonne is looking at
    st.turn_actor = -1
    st.pending_wound = -1  # a Wound secured and not yet given away
    st.pending_governor = -1  # seat that secured the first Governor: take the Tie-breaker?
    st.last_secured = -1
    st.maggie = -1
    st.maggie_target = -1


def secure(st: StfTable, p: int, card: int) -> None:
    """Put `card` into p's Stash as "securing" (Governor and Wound rules apply)."""
    st.last_secured = card
    kind = st.data.cards[card].type
    if kind == "wound":
        st.pending_wound = card  # "give it to another player instead"
        st.actor = p
        return
    st.stash[p].append(card)
    if kind == "governor" and not st.governor_taken:
        st.governor_taken = True
        if st.tiebreaker != p:  # "they can immediately take the Tie-breaker card"
            st.pending_governor = p
            st.actor = p


def target_secures(st: StfTable, q: int, card: int) -> None:
    """Maggie's opponent `q` secures `card` outside their turn; a Weapon may be used at
    once (its own window), else q goes on to choose Maggie's card."""
    weapon = st.data.cards[card].type == "weapon"
    st.phase = A.MAGGIE_WEAPON if weapon and st.mob else A.MAGGIE_REPLY
    secure(st, q, card)


def return_peek(st: StfTable, p: int, replaced: int | None) -> None:
    """Michonne's looked-at cards go back on top of the deck in their order, the
    replaced row card (if any) above them."""
    looked = len(st.peek)
    st.deck.extend(reversed(st.peek))
    st.peek = []
    if replaced is not None:
        st.deck.append(replaced)
        looked += 1
        # The replaced card was face-up, so everyone knows the top card; what others knew
        # below it is dropped (a known-prefix count cannot hold a gap).
        mine = st.deck_known[p]
        st.deck_known = [1] * st.num_players
        st.deck_known[p] = mine
    # the looker knows the returned cards (`looked` of them either way) and what lay below
    st.deck_known[p] = max(st.deck_known[p], looked)
    st.deck_fixed += looked  # back on top in a set order: no longer chance's


def start_turns(st: StfTable, skip: tuple[int, ...]) -> None:
    """The turns begin: every player takes one but those in `skip` (Maggie's exchange)."""
    st.phase = A.TURN
    st.to_act = [q for q in range(st.num_players) if q not in skip]
    st.steps = []
    st.turn_actor = -1


def reveal(st: StfTable) -> None:
    """All have chosen: reveal, then queue the on-reveal decisions."""
    n = st.num_players
    st.number = list(st.selected)
    for q in range(n):
        if st.selected[q] in st.known_hand[q]:  # now face-up: no longer "in hand"
            st.known_hand[q].remove(st.selected[q])
    by_tie = sorted(range(n), key=lambda q: (q - st.tiebreaker) % n)
    st.queue = [q for q in by_tie if st.selected[q] == 1 and st.discard[q]]
    for q in by_tie:
        if st.selected[q] == 1 and not st.discard[q]:
            st.number[q] = 1  # nothing to reveal: Eugene acts as #1
    st.phase = A.EUGENE


def advance(st: StfTable) -> None:
    """Run the automatic steps until a player must decide (or the game ends)."""
    n = st.num_players
    while True:
        ph = st.phase
        if ph == A.SELECT:
            waiting = [q for q in range(n) if not st.selected[q]]
            if waiting:
                st.actor = waiting[0]
                return
            reveal(st)
        elif ph == A.EUGENE:
            if st.queue:
                st.actor = st.queue[0]
                return
            by_tie = sorted(range(n), key=lambda q: (q - st.tiebreaker) % n)
            # Carl played (not a Carl that Eugene revealed: he gets only its number)
            st.queue = [q for q in by_tie if st.selected[q] == 3]
            st.phase = A.CARL
        elif ph == A.CARL:
            if st.queue and not st.reversed:
                st.actor = st.queue[0]
                return
            st.queue = []
            lowest = min(st.number)
            holders = [q for q in range(n) if st.number[q] == lowest]
            if lowest == 4 and len(holders) == 1 and st.selected[holders[0]] == 4:
                st.phase = A.MAGGIE
                st.actor = holders[0]
                return
            start_turns(st, skip=())
        elif ph == A.TURN:
            if st.steps:
                step = st.steps[0]
                if step == A.PEEK and not st.peek and st.deck:
                    if st.explicit_chance:  # asked for (`deal`: resume points)
                        st.deals = [DEAL_PEEK] * min(3, len(st.deck))
                        deal(st)
                    else:
                        st.peek = [deck_draw(st) for _ in range(min(3, len(st.deck)))]
                if options.step_options(st, step):
                    st.actor = st.turn_actor
                    return
                if step == A.PEEK:
                    return_peek(st, st.turn_actor, None)
                st.steps.pop(0)
                continue
            if st.to_act:
                nxt = min(st.to_act, key=st.order_key)
                st.to_act.remove(nxt)
                st.turn_actor = nxt
                st.last_secured = -1
                # the steps of the Character played: Eugene keeps his own (see the readings)
                st.steps = list(A.TURN_STEPS[st.selected[nxt]])
                continue
            cleanup(st)
            if st.deals:
                deal(st)
        else:  # END, or a decision the last action set up (Maggie's exchange)
            return


def cleanup(st: StfTable) -> None:
    """Remaining enemies escape to the Mob; discard, draw, refill (not after round 9). The
    draws: explicit chance asks for them (`deal`, as `advance` goes on: resume points),
    seeded chance makes them at once (the same draws in the same order)."""
    n = st.num_players
    explicit = st.explicit_chance
    st.mob.extend(st.row)
    st.row = []
    deals = []
    for q in range(n):
        st.discard[q].append(st.selected[q])
        if st.eugene_card[q]:
            st.discard[q].append(st.eugene_card[q])
        if st.char_deck[q]:
            if explicit:
                deals.append(q)
                continue
            label = f"player {q + 1} draws a Character"  # (as `deal`, at once)
            st.hand[q].append(st.chance_draw(st.char_deck[q], label=label))
            st.hand[q].sort()
    if st.round >= ROUNDS:
        st.deals = deals
        st.phase = A.END
        st.actor = TERMINAL
        return
    draw = min(n + 1, len(st.deck))
    if explicit:
        st.deals = deals + [DEAL_ROW] * draw
    else:
        st.row = [deck_draw(st) for _ in range(draw)]
    st.deck_known = [max(0, k - draw) for k in st.deck_known]
    st.round += 1
    new_round_fields(st)
    st.phase = A.SELECT
