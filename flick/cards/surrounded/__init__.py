"""The Walking Dead: Surrounded (Button Shy), a solitaire map-building card game.

`new_state(seed)` deals a standard game whose scenario is that of the first location drawn;
`SurroundedState(seed, scenario, difficulty)` chooses them. The front end, `flick cards
surrounded`, is `flick.cli.surrounded`. Bots: `flick.cards.surrounded.bots` (greedy, search).

The state is plain data, `table.SurroundedTable` (its fields and the queries that read them);
the rules are functions of it in modules that import it, never the reverse: `options` (the
legal actions) and `turns` (an action done, the forced steps, the end); `state.SurroundedState`
is the engine's game made of them (set-up, the engine API, copies and saves).

The state's text (the table, the glossary, the rules help, the outcome) is made by `render`
and `explain`, which import the state; this package face gives them to the state class
(`flick.cards.engine.Views`), so the state imports no view.
"""

from __future__ import annotations

from flick.cards.engine import Views
from flick.cards.surrounded import explain, render
from flick.cards.surrounded.state import SurroundedState

SurroundedState.views = Views(
    render=render.render_state,
    glossary=lambda state, viewer: explain.glossary(state),
    rules_help=lambda state, viewer: explain.rules_help(state),
    outcome=explain.outcome,
    render_fit=render.render_state,
)


def new_state(seed: int = 0) -> SurroundedState:
    """A standard-difficulty game set up from `seed` (the first location sets the scenario)."""
    return SurroundedState(seed)


__all__ = ["SurroundedState", "new_state"]
