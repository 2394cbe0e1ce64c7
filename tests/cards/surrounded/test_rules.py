"""Surrounded: every rule of play on hand-built maps (set-up, turns, grid, abilities, the end)."""

from __future__ import annotations

import random

import pytest

from flick.cards.engine import IllegalActionError
from flick.cards.surrounded import options
from flick.cards.surrounded import state as st
from flick.cards.surrounded.layout import at, build_state, card, plain_cards
from flick.cards.surrounded.state import SurroundedState, burn, move, place

WALKER_ON_IT = card(4, printed="W", name="Walker Place")


def deck_with(top: list[int]) -> list[int]:
    """All 18 cards, `top` last in the given order (the last one is the top card)."""
    return [k for k in range(1, 19) if k not in top] + top


# ---- set-up ---------------------------------------------------------------------------------
def test_setup_spawns_a_walker_against_the_starting_location() -> None:
    # card 2 shows a Walker only on its E face: it must go west of the start, by itself
    cards = plain_cards({2: card(2, faces="S W S S")})
    s = SurroundedState(0, cards=cards, deck=deck_with([2, 1]))
    assert s.locs == {at(0, 0): 1} and s.occs == {at(-1, 0): 2}
    assert s.scenario.number == 1 and s.phase == st.CHOOSE and s.turn == 0


def test_setup_spawn_cell_is_the_players_choice_among_walker_faces() -> None:
    cards = plain_cards({2: card(2, faces="W S WW S")})
    s = SurroundedState(0, cards=cards, deck=deck_with([2, 1]))
    # N face Walker -> south of the start; S face 2 Walkers -> north of it
    assert s.phase == st.SPAWN and s.legal_actions() == sorted([place(at(0, -1)), place(at(0, 1))])
    s.apply(place(at(0, 1)))
    assert s.occs == {at(0, 1): 2} and s.used == {"move": 0, "look": 0, "burn": 0}


def test_spawn_without_walker_face_goes_to_any_valid_cell() -> None:
    s = SurroundedState(0, cards=plain_cards(), deck=deck_with([2, 1]))
    cells = [(0, 1), (1, 0), (0, -1), (-1, 0)]
    assert s.legal_actions() == sorted(place(at(x, y)) for x, y in cells)


def test_scenario_option_starts_with_that_location() -> None:
    s = SurroundedState(5, scenario=7, difficulty="hard")
    assert s.locs[at(0, 0)] == 7 and s.scenario.number == 7 and s.difficulty == "hard"
    assert sorted(s.deck + list(s.occs.values()) + [7]) == list(range(1, 19))
    with pytest.raises(ValueError, match="1-18"):
        SurroundedState(0, scenario=19)
    with pytest.raises(ValueError, match="difficulty"):
        SurroundedState(0, difficulty="easy")


# ---- the grid -------------------------------------------------------------------------------
def test_checkerboard_cells() -> None:
    s = build_state(plain_cards(), {(0, 0): 1}, {(1, 0): 2}, deck=[3, 4])
    assert s.location_cells() == sorted(at(x, y) for x, y in [(2, 0), (1, 1), (1, -1)])
    assert s.occupant_cells() == sorted(at(x, y) for x, y in [(0, 1), (-1, 0), (0, -1)])
    assert s.legal_actions() == [st.EXPLORE, st.OCCUPY]
    s.apply(st.EXPLORE)
    assert s.phase == st.LOCATION and s.explores == 1
    with pytest.raises(IllegalActionError):
        s.apply(place(at(0, 1)))  # beside a location: wrong type for a location card


# ---- forced choices at the start of a turn ---------------------------------------------------
def test_walker_on_top_forces_explore() -> None:
    cards = plain_cards({4: WALKER_ON_IT})
    s = build_state(cards, {(0, 0): 1}, {(1, 0): 2}, deck=[3, 4])
    assert s.phase == st.LOCATION and s.explores == 1  # taken by itself, not a decision


def test_no_place_for_an_occupant_forces_explore() -> None:
    ring = {(0, 1): 2, (1, 0): 3, (0, -1): 5, (-1, 0): 6}
    s = build_state(plain_cards(), {(0, 0): 1}, ring, deck=[8, 7])
    assert s.occupant_cells() == [] and s.phase == st.LOCATION


def test_last_card_must_occupy_even_with_a_walker() -> None:
    s = build_state(plain_cards({4: WALKER_ON_IT}), {(0, 0): 1}, {(1, 0): 2}, deck=[4])
    assert s.phase == st.OCCUPANT


def test_no_place_for_a_location_forces_occupy_even_with_a_walker() -> None:
    locs = {(0, 0): 1, (2, 0): 3, (1, 1): 5, (1, -1): 6}
    s = build_state(plain_cards({4: WALKER_ON_IT}), locs, {(1, 0): 2}, deck=[7, 4])
    assert s.location_cells() == [] and s.phase == st.OCCUPANT


def test_last_card_that_fits_nowhere_is_discarded_and_the_game_ends() -> None:
    ring = {(0, 1): 2, (1, 0): 3, (0, -1): 5, (-1, 0): 6}
    s = build_state(plain_cards(), {(0, 0): 1}, ring, deck=[7])
    assert s.is_terminal() and s.discarded == [7] and s.deck == []
    rec = s.game_record()
    assert rec["discarded"] == [7] and rec["score"] == 4


def _hole_map() -> dict:
    # every location fully surrounded, and an empty cell (0, 0) enclosed by occupant cards
    locs = {(1, 1): 1, (-1, 1): 2, (1, -1): 3, (-1, -1): 4}
    occ_cells = [(0, 1), (1, 0), (0, -1), (-1, 0), (2, 1), (1, 2), (-2, 1), (-1, 2), (2, -1),
                 (1, -2), (-2, -1), (-1, -2)]
    return {"locations": locs, "occupants": {p: 5 + i for i, p in enumerate(occ_cells)}}


def test_spawn_that_fits_nowhere_is_discarded_with_the_deck() -> None:
    s = build_state(plain_cards(), deck=[18, 17], **_hole_map())
    assert s.phase == st.LOCATION  # no place for occupants: Explore was forced
    s.apply(place(at(0, 0)))  # into the hole: now no location has a free edge
    assert s.is_terminal() and s.discarded == [18]
    rec = s.game_record()
    seen = [m["card"] for m in rec["map"]] + rec["deck"] + rec["discarded"]
    assert sorted(seen) == list(range(1, 19))


def test_explore_with_the_last_two_cards_ends_after_the_spawn() -> None:
    cards = plain_cards({3: card(3, faces="W S S S")})
    s = build_state(cards, {(0, 0): 1}, {(1, 0): 2}, deck=[3, 4])
    s.apply(st.EXPLORE)
    s.apply(place(at(2, 0)))
    # card 3 shows its Walker only north: it must go south of the new location
    assert s.is_terminal() and s.occs[at(2, -1)] == 3 and s.deck == []


# ---- abilities -------------------------------------------------------------------------------
def test_ability_only_from_a_human_of_this_turns_card_touching_a_location() -> None:
    cards = plain_cards({3: card(3, faces="S S S L(m)")})
    s = build_state(cards, {(0, 0): 1}, {}, deck=[5, 4, 3])
    assert s.phase == st.OCCUPANT  # no occupant on the map: no place for a location
    t = s.clone()
    t.apply(place(at(-1, 0)))  # the Move face points west, at nothing
    assert t.phase == st.CHOOSE
    s.apply(place(at(1, 0)))  # the Move face touches the location
    assert s.phase == st.ABILITY and options.available_abilities(s) == ["move"]
    moves = [move(at(1, 0), at(x, y)) for x, y in [(0, 1), (-1, 0), (0, -1)]]
    assert s.legal_actions() == sorted([st.SKIP, *moves])
    s.apply(move(at(1, 0), at(0, -1)))
    assert s.occs == {at(0, -1): 3} and s.used["move"] == 1
    assert s.phase == st.CHOOSE  # one ability per turn, then the next turn


def test_move_keeps_the_map_connected() -> None:
    cards = plain_cards({4: card(4, faces="S L(m) S S")})
    locs = {(0, 0): 1, (2, 0): 3}
    occs = {(1, 0): 2, (-1, 0): 4}
    s = build_state(cards, locs, occs, deck=[9, 8], phase="ability", placed=(-1, 0))
    # card 2 holds the two locations together: it may not move; card 4 may
    expected = [move(at(-1, 0), at(0, 1)), move(at(-1, 0), at(0, -1))]
    assert s.legal_actions() == sorted([st.SKIP, *expected])


def test_burn_returns_a_card_to_the_deck_and_keeps_the_map_connected() -> None:
    cards = plain_cards({4: card(4, faces="S S(b) S S")})
    locs = {(0, 0): 1, (2, 0): 3}
    occs = {(1, 0): 2, (-1, 0): 4}
    s = build_state(cards, locs, occs, deck=[9, 8], phase="ability", placed=(-1, 0))
    leaves = [at(2, 0), at(-1, 0)]  # the only cards whose removal keeps one map
    assert s.legal_actions() == sorted(
        [st.SKIP] + [burn(c, b) for c in leaves for b in (False, True)])
    s.apply(burn(at(2, 0), True))
    assert s.deck == [3, 9, 8] and 3 not in s.locs.values() and 3 in s.known
    assert s.used["burn"] == 1 and s.phase == st.CHOOSE
    t = build_state(cards, locs, occs, deck=[9, 8], phase="ability", placed=(-1, 0))
    t.apply(burn(at(-1, 0), False))
    assert t.deck[-1] == 4 and at(-1, 0) not in t.occs


def test_look_peeks_at_top_or_bottom() -> None:
    cards = plain_cards({2: card(2, faces="S S S S(l)")})
    s = build_state(cards, {(0, 0): 1}, {(1, 0): 2}, deck=[7, 8, 9], phase="ability",
                    placed=(1, 0))
    assert s.legal_actions() == [st.SKIP, st.LOOK_TOP, st.LOOK_BOTTOM]
    s.apply(st.LOOK_BOTTOM)
    assert s.looked == ("bottom", 7) and 7 in s.known and s.used["look"] == 1
    assert "bottom card is #7" in s.render()
    one = build_state(cards, {(0, 0): 1}, {(1, 0): 2}, deck=[7], phase="ability", placed=(1, 0))
    assert one.legal_actions() == [st.SKIP, st.LOOK_TOP]


def test_no_burn_after_the_last_card_the_game_ends_with_the_deck() -> None:
    """Rulebook: "The game ends when the deck is empty"; a Burn on the last turn would put a
    card back into it (on main it did, and play went on: 208 of 2,000 random games)."""
    cards = plain_cards({5: card(5, faces="S S S S(b)")})
    s = build_state(cards, {(0, 0): 1, (2, 0): 3}, {(1, 0): 2}, deck=[5])
    assert s.phase == st.OCCUPANT
    s.apply(place(at(3, 0)))  # the Burn face (W) touches location 3; nothing else to offer
    assert s.is_terminal() and s.deck == [] and at(3, 0) in s.occs


def test_a_move_is_still_offered_on_the_last_turn() -> None:
    cards = plain_cards({5: card(5, faces="S S S S(m)")})
    s = build_state(cards, {(0, 0): 1, (2, 0): 3}, {(1, 0): 2}, deck=[5])
    s.apply(place(at(3, 0)))
    assert s.phase == st.ABILITY and s.deck == [] and st.SKIP in s.legal_actions()
    assert any(a >= st.MOVE for a in s.legal_actions())


def test_random_games_end_with_the_deck_empty() -> None:
    for seed in range(150):
        s = SurroundedState(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            burns = [a for a in legal if a >= st.BURN]
            s.apply(rng.choice(burns) if burns and rng.random() < 0.8 else rng.choice(legal))
            if s.phase == st.ABILITY:
                assert s.deck or all(a < st.BURN for a in s.legal_actions())
        assert s.deck == []


def test_a_card_burns_only_once_so_the_game_is_bounded() -> None:
    """Occupy, Burn the card just placed back on top, Occupy the same cell: without a limit
    this never ends. A card that was burned is not offered to Burn again."""
    cards = plain_cards({5: card(5, faces="S S S S(b)")})
    s = build_state(cards, {(0, 0): 1, (2, 0): 3}, {(1, 0): 2}, deck=[9, 5])
    assert s.phase == st.CHOOSE
    s.apply(st.OCCUPY)
    s.apply(place(at(3, 0)))
    assert burn(at(3, 0), False) in s.legal_actions()
    s.apply(burn(at(3, 0), False))
    assert s.deck == [9, 5] and s.burned == {5}
    s.apply(st.OCCUPY)
    s.apply(place(at(3, 0)))
    assert s.occs[at(3, 0)] == 5
    legal = s.legal_actions()
    assert burn(at(0, 0), False) in legal  # other cards still can
    assert burn(at(3, 0), False) not in legal and burn(at(3, 0), True) not in legal
    assert s.to_json()["burned"] == [5]
    assert SurroundedState.from_json(s.to_json(), cards=cards).burned == {5}


def test_always_burning_games_stay_within_the_declared_length() -> None:
    longest = 0
    for seed in range(60):
        s = SurroundedState(seed)
        rng = random.Random(seed)
        decisions = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            burns = [a for a in legal if a >= st.BURN]
            s.apply(rng.choice(burns) if burns else rng.choice(legal))
            decisions += 1
        longest = max(longest, decisions)
    assert longest <= s.max_game_length() == 6 * 18 - 5


@pytest.mark.parametrize(
    ("scenario", "difficulty", "used", "face", "offered"),
    [
        (4, "standard", {"move": 1}, "L(m)", True),
        (4, "standard", {"move": 2}, "L(m)", False),
        (4, "hard", {"move": 1}, "L(m)", False),
        (4, "expert", {}, "L(m)", False),
        (5, "standard", {"burn": 2}, "S(b)", False),
        (5, "hard", {}, "S(b)", True),
        (5, "expert", {}, "S(b)", False),
        (6, "standard", {"look": 1}, "S(l)", True),
        (6, "hard", {"look": 1}, "S(l)", False),
        (6, "expert", {}, "S(l)", False),
        (17, "standard", {"move": 1, "look": 1}, "S(b)", True),
        (17, "standard", {"move": 1, "look": 1, "burn": 1}, "S(l)", False),
        (17, "hard", {"look": 2}, "L(m)", False),
        (17, "expert", {"burn": 1}, "S(l)", False),
        (1, "expert", {"move": 9, "look": 9, "burn": 9}, "S(l)", True),
    ],
)
def test_scenario_ability_limits(scenario, difficulty, used, face, offered) -> None:
    cards = plain_cards({2: card(2, faces=f"S S S {face}")})
    s = build_state(cards, {(0, 0): 1, (2, 0): 3}, {(3, 0): 4}, deck=[7, 8, 9, 2],
                    scenario=scenario, difficulty=difficulty, used=used)
    s.apply(st.OCCUPY)
    s.apply(place(at(1, 0)))  # W face touches location 1
    assert (s.phase == st.ABILITY) is offered


# ---- the engine contract -----------------------------------------------------------------
def test_illegal_action_changes_nothing() -> None:
    s = build_state(plain_cards(), {(0, 0): 1}, {(1, 0): 2}, deck=[3, 4])
    s.apply(st.OCCUPY)
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="not legal"):
        s.apply(place(at(5, 5)))
    assert s.to_json() == before


def test_determinize_keeps_what_the_player_knows() -> None:
    s = build_state(plain_cards(), {(0, 0): 1}, {(1, 0): 2},
                    deck=[3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], known=[3, 8])
    orders = set()
    for i in range(20):
        d = s.determinize(0, random.Random(i))
        assert d.deck[0] == 3 and d.deck[5] == 8 and d.deck[-1] == 13
        assert sorted(d.deck) == sorted(s.deck) and d.locs == s.locs
        orders.add(tuple(d.deck))
    assert len(orders) > 10
    obs = s.observation(0)
    assert obs["deck"][0] == 3 and obs["deck"][1] is None and obs["deck"][-1] == 13


def test_game_record_has_the_published_shape() -> None:
    from flick.cards.bots import RandomBot, play_out

    for seed in range(6):
        s = SurroundedState(seed, difficulty="expert")
        play_out(s, RandomBot(seed))
        rec = s.game_record()
        assert list(rec) == ["game", "seed", "scenario", "difficulty", "won", "score",
                             "explores", "deck", "abilities_used", "discarded", "map",
                             "locations"]
        assert set(rec["abilities_used"]) == {"move", "look", "burn"}
        seen = [m["card"] for m in rec["map"]] + rec["deck"] + rec["discarded"]
        assert sorted(seen) == list(range(1, 19))
        assert rec["score"] == sum(loc["score"] for loc in rec["locations"])
        cells = {(m["x"], m["y"]): m["side"] for m in rec["map"]}
        assert cells[(0, 0)] == "location" or rec["abilities_used"]["burn"]
        for loc in rec["locations"]:
            assert set(loc) == {"card", "x", "y", "container", "effect", "surrounded",
                                "overrun", "score", "occupants"}
            for o in loc["occupants"]:
                assert o["type"] in ("leader", "survivor", "walker")
                assert 0 <= o["remaining_icons"] <= o["icons"] <= 2
            if loc["surrounded"]:  # y grows north: the card above is at y + 1
                assert cells.get((loc["x"], loc["y"] + 1)) == "occupant"


def test_grid_helpers_cut_cards_and_recentring() -> None:
    from flick.cards.surrounded import board

    ring = {at(x, y) for x, y in [(1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1),
                                  (1, 0)]}
    assert board.cut_cells(ring) == set()  # a loop has no card holding it together
    line = {at(0, 0), at(1, 0), at(2, 0), at(2, 1)}
    assert board.cut_cells(line) == {at(1, 0), at(2, 0)}
    assert board.connected(line) and not board.connected(line - {at(1, 0)})
    assert board.translation_needed(line) == 0
    assert board.translation_needed({at(22, 0), at(23, 0)}) == 0  # near enough the origin
    drifted = {at(101, 3), at(102, 3)}
    shift = board.translation_needed(drifted)
    moved = sorted(board.xy(c + shift) for c in drifted)
    assert moved[0][0] == 0 and (moved[0][0] + moved[0][1]) % 2 == (101 + 3) % 2
