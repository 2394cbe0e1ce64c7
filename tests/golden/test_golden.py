"""Golden games, in-process: every digest stored in digests.json, recomputed through
`flick.cli.main` (the same runs as make_digests.py, without a subprocess each) and compared.

A changed digest means a seeded game now plays, prints or records differently: a behaviour
change. If it is meant, regenerate with `python tests/golden/make_digests.py --write` and say
why in the commit.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CliRun, game_group
from tests.golden.make_digests import CARD_RUNS, FLICK_RUNS, replay_digest_lines

STORED: dict[str, str] = json.loads((Path(__file__).parent / "digests.json").read_text())
RUNS = [(key, argv, True) for key, argv in FLICK_RUNS] + [
    (key, argv, False) for key, argv in CARD_RUNS]


def test_every_stored_digest_has_a_run() -> None:
    assert sorted(STORED) == sorted(key for key, _, _ in RUNS)


def _param(key: str, argv: list[str], record: bool) -> Any:
    # A Flick game's run shares its play with the other tests of its scenario's games
    # (tests/conftest.py: cli_run, played, game_group).
    marks = [game_group(int(argv[1]))] if argv[0] == "sim" else []
    return pytest.param(key, argv, record, marks=marks, id=key)


@pytest.mark.parametrize(("key", "argv", "record"), [_param(*run) for run in RUNS])
def test_golden_digest(key: str, argv: list[str], record: bool,
                       cli_run: Callable[..., CliRun]) -> None:
    run = cli_run(argv, record=record)
    assert run.code == 0, run.stderr
    h = hashlib.sha256(run.stdout.encode())
    if record:
        assert run.record is not None
        for line in replay_digest_lines(run.record):
            h.update(line.encode())
    assert h.hexdigest() == STORED[key], f"golden game {key} changed: flick {' '.join(argv)}"
