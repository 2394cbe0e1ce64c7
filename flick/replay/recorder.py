"""Recording a game: the `Recorder` that listens to a game, and writing replay files."""

from __future__ import annotations

import hashlib
import json
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from flick import atomic
from flick.errors import FlickError
from flick.game.game import Game
from flick.game.inputs import Input
from flick.replay.provenance import bundled_name
from flick.replay.schema import FORMAT, VERSION, digest, sha256

_BUILD: list[str] = []


def build() -> str:
    """SHA-256 of the sources that decide a game: flick/physics, flick/game, flick/scenario."""
    if not _BUILD:
        root = Path(__file__).resolve().parent.parent  # the flick package
        h = hashlib.sha256()
        for package in ("physics", "game", "scenario"):
            for source in sorted((root / package).rglob("*.py")):
                h.update(source.relative_to(root).as_posix().encode() + b"\0")
                h.update(source.read_bytes() + b"\0")
        _BUILD.append(h.hexdigest())
    return _BUILD[0]


# game -> its Recorder. The game holds only the recorder's listener (`Game.listeners`, which
# its undo snapshot and its copies leave out), never recorder state to copy or restore.
_RECORDERS: weakref.WeakKeyDictionary[Any, Recorder] = weakref.WeakKeyDictionary()


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

    It hooks that one game: it subscribes to the game's listener hook (`Game.listeners`,
    told after each input, played or refused), and its tables' `simulate` and `rush` are
    wrapped (instance attributes of the tables). It only
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
        self._input = 0  # the index of the input being played
        self._mark = 0  # the shots recorded before it
        # The tables already hooked; weak, since a fight's table goes when the fight ends and
        # a later one may be given the same id().
        self._hooked: weakref.WeakSet[Any] = weakref.WeakSet()
        self._hook(table, "city")
        game.listeners.append(self._input_done)
        _RECORDERS[game] = self

    @property
    def game(self) -> Any:
        game = self._game()
        if game is None:
            raise ValueError("the recorded game no longer exists")
        return game

    def _input_done(self, game: Game, inp: Input, accepted: bool) -> None:
        """The game's listener: keep the input's digest and the table after it, or drop the
        shots of a refused one; hook a fight's table that the input set up."""
        if game.fight is not None:
            self._hook(game.fight.table, "fight")
        if accepted:
            self.digests.append(digest(inp.to_json()))
            self.after.append(game.board.table.state_hash())
        else:
            del self.shots[self._mark:]
        self._input = len(game.inputs)
        self._mark = len(self.shots)

    def _hook(self, table: Any, name: str) -> None:
        if table in self._hooked:
            return
        self._hooked.add(table)
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
        given = game.scenario_given  # as given: before the S9-S10 deal
        scenario = given.model_dump(mode="json")
        physics = game.board.table.params.model_dump(mode="json")
        summary = game.summary()
        controller = bots or self.controller
        return {
            "scenario": {"number": given.number, "name": given.name,
                         "bundled": bundled_name(given),
                         "hash": sha256(scenario), "data": scenario},
            "seed": game.seed,
            **({"dangerous": True} if game.dangerous else {}),
            "bots": bots,
            "physics": {"hash": sha256(physics), "data": physics},
            "players": [{"team": team, "players": n, "controller": controller}
                        for team, n in game.players_set_up.items()],
            "start": self.start,
            "inputs": [inp.to_json() for inp in game.inputs],
            "digests": list(self.digests),
            "after": list(self.after),
            "shots": list(self.shots),
            "result": {"over": game.over, "winner": game.winner, "end_reason": game.end_reason,
                       "rounds": summary["rounds"], "turns": game.turns},
        }


def _new_game(scenario: Any, seed: int, players: dict[str, int], params: Any,
              dangerous: bool = False) -> Any:
    from flick.game import Game

    return Game(scenario, seed, players=players, params=params, dangerous=dangerous)


def record(game: Any, bots: str | None = None) -> dict[str, Any]:
    """A GAME object for `game`: from its attached `Recorder`, or, when none was attached,
    by re-running its inputs with one (and checking the re-run ends exactly where it did)."""
    recorder = _RECORDERS.get(game)
    if recorder is not None:
        return recorder.record(bots)
    again = _new_game(game.scenario_given, game.seed,
                      dict(game.players_set_up), game.board.table.params,
                      game.dangerous)
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
    head = {"format": FORMAT, "version": VERSION, "flick": __version__,
            "pymunk": str(pymunk.version), "build": build()}
    path = Path(path)
    try:
        atomic.write_text(path, layout(head, records))
    except OSError as exc:
        raise FlickError(f"{path}: cannot write the replay: {exc.strerror}") from None
    return path


def layout(head: dict[str, Any], games: Sequence[dict[str, Any]]) -> str:
    """The replay file's text: one JSON object, its header fields on the first line and then
    one game a line, so a reader can take a large file game by game (`loading.load`)."""
    def line(data: Any) -> str:
        return json.dumps(data, separators=(",", ":"), allow_nan=False)

    return (line(head)[:-1] + ',"games":[\n' + ",\n".join(line(g) for g in games)
            + "\n]}\n")
