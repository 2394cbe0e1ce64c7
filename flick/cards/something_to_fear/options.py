"""What a player of Something to Fear may do now: the legal actions of each phase and turn
step, one action per kind of card (same-kind cards are interchangeable)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.something_to_fear import actions as A

if TYPE_CHECKING:
    from flick.cards.something_to_fear.table import StfTable


def legal(state: StfTable) -> list[int]:
    """The actions of the player to act now."""
    ph = state.phase
    if ph == A.END:
        return []
    p = state.actor
    if state.pending_wound >= 0:
        return [A.GIVE_WOUND + q for q in range(state.num_players) if q != p]
    if state.pending_governor >= 0:
        return [A.DECLINE, A.USE]
    if ph == A.SELECT:
        return sorted(state.hand[p])
    if ph in (A.EUGENE, A.CARL):
        return [A.DECLINE, A.USE]
    if ph == A.MAGGIE:
        ones = firsts(state, state.row)
        return [A.DECLINE] + [
            A.MAGGIE_AT + q * 10 + i for q in range(state.num_players) if q != p for i in ones
        ]
    if ph == A.MAGGIE_REPLY:
        return [A.ROW + i for i in firsts(state, state.row)]
    if ph == A.MAGGIE_WEAPON:
        return [A.DECLINE] + [A.WEAPON_MOB + j for j in firsts(state, state.mob)]
    return [A.DECLINE, *step_options(state, state.steps[0])]


def firsts(state: StfTable, cards: list[int]) -> list[int]:
    """Index of the first card of each kind in `cards` (same-kind cards are interchangeable)."""
    kinds = state.data.kind_ids
    seen: set[int] = set()
    out = []
    for i, c in enumerate(cards):
        k = kinds[c]
        if k not in seen:
            seen.add(k)
            out.append(i)
    return out


def step_options(state: StfTable, step: int) -> list[int]:
    """The non-declining actions of a turn step (empty: the step is skipped)."""
    p = state.turn_actor
    n = state.num_players
    if step == A.SECURE:
        return [A.ROW + i for i in firsts(state, state.row)]
    if step == A.SECURE_ANDREA:
        return [A.ROW + i for i in firsts(state, state.row)] + [
            A.MOB + j for j in firsts(state, state.mob)
        ]
    if step == A.WEAPON:
        if not state.mob or not any(state.data.cards[c].type == "weapon" for c in state.stash[p]):
            return []
        return [A.WEAPON_MOB + j for j in firsts(state, state.mob)]
    if step == A.STEAL:
        return [
            A.STEAL_AT + q * 100 + s
            for q in range(n)
            if q != p
            for s in firsts(state, state.stash[q])
        ]
    if step == A.DESTROY:
        return [A.DESTROY_AT + s for s in firsts(state, state.stash[p])]
    if step == A.SWAP:
        kinds = state.data.kind_ids
        mine = state.stash[p]
        out: list[int] = []
        for s in firsts(state, mine):
            for q in range(n):
                if q == p:
                    continue
                theirs = state.stash[q]
                out.extend(
                    A.SWAP_AT + s * 1000 + q * 100 + t
                    for t in firsts(state, theirs)
                    if kinds[theirs[t]] != kinds[mine[s]]
                )
        return sorted(out)
    if step == A.PEEK:
        return [
            A.PEEK_AT + i * 10 + j
            for i in firsts(state, state.row)
            for j in firsts(state, state.peek)
            if state.data.kind_ids[state.row[i]] != state.data.kind_ids[state.peek[j]]
        ]
    if step == A.RICK:
        kinds = state.data.kind_ids
        return [
            A.RICK_AT + i * 100 + j
            for i in firsts(state, state.row)
            for j in firsts(state, state.mob)
            if kinds[state.row[i]] != kinds[state.mob[j]]
        ]
    if step == A.ABRAHAM:
        if state.last_secured < 0 or state.data.cards[state.last_secured].type not in (
            "walker",
            "walker_horde",
        ):
            return []
        return [
            A.ABRAHAM_AT + h * 10 + d
            for h in state.hand[p]
            for d in sorted(state.discard[p])
            if d != h
        ]
    raise AssertionError(f"unknown step {step}")
