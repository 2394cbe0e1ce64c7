"""The games of a long `flick sim --record` run kept as they finish.

While the run goes on, each finished game is appended to `FILE.partial` as one JSON line
(after a header line) and fsynced, so even a run killed outright (SIGKILL, power loss) keeps
every finished game: `flick replay FILE.partial` reads it (`loading.load` accepts this JSON
lines form). When the run ends, interrupted or not, the replay FILE is written atomically
with every finished game and the journal is removed.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from flick.replay.schema import FORMAT, VERSION


def header() -> dict[str, Any]:
    """The replay file's fields other than its games."""
    import pymunk

    from flick import __version__
    from flick.replay.recorder import build

    return {"format": FORMAT, "version": VERSION, "flick": __version__,
            "pymunk": str(pymunk.version), "build": build()}


class Journal:
    """`FILE.partial`, one JSON line per finished game; nothing at all when `path` is None."""

    def __init__(self, path: str | os.PathLike[str] | None) -> None:
        self.path = None if path is None else Path(str(path) + ".partial")
        self._file: IO[str] | None = None

    def append(self, game: dict[str, Any]) -> None:
        if self.path is None:
            return
        if self._file is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = open(self.path, "w", encoding="utf-8")  # noqa: SIM115 (kept open)
            self._line(header())
        self._line(game)

    def _line(self, data: dict[str, Any]) -> None:
        assert self._file is not None
        self._file.write(json.dumps(data, separators=(",", ":"), allow_nan=False) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self, done: bool) -> None:
        """Close; `done`: the replay itself is written, so the journal is removed."""
        if self._file is not None:
            self._file.close()
            self._file = None
        if done and self.path is not None:
            with contextlib.suppress(OSError):
                self.path.unlink()


class DamagedLine(ValueError):
    """A journal line other than the last is not JSON: `line` (counting from 1) says which."""

    def __init__(self, line: int, why: str) -> None:
        super().__init__(f"{line}: {why}")
        self.line = line


def from_lines(text: str, parse: Callable[[str], Any] = json.loads) -> dict[str, Any] | None:
    """A replay's data from the journal form (a header line, then one game a line), or None
    when `text` is not in that form. A last line cut short by a kill is left out; a damaged
    line before it raises DamagedLine (a game in the middle is not silently dropped).
    `parse` reads one line (the loader's, which refuses NaN and oversized numbers)."""
    lines = text.split("\n")  # JSON escapes every line break inside its strings
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) < 2:
        return None
    try:
        head = parse(lines[0])
    except (ValueError, RecursionError):
        return None
    if not isinstance(head, dict) or head.get("format") != FORMAT or "games" in head:
        return None
    games = []
    for k, line in enumerate(lines[1:], start=2):
        try:
            games.append(parse(line))
        except (ValueError, RecursionError) as exc:
            if k == len(lines) and not text.endswith("\n"):
                break  # the game being written when the run was killed
            why = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
            raise DamagedLine(k, f"a damaged game ({why})") from None
    return {**head, "games": games}


class Interrupt:
    """Whether a SIGTERM came (`terminate_as_interrupt`); `check` raises KeyboardInterrupt
    once it has."""

    def __init__(self) -> None:
        self.came = False

    def check(self) -> None:
        if self.came:
            raise KeyboardInterrupt


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[Interrupt]:
    """SIGTERM raises KeyboardInterrupt inside the block (so `finally` clauses run and the
    finished games are written), where signals can be caught (the main thread).

    The raise can land inside a C callback (pymunk's shape queries, a space freed by the
    garbage collector), where cffi prints it and carries on: 3 of 30 SIGTERMs sent to
    `flick sim 1 --games 40 --record` were lost that way and the run finished with status 0.
    So the signal is also remembered: a loop calls the yielded `Interrupt.check` between
    games, and the interrupt comes at the latest when the game under way ends."""
    state = Interrupt()

    def interrupt(signum: int, frame: Any) -> None:
        state.came = True
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread
        yield state
        return
    try:
        yield state
    finally:
        signal.signal(signal.SIGTERM, previous)
