"""The location-effect language of Surrounded: the effect text on a card is the program.

A location's effect is one clause or several separated by ";". Each clause is one of

    +N [per COUNTER] [if CONDITION]         points added to the location's score
    Leaders here do not eliminate each other
    Counts as surrounded with N edges covered
    Walkers here score -N each               (per Walker icon, instead of -1)

COUNTER: remaining survivor | remaining leader | remaining human | remaining walker icon |
walker icon before battle | human before battle | adjacent occupant card.
CONDITION: overrun | not overrun | surrounded | not surrounded |
no walker icon before battle | no remaining occupant.

Words are case-insensitive; "here", "the", "a" and plural "s" are ignored, so the text can read
as card text ("+1 per remaining Survivor here"). The parser raises `ValueError` with the
problem; the card loader turns that into a `DataFileError` naming the file and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

COUNTERS = (
    "remaining survivor",
    "remaining leader",
    "remaining human",
    "remaining walker icon",
    "walker icon before battle",
    "human before battle",
    "adjacent occupant card",
)
CONDITIONS = (
    "overrun",
    "not overrun",
    "surrounded",
    "not surrounded",
    "no walker icon before battle",
    "no remaining occupant",
)


@dataclass(frozen=True)
class Tally:
    """What a location's effect may look at, after its battle (counts of occupants/icons)."""

    remaining_survivors: int
    remaining_leaders: int
    remaining_walker_icons: int
    walker_icons_before: int
    humans_before: int
    adjacent_occupant_cards: int
    surrounded: bool

    def counter(self, name: str) -> int:
        if name == "remaining survivor":
            return self.remaining_survivors
        if name == "remaining leader":
            return self.remaining_leaders
        if name == "remaining human":
            return self.remaining_survivors + self.remaining_leaders
        if name == "remaining walker icon":
            return self.remaining_walker_icons
        if name == "walker icon before battle":
            return self.walker_icons_before
        if name == "human before battle":
            return self.humans_before
        if name == "adjacent occupant card":
            return self.adjacent_occupant_cards
        raise ValueError(f"unknown counter {name!r}")

    def holds(self, cond: str) -> bool:
        overrun = self.remaining_walker_icons > 0
        if cond == "overrun":
            return overrun
        if cond == "not overrun":
            return not overrun
        if cond == "surrounded":
            return self.surrounded
        if cond == "not surrounded":
            return not self.surrounded
        if cond == "no walker icon before battle":
            return self.walker_icons_before == 0
        if cond == "no remaining occupant":
            left = self.remaining_survivors + self.remaining_leaders + self.remaining_walker_icons
            return left == 0
        raise ValueError(f"unknown condition {cond!r}")


@dataclass(frozen=True)
class PointsClause:
    """`points` (times the counter `per`, if any), when `condition` (if any) holds."""

    points: int
    per: str | None = None
    condition: str | None = None

    def value(self, tally: Tally) -> int:
        if self.condition is not None and not tally.holds(self.condition):
            return 0
        return self.points * (tally.counter(self.per) if self.per else 1)


@dataclass(frozen=True)
class Effect:
    """A parsed location effect: its text, point clauses and rule changes."""

    text: str
    clauses: tuple[PointsClause, ...] = ()
    leaders_coexist: bool = False  # leaders here do not eliminate each other
    surround_edges: int = 4  # edges that must touch occupant cards to be surrounded
    walker_points: int = -1  # points per remaining Walker icon

    def bonus(self, tally: Tally) -> int:
        return sum(c.value(tally) for c in self.clauses)


NO_EFFECT = Effect(text="")

_IGNORED = {"here", "the", "a", "an"}


def _normalise(text: str) -> str:
    """Lower case, drop filler words and plural 's' so card wording maps to one phrase."""
    words = []
    for w in re.split(r"\s+", text.strip().lower()):
        if not w or w in _IGNORED:
            continue
        if len(w) > 3 and w.endswith("s") and not w.endswith("ss") and w not in {"surrounded"}:
            w = w[:-1]
        words.append(w)
    return " ".join(words)


_POINTS = re.compile(r"^([+-]\d+)(?: per (.+?))?(?: if (.+))?$")
_SURROUND = re.compile(r"^count as surrounded with (\d+) edge covered$")
_WALKERS = re.compile(r"^walker score ([+-]?\d+) each$")


def parse_effect(text: str | None) -> Effect:
    """Parse an effect text; `None` or empty is no effect. Raises ValueError on bad text."""
    if text is None or not str(text).strip():
        return NO_EFFECT
    text = str(text).strip()
    clauses: list[PointsClause] = []
    coexist = False
    edges = 4
    walker_points = -1
    for raw in text.split(";"):
        phrase = _normalise(raw)
        if not phrase:
            raise ValueError(f"empty clause in effect {text!r}")
        if phrase == "leader do not eliminate each other":
            coexist = True
            continue
        m = _SURROUND.match(phrase)
        if m:
            edges = int(m.group(1))
            if not 1 <= edges <= 4:
                raise ValueError(f"surrounded needs 1-4 edges, not {edges}, in {raw.strip()!r}")
            continue
        m = _WALKERS.match(phrase)
        if m:
            walker_points = int(m.group(1))
            continue
        m = _POINTS.match(phrase)
        if m:
            per, cond = m.group(2), m.group(3)
            if per is not None and per not in COUNTERS:
                raise ValueError(
                    f"unknown counter {per!r} in {raw.strip()!r}; known: {', '.join(COUNTERS)}"
                )
            if cond is not None and cond not in CONDITIONS:
                raise ValueError(
                    f"unknown condition {cond!r} in {raw.strip()!r}; "
                    f"known: {', '.join(CONDITIONS)}"
                )
            clauses.append(PointsClause(int(m.group(1)), per, cond))
            continue
        raise ValueError(
            f"cannot read effect clause {raw.strip()!r}: expected '+N [per COUNTER] "
            "[if CONDITION]', 'Leaders here do not eliminate each other', "
            "'Counts as surrounded with N edges covered' or 'Walkers here score -N each'"
        )
    return Effect(text, tuple(clauses), coexist, edges, walker_points)
