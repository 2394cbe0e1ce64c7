"""The decisions inside an action are typed (a dataclass a kind), travel in a saved game as
mappings with their kind, and saves of the earlier shape (keys "k", "s", "n", ...) load."""

from __future__ import annotations

import json

from flick.cards.rise_of_the_zombies import decisions as D
from flick.cards.rise_of_the_zombies import make_bot, new_state
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies

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
