"""`flick bench` section `game`: how fast whole bot games of Flick 'em Up! run headless.

Figures: for each of scenarios 1-4, the median seconds per game (heuristic bots on every
seat), and over all of them the inputs applied per second and the share of time spent in
the bots' decisions (the rest is rules and physics).
"""

from __future__ import annotations

import statistics
import time
from typing import Any


def bench(quick: bool) -> dict[str, Any]:
    from flick.game.bots.five_to_ten import HeuristicBot
    from flick.game.game import Game
    from flick.scenario import load

    seeds = range(2) if quick else range(5)
    per_scenario: dict[str, float] = {}
    inputs = 0
    total = 0.0
    thinking = 0.0
    for number in (1, 2, 3, 4):
        scenario = load(number)
        times = []
        for seed in seeds:
            start = time.perf_counter()
            game = Game(scenario, seed)
            bot = HeuristicBot(seed)
            while not game.over:
                t0 = time.perf_counter()
                inp = bot.decide(game)
                thinking += time.perf_counter() - t0
                game.apply(inp)
            elapsed = time.perf_counter() - start
            times.append(elapsed)
            inputs += len(game.inputs)
            total += elapsed
        per_scenario[f"s{number}"] = round(statistics.median(times), 3)
    return {"game": {"game_s": per_scenario,
                     "inputs_per_s": round(inputs / total, 1),
                     "bot_share": round(thinking / total, 3)}}
