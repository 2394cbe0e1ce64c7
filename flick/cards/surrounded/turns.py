"""Surrounded: an action done and the steps that follow by themselves: Explore or Occupy, a card
placed, the spawn, an ability used (Look, Burn, Move), the map re-centred, the end of a turn
and of the game; every step with a single possible action is taken at once (`auto`).
Functions of the state (`table.SurroundedTable`) that change it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.surrounded import board, options
from flick.cards.surrounded.actions import (
    ABILITY,
    BURN,
    CELLS,
    CHOOSE,
    EXPLORE,
    LOCATION,
    LOOK_BOTTOM,
    LOOK_TOP,
    MOVE,
    OCCUPANT,
    OVER,
    PLACE,
    SKIP,
    SPAWN,
)

if TYPE_CHECKING:
    from flick.cards.surrounded.table import SurroundedTable


def auto(st: SurroundedTable) -> None:
    """Take every step that has a single possible action; end the game if none has any."""
    while st.phase != OVER:
        if st.phase == ABILITY:
            abilities = options.available_abilities(st)
            if not abilities:
                end_turn(st)
                continue
            if st.deck and (
                "look" in abilities
                or (
                    "burn" in abilities
                    and len(st.locs) + len(st.occs) > 1
                    and not st.burned
                )
            ):
                # SKIP and at least one use: a real decision; list the actions lazily
                # (a map of 2+ cards always has a card whose removal keeps it whole,
                # and no card has been burned yet)
                st.legal_cache = None
                return
        legal = options.legal(st)
        if len(legal) > 1:
            st.legal_cache = legal
            return
        if not legal:
            stalled(st)
            continue
        if st.events is not None:
            st.events.append("forced: " + st.action_to_string(legal[0]))
        do(st, legal[0])
    st.legal_cache = []


def stalled(st: SurroundedTable) -> None:
    """No action at all: a card that cannot be placed is discarded with the rest of the
    deck (Explore's spawn, the last card), or the ability step has nothing to offer."""
    if st.phase == ABILITY:
        end_turn(st)
        return
    if st.events is not None:
        what = {CHOOSE: "no card can be placed", SPAWN: "the spawned occupants fit nowhere",
                OCCUPANT: "the last card fits nowhere"}.get(st.phase, "nothing fits")
        st.events.append(f"{what}: discard the rest of the deck {list(reversed(st.deck))}")
    st.discarded.extend(reversed(st.deck))
    st.deck.clear()
    st.known.clear()
    finish(st)


def draw(st: SurroundedTable) -> int:
    """The top card of the deck, taken (no longer a known deck card)."""
    card = st.deck.pop()
    st.known.discard(card)
    return card


def do(st: SurroundedTable, action: int) -> None:
    """The player's `action` in the step in progress: Explore or Occupy, a card placed, an
    ability used or skipped."""
    p = st.phase
    if p == CHOOSE:
        st.turn += 1
        if action == EXPLORE:
            st.explores += 1
            st.phase = LOCATION
        else:
            st.phase = OCCUPANT
        return
    if p == LOCATION:
        cell = action - PLACE
        st.locs[cell] = draw(st)
        st.map_changed()
        if not st.deck:  # nothing left to spawn: the deck is empty, the game ends
            end_turn(st)
            return
        st.anchor = cell
        enter_spawn(st)
        return
    if p in (SPAWN, OCCUPANT):
        cell = action - PLACE
        st.occs[cell] = draw(st)
        st.map_changed()
        if st.turn == 0:  # the set-up spawn: no ability
            end_turn(st)
            return
        st.placed = cell
        st.phase = ABILITY
        return
    # ABILITY
    if action != SKIP:
        use_ability(st, action)
    end_turn(st)


def enter_spawn(st: SurroundedTable) -> None:
    """The spawn step: the next card goes next to the anchor location."""
    st.phase = SPAWN


def use_ability(st: SurroundedTable, action: int) -> None:
    """Look at the top or bottom card, Burn a card to the top or bottom of the deck, or Move
    an occupant card (the ability step's `action`)."""
    st.map_changed()
    if action in (LOOK_TOP, LOOK_BOTTOM):
        st.used["look"] += 1
        if action == LOOK_TOP:
            st.looked = ("top", st.deck[-1])
        else:
            st.looked = ("bottom", st.deck[0])
            st.known.add(st.deck[0])
    elif action >= BURN:
        st.used["burn"] += 1
        v = action - BURN
        cell, bottom = v >> 1, v & 1
        card = st.locs.pop(cell, None)
        if card is None:
            card = st.occs.pop(cell)
        st.burned.add(card)
        if bottom:
            st.deck.insert(0, card)
        else:
            st.deck.append(card)
        if len(st.deck) > 1:
            st.known.add(card)  # the player put it there
        recentre(st)
    else:
        st.used["move"] += 1
        v = action - MOVE
        src, dst = v >> 16, v & (CELLS - 1)
        st.occs[dst] = st.occs.pop(src)


def recentre(st: SurroundedTable) -> None:
    """Shift a map that drifted far from the origin back around it (after a Burn)."""
    shift = board.translation_needed(list(st.locs) + list(st.occs))
    if shift:
        st.locs = {c + shift: k for c, k in st.locs.items()}
        st.occs = {c + shift: k for c, k in st.occs.items()}


def end_turn(st: SurroundedTable) -> None:
    """The turn ends: the next one, or the end of the game when the deck is empty."""
    st.placed = None
    if not st.deck:
        finish(st)
    else:
        st.phase = CHOOSE


def finish(st: SurroundedTable) -> None:
    """The game is over (its end is resolved when asked: `SurroundedTable.result`)."""
    st.phase = OVER
    st.placed = None
    st.result_cache = None
