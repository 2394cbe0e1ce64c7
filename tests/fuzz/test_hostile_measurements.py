"""Measurement CSVs a hostile hand writes (a 1e308 rotation, a 5,000-point track in one cell,
140,000 rows, a track point at infinity) are refused at their line, at once."""

from __future__ import annotations

import pytest

from flick.errors import DataFileError
from flick.tuning import measurements
from tests.tuning.test_measurements import GOOD, KINDS

HEADER = GOOD.splitlines()[1]
SPIN = "slide,bullet,,800,40.1,720,{angle},,,,,,,\n"
TRACKED = "slide,movement_disc,,,30.0,,,,,,,,{track},\n"


def _parse(rows: str) -> measurements.Measurements:
    return measurements.parse(HEADER + "\n" + rows, "shots.csv", KINDS)


@pytest.mark.parametrize("angle", ["1e308", "1e20", "36001"])
def test_a_rotation_no_piece_makes_is_refused_at_its_line(angle: str) -> None:
    with pytest.raises(DataFileError, match=r"^shots\.csv:2: column 'final_angle'"):
        _parse(SPIN.format(angle=angle))


def test_a_track_of_thousands_of_points_in_one_cell_is_refused() -> None:
    track = "; ".join(f"{i / 100:.2f} {i / 10:.1f} 0" for i in range(5000))
    with pytest.raises(DataFileError, match=r"^shots\.csv:2: column 'track': more than 600"):
        _parse(TRACKED.format(track=track))


@pytest.mark.parametrize("point", ["0.1 1e308 0", "1e9 1 0", "0.1 inf 0", "0.1 nan 0"])
def test_a_track_point_beyond_a_table_is_refused(point: str) -> None:
    track = f"0 0 0; 0.05 6 0; {point}"
    with pytest.raises(DataFileError, match=r"^shots\.csv:2: column 'track'"):
        _parse(TRACKED.format(track=track))


def test_a_file_of_a_hundred_thousand_rows_is_refused_by_its_count() -> None:
    row = "slide,movement_disc,152,,39.5,,,,,,,,,\n"
    with pytest.raises(DataFileError, match=r"^shots\.csv:2002: more than 2000 measured shots"):
        _parse(row * 140_000)
