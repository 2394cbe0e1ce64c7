"""A `ChanceEvent` (flick.cards.engine) as its users see it: its fields, equality, hashing,
copies, pickles and text, and a draw's probabilities as exact count/total floats."""

from __future__ import annotations

import copy
import operator
import pickle
from collections import Counter

from flick.cards.engine import ChanceEvent
from flick.cards.something_to_fear.state import StfState

DIE = ChanceEvent("die", "roll a die", tuple((face, 1 / 6) for face in range(1, 7)))


def test_a_chance_event_has_its_fields() -> None:
    assert (DIE.kind, DIE.label) == ("die", "roll a die")
    assert DIE.outcomes == tuple((face, 1 / 6) for face in range(1, 7))


def test_a_chance_event_equals_only_an_event_of_the_same_fields() -> None:
    die = DIE
    same = ChanceEvent("die", "roll a die", die.outcomes)
    assert operator.eq(same, die) and not operator.ne(same, die) and hash(same) == hash(die)
    assert die != ChanceEvent("die", "roll again", die.outcomes)
    assert die != ChanceEvent("pick", "roll a die", die.outcomes)
    fields = ("die", "roll a die", die.outcomes)
    # a plain tuple of the same fields is no event, either way round
    assert operator.ne(die, fields) and not operator.eq(die, fields)
    assert operator.ne(fields, die) and not operator.eq(fields, die)
    assert len({die, same}) == 1


def test_a_chance_event_copies_and_pickles_as_itself() -> None:
    for twin in (copy.copy(DIE), copy.deepcopy(DIE), pickle.loads(pickle.dumps(DIE))):
        assert type(twin) is ChanceEvent and twin == DIE and twin.outcomes == DIE.outcomes


def test_a_chance_event_reads_as_its_fields() -> None:
    assert repr(ChanceEvent("pick", "a seat", ((0, 0.5), (1, 0.5)))) == (
        "ChanceEvent(kind='pick', label='a seat', outcomes=((0, 0.5), (1, 0.5)))")


def test_a_draws_probabilities_are_each_kinds_count_over_the_deck() -> None:
    st = StfState(num_players=2, explicit_chance=True)
    event = st.chance_event()
    assert event is not None and event.kind == "draw"
    deck = st.data.deck_for(2)
    counts = Counter(st.data.kind_ids[c] for c in deck)
    assert event.outcomes == tuple((k, counts[k] / len(deck)) for k in sorted(counts))
