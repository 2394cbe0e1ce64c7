"""The pieces of a Flick 'em Up! game that are not physical bodies: survivors' boards and
inventories, tokens, noise, round colours and the event log.

The table (`flick.physics.Table`) holds where things are; the records here hold what the
rules track about them. The one mutable game state is `flick.game.game.Game`, which owns
these records.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from flick.errors import FlickError


class IllegalAction(FlickError):
    """An input the rules do not allow now. Raised before anything changes."""

    exit_code = 2


class Noise(IntEnum):
    """The zombies' reaction follows the loudest noise of the turn (rulebook p. 10)."""

    SILENT = 0
    QUIET = 1
    LOUD = 2


DAY = "day"
NIGHT = "night"

# Tokens as the rulebook names them (components list). A survivor's default weapon is not a token.
TOKEN_KINDS: tuple[str, ...] = (
    "food", "fuel", "medicine", "pretzel", "gun", "knife", "bat", "shotgun", "sniper",
    "crossroads", "key", "survivor", "x", "extra_action", "flare", "zombie",
)
WEAPONS: tuple[str, ...] = ("gun", "knife", "bat", "shotgun", "sniper")
# Firearms make LOUD noise; everything else used as a weapon is QUIET (rulebook p. 10).
GUNS: frozenset[str] = frozenset({"gun", "shotgun", "sniper"})

INVENTORY_SPACES = 2  # "2 additional inventory spaces" beside the default weapon

# Default weapons are printed only on the survivor boards, which the rulebook text does not
# carry. This project's reading, chosen so each team of a scenario has guns and quiet weapons:
DEFAULT_WEAPONS: dict[str, str] = {
    "Anita Wallace": "gun",
    "Elijah Jordan": "gun",
    "Gabriel Diaz": "knife",
    "John Price": "gun",
    "Loretta Clay": "bat",
    "Olivia Brown": "knife",
    "Rosa Rodriguez": "gun",
    "Thomas Heart": "bat",
    "Kevin Jackson": "gun",
    "Lily Mae": "knife",
    "Mike Cho": "bat",
}


@dataclass
class Token:
    """A cardboard token: `kind` from TOKEN_KINDS; face-down tokens hide their kind from players."""

    kind: str
    face_up: bool = True
    uid: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "face_up": self.face_up, "uid": self.uid}


@dataclass
class Survivor:
    """A survivor's board and figure.

    `piece` is the figure's id on the table, or None while the figure is off the table (inside
    a building, where it stands on a support block, or dead). `building` names the building
    the survivor is in. `backpack` is the colour on top of the rotating backpack: the survivor
    is available while it matches the round (rulebook p. 6). `facing` in radians.
    """

    name: str
    team: str
    life: int
    default_weapon: str
    inventory: list[Token] = field(default_factory=list)
    piece: int | None = None
    building: str | None = None
    backpack: str = DAY
    alive: bool = True
    standing: bool = True  # kept for survivors off the table (inside a building)
    facing: float = 0.0
    playable: bool = True  # False for S3's rescued Anita and S1's driver
    power_side: bool = False

    @property
    def short(self) -> str:
        return self.name.split()[0]

    def weapons(self) -> list[str]:
        """Weapons the survivor can use: the default weapon and weapon tokens carried."""
        out = [self.default_weapon]
        out += [t.kind for t in self.inventory if t.kind in WEAPONS]
        return out

    def count(self, kind: str) -> int:
        return sum(1 for t in self.inventory if t.kind == kind) + (self.default_weapon == kind)

    def free_spaces(self) -> int:
        return INVENTORY_SPACES - len(self.inventory)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "team": self.team,
            "life": self.life,
            "alive": self.alive,
            "default_weapon": self.default_weapon,
            "inventory": [t.kind for t in self.inventory],
            "building": self.building,
            "backpack": self.backpack,
        }


@dataclass
class Event:
    """One thing that happened, for logs, the UI and `flick sim --json`."""

    type: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}


class GameOver(Exception):
    """Raised inside the engine when an end condition is met; caught by `Game.apply`."""

    def __init__(self, winner: str | None, reason: str) -> None:
        super().__init__(reason)
        self.winner = winner
        self.reason = reason
