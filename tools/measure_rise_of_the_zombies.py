#!/usr/bin/env python3
"""Win rates of the Rise of the Zombies! bots by difficulty:
`python tools/measure_rise_of_the_zombies.py --bots random,greedy --games 200`.

A game counts as a victory when at least one survivor escapes in the Rescue Helicopter; the
table also gives the share of survivors that escape. Game g of every cell uses seed `seed + g`,
so every bot meets the same shuffles and dice at the start (common random numbers). The games
run in this process (default), on `--workers N` local processes or on the Dask cluster at
`--scheduler ADDRESS`, with the same counts."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.progress import Progress

from flick.batch import Executor, Serial, add_options, from_args
from flick.cards.bots import play_out
from flick.cards.rise_of_the_zombies import make_bot
from flick.cards.rise_of_the_zombies.data import DIFFICULTIES, SAMPLE_GROUP
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies
from flick.errors import FlickError


def game(task: tuple[str, str, tuple[str, ...], int]) -> tuple[bool, int]:
    """One bot-only game (a task of any flick.batch executor): a victory?, survivors escaped."""
    bot, difficulty, survivors, seed = task
    st = RiseOfTheZombies(list(survivors), difficulty=difficulty, seed=seed)
    bots = [make_bot(bot, seed * 16 + s) for s in range(len(survivors))]
    play_out(st, bots)
    return any(st.escaped), sum(st.escaped)


def cell(bot: str, difficulty: str, survivors: tuple[str, ...], games: int,
         seed: int = 0, executor: Executor | None = None,
         progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play `games` bot-only games (on `executor`, default this process); returns victories,
    escaped survivors and the seconds taken (wall time, s)."""
    wins = escaped = 0
    t0 = time.perf_counter()
    tasks = [(bot, difficulty, survivors, seed + g) for g in range(games)]
    with (executor or Serial()).map(game, tasks, done=progress) as batch:
        for won, out in batch:
            wins += won
            escaped += out
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
    add_options(p, "1: this process")
    args = p.parse_args(argv)
    group = tuple(n.strip() for n in args.survivors.split(",") if n.strip())
    cells = [(bot, diff) for bot in args.bots.split(",") for diff in args.difficulties.split(",")]
    try:
        with from_args(args) as executor, Progress(console=Console(stderr=True),
                                                   transient=True) as bar:
            task = bar.add_task("games", total=len(cells) * args.games)
            for bot, diff in cells:
                row = cell(bot, diff, group, args.games, args.seed, executor,
                           progress=lambda _: bar.advance(task))
                sys.stdout.write(json.dumps(row) + "\n")
                sys.stdout.flush()
    except FlickError as exc:
        print(f"measure_rise_of_the_zombies: error: {exc}", file=sys.stderr)
        return exc.exit_code
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
