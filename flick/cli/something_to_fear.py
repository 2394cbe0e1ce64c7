"""`flick cards something-to-fear`: play in the terminal, or let bots play many games.

Hidden information at one screen: each human sees only their own hand; between two humans a
"pass the screen" prompt clears the screen and the scrollback; a bot's Character choice is
announced only as "chooses a Character (face-down)" until the reveal (the shared loop,
`flick.cli.terminal.play`, logs bots through `view.public_label`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from typing import Any, TextIO

from flick.errors import FlickError

BOT_NAMES = ("random", "greedy", "search")

EPILOG = """\
examples:
  flick cards something-to-fear --players 4                 you against 3 greedy bots
  flick cards something-to-fear --players 3 --humans 3      three people at one screen
  flick cards something-to-fear --players 4 --humans 0 \
      --bots search,greedy,greedy,greedy --games 200 --seed 1
  flick cards something-to-fear --players 2 --humans 0 \
      --bots search,random --games 5 --seed 9 --json

--json prints one JSON object per finished game, one per line:
  {"game", "seed", "players", "expert", "tiebreaker", "winners", "mob", "destroyed",
   "players_state": [{"seat", "stash", "mob_damage", "personal_damage", "damage", "alive",
   "walkers", "score"}]}, each card {"id", "type", "mob_damage", "personal_damage"}.
Game i (0-based) of --games K uses seed S + i; the same options give the same games.
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "something-to-fear",
        help="The Walking Dead: Something to Fear (2-6 players, bots)",
        description=(
            'The Walking Dead: Something to Fear for 2-6 players in the terminal: nine' "\n"
            'rounds of secretly chosen Characters securing Encounter cards. Humans take the' "\n"
            'first seats, bots the rest. Without --games/--json one human plays by default;' "\n"
            'with them, bots only. At a prompt, ? gives the rules of the step, i lists the' "\n"
            'Characters and Encounter types and i N reads one with who holds it now (--tui:' "\n"
            'the ? and i keys). Between two people the screen and its scrollback are' "\n"
            'cleared.'
        ),
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--players", type=int, default=4, metavar="N", help="players, 2-6 (default 4)")
    p.add_argument(
        "--humans",
        type=int,
        default=None,
        metavar="K",
        help="human players at this screen, seats 1..K (default 1, or 0 with --games/--json)",
    )
    p.add_argument(
        "--bots",
        default="greedy",
        metavar="LIST",
        help="bots for the other seats, comma-separated from random, greedy, search; "
        "one name fills every bot seat (default greedy)",
    )
    p.add_argument(
        "--expert",
        action="store_true",
        help="Expert Survivor variant: all nine Characters in hand from the start",
    )
    p.add_argument(
        "--games", type=int, default=None, metavar="K", help="play K games in a row (default 1)"
    )
    p.add_argument(
        "--seed", type=int, default=0, metavar="S", help="seed of the first game (default 0)"
    )
    p.add_argument("--json", action="store_true", help="print each finished game as one JSON line")
    p.add_argument(
        "--budget",
        type=int,
        default=160,
        metavar="B",
        help="search bot: simulated games per decision (default 160)",
    )
    p.add_argument("--tui", action="store_true",
                   help="full screen (Textual): board, log, actions by key or mouse")
    from flick.batch import add_options

    add_options(p, "1: this process")
    p.set_defaults(handler=handler)


def seat_bots(players: int, humans: int, names: str) -> list[str | None]:
    """Who plays each seat: None for a human, else a bot name; `FlickError` on bad options."""
    if not 2 <= players <= 6:
        raise FlickError(f"--players {players}: Something to Fear is for 2-6 players", exit_code=2)
    if not 0 <= humans <= players:
        raise FlickError(f"--humans {humans}: must be 0..{players}", exit_code=2)
    listed = [n.strip() for n in names.split(",") if n.strip()]
    unknown = [n for n in listed if n not in BOT_NAMES]
    if unknown or not listed:
        raise FlickError(
            f"--bots {names!r}: unknown bot {', '.join(unknown) or '(none)'}; "
            f"choose from {', '.join(BOT_NAMES)}",
            exit_code=2,
        )
    need = players - humans
    if len(listed) == 1:
        listed = listed * need
    if len(listed) != need:
        raise FlickError(
            f"--bots lists {len(listed)} bots but {need} seats are bots "
            f"({players} players, {humans} humans)",
            exit_code=2,
        )
    return [None] * humans + list(listed)


def make_bot(name: str, seed: int, budget: int) -> Any:
    from flick.cards.bots import RandomBot
    from flick.cards.something_to_fear.bots import GreedyBot, SearchBot

    rng = random.Random(seed)
    if name == "random":
        return RandomBot(rng)
    if name == "greedy":
        return GreedyBot(rng)
    return SearchBot(rng, budget=budget)


def game_json(state: Any) -> dict[str, Any]:
    """The published JSON of a finished game (what `flick cards something-to-fear` prints)."""
    from flick.cards.something_to_fear.view import card_json

    res = state.results()
    return {
        "game": "something_to_fear",
        "seed": state.seed,
        "players": state.num_players,
        "expert": state.expert,
        "tiebreaker": state.tiebreaker,
        "winners": state.winners(),
        "mob": [card_json(state, c) for c in state.mob],
        "destroyed": [card_json(state, c) for c in state.destroyed],
        "players_state": [
            {
                "seat": q,
                "stash": [card_json(state, c) for c in state.stash[q]],
                "mob_damage": r.mob_damage,
                "personal_damage": r.personal_damage,
                "damage": r.damage,
                "alive": r.alive,
                "walkers": r.walkers,
                "score": r.score,
            }
            for q, r in enumerate(res)
        ],
    }


def play_game(
    state: Any,
    seats: list[Any],
    read: Callable[[str], str] = input,
    out: TextIO | None = None,
    quiet: bool = False,
) -> Any:
    """Play to the end (`flick.cli.terminal.play`); None seats are humans answering through
    `read`. Humans see only their own view; bot choices of a Character are announced
    face-down."""
    from flick.cards.something_to_fear.view import public_label
    from flick.cli.terminal import play

    return play(state, seats, read=read, out=out, hidden_information=True,
                announce=public_label, quiet=quiet)


def read_line(prompt: str) -> str:
    """`input`, with a closed standard input reported as a clear error."""
    try:
        return input(prompt)
    except EOFError:
        from flick.cli.terminal import input_closed

        raise input_closed() from None


def play_tui(args: argparse.Namespace, names: list[str | None]) -> int:
    """One game full screen (`flick.cli.tui`): hidden hands, a pass screen between humans,
    a bot's Character choice logged face-down."""
    from flick.cards.something_to_fear.state import StfState
    from flick.cards.something_to_fear.view import public_label
    from flick.cli import tui

    state = StfState(num_players=args.players, seed=args.seed, expert=args.expert)
    seats = [None if n is None else make_bot(n, args.seed * 7919 + q, args.budget)
             for q, n in enumerate(names)]
    tui.run(state, seats, title="The Walking Dead: Something to Fear", hidden=True,
            announce=public_label)
    return 0


def handler(args: argparse.Namespace) -> int:
    from flick.cards.something_to_fear.state import StfState

    batch = args.games is not None or args.json
    humans = args.humans if args.humans is not None else (0 if batch else 1)
    names = seat_bots(args.players, humans, args.bots)
    games = 1 if args.games is None else args.games
    if games < 1:
        raise FlickError(f"--games {games}: must be at least 1", exit_code=2)
    if args.budget < 1:
        raise FlickError(f"--budget {args.budget}: must be at least 1", exit_code=2)
    if args.tui:
        if batch:
            raise FlickError("--tui plays one game at this screen; drop --games and --json",
                             exit_code=2)
        return play_tui(args, names)
    finished = []
    progress = None
    task = None
    if humans == 0 and games > 1:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        progress = Progress(
            TextColumn("games"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            transient=True,
            console=_stderr_console(),
        )
        progress.start()
        task = progress.add_task("games", total=games)

    def advance(_: object = None) -> None:
        if progress is not None and task is not None:
            progress.advance(task)

    try:
        if humans == 0:  # bots only: the games on the executor of --workers/--scheduler
            from flick.batch import from_args

            tasks = [(args.players, args.seed + g, args.expert, names, args.budget)
                     for g in range(games)]
            with from_args(args) as executor, \
                    executor.map(_bot_game, tasks, done=advance) as played:
                for state in played:
                    finished.append(state)
                    if args.json:
                        sys.stdout.write(json.dumps(game_json(state)) + "\n")
                        sys.stdout.flush()
        for g in range(games if humans else 0):
            seed = args.seed + g
            state = StfState(num_players=args.players, seed=seed, expert=args.expert)
            seats = [
                None if n is None else make_bot(n, seed * 7919 + q, args.budget)
                for q, n in enumerate(names)
            ]
            play_game(state, seats, read=read_line, quiet=humans == 0)
            finished.append(state)
            if args.json:
                sys.stdout.write(json.dumps(game_json(state)) + "\n")
                sys.stdout.flush()
            advance()
    finally:
        if progress is not None:
            progress.stop()
    if not args.json:
        print_summary(finished, names)
    return 0


def _bot_game(task: tuple[int, int, bool, list[Any], int]) -> Any:
    """One bots-only game (a task of any `flick.batch` executor): the finished state."""
    from flick.cards.something_to_fear.state import StfState

    players, seed, expert, names, budget = task
    state = StfState(num_players=players, seed=seed, expert=expert)
    seats = [make_bot(n, seed * 7919 + q, budget) for q, n in enumerate(names)]
    play_game(state, seats, read=read_line, quiet=True)
    return state


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True)


def print_summary(states: list[Any], names: list[str | None]) -> None:
    """Wins, scores and deaths per seat over the games played."""
    from rich.console import Console
    from rich.table import Table

    n = len(states)
    table = Table(
        title=f"Something to Fear: {n} game{'s' if n != 1 else ''}, "
        f"{states[0].num_players} players{' (Expert)' if states[0].expert else ''}"
    )
    for col in ("seat", "player", "wins", "win %", "mean score (alive)", "died %", "mean damage"):
        table.add_column(col, justify="right" if col not in ("player",) else "left")
    for q, name in enumerate(names):
        wins = sum(1 for s in states if q in s.winners())
        res = [s.results()[q] for s in states]
        alive = [r.score for r in res if r.alive]
        table.add_row(
            str(q + 1),
            name or "human",
            str(wins),
            f"{100 * wins / n:.1f}",
            f"{sum(alive) / len(alive):.1f}" if alive else "-",
            f"{100 * sum(1 for r in res if not r.alive) / n:.1f}",
            f"{sum(r.damage for r in res) / n:.1f}",
        )
    console = Console()
    console.print(table)
    nobody = sum(1 for s in states if not s.winners())
    mob = sum(s.results()[0].mob_damage for s in states) / n
    console.print(f"mean Mob damage {mob:.1f}; games where nobody survived: {nobody}")
