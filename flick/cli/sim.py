"""`flick sim`: bots play Flick 'em Up! Dead of Winter headless, one game or many.

    flick sim 2 --seed 7                      one game, a summary
    flick sim starvation --seed 1 --games 20  twenty games (seeds 1..20), progress bar, table
    flick sim 1 --seed 3 --json               one JSON object per game on stdout
    flick sim 3 --seed 3 --record game.json   also write a replay (`flick replay game.json`)

The same scenario and seed always give the same game.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any

BOTS = ("heuristic",)


def register(sub: argparse._SubParsersAction) -> None:
    from flick.cli.args import seed

    p = sub.add_parser(
        "sim",
        help="bots play Flick 'em Up! games headless (summary, JSON, recorded inputs)",
        description=(
            "Bots play every seat of a Flick 'em Up! Dead of Winter scenario to the end, on the "
            "physics table, without a window. SCENARIO is a number (1-10), a name "
            "('starvation') or a path to a scenario YAML file. Game k of --games K uses seed "
            "S+k. The same scenario and seed always give the same game."
        ),
        epilog="Example: flick sim 2 --seed 7 --games 10",
    )
    p.add_argument("scenario", metavar="SCENARIO", help="scenario number, name or YAML path")
    p.add_argument("--seed", type=seed, default=0, help="seed of the first game (default 0)")
    p.add_argument("--bots", choices=BOTS, default="heuristic",
                   help="who plays every seat (default: heuristic, which aims real flicks)")
    p.add_argument("--games", type=int, default=1, metavar="K",
                   help="play K games with seeds S, S+1, ... (default 1)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object per game (scenario, seed, winner, end_reason, "
                        "rounds, turns, zombies, survivors, events, teams; S9-S10 also players: "
                        "each one's objective and whether they won) instead of the summary; "
                        "the summary table goes to stderr")
    p.add_argument("--players", type=int, metavar="N",
                   help="players at the table (S9-S10: 6, 8 or 10, split into 2 teams of 3-5 "
                        "survivors; default the fewest the scenario allows)")
    p.add_argument("--dangerous", action="store_true",
                   help='variant "Dangerous days and nights": the next higher invasion markers '
                        "(one more zombie before each day and each night)")
    p.add_argument("--record", metavar="FILE",
                   help="write the games as a replay file (scenario, seed, physics, inputs, "
                        "state hash after every shot); see `flick replay FILE --verify`")
    p.set_defaults(handler=_handler)


def _handler(args: argparse.Namespace) -> int:
    from flick.errors import FlickError
    from flick.game.play import play
    from flick.scenario import load

    if args.games < 1:
        raise FlickError(f"--games must be at least 1, not {args.games}", exit_code=2)
    if args.record:
        from flick import atomic

        atomic.check_writable(args.record, "replay")  # before any game is played
    scenario = load(args.scenario)
    from flick.game.scenarios.rules import missing_rules

    missing = list(dict.fromkeys(missing_rules(scenario)))
    if missing:
        # Bots playing without a scenario's own rules would report meaningless results.
        raise FlickError(f"scenario {scenario.number} ({scenario.name}) needs rules the engine "
                         f"does not implement yet: {', '.join(missing)}; scenarios 1-4 are "
                         "playable", exit_code=2)
    games: list[dict[str, Any]] = []
    records: list[dict[str, Any]] = []  # the games as replay records (flick.replay)
    seeds = [args.seed + k for k in range(args.games)]
    out = sys.stdout

    def run(seed: int) -> None:
        from flick.game.scenarios.five_to_ten import team_sizes

        game = play(scenario, seed, bots=args.bots,
                    players=team_sizes(scenario, getattr(args, "players", None)),
                    dangerous=bool(getattr(args, "dangerous", False)))
        summary = game.summary()
        games.append(summary)
        if args.record:
            from flick import replay

            records.append(replay.record(game, bots=args.bots))
            journal.append(records[-1])
        if args.json:
            out.write(json.dumps(summary, sort_keys=False) + "\n")
            out.flush()

    from flick.replay.journal import Journal, terminate_as_interrupt

    journal = Journal(args.record)
    try:
        with terminate_as_interrupt():
            if args.games > 1:
                from rich.progress import Progress

                with Progress(transient=True, console=_console(stderr=True)) as progress:
                    task = progress.add_task(f"scenario {scenario.number}", total=len(seeds))
                    for seed in seeds:
                        run(seed)
                        progress.advance(task)
            else:
                run(seeds[0])
    finally:
        # Interrupted (Ctrl-C, SIGTERM) or not: every finished game is in the replay.
        if args.record and records:
            from flick import replay

            replay.write(args.record, records)
            journal.close(done=True)
        else:
            journal.close(done=False)
    _print_summary(scenario, games, stderr=args.json)
    return 0


def _console(stderr: bool) -> Any:
    from rich.console import Console

    return Console(stderr=stderr)


def _print_summary(scenario: Any, games: list[dict[str, Any]], stderr: bool) -> None:
    """Wins, end reasons and rounds of the games played, as a table."""
    from rich.table import Table

    console = _console(stderr)
    table = Table(title=f"Scenario {scenario.number}: {scenario.name} "
                        f"({len(games)} game{'s' if len(games) != 1 else ''})")
    table.add_column("result")
    table.add_column("games", justify="right")
    table.add_column("share", justify="right")
    table.add_column("mean rounds", justify="right")
    table.add_column("mean turns", justify="right")
    outcome = Counter((g["winner"] or "", g["end_reason"]) for g in games)
    for (winner, reason), count in sorted(outcome.items(), key=lambda kv: (-kv[1], kv[0])):
        rows = [g for g in games if (g["winner"] or "", g["end_reason"]) == (winner, reason)]
        label = f"{winner} won ({reason})" if winner else f"lost ({reason})"
        table.add_row(label, str(count), f"{count / len(games):.0%}",
                      f"{sum(g['rounds'] for g in rows) / len(rows):.1f}",
                      f"{sum(g['turns'] for g in rows) / len(rows):.1f}")
    console.print(table)
    if any("players" in g for g in games):  # S9-S10: each player's objective and result
        from flick.game.scenarios.secret import players_table

        console.print(players_table(games))
    if len(games) == 1:
        g = games[0]
        z = g["zombies"]
        console.print(f"seed {g['seed']}: zombies city {z['city']}, bin {z['bin']}, "
                      f"box {z['box']}; " + ", ".join(
                          f"{s['name']} {s['life'] if s['alive'] else 'dead'}"
                          for s in g["survivors"]))
