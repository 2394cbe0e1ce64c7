"""flick's games as PettingZoo AEC environments; needs the `rl` extra (pettingzoo,
gymnasium). Nothing in flick imports this package.

- `SomethingToFearEnv(players=2, expert=False)`: the card game (flick.cards.something_to_fear);
  agents "player_0".., a `Discrete` action (the engine's dense action ids) with an
  `action_mask`. Module `flick.pettingzoo.something_to_fear`.
- `FlickEnv(scenario=1, ...)`: Flick 'em Up! Dead of Winter (flick.game); agents are the teams,
  the action a continuous `Box`. Module `flick.pettingzoo.flick`.

Both are thin: rules, legality and what a seat sees come from the engines.
"""

from __future__ import annotations

from flick.pettingzoo.flick import FlickEnv
from flick.pettingzoo.something_to_fear import SomethingToFearEnv

__all__ = ["FlickEnv", "SomethingToFearEnv"]
