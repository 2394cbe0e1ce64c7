"""Run many independent shots in parallel, with a progress bar, on any executor.

A sweep is `fn` applied to each item of a list, results in the order of the items. Each shot is
a pure function of its inputs (table state, flick, parameters), so the result does not depend on
how many workers ran it or in which order they finished: a sweep on 1 core and on 64 gives the
same numbers, bit for bit.

The executor is anything with the `concurrent.futures.Executor.map(fn, *iterables, chunksize=)`
method. By default a `ProcessPoolExecutor` on all cores (`workers=None`), or the calling process
(`workers=1`). A cluster plugs in the same way, for example::

    from dask.distributed import Client
    client = Client("scheduler:8786")
    results = sweep(simulate_one, shots, executor=client.get_executor())

(`distributed.Client.get_executor()` returns a `concurrent.futures.Executor`; with Ray,
`ray.util.multiprocessing.Pool` has a `map` too; wrap it in a class with this `map` signature.)
`fn` and the items must pickle: use module-level functions and plain data.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class SweepExecutor(Protocol):
    """What a sweep needs of an executor: `concurrent.futures.Executor.map`'s signature."""

    def map(
        self, fn: Callable[[Any], Any], items: Iterable[Any], /, *, chunksize: int = 1
    ) -> Iterator[Any]: ...


class SerialExecutor:
    """Runs everything in the calling process, in order (for tests and `--workers 1`)."""

    def map(
        self, fn: Callable[..., Any], *iterables: Iterable[Any], chunksize: int = 1
    ) -> Iterator[Any]:
        return map(fn, *iterables)

    def __enter__(self) -> SerialExecutor:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def cores() -> int:
    """Cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def make_executor(workers: int | None = None) -> AbstractContextManager[SweepExecutor]:
    """A context manager giving an executor: `workers` processes (None: all cores; 1: serial)."""
    n = cores() if workers is None else workers
    if n < 1:
        raise ValueError(f"workers must be at least 1, not {n}")
    if n == 1:
        return SerialExecutor()
    return ProcessPoolExecutor(max_workers=n)


def sweep(
    fn: Callable[[T], R],
    items: Sequence[T],
    executor: SweepExecutor | None = None,
    *,
    description: str = "",
    progress: Any = None,
    chunksize: int | None = None,
) -> list[R]:
    """`[fn(item) for item in items]` on `executor` (None: serial), in the order of `items`.

    `progress`: a `rich.progress.Progress` to report on (a task named `description` is added and
    advanced as results arrive), or None for no bar.
    """
    ex: SweepExecutor = executor if executor is not None else SerialExecutor()
    if chunksize is None:
        # A few chunks per worker keeps all cores busy without a round trip per shot.
        workers = getattr(ex, "_max_workers", 1) or 1
        chunksize = max(1, len(items) // (4 * workers))
    task = progress.add_task(description or "shots", total=len(items)) if progress else None
    results: list[R] = []
    for result in ex.map(fn, items, chunksize=chunksize):
        results.append(result)
        if progress is not None:
            progress.advance(task)
    if progress is not None:
        progress.remove_task(task)
    return results
