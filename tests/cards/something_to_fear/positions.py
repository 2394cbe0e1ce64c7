"""Snapshots of random games of Something to Fear, shared by the view and bot tests."""

from __future__ import annotations

from flick.cards.bots import RandomBot
from flick.cards.something_to_fear.state import StfState


def positions(seed: int, n: int = 4, expert: bool = False, every: int = 9) -> list[StfState]:
    """Snapshots of a random game, one every `every` decisions."""
    s = StfState(n, seed=seed, expert=expert)
    bot = RandomBot(seed)
    out = []
    k = 0
    while not s.is_terminal():
        if k % every == 0:
            out.append(s.clone())
        s.apply(bot.choose(s))
        k += 1
    return out
