"""Every card engine refuses a seat that is not at the table before it looks at hidden
information, and a saved state edited into nonsense before anyone uses it."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from flick.cards.engine import IllegalActionError
from flick.cards.games import GAMES, module
from flick.errors import FlickError


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("seat", [99, -1, True, "0", 1.0])
def test_a_seat_not_at_the_table_is_refused(name: str, seat: Any) -> None:
    state = module(name).new_state(3)
    before = state.to_json()
    for ask in (lambda: state.observation(seat), lambda: state.render(seat),
                lambda: state.determinize(seat, random.Random(1))):
        with pytest.raises(IllegalActionError, match="not a seat of this game"):
            ask()
    assert state.to_json() == before


@pytest.mark.parametrize(("name", "key", "value"), [
    ("something_to_fear", "actor", 99),
    ("something_to_fear", "phase", "bogus"),
    ("something_to_fear", "num_players", 99),
    ("something_to_fear", "seed", "x"),
    ("rise_of_the_zombies", "actor", 99),
    ("rise_of_the_zombies", "phase", "bogus"),
    ("rise_of_the_zombies", "turn", -5),
    ("surrounded", "turn", -5),
    ("surrounded", "seed", "x"),
])
def test_a_saved_state_edited_into_nonsense_is_refused(name: str, key: str, value: Any) -> None:
    state = module(name).new_state(3)
    data = copy.deepcopy(state.to_json())
    assert key in data
    data[key] = value
    with pytest.raises(FlickError, match="state") as error:
        type(state).from_json(data)
    assert error.value.exit_code == 2


@pytest.mark.parametrize("name", list(GAMES))
def test_a_saved_state_loads_as_it_was(name: str) -> None:
    state = module(name).new_state(3)
    assert type(state).from_json(state.to_json()).to_json() == state.to_json()
