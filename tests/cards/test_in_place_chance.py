"""An explicit-chance game runs its decisions on the state itself (flick.cards.engine, "In
place"), waiting mid-decision at a resume point: the games are the same, bit for bit, as
when every decision runs on a copy; a chance event that is no resume point, or a rule that
raises, is undone from the state's base; a waiting state shows the state before its decision;
copies, dumps and pickles of it go on alike."""

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
from flick.cards.something_to_fear import rounds
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
    """Every decision of `cls` runs on a copy (no base is ever used: a log of none)."""
    monkeypatch.setattr(cls, "CHANCE_LOG", 0)


def no_resume_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every chance event is no resume point (as if the rules held them all): a decision run
    in place that meets one is undone and runs on a copy (from its start at each event)."""
    monkeypatch.setattr(State, "_chance_held", 1)


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
def test_decisions_run_in_place_and_play_the_games_copies_play(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same random games, move for move (the dump after every move, at a chance node
    too), whether decisions run in place, waiting at resume points mid-decision, or every
    decision runs on a copy; in place, few decisions make a copy (a full log, an undone one)."""
    make = MAKERS[name]
    cls = type(make(0))
    for seed in range(4):
        with monkeypatch.context() as patch:
            on_copies(patch, cls)
            copied = play(make(seed), seed)
            copied_end = play(make(seed), seed, every=False)
        assert copied_end == copied[-1:]
        assert play(make(seed), seed) == copied
        with monkeypatch.context() as patch:
            copies = CountedClones(patch, cls)
            decisions = 0

            def count(state: State, apply: Callable[[], None]) -> None:
                nonlocal decisions
                decisions += 1
                apply()

            assert play(make(seed), seed, decide=count, every=False) == copied_end
            assert copies.count <= decisions // 10 + 2  # (on copies: a third to a half)


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_a_wait_that_is_no_resume_point_is_undone_and_the_state_waits_as_it_was(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no resume points, a decision run in place that meets a chance event is undone
    from the state's base (a copy) and runs on a copy: the state waits for the event as it
    was before the decision, and the games are the copies' games."""
    make = MAKERS[name]
    cls = type(make(0))
    with monkeypatch.context() as patch:
        on_copies(patch, cls)
        copied = [play(make(seed), seed) for seed in range(3)]
    no_resume_points(monkeypatch)
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


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_a_state_waiting_in_place_shows_the_state_before_its_decision(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At every chance node of a decision waiting in place, each seat's observation, the
    text and the dump are those of the same game run on copies (the state before the
    decision), and asking for them changes nothing of the game."""
    make = MAKERS[name]
    cls = type(make(0))
    seats = range(make(0).num_players)

    def views(state: State) -> Any:
        return ([state.observation(p) for p in seats], state.render(None),
                [state.render(p) for p in seats], state.to_json())

    def look(state: State, seed: int) -> list[Any]:
        rng = random.Random(seed)
        seen = []
        while not state.is_terminal():
            event = state.chance_event()
            if event is not None:
                seen.append(views(state))
                values, probs = zip(*event.outcomes, strict=True)
                state.apply_chance(rng.choices(values, probs)[0])
            else:
                _choose(state, rng)()
        return [*seen, state.to_json()]

    for seed in range(2):
        with monkeypatch.context() as patch:
            on_copies(patch, cls)
            copied = look(make(seed), seed)
        assert look(make(seed), seed) == copied
        assert len(copied) > 20


@pytest.mark.parametrize("how", ["clone", "json", "pickle"])
@pytest.mark.parametrize("name", ["rise_4_insane", "rise_3_otis", "stf_5_expert"])
def test_copies_dumps_and_pickles_of_a_state_waiting_in_place_go_on_alike(
        name: str, how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A clone, a rebuilt dump or a pickle of a state waiting in place (its decision made no
    copy), taken while it waits, plays the rest of the game (the same choices and outcomes)
    to the same end as the state itself."""
    make = MAKERS[name]
    cls = type(make(0))
    copy_of: dict[str, Callable[[State], State]] = {
        "clone": lambda st: st.clone(),
        "json": lambda st: cls.from_json(st.to_json()),
        "pickle": lambda st: pickle.loads(pickle.dumps(st)),
    }
    copies = CountedClones(monkeypatch, cls)
    checked = 0
    for seed in range(3):
        st = make(seed)
        play(st, seed, stop=12 + 7 * seed, every=False)
        rng = random.Random(seed)
        waits = 0
        while waits < 3 and not st.is_terminal():  # the third decision that meets chance
            if st.chance_event() is not None:
                values, probs = zip(*st.chance_event().outcomes, strict=True)
                st.apply_chance(rng.choices(values, probs)[0])
                continue
            copies.count = 0
            _choose(st, rng)()
            waits += st.chance_event() is not None and copies.count == 0
        if st.is_terminal():
            continue
        twin = copy_of[how](st)
        ends = [play(s, seed + 100, every=False) for s in (twin, st)]
        assert ends[0] == ends[1]
        checked += 1
    assert checked >= 2

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
        st.apply(discard)  # runs in place, then fails half-way
    assert st.to_json() == before
    monkeypatch.setattr(turns, "settle", settle)
    st.apply(discard)
    twin.apply(discard)
    assert st.to_json() == twin.to_json()


@pytest.mark.parametrize("wrong", [False, True], ids=["resume_points", "no_resume_points"])
@pytest.mark.parametrize("name", ["rise_4_insane", "stf_5_expert"])
def test_copies_dumps_and_pickles_after_in_place_decisions_go_on_alike(
        name: str, wrong: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A clone, a rebuilt dump and a pickle of a state that ran decisions in place end as
    the state does; and a copy played on first with other choices never reaches the base
    the state undoes a decision from."""
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
                no_resume_points(patch)
            st = make(seed)
            play(st, seed, stop=30, every=False)
            clone = st.clone()
            back = cls.from_json(st.to_json())
            pickled = pickle.loads(pickle.dumps(st))
            play(st.clone(), seed + 7, every=False)  # other choices, on a copy
            ends = [play(s, seed + 100, every=False)[-1] for s in (clone, back, pickled, st)]
        assert all(end == reference.to_json() for end in ends)


def test_a_tick_of_the_real_clock_is_kept_when_a_decision_is_undone(
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
    assert play(make(), 2, decide=ticking) == copied
    with monkeypatch.context() as patch:
        no_resume_points(patch)
        assert play(make(), 2, decide=ticking) == copied


def test_a_tick_while_a_decision_waits_in_place_plays_as_on_copies(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A change made outside the decisions while a decision waits in place (a tick of the
    real clock at every chance node) goes to the state before the decision, which runs
    again from its start: the game is the one played with every decision on a copy, and no
    tick is lost."""
    def ticked_game() -> list[dict[str, Any]]:
        state = RiseOfTheZombies(survivors=["Scout", "Paramedic"], seed=4, clock="real",
                                 explicit_chance=True)
        rng = random.Random(4)
        dumps = []
        while not state.is_terminal():
            event = state.chance_event()
            if event is not None:
                state.tick(state.minutes_used + 0.01)
                values, probs = zip(*event.outcomes, strict=True)
                state.apply_chance(rng.choices(values, probs)[0])
            else:
                _choose(state, rng)()
            dumps.append(state.to_json())
        return dumps

    with monkeypatch.context() as patch:
        on_copies(patch, RiseOfTheZombies)
        copied = ticked_game()
    assert ticked_game() == copied
    assert len(copied) > 100
    clock = [dump["minutes_used"] for dump in copied]
    assert clock == sorted(clock)  # (every tick kept, those at chance nodes too)


def test_a_rule_that_raises_while_a_decision_goes_on_in_place_undoes_the_decision(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule that raises as a decision waiting in place goes on from its resume point
    leaves the state as it was before the decision (rebuilt from its base, no event
    pending), as on a copy; the decision taken again then plays on like a copy of the state
    taken before it."""
    copies = CountedClones(monkeypatch, StfState)
    st = StfState(num_players=3, seed=6, explicit_chance=True)
    rng = random.Random(6)
    checked = 0
    while not st.is_terminal() and checked < 3:
        event = st.chance_event()
        if event is not None:
            st.apply_chance(rng.choice(event.outcomes)[0])
            continue
        action = rng.choice(st.legal_actions())
        before, twin = st.to_json(), st.clone()
        copies.count = 0
        st.apply(action)
        event = st.chance_event()
        if event is None or copies.count:
            continue  # (no wait, or not in place)
        with monkeypatch.context() as patch:
            _failed.clear()
            patch.setattr(rounds, "deal", _fails_once)
            with pytest.raises(RuntimeError):
                st.apply_chance(event.outcomes[0][0])
        assert st.to_json() == before
        for state in (st, twin):
            state.apply(action)
            state.apply_chance(event.outcomes[0][0])
        assert st.to_json() == twin.to_json()
        checked += 1
    assert checked == 3


def _fails_once(state: Any) -> None:
    """`rounds.deal` failing once, then itself again (the state's base plays it again)."""
    _failed.append(True)
    if len(_failed) == 1:
        raise RuntimeError("a rule fails")
    _deal(state)


_failed: list[bool] = []
_deal = rounds.deal


def test_a_base_serves_at_most_chance_log_decisions_in_place(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After `CHANCE_LOG` procedures from one base (the decision run on a copy, then those
    in place) the next decision runs on a copy, which starts a new base."""
    monkeypatch.setattr(RiseOfTheZombies, "CHANCE_LOG", 3)
    copies = CountedClones(monkeypatch, RiseOfTheZombies)
    streak = longest = 0

    def count(state: State, apply: Callable[[], None]) -> None:
        nonlocal streak, longest
        copies.count = 0
        apply()
        streak = streak + 1 if copies.count == 0 else 0
        longest = max(longest, streak)

    play(MAKERS["rise_2"](1), 1, decide=count, every=False)
    assert longest == 2
