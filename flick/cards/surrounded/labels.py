"""What a Surrounded state's actions and headline say, in the rulebook's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.surrounded import board
from flick.cards.surrounded.actions import (
    BURN,
    CELLS,
    EXPLORE,
    LOCATION,
    LOOK_BOTTOM,
    LOOK_TOP,
    MOVE,
    OCCUPANT,
    OCCUPY,
    PLACE,
    SKIP,
    SPAWN,
)

if TYPE_CHECKING:
    from flick.cards.surrounded.state import SurroundedState


def where(state: SurroundedState, cell: int) -> str:
    """A cell as (x,y) and the cards beside it."""
    x, y = board.xy(cell)
    near = []
    for d in range(4):
        n = cell + board.STEP[d]
        k = state.locs.get(n) or state.occs.get(n)
        if k is not None:
            near.append(f"{board.DIR_NAMES[board.OPPOSITE[d]]} of #{k}")
    return f"({x},{y})" + (f" {', '.join(near[:2])}" if near else "")


def action_to_string(state: SurroundedState, action: int) -> str:
    if action == EXPLORE:
        return "Explore (place the top card as a location, then spawn a Walker)"
    if action == OCCUPY:
        return "Occupy (flip the top card to its occupants and place it)"
    if action == SKIP:
        return "No ability this turn"
    if action == LOOK_TOP:
        return "Look: peek at the top card of the deck"
    if action == LOOK_BOTTOM:
        return "Look: peek at the bottom card of the deck"
    if action >= BURN:
        v = action - BURN
        cell, bottom = v >> 1, v & 1
        k = state.locs.get(cell) or state.occs.get(cell)
        side = "location" if cell in state.locs else "occupants"
        return f"Burn: return #{k} ({side}) at {where(state, cell)} to the " + (
            "bottom of the deck" if bottom else "top of the deck"
        )
    if action >= MOVE:
        v = action - MOVE
        src, dst = v >> 16, v & (CELLS - 1)
        sx, sy = board.xy(src)
        k = state.occs.get(src)
        return f"Move: occupant card #{k} from ({sx},{sy}) to {where(state, dst)}"
    if action >= PLACE:
        cell = action - PLACE
        what = {LOCATION: "location", SPAWN: "spawned occupants", OCCUPANT: "occupants"}.get(
            state.phase, "card"
        )
        top = state.deck[-1] if state.deck else "?"
        return f"Place #{top} ({what}) at {where(state, cell)}"
    return f"action {action}"


def headline(state: SurroundedState) -> str:
    sc = state.scenario
    return (f"Scenario {sc.number} {sc.name} ({state.difficulty}) | deck {len(state.deck)} | "
            f"Explores {state.explores}")
