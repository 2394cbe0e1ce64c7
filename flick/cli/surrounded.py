"""`flick cards surrounded`: play Surrounded in the terminal, or let a bot play, or tabulate.

    flick cards surrounded [--scenario N] [--difficulty D]          you play
    flick cards surrounded --bot search                             watch a bot play one game
    flick cards surrounded --bot greedy --games 100 --seed 0 --json one JSON object per game
    flick cards surrounded --analyze --games 20                     18 x 3 table, search bot

Game JSON (one line per game): game, seed, scenario, difficulty, won, score, explores, deck,
abilities_used {move, look, burn}, discarded, map [{x, y, card, side}], locations [{card, x, y,
container, effect, surrounded, overrun, score, occupants [{type, icons, from_card,
remaining_icons}]}]; y grows upward (north). After the games a last line {"summary": ...}.
Progress bars and tables go to stderr when --json is given, so stdout stays JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from flick.errors import FlickError

BOTS = ("random", "greedy", "search")
DIFFS = ("standard", "hard", "expert")


def make_bot(name: str, seed: int, budget: int) -> Any:
    """A bot by name, seeded (search: `budget` rollouts per decision)."""
    from flick.cards.bots import RandomBot
    from flick.cards.surrounded.bots import GreedyBot, SearchBot

    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    return SearchBot(seed, budget=budget)


def play_game(seed: int, scenario: int | None, difficulty: str, bot: str, budget: int) -> Any:
    """One game played to the end by `bot`; the bot's seed is derived from the game's."""
    from flick.cards.bots import play_out
    from flick.cards.surrounded.state import SurroundedState

    state = SurroundedState(seed, scenario=scenario, difficulty=difficulty)
    play_out(state, make_bot(bot, seed * 7919 + 17, budget))
    return state


def _record(task: tuple[int, int | None, str, str, int]) -> dict[str, Any]:
    return play_game(*task).game_record()


def records(tasks: list[tuple[int, int | None, str, str, int]], jobs: int,
            advance: Any, scheduler: str | None = None) -> Any:
    """Game records of (seed, scenario, difficulty, bot, budget) tasks, in order; `jobs`
    worker processes, or the Dask cluster at `scheduler` (each game depends only on its
    task, so the results are the same)."""
    from flick.batch import open_executor

    with open_executor(scheduler, None if jobs == 1 else jobs) as executor, \
            executor.map(_record, tasks, done=lambda _: advance()) as batch:
        yield from batch


def _progress(console: Any) -> Any:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), TimeRemainingColumn(), console=console, transient=False,
    )


def summarise(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Win rate, mean/min/max score and abilities used over finished games."""
    n = len(records)
    scores = [r["score"] for r in records]
    return {
        "games": n,
        "wins": sum(r["won"] for r in records),
        "win_rate": round(sum(r["won"] for r in records) / n, 4) if n else 0.0,
        "mean_score": round(sum(scores) / n, 3) if n else 0.0,
        "min_score": min(scores, default=0),
        "max_score": max(scores, default=0),
        "mean_explores": round(sum(r["explores"] for r in records) / n, 3) if n else 0.0,
        "abilities_used": {
            k: sum(r["abilities_used"][k] for r in records) for k in ("move", "look", "burn")
        },
    }


def run_games(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    err = Console(stderr=True)
    console = err if args.json else Console()
    done: list[dict[str, Any]] = []
    with _progress(err) as progress:
        task = progress.add_task(f"{args.bot} plays", total=args.games)
        tasks = [(args.seed + i, args.scenario, args.difficulty, args.bot, args.budget)
                 for i in range(args.games)]
        for rec in records(tasks, args.jobs, lambda: progress.advance(task), args.scheduler):
            done.append(rec)
            if args.json:
                sys.stdout.write(json.dumps(rec) + "\n")
                sys.stdout.flush()
    summary = summarise(done)
    summary.update(bot=args.bot, seed=args.seed, difficulty=args.difficulty,
                   scenario=args.scenario)
    if args.json:
        sys.stdout.write(json.dumps({"summary": summary}) + "\n")
    table = Table(title=f"Surrounded: {args.games} game(s), bot {args.bot}")
    for col in ("games", "wins", "win rate", "mean score", "min", "max", "explores/game"):
        table.add_column(col, justify="right")
    table.add_row(str(summary["games"]), str(summary["wins"]), f"{summary['win_rate']:.1%}",
                  f"{summary['mean_score']:.2f}", str(summary["min_score"]),
                  str(summary["max_score"]), f"{summary['mean_explores']:.2f}")
    console.print(table)
    return 0


def analyze(args: argparse.Namespace) -> int:
    """Every scenario x difficulty, `--games` games each, seeds S..S+K-1."""
    from rich.console import Console
    from rich.table import Table

    from flick.cards.surrounded.scenarios import SCENARIOS

    err = Console(stderr=True)
    console = err if args.json else Console()
    rows: dict[int, dict[str, dict[str, float]]] = {}
    scenarios = [args.scenario] if args.scenario else sorted(SCENARIOS)
    with _progress(err) as progress:
        task = progress.add_task(f"{args.bot} bot, {len(scenarios)} x 3",
                                 total=len(scenarios) * 3 * args.games)
        tasks = [(args.seed + i, n, d, args.bot, args.budget)
                 for n in scenarios for d in DIFFS for i in range(args.games)]
        games = list(records(tasks, args.jobs, lambda: progress.advance(task), args.scheduler))
    for n in scenarios:
        rows[n] = {}
        for d in DIFFS:
            mine = [g for g in games if g["scenario"] == n and g["difficulty"] == d]
            rows[n][d] = {"win_rate": round(sum(g["won"] for g in mine) / len(mine), 4),
                          "mean_score": round(sum(g["score"] for g in mine) / len(mine), 3)}
    if args.json:
        out = {"bot": args.bot, "games": args.games, "seed": args.seed, "budget": args.budget,
               "scenarios": {str(n): rows[n] for n in rows}}
        sys.stdout.write(json.dumps(out) + "\n")
    table = Table(title=f"Surrounded, {args.bot} bot: win rate / mean score over "
                        f"{args.games} game(s) per cell")
    table.add_column("scenario")
    for d in DIFFS:
        table.add_column(d, justify="right")
    for n in rows:
        table.add_row(f"{n:>2}. {SCENARIOS[n].name}",
                      *(f"{rows[n][d]['win_rate']:.0%} / {rows[n][d]['mean_score']:+.1f}"
                        for d in DIFFS))
    console.print(table)
    return 0


def active_player(state: Any, players: int) -> int:
    """Whose turn it is (0-based) when `players` people share the game: the set-up spawn and
    turn 1 are the first player's, then the deck passes clockwise."""
    from flick.cards.surrounded.state import CHOOSE

    done = state.turn if state.phase == CHOOSE else max(state.turn - 1, 0)
    return done % players


def play_interactive(args: argparse.Namespace, read: Any = input, out: Any = None) -> int:
    """One game at the terminal: people (taking turns, `--players`) or a bot to watch."""
    from flick.cards.surrounded.state import SurroundedState
    from flick.cli import terminal

    out = out or sys.stdout
    ask = read

    def read_or_quit(prompt: str) -> str:
        try:
            return ask(prompt)
        except EOFError:
            raise terminal.input_closed() from None

    read = read_or_quit
    state = SurroundedState(args.seed, scenario=args.scenario, difficulty=args.difficulty)
    state.events = []
    if args.bot is not None:
        terminal.play(state, [make_bot(args.bot, args.seed * 7919 + 17, args.budget)], out=out)
    else:  # one shared solitaire game; the deck passes clockwise, one turn per player
        terminal.play(state, [None], read=read, out=out,
                      player_of=lambda s: active_player(s, args.players))
    if args.json:
        out.write(json.dumps(state.game_record()) + "\n")
    return 0


def play_tui(args: argparse.Namespace) -> int:
    """One game full screen (`flick.cli.tui`): you, or the --bot to watch."""
    from flick.cards.surrounded.state import SurroundedState
    from flick.cli import tui

    state = SurroundedState(args.seed, scenario=args.scenario, difficulty=args.difficulty)
    bot = None if args.bot is None else make_bot(args.bot, args.seed * 7919 + 17, args.budget)
    tui.run(state, [bot], title="The Walking Dead: Surrounded")
    return 0


def _handler(args: argparse.Namespace) -> int:
    if args.scenario is not None and not 1 <= args.scenario <= 18:
        raise FlickError(f"--scenario must be 1-18, not {args.scenario}", exit_code=2)
    if args.games is not None and args.games < 1:
        raise FlickError(f"--games must be at least 1, not {args.games}", exit_code=2)
    if not 1 <= args.players <= 8:
        raise FlickError(f"--players must be 1-8, not {args.players}", exit_code=2)
    if args.jobs < 1:
        raise FlickError(f"--jobs must be at least 1, not {args.jobs}", exit_code=2)
    if args.budget < 1:
        raise FlickError(f"--budget must be at least 1, not {args.budget}", exit_code=2)
    if args.tui:
        if args.games is not None or args.json or args.analyze or args.players != 1:
            raise FlickError("--tui plays one game for one person; drop --games, --json, "
                             "--analyze and --players", exit_code=2)
        return play_tui(args)
    if args.analyze:
        args.bot = args.bot or "search"
        args.games = args.games or 10
        return analyze(args)
    if args.games is not None:
        args.bot = args.bot or "random"
        return run_games(args)
    return play_interactive(args)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "surrounded",
        help="The Walking Dead: Surrounded (solitaire map building), with bots and a solver",
        description=(
            'The Walking Dead: Surrounded in the terminal. The map is drawn north up: a' "\n"
            'location box shows its number, name, printed occupant, container and effect;' "\n"
            'an occupant box shows its faces on the edges they touch; a map too big for the' "\n"
            'terminal is drawn in compact glyphs with a key. Pick moves by number; ? gives' "\n"
            'the rules of the step, i lists the cards on the map and i N reads one in full' "\n"
            'with its score if the game ended now (--tui: the ? and i keys, m for the whole' "\n"
            'map). Scenario n is the one of the starting location (random unless' "\n"
            '--scenario).'
        ),
        epilog=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--scenario", type=int, metavar="N",
                   help="start with location N and play scenario N (1-18; default: the first "
                        "card drawn)")
    p.add_argument("--difficulty", choices=DIFFS, default="standard",
                   help="scenario difficulty (default standard)")
    p.add_argument("--bot", choices=BOTS,
                   help="let a bot play: random, greedy (one-step lookahead) or search "
                        "(Monte Carlo over the hidden deck order)")
    p.add_argument("--games", type=int, metavar="K",
                   help="play K games with the bot (default bot: random) and summarise")
    p.add_argument("--seed", type=int, default=0,
                   help="seed of the first game; game i uses seed S+i (default 0)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object per game, then {\"summary\": ...}")
    p.add_argument("--analyze", action="store_true",
                   help="win rate and mean score of the bot (default search) for all 18 "
                        "scenarios x 3 difficulties, --games K each (default 10)")
    p.add_argument("--budget", type=int, default=96, metavar="R",
                   help="search bot: rollouts per decision (default 96)")
    p.add_argument("--players", type=int, default=1, metavar="P",
                   help="people sharing one game: turns pass clockwise (default 1)")
    p.add_argument("--jobs", type=int, default=1, metavar="J",
                   help="--analyze/--games: worker processes (default 1; results do not "
                        "depend on it)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="--analyze/--games on the Dask cluster whose scheduler is at ADDRESS "
                        "(default $FLICK_SCHEDULER); the same results; needs the dask extra")
    p.add_argument("--tui", action="store_true",
                   help="full screen (Textual): board, log, actions by key or mouse")
    p.set_defaults(handler=_handler)
