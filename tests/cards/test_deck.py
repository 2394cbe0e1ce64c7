"""A `Deck` (flick.cards.deck) keeps how many cards of each kind it holds: whatever changes its
cards, the counts it gives equal a recount, and a draw's outcomes are the ones counting the
cards gives (same order, same floats)."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from collections.abc import Callable

import pytest

from flick.cards.deck import Deck

KINDS = tuple(i % 7 for i in range(40))  # 40 cards of 7 kinds


def recounted(deck: list[int]) -> tuple[tuple[int, float], ...]:
    """A draw's outcomes by counting the cards: each kind held, in order, count/total."""
    counts = Counter(KINDS[c] for c in deck)
    return tuple((k, counts[k] / len(deck)) for k in sorted(counts))


def check(deck: Deck) -> None:
    counts = deck.tally(KINDS)
    held = Counter(KINDS[c] for c in deck)
    assert {k: n for k, n in enumerate(counts) if n} == dict(held)
    assert len(counts) > max(held, default=-1)  # (a kind drawn out may stay, at 0)
    if deck:
        outcomes = deck.outcomes(KINDS)
        assert outcomes == recounted(deck)
        assert [p.hex() for _, p in outcomes] == [p.hex() for _, p in recounted(deck)]


def _draw(deck: Deck, rng: random.Random) -> Deck:
    """The engine's draw: the topmost card of a kind held, or the top card."""
    if deck:
        kind = rng.choice(sorted({KINDS[c] for c in deck}))
        i = deck.topmost(KINDS, kind)
        assert KINDS[deck[i]] == kind and all(KINDS[c] != kind for c in deck[i + 1:])
        if rng.random() < 0.2:
            i, kind = len(deck) - 1, None
        cards = list(deck)
        assert deck.draw(KINDS, kind) == cards.pop(i) and deck == cards
    return deck


def _slice(deck: Deck, rng: random.Random) -> Deck:
    deck[1:3] = [rng.randrange(40)]
    return deck


def _delete(deck: Deck, rng: random.Random) -> Deck:
    if deck:
        del deck[rng.randrange(len(deck))]
    return deck


def _set(deck: Deck, rng: random.Random) -> Deck:
    if deck:
        deck[rng.randrange(len(deck))] = rng.randrange(40)
    return deck


def _add(deck: Deck, rng: random.Random) -> Deck:
    deck += [rng.randrange(40), rng.randrange(40)]
    return deck


def _times(deck: Deck, rng: random.Random) -> Deck:
    deck *= 1 if len(deck) > 20 else 2
    return deck


def _pop_then_append(deck: Deck, rng: random.Random) -> Deck:
    if deck:
        deck.pop()  # a plain pop (the seeded draw): shortens the deck
        deck.append(rng.randrange(40))  # the same length again, another card
    return deck


CHANGES: dict[str, Callable[[Deck, random.Random], Deck]] = {
    "draw": _draw,
    "pop": lambda d, r: (d.pop() if d else None, d)[1],
    "pop an index": lambda d, r: (d.pop(r.randrange(len(d))) if d else None, d)[1],
    "pop then append": _pop_then_append,
    "append": lambda d, r: (d.append(r.randrange(40)), d)[1],
    "extend": lambda d, r: (d.extend([r.randrange(40), r.randrange(40)]), d)[1],
    "insert": lambda d, r: (d.insert(r.randrange(len(d) + 1), r.randrange(40)), d)[1],
    "remove": lambda d, r: (d.remove(d[r.randrange(len(d))]) if d else None, d)[1],
    "set an item": _set,
    "set a slice": _slice,
    "delete an item": _delete,
    "+=": _add,
    "*=": _times,
    "shuffle": lambda d, r: (r.shuffle(d), d)[1],
    "sort": lambda d, r: (d.sort(), d)[1],
    "reverse": lambda d, r: (d.reverse(), d)[1],
    "clear": lambda d, r: (d.clear() if r.random() < 0.1 else None, d)[1],
    "copy": lambda d, r: d.copy(),
    "copy.copy": lambda d, r: copy.copy(d),
    "copy.deepcopy": lambda d, r: copy.deepcopy(d),
    "pickle": lambda d, r: pickle.loads(pickle.dumps(d)),
}


@pytest.mark.parametrize("seed", range(6))
def test_a_decks_counts_equal_a_recount_after_every_change(seed: int) -> None:
    rng = random.Random(seed)
    deck = Deck(rng.sample(range(40), 30))
    check(deck)
    names = sorted(CHANGES)
    for _ in range(400):
        name = rng.choice(names)
        deck = CHANGES[name](deck, rng)
        assert type(deck) is Deck, name
        check(deck)


def test_a_copy_keeps_its_counts_apart_from_the_original() -> None:
    deck = Deck(range(20))
    deck.tally(KINDS)
    twin = deck.copy()
    twin.draw(KINDS, 3)
    check(deck)
    check(twin)
    assert deck.tally(KINDS)[3] == twin.tally(KINDS)[3] + 1


def test_a_pickled_deck_is_its_cards_alone() -> None:
    deck = Deck(range(40))
    deck.tally(KINDS)
    assert len(pickle.dumps(deck)) < len(pickle.dumps(list(deck))) + 40
    assert pickle.loads(pickle.dumps(deck)) == list(range(40))


def test_the_topmost_card_of_a_kind_is_the_nearest_the_top() -> None:
    deck = Deck([0, 7, 1, 14, 2])  # kinds 0, 0, 1, 0, 2
    assert deck.topmost(KINDS, 0) == 3
    assert deck.topmost(KINDS, 1) == 2
    with pytest.raises(ValueError):
        deck.topmost(KINDS, 5)


def test_a_deck_of_kinds_above_255_counts_and_draws_as_well() -> None:
    kinds = tuple(300 + i % 3 for i in range(12))
    deck = Deck([0, 3, 1, 4, 2, 5])  # kinds 300, 300, 301, 301, 302, 302
    assert deck.outcomes(kinds) == ((300, 2 / 6), (301, 2 / 6), (302, 2 / 6))
    assert deck.topmost(kinds, 301) == 3
    assert deck.draw(kinds, 300) == 3 and deck == [0, 1, 4, 2, 5]
    assert deck.draw(kinds) == 5
    assert deck.outcomes(kinds) == ((300, 1 / 4), (301, 2 / 4), (302, 1 / 4))
