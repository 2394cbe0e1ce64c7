"""The shape of `assets/cards/surrounded.yaml`, checked by pydantic before the cards are built.

The models name every field, its type and whether it is required (an unknown key, a missing
field or a value of the wrong type is reported at its FILE:LINE:COLUMN through
`flick.datafile`); what a value means (an occupant code, an effect clause, a container) is
checked by `cards.load_cards`, which builds the frozen `Card`s.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class FacesModel(_Strict):
    """The occupant side: one face code against each edge."""

    N: str
    E: str
    S: str
    W: str


class CardModel(_Strict):
    """One card as written in the file (`source` marks each value R or D; `note` is prose)."""

    number: int
    name: str
    printed: str | None
    container: str | None
    effect: str | None
    faces: FacesModel
    source: dict[str, str] = {}
    note: str | None = None


class CardFileModel(_Strict):
    """The whole file: a `cards:` list."""

    cards: list[CardModel]
