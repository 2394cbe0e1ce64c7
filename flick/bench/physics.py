"""`flick bench` section "physics": what a movement-disc shot costs, and what flick adds.

- `shot_ms`: median wall-clock milliseconds of `Table.flick` for a movement disc flicked
  across the standard scene (the scenario 2 map when the scenario loader and
  `scenarios/s02_*.yaml` are there, else a synthetic scene of 18 zombies, 11 survivors,
  6 buildings and the RV, 3 vehicles, 3 barrels, 3 boxes, 3 lamps in a 90 cm city;
  `physics_scene` says which). A shot includes building its pymunk space from the canonical
  state, as every shot does (that makes a shot a pure function of the state), and freeing it.
- `bare_ms`: the same shot in bare pymunk, the way one would write it without flick: every
  piece a body with the same shapes, filters and friction joints (built from prepared plain
  tuples), all asleep but the flicked disc, and the same step policy (step size from the
  fastest awake body every `check_every` steps, until they rest); no callbacks, no results.
  flick's own world makes a body only of the pieces a shot reaches (the others stay dormant
  circles), which is why the ratio can be below 1.
- `replay_ms`: a stricter floor: the bare space stepped with flick's very own step sizes,
  with no survey at all. `replay_ratio` = shot_ms / replay_ms.
- `shot_overhead_ratio` = shot_ms / bare_ms (target <= 1.2).
- `scaling_exponent`: the slope of log(ms per shot) against log(pieces) for scenes of 50,
  500 and 5,000 pieces at the same density (target <= 1.15), from `scaling_ms`.

Each figure is the best of a few runs of a shot (the median over shots), with the garbage
collector paused while timing and the shot's garbage freed inside the timing.
"""

from __future__ import annotations

import gc
import math
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pymunk

from flick.physics.params import PhysicsParams
from flick.physics.table import Table
from flick.physics.world import filter_for

SCALING_SIZES = (50, 500, 5000)
SHOT_SPEED = 250.0  # cm/s: a firm movement flick, about 100 cm of slide on a free table


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


def _timed(work: Callable[[], Any]) -> tuple[float, Any]:
    """Seconds `work` takes, freeing its garbage included (collector paused meanwhile)."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        value = work()
        gc.collect(0)  # what the shot allocated is young: free its pymunk space now
        return time.perf_counter() - start, value
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


def _bare_shot(spec: tuple[list[Any], list[Any], float], launched: int,
               impulse: tuple[float, float], params: PhysicsParams,
               schedule: tuple[tuple[float, int], ...] | None = None) -> int:
    """The shot in plain pymunk: every piece a body with its friction joints, asleep but the
    flicked one. With `schedule`, replay those step sizes; else run the step policy on the
    awake bodies until they rest. The number of steps taken."""
    bodies, statics, thinnest = spec
    sim = params.simulation
    space = pymunk.Space()
    space.iterations = sim.iterations
    space.sleep_time_threshold = sim.sleep_time
    space.idle_speed_threshold = sim.rest_speed
    space.collision_slop = sim.collision_slop
    static = space.static_body
    for core, radius, flt, e, f in statics:
        shape = pymunk.Poly(static, list(core), None, radius)
        shape.filter, shape.elasticity, shape.friction = flt, e, f
        space.add(shape)
    target = None
    made = []
    for pid, mass, moment, cog, pos, angle, parts, flt, e, f, force, torque, reach in bodies:
        body = pymunk.Body(mass, moment)
        body.center_of_gravity = cog
        body.position = pos
        body.angle = angle
        shapes = []
        for core, radius in parts:
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
        made.append((body, reach))
        if pid == launched:
            target = body
    for body, _ in made:
        if body is not target:
            body.sleep()
    assert target is not None
    target.apply_impulse_at_world_point(impulse, target.position)
    step = space.step
    steps = 0
    if schedule is not None:
        for dt, n in schedule:
            for _ in range(n):
                step(dt)
            steps += n
        return steps
    max_move = min(sim.step_fraction * thinnest, sim.max_step)
    last_dt, time_spent = 0.0, 0.0
    while time_spent < sim.max_time:
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
        dt = sim.max_dt if fastest * sim.max_dt <= max_move else max_move / fastest
        if last_dt:
            dt = min(dt, last_dt * sim.max_dt_growth)
        last_dt = dt
        for _ in range(sim.check_every):
            step(dt)
        steps += sim.check_every
        time_spent += dt * sim.check_every
    return steps


def _measure(table: Table, shots: list[tuple[float, float, float, float]],
             repeat: int, bare: bool = True) -> dict[str, list[float]]:
    """Seconds per shot through `Table.flick`, and (if `bare`) in plain pymunk with the step
    policy and replaying flick's step sizes; the best of `repeat` runs of each shot."""
    base = table.snapshot()
    out: dict[str, list[float]] = {"flick": [], "bare": [], "replay": [], "steps": [],
                                   "bare_steps": []}
    params = table.params
    for x, y, jx, jy in shots:
        table.restore(base)
        disc = table.add("movement_disc", x=x, y=y)
        ready = table.snapshot()
        spec = _bare_spec(table) if bare else None
        best: dict[str, float] = {"flick": math.inf, "bare": math.inf, "replay": math.inf}
        for _ in range(repeat):
            table.restore(ready)
            seconds, result = _timed(lambda d=disc, j=(jx, jy): table.flick(d, impulse=j))
            best["flick"] = min(best["flick"], seconds)
            if spec is not None:
                seconds, bare_steps = _timed(
                    lambda d=disc, j=(jx, jy), sp=spec: _bare_shot(sp, d, j, params))
                best["bare"] = min(best["bare"], seconds)
                seconds, _ = _timed(lambda d=disc, j=(jx, jy), r=result, sp=spec: _bare_shot(
                    sp, d, j, params, r.schedule))
                best["replay"] = min(best["replay"], seconds)
        for key, value in best.items():
            out[key].append(value)
        out["steps"].append(result.steps)
        if spec is not None:
            out["bare_steps"].append(bare_steps)
    table.restore(base)
    return out


def scaling_scene(params: PhysicsParams, pieces: int, seed: int = 5) -> Table:
    """`pieces` figures and objects on a jittered grid, at the standard scene's density."""
    side = 90.0 * math.sqrt(pieces / 50.0)
    table = Table(params, city=(side, side))
    rng = np.random.default_rng(seed)
    per_row = math.ceil(math.sqrt(pieces + 1))
    cell = side / per_row
    kinds = ["zombie", "zombie", "survivor", "barrel", "box", "street_lamp"]
    placed = 0
    for i in range(per_row * per_row):
        if placed == pieces:
            break
        if i == (per_row * per_row) // 2:
            continue  # a free cell in the middle for the disc
        cx, cy = (i % per_row + 0.5) * cell, (i // per_row + 0.5) * cell
        jitter = max(0.0, cell / 2.0 - 3.0)
        table.add(kinds[int(rng.integers(len(kinds)))],
                  x=float(cx + rng.uniform(-jitter, jitter)),
                  y=float(cy + rng.uniform(-jitter, jitter)), angle=float(rng.uniform(0, 6.28)))
        placed += 1
    return table


def bench(quick: bool) -> dict[str, Any]:
    """The physics section of `flick bench`."""
    params = PhysicsParams.default()
    table, scene = standard_scene(params)
    shots = _shots(table, 6 if quick else 20, seed=11)
    runs = _measure(table, shots, 1 if quick else 3)
    med = statistics.median
    shot_ms = med(runs["flick"]) * 1e3
    bare_ms = med(runs["bare"]) * 1e3
    replay_ms = med(runs["replay"]) * 1e3
    scaling: dict[str, float] = {}
    for n in SCALING_SIZES:
        big = scaling_scene(params, n)
        side = big.city[0]
        per_row = math.ceil(math.sqrt(n + 1))
        cell = side / per_row
        middle = (per_row * per_row) // 2
        x, y = (middle % per_row + 0.5) * cell, (middle // per_row + 0.5) * cell
        mass = params.pieces["movement_disc"].mass
        shots_n = [(x, y, mass * SHOT_SPEED * math.cos(a), mass * SHOT_SPEED * math.sin(a))
                   for a in (0.3, 1.9, 3.6)]
        big_runs = _measure(big, shots_n[:1] if quick else shots_n, 1 if quick else 3,
                            bare=False)
        scaling[str(n)] = round(med(big_runs["flick"]) * 1e3, 3)
    xs = np.log([float(n) for n in SCALING_SIZES])
    ys = np.log([scaling[str(n)] for n in SCALING_SIZES])
    exponent = float(np.polyfit(xs, ys, 1)[0])
    return {
        "physics_scene": scene,
        "physics_pieces": len(table.pieces()),
        "shot_ms": round(shot_ms, 3),
        "shot_steps": med(runs["steps"]),
        "bare_ms": round(bare_ms, 3),
        "bare_steps": med(runs["bare_steps"]),
        "replay_ms": round(replay_ms, 3),
        "shot_overhead_ratio": round(shot_ms / bare_ms, 3),
        "replay_ratio": round(shot_ms / replay_ms, 3),
        "scaling_ms": scaling,
        "scaling_exponent": round(exponent, 3),
    }
