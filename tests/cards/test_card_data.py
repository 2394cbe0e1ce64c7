"""The card data files of the three card games: read through `flick.datafile`, shaped by the
pydantic models of each game's `schema`, every problem named at FILE:LINE:COLUMN.

Each damage is made to a copy of the shipped file; the expected line is the line of the
damaged text, found in the copy (not a number written here)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from flick.cards.rise_of_the_zombies import data as rise_data
from flick.cards.something_to_fear import data as stf_data
from flick.cards.surrounded.cards import default_cards, load_cards
from flick.errors import DataFileError
from flick.paths import assets

CARDS = assets() / "cards"
LOADERS: dict[str, Callable[[Path], object]] = {
    "surrounded.yaml": load_cards,
    "something_to_fear.yaml": stf_data.load,
    "rise_of_the_zombies.yaml": rise_data.load,
}

# (file, text in the shipped file, its damaged form, a word of the message, the key it names)
DAMAGES = [
    # Surrounded (block style)
    ("surrounded.yaml", "  - number: 1\n", "  - number: one\n", "valid integer", "cards.0.number"),
    ("surrounded.yaml", "    name: Gas Station\n", "    name: Gas Station\n    colour: red\n",
     "Extra inputs", "cards.0.colour"),
    # a missing field is reported at the card that lacks it
    ("surrounded.yaml", "  - number: 1\n    name: Gas Station\n    printed: null\n",
     "  - number: 1\n    name: Gas Station\n", "Field required", "cards.0.printed"),
    ("surrounded.yaml", "    name: Gas Station\n", "    name: Gas: Station\n", "not valid YAML",
     None),
    ("surrounded.yaml", "faces: {N: L(m), E: W,", "faces: {N: L(m), E: X,", "occupant 'X'",
     "faces E"),
    # Something to Fear (flow style)
    ("something_to_fear.yaml", "{id: walker-01, type: walker, players: [2, 3, 4, 5, 6]}",
     "{id: walker-01, type: walker, players: two}", "valid list", "encounters.0.players"),
    ("something_to_fear.yaml", "{id: walker-01, type: walker,",
     "{id: walker-01, type: walker, colour: red,", "Extra inputs", "encounters.0.colour"),
    ("something_to_fear.yaml", "{id: walker-01, type: walker,", "{id: walker-01,",
     "Field required", "encounters.0.type"),
    ("something_to_fear.yaml", "death_over: 20\n", "death_over: 20: 1\n", "not valid YAML", None),
    ("something_to_fear.yaml", "{id: walker-02, type: walker,", "{id: walker-01, type: walker,",
     "used twice", None),
    # Rise of the Zombies! (flow mappings in block lists)
    ("rise_of_the_zombies.yaml", "{name: Loner, xp: 0,", "{name: Loner, xp: none,",
     "valid integer", "zombies.0.xp"),
    ("rise_of_the_zombies.yaml", "{name: Loner, xp: 0,", "{name: Loner, speed: 3, xp: 0,",
     "Extra inputs", "zombies.0.speed"),
    ("rise_of_the_zombies.yaml", "{name: Loner, xp: 0,", "{name: Loner,", "Field required",
     "zombies.0.xp"),
    ("rise_of_the_zombies.yaml", "  value: 5\n", "  value: 5: 6\n", "not valid YAML", None),
    ("rise_of_the_zombies.yaml", "traits: [fast], count: 4", "traits: [sneaky], count: 4",
     "unknown trait", None),
]


def _damaged(tmp_path: Path, file: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of the shipped `file` with `old` replaced by `new`, and the 1-based line where
    the damage is (the last line of `new` that differs from the original)."""
    text = (CARDS / file).read_text(encoding="utf-8")
    assert old in text, f"{file} no longer holds {old!r}"
    start = text.index(old)
    damaged = text[:start] + new + text[start + len(old):]
    line = text[:start].count("\n") + 1
    # the changed line within `new`: the first that differs from `old` (a removal: the first)
    new_lines, old_lines = new.split("\n"), old.split("\n")
    changed = next(
        (i for i, (a, b) in enumerate(zip(new_lines, old_lines, strict=False)) if a != b), 0
    )
    if len(new_lines) < len(old_lines):
        changed = 0
    path = tmp_path / file
    path.write_text(damaged, encoding="utf-8")
    return path, line + changed


def _location(message: str, path: Path) -> tuple[int, int]:
    name = re.escape(path.name)
    found = re.match(rf"^(?:.*[/\\])?{name}:(\d+):(\d+): ", message)
    assert found, f"not FILE:LINE:COLUMN: {message!r}"
    return int(found.group(1)), int(found.group(2))


@pytest.mark.parametrize(("file", "old", "new", "word", "key"), DAMAGES)
def test_a_damaged_card_file_names_file_line_and_column(
    tmp_path: Path, file: str, old: str, new: str, word: str, key: str | None
) -> None:
    path, line = _damaged(tmp_path, file, old, new)
    with pytest.raises(DataFileError) as caught:
        LOADERS[file](path)
    message = str(caught.value)
    got_line, column = _location(message, path)
    assert got_line == line, message
    assert column >= 1
    assert word in message
    if key is not None:
        assert key in message
    assert caught.value.exit_code == 2


def test_the_column_points_at_the_value(tmp_path: Path) -> None:
    path, line = _damaged(tmp_path, "surrounded.yaml", "  - number: 1\n", "  - number: 99\n")
    with pytest.raises(DataFileError) as caught:
        load_cards(path)
    assert _location(str(caught.value), path) == (line, len("  - number: ") + 1)
    assert "must be a whole number 1-18, not 99" in str(caught.value)


def test_every_problem_of_a_file_is_listed(tmp_path: Path) -> None:
    text = (CARDS / "rise_of_the_zombies.yaml").read_text(encoding="utf-8")
    text = text.replace("{name: Loner, xp: 0,", "{name: Loner, xp: none,", 1)
    text = text.replace("  value: 5\n", "  value: five\n", 1)
    path = tmp_path / "rise_of_the_zombies.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        rise_data.load(path)
    lines = str(caught.value).splitlines()
    assert len(lines) == 2
    assert all(re.match(r"^rise_of_the_zombies\.yaml:\d+:\d+: ", t) for t in lines)
    assert any("minutes_per_turn.value" in t for t in lines)
    assert any("zombies.0.xp" in t for t in lines)


def test_the_shipped_card_files_load() -> None:
    assert [c.number for c in default_cards()] == list(range(1, 19))
    stf = stf_data.load(stf_data.default_path())
    assert len(stf.characters) == 9 and len(stf.deck_for(4)) == 45
    rise = rise_data.load()
    assert rise.path == "rise_of_the_zombies.yaml"
    assert len(rise.survivors) == 13 and any(a.type == "location" for a in rise.actions)


@pytest.mark.parametrize(
    ("file", "command"),
    [
        ("surrounded.yaml", ["surrounded", "--bot", "random", "--games", "1"]),
        ("something_to_fear.yaml", ["something-to-fear", "--games", "1"]),
        ("rise_of_the_zombies.yaml", ["rise-of-the-zombies", "--games", "1"]),
    ],
)
def test_the_cli_prints_a_card_file_error_without_traceback(
    tmp_path: Path, file: str, command: list[str]
) -> None:
    home = tmp_path / "home"
    shutil.copytree(CARDS, home / "assets" / "cards")
    text = (home / "assets" / "cards" / file).read_text(encoding="utf-8")
    (home / "assets" / "cards" / file).write_text(text + "\nstray_key: 1\n", encoding="utf-8")
    line = text.count("\n") + 2
    done = subprocess.run(
        [sys.executable, "-m", "flick", "cards", *command, "--json"],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "FLICK_HOME": str(home)},
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    error = next(t for t in done.stderr.splitlines() if t.startswith("flick: error: "))
    assert re.search(rf"{re.escape(file)}:{line}:\d+: stray_key: ", error), error
