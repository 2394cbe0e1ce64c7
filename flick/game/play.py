"""Playing a whole game with bots, and re-running a game from its recorded inputs."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from flick.game.bots.five_to_ten import HeuristicBot
from flick.game.game import Game
from flick.game.inputs import Input, input_from_json

MAX_INPUTS = 5000  # a safety net against a bot game that never ends


def play(scenario: Any, seed: int, bots: str = "heuristic",
         on_input: Callable[[Game, Input], None] | None = None, *,
         players: dict[str, int] | None = None, dangerous: bool = False) -> Game:
    """Bots play every seat of `scenario` from `seed` to the end; returns the finished game.
    `players` per team (S9-S10: 3-5 each), `dangerous` the variant "Dangerous days and
    nights"."""
    if bots != "heuristic":
        raise ValueError(f"unknown bots {bots!r}; known: heuristic")
    game = Game(scenario, seed, players=players, dangerous=dangerous)
    bot = HeuristicBot(seed, params=game.board.params)
    for _ in range(MAX_INPUTS):
        if game.over:
            break
        inp = bot.decide(game)
        game.apply(inp)
        if on_input is not None:
            on_input(game, inp)
    else:
        raise RuntimeError(f"scenario {scenario.number} seed {seed}: no end after "
                           f"{MAX_INPUTS} inputs")
    return game


def replay_inputs(scenario: Any, seed: int, inputs: Iterable[Input | dict[str, Any]]) -> Game:
    """Re-run a game from its scenario, seed and inputs; gives the same game bit for bit."""
    game = Game(scenario, seed)
    for inp in inputs:
        game.apply(inp if isinstance(inp, Input) else input_from_json(inp))
    return game
