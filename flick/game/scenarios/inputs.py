"""Inputs of scenarios 5-10 (Crossroads choices, flares, powers, accusations and votes, the
betrayer's pass and flick, a wrongly accused player's allegiance, stealing).

They are registered in `flick.game.inputs.INPUT_TYPES` on import, so `input_from_json`
rebuilds them and a recorded game of scenarios 5-10 replays like any other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from flick.game.inputs import INPUT_TYPES, Flick, Input


@dataclass(frozen=True)
class CrossroadsChoice(Input):
    """S5 on: the option (0-based) chosen on the Crossroads card just drawn."""

    kind: ClassVar[str] = "crossroads"
    option: int = 0


@dataclass(frozen=True)
class Flare(Input):
    """S7 on (1 action): flick a flare token from beside the survivor (from the thumb).

    `big` is the face the flare is flicked with: big face LOUD, small face QUIET (this
    project's reading: the player lays the token the face of their choice up; a token slid on
    the table does not turn over)."""

    kind: ClassVar[str] = "flare"
    flick: Flick
    big: bool = True


@dataclass(frozen=True)
class ExtraAction(Input):
    """Anita's power: discard one extra-action token for one more action this turn."""

    kind: ClassVar[str] = "extra_action"


@dataclass(frozen=True)
class Heal(Input):
    """Olivia's power (no action): discard a medicine (from `source`'s inventory, Olivia's or
    the healed survivor's) to give `target` 1 life; `target` is in Olivia's building or next
    to her."""

    kind: ClassVar[str] = "heal"
    target: str
    source: str


@dataclass(frozen=True)
class FigureMove(Input):
    """Mike's power: a free move at the end of his turn, flicking his figure itself; if he
    falls he is put back where he was. Ends the turn."""

    kind: ClassVar[str] = "figure_move"
    flick: Flick


@dataclass(frozen=True)
class PickToken(Input):
    """Gabriel's power: of the 2 face-down tokens he looked at, take `choice` (0 or 1)."""

    kind: ClassVar[str] = "pick_token"
    choice: int = 0


@dataclass(frozen=True)
class Accuse(Input):
    """S9-S10 (1 action): accuse a player (named by their survivor) of the active survivor's
    team of being the betrayer; the team then votes."""

    kind: ClassVar[str] = "accuse"
    accused: str


@dataclass(frozen=True)
class Vote(Input):
    """S9-S10: the next voter's thumb, up (the accused must show their card) or down."""

    kind: ClassVar[str] = "vote"
    up: bool


@dataclass(frozen=True)
class ExileFlick(Input):
    """S9-S10: the unmasked betrayer's figure lies fallen and is flicked in the direction of
    the betrayer's choice."""

    kind: ClassVar[str] = "exile_flick"
    flick: Flick


@dataclass(frozen=True)
class Allegiance(Input):
    """S9-S10: a wrongly accused player stays with their clan (`defect` False) or joins the
    opposing clan."""

    kind: ClassVar[str] = "allegiance"
    defect: bool = False


@dataclass(frozen=True)
class PassTurn(Input):
    """S9-S10: the betrayer (a team of one) flips its X token face down to pass its turn."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Steal(Input):
    """S6 on: the survivor offered a steal, having looked at one face-down token of a fallen
    survivor, `take`s it, `leave`s it, or `discard`s it (an X token only)."""

    kind: ClassVar[str] = "steal"
    action: str = "take"


@dataclass(frozen=True)
class MoveX(Input):
    """S8: the last survivor has left a building: the active player takes the X token from
    the blocked building `source` and places it in front of the building just left."""

    kind: ClassVar[str] = "move_x"
    source: str = ""


NEW_INPUTS: tuple[type[Input], ...] = (
    CrossroadsChoice, Flare, ExtraAction, Heal, FigureMove, PickToken, Accuse, Vote,
    ExileFlick, Allegiance, PassTurn, Steal, MoveX,
)
for _cls in NEW_INPUTS:
    INPUT_TYPES.setdefault(_cls.kind, _cls)
