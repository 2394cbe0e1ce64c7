"""Rise of the Zombies! with explicit chance: the chance events that are resume points
(flick.cards.engine) go on from the copy that waits there, without running the decision
again, and end as the decision run again from its start does (a clone of the waiting state,
which holds no copy, runs it from its start)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies

# (survivors, options): games that meet every kind of chance event often
TABLES: list[tuple[tuple[str, ...], dict[str, Any]]] = [
    (("Historian", "Scout", "Chef"), {"otis": True, "difficulty": "insane"}),
    (("Scout", "Paramedic"), {}),
]
STARTS = ("act", "for", "setup")  # procedures that run a decision (or the set-up) from its start


def _procedures(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the procedures the states run from now on, in order."""
    ran: list[str] = []
    original = RiseOfTheZombies._procedure

    def noted(st: RiseOfTheZombies, procedure: tuple[Any, ...]) -> None:
        ran.append(procedure[0])
        original(st, procedure)

    monkeypatch.setattr(RiseOfTheZombies, "_procedure", noted)
    return ran


def _resumes_at(label: str, monkeypatch: pytest.MonkeyPatch, wanted: int = 4) -> Counter[str]:
    """Play random explicit games; at each event `label` (up to `wanted` of them) the outcome
    goes on from the waiting copy (no procedure that starts a decision runs) and ends as a
    clone of the waiting state, which runs the decision from its start. Returns the
    procedures that went on."""
    ran = _procedures(monkeypatch)
    went_on: Counter[str] = Counter()
    seen = 0
    for survivors, options in TABLES:
        for seed in range(40):
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
                if event.label != label or seen >= wanted:
                    st.apply_chance(value)
                    continue
                seen += 1
                twin = st.clone()
                del ran[:]
                st.apply_chance(value)
                assert ran and ran[0] not in STARTS, (label, ran)
                went_on[ran[0]] += 1
                del ran[:]
                twin.apply_chance(value)
                assert ran and ran[0] in STARTS  # the clone ran the decision again
                assert twin.to_json() == st.to_json()
                assert twin.chance_event() == st.chance_event()
            if seen >= wanted:
                return went_on
    raise AssertionError(f"{label!r} met {seen} times, not {wanted}")


def test_a_companion_or_ambush_roll_goes_on_from_where_it_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert set(_resumes_at("a Companion or Ambush roll", monkeypatch)) == {"roll"}


def test_the_historians_reroll_goes_on_from_where_it_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert set(_resumes_at("the Historian's re-roll", monkeypatch)) == {"roll"}
