"""The one YAML reader refuses hostile files with FILE:LINE:COLUMN and exit 2, never a
traceback, a hang or a runaway tree: alias bombs, deep nesting, control characters, bad
encodings, duplicate keys, FIFOs and devices, oversized files; YAML 1.2 floats read as numbers."""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

from flick import datafile
from flick.cli import main
from flick.errors import DataFileError
from flick.physics.params import PhysicsParams

BOMB = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi", strict=True)
)


def _problem(text: str) -> datafile.Problem:
    marked, problems = datafile.read(text, "f.yaml")
    assert marked is None and len(problems) == 1
    return problems[0]


def test_alias_bomb_refused_before_expanding() -> None:
    assert len(BOMB) < 400
    bad = _problem(BOMB)
    assert f"more than {datafile.MAX_NODES} values" in bad.message and bad.line > 1


def test_a_few_aliases_within_budget_still_read() -> None:
    marked, problems = datafile.read("a: &x {m: 1}\nb: *x\nc: *x\n", "f.yaml")
    assert marked is not None and not problems
    assert marked.data["c"] == {"m": 1}


def test_too_many_aliases() -> None:
    text = "a: &x 1\nb: [" + ", ".join(["*x"] * (datafile.MAX_ALIASES + 1)) + "]\n"
    assert "aliases" in _problem(text).message


@pytest.mark.parametrize("depth", [datafile.MAX_DEPTH + 1, 600, 5000])
def test_deep_nesting_refused(depth: int) -> None:
    bad = _problem("a: " + "[" * depth + "]" * depth + "\n")
    assert f"more than {datafile.MAX_DEPTH} levels" in bad.message
    # the top-level mapping is the first level: the MAX_DEPTH-th bracket is one too many
    assert (bad.line, bad.column) == (1, 3 + datafile.MAX_DEPTH)


@pytest.mark.parametrize("char", ["\x00", "\x07", "\x1b", "\x7f", "\x9a", "\uffff"])
def test_control_characters_located(char: str) -> None:
    bad = _problem(f"number: 1\nname: 'a{char}b'\n")
    assert (bad.line, bad.column) == (2, 9)
    assert f"U+{ord(char):04X}" in bad.message


def test_yaml_12_floats_and_bom() -> None:
    marked, problems = datafile.read("\ufeffa: 1e3\nb: -2.5E-2\nc: 1_000\nd: 1.0e300\n", "f")
    assert marked is not None and not problems
    assert marked.data == {"a": 1000.0, "b": -0.025, "c": 1000, "d": 1e300}


def test_duplicate_keys_reported() -> None:
    _, problems = datafile.read("a: 1\nb: 2\na: 3\n", "f.yaml")
    assert [str(p) for p in problems] == ["f.yaml:3:1: duplicate key 'a' (first at line 1)"]


def test_unhashable_key_is_a_problem() -> None:
    bad = _problem("? [a, b]\n: 1\n")
    assert bad.file == "f.yaml" and "unhashable" in bad.message


def _refused(path: str | Path) -> str:
    with pytest.raises(DataFileError) as error:
        datafile.read_text(path)
    assert error.value.exit_code == 2
    return str(error.value)


def test_fifo_and_devices_refused_without_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "s.yaml"
    os.mkfifo(fifo)
    assert "not a regular file" in _refused(fifo)  # would block forever if opened to read
    assert "not a regular file" in _refused("/dev/zero")
    assert "Is a directory" in _refused(tmp_path)


def test_size_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("a: 1\n" * 100)
    monkeypatch.setattr(datafile, "MAX_FILE_BYTES", 100)
    assert "larger than the limit of 100 bytes" in _refused(big)


def test_bad_encoding_located(tmp_path: Path) -> None:
    latin = tmp_path / "p.yaml"
    latin.write_bytes("gravity: 981\nnote: caf\xe9\n".encode("latin-1"))
    assert re.search(r"p\.yaml:2:10: not UTF-8 text \(byte 0xe9\)", _refused(latin))
    binary = tmp_path / "b.yaml"
    binary.write_bytes(bytes(range(256)))
    assert "b.yaml:2:118: not UTF-8" in _refused(binary)


def _cli(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue() + err.getvalue()


@pytest.mark.parametrize("text", [
    BOMB, "a: " + "[" * 800 + "]" * 800, "number: 1\x00\n", "a: 1\na: 2\n",
])
def test_scenario_and_parameter_files_exit_2(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    code, said = _cli(["scenarios", "validate", str(path)])
    assert code == 2 and "Traceback" not in said
    assert re.search(r"bad\.yaml:\d+:\d+: ", said)
    with pytest.raises(DataFileError) as error:
        PhysicsParams.load(path)
    assert re.search(r"bad\.yaml:\d+:\d+: ", str(error.value))


def test_latin1_parameter_file(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_bytes(b"gravity: 981\nnote: \xff\xfe\n")
    with pytest.raises(DataFileError, match=r"p\.yaml:2:7: not UTF-8"):
        PhysicsParams.load(path)
