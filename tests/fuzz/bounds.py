"""The time and memory bounds every fuzz case runs under.

`bounded()` lowers this process's address-space limit to what it uses now plus MEMORY_BYTES
for the duration of one case, so a runaway allocation (an alias bomb, a huge offset's endless
shot) raises MemoryError instead of taking the machine; the hypothesis `deadline` bounds each
case's time (TIME_MS), and `SETTINGS` keeps the whole suite well under a minute.
"""

from __future__ import annotations

import contextlib
import os
import resource
from collections.abc import Iterator

from hypothesis import HealthCheck, settings

MEMORY_BYTES = 512 * 1024 * 1024  # above what the process uses when the case starts
TIME_MS = 3000  # per case (a mutated file is read and checked in well under 100 ms)


def _in_use() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


@contextlib.contextmanager
def bounded() -> Iterator[None]:
    """Run the block with at most MEMORY_BYTES more address space than now (where the system
    has /proc and RLIMIT_AS)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    used = _in_use()
    limit = used + MEMORY_BYTES if used else resource.RLIM_INFINITY
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def suite_settings(examples: int) -> settings:
    """Hypothesis settings of one fuzz test: `examples` cases, each within TIME_MS, derandomized
    (the same cases every run, so CI is deterministic). The counts are kept small for the
    suite (285 cases; every file kind and engine still mutated); FLICK_FUZZ_SCALE=N runs N
    times as many, randomized (a longer hostile run by hand: FLICK_FUZZ_SCALE=20, 5700)."""
    scale = max(1, int(os.environ.get("FLICK_FUZZ_SCALE", "1")))
    return settings(max_examples=examples * scale, deadline=TIME_MS, derandomize=scale == 1,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture],
                    database=None)
