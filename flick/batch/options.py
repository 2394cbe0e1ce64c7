"""The batch commands' `--workers N` and `--scheduler ADDRESS` options, and the executor they
choose."""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping

from flick.batch.executor import Executor, Local, Serial, cores
from flick.errors import FlickError

# The scheduler of a Dask cluster to run on when `--scheduler` is not given.
SCHEDULER_ENV = "FLICK_SCHEDULER"


def add_options(p: argparse.ArgumentParser, default: str, *aliases: str) -> None:
    """`--workers N` (also named `aliases`, e.g. an older `--jobs`) and `--scheduler
    ADDRESS`; `default` says what N is when not given."""
    p.add_argument("--workers", *aliases, dest="workers", type=int, default=None, metavar="N",
                   help=f"worker processes on this machine (default {default}; results do "
                        "not depend on it)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on the Dask cluster whose scheduler is at ADDRESS (e.g. "
                        f"tcp://10.0.0.5:8786; default ${SCHEDULER_ENV}); the same results "
                        "as on this machine; needs the dask extra")


def from_args(args: argparse.Namespace, default_workers: int | None = 1) -> Executor:
    """The executor of a command's `--workers`/`--scheduler` options (see `open_executor`)."""
    return open_executor(getattr(args, "scheduler", None), getattr(args, "workers", None),
                         default_workers=default_workers)


def open_executor(scheduler: str | None = None, workers: int | None = None, *,
                  default_workers: int | None = 1,
                  env: Mapping[str, str] | None = None) -> Executor:
    """`scheduler`: a Dask cluster; else `workers` local processes (None: `default_workers`,
    None there: every core; 1: this process). With neither given, the cluster named by
    FLICK_SCHEDULER if it is set (an explicit `workers` runs on this machine)."""
    env = os.environ if env is None else env
    if workers is not None and workers < 1:
        raise FlickError(f"--workers must be at least 1, not {workers}", exit_code=2)
    if scheduler is not None and workers is not None:
        raise FlickError("--workers counts processes on this machine; with --scheduler the "
                         "cluster's own workers run the tasks (give one or the other)",
                         exit_code=2)
    if scheduler is None and workers is None:
        scheduler = env.get(SCHEDULER_ENV) or None
    if scheduler is not None:
        if not scheduler.strip():
            raise FlickError("--scheduler needs an ADDRESS (host:port)", exit_code=2)
        from flick.batch.cluster import connect

        return connect(scheduler.strip())
    n = workers or default_workers or cores()
    return Serial() if n == 1 else Local(n)
