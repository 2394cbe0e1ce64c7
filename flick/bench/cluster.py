"""`flick bench` section "dask": batch jobs on a Dask distributed cluster of this machine.

Two local clusters (worker processes, one thread each, loopback only) are started in turn, one
of 1 worker and one of 2, and each plays the same `dask.games` bot games of scenario 1
(seeds 0..K-1: the work of `flick sim 1 --analyze --games K --scheduler ADDRESS`) through the
executor seam (`flick.batch`); the workers have imported the game before the clock starts.
- `dask.analyze_seconds_1_worker`, `dask.analyze_seconds_2_workers`: wall time of the games;
  `dask.speed_up_2_vs_1` their ratio (2 at best on 2 idle cores); `dask.same_results`: the
  outcomes of the two runs are equal (they must be).
- `dask.task_round_trip_ms`: the median time of one trivial task submitted and its result back
  (`dask.round_trips` of them, one after the other): the fixed cost of a task;
- `dask.overhead_ms_per_task`: `dask.tasks` trivial tasks at once through the seam, wall time
  per task: what a batch pays per task beyond its work.
`dask.cluster_start_s` is the start of the 2-worker cluster; `dask.load_average` the 1-minute
load when the section started (above `dask.cpus`, the wall-clock figures are the machine's).
"""

from __future__ import annotations

import logging
import os
import statistics
import time
from typing import Any


def _outcome(seed: int) -> tuple[str | None, str, int]:
    """One bot game of scenario 1 (what `flick sim --analyze` plays for each seed)."""
    from flick.game.play import play
    from flick.scenario import load

    game = play(load(1), seed)
    return game.winner, game.summary()["end_reason"], game.turns


def _warm() -> None:
    """What every game needs first (imports, the scenario and bot data), not timed."""
    from flick.game.play import play  # noqa: F401
    from flick.scenario import load

    load(1)


def _nothing(x: int) -> int:
    return x


def overhead(executor: Any, tasks: int, round_trips: int) -> dict[str, float]:
    """The per-task costs of `executor` (see the module's doc)."""
    trips = []
    for k in range(round_trips):
        start = time.perf_counter()
        with executor.map(_nothing, [k]) as batch:
            list(batch)
        trips.append(time.perf_counter() - start)
    start = time.perf_counter()
    with executor.map(_nothing, range(tasks)) as batch:
        assert list(batch) == list(range(tasks))
    per_task = (time.perf_counter() - start) / tasks
    return {"task_round_trip_ms": round(1000 * statistics.median(trips), 2),
            "overhead_ms_per_task": round(1000 * per_task, 2)}


def _cluster(workers: int) -> Any:
    from distributed import LocalCluster

    return LocalCluster(n_workers=workers, processes=True, threads_per_worker=1,
                        host="127.0.0.1", dashboard_address=None, silence_logs=logging.ERROR)


def _games(workers: int, seeds: list[int]) -> tuple[float, float, list[Any], Any]:
    """(cluster start s, games wall s, outcomes) on a fresh cluster of `workers`."""
    from flick.batch.cluster import connect

    start = time.perf_counter()
    cluster = _cluster(workers)
    started = time.perf_counter() - start
    executor = connect(cluster.scheduler_address)
    executor.client.run(_warm)  # on every worker: the imports are not the work
    start = time.perf_counter()
    with executor.map(_outcome, seeds) as batch:
        outcomes = list(batch)
    return started, time.perf_counter() - start, outcomes, (cluster, executor)


def bench(quick: bool) -> dict[str, Any]:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return {"dask": {"skipped": "Dask is not installed (pip install 'flick[dask]')"}}
    load1 = os.getloadavg()[0]
    seeds = list(range(4 if quick else 8))
    _, one, first, (cluster, executor) = _games(1, seeds)
    executor.close()
    cluster.close()
    started, two, second, (cluster, executor) = _games(2, seeds)
    try:
        costs = overhead(executor, tasks=50 if quick else 200, round_trips=5 if quick else 20)
    finally:
        executor.close()
        cluster.close()
    return {"dask": {"games": len(seeds), "analyze_seconds_1_worker": round(one, 2),
                     "analyze_seconds_2_workers": round(two, 2),
                     "speed_up_2_vs_1": round(one / two, 2), "same_results": first == second,
                     "cluster_start_s": round(started, 2), "tasks": 50 if quick else 200,
                     "round_trips": 5 if quick else 20, **costs,
                     "cpus": os.cpu_count(), "load_average": round(load1, 2)}}
