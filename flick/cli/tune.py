"""`flick tune` (and `tools/tune_friction.py`): fit the table's physics to measured shots.

Reads a CSV of shots measured on a real table (the protocol and the columns are in
tools/README.md), re-plays each on flick's table, and fits the sliding friction (`mu_<kind>`),
spin friction (`spin_<kind>`), elasticity (`elasticity_<material>`) and toppling threshold
(`topple_<kind>`) with their standard errors. Writes a new parameter file (--out), residual plots
(--plots) and, with --json, the result as one JSON object.

--synthetic makes the measurements itself: a table with known parameters is measured by
simulation plus a person's measurement errors (seeded), then fitted, to show the values come back.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from flick import atomic
from flick.cli.args import seed


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("csv", nargs="*", type=Path,
                   help="measured shots (see tools/README.md); several files (e.g. one per "
                        "`flick measure` run) are fitted together")
    p.add_argument("--synthetic", action="store_true",
                   help="invent measurements by simulating a table with known parameters")
    p.add_argument("--seed", type=seed, default=0, help="seed of --synthetic (default 0)")
    p.add_argument("--shots", type=int, default=None,
                   help="--synthetic: shots per test and piece kind (default 20; 2x for toppling)")
    p.add_argument("--physics", type=Path, default=None,
                   help="parameter file to start from (default assets/physics/default.yaml)")
    p.add_argument("--out", type=Path, help="write the fitted parameter file here (.yaml); an "
                   "existing file is kept as NAME.bak with --force, refused without it")
    p.add_argument("--force", action="store_true",
                   help="--out may replace an existing file (kept as NAME.bak)")
    p.add_argument("--plots", type=Path, metavar="DIR", help="write residual plots (PNG) here")
    p.add_argument("--save-csv", type=Path, metavar="FILE",
                   help="--synthetic: also write the invented measurements as a CSV")
    p.add_argument("--json", action="store_true", help="print the result as one JSON object")
    from flick.batch import add_options

    add_options(p, "all cores; 1: this process")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "tune",
        help="fit friction, spin, elasticity and toppling to shots measured on a real table",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_arguments(p)
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    import numpy as np
    from rich.console import Console
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from flick.errors import FlickError
    from flick.paths import assets
    from flick.physics import PhysicsParams
    from flick.tuning import calibrate, measurements, model, output, synthetic

    if not args.csv and not args.synthetic:
        raise FlickError("give a CSV of measured shots, or --synthetic", exit_code=2)
    if args.csv and args.synthetic:
        raise FlickError("give a CSV or --synthetic, not both", exit_code=2)
    if args.shots is not None and args.shots < 3:
        raise FlickError("--shots must be at least 3", exit_code=2)
    base = args.physics or assets() / "physics" / "default.yaml"
    params = PhysicsParams.load(base)
    # Every output path checked before the fit runs (minutes), not after it.
    if args.out:
        atomic.check_writable(args.out, "parameter file")
        if args.out.exists() and not getattr(args, "force", False):
            raise FlickError(f"{args.out} exists; give --force to replace it (the old file is "
                             "kept as NAME.bak) or another --out", exit_code=2)
    if args.save_csv:
        atomic.check_writable(args.save_csv, "CSV")
    if args.plots and args.plots.exists() and not args.plots.is_dir():
        raise FlickError(f"{args.plots}: --plots names a folder, not a file", exit_code=2)
    console = Console(stderr=True)
    truth = None
    progress = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
                        TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                        console=console, transient=True,
                        disable=args.json and not console.is_terminal)
    from flick.batch import Chunked, from_args

    with from_args(args, default_workers=None) as where, progress:
        executor = Chunked(where)
        if args.synthetic:
            rng = np.random.default_rng(args.seed)
            protocol = synthetic.Protocol()
            if args.shots is not None:
                protocol = synthetic.Protocol(shots=args.shots, topple_shots=2 * args.shots)
            truth = synthetic.true_values(params, protocol, rng)
            data = synthetic.measure(params, truth, protocol, rng, executor=executor,
                                     progress=progress)
            source = f"synthetic measurements (seed {args.seed})"
            if args.save_csv:
                _write(args.save_csv, measurements.dump(data.shots))
        else:
            loaded = [measurements.load(path, kinds=model.kinds(params)) for path in args.csv]
            data = measurements.Measurements(
                source=", ".join(m.source for m in loaded),
                shots=tuple(shot for m in loaded for shot in m.shots))
            source = ", ".join(path.name for path in args.csv)
        try:
            result = calibrate.tune(data, params, executor, progress)
        except ValueError as exc:
            raise FlickError(f"{source}: {exc}") from None
    plots = []
    try:
        if args.out:
            atomic.keep_backup(args.out)
            output.write_params(result, Path(base), args.out, source)
        if args.plots:
            from flick.tuning.plots import write_plots

            plots = write_plots(result, args.plots, truth)
    except OSError as exc:
        raise FlickError(f"{exc.filename or 'output'}: cannot write: {exc.strerror}") from None
    if args.json:
        json.dump(output.result_json(result, truth), sys.stdout, indent=2, sort_keys=False)
        sys.stdout.write("\n")
    else:
        _print_table(console, result, truth, source, len(data.shots))
        if args.out:
            console.print(f"parameter file written: {args.out}")
        for path in plots:
            console.print(f"plot written: {path}")
    for warning in result.warnings:
        console.print(f"[yellow]warning:[/yellow] {warning}")
    return 0


def _write(path: Path, text: str) -> None:
    from flick.errors import FlickError

    try:
        atomic.write_text(path, text)
    except OSError as exc:
        raise FlickError(f"{path}: cannot write: {exc.strerror}") from None


def _print_table(console, result, truth, source: str, shots: int) -> None:
    from rich.table import Table

    table = Table(title=f"flick tune: {shots} shots from {source}")
    table.add_column("parameter")
    table.add_column("start", justify="right")
    if truth is not None:
        table.add_column("true", justify="right")
    table.add_column("fitted", justify="right")
    table.add_column("+- stderr", justify="right")
    table.add_column("shots", justify="right")
    if truth is not None:
        table.add_column("error", justify="right")
    for name in sorted(result.fitted):
        row = [name, f"{result.start[name]:.4f}"]
        if truth is not None:
            row.append(f"{truth[name]:.4f}")
        row += [f"{result.fitted[name]:.4f}", f"{result.stderr[name]:.4f}",
                str(result.shots.get(name, 0))]
        if truth is not None:
            row.append(f"{100 * (result.fitted[name] / truth[name] - 1):+.2f} %")
        table.add_row(*row)
    Console = type(console)
    Console(file=sys.stdout).print(table)
    if result.reduced_chi2 is not None:
        console.print(f"reduced chi-square of the least-squares fit: {result.reduced_chi2:.3g}")


def main(argv: list[str] | None = None) -> int:
    """Entry point of tools/tune_friction.py: the same as `flick tune`."""
    from flick.errors import FlickError

    parser = argparse.ArgumentParser(prog="tune_friction.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return handle(args)
    except FlickError as exc:
        print(f"tune_friction.py: error: {exc}", file=sys.stderr)
        return exc.exit_code
