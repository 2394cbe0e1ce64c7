"""The bots' tuned numbers are data with provenance (`assets/bots/*.yaml`), not literals in
`flick/game/bots`."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from flick.errors import DataFileError
from flick.game.bots import tuned as tuned_module
from flick.game.bots.tuned import tuned
from flick.paths import assets

BOTS = Path(tuned_module.__file__).parent
PLAIN = (0, 1, 2)  # and -1, written as minus one: counting, halves, none of them tuned


def _literals(path: Path) -> list[tuple[int, float]]:
    return [(n.lineno, n.value) for n in ast.walk(ast.parse(path.read_text()))
            if isinstance(n, ast.Constant) and type(n.value) in (int, float)
            and n.value not in PLAIN]


def test_no_numeric_literal_in_the_bots() -> None:
    found = [f"{p.name}:{line} {value!r}" for p in sorted(BOTS.rglob("*.py"))
             for line, value in _literals(p)]
    assert not found, "numbers to name in assets/bots: " + ", ".join(found)


def test_every_tuned_number_has_what_and_why_and_is_read() -> None:
    files = sorted((assets() / "bots").glob("*.yaml"))
    assert files
    for f in files:
        numbers = tuned(f.stem)
        (module,) = BOTS.rglob(f"{f.stem}.py")
        source = module.read_text()
        read = set(re.findall(r'T\["(\w+)"\]', source))
        assert set(numbers) == read, (f"{f.name}: unread {set(numbers) - read}, "
                                      f"missing {read - set(numbers)}")


def test_a_tuned_number_without_its_provenance_is_refused(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "assets" / "bots").mkdir(parents=True)
    (tmp_path / "assets" / "bots" / "walking.yaml").write_text(
        "numbers:\n  step_cm:\n    value: 60.0\n    what: longest planned move\n")
    monkeypatch.setenv("FLICK_HOME", str(tmp_path))
    tuned.cache_clear()
    try:
        with pytest.raises(DataFileError, match=r"walking\.yaml:3:5: numbers\.step_cm\.chosen"):
            tuned("walking")
    finally:
        tuned.cache_clear()
