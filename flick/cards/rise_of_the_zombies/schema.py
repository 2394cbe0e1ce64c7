"""The shape of `assets/cards/rise_of_the_zombies.yaml`, checked by pydantic before the catalog
is built.

The models name every field of every table and card, its type and whether it is required (an
unknown key, a missing field or a value of the wrong type is reported at its FILE:LINE:COLUMN
through `flick.datafile`). What the values mean (attack charts, effect keywords, the
rulebook / provisional marks, the rows in order) is checked by `data.load`, which builds the
frozen `Catalog`. Every table and card carries its marks (`rulebook`, `provisional`) and may
carry a `note` (prose the engine does not read).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class _Marked(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    rulebook: list[str]
    provisional: list[str]
    note: str | None = None


class DepartureModel(_Marked):
    """Minutes to the Rescue Helicopter for 5+, 3-4 and 1-2 starting survivors."""

    columns: list[str] | None = None
    introductory: list[int]
    standard: list[int]
    expert: list[int]
    insane: list[int]


class MinutesPerTurnModel(_Marked):
    value: int


class GroupRowModel(_Marked):
    survivors: int
    health: int
    infestation: int


class EvaluationModel(_Marked):
    rows: list[list[int | str]]


class SpecialLocationModel(_Marked):
    name: str
    place: int
    draw: int
    infestation: int


class WeaponModel(BaseModel):
    """A survivor's Inherent Weapon (marked with its survivor)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    name: str
    range: list[int]
    chart: str


class SurvivorModel(_Marked):
    name: str
    weapon: WeaponModel | None
    ability: str
    epic: bool


class ZombieModel(_Marked):
    name: str
    xp: int
    health: int
    attack: str
    traits: list[str]
    count: int
    epic: bool = False


class ActionModel(_Marked):
    """An Action card; which of the optional fields a type needs is checked by `data.load`."""

    name: str
    type: str
    cost: int
    symbols: list[str]
    count: int
    range: list[int] | None = None
    chart: str | None = None
    final: int | None = None
    health: int | None = None
    draw: int | None = None
    infestation: int | None = None
    epic: bool | None = None
    effect: dict[str, int | str] | None = None


class CardFileModel(BaseModel):
    """The whole file."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    departure_minutes: DepartureModel
    minutes_per_turn: MinutesPerTurnModel
    group_counter: list[GroupRowModel]
    campaign_evaluation: EvaluationModel
    special_locations: list[SpecialLocationModel]
    survivors: list[SurvivorModel]
    zombies: list[ZombieModel]
    actions: list[ActionModel]
