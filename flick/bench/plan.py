"""`flick bench` section "plan": the shot planner's speed.

The scene is the bots' game of scenario 2 from seed 1 at its first turn, the active survivor's
disc sent into the building whose door is nearest (`flick plan 2 --seed 1 --at 0 --action
enter`), the steady hand of the physics parameters. Three ways to play the same
`plan.speed_shots` noisy shots are timed side by side, interleaved, `plan.rounds` times (the
median is kept):
- `plan.plain_loop_shots_per_s`: what a user would write without the planner, a plain loop in
  this process (restore the table, draw the hand's error, `Table.flick`, test the goal);
- `plan.shots_per_s_1_worker`: `flick.plan.plan` on 1 worker (it runs in this process);
- `plan.shots_per_s_2_workers`: on 2 worker processes, their start-up included (what a user
  waits for); `plan.pool_start_s` is the start-up alone (a pool running one empty task).
Shots per second are wall-clock; `plan.cpu_ms_per_shot` gives the CPU time per shot of each
(this process plus its finished worker processes, `resource.RUSAGE_CHILDREN`), which a loaded
machine changes much less; `plan.load_average` is the 1-minute load when the section started
(above the CPU count, `plan.cpus`, the wall-clock figures are the machine's, not flick's).
- `plan.assist_map`: the window's aim assist map (its 7x7 grid and repeats, one worker) for six
  targets of one turn (into the nearest building, moves of 20 / 40 / 60 cm, shots at the two
  nearest zombies): CPU seconds each and the largest, beside the goal of 0.5 s.
- `plan.map_seconds`: the time of a `plan.map_grid` map (21x21; --quick 5x5) of
  `plan.map_repeats` shots per cell on 2 workers, `plan.map_cpu_seconds` its CPU time.
"""

from __future__ import annotations

import math
import os
import resource
import statistics
import time
from collections.abc import Callable
from typing import Any


def _cpu() -> float:
    """CPU seconds of this process and of its reaped children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _timed(run: Callable[[], int]) -> tuple[float, float, int]:
    """(wall s, CPU s, shots) of one run."""
    wall, cpu = time.perf_counter(), _cpu()
    shots = run()
    return time.perf_counter() - wall, _cpu() - cpu, shots


def _nothing() -> None:
    return None


def bench(quick: bool) -> dict[str, Any]:
    from concurrent.futures import ProcessPoolExecutor

    import numpy as np

    from flick.game.bots.aim import HandNoise, noisy, vector
    from flick.physics import MAX_FLICK_IMPULSE, Table
    from flick.plan import Grid, enter_shot, plan
    from flick.plan.proposal import game_at
    from flick.scenario import load

    load1 = os.getloadavg()[0]
    game = game_at(load(2), 1, 0)
    board = game.board
    here = board.pos(game.active_survivor.piece)
    name = min(board.buildings, key=lambda b: math.dist(board.door_mid(b), here))
    shot = enter_shot(game, name)
    params = board.params
    noise = HandNoise.from_params(params)
    speed_grid, speed_repeats = (Grid.around(3, 3), 1) if quick else (Grid.around(8, 8), 3)
    n_shots = len(speed_grid) * speed_repeats

    def plain() -> int:
        # A user's own loop over the same cells: one table, restored before every shot.
        table = Table(params, shot.state.city)
        rng = np.random.default_rng(1)
        wins = 0
        for i in range(len(speed_grid)):
            d_angle, factor = speed_grid.cell(i)
            for _ in range(speed_repeats):
                table.restore(shot.state)
                a, f = noisy(shot.angle + d_angle, min(shot.strength * factor, MAX_FLICK_IMPULSE),
                             noise, rng)
                result = table.flick(shot.piece, vector(a, min(f, MAX_FLICK_IMPULSE)))
                wins += shot.goal.met(table, shot.piece, result)
        return n_shots

    def planner(workers: int) -> Callable[[], int]:
        return lambda: plan(params, shot, noise, speed_grid, repeats=speed_repeats, seed=1,
                            workers=workers).shots

    ways = {"plain_loop": plain, "1_worker": planner(1), "2_workers": planner(2)}
    rounds = 1 if quick else 3
    seen: dict[str, list[tuple[float, float, int]]] = {k: [] for k in ways}
    for _ in range(rounds):
        for key, run in ways.items():
            seen[key].append(_timed(run))

    def start() -> int:
        with ProcessPoolExecutor(2) as pool:
            pool.submit(_nothing).result()
        return 0

    pool_start = statistics.median(_timed(start)[0] for _ in range(rounds))
    out: dict[str, Any] = {"speed_shots": n_shots, "rounds": rounds, "cpus": os.cpu_count(),
                           "load_average": round(load1, 2), "pool_start_s": round(pool_start, 3)}
    cpu_ms: dict[str, float] = {}
    for key, runs in seen.items():
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        label = "plain_loop_shots_per_s" if key == "plain_loop" else f"shots_per_s_{key}"
        out[label] = round(n_shots / wall, 1)
        cpu_ms[key] = round(1000 * cpu / n_shots, 2)
    out["cpu_ms_per_shot"] = cpu_ms
    out["planner_vs_plain_loop_1_worker"] = round(
        out["shots_per_s_1_worker"] / out["plain_loop_shots_per_s"], 2)
    side, repeats = (5, 1) if quick else (21, 2)
    wall, cpu, _ = _timed(lambda: plan(params, shot, noise, Grid.around(side, side),
                                       repeats=repeats, seed=1, workers=2).shots)
    out.update(map_seconds=round(wall, 2), map_cpu_seconds=round(cpu, 2),
               map_grid=f"{side}x{side}", map_repeats=repeats)
    out["assist_map"] = _assist_maps(game, params, noise, quick)
    return {"plan": out}


def _assist_maps(game: Any, params: Any, noise: Any, quick: bool) -> dict[str, Any]:
    """The window's aim assist map (its grid and repeats, one worker) for several targets of
    the same turn: into the nearest building, a move of 20, 40 and 60 cm, a shot at each of
    the two nearest zombies; CPU seconds per map (the goal: within 0.5 s)."""
    from flick.plan import enter_shot, move_shot, plan, shoot_shot
    from flick.ui.assist import Assist

    assist = Assist()
    board = game.board
    here = board.pos(game.active_survivor.piece)
    door = min(board.buildings, key=lambda b: math.dist(board.door_mid(b), here))
    shots = {"enter": enter_shot(game, door)}
    for d in (20, 40, 60):
        shots[f"move_{d}cm"] = move_shot(game, (here[0] + d, here[1]))
    near = sorted(board.zombies(), key=lambda z: math.dist(board.pos(z), here))[:2]
    for k, zombie in enumerate(near):
        shots[f"shoot_zombie_{k + 1}"] = shoot_shot(game, zombie)
    if quick:
        shots = dict(list(shots.items())[:2])
    seconds: dict[str, float] = {}
    for key, shot in shots.items():
        def one_map(shot: Any = shot) -> int:
            return plan(params, shot, noise, assist.grid, repeats=assist.repeats, seed=1,
                        workers=1).shots

        _, cpu, _ = _timed(one_map)
        seconds[key] = round(cpu, 3)
    return {"cpu_s": seconds, "max_cpu_s": max(seconds.values()), "goal_s": 0.5,
            "grid": f"{len(assist.grid.angles)}x{len(assist.grid.powers)}",
            "repeats": assist.repeats}
