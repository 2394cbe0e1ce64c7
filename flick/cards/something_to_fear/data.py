"""Card data of Something to Fear: the characters, encounter types and the encounter deck.

Read from `assets/cards/something_to_fear.yaml` and checked on load: a malformed file raises
`DataFileError` naming the file, the line and the problem. Everything is frozen: the mutable
game lives in `state.StfState` alone, which refers to cards by their index in `CardData.cards`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

import yaml

from flick.errors import DataFileError
from flick.paths import assets

TYPES: tuple[str, ...] = (
    "saviors",
    "negan",
    "governor",
    "walker",
    "walker_horde",
    "supplies",
    "weapon",
    "wound",
)
SET_TYPES: tuple[str, ...] = ("saviors", "negan", "governor")
MIN_PLAYERS, MAX_PLAYERS = 2, 6
ROUNDS = 9


@dataclass(frozen=True)
class Character:
    """One of the nine Character cards (the same in every player's set)."""

    number: int
    name: str
    on_reveal: bool
    text: str


@dataclass(frozen=True)
class EncounterType:
    """Values shared by every card of one encounter type."""

    key: str
    name: str
    sets: tuple[int, int, int] | None  # points for a set of 1 / 2 / 3 cards
    each: int  # points per card (Supplies, Weapon)
    walkers: int  # how many Walkers the card counts as
    mob_damage: int  # damage to every player while the card is in the Mob at game end
    personal_damage: int  # damage to the owner at game end (Wounds: printed per card)


@dataclass(frozen=True)
class Encounter:
    """One Encounter card."""

    id: str
    type: str
    mob_damage: int
    personal_damage: int  # damage to its owner while it is in a Stash at game end
    players: frozenset[int]  # player counts marked on the card's back

    @property
    def kind(self) -> tuple[str, int]:
        """Cards of one kind are interchangeable for every rule (used to merge actions)."""
        return (self.type, self.personal_damage)


@dataclass(frozen=True)
class CardData:
    """The whole card data file."""

    characters: tuple[Character, ...]
    types: dict[str, EncounterType]
    cards: tuple[Encounter, ...]
    walker_most: int
    walker_second: int
    second_from_players: int
    death_over: int
    source: str

    @cached_property
    def kind_ids(self) -> tuple[int, ...]:
        """Per card, a small int naming its kind (type and damage)."""
        kinds: dict[tuple[str, int], int] = {}
        return tuple(kinds.setdefault(c.kind, len(kinds)) for c in self.cards)

    def deck_for(self, players: int) -> list[int]:
        """Indices of the cards marked for `players`, in file order."""
        return [i for i, c in enumerate(self.cards) if players in c.players]


class _LineLoader(yaml.SafeLoader):
    """A YAML loader that remembers each mapping's line (1-based) under the key `__line__`."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        mapping = super().construct_mapping(node, deep=deep)
        mapping["__line__"] = node.start_mark.line + 1
        return mapping


def _fail(path: Path, line: int | str, problem: str) -> DataFileError:
    return DataFileError(f"{path}:{line}: {problem}")


def _int(
    path: Path, entry: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None
) -> int:
    value = entry.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _fail(
            path, entry["__line__"], f"'{key}' must be a whole number {lo}..{hi}, got {value!r}"
        )
    return value


def load(path: Path | str) -> CardData:
    """Load and check a card data file; raises `DataFileError` with file, line and problem."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataFileError(f"{path}: cannot read the card data file: {exc.strerror}") from exc
    try:
        doc = yaml.load(text, Loader=_LineLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else "?"
        raise _fail(path, line, f"not valid YAML: {getattr(exc, 'problem', exc)}") from exc
    if not isinstance(doc, dict):
        raise _fail(path, 1, "the file must be a mapping with characters, types and encounters")
    for key in ("characters", "types", "encounters", "walker_majority"):
        if key not in doc:
            raise _fail(path, doc["__line__"], f"missing the section '{key}'")

    characters = _characters(path, doc["characters"])
    types = _types(path, doc["types"])
    wm = doc["walker_majority"]
    if not isinstance(wm, dict):
        raise _fail(path, "?", "'walker_majority' must be a mapping")
    cards = _encounters(path, doc["encounters"], types)
    data = CardData(
        characters=characters,
        types=types,
        cards=cards,
        walker_most=_int(path, wm, "most", 0, 1000),
        walker_second=_int(path, wm, "second", 0, 1000),
        second_from_players=_int(path, wm, "second_from_players", MIN_PLAYERS, MAX_PLAYERS + 1),
        death_over=_int(path, doc, "death_over", 0, 1000, default=20),
        source=str(path),
    )
    # The game lasts exactly nine rounds of (players + 1) cards: the markings must match.
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        have, want = len(data.deck_for(n)), ROUNDS * (n + 1)
        if have != want:
            raise _fail(
                path,
                doc["encounters"][0]["__line__"] if cards else doc["__line__"],
                f"{have} encounter cards are marked for {n} players; the game needs exactly "
                f"{want} (9 rounds of {n + 1})",
            )
    return data


def _characters(path: Path, entries: Any) -> tuple[Character, ...]:
    if not isinstance(entries, list) or len(entries) != 9:
        raise _fail(path, "?", "'characters' must list the nine Character cards 1-9")
    out = []
    for want, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            raise _fail(path, "?", f"character #{want} must be a mapping")
        number = _int(path, entry, "number", 1, 9)
        if number != want:
            raise _fail(
                path,
                entry["__line__"],
                f"characters must be numbered 1-9 in order; expected {want}, got {number}",
            )
        name = entry.get("name")
        if not isinstance(name, str) or not name:
            raise _fail(path, entry["__line__"], "a character needs a 'name'")
        out.append(
            Character(number, name, bool(entry.get("on_reveal", False)), str(entry.get("text", "")))
        )
    return tuple(out)


def _types(path: Path, entries: Any) -> dict[str, EncounterType]:
    if not isinstance(entries, dict):
        raise _fail(path, "?", "'types' must be a mapping of encounter types")
    missing = [t for t in TYPES if t not in entries]
    if missing:
        raise _fail(path, entries["__line__"], f"'types' lacks {', '.join(missing)}")
    out = {}
    for key in TYPES:
        entry = entries[key]
        if not isinstance(entry, dict):
            raise _fail(path, entries["__line__"], f"type '{key}' must be a mapping")
        sets = entry.get("sets")
        if key in SET_TYPES:
            if not (
                isinstance(sets, list) and len(sets) == 3 and all(isinstance(v, int) for v in sets)
            ):
                raise _fail(
                    path,
                    entry["__line__"],
                    f"type '{key}' needs 'sets': points for 1, 2 and 3 cards",
                )
            sets = (sets[0], sets[1], sets[2])
        elif sets is not None:
            raise _fail(
                path, entry["__line__"], f"type '{key}' does not score in sets; remove 'sets'"
            )
        out[key] = EncounterType(
            key=key,
            name=str(entry.get("name", key)),
            sets=sets,
            each=_int(path, entry, "each", -1000, 1000, default=0),
            walkers=_int(path, entry, "walkers", 0, 10, default=0),
            mob_damage=_int(path, entry, "mob_damage", 0, 100),
            personal_damage=_int(path, entry, "personal_damage", 0, 100, default=0),
        )
    if out["walker"].walkers < 1:
        raise _fail(path, entries["walker"]["__line__"], "a Walker must count as at least 1 Walker")
    return out


def _encounters(path: Path, entries: Any, types: dict[str, EncounterType]) -> tuple[Encounter, ...]:
    if not isinstance(entries, list) or not entries:
        raise _fail(path, "?", "'encounters' must list the Encounter cards")
    seen: set[str] = set()
    out = []
    for entry in entries:
        if not isinstance(entry, dict):
            raise _fail(path, "?", "each encounter card must be a mapping")
        line = entry["__line__"]
        cid = entry.get("id")
        if not isinstance(cid, str) or not cid:
            raise _fail(path, line, "an encounter card needs an 'id'")
        if cid in seen:
            raise _fail(path, line, f"the card id '{cid}' is used twice")
        seen.add(cid)
        kind = entry.get("type")
        if kind not in types:
            raise _fail(
                path, line, f"card '{cid}': unknown type {kind!r}; known: {', '.join(TYPES)}"
            )
        if kind == "wound":
            personal = _int(path, entry, "personal_damage", 2, 4)
        else:
            if "personal_damage" in entry:
                raise _fail(
                    path, line, f"card '{cid}': personal damage is set by its type '{kind}'"
                )
            personal = types[kind].personal_damage
        players = entry.get("players")
        if not (
            isinstance(players, list)
            and players
            and all(isinstance(n, int) and MIN_PLAYERS <= n <= MAX_PLAYERS for n in players)
        ):
            raise _fail(path, line, f"card '{cid}': 'players' must list player counts 2-6")
        out.append(Encounter(cid, kind, types[kind].mob_damage, personal, frozenset(players)))
    return tuple(out)


def default_path() -> Path:
    return assets() / "cards" / "something_to_fear.yaml"


@lru_cache(maxsize=1)
def default() -> CardData:
    """The card data shipped with flick (loaded once)."""
    return load(default_path())
