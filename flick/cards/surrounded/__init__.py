"""The Walking Dead: Surrounded (Button Shy), a solitaire map-building card game.

`new_state(seed)` deals a standard game whose scenario is that of the first location drawn;
`SurroundedState(seed, scenario, difficulty)` chooses them. The front end, `flick cards
surrounded`, is `flick.cli.surrounded`. Bots: `flick.cards.surrounded.bots` (greedy, search).
"""

from __future__ import annotations

from flick.cards.surrounded.state import SurroundedState


def new_state(seed: int = 0) -> SurroundedState:
    """A standard-difficulty game set up from `seed` (the first location sets the scenario)."""
    return SurroundedState(seed)



__all__ = ["SurroundedState", "new_state"]
