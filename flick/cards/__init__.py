"""The three card games as text-mode engines with bots.

All share the small engine API of `flick.cards.engine` (in the spirit of OpenSpiel's Python
games): a `State` with `current_player()`, `legal_actions()`, `action_to_string()`,
`apply()`, `is_terminal()`, `returns()`, `render()`, `to_json()` / `from_json()` and
`clone()`. Chance comes only from the seeded generator each state carries.
"""

from flick.cards.engine import GameOverError, IllegalActionError, State

__all__ = ["GameOverError", "IllegalActionError", "State"]
