"""Tasks on an existing Dask distributed cluster (`--scheduler ADDRESS`).

Start a cluster with `dask scheduler` on one machine and `dask worker ADDRESS` on each
machine that should work (flick installed there too). The scheduler hands the tasks to the
workers; a worker that dies (killed, its machine lost) has its tasks run again on the others,
so nothing is lost and, every task being a pure function of its input, the answer is the
one a single machine gives.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from flick.batch.executor import Executor, Run
from flick.errors import FlickError

# How long to try to reach the scheduler before saying it cannot be reached (seconds).
CONNECT_TIMEOUT = 4.0


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


class _ClusterRun(Run):
    def __init__(self, client: Any, fn: Callable[[Any], Any], items: Sequence[Any]) -> None:
        self.client = client
        # pure=False: each task runs, even two equal items (no result shared by key)
        self.futures = client.map(fn, list(items), pure=False) if items else []

    def finished(self) -> Iterator[tuple[int, Any]]:
        from distributed import as_completed

        index = {f.key: i for i, f in enumerate(self.futures)}
        for future in as_completed(self.futures, loop=self.client.loop):
            yield index[future.key], _result(future)

    def cancel(self) -> list[tuple[int, Any]]:
        pending = [f for f in self.futures if not f.done()]
        if pending:
            self.client.cancel(pending)
        return [(i, f.result()) for i, f in enumerate(self.futures) if f.status == "finished"]


def _result(future: Any) -> Any:
    from distributed import KilledWorker

    try:
        return future.result()
    except KilledWorker as exc:
        raise FlickError(f"a task killed the workers that ran it ({_one_line(exc)}); the "
                         "cluster gave up on it") from None


class Cluster(Executor):
    """The workers of the Dask cluster whose scheduler is at `address`."""

    def __init__(self, client: Any, address: str) -> None:
        self.client = client
        workers = client.scheduler_info().get("workers", {})
        self.slots = max(1, sum(w.get("nthreads", 1) for w in workers.values()))
        self.where = f"the Dask cluster at {address} ({len(workers)} workers)"

    def start(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> Run:
        return _ClusterRun(self.client, fn, items)

    def close(self) -> None:
        self.client.close()


def connect(address: str, timeout: float = CONNECT_TIMEOUT) -> Cluster:
    """A client of the scheduler at `address`, or a one-line FlickError within about
    `timeout` seconds when it cannot be reached."""
    try:
        from distributed import Client
    except ImportError:
        raise FlickError("--scheduler needs Dask distributed: pip install 'flick[dask]'",
                         exit_code=2) from None
    try:
        client = Client(address, timeout=f"{timeout}s", set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise FlickError(f"cannot reach the Dask scheduler at {address}: "
                         f"{_one_line(exc)}") from None
    cluster = Cluster(client, address)
    if cluster.where.endswith("(0 workers)"):
        # Not an error: an adaptive cluster (dask-jobqueue, dask-kubernetes) starts its
        # workers when there is work; the tasks wait for them.
        print(f"flick: no worker has joined the Dask scheduler at {address} yet; the tasks "
              "wait for one (`dask worker ADDRESS` starts one)", file=sys.stderr)
    return cluster
