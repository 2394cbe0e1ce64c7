"""What a button, a key or a script line asks the window to do, as typed values.

A panel button carries one of these; the window's `command` carries it out. An engine input
goes as it is (`Apply`): the engine checks it (`Game.apply`) and refuses what is illegal.
The rest change only how the window helps (`SelectAction`, `Toggle`, `KillWeapon`,
`FlareFace`) or pick the n-th choice on offer (`PickOption`, the keys 1-9).

`parse` reads the text form that `flick play --script` files use for a `command` event
(`action:move`, `toggle:style`, `choose:Kevin Lee`, `take:PLACE:TAKE:DROP`, `keep:1`,
`option:0`, `vote:1`, ...): the one boundary where commands are strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from flick.game.inputs import (
    ChooseSurvivor,
    Eat,
    FightWait,
    FightWeapon,
    GoHungry,
    Input,
    Keep,
    TakeDrop,
)
from flick.game.state import IllegalAction
from flick.ui import decisions

if TYPE_CHECKING:
    from flick.game.game import Game

TOGGLES = ("style", "side", "hand", "aim", "power", "fit")


@dataclass(frozen=True)
class Apply:
    """Send this engine input (the engine refuses an illegal one; nothing changes then)."""

    inp: Input


@dataclass(frozen=True)
class SelectAction:
    """Pick an action of the survivor in play (an action's id of `flick.ui.adapter`)."""

    action: str


@dataclass(frozen=True)
class Toggle:
    """Flip a window setting: one of `TOGGLES`."""

    what: str


@dataclass(frozen=True)
class KillWeapon:
    """The weapon of a short kill (then click the zombie)."""

    weapon: str


@dataclass(frozen=True)
class FlareFace:
    """The flare's face up: big (LOUD) or small (QUIET)."""

    big: bool


@dataclass(frozen=True)
class PickOption:
    """The `index`-th choice the panel offers now (0-based; the keys 1-9)."""

    index: int


Command = Apply | SelectAction | Toggle | KillWeapon | FlareFace | PickOption


def take_drop(game: Game, place: str, take: int | None, drop: int | None) -> Apply:
    """A Take / Drop off at `place` (a building or `piece:ID`): the survivor's own building
    is the default place of the engine's input."""
    here = game.active_survivor.building if game.active else None
    return Apply(TakeDrop(take, drop, None if place == here else place))


def parse(text: str, game: Game) -> Command:
    """The command written as `text` (a script's `command` event); IllegalAction if it is
    not one."""
    head, _, rest = text.partition(":")
    if head == "toggle" and rest in TOGGLES:
        return Toggle(rest)
    if head == "action" and rest:
        return SelectAction(rest)
    if head == "keep" and rest in ("0", "1"):
        return Apply(Keep(rest == "1"))
    if head == "eat":
        name, _, slot = rest.rpartition(":")
        return Apply(Eat(name, _number(slot, text)))
    if head == "hungry":
        return Apply(GoHungry())
    if head == "fight_weapon" and rest:
        return Apply(FightWeapon(rest))
    if head == "fight_wait":
        return Apply(FightWait())
    if head == "take":
        parts = rest.rsplit(":", 2)
        if len(parts) != 3:
            raise IllegalAction(f"command {text!r}: give take:PLACE:TAKE:DROP")
        place, take, drop = parts
        return take_drop(game, place, _number(take, text) if take else None,
                         _number(drop, text) if drop else None)
    if head == "kill_weapon" and rest:
        return KillWeapon(rest)
    if head == "option":
        return PickOption(_number(rest, text))
    if head == "choose" and rest:
        return Apply(ChooseSurvivor(rest))
    if head == "flare_face" and rest in ("big", "small"):
        return FlareFace(rest == "big")
    inp = decisions.command_input(head, rest)
    if inp is not None:
        return Apply(inp)
    raise IllegalAction(f"unknown command {text!r}")


def _number(text: str, cmd: str) -> int:
    """A whole number in a command (from a script: it may be malformed)."""
    if not text.isdigit() or len(text) > 6:
        raise IllegalAction(f"command {cmd!r}: {text!r} is not a number")
    return int(text)
