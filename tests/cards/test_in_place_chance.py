"""Decisions an explicit-chance game hints free of chance run on the state itself
(flick.cards.engine, "In place"): the games are the same, bit for bit, as when every decision
runs on a copy; a wrong hint is undone from the state's base; copies, dumps and pickles of a
state that ran decisions in place go on alike."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from flick.cards.engine import State
from flick.cards.rise_of_the_zombies import turns
from flick.cards.rise_of_the_zombies.codes import K_DISCARD
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies
from flick.cards.something_to_fear.state import StfState
from tests.cards.clones import CountedClones

MAKERS: dict[str, Callable[[int], State]] = {
    "rise_2": lambda seed: RiseOfTheZombies(survivors=["Scout", "Paramedic"], seed=seed,
                                            explicit_chance=True),
    "rise_4_insane": lambda seed: RiseOfTheZombies(
        survivors=["Scout", "Paramedic", "Chef", "Biker"], seed=seed, difficulty="insane",
        explicit_chance=True),
    "rise_3_otis": lambda seed: RiseOfTheZombies(
        survivors=["Scout", "Historian", "Cheerleader"], seed=seed, otis=True,
        explicit_chance=True),
    "rise_1": lambda seed: RiseOfTheZombies(survivors=["Paramedic"], seed=seed,
                                            explicit_chance=True),
    "stf_2": lambda seed: StfState(num_players=2, seed=seed, explicit_chance=True),
    "stf_5_expert": lambda seed: StfState(num_players=5, seed=seed, expert=True,
                                          explicit_chance=True),
}


def on_copies(monkeypatch: pytest.MonkeyPatch, cls: type[State]) -> None:
    """Every decision of `cls` runs on a copy (no hint: the engine's path before hints)."""
    monkeypatch.setattr(cls, "_chance_free", lambda self, procedure: False)


def always_hinted(monkeypatch: pytest.MonkeyPatch, cls: type[State]) -> None:
    """Every decision of `cls` is hinted free of chance: wrong for those that meet some."""
    monkeypatch.setattr(cls, "_chance_free", lambda self, procedure: True)


Hook = Callable[[State, Callable[[], None]], None]


def play(state: State, seed: int, stop: int | None = None, decide: Hook | None = None,
         every: bool = True) -> list[dict[str, Any]]:
    """Random play (chance by its probabilities; in Rise's Play Cards step any seat that may
    act acts, through `apply_for`), the dump after every move (not `every`: the last only).
    `decide(state, apply)` runs each decision (default: `apply()`)."""
    rng = random.Random(seed)
    dumps = []
    decisions = 0
    while not state.is_terminal() and (stop is None or decisions < stop):
        event = state.chance_event()
        if event is not None:
            values, probs = zip(*event.outcomes, strict=True)
            state.apply_chance(rng.choices(values, probs)[0])
        else:
            apply = _choose(state, rng)
            if decide is None:
                apply()
            else:
                decide(state, apply)
            decisions += 1
        if every:
            dumps.append(state.to_json())
    return dumps if every else [state.to_json()]


def _choose(state: State, rng: random.Random) -> Callable[[], None]:
    seats = state.actors() if isinstance(state, RiseOfTheZombies) else []
    if len(seats) > 1:
        assert isinstance(state, RiseOfTheZombies)
        seat = rng.choice(seats)
        action = rng.choice(state.legal_actions_for(seat))
        return lambda: state.apply_for(seat, action)
    action = rng.choice(state.legal_actions())
    return lambda: state.apply(action)


def without_pending(dump: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in dump.items() if k != "chance_pending"}


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_hinted_decisions_run_in_place_and_play_the_games_copies_play(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same random games, move for move, whether the hinted decisions run in place or
    every decision runs on a copy; in place, most decisions make no copy."""
    make = MAKERS[name]
    cls = type(make(0))
    for seed in range(4):
        with monkeypatch.context() as patch:
            on_copies(patch, cls)
            copied = play(make(seed), seed)
        with monkeypatch.context() as patch:
            copies = CountedClones(patch, cls)
            decisions = 0

            def count(state: State, apply: Callable[[], None]) -> None:
                nonlocal decisions
                decisions += 1
                apply()

            assert play(make(seed), seed, decide=count) == copied
            assert copies.count < decisions * 0.8  # (Rise: about a third of them make one)


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_a_wrong_hint_is_undone_and_the_state_waits_as_it_was(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hinted free of chance, every decision runs in place; one that meets a chance event
    is undone from the state's base (a copy) and runs on a copy: the state waits for the
    event as it was before the decision, and the games are the copies' games."""
    make = MAKERS[name]
    cls = type(make(0))
    with monkeypatch.context() as patch:
        on_copies(patch, cls)
        copied = [play(make(seed), seed) for seed in range(3)]
    always_hinted(monkeypatch, cls)
    copies = CountedClones(monkeypatch, cls)
    undone = 0

    def check(state: State, apply: Callable[[], None]) -> None:
        nonlocal undone
        before = state.to_json()
        copies.count = 0
        apply()
        if state.chance_event() is not None:
            assert without_pending(state.to_json()) == without_pending(before)
            undone += copies.count == 2  # the base's copy, then the decision's

    for seed in range(3):
        assert play(make(seed), seed, decide=check) == copied[seed]
    assert undone > 5


def test_a_rule_that_raises_during_an_in_place_decision_leaves_the_state_unchanged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    st = MAKERS["rise_2"](5)
    rng = random.Random(5)
    while not (st.chance_event() is None and st.phase == "discard"
               and any(a >> 16 == K_DISCARD for a in st.legal_actions())):
        event = st.chance_event()
        if event is not None:
            st.apply_chance(rng.choice(event.outcomes)[0])
        else:
            st.apply(rng.choice(st.legal_actions()))
    discard = next(a for a in st.legal_actions() if a >> 16 == K_DISCARD)
    twin = st.clone()
    before = st.to_json()
    settle = turns.settle

    def broken(state: Any) -> None:
        raise RuntimeError("a rule fails")

    monkeypatch.setattr(turns, "settle", broken)
    with pytest.raises(RuntimeError):
        st.apply(discard)  # hinted: runs in place, then fails half-way
    assert st.to_json() == before
    monkeypatch.setattr(turns, "settle", settle)
    st.apply(discard)
    twin.apply(discard)
    assert st.to_json() == twin.to_json()


@pytest.mark.parametrize("wrong", [False, True], ids=["hinted", "always_hinted"])
@pytest.mark.parametrize("name", ["rise_4_insane", "stf_5_expert"])
def test_copies_dumps_and_pickles_after_in_place_decisions_go_on_alike(
        name: str, wrong: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A clone, a rebuilt dump and a pickle of a state that ran decisions in place end as
    the state does; and a copy played on first with other choices never reaches the base
    the state undoes a wrong hint from."""
    make = MAKERS[name]
    cls = type(make(0))
    for seed in range(3):
        with monkeypatch.context() as patch:
            on_copies(patch, cls)
            reference = make(seed)
            play(reference, seed, stop=30, every=False)
            play(reference, seed + 100, every=False)
        with monkeypatch.context() as patch:
            if wrong:
                always_hinted(patch, cls)
            st = make(seed)
            play(st, seed, stop=30, every=False)
            clone = st.clone()
            back = cls.from_json(st.to_json())
            pickled = pickle.loads(pickle.dumps(st))
            play(st.clone(), seed + 7, every=False)  # other choices, on a copy
            ends = [play(s, seed + 100, every=False)[-1] for s in (clone, back, pickled, st)]
        assert all(end == reference.to_json() for end in ends)


def test_a_tick_of_the_real_clock_is_kept_when_a_wrong_hint_is_undone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A change made outside the decisions drops the state's base (`changed_outside`), so an
    undone decision never loses it."""
    def ticking(state: State, apply: Callable[[], None]) -> None:
        assert isinstance(state, RiseOfTheZombies)
        state.tick(state.minutes_used + 0.25)
        if not state.is_terminal():  # (the Departure Time ends the game at once)
            apply()

    def make() -> RiseOfTheZombies:
        return RiseOfTheZombies(survivors=["Scout", "Paramedic"], seed=2, clock="real",
                                explicit_chance=True)

    with monkeypatch.context() as patch:
        on_copies(patch, RiseOfTheZombies)
        copied = play(make(), 2, decide=ticking)
    with monkeypatch.context() as patch:
        always_hinted(patch, RiseOfTheZombies)
        assert play(make(), 2, decide=ticking) == copied


def test_a_base_serves_at_most_chance_log_decisions_in_place(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After `CHANCE_LOG` procedures from one base (the decision run on a copy, then those
    in place) the next decision runs on a copy, which starts a new base."""
    monkeypatch.setattr(RiseOfTheZombies, "CHANCE_LOG", 3)
    always_hinted(monkeypatch, RiseOfTheZombies)
    copies = CountedClones(monkeypatch, RiseOfTheZombies)
    streak = longest = 0

    def count(state: State, apply: Callable[[], None]) -> None:
        nonlocal streak, longest
        copies.count = 0
        apply()
        streak = streak + 1 if copies.count == 0 else 0
        longest = max(longest, streak)

    play(MAKERS["rise_2"](1), 1, decide=count)
    assert longest == 2


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_the_games_hint_only_decisions_that_meet_no_chance(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision a game hints free of chance (Rise's and Something to Fear's
    `chance_free`) runs to its end in place: no event pending after it, no copy made."""
    make = MAKERS[name]
    cls = type(make(0))
    hints: list[bool] = []
    hint = cls._chance_free

    def noted(self: State, procedure: tuple[Any, ...]) -> bool:
        hints.append(hint(self, procedure))
        return hints[-1]

    monkeypatch.setattr(cls, "_chance_free", noted)
    copies = CountedClones(monkeypatch, cls)
    hinted = decided = 0

    def check(state: State, apply: Callable[[], None]) -> None:
        nonlocal hinted, decided
        hints.clear()
        copies.count = 0
        apply()
        decided += 1
        if hints == [True]:
            hinted += 1
            assert copies.count == 0 and state.chance_event() is None

    for seed in range(6):
        play(make(seed), seed, decide=check)
    assert hinted > decided * 0.4
