"""The 18 Surrounded cards: data model and the loader of `assets/cards/surrounded.yaml`.

Each card has a location side (number, name, printed occupant, container, effect) and an
occupant side with four faces, one against each edge, in the order N, E, S, W (cards are never
rotated). Values come from the data file so the real card text can replace the provisional set;
a malformed file raises `DataFileError` naming the file, the line, the column and the problem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from flick import datafile
from flick.cards.surrounded.effects import NO_EFFECT, Effect, parse_effect
from flick.cards.surrounded.schema import CardFileModel, CardModel
from flick.datafile import Marked
from flick.errors import DataFileError

DIRECTIONS = ("N", "E", "S", "W")
CONTAINERS = ("gas", "weapon", "medical", "+2", "+3")
ABILITIES = {"m": "move", "l": "look", "b": "burn"}
KINDS = {"L": "leader", "S": "survivor", "W": "walker", "WW": "walker"}
_FACE = re.compile(r"^(WW|L|S|W)(?:\(([mlb])\))?$")


@dataclass(frozen=True)
class Occupant:
    """One occupant: a face of an occupant card, or the one printed on a location.

    kind: "leader", "survivor" or "walker"; icons: 1 for a human, 1 or 2 Walker icons;
    ability: "move", "look", "burn" or None (humans only).
    """

    kind: str
    icons: int = 1
    ability: str | None = None

    @property
    def human(self) -> bool:
        return self.kind != "walker"

    @property
    def code(self) -> str:
        """The short form used in the data file and on screen: L, S(m), W, WW ..."""
        base = {"leader": "L", "survivor": "S"}.get(self.kind, "W" * self.icons)
        if self.ability:
            base += f"({self.ability[0]})"
        return base


@dataclass(frozen=True)
class Card:
    """One of the 18 cards (location side and occupant side)."""

    number: int
    name: str
    printed: Occupant | None
    container: str | None
    effect: Effect
    faces: tuple[Occupant, Occupant, Occupant, Occupant]  # N, E, S, W
    source: dict[str, str] = field(default_factory=dict, compare=False)

    @property
    def printed_walker(self) -> bool:
        """The location on this card shows a Walker (forces Explore when it is on top)."""
        return self.printed is not None and self.printed.kind == "walker"


def parse_occupant(code: str) -> Occupant:
    """`L`, `S`, `W`, `WW`, with an ability for humans: `L(m)`, `S(l)`, `S(b)`."""
    m = _FACE.match(str(code).strip())
    if not m:
        raise ValueError(
            f"occupant {code!r} is not one of L, S, W, WW (humans may add (m), (l) or (b))"
        )
    kind = KINDS[m.group(1)]
    if m.group(2) and kind == "walker":
        raise ValueError(f"occupant {code!r}: only humans have abilities")
    return Occupant(kind, len(m.group(1)) if kind == "walker" else 1, ABILITIES.get(m.group(2)))


def _card(marked: Marked, i: int, model: CardModel) -> Card:
    def fail(key: str, problem: str) -> DataFileError:
        return datafile.fail(marked, ("cards", i, key), f"{key}: {problem}")

    number = model.number
    if not 1 <= number <= 18:
        raise fail("number", f"must be a whole number 1-18, not {number!r}")
    name = model.name
    if not name.strip():
        raise fail("name", "must be a non-empty text")
    try:
        printed = None if model.printed is None else parse_occupant(model.printed)
    except ValueError as exc:
        raise fail("printed", str(exc)) from None
    container = model.container
    if container is not None and container not in CONTAINERS:
        raise fail("container", f"{container!r} is not one of {', '.join(CONTAINERS)}, null")
    try:
        effect = parse_effect(model.effect)
    except ValueError as exc:
        raise fail("effect", str(exc)) from None
    faces = []
    for d in DIRECTIONS:
        try:
            faces.append(parse_occupant(getattr(model.faces, d)))
        except ValueError as exc:
            raise datafile.fail(marked, ("cards", i, "faces", d), f"faces {d}: {exc}") from None
    for k, mark in model.source.items():
        if mark not in ("R", "D"):
            raise datafile.fail(
                marked, ("cards", i, "source", k),
                f"source: {k}: mark must be R (rulebook) or D (provisional)",
            )
    return Card(
        number,
        name.strip(),
        printed,
        container,
        effect or NO_EFFECT,
        (faces[0], faces[1], faces[2], faces[3]),
        dict(model.source),
    )


def load_cards(path: Path | str) -> tuple[Card, ...]:
    """Read the card file; returns the 18 cards ordered by number (index 0 is card 1).

    Read through `flick.datafile` and shaped by `schema.CardFileModel`; any problem raises
    `DataFileError` at FILE:LINE:COLUMN (exit 2)."""
    path = Path(path)
    marked = datafile.read_file(path)
    doc = datafile.validate(marked, CardFileModel)
    cards = [_card(marked, i, model) for i, model in enumerate(doc.cards)]
    seen: set[int] = set()
    for i, card in enumerate(cards):
        if card.number in seen:
            raise datafile.fail(
                marked, ("cards", i), f"card number {card.number} appears twice"
            )
        seen.add(card.number)
    if len(cards) != 18:
        missing = sorted(set(range(1, 19)) - seen)
        raise datafile.fail(
            marked, ("cards",),
            f"Surrounded has 18 cards, found {len(cards)} "
            f"(missing numbers: {', '.join(map(str, missing)) or 'none'})",
        )
    return tuple(sorted(cards, key=lambda c: c.number))


@lru_cache(maxsize=1)
def default_cards() -> tuple[Card, ...]:
    """The cards of `assets/cards/surrounded.yaml` (read once)."""
    from flick.paths import assets

    return load_cards(assets() / "cards" / "surrounded.yaml")
