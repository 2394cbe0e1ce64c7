"""The decisions inside an action of Rise of the Zombies!: after an attack, a heal, a Final
Attack, a zombie's wound and so on, one survivor (`seat`) chooses a target or an option before
the game goes on. The state keeps them in order (`RiseOfTheZombies.pending`, the first one is
decided next); each kind is a dataclass naming what it needs.

In a saved game each is a mapping with its `kind` and its fields (`to_json`, `from_json`);
saves of the earlier shape (keys "k", "s", "w", "t", "ts", "n") still load.

`Infestation`: the Infestation being drawn into a Location just placed (the state's
`infest`), which an Epic decision may interrupt.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(kw_only=True)
class Decision:
    """A decision of survivor `seat`; `reaction`: made inside the target's reaction window
    (such an attack opens no window of its own)."""

    kind: ClassVar[str] = ""
    seat: int
    reaction: bool = False


@dataclass(kw_only=True)
class Aim(Decision):
    """Choose whom an attack hits, a zombie or (the Otis rule) a survivor at range `lo`-`hi`.
    `window`: the target declared before the target's reaction window (the attack goes on at
    it); `reacted`: that window was opened (one an attack)."""

    lo: int
    hi: int
    window: tuple[int, int, int] | None = None
    reacted: bool = False


@dataclass(kw_only=True)
class Target(Aim):
    """The target of one attack: `mode` "weapon" (a roll of weapon card `weapon`, NONE for
    the Inherent Weapon), "fixed" (`wounds` wounds), "chart" (`left` rolls of the chart of
    card `chart`: a Companion or an Ambush) or "reroll" (the Historian's re-roll of weapon
    `weapon`, in the place of the Reroll it answers only while that roll is made, so that the
    roll goes on from where it was drawn: `combat.weapon_roll`)."""

    kind: ClassVar[str] = "target"
    mode: str
    weapon: int = 0
    chart: int = 0
    left: int = 1
    wounds: int = 0


@dataclass(kw_only=True)
class Alloc(Aim):
    """A Final Attack's `wounds`, one at a time."""

    kind: ClassVar[str] = "alloc"
    wounds: int


@dataclass(kw_only=True)
class React(Decision):
    """The target of survivor `by`'s attack may react first with an attack of its own."""

    kind: ClassVar[str] = "react"
    by: int


@dataclass(kw_only=True)
class Heal(Decision):
    """Heal `wounds` wounds of a survivor or companion here."""

    kind: ClassVar[str] = "heal"
    wounds: int


@dataclass(kw_only=True)
class Reroll(Decision):
    """The Historian may re-roll `roll` of weapon `weapon` at `target` (a survivor if
    `on_survivor`)."""

    kind: ClassVar[str] = "reroll"
    weapon: int
    target: int
    on_survivor: bool
    roll: int


@dataclass(kw_only=True)
class Epic(Decision):
    """Place the Mutated Prisoners met during an Infestation, or set them aside."""

    kind: ClassVar[str] = "epic"


@dataclass(kw_only=True)
class Join(Decision):
    """Join an Ambush by discarding one's hand (one more roll a card)."""

    kind: ClassVar[str] = "join"


@dataclass(kw_only=True)
class Redirect(Decision):
    """`wounds` wounds a zombie deals: redirect them one by one to a Companion, or take them."""

    kind: ClassVar[str] = "redirect"
    wounds: int


KINDS: dict[str, type[Decision]] = {
    c.kind: c for c in (Target, Alloc, React, Heal, Reroll, Epic, Join, Redirect)}
_OLD_KEYS = {"s": "seat", "w": "weapon", "t": "target", "ts": "on_survivor", "n": "wounds"}


def to_json(d: Decision) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": d.kind}
    for f in dataclasses.fields(d):
        value = getattr(d, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def from_json(data: dict[str, Any]) -> Decision:
    """A decision from its saved mapping (`KeyError`, `TypeError` or `ValueError` if it is
    damaged)."""
    fields = {_OLD_KEYS.get(k, k): v for k, v in data.items() if k not in ("kind", "k")}
    kind = KINDS[data["kind"] if "kind" in data else data["k"]]
    if fields.get("window") is not None:
        a, b, c = fields["window"]
        fields["window"] = (int(a), int(b), int(c))
    return kind(**fields)


@dataclass
class Infestation:
    """Zombies drawn into the Location at path position `pos` until their Experience reaches
    `need` (`got` so far), Engaging survivor `seat`; `fast`: the Fast zombies placed (they
    attack once the drawing ends); `prisoners`: the Mutated Prisoners card waiting for the
    Epic decision (-1: none)."""

    pos: int
    need: int
    got: int
    seat: int
    fast: list[int]
    prisoners: int = -1

    def copy(self) -> Infestation:
        return dataclasses.replace(self, fast=list(self.fast))

    def to_json(self) -> dict[str, Any]:
        """The saved mapping (its keys in the order of the fields)."""
        return {"pos": self.pos, "need": self.need, "got": self.got, "seat": self.seat,
                "fast": list(self.fast), "prisoners": self.prisoners}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Infestation:
        """An infestation from its saved mapping (`KeyError`, `TypeError` or `ValueError` if
        it is damaged)."""
        fields = dict(data)
        fields["fast"] = list(fields["fast"])
        return cls(**fields)
