"""The replay file's schema (pydantic, strict: unknown keys are damage) and its hashes."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from flick.game.game import MAX_SEED

FORMAT = "flick-replay"
VERSION = 1

MAX_PLAYERS = 10  # the most players a team has (the box: 2-10 players)

Pose = tuple[int, str, float, float, float, bool]
BuildingPose = tuple[int, str, float, float, float, tuple[int, int, int]]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Launch(_Model):
    """A piece set moving by a shot: an impulse (g cm/s) at an offset (cm), or a velocity."""

    piece: int
    kind: str
    at: tuple[float, float] | None = None  # cm: where it stood when launched
    impulse: tuple[float, float] | None = None
    offset: tuple[float, float] | None = None
    velocity: tuple[float, float] | None = None  # cm/s
    spin: float | None = None  # rad/s


class ShotRecord(_Model):
    input: int = Field(ge=0)
    table: Literal["city", "fight"]
    type: Literal["flick", "rush"]
    launched: list[Launch]
    first_touch: list[tuple[int, int, str]]
    fell: list[tuple[int, str]]
    travel: list[tuple[int, float]]
    poses: list[Pose]
    city: tuple[float, float] | None = None  # when not the start's
    buildings: list[BuildingPose] | None = None  # when not the start's
    hash: str = Field(pattern=r"^[0-9a-f]{64}$")


class Start(_Model):
    hash: str = Field(pattern=r"^[0-9a-f]{64}$")
    city: tuple[float, float]
    poses: list[Pose]
    buildings: list[BuildingPose]


class Embedded(_Model):
    hash: str = Field(pattern=r"^[0-9a-f]{64}$")
    data: dict[str, Any]


class ScenarioRecord(Embedded):
    number: int
    name: str
    # The bundled scenario file the game was played from (`s07_....yaml`); None for a custom
    # scenario or a file recorded before flick wrote it (flick.replay.provenance).
    bundled: str | None = None


class Player(_Model):
    team: str = Field(max_length=80)
    players: int = Field(ge=1, le=MAX_PLAYERS)
    controller: str = Field(max_length=200)


class Result(_Model):
    over: bool
    winner: str | None
    end_reason: str | None
    rounds: int
    turns: int


class GameRecord(_Model):
    scenario: ScenarioRecord  # as given: S9-S10's survivors are dealt again from the seed
    seed: int = Field(ge=0, le=MAX_SEED)
    dangerous: bool = False  # the variant "Dangerous days and nights"
    bots: str | None = None
    physics: Embedded
    players: list[Player] = Field(min_length=1)
    start: Start
    inputs: list[dict[str, Any]]
    digests: list[str]
    after: list[str]
    shots: list[ShotRecord]
    result: Result

    @model_validator(mode="after")
    def _lengths(self) -> GameRecord:
        n = len(self.inputs)
        if len(self.digests) != n or len(self.after) != n:
            raise ValueError(f"{n} inputs but {len(self.digests)} digests and {len(self.after)} "
                             "hashes after inputs: every input needs one of each")
        last = 0
        for k, shot in enumerate(self.shots):
            if shot.input >= n or shot.input < last:
                raise ValueError(f"shot {k + 1} names input {shot.input + 1}, out of order or "
                                 f"beyond the {n} inputs")
            last = shot.input
        teams = [p.team for p in self.players]
        if len(set(teams)) != len(teams):
            raise ValueError(f"a team is named twice among the players: {teams}")
        return self


class Header(_Model):
    """The replay file's fields other than its games."""

    format: Literal["flick-replay"]
    version: int
    flick: str = Field(max_length=200)
    pymunk: str = Field(max_length=200)
    build: str | None = Field(default=None, max_length=200)


class ReplayFile(Header):
    games: list[GameRecord] = Field(min_length=1)




def canonical(data: Any) -> str:
    """Canonical JSON: sorted keys, no spaces, exact floats; NaN and infinities refused."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)


def sha256(data: Any) -> str:
    return hashlib.sha256(canonical(data).encode()).hexdigest()


def digest(input_json: dict[str, Any]) -> str:
    """The 16-hex-digit digest of one input's JSON (catches an edited input)."""
    return sha256(input_json)[:16]
