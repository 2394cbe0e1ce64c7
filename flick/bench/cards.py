"""Random-play speed of each card game: decisions per second on one core."""

from __future__ import annotations

import time
from typing import Any

from flick.cards.bots import RandomBot, play_out
from flick.cards.games import GAMES, module


def decisions_per_second(name: str, seconds: float = 2.0) -> float:
    mod = module(name)
    bot = RandomBot(12345)
    decisions = 0
    seed = 0
    start = time.perf_counter()
    while True:
        decisions += play_out(mod.new_state(seed), bot)
        seed += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed


def bench(quick: bool = False) -> dict[str, Any]:
    seconds = 0.5 if quick else 3.0
    return {
        "cards": {
            name: {"decisions_per_s": round(decisions_per_second(name, seconds))}
            for name in GAMES
        }
    }
