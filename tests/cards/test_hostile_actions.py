"""Card engines accept only real int actions: True, 0.0, 2.0 compare equal to
legal codes but are refused with IllegalActionError and change nothing; a damaged saved state
raises the engine's own FlickError naming what is wrong, not a raw KeyError or IndexError."""

from __future__ import annotations

import json
from typing import Any

import pytest

from flick.cards import games
from flick.cards.engine import IllegalActionError
from flick.errors import FlickError

NAMES = sorted(games.GAMES)


def _state(name: str) -> Any:
    return games.module(name).new_state(1)


@pytest.mark.parametrize("name", NAMES)
def test_not_int_actions_refused(name: str) -> None:
    state = _state(name)
    legal = state.legal_actions()
    before = json.dumps(state.to_json(), sort_keys=True)
    for fake in (True, False, float(legal[0]), 0.0, 2.0, str(legal[0]), None):
        with pytest.raises(IllegalActionError, match="whole number"):
            state.apply(fake)
        assert json.dumps(state.to_json(), sort_keys=True) == before
    state.apply(legal[0])  # the real int is played


def test_rise_apply_for_refuses_floats() -> None:
    state = _state("rise_of_the_zombies")
    seat = state.current_player()
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError):
        state.apply_for(seat, float(state.legal_actions()[0]))
    assert json.dumps(state.to_json(), sort_keys=True) == before


@pytest.mark.parametrize("name", NAMES)
def test_damaged_state_raises_the_engines_error(name: str) -> None:
    state = _state(name)
    cls = type(state)
    good = state.to_json()
    cls.from_json(json.loads(json.dumps(good)))  # the undamaged state loads
    for key in sorted(good):
        missing = {k: v for k, v in good.items() if k != key}
        try:
            cls.from_json(missing)
        except FlickError as error:
            assert "Error(" in str(error) or key in str(error) or "state" in str(error)
    with pytest.raises(FlickError):
        cls.from_json({})
    listy = next(k for k, v in good.items() if isinstance(v, list) and k != "rng")
    with pytest.raises(FlickError):
        cls.from_json({**good, listy: 7, "rng": good["rng"]} if name != "surrounded"
                      else {**good, "locations": [[1]]})
