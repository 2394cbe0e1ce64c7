"""Hand-built Surrounded positions: made-up cards and maps, for tests and worked examples.

    cards = plain_cards({1: card(1, printed="W", container="gas", faces="L W S WW")})
    s = build_state(cards, locations={(0, 0): 1}, occupants={(1, 0): 2}, deck=[5, 4, 3])

Coordinates are (x, y) with y growing north; a deck lists the top card last.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from flick.cards.engine import rng_state_to_json
from flick.cards.surrounded import board, turns
from flick.cards.surrounded.cards import Card, parse_occupant
from flick.cards.surrounded.effects import parse_effect
from flick.cards.surrounded.state import PHASE_NAMES, SurroundedState


def card(
    number: int,
    printed: str | None = None,
    container: str | None = None,
    effect: str | None = None,
    faces: str = "S S S S",
    name: str | None = None,
) -> Card:
    """A made-up card; `faces` lists N E S W, e.g. "L(m) W S WW"."""
    f = tuple(parse_occupant(x) for x in faces.split())
    if len(f) != 4:
        raise ValueError(f"faces needs 4 codes (N E S W), got {faces!r}")
    return Card(
        number,
        name or f"Place {number}",
        None if printed is None else parse_occupant(printed),
        container,
        parse_effect(effect),
        f,
    )


def plain_cards(overrides: Mapping[int, Card] | None = None) -> tuple[Card, ...]:
    """18 cards with nothing printed, no container, no effect and four Survivor faces, except
    the `overrides` (by number)."""
    overrides = overrides or {}
    return tuple(overrides.get(n) or card(n) for n in range(1, 19))


def build_state(
    cards: tuple[Card, ...],
    locations: Mapping[tuple[int, int], int],
    occupants: Mapping[tuple[int, int], int] | None = None,
    deck: Iterable[int] = (),
    scenario: int = 1,
    difficulty: str = "standard",
    phase: str = "choose",
    placed: tuple[int, int] | None = None,
    used: Mapping[str, int] | None = None,
    explores: int = 0,
    known: Iterable[int] = (),
    anchor: tuple[int, int] = (0, 0),
    discarded: Iterable[int] = (),
    settle: bool = True,
) -> SurroundedState:
    """A state in the middle of a game; `settle` takes forced steps as play would."""
    import random

    data = {
        "game": "surrounded",
        "seed": 0,
        "scenario": scenario,
        "difficulty": difficulty,
        "deck": list(deck),
        "known": sorted(known),
        "locations": [[x, y, k] for (x, y), k in locations.items()],
        "occupants": [[x, y, k] for (x, y), k in (occupants or {}).items()],
        "discarded": list(discarded),
        "explores": explores,
        "abilities_used": {"move": 0, "look": 0, "burn": 0, **(used or {})},
        "turn": 1,
        "phase": phase,
        "anchor": list(anchor),
        "placed": None if placed is None else list(placed),
        "looked": None,
        "rng": rng_state_to_json(random.Random(0)),
    }
    if phase not in PHASE_NAMES:
        raise ValueError(f"phase must be one of {PHASE_NAMES}")
    s = SurroundedState.from_json(data, cards=cards)
    if settle:
        turns.auto(s)
    return s


def at(x: int, y: int) -> int:
    """The cell of (x, y)."""
    return board.cell_of(x, y)
