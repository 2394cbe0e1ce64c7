"""`flick tower`: drop zombies through the zombie tower many times and show what comes out.

Each drop is a Zombie Rush of `--zombies` new zombies from a tower in the middle of an empty
90 x 90 cm city, run through the side-view tower and the table to rest (`Table.rush`).
It prints the distributions a player would recognise (exit speed, how far the zombies got
from the exit, how widely they fanned out, how many ended standing) and saves a picture:
their histograms, where they came to rest, and the tower seen from the side.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

from flick import atomic
from flick.cli.args import seed
from flick.errors import FlickError


def run_drops(drops: int, zombies: int, seed: int, progress: Any = None,
              executor: Any = None) -> dict[str, Any]:
    """Run `drops` rushes of `zombies` new zombies; per-zombie samples (cm, cm/s, rad).
    Drop k draws from its own generator, seeded by (`seed`, k), so the drops can run in
    chunks on any `flick.batch` executor (default: this process) with the same samples;
    `progress(n)` is called as each chunk of n drops finishes."""
    import numpy as np

    from flick.batch import Serial
    from flick.physics import PhysicsParams

    if PhysicsParams.default().tower is None:
        raise FlickError("the physics parameters have no `tower:` section")
    executor = executor or Serial()
    chunks = executor.chunks(drops)
    done = None if progress is None else (lambda k: progress(len(chunks[k])))
    out: dict[str, list[Any]] = {}
    shaken = 0
    with executor.map(_drop_chunk, [(zombies, seed, c.start, c.stop) for c in chunks],
                      done=done) as batch:
        for part, shaken_out in batch:
            for key, values in part.items():
                out.setdefault(key, []).extend(values)
            shaken += shaken_out
    samples: dict[str, Any] = {k: np.asarray(v) for k, v in out.items()}
    samples["shaken_out"] = shaken
    return samples


def _drop_chunk(task: tuple[int, int, int, int]) -> tuple[dict[str, list[Any]], int]:
    """Drops `first`..`stop`-1 of `zombies` zombies (a task of any executor): per-zombie
    samples and how many zombies were shaken out."""
    import numpy as np

    from flick.physics import PhysicsParams, Table

    zombies, seed, first, stop = task
    params = PhysicsParams.default()
    tp = params.tower
    assert tp is not None
    tower = (45.0, 45.0, math.pi / 2.0)  # exit facing +y, up the page
    exit_x, exit_y = 45.0, 45.0 + tp.depth / 2.0
    out: dict[str, list[Any]] = {k: [] for k in (
        "exit_speed", "exit_time", "travel", "spread", "rest_x", "rest_y", "slot",
        "upright_exit", "standing")}
    shaken = 0
    for k in range(first, stop):
        table = Table(params, city=(90.0, 90.0))
        result = table.rush(zombies, tower=tower, rng=np.random.default_rng([seed, k]))
        for zid, ex in zip(result.rushed, result.exits, strict=True):
            x, y = table.position(zid)
            dx, dy = x - exit_x, y - exit_y
            out["exit_speed"].append(ex.speed)
            out["exit_time"].append(ex.time)
            out["travel"].append(math.hypot(dx, dy))
            out["spread"].append(math.atan2(-dx, dy))  # + to the left of the facing
            out["rest_x"].append(dx)
            out["rest_y"].append(dy)
            out["slot"].append(float(ex.slot))
            out["upright_exit"].append(ex.upright)
            out["standing"].append(table.is_standing(zid))
            shaken += ex.shaken_out
    return out, shaken


def _summary(s: dict[str, Any]) -> list[tuple[str, str, str, str, str]]:
    import numpy as np

    rows = []
    for key, label, unit, scale in (
        ("exit_speed", "exit speed", "cm/s", 1.0),
        ("exit_time", "exit time", "s", 1.0),
        ("travel", "distance from the exit", "cm", 1.0),
        ("spread", "spread angle", "deg", 180.0 / math.pi),
    ):
        v = s[key] * scale
        p10, p50, p90 = np.percentile(v, [10, 50, 90])
        rows.append((label, unit, f"{v.mean():.1f} ± {v.std():.1f}", f"{p50:.1f}",
                     f"{p10:.1f} .. {p90:.1f}"))
    return rows


def _picture(s: dict[str, Any], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from flick.physics import PhysicsParams

    fig, axes = plt.subplots(2, 3, figsize=(15, 9))
    panels = [
        (axes[0, 0], s["exit_speed"], "exit speed (cm/s)"),
        (axes[0, 1], s["travel"], "distance from the exit at rest (cm)"),
        (axes[0, 2], s["spread"] * 180.0 / math.pi, "spread angle from the facing (deg)"),
    ]
    for ax, values, label in panels:
        ax.hist(values, bins=40, color="#5a7d9a", edgecolor="white")
        ax.set_xlabel(label)
        ax.set_ylabel("zombies")
    ax = axes[1, 0]
    order = s["slot"].astype(int)
    for slot in sorted(set(order.tolist())):
        ax.hist(s["exit_time"][order == slot], bins=30, alpha=0.6, label=f"slot {slot}")
    ax.set_xlabel("exit time after the pull (s)")
    ax.set_ylabel("zombies")
    ax.legend()
    ax = axes[1, 1]
    up = s["standing"]
    ax.scatter(s["rest_x"][~up], s["rest_y"][~up], s=4, alpha=0.3, label="fallen")
    ax.scatter(s["rest_x"][up], s["rest_y"][up], s=8, color="red", label="standing")
    tp = PhysicsParams.default().tower
    assert tp is not None
    hw = tp.width / 2.0
    ax.fill([-hw, hw, hw, -hw], [0, 0, -tp.depth, -tp.depth], color="#999999")
    ax.plot([-tp.exit_width / 2, tp.exit_width / 2], [0, 0], color="black", lw=3)
    ax.set_aspect("equal")
    ax.set_xlabel("across (cm)")
    ax.set_ylabel("out of the exit (cm)")
    ax.set_title("where the zombies came to rest (tower grey)")
    ax.legend(loc="upper right")
    _side_view(axes[1, 2], tp)
    fig.suptitle(title)
    fig.tight_layout()
    try:
        atomic.write_with(path, lambda tmp: fig.savefig(tmp, dpi=80))
    except OSError as exc:
        raise FlickError(f"{path}: cannot write the picture: {exc.strerror or exc}") from None
    plt.close(fig)


def _side_view(ax: Any, tp: Any) -> None:
    """The tower seen from the side with the paths of one drop's zombies."""
    from flick.physics.tower import tower_world

    n = tp.slot_count()
    world = tower_world(n, tp, 0)
    paths: list[list[tuple[float, float]]] = [[] for _ in range(n)]
    while world.pending and world.steps < world.max_steps:
        for i in world.pending:
            body = world.zombies[i]
            c = body.local_to_world(body.center_of_gravity)
            paths[i].append((c.x, c.y))
        world.step()
    hd = tp.depth / 2.0
    ax.plot([-hd, -hd], [0, tp.height], color="black", lw=2)
    ax.plot([hd, hd], [tp.exit_height, tp.height], color="black", lw=2)
    for b in tp.baffles:
        ax.plot([b.a[0], b.b[0]], [b.a[1], b.b[1]], color="black", lw=2)
    ax.plot([q[0] for q in tp.ramp], [q[1] for q in tp.ramp], color="black", lw=2)
    ax.plot([hd, hd + 12], [0, 0], color="#777777", lw=1)
    ax.plot([-hd, hd], [tp.roof_height, tp.roof_height], color="#aa7733", lw=2, ls="--")
    for i, path in enumerate(paths):
        ax.plot([p[0] for p in path], [p[1] for p in path], lw=1, label=f"slot {i + 1}")
    ax.set_aspect("equal")
    ax.set_xlim(-hd - 2, hd + 12)
    ax.set_title("side view: one drop (centre of mass paths)")
    ax.set_xlabel("toward the exit (cm)")
    ax.set_ylabel("height (cm)")
    ax.legend(loc="upper right", fontsize=8)


# The most rushes one run drops (about 20 minutes of simulation on one core).
MAX_DROPS = 100_000


def _handler(args: argparse.Namespace) -> int:
    if args.drops < 1:
        raise FlickError("--drops must be at least 1", exit_code=2)
    if not 1 <= args.zombies <= 18:
        raise FlickError("--zombies must be between 1 and 18", exit_code=2)
    if args.drops > MAX_DROPS:
        raise FlickError(f"--drops must be at most {MAX_DROPS}", exit_code=2)
    if args.out != "-":  # a bad output is found before the drops, not after
        atomic.check_writable(args.out, "picture")
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
    from rich.table import Table as RichTable

    from flick.batch import from_args

    console = Console()
    with from_args(args) as executor, \
            Progress("[progress.description]{task.description}", BarColumn(),
                     MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                     transient=True) as bar:
        task = bar.add_task("dropping", total=args.drops)
        samples = run_drops(args.drops, args.zombies, args.seed,
                            progress=lambda n: bar.advance(task, n), executor=executor)
    n = len(samples["travel"])
    report = RichTable(title=f"{args.drops} drops of {args.zombies} zombies ({n} zombies)")
    for col in ("measure", "unit", "mean ± sd", "median", "10% .. 90%"):
        report.add_column(col)
    for row in _summary(samples):
        report.add_row(*row)
    console.print(report)
    console.print(f"left the tower upright: {samples['upright_exit'].mean():.1%}; "
                  f"ended standing on the table: {samples['standing'].mean():.1%}; "
                  f"shaken out (stuck inside): {samples['shaken_out']}")
    if args.out != "-":
        path = Path(args.out)
        _picture(samples, path, f"zombie tower: {args.drops} drops of {args.zombies}, "
                                f"seed {args.seed}")
        console.print(f"histograms saved to {path}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "tower",
        help="drop zombies through the zombie tower and show the distributions",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--drops", type=int, default=200, help="how many rushes (default 200)")
    p.add_argument("--zombies", type=int, default=3,
                   help="zombies per rush, 4 fit on the roof at once (default 3: a loud rush)")
    p.add_argument("--seed", type=seed, default=0, help="seed of the drops (default 0)")
    p.add_argument("--out", default="tower_drops.png",
                   help="where to save the histogram picture, '-' for none "
                        "(default tower_drops.png)")
    from flick.batch import add_options

    add_options(p, "1: this process")
    p.set_defaults(handler=_handler)
