"""Rise of the Zombies! with explicit chance: the chance events that are resume points
(flick.cards.engine) go on from the copy that waits there, without running the decision
again, and end as the decision run again from its start does (a clone of the waiting state,
which holds no copy, runs it from its start)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from flick.cards.rise_of_the_zombies import zombies
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies

# (survivors, options): games that meet every kind of chance event often
TABLES: list[tuple[tuple[str, ...], dict[str, Any]]] = [
    (("Historian", "Scout", "Chef"), {"otis": True, "difficulty": "insane"}),
    (("Scout", "Paramedic"), {}),
]
STARTS = ("act", "for", "setup")  # procedures that run a decision (or the set-up) from its start
Where = Callable[[RiseOfTheZombies], bool]


def _procedures(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the procedures the states run from now on, in order."""
    ran: list[str] = []
    original = RiseOfTheZombies._procedure

    def noted(st: RiseOfTheZombies, procedure: tuple[Any, ...]) -> None:
        ran.append(procedure[0])
        original(st, procedure)

    monkeypatch.setattr(RiseOfTheZombies, "_procedure", noted)
    return ran


def _rules_at(monkeypatch: pytest.MonkeyPatch) -> list[RiseOfTheZombies]:
    """A list whose one item is, from now on, the state the rules last drew chance on: once a
    decision waits for a chance event, the copy it runs on as it is at the event (kept there
    when the event is a resume point)."""
    at: list[RiseOfTheZombies] = []
    for name in ("chance_draw", "chance_die", "chance_pick"):
        original = getattr(RiseOfTheZombies, name)

        def spied(st: RiseOfTheZombies, *args: Any, _original: Any = original,
                  **kwargs: Any) -> int:
            at[:] = [st]
            return int(_original(st, *args, **kwargs))

        monkeypatch.setattr(RiseOfTheZombies, name, spied)
    return at


def _resumes(label: str, where: Where, monkeypatch: pytest.MonkeyPatch,
             wanted: int = 4) -> list[str]:
    """Play random explicit games until `wanted` events `label` met where `where(copy)` says
    of the waiting copy (the rules as they are at the event); at each, the outcome goes on
    from that copy (the procedure run first is not one that starts the decision) and ends as
    a clone of the waiting state, which runs the decision from its start. Returns the
    procedures that went on."""
    ran = _procedures(monkeypatch)
    at = _rules_at(monkeypatch)
    went_on: list[str] = []
    for survivors, options in TABLES:
        for seed in range(60):
            st = RiseOfTheZombies(survivors=survivors, seed=seed, explicit_chance=True,
                                  **options)
            rng = random.Random(seed)
            while not st.is_terminal():
                event = st.chance_event()
                if event is None:
                    st.apply(rng.choice(st.legal_actions()))
                    continue
                values, probs = zip(*event.outcomes, strict=True)
                value = rng.choices(values, probs)[0]
                if event.label != label or not where(at[0]):
                    st.apply_chance(value)
                    continue
                twin = st.clone()
                del ran[:]
                st.apply_chance(value)
                assert ran and ran[0] not in STARTS, (label, ran)
                went_on.append(ran[0])
                del ran[:]
                twin.apply_chance(value)
                assert ran and ran[0] in STARTS  # the clone ran the decision again
                assert twin.to_json() == st.to_json()
                assert twin.chance_event() == st.chance_event()
                if len(went_on) >= wanted:
                    return went_on
    raise AssertionError(f"{label!r} went on from its copy {len(went_on)} times, not {wanted}")


def _anywhere(copy: RiseOfTheZombies) -> bool:
    return True


def _heading(kind: int, *fields: tuple[int, int]) -> Where:
    """The waiting copy's zombie work is headed by a job of `kind` with (index, value)
    `fields`."""
    def where(copy: RiseOfTheZombies) -> bool:
        return bool(copy.zq) and copy.zq[0][0] == kind and all(
            len(copy.zq[0]) > i and copy.zq[0][i] == v for i, v in fields)
    return where


def test_a_companion_or_ambush_roll_goes_on_from_where_it_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert set(_resumes("a Companion or Ambush roll", _anywhere, monkeypatch)) == {"roll"}


def test_the_historians_reroll_goes_on_from_where_it_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert set(_resumes("the Historian's re-roll", _anywhere, monkeypatch)) == {"roll"}


def test_whom_a_zombie_moves_toward_goes_on_from_where_it_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    went_on = _resumes("whom a zombie moves toward", _heading(zombies.J_MOVE), monkeypatch)
    assert set(went_on) == {"settle"}


def test_whom_a_zombie_that_moved_engages_goes_on_from_where_it_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    went_on = _resumes("whom a zombie Engages", _heading(zombies.J_ENGAGE), monkeypatch)
    assert set(went_on) == {"settle"}


def test_whom_a_zombie_engages_when_its_survivor_dies_of_an_attack_goes_on_from_where_it_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def orphaned(copy: RiseOfTheZombies) -> bool:
        if not copy.zq or copy.zq[0][0] != zombies.J_ENGAGE:
            return False
        was = copy.zeng[copy.zq[0][1]]
        return was >= 0 and not copy.alive[was]

    went_on = _resumes("whom a zombie Engages", orphaned, monkeypatch, wanted=3)
    assert set(went_on) == {"settle"}


def test_whom_a_spawned_zombie_engages_goes_on_from_where_it_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    went_on = _resumes("whom a zombie Engages", _heading(zombies.J_SPAWN), monkeypatch)
    assert set(went_on) == {"settle"}


def test_an_attract_draw_while_zombies_spawn_goes_on_from_where_it_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the job's fields: [J_SPAWN, drawn, the zombie being placed, 1: its Attract draws]
    went_on = _resumes("the next Zombie card", _heading(zombies.J_SPAWN, (3, 1)), monkeypatch,
                       wanted=3)
    assert set(went_on) == {"settle"}


def test_every_pick_of_whom_a_zombie_moves_toward_is_a_resume_point(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No such pick runs its decision again from its start."""
    ran = _procedures(monkeypatch)
    picks = 0
    for seed in range(30):
        st = RiseOfTheZombies(survivors=("Scout", "Paramedic"), seed=seed,
                              explicit_chance=True)
        rng = random.Random(seed)
        while not st.is_terminal():
            event = st.chance_event()
            if event is None:
                st.apply(rng.choice(st.legal_actions()))
                continue
            values, probs = zip(*event.outcomes, strict=True)
            del ran[:]
            st.apply_chance(rng.choices(values, probs)[0])
            if event.label == "whom a zombie moves toward":
                picks += 1
                assert ran and not set(ran) & set(STARTS)
    assert picks >= 3



def test_a_survivors_draw_in_the_play_cards_step_goes_on_from_where_it_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A card used for its draws, a first Advance by Following into a Location."""
    went_on = _resumes("the next Action card",
                       lambda copy: copy.phase == "play" and copy.infest is None, monkeypatch,
                       wanted=8)
    assert set(went_on) == {"draws"}


def test_a_first_advance_into_a_location_placed_draws_from_where_it_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The survivor who places a Location moves into it and draws its Action cards; then its
    Infestation goes on (the same procedure)."""
    went_on = _resumes("the next Action card",
                       lambda copy: copy.phase == "play" and copy.infest is not None,
                       monkeypatch, wanted=8)
    assert set(went_on) == {"draws"}


def test_an_attract_draw_while_a_location_infests_goes_on_from_where_it_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The Infestation's draws of a Location whose last zombie placed Attracts: the
    Infestation's own draws and its Attracts' go on from the waiting copy."""
    def attracting(copy: RiseOfTheZombies) -> bool:
        inf = copy.infest
        return (inf is not None and bool(copy.zorder)
                and copy.zpos[copy.zorder[-1]] == inf.pos
                and copy.zspec(copy.zorder[-1]).attract)

    went_on = _resumes("the next Zombie card", attracting, monkeypatch, wanted=12)
    assert went_on.count("attract") >= 3
