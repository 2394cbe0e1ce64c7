"""Hostile YAML and scenario references: every one is refused at its line (or read the YAML
1.2 way), never a traceback or a long wait."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from flick import datafile
from flick.errors import DataFileError
from flick.scenario import loader

S01 = next(p for p in loader.bundled() if p.name.startswith("s01_"))


def _read(text: str) -> tuple[object, list[str]]:
    marked, problems = datafile.read(text, "f.yaml")
    return (marked.data if marked else None), [str(p) for p in problems]


@pytest.mark.parametrize("text", ["a: &x [1, *x]\n", "a: &x {b: *x}\n",
                                  "inventory:\n  - &bag {items: [*bag]}\n"])
def test_an_alias_inside_the_value_it_names_is_refused_at_its_line(text: str) -> None:
    data, problems = _read(text)
    assert data is None and len(problems) == 1
    assert "cannot hold itself" in problems[0] and problems[0].startswith("f.yaml:")


def test_a_merge_with_an_override_is_not_a_duplicate() -> None:
    data, problems = _read("base: &b {x: 1, y: 2}\nc:\n  <<: *b\n  x: 3\n")
    assert problems == [] and data == {"base": {"x": 1, "y": 2}, "c": {"x": 3, "y": 2}}


def test_a_real_duplicate_beside_a_merge_is_still_refused() -> None:
    _, problems = _read("base: &b {x: 1}\nc:\n  <<: *b\n  y: 3\n  y: 4\n")
    assert problems == ["f.yaml:5:3: duplicate key 'y' (first at line 4)"]


@pytest.mark.parametrize(("text", "value"), [
    ("x: 1:0", "1:0"), ("x: yes", "yes"), ("x: off", "off"), ("x: 010", 10), ("x: 0o17", 15),
    ("x: 0x1f", 31), ("x: 1e3", 1000.0), ("x: 2001-12-14", "2001-12-14"), ("x: ~", None),
])
def test_plain_scalars_read_as_yaml_1_2(text: str, value: object) -> None:
    data, problems = _read(text + "\n")
    assert problems == [] and data == {"x": value}
    assert type(data["x"]) is type(value)  # type: ignore[index]


def test_an_integer_of_hundreds_of_digits_is_refused_at_its_line() -> None:
    data, problems = _read("a: 1\nseed: " + "9" * 401 + "\n")
    assert data is None and problems[0].startswith("f.yaml:2:7:") and "401 digits" in problems[0]


@pytest.mark.parametrize("escape", ["\\0", "\\e[2J", "\\x07", "\\u202e"])
def test_control_characters_written_as_escapes_are_refused_in_values(escape: str) -> None:
    _, problems = _read(f'a: 1\nname: "Sp{escape}arky"\n')
    assert len(problems) == 1 and problems[0].startswith("f.yaml:2:7: control character")


@pytest.mark.parametrize("brk", ["\x85", "\u2028", "\u2029"])
def test_line_breaks_editors_do_not_count_are_refused_at_the_editors_line(brk: str) -> None:
    _, problems = _read(f"a: 1\nb: 2{brk}c: [\n")
    assert len(problems) == 1 and problems[0].startswith("f.yaml:2:5:"), problems


def test_a_self_referencing_inventory_in_a_scenario_is_a_located_problem(tmp_path: Path) -> None:
    text = S01.read_text(encoding="utf-8").replace("buildings:\n",
                                                   "notes: &n [*n]\nbuildings:\n", 1)
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    result = loader.check(path)
    assert not result.ok and "cannot hold itself" in result.message()


# --- names and paths ------------------------------------------------------------------------

@pytest.mark.parametrize("ref", ["²", "s²", "9" * 5000, "٣", "", "  "])  # blank: not the folder
def test_odd_scenario_references_are_refused_with_one_line(ref: str) -> None:
    with pytest.raises(DataFileError, match="no scenario named") as caught:
        loader.resolve(ref)
    assert len(str(caught.value)) < 600


def test_a_symlink_loop_is_refused_as_unreadable(tmp_path: Path) -> None:
    os.symlink(tmp_path / "b.yaml", tmp_path / "a.yaml")
    os.symlink(tmp_path / "a.yaml", tmp_path / "b.yaml")
    result = loader.check(tmp_path / "a.yaml")
    assert not result.ok and "cannot read" in result.message()
    os.symlink(tmp_path / "d", tmp_path / "c")
    os.symlink(tmp_path / "c", tmp_path / "d")
    assert not loader.check(str(tmp_path / "c")).ok


def test_a_scenario_with_thousands_of_buildings_is_refused_by_its_count(tmp_path: Path) -> None:
    row = "  - {name: library, x: 45, y: 83.5, facing: south}\n"
    text = S01.read_text(encoding="utf-8").replace("buildings:\n", "buildings:\n" + row * 3000, 1)
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    result = loader.check(path)
    assert not result.ok and "buildings: tuple should have at most 20 items" in result.message()
