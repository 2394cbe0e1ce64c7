"""`flick bench` section "physics": what a shot costs, side by side with the pymunk a user
would write (`flick.bench.baselines`), how the cost grows with the table and with touching
clusters, and how accurate each is. Figures are CPU ms per shot (`time.process_time`), each
over `RUNS` runs (`QUICK_RUNS` with --quick) of the same shots as {"min", "median", "max"},
the contestants interleaved shot by shot (`flick.bench.timing`); a ratio is taken run by
run. `load_average` is the machine's 1-minute load before and after the section: figures
taken on a busy machine are noisy (CPU time leaves out others' work, not the caches they share).

Under `physics`:
- `scene`, `pieces`, `shots`: the standard scene (the scenario 2 map when the scenario loader
  can place it, else a synthetic scene with its counts), its pieces, the shots per run: a
  movement disc flicked from a free spot across the city at `SHOT_SPEED`.
- `shot_ms`: `Table.flick` with toppling off: the same work as the baselines, which have
  none. `shot_topple_ms`: the same shots with toppling on (the game's), and
  `topple_cost_ratio` = shot_topple_ms / shot_ms, run by run.
- `kept_switch_ms`, `kept_defaults_ms`, `rebuilt_sleeping_ms`: the baselines (a kept space
  with flick's iteration switch, a kept space at pymunk's default iterations, a space built
  per shot with pymunk's own sleeping), and `kept_switch_ratio`, `kept_defaults_ratio`,
  `rebuilt_sleeping_ratio` = shot_ms / each (flick's target: kept_switch_ratio <= 1.0).
- `shot_steps`: median steps of flick's shot on its time grid, those flown in closed form
  between contacts (`flick.physics.flight`) included. `shot_fixed_ms`: the same shots with the
  impulse scaled by 1e-4 (no step runs): what a shot costs before its first step (building
  its space, launching, the result, freeing), toppling off.
- `accuracy_cm`: for flick and each baseline, over `ACCURACY_SHOTS` shots, the median and
  95th percentile of the largest final-position error (cm) of a piece against a converged
  fine-step reference (a space built for the shot, every body awake, `iterations`, stepped at
  1/20000 s), toppling off; pieces flick drops off the table's edge are left out.
- `table_scaling`: [pieces, ms median over runs] of local shots (`LOCAL_SPEED`, from the
  middle) on tables of `TABLE_SIZES` pieces at the standard density with the same
  neighbourhood (`scaling_scene`), `table_scaling_exponent` (slope of log ms on log pieces),
  and `table_scaling_ratio`, the largest table (full: `MAX_TABLE_PIECES` with the disc) over
  the 28-piece one, run by run (target <= 1.3).
- `cluster`: per size of `CLUSTER_SIZES`, a break shot at `BREAK_SPEED` into a hexagonal
  cluster of touching zombies (overlapped by 0.01 cm) with toppling on (`topple_ms`, and
  `fell`, how many figures fell: a cluster where none falls measures nothing of toppling)
  and off (`calm_ms`), and `topple_ratio` run by run (target <= 4).
"""

from __future__ import annotations

import math
import statistics
from functools import partial
from typing import Any

import numpy as np

from flick.bench.baselines import Kept, Positions, bare_spec, rebuilt
from flick.bench.timing import RUNS, interleaved, load, ratio_spread, spread
from flick.physics.params import PhysicsParams, Toppling
from flick.physics.table import MAX_TABLE_PIECES, Table

TABLE_SIZES = (28, 100, MAX_TABLE_PIECES - 1)  # the disc makes the largest table full
CLUSTER_SIZES = (20, 50, 100)
SHOTS = 24
QUICK_RUNS = 3  # --quick: a smoke run
ACCURACY_SHOTS = 20
SHOT_SPEED = 250.0  # cm/s: a firm movement flick, about 100 cm of slide on a free table
LOCAL_SPEED = 120.0  # cm/s: a short shot among neighbours (table_scaling)
BREAK_SPEED = 1000.0  # cm/s: a hard break shot; at 300 cm/s no figure of 50 or more falls
FINE_DT = 1.0 / 20000.0

Shot = tuple[float, float, float, float]


def calm(params: PhysicsParams) -> PhysicsParams:
    """The same parameters with toppling off (no figure falls): the baselines' physics."""
    return params.model_copy(update={"toppling": Toppling(scale=100.0)})


def _synthetic_scene(params: PhysicsParams) -> Table:
    """The standard scene before the scenario 2 map exists: its counts, placed at random
    (seeded) where they overlap nothing."""
    table = Table(params, city=(90.0, 90.0))
    rng = np.random.default_rng(2)
    for i, name in enumerate(["library", "grocery_store", "police_station", "gas_station",
                              "hospital", "school"]):
        x = 15.0 + 30.0 * (i % 3)
        y = 80.0 if i < 3 else 45.0
        table.add_building(name, x=x, y=y, angle=-math.pi / 2)
    table.add_building("rv", x=75.0, y=15.0, angle=math.pi / 2)
    for i, kind in enumerate(["car", "ice_cream_truck", "pickup_truck"]):
        table.add(kind, x=15.0 + 20.0 * i, y=28.0, angle=0.0)
    kinds = ["zombie"] * 18 + ["survivor"] * 11 + ["barrel"] * 3 + ["box"] * 3
    kinds += ["street_lamp"] * 3
    for k in rng.permutation(len(kinds)):
        for _ in range(200):
            x, y = rng.uniform(5.0, 85.0), rng.uniform(5.0, 85.0)
            pid = table.add(kinds[k], x=float(x), y=float(y), angle=float(rng.uniform(0, 6.28)))
            if not table.overlapping(pid):
                break
            table.remove(pid)
    return table


def standard_scene(params: PhysicsParams) -> tuple[Table, str]:
    """The bench's table and its name: scenario 2 if it can be placed, else synthetic."""
    try:
        from flick.scenario import load
        from flick.scenario.place import setup_table

        table, _ = setup_table(load(2), params)
        return table, "s02"
    except Exception:  # any failure of the scenario code: use the stand-in
        return _synthetic_scene(params), "synthetic"


def _free_spots(table: Table, count: int, rng: np.random.Generator) -> list[tuple[float, float]]:
    """Spots in the city where a movement disc overlaps nothing."""
    spots: list[tuple[float, float]] = []
    w, h = table.city
    while len(spots) < count:
        x, y = float(rng.uniform(5.0, w - 5.0)), float(rng.uniform(5.0, h - 5.0))
        disc = table.add("movement_disc", x=x, y=y)
        if not table.overlapping(disc):
            spots.append((x, y))
        table.remove(disc)
    return spots


def _shots(table: Table, count: int, seed: int) -> list[tuple[float, float, float, float]]:
    """(x, y, jx, jy): discs flicked from free spots toward the city's far side."""
    rng = np.random.default_rng(seed)
    w, h = table.city
    mass = table.params.pieces["movement_disc"].mass
    shots = []
    for x, y in _free_spots(table, count, rng):
        # Toward the point mirrored through the centre: across the city.
        dx, dy = w - x - x, h - y - y
        norm = math.hypot(dx, dy) or 1.0
        shots.append((x, y, mass * SHOT_SPEED * dx / norm, mass * SHOT_SPEED * dy / norm))
    return shots


def _compare(table: Table, shots: list[Shot], runs: int) -> dict[str, Any]:
    """flick (toppling off and on) and the three baselines on the same shots, interleaved."""
    quiet = Table(calm(table.params), city=table.city)
    base = table.snapshot()
    quiet.restore(base)
    kept_switch, kept_defaults = Kept(quiet, switch=True), Kept(quiet, switch=False)
    ready = []
    for x, y, jx, jy in shots:
        table.restore(base)
        disc = table.add("movement_disc", x=x, y=y)
        ready.append((table.snapshot(), disc, bare_spec(table), (jx, jy), (x, y)))
    table.restore(base)
    params = quiet.params

    def flick(on: Table, i: int) -> Any:
        state, disc, _, impulse, _ = ready[i]
        on.restore(state)
        return partial(on.flick, disc, impulse=impulse)

    def kept(space: Kept, i: int) -> Any:
        _, _, _, impulse, (x, y) = ready[i]
        return partial(space.shot, x, y, impulse)

    def fresh(i: int) -> Any:
        _, disc, spec, impulse, _ = ready[i]
        return partial(rebuilt, spec, disc, impulse, params)

    times, values = interleaved({
        "shot": partial(flick, quiet), "shot_topple": partial(flick, table),
        "kept_switch": partial(kept, kept_switch), "kept_defaults": partial(kept, kept_defaults),
        "rebuilt_sleeping": fresh,
    }, len(ready), runs, reset={"kept_switch": kept_switch.reset,
                                "kept_defaults": kept_defaults.reset})
    table.restore(base)
    out: dict[str, Any] = {f"{name}_ms": spread(t) for name, t in times.items()}
    out["shot_steps"] = statistics.median(r.steps for r in values["shot"])
    for name in ("kept_switch", "kept_defaults", "rebuilt_sleeping"):
        out[f"{name}_ratio"] = ratio_spread(times["shot"], times[name])
    out["topple_cost_ratio"] = ratio_spread(times["shot_topple"], times["shot"])

    def still(i: int) -> Any:
        state, disc, _, (jx, jy), _ = ready[i]
        quiet.restore(state)
        return partial(quiet.flick, disc, impulse=(jx * 1e-4, jy * 1e-4))

    fixed, _ = interleaved({"fixed": still}, len(ready), runs)
    table.restore(base)
    out["shot_fixed_ms"] = spread(fixed["fixed"])
    return out


def _largest_error(found: Positions, reference: Positions, left_out: tuple[int, ...]) -> float:
    return max((math.dist(found[pid], reference[pid]) for pid in reference
                if pid not in left_out), default=0.0)


def _accuracy(table: Table, shots: list[Shot]) -> dict[str, dict[str, float]]:
    """Median and 95th percentile of the largest final-position error (cm) against the
    1/20000 s reference, toppling off."""
    params = calm(table.params)
    quiet = Table(params, city=table.city)
    quiet.restore(table.snapshot())
    base = quiet.snapshot()
    kept = {"kept_switch": Kept(quiet, switch=True), "kept_defaults": Kept(quiet, switch=False)}
    errors: dict[str, list[float]] = {"flick": [], "kept_switch": [], "kept_defaults": [],
                                      "rebuilt_sleeping": []}
    for x, y, jx, jy in shots:
        quiet.restore(base)
        disc = quiet.add("movement_disc", x=x, y=y)
        spec = bare_spec(quiet)
        reference = rebuilt(spec, disc, (jx, jy), params, FINE_DT,
                            params.simulation.iterations)
        result = quiet.flick(disc, impulse=(jx, jy))
        runs = {"flick": {pid: quiet.position(pid) for pid in quiet.pieces()},
                "rebuilt_sleeping": rebuilt(spec, disc, (jx, jy), params)}
        for name, space in kept.items():
            space.shot(x, y, (jx, jy))
            runs[name] = space.positions(disc)
            space.reset()
        for name, found in runs.items():
            errors[name].append(_largest_error(found, reference, result.off_table))
    quiet.restore(base)
    return {name: {"median": round(float(np.median(e)), 4),
                   "p95": round(float(np.percentile(e, 95)), 4)} for name, e in errors.items()}


def _exponent(points: list[list[float]]) -> float:
    xs = np.log([p[0] for p in points])
    ys = np.log([p[1] for p in points])
    return round(float(np.polyfit(xs, ys, 1)[0]), 3)


def _flick_runs(table: Table, shots: list[tuple[int, tuple[float, float]]],
                runs: int) -> list[float]:
    """CPU ms per shot of `Table.flick`, run by run."""
    base = table.snapshot()

    def shot(i: int) -> Any:
        table.restore(base)
        disc, impulse = shots[i]
        return partial(table.flick, disc, impulse=impulse)

    times, _ = interleaved({"flick": shot}, len(shots), runs)
    table.restore(base)
    return times["flick"]


def scaling_scene(params: PhysicsParams, pieces: int, seed: int = 5) -> Table:
    """`pieces` figures and objects on a jittered grid at the standard scene's density (50 in
    90 x 90 cm), filling the cells nearest the free middle one first, each cell drawn from
    its own seeded generator: every table has the same neighbourhood around the middle, the
    bigger ones only more of the city farther out."""
    cell = 90.0 / math.sqrt(50.0)
    per_row = math.ceil(math.sqrt(pieces + 1))
    per_row += 1 - per_row % 2  # odd: a middle cell
    mid = per_row // 2
    table = Table(params, city=(per_row * cell, per_row * cell))
    kinds = ["zombie", "zombie", "survivor", "barrel", "box", "street_lamp"]
    around = sorted(((di, dj) for di in range(-mid, mid + 1) for dj in range(-mid, mid + 1)
                     if (di, dj) != (0, 0)), key=lambda d: (d[0] ** 2 + d[1] ** 2, d))
    jitter = max(0.0, cell / 2.0 - 3.0)
    for di, dj in around[:pieces]:
        rng = np.random.default_rng([seed, di + 1000, dj + 1000])
        kind = kinds[int(rng.integers(len(kinds)))]
        dx, dy = rng.uniform(-jitter, jitter, size=2)
        angle = rng.uniform(0.0, 6.28)
        table.add(kind, x=float((mid + di + 0.5) * cell + dx),
                  y=float((mid + dj + 0.5) * cell + dy), angle=float(angle))
    return table


def _local_shots(table: Table, count: int) -> list[tuple[int, tuple[float, float]]]:
    """A disc in the free middle cell of a scaling scene, flicked `count` ways at
    `LOCAL_SPEED` (about 25 cm of slide: it stays among the 28 nearest pieces)."""
    side = table.city[0]
    disc = table.add("movement_disc", x=side / 2.0, y=side / 2.0)
    mass = table.params.pieces["movement_disc"].mass
    return [(disc, (mass * LOCAL_SPEED * math.cos(a), mass * LOCAL_SPEED * math.sin(a)))
            for a in np.linspace(0.3, 0.3 + 2.0 * math.pi, count, endpoint=False)]


def cluster_scene(params: PhysicsParams, count: int) -> tuple[Table, int]:
    """A hexagonal cluster of `count` zombies overlapped by 0.01 cm, as shots leave them, and
    a movement disc 10 cm below it (flick it along +y)."""
    zombie = params.pieces["zombie"].diameter
    assert zombie is not None
    step = zombie - 0.01
    side = math.ceil(math.sqrt(count))
    table = Table(params, city=(300.0, 300.0))
    for k in range(count):
        i, j = divmod(k, side)
        x = 150.0 + (j - (side - 1) / 2.0) * step + (step / 2.0 if i % 2 else 0.0)
        table.add("zombie", x=x, y=150.0 + i * step * math.sqrt(3.0) / 2.0)
    return table, table.add("movement_disc", x=150.0 + step / 4.0, y=140.0)


def _clusters(params: PhysicsParams, sizes: tuple[int, ...], runs: int) -> dict[str, Any]:
    mass = params.pieces["movement_disc"].mass
    out: dict[str, Any] = {}
    for n in sizes:
        timed: dict[str, list[float]] = {}
        fell = 0
        for key, p in (("topple", params), ("calm", calm(params))):
            cluster, disc = cluster_scene(p, n)
            if key == "topple":
                probe = cluster.snapshot()
                fell = len(cluster.flick(disc, impulse=(0.0, mass * BREAK_SPEED)).fell)
                cluster.restore(probe)
            timed[key] = _flick_runs(cluster, [(disc, (0.0, mass * BREAK_SPEED))], runs)
        out[str(n)] = {"topple_ms": spread(timed["topple"]), "calm_ms": spread(timed["calm"]),
                       "fell": fell, "topple_ratio": ratio_spread(timed["topple"], timed["calm"])}
    return out


def bench(quick: bool) -> dict[str, Any]:
    """The physics section of `flick bench` (`quick`: a smoke run, 3 runs of fewer shots)."""
    params = PhysicsParams.default()
    before = load()
    runs = QUICK_RUNS if quick else RUNS
    table, scene = standard_scene(params)
    shots = _shots(table, 2 if quick else SHOTS, seed=11)
    out: dict[str, Any] = {"scene": scene, "pieces": len(table.pieces()), "runs": runs,
                           "shots": len(shots)}
    out.update(_compare(table, shots, runs))
    out["accuracy_cm"] = _accuracy(table, _shots(table, 1 if quick else ACCURACY_SHOTS,
                                                 seed=12))
    sizes = TABLE_SIZES[:2] if quick else TABLE_SIZES
    per_size = []
    for n in sizes:
        big = scaling_scene(params, n)
        per_size.append(_flick_runs(big, _local_shots(big, 1 if quick else 6), runs))
    points = [[n, round(statistics.median(t), 3)] for n, t in zip(sizes, per_size, strict=True)]
    out["table_scaling"] = points
    out["table_scaling_exponent"] = _exponent(points)
    out["table_scaling_ratio"] = ratio_spread(per_size[-1], per_size[0])
    out["cluster"] = _clusters(params, CLUSTER_SIZES[:1] if quick else CLUSTER_SIZES, runs)
    out["load_average"] = {"before": before, "after": load()}
    return {"physics": out}
