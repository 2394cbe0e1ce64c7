"""The card files of scenarios 5-10 (Crossroads, the objective cards) read through
flick.datafile: a damaged file names FILE:LINE:COLUMN of the damage."""

from __future__ import annotations

from pathlib import Path

import pytest

from flick.errors import DataFileError
from flick.game.scenarios import crossroads, secret
from flick.paths import assets


def _damaged(tmp_path: Path, old: str, new: str) -> Path:
    text = (assets() / "cards" / "crossroads.yaml").read_text()
    assert old in text
    path = tmp_path / "crossroads.yaml"
    path.write_text(text.replace(old, new, 1))
    return path


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_the_shipped_crossroads_deck_loads() -> None:
    assert len(crossroads.deck()) == 30


def test_an_unknown_effect_is_named_at_its_line(tmp_path: Path) -> None:
    path = _damaged(tmp_path, "new_zombies: 2}", "new_zombiez: 2}")
    with pytest.raises(DataFileError) as err:
        crossroads.read_deck(path)
    assert f"{path}:{_line_of(path, 'new_zombiez')}:" in str(err.value)
    assert "new_zombiez" in str(err.value)


def test_a_misspelt_field_is_named_at_its_line(tmp_path: Path) -> None:
    path = _damaged(tmp_path, "title:", "titel:")
    with pytest.raises(DataFileError) as err:
        crossroads.read_deck(path)
    assert f"{path}:{_line_of(path, 'titel:')}:" in str(err.value)


def test_a_yaml_syntax_error_is_named_at_its_line(tmp_path: Path) -> None:
    path = _damaged(tmp_path, "title:", "title: [")
    with pytest.raises(DataFileError) as err:
        crossroads.read_deck(path)
    assert f"{path}:" in str(err.value) and "not valid YAML" in str(err.value)


def test_the_shipped_objective_cards_load_and_an_unknown_condition_is_named_at_its_line(
        tmp_path: Path) -> None:
    normal, betrayal = secret.cards()
    assert (len(normal), len(betrayal)) == (20, 6)
    text = (assets() / "cards" / "objectives.yaml").read_text()
    assert "{unmasked_betrayer: true}" in text
    path = tmp_path / "objectives.yaml"
    path.write_text(text.replace("{unmasked_betrayer: true}", "{unmasked_betrayr: true}", 1))
    with pytest.raises(DataFileError) as err:
        secret.read_cards(path)
    assert f"{path}:{_line_of(path, 'unmasked_betrayr')}:" in str(err.value)
    assert "unmasked_betrayr" in str(err.value)
