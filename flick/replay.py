"""Replays: a recorded Flick 'em Up! game that plays back exactly, and proves it.

A replay file is JSON (UTF-8), one object, **format version 1**:

```
{
  "format": "flick-replay",            always this string
  "version": 1,                        the format version (this module reads 1)
  "flick": "0.1.0",                    flick and pymunk versions that recorded it
  "pymunk": "7.3.1",
  "build": "3f9a...",                  SHA-256 of the code that decides a game (flick/physics,
                                       flick/game, flick/scenario sources): a re-run by other
                                       code may legitimately differ, and verify says so
  "games": [ GAME, ... ]               one or more games (`flick sim --games K` records K)
}
```

A GAME holds everything needed to re-run it and to check the re-run:

- `scenario`: `{"number", "name", "hash", "data"}`: the whole validated scenario (`data`, the
  scenario model as JSON) and the SHA-256 of its canonical JSON (`hash`).
- `seed`: the game's seed (all chance comes from it). `bots`: who played, if bots did.
- `physics`: `{"hash", "data"}`: the whole physics parameter set, and its SHA-256.
- `players`: `[{"team", "players", "controller"}]`: seats per team, and who held them.
- `start`: `{"hash", "city", "poses", "buildings"}`: the table after set-up, before any
  input: the city's width and height (cm), every piece `[id, kind, x, y, angle, standing]`
  (cm, rad), every building `[id, name, x, y, angle, [block, block, facade ids]]`.
- `inputs`: every decision in order, as `flick.game.inputs` writes them (survivor chosen,
  action with its flick impulse in g*cm/s and contact offset in cm, fight and hunger choices).
- `digests`: per input, the first 16 hex digits of the SHA-256 of its canonical JSON: an input
  edited after recording (a tampered impulse) is caught on loading, named by its number.
- `after`: per input, `Table.state_hash()` of the city table once the input was played.
- `shots`: every physics shot in order (each `Table.simulate` and each Zombie Rush, on the city
  table or a fight's staging table): `{"input", "table", "type", "launched", "first_touch",
  "fell", "travel", "poses", "hash"}`. `input` is the index of the input that caused it;
  `launched` the pieces set moving, where they stood (`at`, cm), with impulse and offset or
  velocity and spin (a rush's zombies: just who); `first_touch`
  `[piece, touched id, touched kind]`; `fell` `[id, kind]`; `travel` `[piece, cm]`; `poses`
  every piece at rest afterwards, exact, so the game can be shown where re-simulation would
  differ; `hash` the table's `state_hash()` after the shot. `city` and `buildings` are given
  only where they differ from `start`'s (a fight's staging table). The stored poses must give
  the stored hash: loading checks it, so edited poses are caught too.
- `result`: `{"over", "winner", "end_reason", "rounds", "turns"}` when recording stopped.

Canonical JSON, for hashes and digests: keys sorted, no spaces, floats as Python writes them
(shortest repr that reads back bit for bit).

`verify` re-runs each game from its scenario, seed, physics and inputs, and compares every
shot's hash, every input's hash and the result; the first difference is reported with the shot,
its input and how far the pieces are from where they were recorded. A file recorded with
another pymunk version is not re-simulated (floats may legitimately differ): its stored poses
are used instead, with a warning.
"""

from __future__ import annotations

import csv
import hashlib
import json
import math
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from flick.errors import DataFileError, FlickError

FORMAT = "flick-replay"
VERSION = 1
_SHOWN = 1e-4  # cm, rad: smaller differences are reported as "below what matters"

Pose = tuple[int, str, float, float, float, bool]
BuildingPose = tuple[int, str, float, float, float, tuple[int, int, int]]


# ---- the file's schema ------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Launch(_Model):
    """A piece set moving by a shot: an impulse (g cm/s) at an offset (cm), or a velocity."""

    piece: int
    kind: str
    at: tuple[float, float] | None = None  # cm: where it stood when launched
    impulse: tuple[float, float] | None = None
    offset: tuple[float, float] | None = None
    velocity: tuple[float, float] | None = None  # cm/s
    spin: float | None = None  # rad/s


class ShotRecord(_Model):
    input: int = Field(ge=0)
    table: Literal["city", "fight"]
    type: Literal["flick", "rush"]
    launched: list[Launch]
    first_touch: list[tuple[int, int, str]]
    fell: list[tuple[int, str]]
    travel: list[tuple[int, float]]
    poses: list[Pose]
    city: tuple[float, float] | None = None  # when not the start's
    buildings: list[BuildingPose] | None = None  # when not the start's
    hash: str = Field(pattern=r"^[0-9a-f]{64}$")


class Start(_Model):
    hash: str = Field(pattern=r"^[0-9a-f]{64}$")
    city: tuple[float, float]
    poses: list[Pose]
    buildings: list[BuildingPose]


class Embedded(_Model):
    hash: str = Field(pattern=r"^[0-9a-f]{64}$")
    data: dict[str, Any]


class ScenarioRecord(Embedded):
    number: int
    name: str


class Player(_Model):
    team: str
    players: int = Field(ge=1)
    controller: str


class Result(_Model):
    over: bool
    winner: str | None
    end_reason: str | None
    rounds: int
    turns: int


class GameRecord(_Model):
    scenario: ScenarioRecord
    seed: int
    bots: str | None = None
    physics: Embedded
    players: list[Player] = Field(min_length=1)
    start: Start
    inputs: list[dict[str, Any]]
    digests: list[str]
    after: list[str]
    shots: list[ShotRecord]
    result: Result

    @model_validator(mode="after")
    def _lengths(self) -> GameRecord:
        n = len(self.inputs)
        if len(self.digests) != n or len(self.after) != n:
            raise ValueError(f"{n} inputs but {len(self.digests)} digests and {len(self.after)} "
                             "hashes after inputs: every input needs one of each")
        last = 0
        for k, shot in enumerate(self.shots):
            if shot.input >= n or shot.input < last:
                raise ValueError(f"shot {k + 1} names input {shot.input + 1}, out of order or "
                                 f"beyond the {n} inputs")
            last = shot.input
        return self


class ReplayFile(_Model):
    format: Literal["flick-replay"]
    version: int
    flick: str
    pymunk: str
    build: str | None = None
    games: list[GameRecord] = Field(min_length=1)


# ---- hashing ----------------------------------------------------------------------------------


def canonical(data: Any) -> str:
    """Canonical JSON: sorted keys, no spaces, exact floats; NaN and infinities refused."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)


def sha256(data: Any) -> str:
    return hashlib.sha256(canonical(data).encode()).hexdigest()


def digest(input_json: dict[str, Any]) -> str:
    """The 16-hex-digit digest of one input's JSON (catches an edited input)."""
    return sha256(input_json)[:16]


_BUILD: list[str] = []


def build() -> str:
    """SHA-256 of the sources that decide a game: flick/physics, flick/game, flick/scenario."""
    if not _BUILD:
        root = Path(__file__).resolve().parent
        h = hashlib.sha256()
        for package in ("physics", "game", "scenario"):
            for source in sorted((root / package).rglob("*.py")):
                h.update(source.relative_to(root).as_posix().encode() + b"\0")
                h.update(source.read_bytes() + b"\0")
        _BUILD.append(h.hexdigest())
    return _BUILD[0]


# ---- recording --------------------------------------------------------------------------------

# game -> its Recorder. Nothing of the recorder lives in the game's own attributes: the game
# deep-copies them to undo an illegal input, and must neither copy nor restore a recorder.
_RECORDERS: weakref.WeakKeyDictionary[Any, Recorder] = weakref.WeakKeyDictionary()
_RECORDED_CLASSES: dict[type, type] = {}


def _recorded_class(cls: type) -> type:
    """A subclass of the game's class whose `apply` reports to the game's Recorder."""
    found = _RECORDED_CLASSES.get(cls)
    if found is None:
        plain_apply = cls.apply  # type: ignore[attr-defined]

        def apply(game: Any, inp: Any) -> None:
            recorder = _RECORDERS.get(game)
            if recorder is None:
                plain_apply(game, inp)
            else:
                recorder._recorded_apply(plain_apply, inp)

        found = type(cls.__name__, (cls,), {"apply": apply, "__doc__": cls.__doc__,
                                            "__module__": cls.__module__})
        _RECORDED_CLASSES[cls] = found
    return found


def _poses(snapshot: Any) -> list[list[Any]]:
    return [[p.id, p.kind, p.x, p.y, p.angle, bool(p.standing)] for p in snapshot.pieces]


def _buildings(snapshot: Any) -> list[list[Any]]:
    return [[b.id, b.name, b.x, b.y, b.angle, list(b.parts)] for b in snapshot.buildings]


def _kind(table: Any, pid: int) -> str:
    try:
        return str(table.kind(pid))
    except FlickError:
        return "tower" if pid == 0 else "?"


def _at(table: Any, pid: int) -> list[float] | None:
    try:
        return [float(v) for v in table.position(pid)]
    except FlickError:
        return None


class Recorder:
    """Listens to a game and records every input and every physics shot, as a replay needs.

    Attach it right after `Game(...)` is made, before the first input:

        game = Game(scenario, seed)
        recorder = Recorder(game)
        ... game.apply(...) as usual (bots, the window, anything) ...
        write("game.json", game)

    It hooks that one game: its class becomes a subclass whose `apply` reports here, and its
    tables' `simulate` and `rush` are wrapped (instance attributes of the tables). It only
    reads state, so the game plays exactly as without it. Shots of an input that turns out
    illegal are dropped with it.
    """

    def __init__(self, game: Any, controller: str = "unknown") -> None:
        if game.inputs:
            raise ValueError("attach the recorder before the game's first input")
        if game in _RECORDERS:
            raise ValueError("this game already has a recorder")
        self._game = weakref.ref(game)  # the game owns its recorder, not the other way round
        self.controller = controller
        self.shots: list[dict[str, Any]] = []
        self.digests: list[str] = []
        self.after: list[str] = []
        table = game.board.table
        snap = table.snapshot()
        self.start = {
            "hash": snap.hash(),
            "city": list(snap.city),
            "poses": _poses(snap),
            "buildings": _buildings(snap),
        }
        self._depth = 0
        self._input = 0
        self._hooked: set[int] = set()
        self._hook(table, "city")
        game.__class__ = _recorded_class(type(game))
        _RECORDERS[game] = self

    @property
    def game(self) -> Any:
        game = self._game()
        if game is None:
            raise ValueError("the recorded game no longer exists")
        return game

    def _recorded_apply(self, plain_apply: Any, inp: Any) -> None:
        game = self.game
        mark = len(self.shots)
        self._input = len(game.inputs)
        try:
            plain_apply(game, inp)
        except BaseException:
            del self.shots[mark:]
            raise
        finally:
            fight = getattr(game, "fight", None)
            if fight is not None:
                self._hook(fight.table, "fight")
        self.digests.append(digest(inp.to_json()))
        self.after.append(game.board.table.state_hash())

    def _hook(self, table: Any, name: str) -> None:
        if id(table) in self._hooked:
            return
        self._hooked.add(id(table))
        simulate = table.simulate
        rush = getattr(table, "rush", None)

        def recorded_simulate(impulses: Any = None, velocities: Any = None, **more: Any) -> Any:
            if self._depth:
                return simulate(impulses=impulses, velocities=velocities, **more)
            launched = [
                {"piece": pid, "kind": _kind(table, pid), "at": _at(table, pid),
                 "impulse": list(map(float, imp)), "offset": list(map(float, off))}
                for pid, (imp, off) in (impulses or {}).items()
            ] + [
                {"piece": pid, "kind": _kind(table, pid), "at": _at(table, pid),
                 "velocity": list(map(float, vel)), "spin": float(spin)}
                for pid, (vel, spin) in (velocities or {}).items()
            ]
            self._depth += 1
            try:
                result = simulate(impulses=impulses, velocities=velocities, **more)
            finally:
                self._depth -= 1
            self._shot(table, name, "flick", launched, result)
            return result

        table.simulate = recorded_simulate
        if rush is None:
            return

        def recorded_rush(*args: Any, **kwargs: Any) -> Any:
            if self._depth:
                return rush(*args, **kwargs)
            self._depth += 1
            try:
                result = rush(*args, **kwargs)
            finally:
                self._depth -= 1
            launched = [{"piece": pid, "kind": _kind(table, pid)}
                        for pid in getattr(result, "rushed", ())]
            self._shot(table, name, "rush", launched, result)
            return result

        table.rush = recorded_rush

    def _shot(self, table: Any, name: str, type_: str, launched: list[dict[str, Any]],
              result: Any) -> None:
        snap = table.snapshot()
        touches = getattr(result, "touch_lists", {})
        movers = [entry["piece"] for entry in launched]
        self.shots.append({
            "input": self._input,
            "table": name,
            "type": type_,
            "launched": launched,
            "first_touch": [[pid, touches[pid][0], _kind(table, touches[pid][0])]
                            for pid in movers if touches.get(pid)],
            "fell": [[pid, _kind(table, pid)] for pid in result.fell],
            "travel": [[pid, float(result.travel(pid))] for pid in movers],
            "poses": _poses(snap),
            "hash": snap.hash(),
        })
        shot = self.shots[-1]
        if list(snap.city) != self.start["city"]:
            shot["city"] = list(snap.city)
        buildings = _buildings(snap)
        if buildings != self.start["buildings"]:
            shot["buildings"] = buildings

    def record(self, bots: str | None = None) -> dict[str, Any]:
        """The game as one GAME object of the replay format."""
        game = self.game
        scenario = game.scenario.model_dump(mode="json")
        physics = game.board.table.params.model_dump(mode="json")
        summary = game.summary()
        controller = bots or self.controller
        return {
            "scenario": {"number": game.scenario.number, "name": game.scenario.name,
                         "hash": sha256(scenario), "data": scenario},
            "seed": game.seed,
            "bots": bots,
            "physics": {"hash": sha256(physics), "data": physics},
            "players": [{"team": team, "players": n, "controller": controller}
                        for team, n in game.turn_order.players.items()],
            "start": self.start,
            "inputs": [inp.to_json() for inp in game.inputs],
            "digests": list(self.digests),
            "after": list(self.after),
            "shots": list(self.shots),
            "result": {"over": game.over, "winner": game.winner, "end_reason": game.end_reason,
                       "rounds": summary["rounds"], "turns": game.turns},
        }


def _new_game(scenario: Any, seed: int, players: dict[str, int], params: Any) -> Any:
    from flick.game import Game

    return Game(scenario, seed, players=players, params=params)


def record(game: Any, bots: str | None = None) -> dict[str, Any]:
    """A GAME object for `game`: from its attached `Recorder`, or, when none was attached,
    by re-running its inputs with one (and checking the re-run ends exactly where it did)."""
    recorder = _RECORDERS.get(game)
    if recorder is not None:
        return recorder.record(bots)
    again = _new_game(game.scenario, game.seed, dict(game.turn_order.players),
                      game.board.table.params)
    recorder = Recorder(again, controller=bots or "unknown")
    for inp in game.inputs:
        again.apply(inp)
    if again.board.table.state_hash() != game.board.table.state_hash():
        raise FlickError(
            f"scenario {game.scenario.number} seed {game.seed}: re-running the game's inputs "
            "did not end on the same table; the game is not deterministic, so no replay "
            "was written"
        )
    return recorder.record(bots)


def write(path: str | Path, games: Any | Sequence[Any], bots: str | None = None) -> Path:
    """Write a replay file of one game or several (`Game`s or GAME dicts from `record`)."""
    import pymunk

    from flick import __version__

    items = list(games) if isinstance(games, (list, tuple)) else [games]
    records = [g if isinstance(g, dict) else record(g, bots) for g in items]
    data = {"format": FORMAT, "version": VERSION, "flick": __version__,
            "pymunk": str(pymunk.version), "build": build(), "games": records}
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, separators=(",", ":"), allow_nan=False) + "\n",
                        encoding="utf-8")
    except OSError as exc:
        raise FlickError(f"{path}: cannot write the replay: {exc.strerror}") from None
    return path


# ---- loading ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LoadedGame:
    """One game of a replay file, checked: its record and what it takes to re-run it."""

    record: GameRecord
    scenario: Any  # flick.scenario.Scenario, None when this flick cannot rebuild it
    params: Any  # flick.physics.PhysicsParams, None when this flick cannot rebuild them
    inputs: tuple[Any, ...]  # flick.game.inputs.Input
    problem: str | None = None  # why it cannot be re-simulated here (stored poses still show)
    number: int = 1  # its place in the file, counting from 1

    @property
    def players(self) -> dict[str, int]:
        return {p.team: p.players for p in self.record.players}

    def start_state(self) -> Any:
        """The table after set-up, as a `flick.physics.TableState` (for `Table.restore`)."""
        start = self.record.start
        return table_state(start.city, start.poses, start.buildings)

    def state_after(self, shot: int) -> Any:
        """The table at rest after shot `shot` (counting from 0), from the stored poses: what
        a viewer shows, exact, without re-simulating."""
        s, start = self.record.shots[shot], self.record.start
        return table_state(s.city or start.city, s.poses,
                           start.buildings if s.buildings is None else s.buildings)


def table_state(city: Sequence[float], poses: Iterable[Sequence[Any]],
                buildings: Iterable[Sequence[Any]]) -> Any:
    """A `flick.physics.TableState` from stored poses (the ids, kinds and floats as stored)."""
    from flick.physics import BuildingState, PieceState, TableState

    pieces = tuple(PieceState(int(i), str(k), float(x), float(y), float(a), bool(st))
                   for i, k, x, y, a, st in poses)
    blds = tuple(BuildingState(int(i), str(n), float(x), float(y), float(a),
                               (int(p[0]), int(p[1]), int(p[2])))
                 for i, n, x, y, a, p in buildings)
    ids = [p.id for p in pieces] + [b.id for b in blds] + [q for b in blds for q in b.parts]
    return TableState((float(city[0]), float(city[1])), pieces, blds, max(ids, default=0) + 1)


@dataclass(frozen=True)
class Replay:
    """A loaded, checked replay file."""

    path: Path
    file: ReplayFile
    games: tuple[LoadedGame, ...]


def _where(loc: Sequence[Any]) -> str:
    parts = []
    for i, part in enumerate(loc):
        if isinstance(part, int) and i > 0:
            parts.append(f"[{part + 1}]")  # people count from 1
        else:
            parts.append(("." if parts else "") + str(part))
    return "".join(parts) or "(top level)"


def load(path: str | Path) -> Replay:
    """Read and check a replay file; any damage raises DataFileError saying what is wrong."""
    from flick.game.inputs import input_from_json
    from flick.physics import PhysicsParams
    from flick.scenario import Scenario

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataFileError(f"{path}: no such replay file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataFileError(f"{path}: cannot read the replay: {exc}") from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataFileError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") \
            from None
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
    games = []
    for g, game in enumerate(file.games, start=1):
        where = f"{path}: game {g}"
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
                       f"({_where(first['loc'])}: {first['msg']}; recorded with flick "
                       f"{file.flick})")
        inputs = []
        for i, inp in enumerate(game.inputs, start=1):
            try:
                inputs.append(input_from_json(inp))
            except FlickError as exc:
                raise DataFileError(f"{where}, input {i}: {exc}") from None
        games.append(LoadedGame(game, scenario, params, tuple(inputs), problem, g))
    return Replay(path, file, tuple(games))


# ---- verifying --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """What verifying one game found. `ok` is None when it was not re-simulated."""

    game: int
    ok: bool | None
    inputs: int
    shots: int
    hashes: int  # hashes compared and equal
    message: str


def _pose_gap(stored: Sequence[Sequence[Any]], now: Sequence[Sequence[Any]]) -> str:
    """How far the re-simulated poses are from the stored ones, in words."""
    a = {int(p[0]): p for p in stored}
    b = {int(p[0]): p for p in now}
    missing = sorted(set(a) - set(b))
    extra = sorted(set(b) - set(a))
    worst, worst_id, moved, turned, flipped = 0.0, None, 0, 0.0, 0
    for pid in sorted(set(a) & set(b)):
        pa, pb = a[pid], b[pid]
        d = math.hypot(pa[2] - pb[2], pa[3] - pb[3])
        if d > _SHOWN:
            moved += 1
        if d > worst:
            worst, worst_id = d, pid
        turned = max(turned, abs(pa[4] - pb[4]))
        flipped += pa[5] != pb[5]
    parts = []
    if worst_id is not None and worst > _SHOWN:
        parts.append(f"piece {worst_id} ({a[worst_id][1]}) is {worst:.4g} cm from where it was "
                     f"recorded; {moved} piece(s) moved")
    if turned > _SHOWN:
        parts.append(f"angles differ by up to {turned:.3g} rad")
    if flipped:
        parts.append(f"{flipped} piece(s) standing/fallen differently")
    if missing:
        parts.append(f"recorded pieces missing: {missing[:5]}")
    if extra:
        parts.append(f"pieces not recorded: {extra[:5]}")
    return "; ".join(parts) or (
        f"every piece is within {_SHOWN:g} cm and rad of where it was recorded (the state "
        "differs in the last bits, or the stored hash was edited)"
    )


def verify_game(game: LoadedGame) -> Check:
    """Re-run one game and compare every hash; the first difference ends the check."""
    from flick.game import IllegalAction

    rec = game.record
    number = game.number
    hashes = 0

    def fail(message: str) -> Check:
        return Check(number, False, len(rec.inputs), len(rec.shots), hashes, message)

    if game.problem is not None:
        return fail(f"game {number}: cannot be re-simulated: {game.problem}")
    g = _new_game(game.scenario, rec.seed, game.players, game.params)
    recorder = Recorder(g)

    if recorder.start["hash"] != rec.start.hash:
        return fail(f"game {number}: the table after set-up differs from the recorded one: "
                    + _pose_gap(rec.start.poses, recorder.start["poses"]))
    hashes += 1
    checked = 0
    for i, inp in enumerate(game.inputs):
        label = f"input {i + 1} ({inp.kind})"
        try:
            g.apply(inp)
        except (IllegalAction, FlickError) as exc:
            return fail(f"game {number}: {label} is refused on re-simulation: {exc}")
        for k in range(checked, len(recorder.shots)):
            now = recorder.shots[k]
            if k >= len(rec.shots):
                return fail(f"game {number}: {label} made shot {k + 1}, which was not recorded")
            stored = rec.shots[k]
            if now["hash"] != stored.hash:
                return fail(
                    f"game {number}: shot {k + 1} ({stored.type} on the {stored.table} table, "
                    f"{label}) differs: " + _pose_gap(stored.poses, now["poses"])
                )
            hashes += 1
        checked = len(recorder.shots)
        if recorder.after[-1] != rec.after[i]:
            return fail(f"game {number}: the table after {label} differs from the recording")
        hashes += 1
    if checked != len(rec.shots):
        return fail(f"game {number}: {len(rec.shots)} shots recorded, {checked} re-simulated")
    result = (g.over, g.winner, g.end_reason, g.turns)
    stored_result = (rec.result.over, rec.result.winner, rec.result.end_reason, rec.result.turns)
    if result != stored_result:
        return fail(f"game {number}: the game ends differently: {stored_result} recorded, "
                    f"{result} re-simulated")
    return Check(number, True, len(rec.inputs), len(rec.shots), hashes,
                 f"game {number}: OK, {len(rec.inputs)} inputs, {len(rec.shots)} shots, "
                 f"{hashes} hashes equal")


def same_pymunk(replay: Replay) -> bool:
    import pymunk

    return replay.file.pymunk == str(pymunk.version)


def verify(replay: Replay, force: bool = False, progress: Any = None) -> list[Check]:
    """Verify every game. With another pymunk version (and not `force`) nothing is
    re-simulated: each game is reported unverified, to be shown from its stored poses."""
    checks = []
    task = progress.add_task("verifying", total=len(replay.games)) if progress else None
    for game in replay.games:
        if not force and not same_pymunk(replay):
            rec = game.record
            checks.append(Check(game.number, None, len(rec.inputs), len(rec.shots), 0,
                                f"game {game.number}: not re-simulated; {len(rec.shots)} "
                                "stored shots"))
        else:
            check = verify_game(game)
            if check.ok is False and replay.file.build not in (None, build()):
                check = Check(check.game, False, check.inputs, check.shots, check.hashes,
                              check.message + " (note: recorded by different flick code, "
                              "whose physics or rules may have changed since)")
            checks.append(check)
        if progress is not None:
            progress.advance(task)
    return checks


# ---- exporting --------------------------------------------------------------------------------

EXPORT_COLUMNS = (
    "game", "shot", "input", "action", "table", "type", "piece", "kind", "impulse_x",
    "impulse_y", "offset_x", "offset_y", "launch_speed", "first_touch", "first_touch_kind",
    "fell", "travel",
)


def export_rows(replay: Replay) -> Iterable[dict[str, Any]]:
    """One row per launched piece per shot (units g cm/s, cm, cm/s)."""
    for game in replay.games:
        g = game.number
        rec = game.record
        pieces = game.params.pieces if game.params is not None else {}
        for k, shot in enumerate(rec.shots, start=1):
            first = {p: (t, kind) for p, t, kind in shot.first_touch}
            travel = dict(shot.travel)
            fell = " ".join(f"{kind}#{pid}" for pid, kind in shot.fell)
            for launch in shot.launched:
                speed = None
                if launch.impulse is not None and launch.kind in pieces:
                    speed = math.hypot(*launch.impulse) / pieces[launch.kind].mass
                elif launch.velocity is not None:
                    speed = math.hypot(*launch.velocity)
                touched = first.get(launch.piece)
                yield {
                    "game": g, "shot": k, "input": shot.input + 1,
                    "action": rec.inputs[shot.input].get("input", ""),
                    "table": shot.table, "type": shot.type, "piece": launch.piece,
                    "kind": launch.kind,
                    "impulse_x": launch.impulse[0] if launch.impulse else "",
                    "impulse_y": launch.impulse[1] if launch.impulse else "",
                    "offset_x": launch.offset[0] if launch.offset else "",
                    "offset_y": launch.offset[1] if launch.offset else "",
                    "launch_speed": round(speed, 4) if speed is not None else "",
                    "first_touch": touched[0] if touched else "",
                    "first_touch_kind": touched[1] if touched else "",
                    "fell": fell,
                    "travel": travel.get(launch.piece, ""),
                }


def export_csv(replay: Replay, path: str | Path) -> int:
    """Write the shots as CSV (columns `EXPORT_COLUMNS`); the number of rows written."""
    path = Path(path)
    rows = list(export_rows(replay))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=EXPORT_COLUMNS, lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
    except OSError as exc:
        raise FlickError(f"{path}: cannot write: {exc.strerror}") from None
    return len(rows)
