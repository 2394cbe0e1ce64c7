"""Random-play speed of each card game: decisions per CPU second (`time.process_time`) on one
core, over `RUNS` runs of whole games as {"min", "median", "max"}, the games interleaved run
by run (each run plays every game in turn for its share of time), after one untimed game
of each."""

from __future__ import annotations

import time
from typing import Any

from flick.bench.timing import RUNS, spread
from flick.cards.bots import RandomBot, play_out
from flick.cards.games import GAMES, module


def decisions_per_second(name: str, seconds: float = 2.0, first_seed: int = 0) -> float:
    """Random bots' decisions per CPU second in whole games from `first_seed` on, playing
    for at least `seconds` of CPU time."""
    mod = module(name)
    bot = RandomBot(12345)
    decisions = 0
    seed = first_seed
    start = time.process_time()
    while True:
        decisions += play_out(mod.new_state(seed), bot)
        seed += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return decisions / elapsed


def bench(quick: bool = False) -> dict[str, Any]:
    seconds = 0.1 if quick else 0.6
    runs: dict[str, list[float]] = {name: [] for name in GAMES}
    for name in GAMES:  # warm up (first imports, caches): not timed
        play_out(module(name).new_state(0), RandomBot(1))
    for r in range(RUNS):
        for name in GAMES:
            runs[name].append(decisions_per_second(name, seconds, first_seed=1000 * r))
    return {"cards": {name: {"decisions_per_s": spread(found, 0), "runs": RUNS,
                             "cpu_seconds_per_run": seconds}
                      for name, found in runs.items()}}
