"""Malformed scenario files: every problem is reported, each at the right line, as
FILE:LINE:COLUMN: message; loading raises DataFileError (exit 2) and the CLI prints no
traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from flick.errors import DataFileError
from flick.scenario import check_text, load, resolve

S1 = resolve(1).read_text(encoding="utf-8")
S4 = resolve(4).read_text(encoding="utf-8")


def mutate(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"{old!r} is not once in the base file"
    return text.replace(old, new)


def line_of(text: str, needle: str) -> int:
    lines = [i for i, line in enumerate(text.splitlines(), 1) if needle in line]
    assert len(lines) == 1, f"{needle!r} on lines {lines}"
    return lines[0]


def problems(text: str) -> list[tuple[int, str]]:
    result = check_text(text, "bad.yaml")
    assert not result.ok
    for p in result.problems:
        assert str(p).startswith(f"bad.yaml:{p.line}:{p.column}: ")
    return [(p.line, p.message) for p in result.problems]


def assert_reported(text: str, needle: str, words: str) -> None:
    """A problem containing `words` is reported on the line holding `needle`."""
    line = line_of(text, needle)
    found = problems(text)
    assert any(ln == line and words in msg for ln, msg in found), found


CASES = [
    # (name, base text, old, new, needle of the reported line, words of the message)
    ("unknown top-level key", S1, "round_marker: {start: 4", "round_markr: {start: 4",
     "round_markr", "unknown key 'round_markr' (did you mean 'round_marker'?)"),
    ("unknown nested key", S1, "{name: Kevin, life: 2,", "{name: Kevin, lives: 2,",
     "lives: 2", "unknown key 'lives'"),
    ("wrong type", S1, "{name: Loretta, life: 2,", "{name: Loretta, life: two,",
     "life: two", "valid integer"),
    ("unknown survivor", S1, "{name: Loretta, life: 2,", "{name: Lorreta, life: 2,",
     "Lorreta", "unknown survivor 'Lorreta'"),
    ("unknown building", S1, "{name: library, x: 45,", "{name: libary, x: 45,",
     "libary", "unknown building 'libary'"),
    ("unknown vehicle", S1, "{name: car, x: 47,", "{name: tank, x: 47,",
     "tank", "unknown vehicle 'tank'"),
    ("unknown token kind", S1, "inventory: [shotgun]", "inventory: [grenade]",
     "grenade", "unknown token kind 'grenade'"),
    ("unknown special rule", S1, "  - id: rv_driver", "  - id: rv_drivers",
     "rv_drivers", "unknown special rule 'rv_drivers'"),
    ("survivor used twice", S1, "{name: Kevin, life: 2,", "{name: Anita, life: 2,",
     "{name: Anita, life: 2, x: 18", "survivor 'Anita Wallace' is used twice"),
    ("building used twice", S1, "{name: hospital, x: 76,", "{name: library, x: 76,",
     "{name: library, x: 76", "building 'library' is used twice"),
    ("pieces overlapping", S1, "  - {x: 52, y: 40}", "  - {x: 50.5, y: 46.5}",
     "{x: 50, y: 46, facing: west}", "zombie 3 overlaps barrel 2"),
    ("piece outside the city", S1, "  - {x: 84, y: 66, angle: 90}",
     "  - {x: 89.5, y: 66, angle: 90}", "{x: 89.5, y: 66", "street lamp 3 is outside the city"),
    ("building outside the city", S1, "{name: school, x: 84.5, y: 28,",
     "{name: school, x: 84.5, y: 4,", "name: school", "is not wholly inside the city"),
    ("buildings overlapping", S1, "{name: hospital, x: 76,", "{name: hospital, x: 52,",
     "{name: hospital, x: 52", "the hospital overlaps the library"),
    ("piece under the tower", S1, "{name: car, x: 47, y: 30,", "{name: car, x: 47, y: 16,",
     "{name: car, x: 47, y: 16", "car overlaps the zombie tower"),
    ("tower outside the city", S1, "zombie_bin: {x: 47, y: 11,", "zombie_bin: {x: 47, y: 3,",
     "zombie_bin:", "the zombie tower is not wholly inside the city"),
    ("not a finite number", S1, "  - {x: 40, y: 52, facing: west}",
     "  - {x: .nan, y: 52, facing: west}", "{x: .nan", "finite number"),
    ("door blocked", S1, "  - {x: 58, y: 60, facing: west}",
     "  - {x: 61.5, y: 50, facing: west}", "{name: rv,", "the RV's door is blocked at set-up by "
     "zombie 4"),
    ("survivor next to a zombie", S1, "{name: Loretta, life: 2, x: 18, y: 58",
     "{name: Loretta, life: 2, x: 42, y: 56", "name: Loretta", "starts next to zombie 1"),
    ("more than 18 zombies", S1, "zombies: 12, tower_facing", "zombies: 13, tower_facing",
     "{x: 38, y: 38, facing: west}", "more than 18 zombies: 6 on the map + 13 in the bin"),
    ("duplicate key", S1, "round_marker: {start: 4, first_round: day}",
     "round_marker: {start: 4, start: 5, first_round: day}", "start: 5",
     "duplicate key 'start'"),
    ("missing key", S1, "round_marker: {start: 4, first_round: day}",
     "round_marker: {first_round: day}", "round_marker:", "missing key 'start'"),
    ("too many food tokens", S4, "count: 4, face_up: true}", "count: 7, face_up: true}",
     "count: 7", "more food tokens than the box has: 8 in the box, this set-up uses at "
     "least 9"),
    ("pool that does not add up", S4, "place: {library: 1, hospital: 1,",
     "place: {library: 2, hospital: 1,", "shuffle: {food: 2", "the pool has 5 tokens but "
     "deals 6"),
    ("token location not on the map", S4, "place: {library: 1, hospital: 1,",
     "place: {library: 1, church: 1,", "church", "unknown token location 'church'"),
    ("barricade not in the door", S4, "{x: 56.8, y: 30.7, angle: 0, building: grocery_store}",
     "{x: 56.8, y: 36.5, angle: 0, building: grocery_store}", "{x: 56.8, y: 36.5",
     "barricade 2 is meant for the grocery store's door"),
    ("too many barricades", S4, "barricades:\n", "barricades:\n  - {x: 80, y: 80}\n",
     "{x: 56.8, y: 30.7", "3 barricades, the box has only 2"),  # the third one
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_malformed_case_reported_at_its_line(case) -> None:
    _, base, old, new, needle, words = case
    assert_reported(mutate(base, old, new), needle, words)


def test_yaml_syntax_error_line() -> None:
    text = mutate(S1, "invasion: {day: 2, night: 3}", "invasion: {day: 2, night: 3")
    found = problems(text)
    assert len(found) == 1 and found[0][1].startswith("YAML syntax")
    # the parser notices the unclosed brace on the next line with content
    assert line_of(text, "invasion:") <= found[0][0] <= line_of(text, "invasion:") + 3


def test_every_problem_reported_at_once() -> None:
    text = S1
    for old, new in [
        ("{name: library, x: 45,", "{name: libary, x: 45,"),
        ("round_marker: {start: 4", "round_marker: {strat: 4"),
        ("{name: Loretta, life: 2,", "{name: Loretta, life: two,"),
        ("{name: Kevin, life: 2,", "{name: Anita, life: 2,"),
        ("  - {x: 52, y: 40}", "  - {x: 50.5, y: 46.5}"),
        ("zombies: 12, tower_facing", "zombies: 13, tower_facing"),
    ]:
        text = mutate(text, old, new)
    found = problems(text)
    messages = " | ".join(m for _, m in found)
    for words in ("unknown building 'libary'", "unknown key 'strat'", "valid integer",
                  "used twice", "overlaps barrel 2", "more than 18 zombies"):
        assert words in messages
    assert [ln for ln, _ in found] == sorted(ln for ln, _ in found)


def test_empty_and_non_mapping_files() -> None:
    assert problems("") == [(1, "the file is empty")]
    assert "a scenario file is a mapping" in problems("- 1\n- 2\n")[0][1]


def test_load_raises_data_file_error(tmp_path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(mutate(S1, "{name: library, x: 45,", "{name: libary, x: 45,"))
    with pytest.raises(DataFileError) as err:
        load(bad)
    assert err.value.exit_code == 2
    line = line_of(bad.read_text(), "libary")
    assert f"bad.yaml:{line}:" in str(err.value)
    assert str(err.value).endswith("1 problem in " + str(bad))


def test_cli_validate_exits_2_without_traceback(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(mutate(S1, "{name: Loretta, life: 2,", "{name: Lorreta, life: 2,"))
    run = subprocess.run([sys.executable, "-m", "flick", "scenarios", "validate", str(bad), "1"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    line = line_of(bad.read_text(), "Lorreta")
    assert f"{bad}:{line}:" in run.stderr and "unknown survivor 'Lorreta'" in run.stderr
    assert "Traceback" not in run.stderr
    assert "1 of 2 scenario files valid" in run.stdout
    # The same in this process (one start of `python -m flick` is enough to test the above).
    from flick.cli import main

    assert main(["scenarios", "show", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:{line}:" in err and "unknown survivor 'Lorreta'" in err


def test_damaged_files_never_crash_the_loader() -> None:
    """Seeded random damage to the bundled files: always problems with lines, never an
    exception (the loader's salvage of broken entries must hold up)."""
    import random
    import re

    texts = [resolve(n).read_text(encoding="utf-8") for n in (1, 4, 8, 9)]
    rng = random.Random(20261130)
    values = ["x", "-1", "[]", "{}", "null", "true", "'a'", "1e9", "north", "- 3", "999",
              ".nan", "-.inf"]
    for _ in range(40):
        lines = rng.choice(texts).splitlines()
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(len(lines))
            op = rng.random()
            if op < 0.3:
                del lines[k]
            elif op < 0.7 and ":" in lines[k]:
                lines[k] = lines[k].partition(":")[0] + ": " + rng.choice(values)
            else:
                lines[k] = re.sub(r"\d+(\.\d+)?", str(rng.choice([0, 45, 89, -3, 200])),
                                  lines[k], count=1)
        result = check_text("\n".join(lines) + "\n", "f.yaml")
        assert all(p.line >= 1 and p.column >= 1 for p in result.problems)
        assert result.ok or result.problems


def test_a_typo_is_not_echoed() -> None:
    """A misspelt building holding tokens is one problem, not one per token placed in it."""
    s2 = resolve(2).read_text(encoding="utf-8")
    text = mutate(s2, "{name: library, x: 64,", "{name: libary, x: 64,")
    found = problems(text)
    assert len(found) == 1 and "unknown building 'libary'" in found[0][1]
    text = mutate(S1, "round_marker: {start: 4, first_round: day}", "round_marker: 4")
    found = problems(text)
    assert len(found) == 1 and found[0][0] == line_of(text, "round_marker: 4")


def test_door_walled_in_at_a_distance() -> None:
    """The car and two lamps close the street in front of the library: its door is free
    right in front but no disc can get there."""
    text = S1
    for old, new in [("{name: car, x: 47, y: 30, angle: 0}",
                      "{name: car, x: 45, y: 78.3, angle: 0}"),
                     ("  - {x: 30, y: 75, angle: 0}", "  - {x: 37.5, y: 81.4, angle: 90}"),
                     ("  - {x: 60, y: 18, angle: 90}", "  - {x: 52.5, y: 81.4, angle: 90}")]:
        text = mutate(text, old, new)
    found = problems(text)
    assert found == [(line_of(text, "{name: library,"),
                      "the library's door cannot be reached: no way for a movement disc from the "
                      "survivors' start to it")]
