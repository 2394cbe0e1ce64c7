#!/usr/bin/env python3
"""Win rates of the Rise of the Zombies! bots by difficulty:
`python tools/measure_rise_of_the_zombies.py --bots random,greedy --games 200`.

A game counts as a victory when at least one survivor escapes in the Rescue Helicopter; the
table also gives the share of survivors that escape. Game g of every cell uses seed `seed + g`,
so every bot meets the same shuffles and dice at the start (common random numbers)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from flick.cards.bots import play_out
from flick.cards.rise_of_the_zombies import make_bot
from flick.cards.rise_of_the_zombies.data import DIFFICULTIES, SAMPLE_GROUP
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies


def cell(bot: str, difficulty: str, survivors: tuple[str, ...], games: int,
         seed: int = 0) -> dict[str, Any]:
    """Play `games` bot-only games; returns victories, escaped survivors and the seconds taken
    (wall time, s)."""
    wins = escaped = 0
    t0 = time.perf_counter()
    for g in range(games):
        st = RiseOfTheZombies(list(survivors), difficulty=difficulty, seed=seed + g)
        bots = [make_bot(bot, (seed + g) * 16 + s) for s in range(len(survivors))]
        play_out(st, bots)
        wins += any(st.escaped)
        escaped += sum(st.escaped)
    return {"bot": bot, "difficulty": difficulty, "survivors": len(survivors), "games": games,
            "victories": wins, "victory_rate": wins / games,
            "escaped_rate": escaped / (games * len(survivors)),
            "seconds": round(time.perf_counter() - t0, 1)}


def main(argv: list[str] | None = None) -> int:
    """Print one JSON line per (bot, difficulty) cell as it finishes."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bots", default="random,greedy", help="comma-separated bot kinds")
    p.add_argument("--games", type=int, default=200, help="games per cell")
    p.add_argument("--survivors", default=",".join(SAMPLE_GROUP), help="comma-separated names")
    p.add_argument("--difficulties", default=",".join(DIFFICULTIES))
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    group = tuple(n.strip() for n in args.survivors.split(",") if n.strip())
    for bot in args.bots.split(","):
        for diff in args.difficulties.split(","):
            sys.stdout.write(json.dumps(cell(bot, diff, group, args.games, args.seed)) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
