"""Rise of the Zombies!: 1-8 survivors race a game clock along a path of Location cards to the
Rescue Helicopter. Modules: `data` (the card data file,
`assets/cards/rise_of_the_zombies.yaml`), `codes` (action codes), `state` (the game state, turn
structure, movement, clock, results), whose rules are functions of the state in `moves` (legal
actions and labels), `combat` (survivors' attacks) and `zombies` (infestation, zombie turn,
wounds), bound to it as methods; `clock` (the real-time clock a front end reads and feeds to the
game), `cardjson` (the card data inside a saved game); `view` (the table as text), `bots`
(random, greedy, cautious, rollout), `search` (the Monte Carlo search bot) and `value` (its
learned position value). The front end, `flick cards rise-of-the-zombies`, is
`flick.cli.rise_of_the_zombies`; bot win rates by difficulty come from
`tools/measure_rise_of_the_zombies.py`."""

from __future__ import annotations

from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies, campaign_points

__all__ = ["RiseOfTheZombies", "campaign_points", "new_state"]


def new_state(seed: int) -> RiseOfTheZombies:
    """A default game: the sample game's four survivors at Standard difficulty, turn clock."""
    return RiseOfTheZombies(seed=seed)

