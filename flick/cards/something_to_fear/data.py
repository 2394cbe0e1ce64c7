"""Card data of Something to Fear: the characters, encounter types and the encounter deck.

Read from `assets/cards/something_to_fear.yaml` through `flick.datafile`, shaped by the pydantic
models of `schema` and checked on load: a malformed file raises `DataFileError` naming the file,
the line, the column and the problem. Everything is frozen: the mutable
game lives in `state.StfState` alone, which refers to cards by their index in `CardData.cards`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path as FilePath

from flick import datafile
from flick.cards.something_to_fear.schema import (
    CardFileModel,
    CharacterModel,
    EncounterModel,
    TypeModel,
)
from flick.datafile import Marked, Path
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

    @cached_property
    def deck_sizes(self) -> dict[int, int]:
        """len(deck_for(n)) per player count n (the dense action ids read it at every id)."""
        return {n: len(self.deck_for(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


def _range(marked: Marked, path: Path, value: int | None, lo: int, hi: int) -> int:
    if value is None or not lo <= value <= hi:
        raise datafile.fail(
            marked, path, f"'{path[-1]}' must be a whole number {lo}..{hi}, got {value!r}"
        )
    return value


def load(path: FilePath | str) -> CardData:
    """Load and check a card data file; raises `DataFileError` at FILE:LINE:COLUMN (exit 2).

    Read through `flick.datafile`, shaped by `schema.CardFileModel`, then the rules' ranges and
    counts are checked here."""
    path = FilePath(path)
    marked = datafile.read_file(path)
    if not isinstance(marked.data, dict):
        raise datafile.fail(
            marked, (), "the file must be a mapping with characters, types and encounters"
        )
    doc = datafile.validate(marked, CardFileModel)
    characters = _characters(marked, doc.characters)
    types = _types(marked, doc.types)
    cards = _encounters(marked, doc.encounters, types)
    wm = doc.walker_majority
    data = CardData(
        characters=characters,
        types=types,
        cards=cards,
        walker_most=_range(marked, ("walker_majority", "most"), wm.most, 0, 1000),
        walker_second=_range(marked, ("walker_majority", "second"), wm.second, 0, 1000),
        second_from_players=_range(
            marked, ("walker_majority", "second_from_players"), wm.second_from_players,
            MIN_PLAYERS, MAX_PLAYERS + 1,
        ),
        death_over=_range(marked, ("death_over",), doc.death_over, 0, 1000),
        source=str(path),
    )
    # The game lasts exactly nine rounds of (players + 1) cards: the markings must match.
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        have, want = len(data.deck_for(n)), ROUNDS * (n + 1)
        if have != want:
            raise datafile.fail(
                marked,
                ("encounters",),
                f"{have} encounter cards are marked for {n} players; the game needs exactly "
                f"{want} (9 rounds of {n + 1})",
            )
    return data


def _characters(marked: Marked, entries: list[CharacterModel]) -> tuple[Character, ...]:
    if len(entries) != 9:
        raise datafile.fail(
            marked, ("characters",), "'characters' must list the nine Character cards 1-9"
        )
    out = []
    for want, entry in enumerate(entries, 1):
        at = ("characters", want - 1)
        number = _range(marked, (*at, "number"), entry.number, 1, 9)
        if number != want:
            raise datafile.fail(
                marked,
                (*at, "number"),
                f"characters must be numbered 1-9 in order; expected {want}, got {number}",
            )
        if not entry.name:
            raise datafile.fail(marked, (*at, "name"), "a character needs a 'name'")
        out.append(Character(number, entry.name, entry.on_reveal, entry.text))
    return tuple(out)


def _types(marked: Marked, entries: dict[str, TypeModel]) -> dict[str, EncounterType]:
    missing = [t for t in TYPES if t not in entries]
    if missing:
        raise datafile.fail(marked, ("types",), f"'types' lacks {', '.join(missing)}")
    out = {}
    for key in TYPES:
        entry = entries[key]
        at = ("types", key)
        sets: tuple[int, int, int] | None = None
        if key in SET_TYPES:
            if entry.sets is None or len(entry.sets) != 3:
                raise datafile.fail(
                    marked, (*at, "sets"), f"type '{key}' needs 'sets': points for 1, 2 and 3 cards"
                )
            sets = (entry.sets[0], entry.sets[1], entry.sets[2])
        elif entry.sets is not None:
            raise datafile.fail(
                marked, (*at, "sets"), f"type '{key}' does not score in sets; remove 'sets'"
            )
        out[key] = EncounterType(
            key=key,
            name=key if entry.name is None else entry.name,
            sets=sets,
            each=_range(marked, (*at, "each"), entry.each, -1000, 1000),
            walkers=_range(marked, (*at, "walkers"), entry.walkers, 0, 10),
            mob_damage=_range(marked, (*at, "mob_damage"), entry.mob_damage, 0, 100),
            personal_damage=_range(
                marked, (*at, "personal_damage"), entry.personal_damage, 0, 100
            ),
        )
    if out["walker"].walkers < 1:
        raise datafile.fail(
            marked, ("types", "walker", "walkers"), "a Walker must count as at least 1 Walker"
        )
    return out


def _encounters(
    marked: Marked, entries: list[EncounterModel], types: dict[str, EncounterType]
) -> tuple[Encounter, ...]:
    if not entries:
        raise datafile.fail(marked, ("encounters",), "'encounters' must list the Encounter cards")
    seen: set[str] = set()
    out = []
    for i, entry in enumerate(entries):
        at = ("encounters", i)
        cid = entry.id
        if not cid:
            raise datafile.fail(marked, (*at, "id"), "an encounter card needs an 'id'")
        if cid in seen:
            raise datafile.fail(marked, (*at, "id"), f"the card id '{cid}' is used twice")
        seen.add(cid)
        kind = entry.type
        if kind not in types:
            raise datafile.fail(
                marked, (*at, "type"),
                f"card '{cid}': unknown type {kind!r}; known: {', '.join(TYPES)}",
            )
        if kind == "wound":
            personal = _range(marked, (*at, "personal_damage"), entry.personal_damage, 2, 4)
        else:
            if entry.personal_damage is not None:
                raise datafile.fail(
                    marked, (*at, "personal_damage"),
                    f"card '{cid}': personal damage is set by its type '{kind}'",
                )
            personal = types[kind].personal_damage
        players = entry.players
        if not (players and all(MIN_PLAYERS <= n <= MAX_PLAYERS for n in players)):
            raise datafile.fail(
                marked, (*at, "players"), f"card '{cid}': 'players' must list player counts 2-6"
            )
        out.append(Encounter(cid, kind, types[kind].mob_damage, personal, frozenset(players)))
    return tuple(out)


def default_path() -> FilePath:
    return assets() / "cards" / "something_to_fear.yaml"


@lru_cache(maxsize=1)
def default() -> CardData:
    """The card data shipped with flick (loaded once)."""
    return load(default_path())
