"""Surrounded's map drawn to fit a terminal: every scenario's final map at 80 columns."""

from __future__ import annotations

import functools

import pytest

from flick.cards.bots import play_out
from flick.cards.surrounded import board
from flick.cards.surrounded.bots import GreedyBot
from flick.cards.surrounded.layout import at, build_state, card, plain_cards
from flick.cards.surrounded.state import SurroundedState


@functools.cache
def final_game(scenario: int) -> SurroundedState:
    state = SurroundedState(scenario, scenario=scenario)
    play_out(state, GreedyBot(scenario))
    return state


@pytest.mark.parametrize("scenario", range(1, 19))
def test_every_scenario_final_map_fits_80_columns(scenario: int) -> None:
    state = final_game(scenario)
    text = state.render_fit(None, 80)
    longest = max(text.splitlines(), key=len)
    assert len(longest) <= 80, longest
    # every card of the map is still drawn (its number shows), and the result is told
    for k in list(state.locs.values()) + list(state.occs.values()):
        assert f"#{k}" in text or f" {k} " in text
    assert ("WON" in text) or ("LOST" in text)


def test_a_map_wider_than_the_screen_shows_the_columns_in_play() -> None:
    cards = plain_cards({n: card(n, faces="S W S W") for n in range(1, 19)})
    locations = {(2 * i, 0): 2 * i + 1 for i in range(7)}
    occupants = {(2 * i + 1, 0): 2 * i + 2 for i in range(6)}
    state = build_state(cards, locations, occupants, deck=[14, 15], settle=False)
    assert board.width(set(state.locs) | set(state.occs)) == 13
    text = state.render_fit(None, 80)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "the map is wider than the screen" in text
    wide = state.render_fit(None, 240)
    assert "+#13------------+" not in wide and "|#13 Place 13" in wide  # full boxes


def test_compact_glyphs_keep_faces_and_a_key() -> None:
    cards = plain_cards({1: card(1, printed="WW", container="gas", effect="+2 if surrounded",
                                 faces="S S S S", name="Gas Station"),
                         2: card(2, faces="L(m) WW S(b) W")})
    state = build_state(cards, {(0, 0): 1, (2, 0): 3, (4, 0): 5, (6, 0): 7},
                        {(1, 0): 2, (3, 0): 4, (5, 0): 6}, deck=[9, 8])
    text = state.render_fit(None, 60)
    assert max(len(line) for line in text.splitlines()) <= 60
    assert "+--Lm--+" in text and "+--Sb--+" in text  # the N and S faces of #2
    assert "|GasSta|" in text and "+WW g *+" in text  # printed, container, effect mark
    assert "key:" in text and at(0, 0) in state.locs


def test_an_edge_across_an_open_bay_is_not_an_outer_edge() -> None:
    """Scenario 8 counts Walkers on edges "beyond which no other cards have been placed": the
    east face of the occupant card at (0,1) looks across the open bay (1,1) at the card at
    (2,1), so its Walker does not count, though the bay is open to the outside."""
    from flick.cards.surrounded.scoring import perimeter_counts

    cards = plain_cards({2: card(2, faces="S W S S"), 4: card(4, faces="S S S S"),
                         6: card(6, faces="S S S S")})
    locations = {(0, 0): 1, (2, 0): 3, (0, 2): 5, (2, 2): 7}
    occupants = {(0, 1): 2, (1, 0): 4, (2, 1): 6}
    state = build_state(cards, locations, occupants, deck=[9, 8], scenario=8, settle=False)
    walkers, _ = perimeter_counts(state.locs, state.occs, state.cards)
    assert walkers == 0
    # the same face on the outside of the map counts
    cards = plain_cards({2: card(2, faces="S S S W"), 4: card(4, faces="S S S S"),
                         6: card(6, faces="S S S S")})
    state = build_state(cards, locations, occupants, deck=[9, 8], scenario=8, settle=False)
    assert perimeter_counts(state.locs, state.occs, state.cards)[0] == 1
