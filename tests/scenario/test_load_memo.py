"""Loading a scenario twice validates it once, and no caller can change what another gets."""

from __future__ import annotations

from pathlib import Path

from flick.scenario import load
from flick.scenario.loader import check


def test_each_load_is_its_own_copy() -> None:
    a = load(2)
    a.objectives[0].params["tokens"]["fuel"] = 99  # a careless caller
    b = load(2)
    assert b.objectives[0].params["tokens"]["fuel"] == 2
    assert b is not a


def test_an_edited_file_is_checked_again(tmp_path: Path) -> None:
    text = Path(check(2).path).read_text()
    f = tmp_path / "s.yaml"
    f.write_text(text)
    assert check(f).ok
    f.write_text(text.replace("round_marker: {start: 4", "round_marker: {start: -4"))
    again = check(f)
    assert not again.ok and any("round" in str(p) for p in again.problems)
