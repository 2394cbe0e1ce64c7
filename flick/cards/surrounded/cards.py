"""The 18 Surrounded cards: data model and the loader of `assets/cards/surrounded.yaml`.

Each card has a location side (number, name, printed occupant, container, effect) and an
occupant side with four faces, one against each edge, in the order N, E, S, W (cards are never
rotated). Values come from the data file so the real card text can replace the provisional set;
a malformed file raises `DataFileError` naming the file, the line and the problem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from flick.cards.surrounded.effects import NO_EFFECT, Effect, parse_effect
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


def _scalar(node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        return yaml.safe_load(yaml.serialize(node))
    return None


def _mapping(node: yaml.Node, path: Path, what: str) -> dict[str, yaml.Node]:
    if not isinstance(node, yaml.MappingNode):
        raise DataFileError(f"{path}:{node.start_mark.line + 1}: {what} must be a mapping")
    return {str(_scalar(k)): v for k, v in node.value}


def _card(node: yaml.Node, path: Path) -> Card:
    line = node.start_mark.line + 1
    m = _mapping(node, path, "a card")
    need = ("number", "name", "printed", "container", "effect", "faces")
    missing = [k for k in need if k not in m]
    if missing:
        raise DataFileError(f"{path}:{line}: card is missing {', '.join(missing)}")
    unknown = sorted(set(m) - {*need, "source", "note"})
    if unknown:
        raise DataFileError(f"{path}:{line}: unknown card field(s) {', '.join(unknown)}")

    def fail(key: str, problem: str) -> DataFileError:
        return DataFileError(f"{path}:{m[key].start_mark.line + 1}: {key}: {problem}")

    number = _scalar(m["number"])
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 18:
        raise fail("number", f"must be a whole number 1-18, not {number!r}")
    name = _scalar(m["name"])
    if not isinstance(name, str) or not name.strip():
        raise fail("name", "must be a non-empty text")
    printed_raw = _scalar(m["printed"])
    try:
        printed = None if printed_raw is None else parse_occupant(printed_raw)
    except ValueError as exc:
        raise fail("printed", str(exc)) from None
    container = _scalar(m["container"])
    if container is not None:
        container = str(container)
        if container not in CONTAINERS:
            raise fail("container", f"{container!r} is not one of {', '.join(CONTAINERS)}, null")
    effect_raw = _scalar(m["effect"])
    try:
        effect = parse_effect(None if effect_raw is None else str(effect_raw))
    except ValueError as exc:
        raise fail("effect", str(exc)) from None
    faces_node = _mapping(m["faces"], path, "faces")
    if sorted(faces_node) != sorted(DIRECTIONS):
        raise fail("faces", f"needs exactly the edges N, E, S, W, not {', '.join(faces_node)}")
    faces = []
    for d in DIRECTIONS:
        try:
            faces.append(parse_occupant(_scalar(faces_node[d])))
        except ValueError as exc:
            raise DataFileError(
                f"{path}:{faces_node[d].start_mark.line + 1}: faces {d}: {exc}"
            ) from None
    source: dict[str, str] = {}
    if "source" in m:
        for k, v in _mapping(m["source"], path, "source").items():
            mark = _scalar(v)
            if mark not in ("R", "D"):
                raise fail("source", f"{k}: mark must be R (rulebook) or D (provisional)")
            source[k] = mark
    return Card(
        number,
        name.strip(),
        printed,
        container,
        effect or NO_EFFECT,
        (faces[0], faces[1], faces[2], faces[3]),  # the four edges, checked above
        source,
    )


def load_cards(path: Path | str) -> tuple[Card, ...]:
    """Read the card file; returns the 18 cards ordered by number (index 0 is card 1)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataFileError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        root = yaml.compose(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}" if mark else ""
        problem = getattr(exc, "problem", exc)
        raise DataFileError(f"{path}{where}: not valid YAML: {problem}") from None
    if root is None:
        raise DataFileError(f"{path}:1: empty file; expected a 'cards:' list")
    top = _mapping(root, path, "the file")
    if "cards" not in top or not isinstance(top["cards"], yaml.SequenceNode):
        raise DataFileError(f"{path}:{root.start_mark.line + 1}: expected a 'cards:' list")
    cards = [_card(n, path) for n in top["cards"].value]
    seen: dict[int, int] = {}
    for node, card in zip(top["cards"].value, cards, strict=True):
        if card.number in seen:
            raise DataFileError(
                f"{path}:{node.start_mark.line + 1}: card number {card.number} appears twice"
            )
        seen[card.number] = node.start_mark.line + 1
    if len(cards) != 18:
        missing = sorted(set(range(1, 19)) - set(seen))
        raise DataFileError(
            f"{path}:{top['cards'].start_mark.line + 1}: Surrounded has 18 cards, found "
            f"{len(cards)} (missing numbers: {', '.join(map(str, missing)) or 'none'})"
        )
    return tuple(sorted(cards, key=lambda c: c.number))


@lru_cache(maxsize=1)
def default_cards() -> tuple[Card, ...]:
    """The cards of `assets/cards/surrounded.yaml` (read once)."""
    from flick.paths import assets

    return load_cards(assets() / "cards" / "surrounded.yaml")
