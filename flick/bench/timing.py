"""How the benchmarks time work: CPU seconds (`time.process_time`, so a shared machine's
other work is not counted), the garbage collector paused and a run's garbage freed inside its
timing, contestants interleaved shot by shot, and every figure reported over several runs as
its minimum, median and maximum."""

from __future__ import annotations

import gc
import os
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

RUNS = 5  # runs of every contestant over the same work: min, median and max are reported


def cpu(work: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds `work` takes, freeing its garbage included (collector paused meanwhile)."""
    gc.collect(1)  # the young garbage of what came before (a full collection costs ~25 ms)
    gc.disable()
    try:
        start = time.process_time()
        value = work()
        gc.collect(0)  # what the work allocated is young: free it now
        return time.process_time() - start, value
    finally:
        gc.enable()


def spread(values: Sequence[float], digits: int = 3) -> dict[str, float]:
    """{"min", "median", "max"} of some figures, rounded."""
    return {"min": round(min(values), digits), "median": round(statistics.median(values), digits),
            "max": round(max(values), digits)}


def load() -> float:
    """The machine's 1-minute load average (0.0 where the system does not say)."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return 0.0


def interleaved(contestants: Mapping[str, Callable[[int], Callable[[], Any]]], items: int,
                runs: int = RUNS, reset: Mapping[str, Callable[[], None]] | None = None,
                ) -> tuple[dict[str, list[float]], dict[str, list[Any]]]:
    """Time every contestant on every item, `runs` times, interleaved: for each item each
    contestant in turn, the order rotated from item to item and run to run (so none always
    runs first, in a warm or a cold cache). `contestants[name](i)` prepares item i (untimed)
    and returns the work to time; `reset[name]()`, if any, runs untimed after it.
    Returns per contestant the CPU ms per item of each run (mean over items), and the
    values of the first run's work per item."""
    names = list(contestants)
    per_run: dict[str, list[float]] = {n: [] for n in names}
    values: dict[str, list[Any]] = {n: [] for n in names}
    for r in range(runs):
        total = dict.fromkeys(names, 0.0)
        for i in range(items):
            k = (r + i) % len(names)
            for name in names[k:] + names[:k]:
                work = contestants[name](i)
                seconds, value = cpu(work)
                total[name] += seconds
                if r == 0:
                    values[name].append(value)
                if reset and name in reset:
                    reset[name]()
        for name in names:
            per_run[name].append(total[name] / items * 1e3)
    return per_run, values


def ratio_spread(over: list[float], under: list[float]) -> dict[str, float]:
    """min/median/max over runs of one contestant's time over another's, run by run (both
    timed in the same run, interleaved, under the same load)."""
    return spread([a / b for a, b in zip(over, under, strict=True)])
