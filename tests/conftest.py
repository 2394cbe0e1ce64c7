"""Fixtures shared by the whole suite: seeded bot games and `flick` command runs, played once
per test run (per pytest-xdist worker) and shared by every file that checks them.

A Flick 'em Up! bot game takes seconds; several files check different things (text, JSON,
replay, digests) of the same seeded game. `bot_game(scenario, seed, ...)` and
`cli_run(argv, record=...)` play each distinct game once and hand out the same result, so the
checks stay as they are and the cost is paid once. Callers must not mutate what they get.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest


@dataclass(frozen=True)
class CliRun:
    """One in-process `flick ARGV` run: exit code, what it printed, and the replay it recorded."""

    code: int
    stdout: str
    stderr: str
    record: Path | None

    def record_data(self) -> dict[str, Any]:
        assert self.record is not None, "run without --record"
        return json.loads(self.record.read_text())


@pytest.fixture(scope="session")
def cli_run(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., CliRun]:
    """`cli_run(argv, record=False)`: run `flick.cli.main(argv)` with stdout and stderr captured
    (plus `--record FILE` when record is true), once per distinct (argv, record) in the session."""
    from flick.cli import main

    cache: dict[tuple[tuple[str, ...], bool], CliRun] = {}

    def run(argv: list[str], record: bool = False) -> CliRun:
        key = (tuple(argv), record)
        if key not in cache:
            path = None
            extra: list[str] = []
            if record:
                path = tmp_path_factory.mktemp("cli_run") / "record.json"
                extra = ["--record", str(path)]
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main([*argv, *extra])
            cache[key] = CliRun(code, out.getvalue(), err.getvalue(), path)
        return cache[key]

    return run


@pytest.fixture(scope="session")
def bot_game() -> Callable[..., Any]:
    """`bot_game(scenario, seed, **play_kwargs)`: `flick.game.play.play` of that scenario (a
    number or name) and seed, played once per distinct arguments in the session."""
    from flick.game.play import play
    from flick.scenario import load

    cache: dict[tuple[Any, ...], Any] = {}

    def game(scenario: int | str, seed: int, **kw: Any) -> Any:
        key = (scenario, seed, json.dumps(kw, sort_keys=True))
        if key not in cache:
            cache[key] = play(load(scenario), seed, **kw)
        return cache[key]

    return game


@pytest.fixture(scope="session")
def played(bot_game: Callable[..., Any]) -> Callable[[int, int, int | None], Any]:
    """`played(number, seed, players)`: the bot game of scenario `number` with `players` at the
    table (S9-S10; None the fewest allowed), as `flick sim N --seed S --players P` plays it;
    shared by tests/game/test_scenarios_5_10_games.py and tests/game/test_narration.py."""
    from flick.game.scenarios.five_to_ten import team_sizes
    from flick.scenario import load

    def game(number: int, seed: int, players: int | None) -> Any:
        return bot_game(number, seed, players=team_sizes(load(number), players))

    return game
