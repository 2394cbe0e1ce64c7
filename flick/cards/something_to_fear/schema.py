"""The shape of `assets/cards/something_to_fear.yaml`, checked by pydantic before the cards are
built.

The models name every field, its type and its default (an unknown key, a missing field or a
value of the wrong type is reported at its FILE:LINE:COLUMN through `flick.datafile`); the
rules' ranges and counts (nine characters in order, the wound damage, the deck markings) are
checked by `data.load`, which builds the frozen `CardData`. `source` fields are prose marks
(rulebook / provisional) the engine does not read.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class CharacterModel(_Strict):
    number: int
    name: str
    on_reveal: bool = False
    text: str = ""
    source: str | None = None


class TypeModel(_Strict):
    """Values shared by the cards of one encounter type (`sets` only for the set types)."""

    name: str | None = None
    sets: list[int] | None = None
    each: int = 0
    walkers: int = 0
    mob_damage: int
    personal_damage: int = 0
    source: str | None = None


class WalkerMajorityModel(_Strict):
    most: int
    second: int
    second_from_players: int
    source: str | None = None


class EncounterModel(_Strict):
    """One Encounter card; only Wounds print their own `personal_damage`."""

    id: str
    type: str
    players: list[int]
    personal_damage: int | None = None


class CardFileModel(_Strict):
    """The whole file."""

    game: str | None = None
    characters: list[CharacterModel]
    types: dict[str, TypeModel]
    walker_majority: WalkerMajorityModel
    death_over: int = 20
    encounters_source: str | None = None
    encounters: list[EncounterModel]
