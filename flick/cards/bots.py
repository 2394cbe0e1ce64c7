"""Bots that can take any seat of any card game.

A bot is anything with `choose(state) -> action`; it must only read what the seat it plays
may see (`state.observation(seat)`, or a `state.determinize(seat, rng)` copy for search).
Game-specific bots (greedy, search) live beside their game.
"""

from __future__ import annotations

import random
from typing import Protocol

from flick.cards.engine import State


class Bot(Protocol):
    name: str

    def choose(self, state: State) -> int: ...


class RandomBot:
    """Uniformly random among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | random.Random = 0) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, state: State) -> int:
        actions = state.legal_actions()
        return actions[self.rng.randrange(len(actions))]


def play_out(state: State, bots: list[Bot] | Bot, max_steps: int = 1_000_000) -> int:
    """Let bots play `state` to the end (in place); returns the number of decisions made."""
    steps = 0
    while not state.is_terminal():
        if steps >= max_steps:
            raise RuntimeError(f"{state.game_name}: no end after {max_steps} decisions")
        seat = state.current_player()
        bot = bots[seat] if isinstance(bots, list) else bots
        state.apply(bot.choose(state))
        steps += 1
    return steps
