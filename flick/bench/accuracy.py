"""`python -m flick.bench.accuracy`: how close flick's shots end to a converged reference.

Varied shots on the bench's standard scene (scenario 2, toppling off): each flicks a piece
of `KINDS` placed where it overlaps nothing, at a seeded speed (`SPEEDS` cm/s), direction and
side offset (spin: the impulse up to `MAX_OFFSET` of the piece's radius off its centre).
The reference plays the same shot in a pymunk space built for it, every body awake, the
shipped solver iterations and a fixed 1/20000 s step (`flick.bench.baselines.rebuilt`).
A shot's error is the largest distance (cm) between a piece's final position in flick and in
the reference, pieces flick drops off the table's edge left out. Prints the median, 95th
percentile and mean over the shots; `--json FILE` writes them with every shot's error, and
`--against FILE` (an earlier run's JSON, the same shots) counts the shots that ended closer
to the reference, farther, or the same (within 1e-6 cm), as the physics changes.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np

KINDS = ("movement_disc", "movement_disc", "bullet", "survivor")  # drawn equally often
SPEEDS = (60.0, 600.0)  # cm/s, uniform
MAX_OFFSET = 0.8  # of the piece's radius: a side flick that sets it spinning
SAME_CM = 1e-6

Shot = tuple[str, float, float, tuple[float, float], tuple[float, float]]


def varied_shots(table: Any, count: int, seed: int) -> list[Shot]:
    """(kind, x, y, impulse, offset) for `count` shots from spots where the piece overlaps
    nothing, each drawn from `seed`'s generator."""
    rng = np.random.default_rng(seed)
    w, h = table.city
    shots: list[Shot] = []
    while len(shots) < count:
        kind = KINDS[int(rng.integers(len(KINDS)))]
        x, y = float(rng.uniform(5.0, w - 5.0)), float(rng.uniform(5.0, h - 5.0))
        speed = float(rng.uniform(*SPEEDS))
        heading = float(rng.uniform(0.0, 2.0 * math.pi))
        side = float(rng.uniform(-MAX_OFFSET, MAX_OFFSET))
        pid = table.add(kind, x=x, y=y)
        free = not table.overlapping(pid)
        table.remove(pid)
        if not free:
            continue
        piece = table.params.pieces[kind]
        ux, uy = math.cos(heading), math.sin(heading)
        reach = side * _radius(table, kind)
        shots.append((kind, x, y, (piece.mass * speed * ux, piece.mass * speed * uy),
                      (-uy * reach, ux * reach)))
    return shots


def _radius(table: Any, kind: str) -> float:
    pid = table.add(kind, x=-500.0, y=-500.0)
    radius = max(r for _, r in table.outline(pid))
    table.remove(pid)
    return radius


def errors(shots: list[Shot], progress: Any = None) -> list[float]:
    """Each shot's largest final-position error (cm) against the 1/20000 s reference."""
    from flick.bench.baselines import bare_spec, rebuilt
    from flick.bench.physics import FINE_DT, calm, standard_scene
    from flick.physics.params import PhysicsParams

    params = calm(PhysicsParams.default())
    table, _ = standard_scene(params)
    base = table.snapshot()
    found = []
    for kind, x, y, impulse, offset in shots:
        table.restore(base)
        pid = table.add(kind, x=x, y=y)
        reference = rebuilt(bare_spec(table), pid, impulse, params, FINE_DT,
                            params.simulation.iterations, offset)
        result = table.flick(pid, impulse=impulse, offset=offset)
        flick = {p: table.position(p) for p in table.pieces()}
        found.append(max((math.dist(flick[p], reference[p]) for p in reference
                          if p not in result.off_table), default=0.0))
        if progress is not None:
            progress()
    table.restore(base)
    return found


def summary(found: list[float]) -> dict[str, float]:
    return {"median": round(float(np.median(found)), 4),
            "p95": round(float(np.percentile(found, 95)), 4),
            "mean": round(float(np.mean(found)), 4)}


def compare(found: list[float], before: list[float]) -> dict[str, int]:
    """How many shots ended closer to the reference than `before`, farther, the same."""
    if len(found) != len(before):
        raise ValueError(f"{len(before)} shots before against {len(found)} now: not the same shots")
    out = {"closer": 0, "farther": 0, "same": 0}
    for now, then in zip(found, before, strict=True):
        out["same" if abs(now - then) <= SAME_CM else "closer" if now < then else "farther"] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m flick.bench.accuracy", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shots", type=int, default=200, help="how many shots (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="the shots' seed (default 0)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the figures here")
    parser.add_argument("--against", type=Path, metavar="FILE",
                        help="an earlier run's --json output, of the same shots and seed")
    args = parser.parse_args(argv)
    before = None
    if args.against is not None:
        try:
            before = json.loads(args.against.read_text())
            if (before["shots"], before["seed"]) != (args.shots, args.seed):
                raise ValueError(f"it holds {before['shots']} shots of seed {before['seed']}")
            before_errors = [float(e) for e in before["errors"]]
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"flick: --against {args.against}: {e}", file=sys.stderr)
            return 2

    from rich.progress import Progress

    from flick.bench.physics import calm, standard_scene
    from flick.physics.params import PhysicsParams

    table, scene = standard_scene(calm(PhysicsParams.default()))
    shots = varied_shots(table, args.shots, args.seed)
    with Progress(transient=True) as bar:
        task = bar.add_task("shots against the 1/20000 s reference", total=len(shots))
        found = errors(shots, progress=lambda: bar.advance(task))
    out: dict[str, Any] = {"scene": scene, "shots": args.shots, "seed": args.seed,
                           "error_cm": summary(found)}
    if before is not None:
        out["against"] = {"error_cm": summary(before_errors), **compare(found, before_errors)}
    print(json.dumps(out, indent=1))
    if args.json is not None:
        from flick.atomic import write_text

        write_text(args.json, json.dumps({**out, "errors": found}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
