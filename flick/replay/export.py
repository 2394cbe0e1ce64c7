"""Exporting a replay's shots as CSV, one row per launched piece, for analysis."""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from flick import atomic
from flick.errors import FlickError
from flick.replay.loading import Replay

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
        with atomic.replacing(path, newline="") as f:
            writer = csv.DictWriter(f, fieldnames=EXPORT_COLUMNS, lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
    except OSError as exc:
        raise FlickError(f"{path}: cannot write: {exc.strerror}") from None
    return len(rows)
