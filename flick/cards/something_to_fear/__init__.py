"""The Walking Dead: Something to Fear, in the terminal, for 2-6 players, with bots.

- `data`: the card data file (`assets/cards/something_to_fear.yaml`), checked on load;
- `table.StfTable`: the state as plain data (its fields and the queries that read them);
- the rules, functions of it in modules that import it (never the reverse): `options` (the
  legal actions of each phase), `rounds` (set-up, securing, the reveal and the turns of a
  round, clean-up) and `play` (an action applied); `progress` (the declared field list of
  copies and saves);
- `state.StfState`: the game made of them, as a `flick.cards.engine.State`;
- `scoring`: game-end damage, death and scoring;
- `view`: what each player may see (text, data, determinization);
- `bots`: greedy and information-set Monte Carlo search bots.

The front end, `flick cards something-to-fear`, is `flick.cli.something_to_fear`. The
state's text (`view.render`, `explain`) is handed to the state class by this package face
(`flick.cards.engine.Views`): the text modules import the state, never the reverse.
"""

from __future__ import annotations

from flick.cards.engine import Views
from flick.cards.something_to_fear import explain, view
from flick.cards.something_to_fear.state import StfState

StfState.views = Views(
    render=view.render,
    glossary=explain.glossary,
    rules_help=lambda state, viewer: explain.rules_help(state),
    outcome=explain.outcome,
)

__all__ = ["StfState", "new_state"]


def new_state(seed: int) -> StfState:
    """The default game for the generic tests and the benchmark: 4 players, standard rules."""
    return StfState(num_players=4, seed=seed)

