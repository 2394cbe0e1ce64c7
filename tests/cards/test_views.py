"""Each card game's text (table, glossary, rules help, outcome) is made by view modules that
import the state; the state module imports none of them, and a state shows itself whichever
module built it (the package face hands the views to the state class)."""

from __future__ import annotations

import importlib

import pytest

from flick.cards.engine import Views
from tests.test_layout import FLICK, file_graph

VIEWS = {
    "surrounded": ("render", "explain"),
    # its `view` also holds what the state computes (observation, determinization, action
    # labels) and is imported by it; the text is `view.render` and `explain`
    "something_to_fear": ("explain",),
    "rise_of_the_zombies": ("view", "explain"),
}


@pytest.mark.parametrize("game", sorted(VIEWS))
def test_the_state_imports_no_view(game: str) -> None:
    graph, where = file_graph()
    state = f"flick.cards.{game}.state"
    views = {f"flick.cards.{game}.{v}" for v in VIEWS[game]}
    assert (FLICK / "cards" / game / "state.py").exists()
    assert not graph[state] & views, [where[(state, v)] for v in graph[state] & views]


@pytest.mark.parametrize("game", sorted(VIEWS))
def test_a_state_made_from_its_module_shows_itself(game: str) -> None:
    new_state = importlib.import_module(f"flick.cards.{game}").new_state
    st = new_state(3)
    assert isinstance(type(st).views, Views)
    assert st.render(None).strip()
    assert st.render_fit(None, 60)
    assert all(len(line) <= 60 for line in st.render_fit(None, 60).splitlines())
    assert st.glossary(None)
    assert st.rules_help(None)


def test_the_rise_of_the_zombies_bots_are_named_in_the_package_face() -> None:
    from flick.cards.rise_of_the_zombies import BOTS, make_bot
    from flick.cards.rise_of_the_zombies.search import SearchBot

    assert set(BOTS) == {"random", "greedy", "cautious", "rollout", "search"}
    assert isinstance(make_bot("search", 1), SearchBot)
