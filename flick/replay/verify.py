"""Verifying a replay: re-run each game and compare every state hash with the recording."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pymunk

from flick.errors import FlickError
from flick.game import HeuristicBot, IllegalAction
from flick.replay.loading import LoadedGame, Replay
from flick.replay.provenance import scenario_problem
from flick.replay.recorder import Recorder, build
from flick.replay.schema import GameRecord
from flick.scenario import Scenario

_SHOWN = 1e-4  # cm, rad: smaller differences are reported as "below what matters"


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


# The fields of a shot that a re-simulation reproduces besides its poses and hash.
SHOT_FIELDS = ("input", "table", "type", "launched", "first_touch", "fell", "travel", "city",
               "buildings")


def _plain(value: Any) -> Any:
    """JSON-shaped: tuples as lists, a launch's unset fields left out."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _shot_field_differs(stored: Any, now: dict[str, Any]) -> str | None:
    """The first recorded field of a shot that is not what the re-simulation made, or None."""
    recorded = stored.model_dump(mode="json")
    for name in SHOT_FIELDS:
        if _plain(recorded.get(name)) != _plain(now.get(name)):
            return name
    return None


def verify_game(game: LoadedGame, scenario: Scenario | None = None,
                scenario_label: str = "the scenario given") -> Check:
    """Re-run one game and compare every hash (the first difference ends the re-run), and
    compare its embedded scenario with the bundled file it names or with `scenario`
    (`provenance.scenario_problem`): a differing field fails the check, named, after the
    re-simulation's own finding."""
    problem, note = scenario_problem(game.record.scenario, scenario, scenario_label)
    check = _resimulate(game)
    if problem is not None:
        return Check(check.game, False, check.inputs, check.shots, check.hashes,
                     f"game {check.game}: the embedded scenario: {problem}; "
                     f"re-simulation: {check.message.split(': ', 1)[1]}")
    if check.ok and note:
        return Check(check.game, True, check.inputs, check.shots, check.hashes,
                     f"{check.message} ({note})")
    return check


BOTS = ("heuristic",)
"""The bots whose games `verify` can re-decide (`flick sim --bots`)."""


def _seats_problem(rec: GameRecord) -> str | None:
    """What does not hold together in who played (the recorded bots and the seats'
    controllers), or None."""
    if rec.bots is None:
        return None  # people played: their inputs are checked by the re-simulation alone
    if rec.bots not in BOTS:
        return f"the bots {rec.bots[:40]!r} are not ones this flick has ({', '.join(BOTS)})"
    other = [p for p in rec.players if p.controller != rec.bots]
    if other:
        return (f"played by the {rec.bots} bots, but the seats of team {other[0].team[:40]} "
                f"say {other[0].controller[:40]!r}: edited")
    return None


def _resimulate(game: LoadedGame) -> Check:
    rec = game.record
    number = game.number
    hashes = 0

    def fail(message: str) -> Check:
        return Check(number, False, len(rec.inputs), len(rec.shots), hashes, message)

    if game.problem is not None:
        return fail(f"game {number}: cannot be re-simulated: {game.problem}")
    seats = _seats_problem(rec)
    if seats is not None:
        return fail(f"game {number}: {seats}")
    g = game.new_game()
    recorder = Recorder(g)
    # A game the bots played is checked input by input: each must be the bot's decision.
    bot = HeuristicBot(rec.seed, params=g.board.params) if rec.bots is not None else None

    if recorder.start["hash"] != rec.start.hash:
        return fail(f"game {number}: the table after set-up differs from the recorded one: "
                    + _pose_gap(rec.start.poses, recorder.start["poses"]))
    hashes += 1
    checked = 0
    for i, inp in enumerate(game.inputs):
        label = f"input {i + 1} ({inp.kind})"
        if bot is not None and not g.over:
            decided = bot.decide(g)
            if decided.to_json() != inp.to_json():
                return fail(f"game {number}: {label} is not what the {rec.bots} bots decide "
                            f"there ({decided.kind}): edited, or not played by the bots "
                            "recorded")
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
            field = _shot_field_differs(stored, now)
            if field is not None:
                return fail(f"game {number}: shot {k + 1} ({label}): the recorded {field} "
                            "differs from the re-simulation: edited or damaged")
            hashes += 1
        checked = len(recorder.shots)
        if recorder.after[-1] != rec.after[i]:
            return fail(f"game {number}: the table after {label} differs from the recording")
        hashes += 1
    if checked != len(rec.shots):
        return fail(f"game {number}: {len(rec.shots)} shots recorded, {checked} re-simulated")
    result = recorder.record()["result"]
    stored_result = rec.result.model_dump(mode="json")
    if result != stored_result:
        differ = ", ".join(f"{key} {stored_result.get(key)!r} recorded, {value!r} re-simulated"
                           for key, value in result.items() if stored_result.get(key) != value)
        return fail(f"game {number}: the game ends differently: {differ}")
    return Check(number, True, len(rec.inputs), len(rec.shots), hashes,
                 f"game {number}: OK, {len(rec.inputs)} inputs, {len(rec.shots)} shots, "
                 f"{hashes} hashes equal")


def same_pymunk(replay: Replay) -> bool:
    return replay.file.pymunk == str(pymunk.version)


def verify(replay: Replay, force: bool = False, progress: Any = None,
           scenario: Scenario | None = None,
           scenario_label: str = "the scenario given") -> list[Check]:
    """Verify every game (its embedded scenario against `scenario` when given, else against
    the bundled file it names). With another pymunk version (and not `force`) nothing is
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
            check = verify_game(game, scenario, scenario_label)
            if check.ok is False and replay.file.build not in (None, build()):
                check = Check(check.game, False, check.inputs, check.shots, check.hashes,
                              check.message + " (note: recorded by different flick code, "
                              "whose physics or rules may have changed since)")
            checks.append(check)
        if progress is not None:
            progress.advance(task)
    return checks
