"""A deck that knows how many cards of each kind it holds, for explicit chance's draws.

An explicit-chance draw (`flick.cards.engine.State.chance_draw`) is an event whose outcomes
are the kinds of card left in the deck, each with probability count/total. Counting a deck of
a hundred cards at every draw is most of what a draw costs; a `Deck` keeps the counts as the
engine draws from it, so an event is made from them in the time of the kinds, not the cards.

A `Deck` is a list (the top card at its end) and behaves as one everywhere. Its counts are an
aid, never the truth: they are made from the cards when first asked for (`tally`), kept up to
date by the engine's own draws (`take`), and dropped by anything else that changes the cards
(every method that can add, replace or remove a card; a plain `pop`, the seeded draw, is not
watched but only ever shortens the deck, which the counts notice by the deck's length). So
the counts always equal a recount, whatever the rules or a test do to the deck, and a draw
gives the same outcomes, in the same order, with the same float probabilities, as counting
the cards would. A copy (`copy`, `copy.copy`, `copy.deepcopy`) keeps the counts; a pickle does
not (it stays the size of the cards alone; the next draw counts again).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import indexOf
from typing import Any, SupportsIndex


class Deck(list[int]):
    """Cards (ints, the top at the end) with the count of each kind (see the module
    docstring). Kinds are given as a sequence of every card's kind (`kinds[card]`: small
    ints from 0)."""

    # (the kinds the counts are of, the deck's length when they were last right, the counts
    # by kind): immutable, so that a copy shares it; unset or None: none made yet
    __slots__ = ("_tally",)
    _tally: tuple[Sequence[int], int, tuple[int, ...]] | None

    def tally(self, kinds: Sequence[int]) -> tuple[int, ...]:
        """How many cards of each kind the deck holds, by kind (0 for a kind not held; at
        least as long as the largest kind held + 1)."""
        try:
            tally = self._tally
        except AttributeError:  # (a deck made as a list is: no counts yet)
            tally = None
        if tally is None or tally[1] != len(self) or tally[0] is not kinds:
            counts = [0] * (max(map(kinds.__getitem__, self), default=-1) + 1)
            for card in self:
                counts[kinds[card]] += 1
            tally = self._tally = (kinds, len(self), tuple(counts))
        return tally[2]

    def outcomes(self, kinds: Sequence[int]) -> tuple[tuple[int, float], ...]:
        """Each kind the deck holds, in increasing order, with its count over the deck's size
        (the outcomes of a draw; the deck not empty)."""
        total = len(self)
        return tuple([(k, c / total) for k, c in enumerate(self.tally(kinds)) if c])

    def topmost(self, kinds: Sequence[int], kind: int) -> int:
        """The index of the topmost card of `kind` (ValueError: none)."""
        return len(self) - 1 - indexOf(map(kinds.__getitem__, reversed(self)), kind)

    def take(self, index: int, kinds: Sequence[int]) -> int:
        """Remove and return the card at `index`, the counts kept when `tally(kinds)` made
        them."""
        card = list.pop(self, index)
        try:
            tally = self._tally
        except AttributeError:
            return card
        if tally is not None and tally[1] == len(self) + 1 and tally[0] is kinds:
            counts, k = tally[2], kinds[card]
            self._tally = (kinds, len(self), (*counts[:k], counts[k] - 1, *counts[k + 1:]))
        return card

    # ---- a deck is a list ------------------------------------------------------------------
    def copy(self) -> Deck:
        twin = Deck(self)
        tally = getattr(self, "_tally", None)
        if tally is not None:
            twin._tally = tally  # (immutable: shared)
        return twin

    def __copy__(self) -> Deck:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Deck:
        return self.copy()  # (ints: nothing deeper to copy)

    def __reduce__(self) -> tuple[type[Deck], tuple[list[int]]]:
        return (Deck, (list(self),))  # the cards alone

    # anything else that changes the cards drops the counts
    def append(self, card: int) -> None:
        self._tally = None
        list.append(self, card)

    def extend(self, cards: Iterable[int]) -> None:
        self._tally = None
        list.extend(self, cards)

    def insert(self, index: SupportsIndex, card: int) -> None:
        self._tally = None
        list.insert(self, index, card)

    def remove(self, card: int) -> None:
        self._tally = None
        list.remove(self, card)

    def clear(self) -> None:
        self._tally = None
        list.clear(self)

    def __setitem__(self, index: Any, value: Any) -> None:
        self._tally = None
        list.__setitem__(self, index, value)

    def __delitem__(self, index: Any) -> None:
        self._tally = None
        list.__delitem__(self, index)

    def __iadd__(self, cards: Iterable[int]) -> Deck:  # type: ignore[override,misc]
        self._tally = None
        list.__iadd__(self, cards)
        return self

    def __imul__(self, n: SupportsIndex) -> Deck:
        self._tally = None
        list.__imul__(self, n)
        return self
