"""Measured shots: the CSV a person fills in with a ruler and a phone camera, loaded and checked.

One row per measured shot; the `test` column says what was measured (the protocol and every
column are described in `tools/README.md`):

- `slide`: a piece flicked alone on the table. Launch speed (cm/s, from two video frames) or
  the impulse (g*cm/s), and the distance it slid to rest (cm). Optionally its spin at launch
  (deg/s, from two frames of a marked piece) and its total rotation to rest (`final_angle`,
  deg, full turns counted), and a tracked path (`track`).
- `collision`: a piece flicked head-on at a resting piece of the same kind. Speed at impact
  (cm/s) and how far each slid after the impact (`striker_distance`, `target_distance`, cm).
- `topple`: a piece flicked at a standing figure (`target`). Speed at impact and whether the
  figure fell (`fell`: yes/no).

Units: cm, g, s, degrees. Blank cells are "not measured".
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from flick import datafile
from flick.errors import DataFileError
from flick.physics.params import MAX_FLICK_IMPULSE

TESTS: tuple[str, ...] = ("slide", "collision", "topple")

COLUMNS: tuple[str, ...] = (
    "test",
    "piece",
    "launch_speed",
    "impulse",
    "slide_distance",
    "spin_speed",
    "final_angle",
    "target",
    "impact_speed",
    "fell",
    "striker_distance",
    "target_distance",
    "track",
    "note",
)

# No hand flicks a piece faster than this (cm/s; a hard flick is 3-5 m/s) nor spins it faster
# (deg/s): a larger value is a typing or unit mistake, and the table would take hours to run it
# (its steps shrink with speed).
MAX_SPEED = 2000.0
MAX_SPIN = 36000.0
# No shot on a table slides or is measured farther than this (cm), nor gives a larger impulse
# (g cm/s: flick.physics.MAX_FLICK_IMPULSE); no cell is longer than MAX_CELL characters.
MAX_DISTANCE = 1000.0
MAX_CELL = 100_000
# No piece turns more than this to rest (degrees: a hundred full turns), no track is longer than
# MAX_TRACK_POINTS points (20 s filmed at 30 frames a second) nor MAX_TRACK_TIME seconds, and
# no file holds more than MAX_SHOTS shots (each is simulated when the table is fitted: 140,000
# rows would take days).
MAX_ROTATION = 36000.0
MAX_TRACK_POINTS = 600
MAX_TRACK_TIME = 60.0
MAX_SHOTS = 2000

_YES = {"yes", "y", "true", "1", "fell"}
_NO = {"no", "n", "false", "0", "stood"}


@dataclass(frozen=True)
class TrackPoint:
    """A tracked position of the piece: time since launch (s), position along the table (cm)."""

    t: float
    x: float
    y: float


@dataclass(frozen=True)
class Shot:
    """One measured shot. Fields that were not measured are None; `line` is the CSV line."""

    line: int
    test: str
    piece: str
    launch_speed: float | None = None  # cm/s
    impulse: float | None = None  # g*cm/s
    slide_distance: float | None = None  # cm
    spin_speed: float | None = None  # deg/s at launch
    final_angle: float | None = None  # deg, total rotation launch -> rest
    target: str | None = None
    impact_speed: float | None = None  # cm/s
    fell: bool | None = None
    striker_distance: float | None = None  # cm after the impact
    target_distance: float | None = None  # cm after the impact
    track: tuple[TrackPoint, ...] = ()
    note: str = ""

    def speed(self, mass: float) -> float:
        """Launch speed in cm/s: measured, or impulse / mass (mass in g)."""
        if self.launch_speed is not None:
            return self.launch_speed
        if self.impulse is not None:
            return self.impulse / mass
        return track_launch_speed(self.track)


def track_launch_speed(track: Sequence[TrackPoint]) -> float:
    """Launch speed (cm/s) from tracked positions: fit s(t) = v0 t - a t^2 / 2 by least squares.

    s is the distance from the first tracked point; under Coulomb friction the deceleration a is
    constant, so the quadratic is exact until the piece stops (points after it stopped must not
    be listed). Needs at least 3 points.
    """
    if len(track) < 3:
        raise ValueError("a track needs at least 3 points to give a launch speed")
    t0 = track[0].t
    t = np.array([p.t - t0 for p in track])
    s = np.array([math.hypot(p.x - track[0].x, p.y - track[0].y) for p in track])
    design = np.column_stack([t, -0.5 * t * t])
    (v0, _a), *_ = np.linalg.lstsq(design, s, rcond=None)
    return float(v0)


@dataclass(frozen=True)
class Measurements:
    """The shots of one CSV file, in file order."""

    source: str
    shots: tuple[Shot, ...]

    def of(self, test: str, piece: str | None = None) -> list[Shot]:
        """The shots of one test, optionally of one piece kind (the striker)."""
        return [s for s in self.shots if s.test == test and (piece is None or s.piece == piece)]

    def pieces(self, test: str) -> list[str]:
        """Piece kinds measured in a test, sorted (for `topple`, the standing targets)."""
        if test == "topple":
            return sorted({s.target for s in self.shots if s.test == test and s.target})
        return sorted({s.piece for s in self.shots if s.test == test})


def _number(text: str, where: str, column: str, *, positive: bool = True) -> float | None:
    text = text.strip()
    if text == "":
        return None
    try:
        value = float(text)
    except ValueError:
        raise DataFileError(f"{where}: column '{column}': '{text}' is not a number") from None
    if not math.isfinite(value):
        raise DataFileError(f"{where}: column '{column}': {text} is not a finite number")
    if positive and value < 0:
        raise DataFileError(f"{where}: column '{column}': {value} must not be negative")
    return value


def _track(text: str, where: str) -> tuple[TrackPoint, ...]:
    """Parse 't x y; t x y; ...' (s, cm, cm)."""
    text = text.strip()
    if not text:
        return ()
    points: list[TrackPoint] = []
    if text.count(";") >= MAX_TRACK_POINTS:
        raise DataFileError(f"{where}: column 'track': more than {MAX_TRACK_POINTS} points")
    for i, chunk in enumerate(filter(None, (c.strip() for c in text.split(";"))), start=1):
        chunk = chunk[:200]
        parts = chunk.split()
        if len(parts) != 3:
            raise DataFileError(
                f"{where}: column 'track': point {i} '{chunk}' is not 't x y' (s, cm, cm)"
            )
        try:
            t, x, y = (float(p) for p in parts)
        except ValueError:
            raise DataFileError(
                f"{where}: column 'track': point {i} '{chunk}' has a value that is not a number"
            ) from None
        if not all(math.isfinite(v) for v in (t, x, y)) or not 0.0 <= t <= MAX_TRACK_TIME \
                or max(abs(x), abs(y)) > MAX_DISTANCE:
            raise DataFileError(
                f"{where}: column 'track': point {i} '{chunk}' is beyond a table (0 to "
                f"{MAX_TRACK_TIME:g} s, at most {MAX_DISTANCE:g} cm)")
        if points and t <= points[-1].t:
            raise DataFileError(f"{where}: column 'track': times must increase (point {i})")
        points.append(TrackPoint(t, x, y))
    if len(points) < 3:
        raise DataFileError(f"{where}: column 'track': give at least 3 points 't x y'")
    return tuple(points)


def _require(shot_fields: dict, names: Iterable[str], where: str, test: str) -> None:
    for name in names:
        if shot_fields.get(name) is None:
            raise DataFileError(f"{where}: a '{test}' shot needs column '{name}'")


def parse(text: str, source: str = "<csv>", kinds: Iterable[str] | None = None) -> Measurements:
    """Read measured shots from CSV text. `kinds`: the piece kinds the table knows (checked).

    Raises DataFileError naming the file, line and problem.
    """
    known_kinds = set(kinds) if kinds is not None else None
    text = text.removeprefix("\ufeff")  # spreadsheets save CSV with a byte order mark
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise DataFileError(f"{source}:{line}: a NUL character (not a CSV text file)")
    lines = [ln for ln in text.splitlines()]
    # Comment lines (starting with #) are allowed anywhere; keep line numbers true.
    rows_text = io.StringIO("\n".join("" if ln.lstrip().startswith("#") else ln for ln in lines))
    reader = csv.reader(rows_text)
    header: list[str] | None = None
    shots: list[Shot] = []
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise DataFileError(f"{source}:{reader.line_num}: not valid CSV: {exc}") from None
        line = reader.line_num
        if not row or all(not c.strip() for c in row):
            continue
        where = f"{source}:{line}"
        if any(len(cell) > MAX_CELL for cell in row):
            raise DataFileError(f"{where}: a cell longer than {MAX_CELL} characters")
        if header is None:
            header = [c.strip() for c in row]
            unknown = [c for c in header if c not in COLUMNS]
            if unknown:
                raise DataFileError(
                    f"{where}: unknown column(s) {', '.join(unknown)}; known: {', '.join(COLUMNS)}"
                )
            for required in ("test", "piece"):
                if required not in header:
                    raise DataFileError(f"{where}: the header needs a '{required}' column")
            if len(set(header)) != len(header):
                raise DataFileError(f"{where}: a column is named twice in the header")
            continue
        if len(row) > len(header):
            raise DataFileError(f"{where}: {len(row)} cells but the header has {len(header)}")
        cells = {name: (row[i] if i < len(row) else "") for i, name in enumerate(header)}
        if len(shots) >= MAX_SHOTS:
            raise DataFileError(f"{where}: more than {MAX_SHOTS} measured shots (the limit)")
        shots.append(_shot(cells, line, where, known_kinds))
    if header is None:
        raise DataFileError(f"{source}:1: empty file: no header line")
    if not shots:
        raise DataFileError(f"{source}: no measured shots after the header")
    return Measurements(source=source, shots=tuple(shots))


def _shot(cells: dict[str, str], line: int, where: str, kinds: set[str] | None) -> Shot:
    test = cells.get("test", "").strip().lower()
    if test not in TESTS:
        raise DataFileError(f"{where}: test '{test}' unknown; one of {', '.join(TESTS)}")
    piece = cells.get("piece", "").strip()
    target = cells.get("target", "").strip() or None
    for column, kind in (("piece", piece), ("target", target)):
        if kind is None:
            continue
        if not kind:
            raise DataFileError(f"{where}: column '{column}' is empty")
        if kinds is not None and kind not in kinds:
            raise DataFileError(
                f"{where}: column '{column}': unknown piece kind '{kind}'; "
                f"known: {', '.join(sorted(kinds))}"
            )
    fell_text = cells.get("fell", "").strip().lower()
    fell: bool | None = None
    if fell_text:
        if fell_text in _YES:
            fell = True
        elif fell_text in _NO:
            fell = False
        else:
            raise DataFileError(f"{where}: column 'fell': '{fell_text}' is not yes or no")
    fields: dict = {
        name: _number(cells.get(name, ""), where, name)
        for name in (
            "launch_speed",
            "impulse",
            "slide_distance",
            "spin_speed",
            "impact_speed",
            "striker_distance",
            "target_distance",
        )
    }
    limits = (("launch_speed", MAX_SPEED, "cm/s"), ("impact_speed", MAX_SPEED, "cm/s"),
              ("spin_speed", MAX_SPIN, "deg/s"))
    for name, most, unit in limits:
        if (fields[name] or 0.0) > most:
            raise DataFileError(f"{where}: column '{name}': {fields[name]:g} {unit} is faster than "
                                f"any flick (at most {most:g}); check the units")
    sizes = (("slide_distance", MAX_DISTANCE, "cm"), ("striker_distance", MAX_DISTANCE, "cm"),
             ("target_distance", MAX_DISTANCE, "cm"), ("impulse", MAX_FLICK_IMPULSE, "g cm/s"))
    for name, most, unit in sizes:
        if (fields[name] or 0.0) > most:
            raise DataFileError(f"{where}: column '{name}': {fields[name]:g} {unit} is more than "
                                f"any shot on a table (at most {most:g}); check the units")
    fields["final_angle"] = _number(cells.get("final_angle", ""), where, "final_angle")
    if (fields["final_angle"] or 0.0) > MAX_ROTATION:
        raise DataFileError(f"{where}: column 'final_angle': {fields['final_angle']:g} deg is "
                            f"more than any piece turns (at most {MAX_ROTATION:g}); check the "
                            "units")
    fields["track"] = _track(cells.get("track", ""), where)
    fields["fell"] = fell
    if test == "slide":
        if fields["slide_distance"] is None and not fields["track"]:
            raise DataFileError(f"{where}: a 'slide' shot needs column 'slide_distance' "
                                "(or a 'track')")
        if fields["launch_speed"] is None and fields["impulse"] is None and not fields["track"]:
            raise DataFileError(
                f"{where}: a 'slide' shot needs 'launch_speed', 'impulse' or a 'track'"
            )
        if (fields["spin_speed"] is None) != (fields["final_angle"] is None):
            raise DataFileError(
                f"{where}: give 'spin_speed' and 'final_angle' together (spin friction needs both)"
            )
        if fields["launch_speed"] == 0 or fields["impulse"] == 0:
            raise DataFileError(f"{where}: the launch speed of a 'slide' shot must be above 0")
    elif test == "collision":
        _require(fields, ["impact_speed", "striker_distance", "target_distance"], where, test)
        if fields["impact_speed"] == 0:
            raise DataFileError(f"{where}: 'impact_speed' must be above 0")
        if target is not None and target != piece:
            raise DataFileError(
                f"{where}: a 'collision' shot strikes a piece of the same kind "
                f"(target '{target}' is not '{piece}'); leave 'target' blank"
            )
        target = piece
    else:  # topple
        _require(fields, ["impact_speed", "fell"], where, test)
        if target is None:
            raise DataFileError(f"{where}: a 'topple' shot needs column 'target' (what was hit)")
    return Shot(
        line=line,
        test=test,
        piece=piece,
        target=target,
        note=cells.get("note", "").strip(),
        **fields,
    )


def load(path: str | Path, kinds: Iterable[str] | None = None) -> Measurements:
    """Load a CSV of measured shots (see module docstring); DataFileError on any problem."""
    path = Path(path)
    if not path.exists():
        raise DataFileError(f"{path}: no such file")
    text = datafile.read_text(path)  # a regular UTF-8 file of at most datafile.MAX_FILE_BYTES
    return parse(text, source=str(path), kinds=kinds)


def dump(shots: Sequence[Shot]) -> str:
    """CSV text for shots (the inverse of `parse`), with `%.6g` numbers."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for s in shots:
        row = []
        for name in COLUMNS:
            value = getattr(s, name)
            if value is None:
                row.append("")
            elif name == "fell":
                row.append("yes" if value else "no")
            elif name == "track":
                row.append("; ".join(f"{p.t:.6g} {p.x:.6g} {p.y:.6g}" for p in value))
            elif isinstance(value, float):
                row.append(f"{value:.6g}")
            else:
                row.append(str(value))
        writer.writerow(row)
    return out.getvalue()
