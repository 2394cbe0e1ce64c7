"""Fixtures shared by the whole suite: seeded bot games and `flick` command runs, played once
per test run (per pytest-xdist worker) and shared by every file that checks them.

A Flick 'em Up! bot game takes seconds; several files check different things (text, JSON,
replay, digests) of the same seeded game. `bot_game(scenario, seed, ...)` and
`cli_run(argv, record=...)` play each distinct game once and hand out the same result, so the
checks stay as they are and the cost is paid once. Callers must not mutate what they get.

Both share one cache of finished games (`shared_play`, keyed by the scenario's whole data,
seed, bots, players and variant): while `cli_run` runs `flick sim`, the command's call of
`flick.game.play.play` goes through it, so `flick sim 7 --seed 100 --json` (a golden game) and
`played(7, 100, None)` are one game played once. `play` is deterministic (the golden digests
check that), so this only removes repeated work; the command still does everything else itself
(summary, JSON, `--record`'s re-run of the inputs with a recorder and its end-state check).

Under pytest-xdist every worker has its own session: the tests that share a game carry
`game_group(number)` (an `xdist_group` mark; `--dist loadgroup` in pyproject's addopts) so they
run on one worker and the game is still played once.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import sys
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


_GAMES: dict[tuple[Any, ...], Any] = {}  # shared_play's finished games, for the session
_PLAY: list[Callable[..., Any]] = []  # the real flick.game.play.play


def _real_play() -> Callable[..., Any]:
    if not _PLAY:  # taken before cli_run stands shared_play in for it
        _PLAY.append(importlib.import_module("flick.game.play").play)
    return _PLAY[0]


def shared_play(scenario: Any, seed: int, bots: str = "heuristic",
                on_input: Callable[..., None] | None = None, *,
                players: dict[str, int] | None = None, dangerous: bool = False) -> Any:
    """`flick.game.play.play`, played once per distinct game in the session (a game watched
    with `on_input` is always played)."""
    if on_input is not None:
        return _real_play()(scenario, seed, bots, on_input, players=players,
                            dangerous=dangerous)
    key = (json.dumps(scenario.model_dump(mode="json"), sort_keys=True), seed, bots,
           json.dumps(players, sort_keys=True), dangerous)
    if key not in _GAMES:
        _GAMES[key] = _recorded(scenario, seed, bots, players, dangerous)
    return _GAMES[key]


def _recorded(scenario: Any, seed: int, bots: str, players: dict[str, int] | None,
              dangerous: bool) -> Any:
    """The real play of the game with a replay Recorder attached from its start, so that
    `flick sim --record` takes the record from it (`flick.replay.record`) instead of re-running
    every input once more. The two records are equal (test_replay: "a recorder attached later
    and a rerun record agree"); the re-run path itself stays tested where `flick sim --record`
    runs unshared (test_recorded_s10_game..., test_atomic, make_digests.py --check)."""
    from flick import replay

    module = sys.modules[_real_play().__module__]
    real_game = module.Game

    def recorded_game(*args: Any, **kwargs: Any) -> Any:
        game = real_game(*args, **kwargs)
        replay.Recorder(game, controller=bots)
        return game

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(module, "Game", recorded_game)
        return _real_play()(scenario, seed, bots, players=players, dangerous=dangerous)


def game_group(number: int) -> pytest.MarkDecorator:
    """The xdist group of the tests that check the shared games of scenario `number`."""
    return pytest.mark.xdist_group(f"game-s{number:02d}")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On a pytest-xdist worker under `--dist loadgroup`: give each item with `xdist_group`
    marks its `@group` nodeid suffix, by which the controller sends a group to one worker.
    pytest-xdist 3.8 sets `item._nodeid`, which pytest 9 no longer reads (the nodeid comes
    from `item._id`), so without this the groups are silently ignored."""
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                        for m in item.iter_markers("xdist_group")})
        if not names or item.nodeid.rfind("@") > item.nodeid.rfind("]"):
            continue  # no group, or pytest-xdist's own suffix took
        nodeid = f"{item.nodeid}@{'_'.join(names)}"
        if hasattr(item, "_id"):
            from _pytest.nodeid import NodeId

            item._id = NodeId.parse(nodeid)
        else:
            item._nodeid = nodeid


@pytest.fixture(scope="session")
def cli_run(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., CliRun]:
    """`cli_run(argv, record=False)`: run `flick.cli.main(argv)` with stdout and stderr captured
    (plus `--record FILE` when record is true), once per distinct (argv, record) in the session."""
    from flick.cli import main

    real = _real_play()
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
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                    pytest.MonkeyPatch.context() as mp:
                mp.setattr(sys.modules[real.__module__], "play", shared_play)
                code = main([*argv, *extra])
            cache[key] = CliRun(code, out.getvalue(), err.getvalue(), path)
        return cache[key]

    return run


@pytest.fixture(scope="session")
def bot_game() -> Callable[..., Any]:
    """`bot_game(scenario, seed, **play_kwargs)`: `flick.game.play.play` of that scenario (a
    number or name) and seed, played once per distinct arguments in the session."""
    from flick.scenario import load

    def game(scenario: int | str, seed: int, **kw: Any) -> Any:
        return shared_play(load(scenario), seed, **kw)

    return game


@pytest.fixture(scope="session")
def played(bot_game: Callable[..., Any]) -> Callable[[int, int, int | None], Any]:
    """`played(number, seed, players)`: the bot game of scenario `number` with `players` at the
    table (S9-S10; None the fewest allowed), as `flick sim N --seed S --players P` plays it;
    shared by tests/game/test_bot_games.py and tests/game/test_narration.py."""
    from flick.game.scenarios.five_to_ten import team_sizes
    from flick.scenario import load

    def game(number: int, seed: int, players: int | None) -> Any:
        return bot_game(number, seed, players=team_sizes(load(number), players))

    return game
