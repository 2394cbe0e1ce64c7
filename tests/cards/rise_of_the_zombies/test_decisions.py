"""The decisions inside an action are typed (a dataclass a kind), travel in a saved game as
mappings with their kind, and saves of the earlier shape (keys "k", "s", "n", ...) load; so
does the Infestation in progress."""

from __future__ import annotations

import json

import pytest

from flick.cards.rise_of_the_zombies import decisions as D
from flick.cards.rise_of_the_zombies import make_bot, new_state
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies
from flick.errors import FlickError

OLD = {"kind": "k", "seat": "s", "weapon": "w", "target": "t", "on_survivor": "ts",
       "wounds": "n"}


def _with_decisions(seed: int) -> list[RiseOfTheZombies]:
    st = new_state(seed)
    bot = make_bot("greedy", seed)
    found = []
    while not st.is_terminal() and len(found) < 6:
        if st.pending:
            found.append(st.clone())
        st.apply(bot.choose(st))
    return found


def test_decisions_are_typed_and_a_save_round_trips() -> None:
    states = _with_decisions(2) + _with_decisions(5)
    assert states
    for st in states:
        assert all(isinstance(d, D.Decision) and d.kind in D.KINDS for d in st.pending)
        data = json.loads(json.dumps(st.to_json()))
        assert all(set(d) >= {"kind", "seat"} for d in data["pending"])
        back = RiseOfTheZombies.from_json(data)
        assert back.pending == st.pending and back.legal_actions() == st.legal_actions()


def test_a_save_of_the_earlier_shape_loads() -> None:
    st = _with_decisions(2)[0]
    data = st.to_json()
    data["pending"] = [{OLD.get(k, k): v for k, v in d.items() if v is not None}
                       for d in data["pending"]]
    assert all("k" in d and "s" in d for d in data["pending"])
    assert RiseOfTheZombies.from_json(data).pending == st.pending


def test_an_infestation_in_progress_is_typed_and_saved_as_its_mapping() -> None:
    st = new_state(3)
    st.infest = D.Infestation(pos=2, need=5, got=1, seat=0, fast=[4], prisoners=-1)
    data = json.loads(json.dumps(st.to_json()))
    assert data["infest"] == {"pos": 2, "need": 5, "got": 1, "seat": 0, "fast": [4],
                              "prisoners": -1}
    assert list(data).index("infest") == list(data).index("zq") + 1  # its place in a save
    back = RiseOfTheZombies.from_json(data)
    assert back.infest == st.infest and back.to_json() == st.to_json()
    twin = st.clone()
    assert twin.infest is not None and st.infest is not None
    twin.infest.fast.append(6)
    assert st.infest.fast == [4]  # a clone's infestation is its own
    assert st.observation(0)["infest"] == data["infest"]
    data["infest"] = {"pos": 2, "need": 5}
    with pytest.raises(FlickError, match="damaged"):
        RiseOfTheZombies.from_json(data)
