"""Loading a replay file: every kind of damage is a `DataFileError` saying what is wrong."""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

from pydantic import ValidationError

from flick.errors import DataFileError, FlickError
from flick.game import Game, check_set_up
from flick.game.inputs import Input, input_from_json
from flick.physics import BuildingState, PhysicsParams, PieceState, TableState
from flick.replay.journal import DamagedLine, from_lines
from flick.replay.schema import (
    FORMAT,
    VERSION,
    GameRecord,
    Header,
    ReplayFile,
    digest,
    sha256,
)
from flick.scenario import Scenario


@dataclass(frozen=True)
class LoadedGame:
    """One game of a replay file, checked: its record and what it takes to re-run it."""

    record: GameRecord
    scenario: Scenario | None  # None when this flick cannot rebuild it
    params: PhysicsParams | None  # None when this flick cannot rebuild them
    inputs: tuple[Input, ...]
    problem: str | None = None  # why it cannot be re-simulated here (stored poses still show)
    number: int = 1  # its place in the file, counting from 1

    @property
    def players(self) -> dict[str, int]:
        return {p.team: p.players for p in self.record.players}

    def new_game(self) -> Game:
        """A new `Game` set up as this one was (its scenario as given, seed, players, physics,
        variant), to re-run its inputs on; ValueError when it cannot be re-simulated here."""
        if self.scenario is None or self.params is None:
            raise ValueError(self.problem or "the game cannot be rebuilt")
        return Game(self.scenario, self.record.seed, players=self.players, params=self.params,
                    dangerous=self.record.dangerous)

    def start_state(self) -> TableState:
        """The table after set-up, as a `flick.physics.TableState` (for `Table.restore`)."""
        start = self.record.start
        return table_state(start.city, start.poses, start.buildings)

    def state_after(self, shot: int) -> TableState:
        """The table at rest after shot `shot` (counting from 0), from the stored poses: what
        a viewer shows, exact, without re-simulating."""
        s, start = self.record.shots[shot], self.record.start
        return table_state(s.city or start.city, s.poses,
                           start.buildings if s.buildings is None else s.buildings)


def table_state(city: Sequence[float], poses: Iterable[Sequence[Any]],
                buildings: Iterable[Sequence[Any]]) -> TableState:
    """A `flick.physics.TableState` from stored poses (the ids, kinds and floats as stored)."""
    pieces = tuple(PieceState(int(i), str(k), float(x), float(y), float(a), bool(st))
                   for i, k, x, y, a, st in poses)
    blds = tuple(BuildingState(int(i), str(n), float(x), float(y), float(a),
                               (int(p[0]), int(p[1]), int(p[2])))
                 for i, n, x, y, a, p in buildings)
    ids = [p.id for p in pieces] + [b.id for b in blds] + [q for b in blds for q in b.parts]
    return TableState((float(city[0]), float(city[1])), pieces, blds, max(ids, default=0) + 1)


@dataclass(frozen=True)
class Replay:
    """A loaded, checked replay file. `games` is a tuple, or for a file above STREAM_ABOVE
    bytes a `GameLines` that reads and checks each game when it is asked for."""

    path: Path
    file: Header
    games: Sequence[LoadedGame]


def _where(loc: Sequence[Any]) -> str:
    parts = []
    for i, part in enumerate(loc):
        if isinstance(part, int) and i > 0:
            parts.append(f"[{part + 1}]")  # people count from 1
        else:
            parts.append(("." if parts else "") + str(part))
    return "".join(parts) or "(top level)"


def _not_a_number(word: str) -> float:
    # Python's json reads NaN and Infinity, which JSON has not; a recorder never writes them.
    raise ValueError(f"{word} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if value in (math.inf, -math.inf):
        raise ValueError(f"{text[:20]}{'...' if len(text) > 20 else ''} is too large for a "
                         "float")
    return value


MAX_DIGITS = 20
"""The most digits of a whole number in a replay: a seed (63 bits) has 19."""


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a whole number of {len(text.lstrip('-'))} digits ({text[:12]}...): "
                         f"more than the {MAX_DIGITS} a replay holds")
    return int(text)


def _parse(text: str) -> Any:
    """JSON as a replay holds it: no NaN or infinity, no number beyond what it records."""
    return json.loads(text, parse_constant=_not_a_number, parse_float=_finite,
                      parse_int=_whole)


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _lone_surrogate(raw: Any) -> str | None:
    """The first string in `raw` holding half of a UTF-16 pair (JSON "\\udcff" alone), which
    no text is made of and no terminal prints; None when there is none."""
    stack = [raw]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return item.encode("utf-8", "backslashreplace").decode("ascii")[:60]
    return None


MAX_REPLAY_BYTES = 1 << 30
"""The largest replay read (bytes): 400 recorded games are about 100 MB."""


def _read(path: Path) -> str:
    """The replay's text: a regular file only (a FIFO or a device is not read), at most
    MAX_REPLAY_BYTES, UTF-8."""
    try:
        with open(path, "rb", opener=lambda p, f: os.open(p, f | os.O_NONBLOCK)) as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise DataFileError(f"{path}: not a regular file")
            if info.st_size > MAX_REPLAY_BYTES:
                raise DataFileError(f"{path}: larger than {MAX_REPLAY_BYTES} bytes")
            return handle.read().decode("utf-8")
    except OSError as exc:
        raise DataFileError(f"{path}: cannot read the replay: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise DataFileError(f"{path}: not UTF-8 text (byte {exc.start})") from None


STREAM_ABOVE = 64 << 20
"""Bytes: a larger replay is read game by game (`GameLines`), never whole: read whole, a file
takes about ten times its size in memory (a 100 MB replay of 450 games: 0.96 GB)."""


def load(path: str | Path) -> Replay:
    """Read and check a replay file; any damage raises DataFileError saying what is wrong.
    A file above STREAM_ABOVE bytes is checked game by game as its games are read."""
    path = Path(path)
    if not path.exists():
        raise DataFileError(f"{path}: no such replay file")
    if _size(path) > STREAM_ABOVE:
        return _load_by_lines(path)
    text = _read(path)
    try:
        raw = _parse(text)
    except json.JSONDecodeError as exc:
        try:
            lines = from_lines(text, _parse) if exc.msg == "Extra data" else None
        except DamagedLine as damaged:
            raise DataFileError(f"{path}:{damaged}") from None
        if lines is None:
            raise DataFileError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: "
                                f"{exc.msg}") from None
        raw = lines  # the journal of an unfinished `flick sim --record` (FILE.partial)
    except RecursionError:
        raise DataFileError(f"{path}: not a replay: nested too deeply") from None
    except ValueError as exc:  # a hook's refusal: find its line for an editor
        long = re.search(rf"(?<![\d.])\d{{{MAX_DIGITS + 1},}}(?![\d.eE])", text)
        line = f"{text.count(chr(10), 0, long.start()) + 1}:" if long else ""
        raise DataFileError(f"{path}:{line} not valid JSON: {exc}") from None
    if _SURROGATE_ESCAPE.search(text):  # a pair (an emoji) is fine; half of one is damage
        lone = _lone_surrogate(raw)
        if lone is not None:
            raise DataFileError(f"{path}: damaged replay: the text {lone!r} holds half of a "
                                "UTF-16 surrogate pair, which is no character")
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise DataFileError(f"{path}: not a flick replay (no \"format\": \"{FORMAT}\")")
    version = raw.get("version")
    if version != VERSION:
        raise DataFileError(f"{path}: replay format version {version!r} is not one this flick "
                            f"reads (version {VERSION}); it needs another flick version")
    try:
        file = ReplayFile.model_validate(raw)
    except ValidationError as exc:
        problems = [f"{_where(e['loc'])}: {e['msg']}" for e in exc.errors()[:5]]
        more = f" (and {exc.error_count() - 5} more)" if exc.error_count() > 5 else ""
        raise DataFileError(f"{path}: damaged replay: " + "; ".join(problems) + more) from None
    games = tuple(_checked(f"{path}: game {g}", game, g, file.flick)
                  for g, game in enumerate(file.games, start=1))
    return Replay(path, file, games)


def _checked(where: str, game: GameRecord, g: int, flick: str) -> LoadedGame:
    """One game of the file checked (its hashes, digests, seats and inputs), as a LoadedGame;
    DataFileError naming `where` when anything is damaged or edited."""
    for what, embedded in (("scenario", game.scenario), ("physics parameters", game.physics)):
        if sha256(embedded.data) != embedded.hash:
            raise DataFileError(f"{where}: the embedded {what} do not match their hash: "
                                "edited or damaged")
    start = game.start
    if table_state(start.city, start.poses, start.buildings).hash() != start.hash:
        raise DataFileError(f"{where}: the stored start poses do not give the stored hash: "
                            "edited or damaged")
    for k, shot in enumerate(game.shots, start=1):
        state = table_state(shot.city or start.city, shot.poses,
                            start.buildings if shot.buildings is None else shot.buildings)
        if state.hash() != shot.hash:
            raise DataFileError(f"{where}, shot {k}: the stored poses do not give the stored "
                                "hash: edited or damaged")
    for i, (inp, dig) in enumerate(zip(game.inputs, game.digests, strict=True), start=1):
        if digest(inp) != dig:
            raise DataFileError(
                f"{where}, input {i} ({inp.get('input', '?')}): changed after recording "
                "(its digest does not match): a tampered or damaged input"
            )
    # The hashes match, so the data are as recorded; a flick whose schemas changed since
    # may still be unable to rebuild them: then the game can be shown, not re-simulated.
    scenario = params = problem = None
    try:
        scenario = Scenario.model_validate(game.scenario.data)
        params = PhysicsParams.model_validate(game.physics.data)
    except ValidationError as exc:
        first = exc.errors()[0]
        what = "scenario" if scenario is None else "physics parameters"
        problem = (f"the embedded {what} do not fit this flick's schema "
                   f"({_where(first['loc'])}: {first['msg']}; recorded with flick {flick})")
    if scenario is not None:  # the seats as the scenario has them (no team it lacks)
        try:
            check_set_up(scenario, game.seed, {p.team: p.players for p in game.players})
        except FlickError as exc:
            raise DataFileError(f"{where}: players: {exc}") from None
    inputs = []
    for i, inp in enumerate(game.inputs, start=1):
        try:
            inputs.append(input_from_json(inp))
        except FlickError as exc:
            raise DataFileError(f"{where}, input {i}: {exc}") from None
    return LoadedGame(game, scenario, params, tuple(inputs), problem, g)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError as exc:
        raise DataFileError(f"{path}: cannot read the replay: {exc.strerror or exc}") from None


_GAMES_OPEN = ',"games":['


class GameLines(Sequence[LoadedGame]):
    """The games of a large replay file, one a line (as `recorder.layout` and the journal
    write them): only where each line starts is kept; a game is read, checked and built when
    it is asked for, so memory holds one game at a time, whatever the file's size."""

    def __init__(self, path: Path, flick: str, lines: list[tuple[int, int, int]]) -> None:
        self.path, self._flick, self._lines = path, flick, lines  # (line number, offset, size)

    def __len__(self) -> int:
        return len(self._lines)

    @overload
    def __getitem__(self, index: int) -> LoadedGame: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[LoadedGame]: ...

    def __getitem__(self, index: int | slice) -> LoadedGame | Sequence[LoadedGame]:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(len(self)))]
        number, offset, size = self._lines[index]
        g = range(len(self))[index] + 1
        where = f"{self.path}:{number}: game {g}"
        with open(self.path, "rb") as handle:
            handle.seek(offset)
            data = handle.read(size)
        try:
            text = data.decode("utf-8").rstrip().removesuffix(",")
            raw = _parse(text)
        except UnicodeDecodeError as exc:
            raise DataFileError(f"{where}: not UTF-8 text (byte {offset + exc.start})") from None
        except RecursionError:
            raise DataFileError(f"{where}: nested too deeply") from None
        except ValueError as exc:
            raise DataFileError(f"{where}: not valid JSON: {str(exc)[:200]}") from None
        if _SURROGATE_ESCAPE.search(text) and _lone_surrogate(raw) is not None:
            raise DataFileError(f"{where}: a text holds half of a UTF-16 surrogate pair")
        try:
            game = GameRecord.model_validate(raw)
        except ValidationError as exc:
            first = exc.errors()[0]
            raise DataFileError(f"{where}: damaged: {_where(first['loc'])}: "
                                f"{first['msg']}") from None
        return _checked(where, game, g, self._flick)


def _load_by_lines(path: Path) -> Replay:
    """A large replay: its header checked now, each game when it is read (`GameLines`). The
    file is a replay one game a line (`{header,"games":[`, a game a line, `]}`) or a journal
    (a header line, a game a line, the last perhaps cut short by a kill)."""
    _read_check(path)
    lines: list[tuple[int, int, int]] = []
    with open(path, "rb") as handle:
        first = handle.readline(1 << 20)
        try:
            head_text = first.decode("utf-8").rstrip()
            journal = not head_text.endswith(_GAMES_OPEN)
            head = _parse(head_text if journal else head_text[: -len(_GAMES_OPEN)] + "}")
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise DataFileError(
                f"{path}:1: larger than {STREAM_ABOVE >> 20} MB, so read one game a line, but "
                "its first line is not a replay's header (a file this large is read as flick "
                "writes it: the header, then one game a line)") from None
        if not isinstance(head, dict) or head.get("format") != FORMAT or "games" in head:
            raise DataFileError(f"{path}: not a flick replay (no \"format\": \"{FORMAT}\")")
        if head.get("version") != VERSION:
            raise DataFileError(f"{path}: replay format version {head.get('version')!r} is not "
                                f"one this flick reads (version {VERSION})")
        try:
            header = Header.model_validate(head)
        except ValidationError as exc:
            first_error = exc.errors()[0]
            raise DataFileError(f"{path}:1: damaged replay: {_where(first_error['loc'])}: "
                                f"{first_error['msg']}") from None
        offset, number, closed = len(first), 1, False
        for line in handle:
            number += 1
            if closed and line.strip():
                raise DataFileError(f"{path}:{number}: text after the end of the replay")
            if not journal and line.rstrip() == b"]}":
                closed = True
            elif line.strip():
                lines.append((number, offset, len(line)))
            offset += len(line)
    if journal and lines and not _ends_with_newline(path):
        lines.pop()  # the game being written when the run was killed
    if not journal and not closed:
        raise DataFileError(f"{path}:{number}: cut short: the replay's last line \"]}}\" is "
                            "missing")
    if not lines:
        raise DataFileError(f"{path}: damaged replay: no games")
    return Replay(path, header, GameLines(path, header.flick, lines))


def _read_check(path: Path) -> None:
    """A regular file of at most MAX_REPLAY_BYTES (a FIFO or a device is not read)."""
    try:
        info = os.stat(path)
    except OSError as exc:
        raise DataFileError(f"{path}: cannot read the replay: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise DataFileError(f"{path}: not a regular file")
    if info.st_size > MAX_REPLAY_BYTES:
        raise DataFileError(f"{path}: larger than {MAX_REPLAY_BYTES} bytes")


def _ends_with_newline(path: Path) -> bool:
    with open(path, "rb") as handle:
        handle.seek(-1, os.SEEK_END)
        return handle.read(1) == b"\n"
