"""The three card games as text-mode engines with bots.

All share the small engine API of `flick.cards.engine` (in the spirit of OpenSpiel's Python
games): a `State` with `current_player()`, `legal_actions()`, `action_to_string()`,
`apply()`, `is_terminal()`, `returns()`, `render()`, `to_json()` / `from_json()` and
`clone()`. Chance comes only from the seeded generator each state carries.

Layout: `engine` (the API), `bots` (bots and play-out for any card game), `games` (name ->
game package); one package per game (`surrounded`, `something_to_fear`,
`rise_of_the_zombies`) holding its data loader, rules, view and bots. The package stands
alone: the terminal front ends are in `flick.cli` (`cards`, `surrounded`, `something_to_fear`,
`rise_of_the_zombies`, `terminal`) and the speed benchmark in `flick.bench.cards`.
"""

from flick.cards.engine import GameOverError, IllegalActionError, State

__all__ = ["GameOverError", "IllegalActionError", "State"]
