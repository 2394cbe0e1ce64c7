"""The executor seam: tasks submitted in order, results handed back in that order.

An `Executor` starts a `Run` of `fn` over the items; the run reports each task as it finishes
(in any order) and can be cancelled. `Batch` turns that into results in the order of the
items, calls `done` once per finished task (a progress bar fed by finished work), and, when it
is stopped early (Ctrl-C, SIGTERM, a failed task), cancels what is pending and keeps what
finished in `Batch.left`.
"""

from __future__ import annotations

import itertools
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed, wait
from typing import Any, Generic, TypeVar

R = TypeVar("R")


class Run(ABC):
    """One batch under way on an executor."""

    @abstractmethod
    def finished(self) -> Iterator[tuple[int, Any]]:
        """(index, result) of each task as it finishes, until all have; a failed task's
        exception is raised here."""

    @abstractmethod
    def cancel(self) -> list[tuple[int, Any]]:
        """Cancel what has not run; (index, result) of every task that finished."""


class Executor(ABC):
    """Where tasks run. `slots`: how many run at once (jobs cut their work into a few chunks
    per slot); `where`: said to the person (`flick sim` prints it)."""

    slots: int = 1
    where: str = "this process"

    @abstractmethod
    def start(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> Run:
        """Start `fn` over `items` (the task of item i has index i)."""

    def map(self, fn: Callable[[Any], R], items: Iterable[Any],
            done: Callable[[int], None] | None = None) -> Batch[R]:
        """`fn` of each item; iterate the `Batch` for the results in the order of `items`.
        `done(index)` is called as each task finishes, in the order they finish."""
        return Batch(self, fn, list(items), done)

    def chunks(self, n: int, per_slot: int = 4) -> list[range]:
        """`range(n)` cut into consecutive chunks, about `per_slot` per slot (at least one
        item each). Results never depend on the cut: each item is seeded by its own index."""
        count = max(1, min(n, self.slots * per_slot))
        bounds = [n * k // count for k in range(count + 1)]
        return [range(a, b) for a, b in itertools.pairwise(bounds) if b > a]

    def close(self) -> None:
        return None

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Batch(Generic[R]):
    """The results of `fn` over `items`, in their order. Use it as a context manager around
    the loop, so that leaving the loop early (an exception, Ctrl-C) cancels what is pending;
    `left` is then the (index, result) of the tasks that finished but were not handed out."""

    def __init__(self, executor: Executor, fn: Callable[[Any], R], items: list[Any],
                 done: Callable[[int], None] | None) -> None:
        self.items = items
        self.left: list[tuple[int, R]] = []
        self._executor, self._fn, self._done = executor, fn, done
        self._run: Run | None = None
        self._held: dict[int, R] = {}
        self._next = 0
        self._stopped = False

    def __iter__(self) -> Iterator[R]:
        if self._run is not None:
            raise RuntimeError("a batch is iterated once")
        self._run = self._executor.start(self._fn, self.items)
        try:
            for index, value in self._run.finished():
                self._held[index] = value
                if self._done is not None:
                    self._done(index)
                while self._next in self._held:
                    value = self._held.pop(self._next)
                    self._next += 1
                    yield value
        finally:
            if self._next < len(self.items):
                self.stop()

    def stop(self) -> None:
        """Cancel the tasks not finished; what finished and was not handed out goes to
        `left`, in the order of the items."""
        if self._stopped or self._run is None:
            return
        self._stopped = True
        for index, value in self._run.cancel():
            if index >= self._next:
                self._held.setdefault(index, value)
        self.left = sorted(self._held.items(), key=lambda kv: kv[0])
        self._held = {}

    def __enter__(self) -> Batch[R]:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._run is not None and self._next < len(self.items):
            self.stop()


# ---- this process --------------------------------------------------------------------------
class _SerialRun(Run):
    def __init__(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> None:
        self.fn, self.items = fn, items

    def finished(self) -> Iterator[tuple[int, Any]]:
        for index, item in enumerate(self.items):
            yield index, self.fn(item)

    def cancel(self) -> list[tuple[int, Any]]:
        return []  # each result was handed out as soon as it was made


class Serial(Executor):
    """Every task in this process, one after the other, as the results are asked for."""

    def start(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> Run:
        return _SerialRun(fn, items)


# ---- worker processes on this machine ------------------------------------------------------
class _LocalRun(Run):
    def __init__(self, pool: ProcessPoolExecutor, fn: Callable[[Any], Any],
                 items: Sequence[Any]) -> None:
        self.futures: list[Future[Any]] = [pool.submit(fn, item) for item in items]

    def finished(self) -> Iterator[tuple[int, Any]]:
        index = {f: i for i, f in enumerate(self.futures)}
        for future in as_completed(self.futures):
            yield index[future], future.result()

    def cancel(self) -> list[tuple[int, Any]]:
        # The tasks under way finish (their results are kept); the others never start.
        for future in self.futures:
            future.cancel()
        wait(self.futures)
        return [(i, f.result()) for i, f in enumerate(self.futures)
                if not f.cancelled() and f.exception() is None]


def cores() -> int:
    """Cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


class Local(Executor):
    """A pool of `workers` processes on this machine, started at the first batch and kept
    for the next ones until `close`."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, not {workers}")
        self.slots = workers
        self.where = f"{workers} local processes"
        self._pool: ProcessPoolExecutor | None = None

    def start(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> Run:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.slots)
        return _LocalRun(self._pool, fn, items)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


# ---- seen as `concurrent.futures.Executor.map` ---------------------------------------------
def _apply(task: tuple[Callable[[Any], Any], list[Any]]) -> list[Any]:
    fn, chunk = task
    return [fn(item) for item in chunk]


class Chunked:
    """`executor` with the `map(fn, items, chunksize=)` of `concurrent.futures.Executor` (what
    `flick.tuning.sweep` takes): the items go in chunks, a few per slot (`chunksize` is not
    needed), and the results come back one by one in the order of the items."""

    def __init__(self, executor: Executor) -> None:
        self.executor = executor

    def map(self, fn: Callable[[Any], Any], items: Iterable[Any],
            chunksize: int = 1) -> Iterator[Any]:
        items = list(items)
        chunks = [items[c.start:c.stop] for c in self.executor.chunks(len(items))]
        with self.executor.map(_apply, [(fn, chunk) for chunk in chunks]) as batch:
            for part in batch:
                yield from part
