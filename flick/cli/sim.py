"""`flick sim`: bots play Flick 'em Up! Dead of Winter headless, one game or many.

    flick sim 2 --seed 7                      one game, a summary
    flick sim starvation --seed 1 --games 20  twenty games (seeds 1..20), progress bar, table
    flick sim 1 --seed 3 --json               one JSON object per game on stdout
    flick sim 3 --seed 3 --record game.json   also write a replay (`flick replay game.json`)
    flick sim --analyze --games 20            win rates of all ten scenarios, 95% intervals
    flick sim 1,6,9 --analyze --workers 2     the same for scenarios 1, 6 and 9, two processes
    flick sim --analyze --games 1000 --scheduler tcp://10.0.0.5:8786   on a Dask cluster

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
    p.add_argument("scenario", metavar="SCENARIO", nargs="?",
                   help="scenario number, name or YAML path (with --analyze: a comma-separated "
                        "list; default all ten)")
    p.add_argument("--seed", type=seed, default=0, help="seed of the first game (default 0)")
    p.add_argument("--bots", choices=BOTS, default="heuristic",
                   help="who plays every seat (default: heuristic, which aims real flicks)")
    p.add_argument("--games", type=int, metavar="K",
                   help="play K games with seeds S, S+1, ... (default 1; --analyze: 10 per "
                        "scenario)")
    p.add_argument("--analyze", action="store_true",
                   help="win rates per scenario: K games each, every outcome (each team's "
                        "wins; no winner: lost, city overrun, S6's both lose) with its share "
                        "and Wilson 95%% interval, a progress bar on stderr (--json: one "
                        "JSON object instead of the table)")
    from flick.batch import add_options

    add_options(p, "1: this process", "--jobs")
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
    from flick.scenario import load

    if args.analyze:
        return _analyze(args)
    if args.scenario is None:
        raise FlickError("flick sim needs a SCENARIO (a number 1-10, a name or a YAML path); "
                         "`flick sim --analyze` alone plays all ten", exit_code=2)
    args.games = _games(args, 1)
    if args.record:
        from flick import atomic

        atomic.check_writable(args.record, "replay")  # before any game is played
    scenario = _playable(load(args.scenario))
    from flick.game.scenarios.five_to_ten import team_sizes

    players = team_sizes(scenario, getattr(args, "players", None))
    games: list[dict[str, Any]] = []
    records: list[dict[str, Any]] = []  # the games as replay records (flick.replay)
    tasks = [(scenario, args.seed + k, args.bots, players,
              bool(getattr(args, "dangerous", False)), bool(args.record))
             for k in range(args.games)]
    out = sys.stdout

    def keep(summary: dict[str, Any], record: dict[str, Any] | None) -> None:
        games.append(summary)
        if record is not None:
            records.append(record)
            journal.append(record)
        if args.json:
            out.write(json.dumps(summary, sort_keys=False) + "\n")
            out.flush()

    from flick.batch import from_args
    from flick.replay.journal import Journal, terminate_as_interrupt

    journal = Journal(args.record)
    try:
        with terminate_as_interrupt() as stop, from_args(args) as executor:
            if args.games > 1:
                from rich.progress import Progress

                with Progress(transient=True, console=_console(stderr=True)) as progress:
                    task = progress.add_task(f"scenario {scenario.number}", total=len(tasks))
                    batch = executor.map(_game, tasks, done=lambda _: progress.advance(task))
                    try:
                        with batch:
                            for summary, record in batch:
                                keep(summary, record)
                                stop.check()
                    finally:
                        # Interrupted: the games that finished out of order are kept too.
                        for _, (summary, record) in batch.left:
                            keep(summary, record)
            else:
                keep(*_game(tasks[0]))
                stop.check()
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


def _game(task: tuple[Any, int, str, dict[str, int] | None, bool, bool]
          ) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """One bot game (a task of any executor): its summary, and its replay record when asked."""
    from flick.game.play import play

    scenario, seed, bots, players, dangerous, record = task
    game = play(scenario, seed, bots=bots, players=players, dangerous=dangerous)
    if not record:
        return game.summary(), None
    from flick import replay

    return game.summary(), replay.record(game, bots=bots)


def _playable(scenario: Any) -> Any:
    """`scenario`, or a clear error when the engine lacks some of its rules."""
    from flick.errors import FlickError
    from flick.game.scenarios.five_to_ten import missing_rules

    missing = list(dict.fromkeys(missing_rules(scenario)))
    if missing:
        # Bots playing without a scenario's own rules would report meaningless results.
        raise FlickError(f"scenario {scenario.number} ({scenario.name}) needs rules the engine "
                         f"does not implement: {', '.join(missing)}; the rulebook's ten scenarios "
                         "are playable", exit_code=2)
    return scenario


# ---- --analyze: win rates per scenario ---------------------------------------------------
OUTCOME_KEYS = ("scenario", "seed", "winner", "end_reason", "rounds", "turns")


def _outcome(task: tuple[Any, int, int | None, bool]) -> dict[str, Any]:
    """One bot game (a task of any executor): its outcome, without the event log."""
    from flick.game.play import play
    from flick.game.scenarios.five_to_ten import team_sizes

    scenario, seed, players, dangerous = task
    game = play(scenario, seed, players=team_sizes(scenario, players), dangerous=dangerous)
    summary = game.summary()
    out = {k: summary[k] for k in OUTCOME_KEYS}
    if "players" in summary:  # S9-S10: did a betrayer win (their card met, their team lost)?
        # secret.results credits a betrayer only when another team won (a city overrun
        # has no winner: every player lost, the betrayer too).
        out["betrayer_won"] = any(p["betrayer"] and p["won"] for p in summary["players"])
    return out


def _outcomes(task: tuple[Any, list[int], int | None, bool]) -> list[dict[str, Any]]:
    """The outcomes of one scenario's games of `seeds` (a task of any executor)."""
    scenario, seeds, players, dangerous = task
    return [_outcome((scenario, seed, players, dangerous)) for seed in seeds]


def win_rates(scenario: Any, games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The outcomes of `games` (outcome dicts of `scenario`): one row per team of the scenario
    (and per team formed in play that won, an S9-S10 betrayer), then "no winner" (a co-op
    loss, a city overrun, S6's both lose at the skull) with its end reasons; each with its
    count, share and Wilson 95% interval; a competitive scenario also gets "a team won" (any
    team, the row before "no winner"), S9-S10 "a betrayer won" (a betrayer whose card's
    condition held while another team won; it overlaps the team rows)."""
    n = len(games)
    teams = [t.name for t in scenario.teams]
    teams += sorted({g["winner"] for g in games if g["winner"] and g["winner"] not in teams})
    coop = scenario.mode == "co-op"
    rows = []
    for team in [*teams, None]:
        mine = [g for g in games if g["winner"] == team]
        if team is None:
            label = "lost" if coop else "no winner"
        else:
            label = "won" if coop and team == "survivors" else f"{team} won"
        rows.append(_row(label, team, mine, n))
    if not coop:  # S6-S10 are also measured by: a team won, by whatever victory
        rows.insert(len(teams), _row("a team won", "any", [g for g in games if g["winner"]], n))
    if any("betrayer_won" in g for g in games):  # S9-S10: the betrayers' share
        rows.append(_row("a betrayer won", "betrayer",
                         [g for g in games if g.get("betrayer_won")], n))
    return rows


def _row(label: str, winner: str | None, mine: list[dict[str, Any]], n: int) -> dict[str, Any]:
    from flick.plan.planner import wilson

    k = len(mine)
    lo, hi = wilson(k, n)
    return {"result": label, "winner": winner, "games": k, "of": n,
            "share": round(k / n, 4) if n else 0.0, "interval": [round(lo, 4), round(hi, 4)],
            "ends": dict(Counter(g["end_reason"] for g in mine).most_common())}


MAX_GAMES = 1_000_000
"""The most games one `flick sim` plays: about a week and a half of one core."""


def _games(args: argparse.Namespace, default: int) -> int:
    """--games, checked: 1 to MAX_GAMES, and every seed S, S+1, ... a seed a game takes."""
    from flick.errors import FlickError
    from flick.game.game import MAX_SEED

    games = default if args.games is None else args.games
    if not 1 <= games <= MAX_GAMES:
        shown = games if abs(games) < 10**12 else "a huge number"
        raise FlickError(f"--games is 1 to {MAX_GAMES:,}, not {shown}", exit_code=2)
    if args.seed + games - 1 > MAX_SEED:
        raise FlickError(f"--seed {args.seed} --games {games}: the last seed would be beyond "
                         f"{MAX_SEED}", exit_code=2)
    return int(games)


def _analyze(args: argparse.Namespace) -> int:
    """`flick sim --analyze`: K games of each scenario, the win-rate table."""
    from flick.errors import FlickError
    from flick.scenario import load

    games = _games(args, 10)
    if args.record:
        raise FlickError("--record goes with one scenario's games, not --analyze", exit_code=2)
    refs = ([r.strip() for r in args.scenario.split(",") if r.strip()] if args.scenario
            else [str(n) for n in range(1, 11)])
    if not refs:
        raise FlickError(f"no scenario in {args.scenario!r}", exit_code=2)
    scenarios = [_playable(load(r)) for r in refs]
    players, dangerous = args.players, bool(args.dangerous)
    from flick.game.scenarios.five_to_ten import team_sizes

    for sc in scenarios:  # a bad --players for one of them: refused before any game
        team_sizes(sc, players)
    done: list[dict[str, Any]] = []
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from flick.batch import from_args
    from flick.replay.journal import terminate_as_interrupt

    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(),
                        console=_console(stderr=True), transient=True)
    with terminate_as_interrupt() as stop, from_args(args) as executor, progress:
        # A task plays a chunk of one scenario's seeds (a few chunks per worker): a cluster
        # gets a few thousand tasks for 10,000 games, not one scenario copy per game.
        tasks = [(sc, [args.seed + k for k in chunk], players, dangerous)
                 for sc in scenarios for chunk in executor.chunks(games)]
        bar = progress.add_task(f"{len(refs)} scenario(s) x {games} game(s)",
                                total=len(scenarios) * games)
        with executor.map(_outcomes, tasks,
                          done=lambda k: progress.advance(bar, len(tasks[k][1]))) as batch:
            for outcomes in batch:
                done += outcomes
                stop.check()
    report = []
    for k, sc in enumerate(scenarios):
        mine = done[k * games:(k + 1) * games]
        report.append({"scenario": sc.number, "name": sc.name, "mode": sc.mode,
                       "games": len(mine), "rows": win_rates(sc, mine)})
    if args.json:
        sys.stdout.write(json.dumps({"seed": args.seed, "games": games, "bots": args.bots,
                                     "players": players, "dangerous": dangerous,
                                     "scenarios": report}) + "\n")
    _print_analysis(report, games, args.seed, stderr=args.json)
    return 0


def _print_analysis(report: list[dict[str, Any]], games: int, seed: int, stderr: bool) -> None:
    from rich.table import Table

    table = Table(title=f"Bot win rates: {games} game(s) per scenario, seeds {seed}.."
                        f"{seed + games - 1}, Wilson 95% intervals")
    for col, just in (("scenario", "left"), ("result", "left"), ("games", "right"),
                      ("share", "right"), ("95% interval", "right"), ("how it ended", "left")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for sc in report:
        rows = sc["rows"]
        for i, r in enumerate(rows):
            lo, hi = r["interval"]
            ends = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in r["ends"].items())
            table.add_row(f"S{sc['scenario']} {sc['name']}" if i == 0 else "",
                          r["result"], f"{r['games']}/{r['of']}", f"{r['share']:.0%}",
                          f"{lo:.0%}-{hi:.0%}", ends, end_section=i == len(rows) - 1)
    _console(stderr).print(table)


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
