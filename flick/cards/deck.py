"""A deck that knows how many cards of each kind it holds, for explicit chance's draws.

An explicit-chance draw (`flick.cards.engine.State.chance_draw`) is an event whose outcomes
are the kinds of card left in the deck, each with probability count/total, and the card taken
is the topmost of the kind chosen. Counting a deck of a hundred cards at every draw, and
looking down it for that card, is most of what a draw costs; a `Deck` keeps the counts, and
the kinds of its cards in order (as bytes, when every kind is below 256: the topmost card of a
kind is found by `bytes.rfind`), as the engine draws from it, so an event is made in the time
of the kinds, not the cards.

A `Deck` is a list (the top card at its end) and behaves as one everywhere. Its tally is an
aid, never the truth: it is made from the cards when first asked for (`tally`), kept up to
date by the engine's own draws (`draw`), and dropped by anything else that changes the cards
(every method that can add, replace, remove or reorder cards; a plain `pop`, the seeded draw,
is not watched but only ever shortens the deck, which the tally notices by the deck's
length). So
the counts always equal a recount, whatever the rules or a test do to the deck, and a draw
gives the same outcomes, in the same order, with the same float probabilities, and takes the
same card, as counting and searching the cards would. A copy (`copy`, `copy.copy`,
`copy.deepcopy`) shares the tally (immutable); a pickle holds the cards alone (the next draw
counts again).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, SupportsIndex

# (the kinds it is of, the deck's length when it was last right, the count of each kind by
# kind, the kinds of the cards in the deck's order as bytes or None: a kind above 255)
Tally = tuple[Sequence[int], int, tuple[int, ...], bytes | None]


class Deck(list[int]):
    """Cards (ints, the top at the end) with the count of each kind (see the module
    docstring). Kinds are given as a sequence of every card's kind (`kinds[card]`: small
    ints from 0)."""

    __slots__ = ("_tally",)  # a `Tally`; unset or None: none made yet
    _tally: Tally | None

    def _tallied(self, kinds: Sequence[int]) -> Tally:
        """The deck's tally of `kinds`, made now when it has none that is right."""
        try:
            tally = self._tally
        except AttributeError:  # (a deck made as a list is: no tally yet)
            tally = None
        if tally is None or tally[1] != len(self) or tally[0] is not kinds:
            held = [kinds[card] for card in self]
            counts = [0] * (max(held, default=-1) + 1)
            for k in held:
                counts[k] += 1
            order = bytes(held) if len(counts) <= 256 else None
            tally = self._tally = (kinds, len(self), tuple(counts), order)
        return tally

    def tally(self, kinds: Sequence[int]) -> tuple[int, ...]:
        """How many cards of each kind the deck holds, by kind (0 for a kind not held; at
        least as long as the largest kind held + 1)."""
        return self._tallied(kinds)[2]

    def outcomes(self, kinds: Sequence[int]) -> tuple[tuple[int, float], ...]:
        """Each kind the deck holds, in increasing order, with its count over the deck's size
        (the outcomes of a draw; the deck not empty)."""
        total = len(self)
        return tuple([(k, c / total) for k, c in enumerate(self._tallied(kinds)[2]) if c])

    def topmost(self, kinds: Sequence[int], kind: int) -> int:
        """The index of the topmost card of `kind` (ValueError: none)."""
        order = self._tallied(kinds)[3]
        if order is not None:
            i = order.rfind(kind) if 0 <= kind < 256 else -1
            if i >= 0:
                return i
        else:
            i = len(self)
            for card in reversed(self):
                i -= 1
                if kinds[card] == kind:
                    return i
        raise ValueError(f"no card of kind {kind} in the deck")

    def draw(self, kinds: Sequence[int], kind: int | None = None) -> int:
        """Remove and return the topmost card of `kind` (None: the top card), the tally
        kept."""
        _, size, counts, order = self._tallied(kinds)
        if kind is None:
            i = size - 1
        elif order is None or not 0 <= kind < 256 or (i := order.rfind(kind)) < 0:
            i = self.topmost(kinds, kind)  # (the search, or ValueError)
        card = list.pop(self, i)
        k = kinds[card]
        self._tally = (kinds, size - 1, (*counts[:k], counts[k] - 1, *counts[k + 1:]),
                       None if order is None else order[:i] + order[i + 1:])
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

    # anything else that changes the cards (or their order) drops the tally
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

    def sort(self, *, key: Any = None, reverse: bool = False) -> None:
        self._tally = None  # (the counts stay right, the order of kinds does not)
        list.sort(self, key=key, reverse=reverse)

    def reverse(self) -> None:
        self._tally = None
        list.reverse(self)

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
