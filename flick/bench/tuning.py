"""`flick bench` section "tuning": the cost of the tuning tool's sweeps and of replay checks.

- `tuning.shot_ms`: median milliseconds of one forward-model shot (a movement disc slid at
  50-250 cm/s on an empty table, `flick.tuning.model.run_shot`).
- `tuning.sweep_serial_shots_per_s` / `tuning.sweep_parallel_shots_per_s`: shots per second
  of a sweep in this process and on every core (`tuning.workers` processes, the pool already
  running, as it is for every least-squares step after the first); `tuning.sweep_speedup` is
  their ratio; `tuning.pool_start_s` what the first sweep pays to start the processes. On a
  machine busy with other work the speed-up is what is left of the cores.
- `tuning.synthetic_fit_s`: seconds for `flick tune --synthetic` on one core (12 shots per
  test and kind): simulate the measurements, fit, invert the toppling thresholds.
- `replay.verify_shots_per_s`: shots re-simulated and hash-checked per second by
  `flick replay --verify` on a recorded bot game of scenario 1 (`replay.verify_s` for it).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import numpy as np


def bench(quick: bool = False) -> dict[str, Any]:
    from flick.physics import PhysicsParams
    from flick.tuning import calibrate, model, synthetic
    from flick.tuning.sweep import cores, make_executor, sweep

    params = PhysicsParams.default()
    n = 60 if quick else 400
    speeds = np.linspace(50.0, 250.0, n)
    tasks = [model.ShotTask(params, "slide", "movement_disc", float(v), 5.0) for v in speeds]
    times = []
    for task in tasks[: min(n, 100)]:
        start = time.perf_counter()
        model.run_shot(task)
        times.append(time.perf_counter() - start)
    start = time.perf_counter()
    sweep(model.run_shot, tasks, None)
    serial = time.perf_counter() - start
    workers = cores()
    with make_executor(workers) as executor:
        start = time.perf_counter()
        sweep(model.run_shot, tasks, executor)
        first = time.perf_counter() - start
        start = time.perf_counter()
        sweep(model.run_shot, tasks, executor)
        parallel = time.perf_counter() - start
    rng = np.random.default_rng(0)
    protocol = synthetic.Protocol(shots=6 if quick else 12, topple_shots=12 if quick else 30)
    start = time.perf_counter()
    truth = synthetic.true_values(params, protocol, rng)
    calibrate.tune(synthetic.measure(params, truth, protocol, rng), params)
    fit_s = time.perf_counter() - start
    return {
        "tuning": {
            "shot_ms": round(1000 * statistics.median(times), 3),
            "sweep_serial_shots_per_s": round(n / serial, 1),
            "sweep_parallel_shots_per_s": round(n / parallel, 1),
            "sweep_speedup": round(serial / parallel, 2),
            "workers": workers,
            "pool_start_s": round(max(first - parallel, 0.0), 3),
            "synthetic_fit_s": round(fit_s, 2),
        },
        "replay": _replay_bench(quick),
    }


def _replay_bench(quick: bool) -> dict[str, Any]:
    from flick import replay
    from flick.game import Game, HeuristicBot
    from flick.scenario import load

    game = Game(load(1), 1)
    replay.Recorder(game, controller="heuristic")
    bot = HeuristicBot(1)
    for _ in range(30 if quick else 2000):
        if game.over:
            break
        game.apply(bot.decide(game))
    record = replay.GameRecord.model_validate(replay.record(game, bots="heuristic"))
    loaded = replay.LoadedGame(record, game.scenario, game.board.table.params,
                               tuple(game.inputs))
    start = time.perf_counter()
    check = replay.verify_game(loaded)
    seconds = time.perf_counter() - start
    if not check.ok:
        raise RuntimeError(f"replay bench: {check.message}")
    return {"verify_s": round(seconds, 3), "verify_shots_per_s": round(check.shots / seconds, 1)}
