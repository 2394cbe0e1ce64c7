"""Explicit chance in the card engines (flick.cards.engine): Something to Fear and
Rise of the Zombies! expose each shuffle's draws, die and random pick as a pending
`ChanceEvent` with its outcome probabilities, and go on with the outcome chosen; seeded play
is unchanged (the golden digests)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from flick.cards.engine import ChanceEvent, IllegalActionError, State
from flick.cards.rise_of_the_zombies.codes import K_DISCARD, K_DONE
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies
from flick.cards.something_to_fear.state import StfState
from tests.cards.clones import CountedClones


def play(state: State, seed: int, stop: int | None = None) -> tuple[State, Counter[str]]:
    """Random play, chance by its declared probabilities; the kinds of event met."""
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    decisions = 0
    while not state.is_terminal() and (stop is None or decisions < stop):
        event = state.chance_event()
        if event is not None:
            values, probs = zip(*event.outcomes, strict=True)
            assert sum(probs) == pytest.approx(1.0)
            assert all(0 <= v < state.max_chance_outcomes() for v in values)
            kinds[event.kind] += 1
            state.apply_chance(rng.choices(values, probs)[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    return state, kinds


def test_something_to_fear_deals_its_set_up_at_chance_events() -> None:
    st = StfState(num_players=3, explicit_chance=True)
    event = st.chance_event()
    assert isinstance(event, ChanceEvent) and event.kind == "draw"
    assert st.row == [] and st.hand == [[], [], []]  # nothing dealt before chance says what
    deck = st.data.deck_for(3)
    kinds = Counter(st.data.kind_ids[c] for c in deck)
    assert dict(event.outcomes) == pytest.approx({k: n / len(deck) for k, n in kinds.items()})
    chosen = []
    while (now := st.chance_event()) is not None and now.kind == "draw":
        chosen.append(now.outcomes[0][0])
        st.apply_chance(chosen[-1])
        assert st.row == []  # the set-up is one procedure: the state waits as it was
    assert len(chosen) == 4 + 3 * 3  # the row, then three Characters a player
    tie = st.chance_event()
    assert tie is not None and tie.kind == "pick"
    assert tie.outcomes == ((0, 1 / 3), (1, 1 / 3), (2, 1 / 3))
    st.apply_chance(2)
    assert st.chance_event() is None and st.tiebreaker == 2
    assert [st.data.kind_ids[c] for c in st.row] == chosen[:4]
    assert st.hand == [sorted(chosen[4 + 3 * q: 7 + 3 * q]) for q in range(3)]


def test_a_wrong_outcome_and_a_decision_while_chance_decides_are_refused() -> None:
    st = StfState(num_players=2, explicit_chance=True)
    before = st.to_json()
    with pytest.raises(IllegalActionError):
        st.apply_chance(999)
    with pytest.raises(IllegalActionError):
        st.apply(1)
    assert st.to_json() == before
    with pytest.raises(IllegalActionError):
        StfState(num_players=2).apply_chance(0)  # a seeded game has no pending event


@pytest.mark.parametrize("seed", [0, 1])
def test_whole_explicit_games_never_touch_the_generator(seed: int) -> None:
    """The explicit state's generator raises when drawn from: a game that ends drew all of
    its chance through events; its JSON (pending event included) rebuilds it."""
    stf, kinds = play(StfState(num_players=4, explicit_chance=True), seed)
    assert stf.is_terminal() and kinds["draw"] > 0
    rise, kinds = play(RiseOfTheZombies(survivors=["Scout", "Paramedic"], seed=seed,
                                        explicit_chance=True, secret_hands=True), seed)
    assert rise.is_terminal() and kinds["die"] > 0 and kinds["draw"] > 0


def test_an_explicit_state_with_a_pending_event_round_trips_and_clones() -> None:
    rise = RiseOfTheZombies(survivors=["Scout"], explicit_chance=True)
    assert rise.chance_event() is not None  # the deal
    data = rise.to_json()
    back = RiseOfTheZombies.from_json(data)
    assert back.to_json() == data and back.chance_event() == rise.chance_event()
    twin = rise.clone()
    first = rise.chance_event().outcomes[0][0]
    twin.apply_chance(first)
    back.apply_chance(first)
    assert twin.to_json() == back.to_json()
    assert rise.to_json() == data  # the clone's outcome did not reach the original


def test_rise_rolls_a_fair_die_and_the_face_chosen_is_the_roll() -> None:
    rise = RiseOfTheZombies(survivors=["Scout"], difficulty="insane", explicit_chance=True,
                            log=True)
    rng = random.Random(4)
    for _ in range(3000):
        event = rise.chance_event()
        if event is not None and event.kind == "die":
            break
        if event is not None:
            rise.apply_chance(rng.choice(event.outcomes)[0])
        else:
            rise.apply(rng.choice(rise.legal_actions()))
    assert event is not None and event.kind == "die"
    assert event.outcomes == tuple((face, 1 / 6) for face in range(1, 7))
    assert rise.events is not None
    seen = len(rise.events)
    rise.apply_chance(5)
    assert any(" 5" in line or "rolls 5" in line for line in rise.events[seen:])


def test_seeded_games_are_the_same_games_as_before() -> None:
    """Seeded chance is the generator's calls as they always were: a seeded and a re-built
    seeded game agree, and an explicit game fed the outcomes a seeded one drew plays it."""
    a, b = StfState(num_players=2, seed=7), StfState(num_players=2, seed=7)
    assert a.to_json() == b.to_json()
    explicit = StfState(num_players=2, explicit_chance=True)
    outcomes = [a.data.kind_ids[c] for c in a.row] + a.hand[0] + a.hand[1] + [a.tiebreaker]
    for value in outcomes:
        explicit.apply_chance(value)
    assert explicit.chance_event() is None
    assert explicit.hand == a.hand and explicit.tiebreaker == a.tiebreaker
    assert [a.data.kind_ids[c] for c in explicit.row] == [a.data.kind_ids[c] for c in a.row]
    assert explicit.legal_actions() == a.legal_actions()


def test_a_determinization_of_an_explicit_state_is_a_seeded_world() -> None:
    stf, _ = play(StfState(num_players=2, explicit_chance=True), 3, stop=4)
    while stf.chance_event() is not None:
        stf.apply_chance(stf.chance_event().outcomes[0][0])
    world = stf.determinize(0, random.Random(1))
    assert not world.explicit_chance and world.chance_event() is None
    play(world, 2)  # plays to the end on its own generator
    assert world.is_terminal()


def test_a_simultaneous_seat_acts_through_explicit_chance_too() -> None:
    """Rise's apply_for (another seat acts in the Play Cards step) runs as a procedure of its
    own: with explicit chance it waits for its events like any decision."""
    rise = RiseOfTheZombies(survivors=["Scout", "Paramedic"], explicit_chance=True)
    rng = random.Random(0)
    acted = refused = 0
    for _ in range(400):
        event = rise.chance_event()
        if event is not None:
            for seat in (0, 1):  # no seat acts while chance decides
                legal = rise.legal_actions_for(seat)
                if legal and seat != rise.current_player():
                    before = rise.to_json()
                    with pytest.raises(IllegalActionError):
                        rise.apply_for(seat, legal[0])
                    assert rise.to_json() == before
                    refused += 1
            rise.apply_chance(rng.choice(event.outcomes)[0])
            continue
        if rise.is_terminal():
            break
        others = [s for s in rise.actors() if s != rise.current_player()]
        if others and rise.legal_actions_for(others[0]):
            seat = others[0]
            rise.apply_for(seat, rng.choice(rise.legal_actions_for(seat)))
            acted += 1
        else:
            rise.apply(rng.choice(rise.legal_actions()))
    assert acted > 0 and refused > 0
    back = RiseOfTheZombies.from_json(rise.to_json())
    assert back.to_json() == rise.to_json()


def test_a_something_to_fear_decision_runs_once_whatever_chance_it_meets(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Its draws are resume points (flick.cards.engine): a decision runs on one copy, which
    goes on from each draw it waits at, instead of a copy and a run again per chance event
    (every decision run on a copy here: no base is used)."""
    monkeypatch.setattr(StfState, "CHANCE_LOG", 0)
    copies = CountedClones(monkeypatch, StfState)
    st = StfState(num_players=3, explicit_chance=True)
    rng = random.Random(5)
    decisions = events = 0
    while not st.is_terminal():
        event = st.chance_event()
        if event is not None:
            values, probs = zip(*event.outcomes, strict=True)
            st.apply_chance(rng.choices(values, probs)[0])
            events += 1
        else:
            st.apply(rng.choice(st.legal_actions()))
            decisions += 1
    assert events > 40
    assert copies.count == decisions + 1  # one a decision and one for the set-up


@pytest.mark.parametrize("make", [
    lambda: StfState(num_players=3, explicit_chance=True),
    lambda: RiseOfTheZombies(survivors=["Scout", "Paramedic"], explicit_chance=True),
    lambda: RiseOfTheZombies(survivors=["Scout", "Chef", "Biker"], otis=True, seed=3,
                             difficulty="insane", explicit_chance=True),
], ids=["something_to_fear", "rise_of_the_zombies", "rise_of_the_zombies_otis"])
def test_a_waiting_state_and_its_copies_go_on_alike(make: Callable[[], State]) -> None:
    """A state waiting at a resume point goes on from its waiting copy; a clone of it and its
    rebuilt JSON run the decision again with the outcomes chosen so far: all three end the
    same, outcome after outcome, and a clone's outcome never reaches the original."""
    st = make()
    rng = random.Random(11)
    events = 0
    while not st.is_terminal() and events < 400:
        event = st.chance_event()
        if event is None:
            st.apply(rng.choice(st.legal_actions()))
            continue
        events += 1
        before = st.to_json()
        twin = st.clone()
        back = type(st).from_json(before)
        other = next((v for v, _ in event.outcomes if v != event.outcomes[0][0]), None)
        if other is not None:  # a clone that takes another outcome first
            st.clone().apply_chance(other)
            assert st.to_json() == before
        value = rng.choice(event.outcomes)[0]
        for state in (st, twin, back):
            state.apply_chance(value)
        assert st.to_json() == twin.to_json() == back.to_json()
    assert events > 20


def test_rise_deals_its_hands_on_one_copy_and_draws_a_discard_step_from_where_it_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The deal's draws, a Discard step's draws and a zombie attack's rolls are resume points:
    the whole deal runs on one copy (a copy a draw before), and ending a Discard step copies
    the state once, however many cards it draws (every decision run on a copy here: no base
    is used)."""
    monkeypatch.setattr(RiseOfTheZombies, "CHANCE_LOG", 0)
    copies = CountedClones(monkeypatch, RiseOfTheZombies)
    rise = RiseOfTheZombies(survivors=["Scout", "Paramedic"], explicit_chance=True)
    draws = 0
    while (event := rise.chance_event()) is not None:
        rise.apply_chance(event.outcomes[0][0])
        draws += 1
    assert draws == 2 * rise.health() and copies.count == 1
    assert [len(h) for h in rise.hand] == [rise.health()] * 2
    rng = random.Random(3)
    checked = 0
    while not rise.is_terminal() and checked < 3:
        event = rise.chance_event()
        if event is not None:
            rise.apply_chance(rng.choice(event.outcomes)[0])
            continue
        legal = rise.legal_actions()
        done = [a for a in legal if a >> 16 == K_DONE]
        discard = [a for a in legal if a >> 16 == K_DISCARD]
        if not done:
            rise.apply(rng.choice(legal))
        elif discard and len(rise.hand[rise.current_player()]) > 1:
            rise.apply(discard[0])  # down to one card, so that the step draws several
        else:
            copies.count = 0
            rise.apply(done[0])
            draws = 0
            while (event := rise.chance_event()) is not None and (
                    event.label == "the next Action card"):
                rise.apply_chance(rng.choice(event.outcomes)[0])
                draws += 1
            if draws > 1:
                assert copies.count == 1  # the decision's copy, gone on from at each draw
                checked += 1
    assert checked == 3


def _note_outcomes(monkeypatch: pytest.MonkeyPatch, outcomes: list[int]) -> None:
    """Make seeded games note, as they play, each chance outcome an explicit game would be
    asked for: a draw's card kind when the deck holds more than one kind, a die, a pick of
    more than one option."""
    draw, die, pick = State.chance_draw, State.chance_die, State.chance_pick

    def noted_draw(st: State, deck: list[int], kind: Any = None, label: str = "",
                   resume: Any = None) -> int:
        key = (lambda c: c) if kind is None else kind if callable(kind) else kind.__getitem__
        several = len({key(c) for c in deck}) > 1
        card = draw(st, deck, kind, label, resume)
        if several:
            outcomes.append(key(card))
        return card

    def noted_die(st: State, label: str = "", resume: Any = None) -> int:
        outcomes.append(die(st, label, resume))
        return outcomes[-1]

    def noted_pick(st: State, options: list[int], label: str = "", resume: Any = None) -> int:
        value = pick(st, options, label, resume)
        if len(options) > 1:
            outcomes.append(value)
        return value

    monkeypatch.setattr(State, "chance_draw", noted_draw)
    monkeypatch.setattr(State, "chance_die", noted_die)
    monkeypatch.setattr(State, "chance_pick", noted_pick)


@pytest.mark.parametrize("make", [
    lambda e: StfState(num_players=3, seed=4, explicit_chance=e),
    lambda e: StfState(num_players=5, seed=9, explicit_chance=e),
    lambda e: RiseOfTheZombies(survivors=["Scout", "Paramedic", "Chef"], seed=2,
                               explicit_chance=e, otis=True),
], ids=["something_to_fear_3", "something_to_fear_5", "rise_of_the_zombies"])
def test_an_explicit_game_fed_a_seeded_games_outcomes_plays_that_game(
        make: Callable[[bool], State], monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded chance draws at once where explicit chance asks (the two ways through the same
    rules): fed the outcomes a seeded game drew, an explicit game offers the same actions at
    every decision (by their labels: it may hold another card of the same kind) and ends the
    same."""
    outcomes: list[int] = []
    rng = random.Random(1)
    decisions = []
    with monkeypatch.context() as noting:
        _note_outcomes(noting, outcomes)
        seeded = make(False)
        while not seeded.is_terminal():
            labels = [seeded.action_to_string(a) for a in seeded.legal_actions()]
            decisions.append((sorted(labels), rng.choice(labels)))
            seeded.apply(seeded.legal_actions()[labels.index(decisions[-1][1])])
    explicit = make(True)
    fed = iter(outcomes)
    for labels, chosen in decisions:
        while explicit.chance_event() is not None:
            explicit.apply_chance(next(fed))
        mine = {explicit.action_to_string(a): a for a in explicit.legal_actions()}
        assert sorted(explicit.action_to_string(a) for a in explicit.legal_actions()) == labels
        explicit.apply(mine[chosen])
    while explicit.chance_event() is not None:
        explicit.apply_chance(next(fed))
    assert explicit.is_terminal() and explicit.returns() == seeded.returns()
    assert next(fed, None) is None and len(outcomes) > 20


@pytest.mark.parametrize("seed", [0, 5])
def test_rise_draws_are_the_counts_of_the_deck_drawn_from_and_its_decks_keep_them(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rise's decks keep their kinds' counts (flick.cards.deck): every draw event's outcomes
    are the counts of the deck as it is where the rules draw, over its size (same order, same
    floats), and after every decision and outcome each deck's counts equal a recount (through
    the copies the decisions run on, their adoption, the reshuffles)."""
    seen: list[tuple[tuple[int, float], ...]] = []
    original = RiseOfTheZombies.chance_draw

    def spied(st: RiseOfTheZombies, deck: list[int], kind: Any = None, *args: Any,
              **kwargs: Any) -> int:
        counts = Counter(kind[c] for c in deck)
        seen[:] = [tuple((k, counts[k] / len(deck)) for k in sorted(counts))]
        return original(st, deck, kind, *args, **kwargs)

    monkeypatch.setattr(RiseOfTheZombies, "chance_draw", spied)
    st = RiseOfTheZombies(survivors=["Scout", "Paramedic", "Chef"], seed=seed,
                          difficulty="insane", explicit_chance=True)
    rng = random.Random(seed)
    draws = 0
    while not st.is_terminal():
        for deck, kinds in ((st.adeck, st.cat.action_cards), (st.zdeck, st.cat.zombie_cards)):
            counts = Counter(kinds[c] for c in deck)
            assert {k: n for k, n in enumerate(deck.tally(kinds)) if n} == dict(counts)
        event = st.chance_event()
        if event is None:
            st.apply(rng.choice(st.legal_actions()))
            continue
        if event.kind == "draw":
            draws += 1
            assert event.outcomes == seen[0]
            assert [p.hex() for _, p in event.outcomes] == [p.hex() for _, p in seen[0]]
        values, probs = zip(*event.outcomes, strict=True)
        st.apply_chance(rng.choices(values, probs)[0])
    assert draws > 20
