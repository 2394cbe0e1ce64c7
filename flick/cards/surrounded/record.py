"""A finished Surrounded game in the published JSON form the CLI prints."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flick.cards.surrounded import board

if TYPE_CHECKING:
    from flick.cards.surrounded.state import SurroundedState


def game_record(state: SurroundedState) -> dict[str, Any]:
    """The finished game in the published JSON form (y grows upward, north)."""
    r = state.result()
    cells = [(c, k, "location") for c, k in state.locs.items()]
    cells += [(c, k, "occupant") for c, k in state.occs.items()]
    cells.sort(key=lambda t: (-board.xy(t[0])[1], board.xy(t[0])[0]))
    return {
        "game": "surrounded",
        "seed": state.seed,
        "scenario": state.scenario.number,
        "difficulty": state.difficulty,
        "won": r.won,
        "score": r.score,
        "explores": state.explores,
        "deck": list(reversed(state.deck)),
        "abilities_used": dict(state.used),
        "discarded": list(state.discarded),
        "map": [{"x": board.xy(c)[0], "y": board.xy(c)[1], "card": k, "side": side}
                for c, k, side in cells],
        "locations": [
            {
                "card": loc.card, "x": loc.x, "y": loc.y, "container": loc.container,
                "effect": loc.effect, "surrounded": loc.surrounded, "overrun": loc.overrun,
                "score": loc.score,
                "occupants": [
                    {"type": o.kind, "icons": o.icons, "from_card": o.from_card,
                     "remaining_icons": o.remaining_icons}
                    for o in loc.occupants
                ],
            }
            for loc in r.locations
        ],
    }
