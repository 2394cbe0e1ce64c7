"""Rise of the Zombies!: 1-8 survivors race a game clock along a path of Location cards to the
Rescue Helicopter.

Modules: `data` (the card data file, `assets/cards/rise_of_the_zombies.yaml`), `codes` (action
codes), `state` (the game state, turn structure, movement, clock, results), with the mixins
`moves` (legal actions and labels), `combat` (survivors' attacks) and `zombies` (infestation,
zombie turn, wounds); `view` (the table as text), `bots`, and `cli` (`flick cards
rise-of-the-zombies`)."""

from __future__ import annotations

from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies, campaign_points

__all__ = ["RiseOfTheZombies", "campaign_points", "new_state"]


def new_state(seed: int) -> RiseOfTheZombies:
    """A default game: the sample game's four survivors at Standard difficulty, turn clock."""
    return RiseOfTheZombies(seed=seed)

