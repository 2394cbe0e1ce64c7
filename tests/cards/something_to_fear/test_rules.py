"""Something to Fear: set-up, player order, every Character ability and the odd cases."""

from __future__ import annotations

import pytest

from flick.cards.engine import IllegalActionError
from flick.cards.something_to_fear import actions as A
from flick.cards.something_to_fear.state import StfState


def take(s: StfState, kind: str) -> int:
    """Pull a card of type `kind` out of the Encounter deck (to place it by hand)."""
    for i in range(len(s.deck) - 1, -1, -1):
        if s.data.cards[s.deck[i]].type == kind:
            return s.deck.pop(i)
    raise AssertionError(f"no {kind} left in the deck")


def table(
    n: int = 4,
    tiebreaker: int = 0,
    row: list[str] | None = None,
    mob: list[str] = (),  # type: ignore[assignment]
    stash: dict[int, list[str]] | None = None,
    hands: dict[int, list[int]] | None = None,
    discard: dict[int, list[int]] | None = None,
) -> StfState:
    """A fresh game with the given row, Mob, Stashes, hands and discard piles."""
    s = StfState(n, seed=11, tiebreaker=tiebreaker)
    if row is not None:
        s.deck.extend(s.row)
        s.row = []
        s.row = [take(s, k) for k in row]
    s.mob = [take(s, k) for k in mob]
    for p, kinds in (stash or {}).items():
        s.stash[p] = [take(s, k) for k in kinds]
    for p in range(n):
        hand = (hands or {}).get(p, s.hand[p])
        pile = (discard or {}).get(p, [])
        s.hand[p] = sorted(hand)
        s.discard[p] = list(pile)
        s.char_deck[p] = [c for c in range(1, 10) if c not in hand and c not in pile]
    s.forget_legal()
    return s


def select(s: StfState, choices: list[int]) -> None:
    assert s.phase == A.SELECT
    for p, c in enumerate(choices):
        assert s.current_player() == p
        s.apply(c)


def kinds(s: StfState, cards: list[int]) -> list[str]:
    return [s.data.cards[c].type for c in cards]


def secure(s: StfState, kind: str, where: list[int] | None = None) -> None:
    """The player to act secures a card of `kind` from the row (or `where`)."""
    where = s.row if where is None else where
    base = A.MOB if where is s.mob else A.ROW
    i = kinds(s, where).index(kind)
    s.apply(base + i)


def finish_turn(s: StfState) -> None:
    """Decline the optional steps until the next turn starts."""
    p = s.turn_actor
    while s.phase == A.TURN and s.turn_actor == p and s.pending_wound < 0:
        if A.DECLINE not in s.legal_actions() or s.steps[0] in (A.SECURE, A.SECURE_ANDREA):
            return  # (a secure step: the next turn has started)
        s.apply(A.DECLINE)


def turn_order(s: StfState) -> list[int]:
    """Play the rest of the round (first row card, decline the rest) and list who acted."""
    order = []
    r = s.round
    while s.round == r and not s.is_terminal():
        if s.pending_wound >= 0:
            s.apply(s.legal_actions()[0])
            continue
        assert s.phase == A.TURN
        if not order or order[-1] != s.turn_actor:
            order.append(s.turn_actor)
        acts = s.legal_actions()
        s.apply(A.DECLINE if A.DECLINE in acts else acts[0])
    return order


# ---- set-up ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_by_player_count(n: int) -> None:
    s = StfState(n, seed=3)
    assert len(s.row) == n + 1
    assert len(s.deck) + len(s.row) == 9 * (n + 1)
    assert all(len(h) == 3 and len(d) == 6 for h, d in zip(s.hand, s.char_deck, strict=True))
    e = StfState(n, seed=3, expert=True)
    assert all(
        h == list(range(1, 10)) and d == [] for h, d in zip(e.hand, e.char_deck, strict=True)
    )


def test_bad_player_count_is_refused() -> None:
    with pytest.raises(Exception, match="2-6"):
        StfState(7, seed=0)


# ---- selection and order --------------------------------------------------------------------
def test_choices_are_hidden_until_all_have_chosen() -> None:
    s = table(hands={0: [7, 8, 9], 1: [1, 2, 5], 2: [3, 6, 7], 3: [2, 4, 6]})
    s.apply(9)
    assert "Rick" not in s.render(viewer=1) and "has chosen" in s.render(viewer=1)
    assert "chose Rick" in s.render(viewer=0)
    assert s.observation(1)["players"][0]["selected"] == -1
    assert s.observation(0)["players"][0]["selected"] == 9


def test_order_high_to_low_ties_by_distance_from_tiebreaker() -> None:
    s = table(
        tiebreaker=2,
        row=["supplies"] * 5,
        hands={0: [8, 1, 2], 1: [8, 1, 2], 2: [7, 1, 2], 3: [8, 1, 2]},
    )
    select(s, [8, 8, 7, 8])
    assert turn_order(s) == [3, 0, 1, 2]


def test_governor_moves_the_tiebreaker_for_later_ties() -> None:
    row = ["governor", "supplies", "supplies", "supplies", "supplies"]
    s = table(tiebreaker=0, row=row, hands={0: [8, 1, 2], 1: [9, 1, 2], 2: [8, 1, 2], 3: [8, 1, 2]})
    select(s, [8, 9, 8, 8])
    assert s.turn_actor == 1
    secure(s, "governor")
    assert s.pending_governor == 1 and s.legal_actions() == [A.DECLINE, A.USE]
    s.apply(A.USE)
    assert s.tiebreaker == 1
    finish_turn(s)
    assert turn_order(s) == [2, 3, 0]  # without the Governor it would be 0, 2, 3


def test_taking_the_tiebreaker_with_the_governor_is_optional() -> None:
    """Rulebook: "When a player secures The Governor, they can immediately take the
    Tie-breaker card"."""
    row = ["governor", "supplies", "supplies", "supplies", "supplies"]
    s = table(tiebreaker=0, row=row, hands={0: [8, 1, 2], 1: [9, 1, 2], 2: [8, 1, 2], 3: [8, 1, 2]})
    select(s, [8, 9, 8, 8])
    secure(s, "governor")
    assert s.current_player() == 1 and "Tie-breaker" in s.action_to_string(A.DECLINE)
    s.apply(A.DECLINE)
    assert s.tiebreaker == 0 and s.pending_governor == -1
    finish_turn(s)
    assert turn_order(s) == [0, 2, 3]


def test_the_governor_asks_nothing_of_the_tiebreaker_holder() -> None:
    row = ["governor", "supplies", "supplies", "supplies", "supplies"]
    s = table(tiebreaker=1, row=row, hands={0: [8, 1, 2], 1: [9, 1, 2], 2: [8, 1, 2], 3: [8, 1, 2]})
    select(s, [8, 9, 8, 8])
    secure(s, "governor")
    assert s.pending_governor == -1 and s.tiebreaker == 1 and s.turn_actor == 2  # next turn


def test_only_the_first_governor_of_a_round_takes_the_tiebreaker() -> None:
    row = ["governor", "governor", "supplies", "supplies", "supplies"]
    s = table(tiebreaker=3, row=row, hands={0: [9, 1, 2], 1: [8, 1, 2], 2: [5, 1, 2], 3: [6, 1, 2]})
    select(s, [9, 8, 5, 6])
    secure(s, "governor")
    s.apply(A.USE)
    finish_turn(s)
    assert s.turn_actor == 1
    secure(s, "governor")
    assert s.tiebreaker == 0 and s.pending_governor == -1


# ---- on-reveal abilities ------------------------------------------------------------------
def test_carl_reverses_the_order() -> None:
    s = table(row=["supplies"] * 5, hands={0: [3, 1, 2], 1: [9, 1, 2], 2: [5, 1, 2], 3: [7, 1, 2]})
    select(s, [3, 9, 5, 7])
    assert s.phase == A.CARL and s.current_player() == 0
    s.apply(A.USE)
    assert s.reversed
    assert turn_order(s) == [0, 2, 3, 1]


def test_carl_may_keep_the_order() -> None:
    s = table(row=["supplies"] * 5, hands={0: [3, 1, 2], 1: [9, 1, 2], 2: [5, 1, 2], 3: [7, 1, 2]})
    select(s, [3, 9, 5, 7])
    s.apply(A.DECLINE)
    assert turn_order(s) == [1, 3, 2, 0]


def test_several_carls_reverse_once() -> None:
    s = table(
        tiebreaker=1,
        row=["supplies"] * 5,
        hands={0: [3, 1, 2], 1: [3, 1, 2], 2: [9, 1, 2], 3: [3, 1, 2]},
    )
    select(s, [3, 3, 9, 3])
    assert s.phase == A.CARL and s.current_player() == 1  # nearest the Tie-breaker decides first
    s.apply(A.USE)
    assert s.phase == A.TURN  # the other Carls are not asked: a reversal is not undone
    assert s.reversed
    assert turn_order(s) == [1, 3, 0, 2]


def test_second_carl_may_reverse_when_the_first_keeps() -> None:
    s = table(row=["supplies"] * 5, hands={0: [3, 1, 2], 1: [3, 1, 2], 2: [9, 1, 2], 3: [8, 1, 2]})
    select(s, [3, 3, 9, 8])
    s.apply(A.DECLINE)
    assert s.phase == A.CARL and s.current_player() == 1
    s.apply(A.USE)
    assert s.reversed


def test_maggie_lowest_cancels_an_opponent() -> None:
    row = ["negan", "saviors", "supplies", "walker", "weapon"]
    s = table(
        row=row,
        stash={1: ["negan"]},
        hands={0: [4, 1, 2], 1: [9, 1, 2], 2: [5, 1, 2], 3: [7, 1, 2]},
    )
    select(s, [4, 9, 5, 7])
    assert s.phase == A.MAGGIE and s.current_player() == 0
    s.apply(A.MAGGIE_AT + 1 * 10 + 0)  # player 2 must secure the Negan (their second: -20)
    assert kinds(s, s.stash[1]) == ["negan", "negan"]
    assert s.phase == A.MAGGIE_REPLY and s.current_player() == 1
    secure(s, "weapon")  # player 2 picks Maggie's card
    assert kinds(s, s.stash[0]) == ["weapon"]
    assert turn_order(s) == [3, 2]  # Maggie's and the cancelled player's turns are used up


def test_maggie_tied_lowest_has_no_power() -> None:
    s = table(row=["supplies"] * 5, hands={0: [4, 1, 2], 1: [4, 1, 2], 2: [8, 1, 2], 3: [9, 1, 2]})
    select(s, [4, 4, 8, 9])
    assert s.phase == A.TURN
    assert turn_order(s) == [3, 2, 0, 1]


def test_maggie_not_lowest_has_no_power() -> None:
    s = table(row=["supplies"] * 5, hands={0: [4, 1, 2], 1: [2, 1, 3], 2: [8, 1, 2], 3: [9, 1, 2]})
    select(s, [4, 2, 8, 9])
    assert s.phase == A.TURN


def test_maggie_may_decline_and_take_a_normal_turn() -> None:
    s = table(row=["supplies"] * 5, hands={0: [4, 1, 2], 1: [6, 1, 2], 2: [8, 1, 2], 3: [9, 1, 2]})
    select(s, [4, 6, 8, 9])
    s.apply(A.DECLINE)
    assert turn_order(s) == [3, 2, 1, 0]


def test_eugene_reveals_a_card_from_the_discard_pile() -> None:
    s = table(
        row=["supplies"] * 5,
        hands={0: [1, 2, 3], 1: [5, 1, 2], 2: [6, 1, 2], 3: [7, 1, 2]},
        discard={0: [9, 8]},
    )
    select(s, [1, 5, 6, 7])
    assert s.phase == A.EUGENE and s.current_player() == 0
    s.apply(A.USE)
    revealed = s.eugene_card[0]
    assert revealed in (8, 9) and s.number[0] == revealed
    assert revealed not in s.discard[0]
    order = turn_order(s)
    assert order[0] == 0  # Eugene now acts as #8 or #9, before the 7
    assert sorted(s.discard[0]) == [1, 8, 9]  # both cards discarded at the end of the round


def test_eugene_revealing_rick_takes_ricks_number_not_his_ability() -> None:
    """Rulebook: "Take your turn in normal player order according to the number of the new
    card": the number only; Eugene's turn is the basic secure."""
    s = table(
        row=["supplies"] * 5,
        mob=["negan"],
        hands={0: [1, 2, 3], 1: [5, 1, 2], 2: [6, 1, 2], 3: [7, 1, 2]},
        discard={0: [9]},
    )
    select(s, [1, 5, 6, 7])
    s.apply(A.USE)
    assert s.number[0] == 9 and s.turn_actor == 0 and s.steps == [A.SECURE, A.WEAPON]
    assert all(a < A.RICK_AT for a in s.legal_actions())


def test_eugene_revealing_carl_does_not_reverse_the_order() -> None:
    s = table(
        row=["supplies"] * 5,
        hands={0: [1, 2, 4], 1: [5, 1, 2], 2: [6, 1, 2], 3: [7, 1, 2]},
        discard={0: [3]},
    )
    select(s, [1, 5, 6, 7])
    s.apply(A.USE)
    assert s.number[0] == 3 and s.phase == A.TURN and not s.reversed
    assert s.turn_actor == 3  # 7 first: highest to lowest


def test_eugene_revealing_maggie_cancels_nobody() -> None:
    s = table(
        row=["supplies"] * 5,
        hands={0: [1, 2, 3], 1: [5, 1, 2], 2: [6, 1, 2], 3: [7, 1, 2]},
        discard={0: [4]},
    )
    select(s, [1, 5, 6, 7])
    s.apply(A.USE)
    assert s.number[0] == 4 and s.phase == A.TURN and s.maggie == -1


def test_securing_a_card_is_optional() -> None:
    """Rulebook: "you may secure one card from the Encounter row instead"."""
    s = table(row=["supplies"] * 5, hands={0: [9, 1, 2], 1: [5, 1, 2], 2: [6, 1, 2], 3: [7, 1, 2]})
    select(s, [9, 5, 6, 7])
    assert s.turn_actor == 0 and s.steps[0] == A.SECURE
    assert s.legal_actions()[0] == A.DECLINE
    assert s.action_to_string(A.DECLINE) == "secure nothing"
    s.apply(A.DECLINE)
    assert s.stash[0] == [] and len(s.row) == 5 and s.turn_actor == 3


def test_eugene_with_an_empty_discard_pile_acts_as_one() -> None:
    s = table(row=["supplies"] * 5, hands={0: [1, 2, 3], 1: [5, 1, 2], 2: [6, 1, 4], 3: [7, 1, 2]})
    select(s, [1, 5, 6, 7])
    assert s.phase == A.TURN  # no decision: nothing to reveal
    assert s.number[0] == 1
    assert turn_order(s) == [3, 2, 1, 0]


def test_eugene_may_decline() -> None:
    s = table(
        row=["supplies"] * 5,
        hands={0: [1, 2, 3], 1: [5, 1, 2], 2: [6, 1, 2], 3: [7, 1, 2]},
        discard={0: [9]},
    )
    select(s, [1, 5, 6, 7])
    s.apply(A.DECLINE)
    assert s.number[0] == 1 and s.discard[0] == [9]


# ---- turn abilities -----------------------------------------------------------------------
def test_jesus_steals_by_securing_and_the_governor_offers_the_tiebreaker() -> None:
    """Rulebook: "To secure a card, take it from the Encounter row (or from another player or
    the Mob, if your ability allows)" and "When you secure The Governor, take the Tie-breaker
    card": Jesus's steal secures the card, so a stolen Governor offers the Tie-breaker."""
    s = table(
        row=["supplies"] * 5,
        stash={2: ["governor", "walker"]},
        hands={0: [2, 1, 3], 1: [1, 3, 4], 2: [1, 3, 4], 3: [1, 3, 4]},
        tiebreaker=3,
    )
    select(s, [2, 1, 1, 1])
    assert s.turn_actor == 0
    secure(s, "supplies")
    assert s.steps[0] == A.STEAL
    s.apply(A.STEAL_AT + 2 * 100 + 0)
    assert kinds(s, s.stash[0]) == ["supplies", "governor"]
    assert kinds(s, s.stash[2]) == ["walker"]
    assert s.pending_governor == 0 and s.legal_actions() == [A.DECLINE, A.USE]
    s.apply(A.USE)
    assert s.tiebreaker == 0


def test_a_stolen_wound_is_given_away() -> None:
    """A steal secures, and "When you secure this card [a Wound], give it to another player
    instead"."""
    s = table(
        row=["supplies"] * 5,
        stash={2: ["wound", "walker"]},
        hands={0: [2, 1, 3], 1: [1, 3, 4], 2: [1, 3, 4], 3: [1, 3, 4]},
        tiebreaker=3,
    )
    select(s, [2, 1, 1, 1])
    secure(s, "supplies")
    s.apply(A.STEAL_AT + 2 * 100 + 0)
    assert s.pending_wound >= 0 and s.current_player() == 0
    s.apply(A.GIVE_WOUND + 1)
    assert kinds(s, s.stash[1]) == ["wound"] and kinds(s, s.stash[0]) == ["supplies"]


def test_carl_destroys_a_card_of_his_stash() -> None:
    s = table(
        row=["supplies"] * 5,
        stash={0: ["negan", "negan"]},
        hands={0: [3, 1, 2], 1: [9, 1, 2], 2: [8, 1, 2], 3: [7, 1, 2]},
    )
    select(s, [3, 9, 8, 7])
    s.apply(A.DECLINE)  # keep the order
    for _ in range(3):
        secure(s, "supplies")
        finish_turn(s)
    assert s.turn_actor == 0
    secure(s, "supplies")
    assert s.steps[0] == A.DESTROY
    s.apply(A.DESTROY_AT + 0)
    assert kinds(s, s.stash[0]) == ["negan", "supplies"]
    assert kinds(s, s.destroyed) == ["negan"]


def test_ezekiel_swaps_stash_cards() -> None:
    s = table(
        row=["supplies"] * 5,
        stash={0: ["walker_horde"], 3: ["saviors"]},
        hands={0: [5, 1, 2], 1: [1, 2, 3], 2: [1, 2, 3], 3: [1, 2, 4]},
    )
    select(s, [5, 1, 1, 1])
    secure(s, "supplies")
    assert s.steps[0] == A.SWAP
    s.apply(A.SWAP_AT + 0 * 1000 + 3 * 100 + 0)
    assert kinds(s, s.stash[0]) == ["saviors", "supplies"]
    assert kinds(s, s.stash[3]) == ["walker_horde"]


def test_michonne_replaces_a_row_card_from_the_top_three() -> None:
    s = table(row=["supplies"] * 5, hands={0: [6, 1, 2], 1: [1, 2, 3], 2: [1, 2, 3], 3: [1, 2, 4]})
    top3 = list(reversed(s.deck[-3:]))  # top card first
    select(s, [6, 1, 1, 1])
    assert s.steps[0] == A.PEEK and s.peek == top3
    assert "Michonne looks at" in s.render(viewer=0) and "Michonne looks at" not in s.render(
        viewer=1
    )
    other = next(j for j in range(3) if kinds(s, [top3[j]])[0] != "supplies")
    replaced = s.row[0]
    s.apply(A.PEEK_AT + 0 * 10 + other)
    assert s.row[0] == top3[other]
    rest = [c for j, c in enumerate(top3) if j != other]
    assert list(reversed(s.deck[-3:])) == [replaced, *rest]
    assert s.deck_known == [3, 1, 1, 1]
    assert s.steps[0] == A.SECURE


def test_michonne_may_keep_the_row() -> None:
    s = table(row=["supplies"] * 5, hands={0: [6, 1, 2], 1: [1, 2, 3], 2: [1, 2, 3], 3: [1, 2, 4]})
    deck = list(s.deck)
    select(s, [6, 1, 1, 1])
    if s.steps[0] == A.PEEK:
        s.apply(A.DECLINE)
    assert s.deck == deck and not s.peek


def test_abraham_returns_a_character_after_a_walker() -> None:
    s = table(
        row=["walker", "supplies", "supplies", "supplies", "supplies"],
        hands={0: [7, 1, 2], 1: [1, 2, 3], 2: [1, 2, 3], 3: [1, 2, 4]},
        discard={0: [9]},
    )
    select(s, [7, 1, 1, 1])
    secure(s, "walker")
    assert s.steps[0] == A.ABRAHAM
    s.apply(A.ABRAHAM_AT + 2 * 10 + 9)
    assert s.hand[0] == [1, 9] and s.discard[0] == [2]
    assert s.observation(1)["players"][0]["hand_known"] == [9]  # it came face-up from the pile


def test_abraham_needs_a_walker() -> None:
    s = table(
        row=["supplies"] * 5,
        hands={0: [7, 1, 2], 1: [1, 2, 3], 2: [1, 2, 3], 3: [1, 2, 4]},
        discard={0: [9]},
    )
    select(s, [7, 1, 1, 1])
    secure(s, "supplies")
    assert s.turn_actor != 0 or s.steps[0] != A.ABRAHAM


def test_abraham_walker_horde_counts() -> None:
    s = table(
        row=["walker_horde", "supplies", "supplies", "supplies", "supplies"],
        hands={0: [7, 1, 2], 1: [1, 2, 3], 2: [1, 2, 3], 3: [1, 2, 4]},
        discard={0: [9]},
    )
    select(s, [7, 1, 1, 1])
    secure(s, "walker_horde")
    assert s.steps[0] == A.ABRAHAM


def test_andrea_secures_from_the_mob() -> None:
    s = table(
        row=["walker"] * 5,
        mob=["saviors"],
        hands={0: [8, 1, 2], 1: [1, 2, 3], 2: [1, 2, 3], 3: [1, 2, 4]},
    )
    select(s, [8, 1, 1, 1])
    assert A.MOB + 0 in s.legal_actions() and A.ROW + 0 in s.legal_actions()
    secure(s, "saviors", s.mob)
    assert kinds(s, s.stash[0]) == ["saviors"] and s.mob == []


def test_only_andrea_secures_from_the_mob() -> None:
    s = table(
        row=["walker"] * 5,
        mob=["saviors"],
        hands={0: [7, 1, 2], 1: [1, 2, 3], 2: [1, 2, 3], 3: [1, 2, 4]},
    )
    select(s, [7, 1, 1, 1])
    assert all(a < A.MOB for a in s.legal_actions())
    with pytest.raises(IllegalActionError):
        s.apply(A.MOB)


def test_rick_swaps_row_and_mob() -> None:
    s = table(
        row=["walker"] * 5,
        mob=["negan"],
        hands={0: [9, 1, 2], 1: [1, 2, 3], 2: [1, 2, 3], 3: [1, 2, 4]},
    )
    select(s, [9, 1, 1, 1])
    assert s.steps[0] == A.RICK
    s.apply(A.RICK_AT + 0 * 100 + 0)
    assert kinds(s, s.row)[0] == "negan" and kinds(s, s.mob) == ["walker"]
    assert s.steps[0] == A.SECURE
    secure(s, "negan")
    assert kinds(s, s.stash[0]) == ["negan"]


def test_weapon_is_destroyed_to_secure_from_the_mob() -> None:
    s = table(
        row=["walker"] * 5,
        mob=["supplies", "negan"],
        stash={0: ["weapon"]},
        hands={0: [5, 1, 2], 1: [1, 2, 3], 2: [1, 2, 3], 3: [1, 2, 4]},
    )
    select(s, [5, 1, 1, 1])
    secure(s, "walker")
    if s.steps[0] == A.SWAP:
        s.apply(A.DECLINE)
    assert s.steps[0] == A.WEAPON
    s.apply(A.WEAPON_MOB + 1)  # the Negan
    assert kinds(s, s.stash[0]) == ["walker", "negan"]
    assert kinds(s, s.destroyed) == ["weapon"] and kinds(s, s.mob) == ["supplies"]
    assert s.turn_actor == 1  # no Weapon left: the window closes and the turn passes on


def test_a_weapon_can_be_used_right_after_securing_it() -> None:
    s = table(
        row=["weapon"] * 5,
        mob=["saviors"],
        hands={0: [4, 1, 2], 1: [9, 1, 2], 2: [8, 1, 2], 3: [6, 1, 2]},
    )
    select(s, [4, 9, 8, 6])
    s.apply(A.DECLINE)  # Maggie does not cancel
    while s.turn_actor != 0:
        acts = s.legal_actions()
        s.apply(A.DECLINE if A.DECLINE in acts else acts[0])
    secure(s, "weapon")
    assert s.steps[0] == A.WEAPON
    s.apply(A.WEAPON_MOB + 0)
    assert kinds(s, s.stash[0]) == ["saviors"]


def test_a_wound_is_given_to_another_player() -> None:
    s = table(
        row=["wound", "walker", "walker", "walker", "walker"],
        hands={0: [9, 1, 2], 1: [1, 2, 3], 2: [1, 2, 3], 3: [1, 2, 4]},
    )
    select(s, [9, 1, 1, 1])
    secure(s, "wound")
    assert s.pending_wound >= 0 and s.current_player() == 0
    assert s.legal_actions() == [A.GIVE_WOUND + 1, A.GIVE_WOUND + 2, A.GIVE_WOUND + 3]
    s.apply(A.GIVE_WOUND + 2)
    assert kinds(s, s.stash[2]) == ["wound"] and s.stash[0] == []


def test_cleanup_escape_discard_draw_refill() -> None:
    s = table(row=["walker", "saviors", "negan", "supplies", "weapon"])
    hands = [list(h) for h in s.hand]
    plays = [h[0] for h in hands]
    select(s, plays)
    while s.phase != A.SELECT:
        acts = s.legal_actions()
        s.apply(acts[0] if s.pending_wound >= 0 or A.DECLINE not in acts else A.DECLINE)
        if s.phase == A.SELECT:
            break
    assert s.round == 2
    assert len(s.mob) + sum(len(x) for x in s.stash) == 5
    assert len(s.row) == 5
    for p in range(4):
        assert s.discard[p][-1] == plays[p]
        assert len(s.hand[p]) == 3 and len(s.char_deck[p]) == 5


def test_nine_rounds_then_the_end() -> None:
    from flick.cards.bots import RandomBot, play_out

    s = StfState(3, seed=5)
    play_out(s, RandomBot(1))
    assert s.is_terminal() and s.round == 9
    assert s.deck == [] and s.row == []
    assert all(sorted(d) == list(range(1, 10)) for d in s.discard)


def test_expert_survivor_plays_from_the_full_set() -> None:
    s = StfState(2, seed=2, expert=True)
    assert s.legal_actions() == list(range(1, 10))
    s.apply(9)
    s.apply(5)
    assert s.hand[0] == [1, 2, 3, 4, 5, 6, 7, 8]


def test_maggie_forcing_a_wound_and_a_governor() -> None:
    row = ["wound", "governor", "supplies", "walker", "walker"]
    s = table(tiebreaker=3, row=row, hands={0: [4, 1, 2], 1: [9, 1, 2], 2: [5, 1, 2], 3: [7, 1, 2]})
    select(s, [4, 9, 5, 7])
    s.apply(A.MAGGIE_AT + 2 * 10 + 0)  # player 3 must secure the Wound ...
    assert s.current_player() == 2 and s.pending_wound >= 0
    s.apply(A.GIVE_WOUND + 0)  # ... and gives it to Maggie's player
    assert kinds(s, s.stash[0]) == ["wound"]
    assert s.phase == A.MAGGIE_REPLY and s.current_player() == 2
    secure(s, "governor")  # securing The Governor through Maggie still offers the Tie-breaker
    assert s.current_player() == 0 and s.pending_governor == 0
    s.apply(A.USE)
    assert s.tiebreaker == 0


def test_a_weapon_that_maggies_target_secures_can_be_used_immediately() -> None:
    """Rulebook: "When a player secures a Weapon, they may choose to activate the card's
    ability immediately"; Maggie's target has no turn this round, so the window is now."""
    row = ["weapon", "supplies", "supplies", "walker", "walker"]
    s = table(
        tiebreaker=3,
        row=row,
        mob=["negan"],
        stash={2: ["weapon"]},
        hands={0: [4, 1, 2], 1: [9, 1, 2], 2: [5, 1, 2], 3: [7, 1, 2]},
    )
    select(s, [4, 9, 5, 7])
    s.apply(A.MAGGIE_AT + 2 * 10 + 0)  # player 3 secures the Weapon
    assert s.phase == A.MAGGIE_WEAPON and s.current_player() == 2
    assert s.legal_actions() == [A.DECLINE, A.WEAPON_MOB + 0]
    s.apply(A.WEAPON_MOB + 0)
    assert kinds(s, s.stash[2]) == ["weapon", "negan"]  # the older Weapon waits for a turn
    assert kinds(s, s.destroyed) == ["weapon"] and s.mob == []
    assert s.phase == A.MAGGIE_REPLY and s.current_player() == 2
    secure(s, "walker")
    assert kinds(s, s.stash[0]) == ["walker"]


def test_maggies_target_may_keep_the_weapon() -> None:
    row = ["weapon", "supplies", "supplies", "walker", "walker"]
    s = table(tiebreaker=3, row=row, mob=["negan"],
              hands={0: [4, 1, 2], 1: [9, 1, 2], 2: [5, 1, 2], 3: [7, 1, 2]})
    select(s, [4, 9, 5, 7])
    s.apply(A.MAGGIE_AT + 2 * 10 + 0)
    s.apply(A.DECLINE)
    assert kinds(s, s.stash[2]) == ["weapon"] and s.phase == A.MAGGIE_REPLY


def test_an_illegal_action_changes_nothing() -> None:
    s = table(hands={0: [7, 8, 9]})
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="not legal"):
        s.apply(1)  # not in the hand
    assert s.to_json() == before


def test_a_custom_deck_round_trips_through_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`from_json` keeps the game's own cards (it used to reload the default file)."""
    import json

    from flick.cards.something_to_fear import data as stf_data

    text = stf_data.default_path().read_text(encoding="utf-8")
    assert "each: 10" in text
    path = tmp_path / "cards.yaml"
    path.write_text(text.replace("each: 10", "each: 12", 1), encoding="utf-8")
    custom = stf_data.load(path)
    assert custom != stf_data.default()
    s = StfState(4, seed=5, data=custom)
    for _ in range(9):
        s.apply(s.legal_actions()[-1])
    dump = json.loads(json.dumps(s.to_json()))
    twin = StfState.from_json(dump)
    assert twin.data == custom
    assert twin.to_json() == s.to_json()
    assert "cards" not in StfState(4, seed=5).to_json()  # the default deck is not repeated


def test_during_a_peek_nobody_else_is_shown_the_deck_below() -> None:
    """After a Michonne replaced a row card, everyone knows the deck's top card; while a
    second Michonne looks at the top three, that card is in her hand, and the others must not
    be shown the card now on top (nobody has seen it)."""
    s = table(row=["supplies"] * 5, hands={0: [6, 1, 2], 1: [6, 1, 2], 2: [5, 1, 2], 3: [7, 1, 2]})
    s.deck.extend([take(s, "negan"), take(s, "walker"), take(s, "governor")])
    select(s, [6, 6, 5, 7])
    secure(s, "supplies")  # player 4 (Abraham; no Weapon, no Walker: the turn ends)
    assert s.turn_actor == 0 and s.steps[0] == A.PEEK
    replace = next(a for a in s.legal_actions() if a != A.DECLINE)
    s.apply(replace)
    assert s.deck_known[2] == 1  # the replaced card, face-up, went on top
    s.apply(s.legal_actions()[-1])  # secure
    assert s.turn_actor == 1 and s.steps[0] == A.PEEK and len(s.peek) == 3
    seen = s.observation(2)
    assert seen["deck_top_known"] == [] and seen["peek"] == []
    assert "you know the top" not in s.render(2)
    assert len(s.observation(1)["peek"]) == 3
