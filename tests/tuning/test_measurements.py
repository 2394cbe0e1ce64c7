"""The CSV of measured shots: what loads, and the clear errors for what does not."""

from __future__ import annotations

import math
from typing import Any

import pytest

from flick.errors import DataFileError
from flick.tuning import measurements
from flick.tuning.measurements import Shot, TrackPoint

KINDS = ["movement_disc", "bullet", "zombie", "barrel"]

GOOD = """\
# measured on the kitchen table
test,piece,launch_speed,impulse,slide_distance,spin_speed,final_angle,target,impact_speed,fell,striker_distance,target_distance,track,note
slide,movement_disc,152,,39.5,,,,,,,,,
slide,bullet,,800,40.1,720,410,,,,,,,off-centre

collision,movement_disc,,,,,,,140,,1.2,27.9,,
topple,movement_disc,,,,,,zombie,24,no,,,,
topple,movement_disc,,,,,,zombie,41,YES,,,,
slide,movement_disc,,,30.0,,,,,,,,0 0 0; 0.05 6 0; 0.1 11.5 0; 0.15 16.5 0,
"""


def test_a_good_file_loads_with_true_line_numbers() -> None:
    data = measurements.parse(GOOD, "shots.csv", KINDS)
    assert [s.test for s in data.shots] == [
        "slide", "slide", "collision", "topple", "topple", "slide"
    ]
    assert [s.line for s in data.shots] == [3, 4, 6, 7, 8, 9]
    bullet = data.shots[1]
    assert bullet.impulse == 800 and bullet.launch_speed is None
    assert bullet.speed(mass=4.0) == pytest.approx(200.0)
    assert bullet.final_angle == 410 and bullet.note == "off-centre"
    assert data.shots[2].target == "movement_disc"  # a collision strikes its own kind
    assert [s.fell for s in data.of("topple")] == [False, True]
    assert data.pieces("topple") == ["zombie"]
    assert data.pieces("slide") == ["bullet", "movement_disc"]


def test_a_track_gives_the_launch_speed() -> None:
    # s = v0 t - a t^2 / 2 with v0 = 130 cm/s, a = 200 cm/s^2
    points = tuple(TrackPoint(t, 130 * t - 100 * t * t, 0.0) for t in (0.0, 0.05, 0.1, 0.2))
    assert measurements.track_launch_speed(points) == pytest.approx(130.0)
    data = measurements.parse(GOOD, "shots.csv", KINDS)
    tracked = data.shots[-1]
    assert len(tracked.track) == 4
    assert math.isfinite(tracked.speed(6.0)) and 100 < tracked.speed(6.0) < 140


def test_dump_and_parse_round_trip() -> None:
    shots = (
        Shot(2, "slide", "movement_disc", launch_speed=101.5, slide_distance=17.25,
             spin_speed=300.0, final_angle=45.0),
        Shot(3, "collision", "bullet", target="bullet", impact_speed=80.0,
             striker_distance=0.5, target_distance=9.0),
        Shot(4, "topple", "movement_disc", target="zombie", impact_speed=33.0, fell=True),
    )
    again = measurements.parse(measurements.dump(shots), "x.csv", KINDS).shots
    assert again == shots


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("test,piece,speed\n", "shots.csv:1: unknown column(s) speed"),
        ("piece,slide_distance\nmovement_disc,3\n", "needs a 'test' column"),
        ("test,piece,launch_speed,slide_distance\nslide,movement_disc,fast,3\n",
         "shots.csv:2: column 'launch_speed': 'fast' is not a number"),
        ("test,piece,launch_speed,slide_distance\nslide,movement_disc,-5,3\n",
         "shots.csv:2: column 'launch_speed': -5.0 must not be negative"),
        ("test,piece,launch_speed,slide_distance\nslide,tank,100,3\n",
         "shots.csv:2: column 'piece': unknown piece kind 'tank'"),
        ("test,piece,launch_speed,slide_distance\nroll,movement_disc,100,3\n",
         "shots.csv:2: test 'roll' unknown"),
        ("test,piece,launch_speed\n\nslide,movement_disc,100\n",
         "shots.csv:3: a 'slide' shot needs column 'slide_distance'"),
        ("test,piece,slide_distance\nslide,movement_disc,3\n",
         "needs 'launch_speed', 'impulse' or a 'track'"),
        ("test,piece,launch_speed,slide_distance,spin_speed\nslide,bullet,100,3,200\n",
         "give 'spin_speed' and 'final_angle' together"),
        ("test,piece,target,impact_speed,fell\ntopple,movement_disc,zombie,30,maybe\n",
         "shots.csv:2: column 'fell': 'maybe' is not yes or no"),
        ("test,piece,impact_speed,fell\ntopple,movement_disc,30,yes\n",
         "needs column 'target'"),
        ("test,piece,target,impact_speed,striker_distance,target_distance\n"
         "collision,movement_disc,bullet,30,1,2\n", "strikes a piece of the same kind"),
        ("test,piece,launch_speed,slide_distance,track\nslide,bullet,,3,0 0 0; 0.1 1\n",
         "shots.csv:2: column 'track': point 2 '0.1 1' is not 't x y'"),
        ("test,piece,launch_speed,slide_distance,track\nslide,bullet,,3,0 0 0; 0 1 0; 0.2 2 0\n",
         "times must increase"),
        ("test,piece,launch_speed,slide_distance\nslide,bullet,100,3,7\n",
         "shots.csv:2: 5 cells but the header has 4"),
        ("test,piece,launch_speed,slide_distance\n", "no measured shots"),
        ("", "shots.csv:1: empty file"),
        ("test,piece,launch_speed,slide_distance\nslide,bullet,nan,3\n", "not a finite number"),
        ("test,piece,launch_speed,slide_distance\nslide,bullet,1e6,3\n",
         "shots.csv:2: column 'launch_speed': 1e+06 cm/s is faster than any flick"),
        ("test,piece,target,impact_speed,fell\ntopple,movement_disc,zombie,5000,no\n",
         "shots.csv:2: column 'impact_speed': 5000 cm/s is faster than any flick"),
    ],
)
def test_bad_files_name_line_and_problem(text: str, expected: str) -> None:
    with pytest.raises(DataFileError) as info:
        measurements.parse(text, "shots.csv", KINDS)
    assert expected in str(info.value)


def test_a_missing_file_is_a_clear_error(tmp_path) -> None:
    with pytest.raises(DataFileError, match="no such file"):
        measurements.load(tmp_path / "nope.csv")


def test_any_slide_or_topple_row_survives_dump_and_parse() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    speed = st.floats(0.5, 1000.0, allow_nan=False).map(lambda v: float(f"{v:.6g}"))
    slide = st.builds(
        lambda v, d, kind: Shot(2, "slide", kind, launch_speed=v, slide_distance=d),
        speed, speed, st.sampled_from(["movement_disc", "bullet"]),
    )
    topple = st.builds(
        lambda v, fell, kind: Shot(2, "topple", "movement_disc", target=kind, impact_speed=v,
                                   fell=fell),
        speed, st.booleans(), st.sampled_from(["zombie", "barrel"]),
    )

    @settings(max_examples=60, deadline=None)
    @given(st.lists(st.one_of(slide, topple), min_size=1, max_size=6))
    def round_trip(shots: list[Shot]) -> None:
        numbered = tuple(
            Shot(**{**s.__dict__, "line": i}) for i, s in enumerate(shots, start=2)
        )
        again = measurements.parse(measurements.dump(numbered), "x.csv", KINDS).shots
        assert again == numbered

    round_trip()


# ---- hostile CSV files: clear errors at FILE:LINE, never a traceback -------------
def test_a_byte_order_mark_is_not_part_of_the_first_column() -> None:
    text = "\ufefftest,piece,slide_distance,launch_speed\nslide,movement_disc,20,100\n"
    assert measurements.parse(text, "shots.csv").shots[0].test == "slide"


@pytest.mark.parametrize(("text", "message"), [
    ("test,piece,note\nslide,movement_disc," + "x" * 200_000 + "\n",
     "shots.csv:2: "),
    ("test,piece\nslide,movement\x00_disc\n", "shots.csv:2: a NUL character"),
    ("test,piece,slide_distance,launch_speed\nslide,movement_disc,1e308,100\n",
     "shots.csv:2: column 'slide_distance': 1e+308 cm is more than any shot"),
    ("test,piece,impulse\nslide,movement_disc,1e9\n", "shots.csv:2: column 'impulse'"),
])
def test_hostile_cells(text: str, message: str) -> None:
    with pytest.raises(DataFileError) as error:
        measurements.parse(text, "shots.csv")
    assert message in str(error.value)


def test_a_fifo_is_not_read(tmp_path: Any) -> None:
    import os

    fifo = tmp_path / "shots.csv"
    os.mkfifo(fifo)
    with pytest.raises(DataFileError, match="not a regular file"):
        measurements.load(fifo)
