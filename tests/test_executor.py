"""The executor seam (flick.batch) on this machine: results in the order of the items whatever
the pool, a batch stopped early keeps what finished, the options refuse what makes no sense."""

from __future__ import annotations

import time

import pytest

from flick.batch import Local, Serial, open_executor
from flick.errors import FlickError


def _slow_square(x: int) -> int:
    """Later items finish first: the order of completion is not the order of submission."""
    time.sleep(0.02 * (4 - x % 5))
    return x * x


def _fail_on_three(x: int) -> int:
    if x == 3:
        raise ValueError("three")
    return x


def test_results_come_in_the_order_of_the_items_not_of_completion() -> None:
    finished: list[int] = []
    with Local(2) as ex, ex.map(_slow_square, range(10), done=finished.append) as batch:
        got = list(batch)
    assert got == [x * x for x in range(10)]
    assert sorted(finished) == list(range(10))  # each task reported once, as it finished
    with Serial() as ex, ex.map(_slow_square, range(10)) as batch:
        assert list(batch) == got


def test_a_batch_left_early_keeps_what_finished_and_runs_nothing_more() -> None:
    calls: list[int] = []

    def square(x: int) -> int:
        calls.append(x)
        return x * x

    with Serial() as ex, ex.map(square, range(10)) as batch:
        for value in batch:
            if value == 9:
                break
    assert calls == [0, 1, 2, 3]  # nothing ran after the loop was left
    with Local(2) as ex:
        batch = ex.map(_slow_square, range(6))
        with pytest.raises(KeyboardInterrupt), batch:
            for _ in batch:
                raise KeyboardInterrupt
    # the first result was handed out; the others that finished are kept, in item order
    assert [i for i, _ in batch.left] == sorted(i for i, _ in batch.left)
    assert all(v == i * i for i, v in batch.left) and 0 not in dict(batch.left)
    assert 1 in dict(batch.left)  # under way on the other process when the loop was left


def test_a_failed_task_raises_its_error_and_cancels_the_rest() -> None:
    with Local(2) as ex, ex.map(_fail_on_three, range(8)) as batch, \
            pytest.raises(ValueError, match="three"):
        list(batch)
    assert all(v == i for i, v in batch.left)


def test_chunks_cover_every_item_once_in_order() -> None:
    for slots, n in ((1, 1), (2, 9), (2, 3), (8, 100), (3, 7)):
        ex = Local(slots) if slots > 1 else Serial()
        chunks = ex.chunks(n)
        assert [i for c in chunks for i in c] == list(range(n))
        assert len(chunks) == min(n, ex.slots * 4) and all(len(c) for c in chunks)


def test_the_options_choose_the_executor_and_refuse_nonsense() -> None:
    assert isinstance(open_executor(env={}), Serial)
    assert isinstance(open_executor(workers=3, env={}), Local)
    assert isinstance(open_executor(default_workers=None, env={}), (Local, Serial))
    # an explicit --workers runs on this machine even when FLICK_SCHEDULER names a cluster
    assert isinstance(open_executor(workers=1, env={"FLICK_SCHEDULER": "tcp://127.0.0.1:1"}),
                      Serial)
    with pytest.raises(FlickError, match="at least 1"):
        open_executor(workers=0, env={})
    with pytest.raises(FlickError, match="one or the other"):
        open_executor("tcp://127.0.0.1:1", workers=2, env={})



def test_a_scheduler_without_dask_installed_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails
    with pytest.raises(FlickError, match=r"pip install 'flick\[dask\]'"):
        open_executor("tcp://127.0.0.1:1", env={})
