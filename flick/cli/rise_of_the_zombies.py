"""`flick cards rise-of-the-zombies`: play in the terminal, or let bots play many games."""

from __future__ import annotations

import argparse
import json
import queue
import sys
import threading
from collections.abc import Callable
from typing import Any, TextIO

from flick.cli.terminal import GameStopped, input_closed
from flick.errors import FlickError

DEFAULT_SURVIVORS = "Scout,Paramedic,Cheerleader,Scoundrel"
# The bot that fills the seats beside people and plays --games without --bots: the search bot
# (see flick/cards/rise_of_the_zombies/search.py for its measured win rates and thinking time).
DEFAULT_BOT = "search"

DESCRIPTION = """\
Rise of the Zombies!: 1-8 survivors build a path of 6 Location cards from the Safe House and
board the Rescue Helicopter (the 8th Location) before it departs. Each survivor is a seat,
played by a person at this terminal (--humans K: the first K survivors) or by a bot.

The clock: when a person plays, the default is --clock real, the rulebook's timer: it runs in
wall time and never stops, a countdown is redrawn at the prompt while it waits, and the game
ends the moment the time is up, even in the middle of a prompt. --time-scale X runs it X times
faster (game minutes per real minute) for tests and fast games. --clock turns (the default of
bots-only games) charges a fixed number of minutes for each Player Turn instead (5 minutes,
`minutes_per_turn` in assets/cards/rise_of_the_zombies.yaml), so games are exact and
repeatable. Bots-only games may use --clock real too (with a --time-scale): the bots' thinking
time then counts, so those games are not repeatable.

Simultaneous play: during the Play Cards step every survivor may act in any order until all are
done, and "done" can be taken back while anyone still acts. At a prompt, `sK` switches to
survivor K (another human's seat), for instance to take back "done" (in --tui: the s key).

At any prompt `?` gives the rules of the step being played, `i` lists the survivors, cards,
Locations and zombies on the table and `i N` reads one in full with what it does now (--tui:
the ? and i keys, m for the whole table). The table is drawn to the terminal's size.

Bots: the default, search, fills the seats beside people and plays --games without --bots
(22 of 40 standard games won with 4 survivors, --games 40 --seed 1, under 0.4 s a decision);
greedy is the fast one (1 of 40).

--games K --seed S plays K games with bots only (seeds S, S+1, ...), shows a progress bar and a
summary; with --json each finished game is one JSON line on stdout (the summary goes to
stderr). --campaign plays the 3-game campaign (K campaigns with --games) and rates its points.
The rulebook lets survivors (and their number) change between the games of a campaign: give
--survivors three groups separated by ';' (e.g. "Scout,Biker;Scout,Biker,Historian;Scientist"),
one per game; a single group plays all three games.

Hands: the rulebook lets each player keep its hand secret or reveal it. By default every hand is
shown (the survivors are a team). --secret-hands shows each human only its own hand and, when
the turn passes from one human to another, asks to pass the screen (the table is scrolled away
first); the real clock keeps running meanwhile.
"""


def register(sub: argparse._SubParsersAction) -> None:
    from flick.cards.rise_of_the_zombies import BOTS

    p = sub.add_parser(
        "rise-of-the-zombies",
        help="Rise of the Zombies!: 1-8 survivors race the clock to the Rescue Helicopter",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--survivors", default=DEFAULT_SURVIVORS, metavar="NAMES",
                   help="comma-separated survivors, 1 to 8 (Scout, Paramedic, Historian, Biker, "
                        f"Scoundrel, Cheerleader, Scientist, ...); default {DEFAULT_SURVIVORS}; "
                        "with --campaign, three groups separated by ';' (one per game)")
    p.add_argument("--secret-hands", action="store_true",
                   help="each human sees only its own hand; pass the screen between humans")
    p.add_argument("--difficulty", default="standard",
                   choices=["introductory", "standard", "expert", "insane"],
                   help="sets the Departure Time with the number of survivors (default standard)")
    p.add_argument("--humans", type=int, default=None, metavar="K",
                   help="the first K survivors are played at this terminal (default 1; 0 with "
                        "--games or --json)")
    p.add_argument("--bots", default=DEFAULT_BOT, metavar="KINDS",
                   help=f"bot for the other seats: one of {', '.join(BOTS)}, or a comma-separated "
                        f"list, one per bot seat (default {DEFAULT_BOT}: the strongest that "
                        "thinks under a second a decision; greedy is the fast one)")
    p.add_argument("--clock", default=None, choices=["turns", "real"],
                   help="real: the rulebook's timer in wall time (default with a human); "
                        "turns: fixed minutes per Player Turn, exact (default for bots only)")
    p.add_argument("--time-scale", type=float, default=1.0, metavar="X",
                   help="the real clock runs X times faster (default 1)")
    p.add_argument("--campaign", action="store_true",
                   help="play a campaign of 3 games and rate its Campaign points")
    p.add_argument("--otis", action="store_true",
                   help="the optional Otis rule: survivors may attack each other")
    p.add_argument("--games", type=int, default=None, metavar="K",
                   help="play K games (or K campaigns) with bots only")
    p.add_argument("--seed", type=int, default=0, metavar="S",
                   help="seed of the first game (default 0)")
    p.add_argument("--json", action="store_true", help="one JSON line per finished game")
    from flick.batch import add_options

    add_options(p, "1: this process")
    p.add_argument("--tui", action="store_true",
                   help="full screen (Textual): board, log, actions by key or mouse")
    p.set_defaults(handler=handle)


def _bots(kinds: str, seats: int, humans: int, seed: int) -> list[Any]:
    from flick.cards.rise_of_the_zombies import make_bot

    names = [k.strip() for k in kinds.split(",") if k.strip()]
    nbots = seats - humans
    if len(names) == 1:
        names = names * nbots
    if len(names) != nbots:
        raise FlickError(f"--bots lists {len(names)} bots for {nbots} bot seats", exit_code=2)
    return [None] * humans + [make_bot(k, seed * 100 + humans + i) for i, k in enumerate(names)]


def _new_game(args: argparse.Namespace, names: list[str], seed: int, log: bool) -> Any:
    from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies

    return RiseOfTheZombies(names, args.difficulty, seed, clock=args.clock, otis=args.otis,
                            log=log, secret_hands=args.secret_hands)


class TimeUp(GameStopped):
    """The real clock ran out while a prompt waited."""


class LiveInput:
    """A prompt that keeps the real clock on screen and gives up the moment time is up.

    A reader thread takes lines from `lines` (stdin's readline) into a queue; the prompt waits
    on the queue at most `poll` real seconds at a time, and between waits redraws the countdown
    at the start of the prompt line (on a terminal: save the cursor, write the time over the
    prompt's first columns, restore the cursor, so what the player is typing stays) if the
    prompt fits on the line with room to type (`fits`). When the clock runs out it raises
    `TimeUp`; a closed input raises EOFError."""

    def __init__(
        self,
        clock: Any,
        out: TextIO,
        lines: Callable[[], str] | None = None,
        poll: float = 1.0,
        tty: bool | None = None,
    ) -> None:
        self.clock = clock
        self.out = out
        self.lines = lines or sys.stdin.readline
        self.poll = poll
        self.tty = out.isatty() if tty is None else tty
        self.queue: queue.Queue[str] = queue.Queue()
        self.thread: threading.Thread | None = None
        self.redraws = 0

    def _read(self) -> None:
        while True:
            line = self.lines()
            self.queue.put(line)
            if not line:
                return

    def fits(self, prompt: str) -> bool:
        """The countdown is redrawn over the prompt's first columns only when the prompt and
        what is typed after it likely stay on one line: a wrapped line would put the cursor's
        line start under the typed text."""
        import shutil

        width = shutil.get_terminal_size((80, 24)).columns
        return len(f"[{self.clock.text()}] {prompt}") + 12 <= width

    def __call__(self, prompt: str) -> str:
        if self.thread is None:
            self.thread = threading.Thread(target=self._read, daemon=True)
            self.thread.start()
        self.out.write(f"[{self.clock.text()}] {prompt}")
        self.out.flush()
        while True:
            left = self.clock.seconds_to_departure()
            if left <= 0:
                self.out.write("\n")
                raise TimeUp
            try:
                line = self.queue.get(timeout=min(self.poll, left))
            except queue.Empty:
                if self.tty and self.fits(prompt):
                    self.out.write(f"\0337\r[{self.clock.text()}]\0338")
                    self.out.flush()
                self.redraws += 1
                continue
            if not line:
                raise EOFError
            return line.rstrip("\n")


def play_terminal(
    state: Any,
    seats: list[Any],
    read: Callable[[str], str] | None = None,
    out: TextIO | None = None,
    clock: Any = None,
    secret_hands: bool = False,
    scale: float = 1.0,
) -> Any:
    """Play one game at the terminal (`flick.cli.terminal.play`). With the real clock
    (`state.clock == "real"`; `clock` a `RealClock`, made here if not given) the game is fed
    the time before every decision and the prompt (a `LiveInput` unless `read` is given)
    shows a live countdown and ends the game the moment time runs out. Humans may act in any
    order during the Play Cards step (`sK` at a prompt). With `secret_hands` each human sees
    only its own hand, and a change of human asks for the screen to be passed (Enter)
    first."""
    from flick.cards.rise_of_the_zombies.clock import RealClock
    from flick.cli.terminal import play

    out = out or sys.stdout
    if state.clock == "real" and clock is None:
        clock = RealClock(state.departure, scale)
    if read is None:
        read = LiveInput(clock, out) if clock is not None else input
    given = read

    def ask(prompt: str) -> str:
        try:
            return given(prompt)
        except EOFError:
            raise input_closed() from None

    def time_up() -> bool:
        return clock is not None and bool(clock.sync(state))

    play(state, seats, read=ask, out=out, hidden_information=secret_hands, time_up=time_up)
    if state.is_terminal() and "departs" in state.end_reason:
        out.write("Time is up: the Rescue Helicopter has departed.\n")
    return state


def play_bots_real_time(state: Any, bots: list[Any], clock: Any) -> Any:
    """Bots only, on the real clock: the time is fed to the game before every decision, so
    the bots' thinking time counts (not repeatable; use the turn clock for exact games)."""
    while not state.is_terminal() and not clock.sync(state):
        state.apply(bots[state.current_player()].choose(state))
    return state


def _bot_game(task: tuple[argparse.Namespace, list[str], int]) -> dict[str, Any]:
    """One bots-only game (a task of any `flick.batch` executor): its result."""
    from flick.cards.bots import play_out
    from flick.cards.rise_of_the_zombies.clock import RealClock

    settings, group, seed = task
    state = _new_game(settings, group, seed, log=False)
    bots = _bots(settings.bots, len(group), 0, seed)
    if settings.clock == "real":
        play_bots_real_time(state, bots, RealClock(state.departure, settings.time_scale))
    else:
        play_out(state, bots)
    return state.result()


def _summary(results: list[dict[str, Any]], campaigns: list[list[int]], evaluate: Any) -> str:
    n = len(results)
    wins = sum(r["victory"] for r in results)
    seats = sum(len(r["survivors"]) for r in results)
    escaped = sum(s["in_helicopter"] and s["alive"] for r in results for s in r["survivors"])
    lines = [
        f"games: {n}",
        f"victories: {wins} ({100.0 * wins / max(n, 1):.1f}%)",
        f"survivors escaped: {escaped} of {seats} ({100.0 * escaped / max(seats, 1):.1f}%)",
        f"mean minutes used: {sum(r['minutes_used'] for r in results) / max(n, 1):.1f}",
        f"mean path length: {sum(len(r['path']) for r in results) / max(n, 1):.2f}",
        "mean campaign points a game: "
        f"{sum(r['campaign_points'] for r in results) / max(n, 1):.2f}",
    ]
    for i, pts in enumerate(campaigns):
        total = sum(pts)
        lines.append(f"campaign {i + 1}: {' + '.join(map(str, pts))} = {total} ({evaluate(total)})")
    return "\n".join(lines)


def survivor_groups(text: str, campaign: bool) -> list[list[str]]:
    """The survivors of each game: one group, or (campaign only) three groups split by ';'
    ("you can switch Survivors between games. It is okay for different numbers of players to
    play in each game"). A single group plays every game of a campaign."""
    groups = [[n.strip() for n in part.split(",") if n.strip()] for part in text.split(";")]
    if any(not g for g in groups):
        raise FlickError(f"--survivors {text!r}: an empty group of survivors", exit_code=2)
    if len(groups) == 1:
        return groups * 3 if campaign else groups
    if not campaign:
        raise FlickError("--survivors lists several groups (';'), which only a --campaign uses",
                         exit_code=2)
    if len(groups) != 3:
        raise FlickError(f"--survivors lists {len(groups)} groups; a campaign has 3 games",
                         exit_code=2)
    return groups


def handle(args: argparse.Namespace) -> int:
    from flick.cards.rise_of_the_zombies.clock import RealClock

    groups = survivor_groups(args.survivors, args.campaign)
    names = groups[0]
    batch = args.games is not None or args.json
    humans = args.humans if args.humans is not None else (0 if batch else 1)
    if not 0 <= humans <= min(len(g) for g in groups):
        raise FlickError(f"--humans must be 0 to {min(len(g) for g in groups)}", exit_code=2)
    if batch and humans:
        raise FlickError("--games/--json play bots only; drop --humans", exit_code=2)
    if args.clock is None:
        args.clock = "real" if humans else "turns"  # the rulebook's timer when a person plays
    if not args.time_scale > 0:
        raise FlickError("--time-scale must be positive", exit_code=2)
    if args.games is not None and args.games < 1:
        raise FlickError("--games must be at least 1", exit_code=2)
    per = 3 if args.campaign else 1
    count = (args.games or 1) * per
    first = _new_game(args, names, args.seed, log=not batch)  # checks names, difficulty
    for group in groups[1:]:
        _new_game(args, group, args.seed, log=False)  # checks the other games' names early
    evaluate = first.cat.evaluate

    if args.tui:
        if batch or args.campaign:
            raise FlickError("--tui plays one game at this screen; drop --games, --json and "
                             "--campaign", exit_code=2)
        from flick.cli import tui

        clock = RealClock(first.departure, args.time_scale) if args.clock == "real" else None
        tui.run(first, _bots(args.bots, len(names), humans, args.seed),
                title="Rise of the Zombies!", hidden=args.secret_hands, clock=clock)
        return 0
    if not batch:
        results = []
        for g in range(count):
            group = groups[g % per]
            state = first if g == 0 else _new_game(args, group, args.seed + g, log=True)
            if args.campaign:
                print(f"Campaign game {g % 3 + 1} of 3: {', '.join(group)}")
            play_terminal(state, _bots(args.bots, len(group), humans, args.seed + g),
                          secret_hands=args.secret_hands, scale=args.time_scale)
            results.append(state.result())
            print(f"Campaign points this game: {results[-1]['campaign_points']}")
        if args.campaign:
            total = sum(r["campaign_points"] for r in results)
            print(f"Campaign: {total} points, {evaluate(total)}")
        return 0

    from rich.console import Console
    from rich.progress import Progress

    console = Console(stderr=args.json)
    from flick.batch import from_args

    results = []
    _bots(args.bots, len(names), 0, args.seed)  # a bad --bots refused before any game
    settings = argparse.Namespace(**{k: getattr(args, k) for k in (
        "difficulty", "clock", "otis", "secret_hands", "bots", "time_scale")})
    tasks = [(settings, groups[g % per], args.seed + g) for g in range(count)]
    with from_args(args) as executor, Progress(console=console, transient=True) as progress:
        task = progress.add_task("Rise of the Zombies!", total=count)
        with executor.map(_bot_game, tasks, done=lambda _: progress.advance(task)) as games:
            for res in games:
                results.append(res)
                if args.json:
                    sys.stdout.write(json.dumps(res) + "\n")
    campaigns = []
    if args.campaign:
        for i in range(0, count, 3):
            pts = [r["campaign_points"] for r in results[i:i + 3]]
            campaigns.append(pts)
            if args.json:
                sys.stdout.write(json.dumps({"campaign": pts, "total": sum(pts),
                                             "evaluation": evaluate(sum(pts))}) + "\n")
    console.print(_summary(results, campaigns, evaluate), highlight=False)
    return 0
