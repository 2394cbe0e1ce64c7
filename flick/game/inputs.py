"""Every decision of a game as an explicit, recordable input.

A game is fully determined by its scenario, its seed and the list of inputs applied to it
(`Game.apply`). Each input is a frozen dataclass with a JSON form (`to_json` /
`input_from_json`), so a replay is the seed plus that list. Flicks are given as an impulse
(g*cm/s, table coordinates) at a contact offset (cm, from the piece's centre).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

from flick.errors import FlickError

Vec = tuple[float, float]


@dataclass(frozen=True)
class Flick:
    """A flick of one piece: impulse (g*cm/s) applied at `offset` (cm) from its centre."""

    impulse: Vec
    offset: Vec = (0.0, 0.0)


@dataclass(frozen=True)
class Input:
    """Base of all inputs; `kind` names the input in JSON."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        return {"input": self.kind, **data}


@dataclass(frozen=True)
class ChooseSurvivor(Input):
    """Use this available survivor for the turn (it is stood up if fallen)."""

    kind: ClassVar[str] = "choose"
    survivor: str


@dataclass(frozen=True)
class Move(Input):
    """Move: the figure is replaced by the movement disc, which is flicked.

    `angle` (radians) orients the disc's line. From inside a building the disc is placed
    behind the building (rulebook: exiting), and the flick must carry it out through the door.
    `set_aside`: ids of objects blocking a building's entrance, set aside during the attempt
    and put back after it (rulebook p. 8).
    """

    kind: ClassVar[str] = "move"
    flick: Flick
    angle: float = 0.0
    set_aside: tuple[int, ...] = ()


@dataclass(frozen=True)
class Shoot(Input):
    """Fire a gun: a bullet one bullet-width to the `side` ('left'/'right') of the survivor.

    `second` is the other bullet of a two-gun shot (from the other side), allowed with 2+ guns.
    """

    kind: ClassVar[str] = "shoot"
    side: str
    flick: Flick
    second: Flick | None = None


@dataclass(frozen=True)
class Knife(Input):
    """Throw the knife: stood upright one bullet-width to the `side` of the survivor."""

    kind: ClassVar[str] = "knife"
    side: str
    flick: Flick


@dataclass(frozen=True)
class Bat(Input):
    """The baseball bat replaces the figure, flat along `angle`; its knob is flicked."""

    kind: ClassVar[str] = "bat"
    angle: float
    flick: Flick
    set_aside: tuple[int, ...] = ()


@dataclass(frozen=True)
class ShortKill(Input):
    """Kill a zombie next to the survivor without a flick, with `weapon` (sets the noise)."""

    kind: ClassVar[str] = "short_kill"
    zombie: int
    weapon: str


@dataclass(frozen=True)
class Shotgun(Input):
    """The shotgun template beside the survivor along `angle`; 4 pellets flicked along it.

    `impulse` (g*cm/s) is the strength of the flick on the pellets.
    """

    kind: ClassVar[str] = "shotgun"
    side: str
    angle: float
    impulse: float


@dataclass(frozen=True)
class Sniper(Input):
    """The sniper template beside the survivor along `angle`; one bullet flicked along it."""

    kind: ClassVar[str] = "sniper"
    side: str
    angle: float
    impulse: float


@dataclass(frozen=True)
class TakeDrop(Input):
    """Take (index in the place's tokens) and/or drop off (index in the inventory).

    `place` is a building name, or (from scenario 3) the piece id of a vehicle, barrel or box
    next to the survivor, as a string; None means the building the survivor is in.
    """

    kind: ClassVar[str] = "take_drop"
    take: int | None = None
    drop: int | None = None
    place: str | None = None


@dataclass(frozen=True)
class Keep(Input):
    """After taking a face-down token and looking at it: keep it, or leave it face up."""

    kind: ClassVar[str] = "keep"
    keep: bool


@dataclass(frozen=True)
class EndTurn(Input):
    """End the active survivor's turn; `facing` (radians) when the last action did not set it."""

    kind: ClassVar[str] = "end_turn"
    facing: float | None = None


@dataclass(frozen=True)
class FightWeapon(Input):
    """Scenario 2 fight: the survivor's weapon for the fight ('gun', 'knife' or 'bat')."""

    kind: ClassVar[str] = "fight_weapon"
    weapon: str


@dataclass(frozen=True)
class FightFlick(Input):
    """Fight: flick the weapon (bullet, knife or bat) on the staging table."""

    kind: ClassVar[str] = "fight_flick"
    flick: Flick


@dataclass(frozen=True)
class FightWait(Input):
    """Fight with the bat: wait, revealing a fight card."""

    kind: ClassVar[str] = "fight_wait"


@dataclass(frozen=True)
class Eat(Input):
    """Scenario 4 hunger: discard the food in `slot` of `survivor`'s inventory."""

    kind: ClassVar[str] = "eat"
    survivor: str
    slot: int


@dataclass(frozen=True)
class GoHungry(Input):
    """Scenario 4 hunger: do not eat; every survivor loses 1 life."""

    kind: ClassVar[str] = "go_hungry"


# ---- the inputs scenarios 5-10 add ----------------------------------------------------------
# (Crossroads choices, flares, powers, accusations and votes, the betrayer's pass and flick, a
# wrongly accused player's allegiance, stealing, moving an X token)
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


# Every input's class by its kind, those of scenarios 5-10 included: `input_from_json` rebuilds
# any of them, so a recorded game of any scenario replays.
INPUT_TYPES: dict[str, type[Input]] = {
    cls.kind: cls
    for cls in (
        ChooseSurvivor, Move, Shoot, Knife, Bat, ShortKill, Shotgun, Sniper, TakeDrop, Keep,
        EndTurn, FightWeapon, FightFlick, FightWait, Eat, GoHungry,
        CrossroadsChoice, Flare, ExtraAction, Heal, FigureMove, PickToken, Accuse, Vote,
        ExileFlick, Allegiance, PassTurn, Steal, MoveX,
    )
}


def _flick(data: Any) -> Flick:
    unknown = sorted(set(data) - {"impulse", "offset"})
    if unknown:
        raise ValueError(f"a flick has no field {unknown[0]!r}")
    imp = data["impulse"]
    off = data.get("offset", (0.0, 0.0))
    return Flick((float(imp[0]), float(imp[1])), (float(off[0]), float(off[1])))


def input_from_json(data: dict[str, Any]) -> Input:
    """Rebuild an input from its `to_json` form; a malformed one (a field it does not have
    included) raises FlickError."""
    try:
        cls = INPUT_TYPES[data["input"]]
        unknown = sorted(set(data) - {"input"} - {f.name for f in fields(cls)})
        if unknown:
            raise ValueError(f"a {cls.kind} input has no field {str(unknown[0])[:40]!r}")
        kwargs: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name in ("flick", "second") and value is not None:
                value = _flick(value)
            if f.name == "set_aside":
                value = tuple(int(v) for v in value)
            kwargs[f.name] = value
        return cls(**kwargs)
    except (KeyError, TypeError, ValueError, IndexError, OverflowError) as exc:
        raise FlickError(f"malformed game input {str(data)[:200]}: {exc}") from exc


# The largest angle (radians) an input may give: far beyond a turn, short of where a float
# loses the fraction of a degree (a replay with 1e300 would aim nowhere in particular).
MAX_ANGLE = 1000.0


def _real(value: Any) -> bool:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too large for a float (401 digits)
        return False


def _vec(value: Any) -> bool:
    return isinstance(value, tuple | list) and len(value) == 2 and all(_real(v) for v in value)


def malformed(inp: Any) -> str | None:
    """What is wrong with the shape of an input (a field of the wrong type, a NaN, a flick
    that is not two pairs of numbers, an angle beyond MAX_ANGLE), or None. The game checks
    this before anything changes; sizes that depend on the table (an offset beyond the piece,
    an impulse above MAX_FLICK_IMPULSE) are the table's and the actions' checks."""
    if not isinstance(inp, Input) or type(inp) not in INPUT_TYPES.values():
        return f"{inp!r} is not a game input"
    for f in fields(inp):
        value = getattr(inp, f.name)
        kind = str(f.type)
        if value is None and "None" in kind:
            continue
        if kind.startswith("Flick"):
            if not (isinstance(value, Flick) and _vec(value.impulse) and _vec(value.offset)):
                return f"{inp.kind}.{f.name}: a flick is two pairs of finite numbers, not {value!r}"
        elif kind.startswith("float"):
            if not _real(value):
                return f"{inp.kind}.{f.name}: a finite number, not {value!r}"
            if ("angle" in f.name or f.name == "facing") and abs(value) > MAX_ANGLE:
                return f"{inp.kind}.{f.name}: {value:g} rad is beyond {MAX_ANGLE:g}"
        elif kind.startswith("int"):
            if not isinstance(value, int) or isinstance(value, bool):
                return f"{inp.kind}.{f.name}: a whole number, not {value!r}"
        elif kind.startswith("tuple[int"):
            if not (isinstance(value, tuple) and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in value)):
                return f"{inp.kind}.{f.name}: a tuple of piece ids, not {value!r}"
        elif kind.startswith("str"):
            if not isinstance(value, str):
                return f"{inp.kind}.{f.name}: a name, not {value!r}"
        elif kind.startswith("bool") and not isinstance(value, bool):
            return f"{inp.kind}.{f.name}: true or false, not {value!r}"
    return None
