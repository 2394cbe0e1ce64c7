"""Rise of the Zombies!: 1-8 survivors race a game clock along a path of Location cards to the
Rescue Helicopter. Modules: `data` (the card data file,
`assets/cards/rise_of_the_zombies.yaml`), `codes` (action codes), `table` (the game state as
plain data: its fields and the queries that read them), whose rules are functions of it in
modules that import it (never the reverse): `decks` (draws), `turn_order` (a Player Turn's
start, who acts next, the end), `zombies` (infestation, zombie turn, wounds), `combat`
(survivors' attacks), `moves` (legal actions and labels), `play` (a survivor's action applied,
movement, Locations) and `turns` (the steps of a turn), calling each other by module; `state`
(the card engine's game made of them: set-up, the engine API, clock and results); `progress`
(the declared field list from which
clone, JSON and the observation are made); `decisions` (the typed decisions inside an action: a
target, a reaction, a heal, a re-roll, ...); `clock` (the real-time clock a front end reads and
feeds to the game), `cardjson` (the card data inside a saved game); `view` (the table as text),
`bots` (random, greedy, cautious, rollout), `search` (the Monte Carlo search bot) and `value`
(its learned position value). The front end, `flick cards rise-of-the-zombies`, is
`flick.cli.rise_of_the_zombies`; bot win rates by difficulty come from
`tools/measure_rise_of_the_zombies.py`.

This package face binds the game together: the bots by name (`BOTS`, `make_bot`) and the
state's text (`view` and `explain`, which import the state, handed to the state class as
`flick.cards.engine.Views`), so neither the state nor a bot imports a module above it."""

from __future__ import annotations

import random
from typing import Any

from flick.cards.bots import RandomBot
from flick.cards.engine import Views
from flick.cards.rise_of_the_zombies import explain, view
from flick.cards.rise_of_the_zombies.bots import CautiousBot, GreedyBot, RolloutBot
from flick.cards.rise_of_the_zombies.search import SearchBot
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies, campaign_points
from flick.errors import FlickError

__all__ = ["BOTS", "RiseOfTheZombies", "campaign_points", "make_bot", "new_state"]

RiseOfTheZombies.views = Views(
    render=view.render,
    glossary=explain.glossary,
    rules_help=lambda st, viewer: explain.rules_help(st),
    outcome=explain.outcome,
    render_fit=view.render_fit,
)

BOTS: dict[str, Any] = {"random": RandomBot, "greedy": GreedyBot, "cautious": CautiousBot,
                        "rollout": RolloutBot, "search": SearchBot}


def make_bot(kind: str, seed: int | random.Random) -> Any:
    """A bot of `kind` with its own seeded generator."""
    if kind not in BOTS:
        raise FlickError(f"unknown bot {kind!r}; known: {', '.join(BOTS)}", exit_code=2)
    return BOTS[kind](seed)


def new_state(seed: int) -> RiseOfTheZombies:
    """A default game: the sample game's four survivors at Standard difficulty, turn clock."""
    return RiseOfTheZombies(seed=seed)

