"""A seat's view of a networked game as the host sends it (`flick.net.views` makes it from
the game): the public table, identical for every seat, and the seat's own part. Plain models
without the engine, so a client (a bot, a window) reads them without loading the rules."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SurvivorView(_Strict):
    name: str
    team: str
    life: int
    alive: bool
    playable: bool
    default_weapon: str
    building: str | None
    backpack: str
    standing: bool
    inventory: list[str]  # "?" for a face-down token
    piece: int | None


class PublicState(_Strict):
    """What everybody at the table sees: identical for every seat and spectator."""

    seq: int  # inputs played
    scenario: int
    phase: str
    current_team: str
    active: str | None
    actions_done: int
    noise: str
    round_marker: int
    round_colour: str
    round_number: int
    turns: int
    to_act: str | None
    legal: list[str]
    zombies: dict[str, int]
    zombies_inside: dict[str, int]
    stashes: dict[str, list[str]]
    survivors: list[SurvivorView]
    pieces: list[tuple[int, str, float, float, float, bool]]  # id, kind, x, y, angle (cm, rad)
    city: tuple[float, float]  # the city's width and height (cm)
    buildings: list[tuple[int, str, float, float, float, tuple[int, int, int]]]
    table_hash: str
    unmasked: list[str]
    vote: dict[str, Any] | None
    over: bool
    winner: str | None
    end_reason: str | None


class Objective(_Strict):
    id: str
    title: str
    text: str
    betrayer: bool


class SeatState(_Strict):
    """What this seat alone sees: its tokens, its objective, what it looks at, its choices."""

    seat: str | None
    your_turn: bool
    tokens: dict[str, list[str]]  # survivor -> inventory kinds this seat knows
    objective: Objective | None
    looking_at: list[str]  # the kinds of the tokens this seat is shown now (keep, steal, pick)
    choices: list[dict[str, Any]]  # inputs (JSON form) this seat may send now, besides flicks
    actions: list[str] = []  # the active survivor's actions the rules allow now, when acting
    result: dict[str, Any] | None  # scenarios 9-10 at the end: this seat's objective met, won


class SeatView(_Strict):
    public: PublicState
    seat: SeatState
    events: list[dict[str, Any]]  # new since the last view to this connection (public form)
    shots: list[dict[str, Any]]  # new shots: input, table, type, fell, hash, poses after
