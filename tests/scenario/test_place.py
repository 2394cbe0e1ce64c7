"""Placing a scenario on the table (`flick.scenario.place`)."""

from __future__ import annotations

import pytest

from flick.errors import DataFileError
from flick.physics import PhysicsParams
from flick.physics.tower.params import TOWER_FOOTPRINT_CM
from flick.scenario import place


def test_the_tower_size_comes_from_the_parameters_and_a_broken_file_is_an_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    place.tower_size.cache_clear()
    tower = PhysicsParams.default().tower
    assert tower is not None
    assert place.tower_size() == (tower.width, tower.depth)

    def broken() -> PhysicsParams:
        raise DataFileError("default.yaml:12:3: pieces.disc.mass: must be above 0")

    monkeypatch.setattr(PhysicsParams, "default", broken)
    place.tower_size.cache_clear()
    try:
        with pytest.raises(DataFileError, match=r"default\.yaml:12:3"):
            place.tower_size()  # not a silent 12 x 12 cm
    finally:
        place.tower_size.cache_clear()
    assert TOWER_FOOTPRINT_CM == 12.0
