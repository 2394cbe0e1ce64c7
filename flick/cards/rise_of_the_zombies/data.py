"""Card data of Rise of the Zombies!: loading and checking `assets/cards/rise_of_the_zombies.yaml`.

The data file holds every card and table the rules read; the engine never hard-codes a card's
numbers. Every value field of every card must be marked exactly once as `rulebook` or
`provisional` (the project's card facts are partly guessed; the marks say which). The file is
read through `flick.datafile` and shaped by the pydantic models of `schema`; a malformed file
raises `DataFileError` naming the file, the line, the column and the problem.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flick import datafile
from flick.cards.rise_of_the_zombies.schema import CardFileModel
from flick.datafile import Marked
from flick.datafile import Path as DataPath
from flick.errors import DataFileError
from flick.paths import assets

DIFFICULTIES = ("introductory", "standard", "expert", "insane")
SAMPLE_GROUP = ("Scout", "Paramedic", "Cheerleader", "Scoundrel")  # the rulebook's sample game
ACTION_TYPES = ("weapon", "item", "instant", "skill", "companion", "attachment", "location")
TRAITS = ("fast", "again", "attract", "blocks", "group")
ABILITIES = ("none", "free_attack_heal", "reroll")
# the effect keywords the engine interprets, by the card types that may carry them
EFFECT_KEYS = {
    "draw": "item: draw this many Action cards when used",
    "heal": "item: heal this many wounds on a survivor or companion in your Location",
    "attack_bonus": "instant (this Player Turn) or skill (always): + to your attack rolls",
    "wound_one": "instant: wounds on one zombie in your Location",
    "wound_all": "instant: wounds on every zombie in your Location",
    "ambush": "instant: the Ambush attack chart, one roll per discarded card",
    "free_follow": "skill: once per Player Turn, Follow without discarding",
    "zombie_attack_modifier": "attachment: added to zombie attack rolls in this Location",
    "lone_weapon_no_group_engage": "weapon: Group Zombies do not Engage you if it is your only "
    "weapon",
    "spawn_draws": "location: Zombie cards drawn at each Spawn step while it is in play",
}
NATURAL_EFFECTS = ("reload", "final", "again", "attract")  # weapon charts' natural results
MAX_ROLL = 12


@dataclass(frozen=True)
class Chart:
    """A d6 attack chart: `wounds[r]` for a modified roll r (1..12, index 0 unused), and
    `natural[n]` the natural-roll result of n (a wound count, 'reload', 'final' or None)."""

    text: str
    wounds: tuple[int, ...]
    natural: tuple[int | str | None, ...]

    def expected(self, bonus: int = 0) -> float:
        """Mean wounds of one roll with `bonus` added (natural results count as 0 wounds)."""
        total = 0.0
        for n in range(1, 7):
            nat = self.natural[n]
            if nat is not None:
                total += nat if isinstance(nat, int) else 0
            else:
                total += self.wounds[min(max(n + bonus, 1), MAX_ROLL)]
        return total / 6.0


@dataclass(frozen=True)
class Weapon:
    name: str
    range: tuple[int, int]
    chart: Chart


@dataclass(frozen=True)
class SurvivorSpec:
    name: str
    weapon: Weapon | None
    ability: str
    epic: bool


@dataclass(frozen=True)
class ZombieSpec:
    name: str
    xp: int
    health: int
    attack: Chart
    fast: bool
    again: bool
    attract: bool
    blocks: bool
    group: bool
    epic: bool
    count: int


@dataclass(frozen=True)
class ActionSpec:
    """An Action card. Weapons: `range`, `chart`, `final` (0: none); companions: `health`,
    `range`, `chart`; locations: `draw` (Dangerous Location draws), `infestation` (card text),
    `epic`; any card: `effect` keywords, `attack` / `follow` symbols."""

    name: str
    type: str
    cost: int
    attack: bool
    follow: bool
    count: int
    range: tuple[int, int] = (0, 0)
    chart: Chart | None = None
    final: int = 0
    health: int = 0
    draw: int = 0
    infestation: int = 0
    epic: bool = False
    effect: tuple[tuple[str, Any], ...] = ()

    def roll_chart(self) -> Chart:
        """The chart of a weapon or companion card (which always has one)."""
        assert self.chart is not None, f"{self.name} has no chart"
        return self.chart

    def eff(self, key: str, default: Any = 0) -> Any:
        for k, v in self.effect:
            if k == key:
                return v
        return default


@dataclass(frozen=True)
class Catalog:
    """Everything the rules read from the data file. Immutable, shared by every state."""

    path: str
    departure: dict[str, tuple[int, int, int]]  # difficulty -> minutes for 5+, 3-4, 1-2
    minutes_per_turn: int
    group: tuple[tuple[int, int], ...]  # index survivors alive -> (health, infestation mod)
    evaluation: tuple[tuple[int, str], ...]
    helicopter: tuple[int, int]  # Rescue Helicopter: (Dangerous draws, card-text infestation)
    survivors: tuple[SurvivorSpec, ...]
    zombies: tuple[ZombieSpec, ...]
    actions: tuple[ActionSpec, ...]
    # one entry per physical card: the spec index of each Action card and Zombie card
    action_cards: tuple[int, ...] = field(default=())
    zombie_cards: tuple[int, ...] = field(default=())

    def __deepcopy__(self, memo: dict[int, Any]) -> Catalog:
        return self  # immutable: states share it

    def __reduce_ex__(self, protocol: Any) -> Any:
        """The shipped data pickles as itself: a game read back from a pickle shares it, as
        every new game does (its dump names no custom deck); a custom catalog pickles field
        by field."""
        if self is default_catalog():
            return default_catalog, ()
        return object.__reduce_ex__(self, protocol)

    def survivor_index(self, name: str) -> int:
        for i, s in enumerate(self.survivors):
            if s.name.lower() == name.strip().lower():
                return i
        known = ", ".join(s.name for s in self.survivors)
        raise DataFileError(f"unknown survivor {name.strip()!r}; known: {known}")

    def departure_minutes(self, difficulty: str, starting: int) -> int:
        """The Rescue Helicopter's Departure Time in minutes (rulebook table)."""
        if difficulty not in self.departure:
            raise DataFileError(
                f"unknown difficulty {difficulty!r}; known: {', '.join(DIFFICULTIES)}"
            )
        col = 0 if starting >= 5 else 1 if starting >= 3 else 2
        return self.departure[difficulty][col]

    def evaluate(self, points: int) -> str:
        """The campaign's overall evaluation of a point total."""
        for least, result in self.evaluation:
            if points >= least:
                return result
        return self.evaluation[-1][1]


class _At:
    """One mapping of the file (its `path` and how errors name it): raises errors at
    FILE:LINE:COLUMN of the value they name (the mapping itself when no key is given)."""

    def __init__(self, marked: Marked, path: DataPath, what: str) -> None:
        self.marked = marked
        self.path = path
        self.what = what

    def fail(self, problem: str, *key: str | int) -> DataFileError:
        return datafile.fail(self.marked, (*self.path, *key), f"{self.what}: {problem}")

    def nonneg(self, key: str, value: int) -> int:
        if value < 0:
            raise self.fail(f"field {key!r} must be 0 or more, got {value}", key)
        return value

    def marks(self, model: Any, fields: list[str]) -> None:
        """Every value field marked exactly once as rulebook or provisional."""
        rb, pv = model.rulebook, model.provisional
        both = set(rb) & set(pv)
        if both:
            raise self.fail(f"fields marked both rulebook and provisional: {sorted(both)}")
        unknown = (set(rb) | set(pv)) - set(fields)
        if unknown:
            raise self.fail(f"marks name fields that are not values here: {sorted(unknown)}")
        unmarked = [f for f in fields if f not in rb and f not in pv]
        if unmarked:
            raise self.fail(f"values not marked rulebook or provisional: {unmarked}")

    def chart(self, key: str, text: str) -> Chart:
        return parse_chart(text, lambda problem: self.fail(problem, key))

    def range(self, key: str, r: list[int] | None) -> tuple[int, int]:
        if r is None:
            raise self.fail(f"missing field {key!r}")
        if len(r) != 2 or not all(v >= 0 for v in r) or r[0] > r[1]:
            raise self.fail(
                f"field {key!r} must be [low, high] with 0 <= low <= high, got {r!r}", key
            )
        return (r[0], r[1])

    def given(self, key: str, value: Any) -> Any:
        """An optional field of the model that this card needs."""
        if value is None:
            raise self.fail(f"missing field {key!r}")
        return value


def parse_chart(text: str, fail: Any = None) -> Chart:
    """Parse "1-3:0, 4-5:1, 6+:2" or "(1):reload, 2-4:1, 5+:2" into a `Chart`.

    Rolls the chart leaves out take the nearest row below (a modified roll above the top row
    uses the top row); every roll 1-6 must be covered by a row or a natural result."""

    def bad(problem: str) -> DataFileError:
        msg = f"attack chart {text!r}: {problem}"
        return fail(msg) if fail else DataFileError(msg)

    wounds: list[int | None] = [None] * (MAX_ROLL + 1)
    natural: list[int | str | None] = [None] * 7
    for part in text.split(","):
        part = part.strip()
        if ":" not in part:
            raise bad(f"row {part!r} is not 'rolls:result'")
        rolls, result = (s.strip() for s in part.split(":", 1))
        if rolls.startswith("(") and rolls.endswith(")"):
            if not rolls[1:-1].isdigit() or not 1 <= int(rolls[1:-1]) <= 6:
                raise bad(f"natural roll {rolls!r} must be (1) to (6)")
            if result.isdigit():
                natural[int(rolls[1:-1])] = int(result)
            elif result in NATURAL_EFFECTS:
                natural[int(rolls[1:-1])] = result
            else:
                raise bad(f"natural result {result!r} must be wounds or one of "
                          f"{', '.join(NATURAL_EFFECTS)}")
            continue
        if not result.isdigit():
            raise bad(f"result {result!r} must be a wound count")
        try:
            if rolls.endswith("+"):
                lo, hi = int(rolls[:-1]), MAX_ROLL
            elif "-" in rolls:
                lo, hi = (int(v) for v in rolls.split("-", 1))
            else:
                lo = hi = int(rolls)
        except ValueError:
            raise bad(f"rolls {rolls!r} must be n, a-b or n+") from None
        if not 1 <= lo <= hi <= MAX_ROLL:
            raise bad(f"rolls {rolls!r} out of 1..{MAX_ROLL}")
        for r in range(lo, hi + 1):
            wounds[r] = int(result)
    for r in range(1, 7):
        if wounds[r] is None and natural[r] is None:
            raise bad(f"roll {r} has no result")
    filled: list[int] = [0] * (MAX_ROLL + 1)
    last = 0
    for r in range(1, MAX_ROLL + 1):
        w = wounds[r]
        last = w if w is not None else last
        filled[r] = last
    return Chart(text, tuple(filled), tuple(natural))


def _effect(at: _At, eff: dict[str, int | str] | None) -> tuple[tuple[str, Any], ...]:
    items: list[tuple[str, Any]] = []
    for key, value in (eff or {}).items():
        if key not in EFFECT_KEYS:
            raise at.fail(f"unknown effect {key!r}; known: {', '.join(EFFECT_KEYS)}", "effect", key)
        if key == "ambush":
            chart = parse_chart(str(value), lambda problem: at.fail(problem, "effect", "ambush"))
            items.append((key, chart))
            continue
        if not isinstance(value, int):
            raise at.fail(f"effect {key!r} must be a whole number, got {value!r}", "effect", key)
        items.append((key, value))
    return tuple(items)


def _symbols(at: _At, syms: list[str]) -> tuple[bool, bool]:
    for i, s in enumerate(syms):
        if s not in ("attack", "follow"):
            raise at.fail(f"unknown symbol {s!r}; known: attack, follow", "symbols", i)
    return "attack" in syms, "follow" in syms


def load(path: str | Path | None = None) -> Catalog:
    """Read and check the card data file (default: `assets/cards/rise_of_the_zombies.yaml`).

    Read through `flick.datafile` and shaped by `schema.CardFileModel`, whose values the
    catalog is built from after the checks of what they mean; any problem raises
    `DataFileError` at FILE:LINE:COLUMN (the file named by its base name, exit 2)."""
    path = Path(path) if path else assets() / "cards" / "rise_of_the_zombies.yaml"
    name = path.name
    marked = datafile.read_file(path, name)
    if not isinstance(marked.data, dict):
        raise datafile.fail(marked, (), f"data file: must be a mapping, got {marked.data!r}")
    model = datafile.validate(marked, CardFileModel)
    top = _At(marked, (), "data file")

    dep = _At(marked, ("departure_minutes",), "departure_minutes")
    dep.marks(model.departure_minutes, list(DIFFICULTIES))
    departure: dict[str, tuple[int, int, int]] = {}
    for d in DIFFICULTIES:
        row = getattr(model.departure_minutes, d)
        if len(row) != 3 or not all(v > 0 for v in row):
            raise dep.fail(f"{d} must be 3 positive minute counts (5+, 3-4, 1-2 survivors)", d)
        departure[d] = (row[0], row[1], row[2])

    mpt = _At(marked, ("minutes_per_turn",), "minutes_per_turn")
    mpt.marks(model.minutes_per_turn, ["value"])
    minutes_per_turn = mpt.nonneg("value", model.minutes_per_turn.value)
    if minutes_per_turn == 0:
        raise mpt.fail("value must be at least 1 minute", "value")

    group: list[tuple[int, int]] = [(0, 0)]
    for i, g in enumerate(model.group_counter, start=1):
        at = _At(marked, ("group_counter", i - 1), f"group_counter row {i}")
        at.marks(g, ["health", "infestation"])
        if g.survivors != i:
            raise at.fail(
                f"rows must be for 1, 2, 3, ... survivors in order; expected {i}", "survivors"
            )
        health = at.nonneg("health", g.health)
        if health < 1:
            raise at.fail("health must be at least 1", "health")
        group.append((health, at.nonneg("infestation", g.infestation)))
    if len(group) != 9:
        raise top.fail("group_counter needs rows for 1 to 8 survivors", "group_counter")

    ev = _At(marked, ("campaign_evaluation",), "campaign_evaluation")
    ev.marks(model.campaign_evaluation, ["rows"])
    evaluation = []
    for j, row in enumerate(model.campaign_evaluation.rows):
        if not (len(row) == 2 and isinstance(row[0], int)):
            raise ev.fail(f"row {row!r} must be [least points, result]", "rows", j)
        evaluation.append((row[0], str(row[1])))
    evaluation.sort(reverse=True)

    specials = {}
    for j, sl in enumerate(model.special_locations):
        at = _At(marked, ("special_locations", j), "special location")
        at.marks(sl, ["name", "place", "draw", "infestation"])
        specials[sl.name] = (at.nonneg("draw", sl.draw), at.nonneg("infestation", sl.infestation))
    if "Rescue Helicopter" not in specials:
        raise top.fail("special_locations needs the Rescue Helicopter", "special_locations")

    survivors = []
    for j, sv in enumerate(model.survivors):
        at = _At(marked, ("survivors", j), f"survivor {sv.name!r}")
        at.marks(sv, ["name", "weapon", "ability", "epic"])
        weapon = None
        if sv.weapon is not None:
            wat = _At(marked, ("survivors", j, "weapon"), f"{at.what} weapon")
            weapon = Weapon(sv.weapon.name, wat.range("range", sv.weapon.range),
                            wat.chart("chart", sv.weapon.chart))
            if any(isinstance(n, str) for n in weapon.chart.natural):
                raise wat.fail("an Inherent Weapon cannot Reload or make a Final Attack", "chart")
        if sv.ability not in ABILITIES:
            raise at.fail(f"unknown ability {sv.ability!r}; known: {', '.join(ABILITIES)}",
                          "ability")
        survivors.append(SurvivorSpec(sv.name, weapon, sv.ability, sv.epic))

    zombies = []
    for j, z in enumerate(model.zombies):
        at = _At(marked, ("zombies", j), f"zombie {z.name!r}")
        epic = ["epic"] if "epic" in z.model_fields_set else []
        at.marks(z, ["name", "xp", "health", "attack", "traits", "count", *epic])
        for k, t in enumerate(z.traits):
            if t not in TRAITS:
                raise at.fail(f"unknown trait {t!r}; known: {', '.join(TRAITS)}", "traits", k)
        health = at.nonneg("health", z.health)
        if health < 1:
            raise at.fail("health must be at least 1", "health")
        zombies.append(
            ZombieSpec(
                z.name, at.nonneg("xp", z.xp), health, at.chart("attack", z.attack),
                "fast" in z.traits, "again" in z.traits, "attract" in z.traits,
                "blocks" in z.traits, "group" in z.traits, z.epic, at.nonneg("count", z.count),
            )
        )

    actions = []
    for j, ac in enumerate(model.actions):
        at = _At(marked, ("actions", j), f"action card {ac.name!r}")
        kind = ac.type
        if kind not in ACTION_TYPES:
            raise at.fail(f"unknown type {kind!r}; known: {', '.join(ACTION_TYPES)}", "type")
        fields = ["name", "type", "cost", "symbols", "count"]
        fields += [k for k in ("range", "chart", "final", "health", "draw", "infestation", "epic",
                               "effect") if k in ac.model_fields_set]
        at.marks(ac, fields)
        attack, follow = _symbols(at, ac.symbols)
        extra: dict[str, Any] = {}
        if kind in ("weapon", "companion"):
            extra["range"] = at.range("range", ac.range)
            extra["chart"] = at.chart("chart", at.given("chart", ac.chart))
        if kind == "weapon":
            extra["final"] = at.nonneg("final", at.given("final", ac.final))
            if "final" in extra["chart"].natural and not extra["final"]:
                raise at.fail("a natural 'final' result needs a Final Attack (final > 0)", "final")
        if kind == "companion":
            extra["health"] = at.nonneg("health", at.given("health", ac.health))
        if kind == "location":
            extra["draw"] = at.nonneg("draw", at.given("draw", ac.draw))
            extra["infestation"] = at.nonneg("infestation", at.given("infestation", ac.infestation))
            extra["epic"] = at.given("epic", ac.epic)
        actions.append(
            ActionSpec(ac.name, kind, at.nonneg("cost", ac.cost), attack, follow,
                       at.nonneg("count", ac.count), effect=_effect(at, ac.effect), **extra)
        )
    if not any(a.type == "location" for a in actions):
        raise top.fail("the Action deck needs Location cards", "actions")
    action_cards = tuple(i for i, a in enumerate(actions) for _ in range(a.count))
    zombie_cards = tuple(i for i, z in enumerate(zombies) for _ in range(z.count))
    if len(action_cards) > 250 or len(zombie_cards) > 250:
        raise top.fail(
            "at most 250 Action and 250 Zombie cards (actions are coded in a byte)", "actions"
        )
    return Catalog(
        name, departure, minutes_per_turn, tuple(group), tuple(evaluation),
        specials["Rescue Helicopter"], tuple(survivors),
        tuple(zombies), tuple(actions), action_cards, zombie_cards,
    )


@functools.lru_cache(maxsize=4)
def default_catalog() -> Catalog:
    """The shipped card data, loaded once."""
    return load()
