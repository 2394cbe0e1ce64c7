"""Where a batch job's work runs: this process, local worker processes, or a Dask cluster.

Every batch job of flick (`flick sim --games/--analyze`, `flick plan`, `flick tower`,
`flick tune`, `flick cards GAME --games/--analyze`) cuts its work into tasks, each a pure
function of its own seeded input (a game's seed, a grid cell's index, a drop's number), and
runs them through one `Executor`:

- `Serial`: this process, one task after the other (`--workers 1`);
- `Local`: a pool of worker processes on this machine (`--workers N`);
- `Cluster`: an existing Dask distributed cluster (`--scheduler ADDRESS`, or the environment
  variable FLICK_SCHEDULER), its workers on as many machines as it has.

`executor.map(fn, items, done=...)` yields the results in the order of `items`, never in the
order they finish, so a job's answer is the same bit for bit whatever the executor and the
number of workers. `done` is called once per finished task, as it finishes (a progress bar).
Interrupted (Ctrl-C, or an error), the tasks not started are cancelled and the results that
did finish stay readable (`Batch.left`), so a job keeps what it has.

`fn` and the items must pickle: module-level functions and plain data. On a cluster every
worker needs flick installed (the same version) to import `fn`.
"""

from __future__ import annotations

from flick.batch.executor import Batch, Chunked, Executor, Local, Serial
from flick.batch.options import SCHEDULER_ENV, add_options, from_args, open_executor

__all__ = ["SCHEDULER_ENV", "Batch", "Chunked", "Executor", "Local", "Serial", "add_options",
           "from_args", "open_executor"]
