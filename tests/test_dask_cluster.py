"""Batch jobs on a real Dask cluster: two worker processes on this machine (loopback only),
one cluster shared by the tests of this file. The answers are those of this machine, bit for
bit; a worker killed with SIGKILL in the middle of a run loses nothing; a scheduler that
cannot be reached is a one-line error within seconds, not a hang.

Cost: 3 bot games of scenario 1 on the cluster (2 recorded, whose inputs are re-run for the
replay, and 1 analysed: about 1 s each) and 2 here (the session's shared games), 3x3 plan
maps of 4 shots a cell, 12 and 24 tower drops."""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("distributed")

from flick.cli import main

pytestmark = pytest.mark.xdist_group("dask-cluster")  # one cluster for the whole file


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1, host="127.0.0.1",
                      dashboard_address=None, silence_logs=logging.ERROR) as c:
        yield c


def _flick(argv: list[str], capsys: Any) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_sim_games_and_analysis_on_the_cluster_are_those_of_this_machine(
        cluster: Any, cli_run: Callable[..., Any], capsys: Any, tmp_path: Path) -> None:
    here = cli_run(["sim", "1", "--games", "2", "--json"], record=True)
    record = tmp_path / "r.json"
    code, out, err = _flick(["sim", "1", "--games", "2", "--json", "--record", str(record),
                             "--scheduler", cluster.scheduler_address], capsys)
    assert code == here.code == 0, err
    assert out == here.stdout and len(out.splitlines()) == 2
    assert json.loads(record.read_text())["games"] == here.record_data()["games"]
    here = cli_run(["sim", "1", "--analyze", "--games", "1", "--json"])
    code, out, err = _flick(["sim", "1", "--analyze", "--games", "1", "--json",
                             "--scheduler", cluster.scheduler_address], capsys)
    assert code == 0 and json.loads(out) == json.loads(here.stdout), err


def test_a_plan_map_on_the_cluster_is_the_one_made_here(
        cluster: Any, capsys: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["plan", "1", "--action", "move", "--target", "30,30", "--grid", "3x3",
            "--repeats", "4", "--out", "-"]
    code, here, _ = _flick([*argv, "--workers", "1"], capsys)
    assert code == 0 and "best:" in here
    monkeypatch.setenv("FLICK_SCHEDULER", cluster.scheduler_address)  # no --scheduler given
    code, there, err = _flick(argv, capsys)
    assert code == 0, err
    assert there == here


def test_tower_drops_on_the_cluster_are_the_ones_dropped_here(cluster: Any,
                                                              capsys: Any) -> None:
    argv = ["tower", "--drops", "12", "--seed", "2", "--out", "-"]
    code, here, _ = _flick(argv, capsys)
    code2, there, err = _flick([*argv, "--scheduler", cluster.scheduler_address], capsys)
    assert code == code2 == 0, err
    assert there == here and "12 drops of 3 zombies (36 zombies)" in here


def test_a_worker_killed_in_the_middle_of_a_run_loses_nothing(cluster: Any) -> None:
    from distributed import Client

    from flick.batch import open_executor
    from flick.cli.tower import run_drops

    here = run_drops(24, 3, seed=4)
    killed: dict[str, Any] = {}
    with Client(cluster.scheduler_address, set_as_default=False) as watcher, \
            open_executor(cluster.scheduler_address) as executor:
        pids = watcher.run(os.getpid)  # worker address -> its process

        def kill_a_busy_worker(_: int) -> None:
            if killed:
                return
            busy = {w: keys for w, keys in watcher.processing().items() if keys}
            worker = sorted(busy)[0]
            os.kill(pids[worker], signal.SIGKILL)
            killed.update(worker=worker, tasks=len(busy[worker]))

        there = run_drops(24, 3, seed=4, progress=kill_a_busy_worker, executor=executor)
    assert killed and killed["tasks"] >= 1  # it had work under way or waiting
    assert set(there) == set(here)
    for key, values in here.items():
        assert np.array_equal(there[key], values), key


def test_the_bench_measures_the_cost_of_a_task_on_the_cluster(cluster: Any) -> None:
    from flick.batch import open_executor
    from flick.bench import SECTIONS
    from flick.bench.cluster import overhead

    assert SECTIONS["dask"] == "flick.bench.cluster"
    with open_executor(cluster.scheduler_address) as executor:
        costs = overhead(executor, tasks=20, round_trips=2)
    assert costs["task_round_trip_ms"] > 0 and costs["overhead_ms_per_task"] > 0
    # many tasks at once share the round trips: cheaper per task than one after the other
    assert costs["overhead_ms_per_task"] < costs["task_round_trip_ms"] * 2


def test_an_unreachable_scheduler_is_a_one_line_error_within_seconds(capsys: Any) -> None:
    with socket.socket() as s:  # a port on loopback that nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    started = time.monotonic()
    code, out, err = _flick(["tower", "--drops", "1", "--out", "-",
                             "--scheduler", f"tcp://127.0.0.1:{port}"], capsys)
    assert time.monotonic() - started < 10
    assert code == 1 and out == ""
    assert err.startswith(f"flick: error: cannot reach the Dask scheduler at tcp://127.0.0.1:"
                          f"{port}") and err.count("\n") == 1 and "Traceback" not in err
