"""`flick plan`: how likely a shot is to work, over a grid of aims and powers.

The bots play SCENARIO from --seed (as `flick sim` does) up to turn --at, when a survivor is
active on the table. The proposed action of that survivor, `--action`:
- move: its movement disc to --target X,Y (cm);
- enter: its disc into --building NAME (default: the building whose door is nearest);
- shoot: a bullet from its --side at zombie --zombie ID (default: the nearest zombie).
Each grid cell (aim offset x power factor around the friction model's aim) is played
--repeats times under the hand noise (--hand steady|shaky, the physics parameters'
`hand_noise`); the map prints as a table (success percent per cell) with the best cell and its
Wilson 95% interval, and is saved as a PNG heat map (--out, `-` for none).
"""

from __future__ import annotations

import argparse
import math
from typing import Any

from flick.cli.args import seed
from flick.errors import FlickError


def _point(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not X,Y (two numbers, cm)") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite point")
    return (x, y)


def _size(text: str) -> tuple[int, int]:
    try:
        a, p = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not AxP (e.g. 7x7)") from None
    if not (1 <= a <= 101 and 1 <= p <= 101):
        raise argparse.ArgumentTypeError(f"{text!r}: each side between 1 and 101")
    return (a, p)


def _handler(args: argparse.Namespace) -> int:
    from pathlib import Path

    from flick import atomic

    if args.repeats < 1:
        raise FlickError("--repeats must be at least 1", exit_code=2)
    if args.action == "move" and args.target is None:
        raise FlickError("--action move needs --target X,Y", exit_code=2)
    if args.out != "-":
        atomic.check_writable(args.out, "heat map")
    from rich.console import Console
    from rich.table import Table as RichTable

    from flick.game.bots.aim import HandNoise
    from flick.plan import Grid, enter_shot, move_shot, shoot_shot
    from flick.plan.proposal import game_at
    from flick.plan.render import best_line, heat_map, rows
    from flick.scenario import load

    scenario = load(args.scenario)
    try:
        game = game_at(scenario, args.seed, args.at)
    except ValueError as e:
        raise FlickError(str(e), exit_code=2) from None
    board = game.board
    s = game.active_survivor
    here = board.pos(s.piece)
    if args.action == "move":
        shot, what = move_shot(game, args.target), f"move to {args.target}"
    elif args.action == "enter":
        name = args.building or min(board.buildings,
                                    key=lambda b: math.dist(board.door_mid(b), here))
        if name not in board.buildings:
            raise FlickError(f"no building {name!r} on this map; there are "
                             f"{', '.join(sorted(board.buildings))}", exit_code=2)
        shot, what = enter_shot(game, name), f"enter the {name}"
    else:
        zombies = board.zombies()
        if not zombies:
            raise FlickError("no zombie on the table to shoot", exit_code=2)
        z = args.zombie if args.zombie is not None else min(
            zombies, key=lambda p: (math.dist(board.pos(p), here), p))
        if z not in zombies:
            raise FlickError(f"{z} is not a zombie on the table; zombies: "
                             f"{', '.join(map(str, sorted(zombies)))}", exit_code=2)
        shot, what = shoot_shot(game, z, args.side), f"shoot zombie {z} from the {args.side}"
    noise = HandNoise.from_params(board.params, args.hand)
    n_angle, n_power = args.grid
    grid = Grid.around(n_angle, n_power, angle_span=math.radians(args.angle_span),
                       power_span=args.power_span)
    m = _map(args, board.params, shot, noise, grid)
    title = (f"S{scenario.number} seed {args.seed} turn {game.turns}: {s.name} at "
             f"({here[0]:.1f}, {here[1]:.1f}) {what}, {args.hand} hand, "
             f"{args.repeats} shots per cell")
    console = Console()
    table = RichTable(title=title)
    head, *body = rows(m)
    for col in head:
        table.add_column(col, justify="right")
    for row in body:
        table.add_row(*row)
    console.print(table)
    console.print(best_line(m))
    if args.out != "-":
        console.print(f"heat map saved to {heat_map(m, Path(args.out), title)}")
    return 0


def _cells(task: tuple[Any, ...]) -> list[int]:
    """Successes of one chunk of grid cells (a task of any executor)."""
    from flick.plan.planner import run_cells

    return run_cells(*task)


def _map(args: argparse.Namespace, params: Any, shot: Any, noise: Any, grid: Any) -> Any:
    """The success map, its cells cut into chunks run on the executor of --workers or
    --scheduler; each cell's hand errors are seeded by (--plan-seed, cell index) only, so the
    map is the same on any executor."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from flick.batch import from_args
    from flick.plan.planner import Plan, cell
    from flick.replay.journal import terminate_as_interrupt

    n, wins = len(grid), []
    with terminate_as_interrupt() as stop, from_args(args, default_workers=None) as executor:
        chunks = executor.chunks(n, per_slot=2)
        tasks = [(params, shot, noise, grid, args.repeats, args.plan_seed, list(c))
                 for c in chunks]
        with Progress("[progress.description]{task.description}", BarColumn(),
                      MofNCompleteColumn(), TimeRemainingColumn(),
                      console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("cells", total=n)
            with executor.map(_cells, tasks,
                              done=lambda k: bar.advance(task, len(chunks[k]))) as batch:
                for part in batch:
                    wins += part
                    stop.check()
    cells = tuple(cell(shot, grid, i, wins[i], args.repeats) for i in range(n))
    return Plan(grid, cells, args.plan_seed, n * args.repeats)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "plan",
        help="success probability of a shot over a grid of aims and powers, and a heat map",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("scenario", type=int, help="scenario number (1-10)")
    p.add_argument("--seed", type=seed, default=0, help="the game's seed (default 0)")
    p.add_argument("--at", type=int, default=0, help="the turn to plan at (default 0)")
    p.add_argument("--action", choices=("move", "enter", "shoot"), required=True)
    p.add_argument("--target", type=_point, help="move: the point X,Y (cm)")
    p.add_argument("--building", help="enter: the building's name (default: nearest door)")
    p.add_argument("--zombie", type=int, help="shoot: the zombie's piece id (default nearest)")
    p.add_argument("--side", choices=("right", "left"), default="right",
                   help="shoot: the side the bullet is put (default right)")
    p.add_argument("--grid", type=_size, default=(7, 7),
                   help="aim offsets x power factors (default 7x7)")
    p.add_argument("--angle-span", type=float, default=6.0,
                   help="aim offsets over +- this many degrees (default 6)")
    p.add_argument("--power-span", type=float, default=0.3,
                   help="power factors over 1 +- this (default 0.3)")
    p.add_argument("--repeats", type=int, default=16, help="noisy shots per cell (default 16)")
    p.add_argument("--hand", choices=("steady", "shaky"), default="steady",
                   help="the hand-noise level of the physics parameters (default steady)")
    from flick.batch import add_options

    add_options(p, "the machine's CPUs")
    p.add_argument("--plan-seed", type=seed, default=0,
                   help="the planner's seed (the hand's errors; default 0)")
    p.add_argument("--out", default="plan.png", help="the PNG heat map (default plan.png; - none)")
    p.set_defaults(handler=_handler)
