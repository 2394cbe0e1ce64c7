"""`flick bench` section "physics": what a shot costs, side by side with the pymunk a user
would write, how the cost grows with the table and with touching clusters, and how accurate
each is. All times are CPU time (`time.process_time`) in ms, the median over shots of the
median of `REPEATS` interleaved repeats (flick, then each baseline, shot after shot), the
garbage collector paused while timing and a shot's garbage freed inside its timing.

- `shot_ms`: `Table.flick` of a movement disc across the standard scene (the scenario 2 map
  when the scenario loader can place it, else a synthetic scene with its counts;
  `physics_scene` says which), at `SHOT_SPEED`.
- `bare_kept_ms`: the same shots in a pymunk space built once for the table and kept between
  shots, the way a pymunk user would write it: every piece a body with the same shapes,
  filters and friction joints, bodies asleep between shots, one movement disc body moved to
  the shot's spot, and flick's accuracy rule (the step from the fastest awake body every
  `check_every` steps, until every awake body rests). No callbacks, no results. Putting the
  moved bodies back between shots is not timed.
- `bare_rebuilt_ms`: the same in a pymunk space built from prepared plain tuples and freed
  for every shot (the baseline of earlier versions).
- `kept_ratio` = shot_ms / bare_kept_ms (target <= 1.0); `rebuilt_ratio` = shot_ms /
  bare_rebuilt_ms.
- `table_scaling`: [pieces, ms] of the same local shots (`LOCAL_SPEED`, from the middle)
  on tables of `TABLE_SIZES` pieces at the standard density with the same neighbourhood
  (`scaling_scene`), and `table_scaling_exponent`, the slope of log ms on
  log pieces over all points (target: 50,000 pieces <= 1.3 x the 28-piece cost,
  `table_scaling_ratio`).
- `cluster_scaling`: [pieces, ms] of a break shot into hexagonal clusters of `CLUSTER_SIZES`
  touching zombies (overlapped by 0.01 cm) with toppling on, its exponent, the same shots
  with toppling off (`cluster_scaling_no_topple`) and `cluster_topple_ratio` at the largest
  (target <= 4).
- `accuracy_cm`: for flick and both baselines, the median over `ACCURACY_SHOTS` shots of the
  largest final-position error (cm) of a piece against a converged fine-step reference (the
  rebuilt space stepped at 1/20000 s), toppling off for all four (bare pymunk has none);
  pieces flick drops off the table's edge are left out.
"""

from __future__ import annotations

import gc
import math
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
import pymunk

from flick.physics.params import PhysicsParams, Toppling
from flick.physics.table import Table
from flick.physics.world import filter_for

TABLE_SIZES = (28, 500, 5000, 20000, 50000)
CLUSTER_SIZES = (20, 50, 100, 200)
REPEATS = 5
ACCURACY_SHOTS = 20
SHOT_SPEED = 250.0  # cm/s: a firm movement flick, about 100 cm of slide on a free table
LOCAL_SPEED = 120.0  # cm/s: a short shot among neighbours (table_scaling)
BREAK_SPEED = 300.0  # cm/s: a disc into a cluster
FINE_DT = 1.0 / 20000.0

Spec = tuple[list[Any], list[Any], float]
Shot = tuple[float, float, float, float]


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


def _cpu(work: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds `work` takes, freeing its garbage included (collector paused meanwhile)."""
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        value = work()
        gc.collect(0)  # what the shot allocated is young: free it now
        return time.process_time() - start, value
    finally:
        gc.enable()


def _bare_spec(table: Table) -> tuple[list[Any], list[Any], float]:
    """Plain tuples of every body and static shape of the table, prepared ahead of timing,
    and the thinnest shape (cm) for the step policy."""
    fps = table._fp  # the same footprints the table's world uses
    params = table.params
    bodies = []
    thinnest = math.inf
    for p in table.snapshot().pieces:
        fp = fps.get(p.kind, p.standing)
        thinnest = min(thinnest, fp.thinnest)
        if fp.topple_impulse is not None:
            thinnest = min(thinnest, fps.get(p.kind, False).thinnest)
        mat = params.materials[fp.material]
        weight = fp.table_friction * fp.mass * params.gravity
        parts = [(part.core, part.radius) for part in fp.parts]
        bodies.append((p.id, fp.mass, fp.moment, fp.cog, (p.x, p.y), p.angle, parts,
                       filter_for(fp.layer), mat.elasticity, mat.friction, weight,
                       weight * fp.spin_radius, fp.reach))
    statics = []
    for pid in (part for b in table.buildings() for part in table.building_parts(b)):
        fp = table._footprint(pid)
        thinnest = min(thinnest, fp.thinnest)
        mat = params.materials[fp.material]
        for core, radius in table.outline(pid):
            statics.append((core, radius, filter_for(fp.layer), mat.elasticity, mat.friction))
    return bodies, statics, thinnest


def _space(params: PhysicsParams) -> pymunk.Space:
    sim = params.simulation
    space = pymunk.Space()
    space.iterations = sim.iterations
    space.sleep_time_threshold = sim.sleep_time
    space.idle_speed_threshold = sim.rest_speed
    space.collision_slop = sim.collision_slop
    return space


def _populate(space: pymunk.Space, spec: Spec) -> dict[int, tuple[pymunk.Body, float]]:
    """Every static shape and body of `spec` in `space`: pid -> (body, reach)."""
    bodies, statics, _ = spec
    static = space.static_body
    for core, radius, flt, e, f in statics:
        wall = pymunk.Poly(static, list(core), None, radius)
        wall.filter, wall.elasticity, wall.friction = flt, e, f
        space.add(wall)
    made: dict[int, tuple[pymunk.Body, float]] = {}
    for pid, mass, moment, cog, pos, angle, parts, flt, e, f, force, torque, reach in bodies:
        body = pymunk.Body(mass, moment)
        body.center_of_gravity = cog
        body.position = pos
        body.angle = angle
        shapes: list[pymunk.Shape] = []
        for core, radius in parts:
            shape: pymunk.Shape
            if len(core) == 1:
                shape = pymunk.Circle(body, radius, core[0])
            elif len(core) == 2:
                shape = pymunk.Segment(body, core[0], core[1], radius)
            else:
                shape = pymunk.Poly(body, list(core), None, radius)
            shape.filter, shape.elasticity, shape.friction = flt, e, f
            shapes.append(shape)
        slide = pymunk.PivotJoint(static, body, (0.0, 0.0), cog)
        slide.max_bias, slide.max_force = 0.0, force
        spin = pymunk.GearJoint(static, body, 0.0, 1.0)
        spin.max_bias, spin.max_force = 0.0, torque
        space.add(body, *shapes, slide, spin)
        made[pid] = (body, reach)
    return made


def _step_until_rest(space: pymunk.Space, made: list[tuple[pymunk.Body, float]],
                     params: PhysicsParams, thinnest: float, fixed_dt: float | None = None) -> int:
    """flick's accuracy rule on the awake bodies (or a fixed step): the number of steps."""
    sim = params.simulation
    max_move = min(sim.step_fraction * thinnest, sim.max_step)
    step = space.step
    last_dt, spent, steps = 0.0, 0.0, 0
    per_check = sim.check_every if fixed_dt is None else 160
    while spent < sim.max_time:
        fastest, resting = 0.0, True
        for body, reach in made:
            if body.is_sleeping:
                continue
            speed = abs(body.velocity)
            spin = abs(body.angular_velocity)
            if speed >= sim.rest_speed or spin >= sim.rest_spin:
                resting = False
                fastest = max(fastest, speed + spin * reach)
        if resting:
            break
        if fixed_dt is None:
            dt = sim.max_dt if fastest * sim.max_dt <= max_move else max_move / fastest
            if last_dt:
                dt = min(dt, last_dt * sim.max_dt_growth)
            last_dt = dt
        else:
            dt = fixed_dt
        for _ in range(per_check):
            step(dt)
        steps += per_check
        spent += dt * per_check
    return steps


def _bare_rebuilt(spec: Spec, launched: int, impulse: tuple[float, float],
                  params: PhysicsParams, fixed_dt: float | None = None,
                  ) -> dict[int, tuple[float, float]]:
    """The shot in a pymunk space built for it: every piece a body, asleep but the flicked
    one; final positions."""
    space = _space(params)
    made = _populate(space, spec)
    for pid, (body, _) in made.items():
        if pid != launched:
            body.sleep()
    target = made[launched][0]
    target.apply_impulse_at_world_point(impulse, target.position)
    _step_until_rest(space, list(made.values()), params, spec[2], fixed_dt)
    return {pid: (body.position.x, body.position.y) for pid, (body, _) in made.items()}


class _Kept:
    """A pymunk space built once for a table (without the disc) and kept between shots, with
    one movement disc body parked off the table between shots."""

    def __init__(self, table: Table, params: PhysicsParams) -> None:
        self.params = params
        self.spec = _bare_spec(table)
        self.space = _space(params)
        probe = table.add("movement_disc", x=-500.0, y=-500.0)
        disc_spec = _bare_spec(table)
        table.remove(probe)
        self.disc_id = probe
        entry = next(b for b in disc_spec[0] if b[0] == probe)
        self.made = _populate(self.space, ([*self.spec[0], entry], self.spec[1], self.spec[2]))
        self.disc = self.made[probe][0]
        self.base = {pid: ((b.position.x, b.position.y), b.angle)
                     for pid, (b, _) in self.made.items()}
        self.bodies = list(self.made.values())
        self.space.step(1e-6)
        for body, _ in self.bodies:
            if not body.is_sleeping:
                body.sleep()

    def shot(self, x: float, y: float, impulse: tuple[float, float]) -> int:
        disc = self.disc
        disc.activate()
        disc.position = (x, y)
        disc.apply_impulse_at_world_point(impulse, (x, y))
        return _step_until_rest(self.space, self.bodies, self.params, self.spec[2])

    def positions(self) -> dict[int, tuple[float, float]]:
        return {pid: (b.position.x, b.position.y) for pid, (b, _) in self.made.items()}

    def reset(self) -> None:
        """Put the moved bodies back and asleep (not timed: a user would play on)."""
        for pid, (body, _) in self.made.items():
            pos, angle = self.base[pid]
            if body.is_sleeping and tuple(body.position) == pos:
                continue
            body.activate()
            body.position, body.angle = pos, angle
            body.velocity, body.angular_velocity = (0.0, 0.0), 0.0
        self.space.step(1e-6)
        for body, _ in self.bodies:
            if not body.is_sleeping:
                body.sleep()


def _median_ms(samples: list[list[float]]) -> float:
    """Median over shots of the median over repeats, in ms."""
    return statistics.median(statistics.median(s) for s in samples) * 1e3


def _compare(table: Table, shots: list[Shot], repeats: int) -> dict[str, Any]:
    """flick, the kept space and the rebuilt space on the same shots, interleaved."""
    params = table.params
    base = table.snapshot()
    kept = _Kept(table, params)
    ready = []
    for x, y, jx, jy in shots:
        table.restore(base)
        disc = table.add("movement_disc", x=x, y=y)
        ready.append((table.snapshot(), disc, _bare_spec(table), (jx, jy), (x, y)))
    flick: list[list[float]] = [[] for _ in shots]
    kept_t: list[list[float]] = [[] for _ in shots]
    rebuilt: list[list[float]] = [[] for _ in shots]
    steps = []
    for r in range(repeats):
        for i, (state, disc, spec, impulse, (x, y)) in enumerate(ready):
            table.restore(state)
            seconds, result = _cpu(partial(table.flick, disc, impulse=impulse))
            flick[i].append(seconds)
            if r == 0:
                steps.append(result.steps)
            seconds, _ = _cpu(partial(kept.shot, x, y, impulse))
            kept_t[i].append(seconds)
            kept.reset()
            seconds, _ = _cpu(partial(_bare_rebuilt, spec, disc, impulse, params))
            rebuilt[i].append(seconds)
    table.restore(base)
    shot_ms, kept_ms, rebuilt_ms = _median_ms(flick), _median_ms(kept_t), _median_ms(rebuilt)
    return {
        "shot_ms": round(shot_ms, 3),
        "shot_steps": statistics.median(steps),
        "bare_kept_ms": round(kept_ms, 3),
        "bare_rebuilt_ms": round(rebuilt_ms, 3),
        "kept_ratio": round(shot_ms / kept_ms, 3),
        "rebuilt_ratio": round(shot_ms / rebuilt_ms, 3),
    }


def _accuracy(table: Table, shots: list[Shot]) -> dict[str, float]:
    """Median largest final-position error (cm) against the 1/20000 s reference."""
    params = table.params.model_copy(update={"toppling": Toppling(scale=100.0)})
    calm = Table(params, city=table.city)
    calm.restore(table.snapshot())
    base = calm.snapshot()
    kept = _Kept(calm, params)
    errors: dict[str, list[float]] = {"flick": [], "bare_kept": [], "bare_rebuilt": []}
    for x, y, jx, jy in shots:
        calm.restore(base)
        disc = calm.add("movement_disc", x=x, y=y)
        spec = _bare_spec(calm)
        reference = _bare_rebuilt(spec, disc, (jx, jy), params, FINE_DT)
        result = calm.flick(disc, impulse=(jx, jy))
        got = {pid: calm.position(pid) for pid in calm.pieces()}
        kept.shot(x, y, (jx, jy))
        kept_got = kept.positions()
        kept_got[disc] = kept_got.pop(kept.disc_id)
        kept.reset()
        runs = {"flick": got, "bare_kept": kept_got,
                "bare_rebuilt": _bare_rebuilt(spec, disc, (jx, jy), params)}
        for name, found in runs.items():
            errors[name].append(max(
                (math.dist(found[pid], reference[pid]) for pid in reference
                 if pid not in result.off_table), default=0.0))
    calm.restore(base)
    return {name: round(statistics.median(e), 4) for name, e in errors.items()}


def _exponent(points: list[list[float]]) -> float:
    xs = np.log([p[0] for p in points])
    ys = np.log([p[1] for p in points])
    return round(float(np.polyfit(xs, ys, 1)[0]), 3)


def _flick_ms(table: Table, shots: list[tuple[int, tuple[float, float]]], repeats: int) -> float:
    """Median CPU ms of `Table.flick` over shots (each the median of interleaved repeats)."""
    base = table.snapshot()
    samples: list[list[float]] = [[] for _ in shots]
    for _ in range(repeats):
        for i, (disc, impulse) in enumerate(shots):
            table.restore(base)
            seconds, _ = _cpu(partial(table.flick, disc, impulse=impulse))
            samples[i].append(seconds)
    table.restore(base)
    return _median_ms(samples)


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
            for a in (0.3, 1.9, 3.6)[:count]]


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


def bench(quick: bool) -> dict[str, Any]:
    """The physics section of `flick bench`."""
    params = PhysicsParams.default()
    table, scene = standard_scene(params)
    out: dict[str, Any] = {"physics_scene": scene, "physics_pieces": len(table.pieces())}
    out.update(_compare(table, _shots(table, 6 if quick else 20, seed=11), REPEATS))
    out["accuracy_cm"] = _accuracy(table, _shots(table, 4 if quick else ACCURACY_SHOTS,
                                                 seed=12))
    repeats = 3 if quick else REPEATS
    points = []
    for n in TABLE_SIZES:
        big = scaling_scene(params, n)
        points.append([n, round(_flick_ms(big, _local_shots(big, 1 if quick else 3),
                                          repeats), 3)])
    out["table_scaling"] = points
    out["table_scaling_exponent"] = _exponent(points)
    out["table_scaling_ratio"] = round(points[-1][1] / points[0][1], 3)
    mass = params.pieces["movement_disc"].mass
    calm = params.model_copy(update={"toppling": Toppling(scale=100.0)})
    for key, p in (("cluster_scaling", params), ("cluster_scaling_no_topple", calm)):
        points = []
        for n in CLUSTER_SIZES:
            cluster, disc = cluster_scene(p, n)
            ms = _flick_ms(cluster, [(disc, (0.0, mass * BREAK_SPEED))], repeats)
            points.append([n, round(ms, 3)])
        out[key] = points
        out[key + "_exponent"] = _exponent(points)
    out["cluster_topple_ratio"] = round(
        out["cluster_scaling"][-1][1] / out["cluster_scaling_no_topple"][-1][1], 3)
    return out
