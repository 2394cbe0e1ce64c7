"""End of the game: battles at every location, scoring, the scenario goal, the rank.

Battle at a location (rulebook, Battles): every Walker icon eliminates one human there; if
there are more icons than humans the rest remain and overrun the location; then 2 or more
remaining leaders eliminate each other. The rulebook lets the player pick which humans fall;
the engine picks for the player: first whatever wins the scenario, then the highest score
(ties: more remaining leaders, then survivors). Which Walker icons are the eliminated ones is
immaterial; they are taken in the order the occupants are listed (printed one first, then the
faces from the north, east, south and west).

Score (rulebook, Scoring): survivor +1; leader +1 and +1 per remaining survivor at the same
location; Walker -1 per remaining icon; if surrounded the container pays (gas, weapon, medical:
1 point and one item; +2; +3) -- also when the location is overrun, since only the Hard and
Expert goals add "not overrun"; then the location's effect.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import product
from typing import Any

from flick.cards.surrounded import board
from flick.cards.surrounded.cards import Card, Occupant
from flick.cards.surrounded.effects import Tally
from flick.cards.surrounded.scenarios import (
    CHOICE_DEPENDENT,
    LocationTally,
    Scenario,
    goal_met,
    goal_progress,
)

CONTAINER_POINTS = {"gas": 1, "weapon": 1, "medical": 1, "+2": 2, "+3": 3, None: 0}
RANKS = (
    (10, "This is the beginning of the end."),
    (15, "You're just scraping by."),
    (20, "You might just do this after all."),
    (None, "You're a born leader. Congratulations!"),
)
# Up to this many combinations of battle choices the engine tries them all one by one; above
# it, `best_combination` finds the same best result by dynamic programming over the locations.
MAX_COMBINATIONS = 2048


def rank(score: int) -> str:
    """The rank table: 0-10, 11-15, 16-20, 21+ (negative scores rank with 0-10)."""
    for top, text in RANKS:
        if top is None or score <= top:
            return text
    raise AssertionError("unreachable")


@dataclass(frozen=True)
class Option:
    """One way a location's battle can go: how many leaders/survivors fall, and the result."""

    leaders_lost: int  # eliminated by Walkers
    survivors_lost: int
    leaders: int  # remaining after leaders eliminate each other
    survivors: int
    walker_icons: int  # remaining
    score: int
    tally: LocationTally  # the same, as the scenario goals read it


@dataclass(frozen=True)
class Site:
    """A location at the end, before the battle choice: its occupants and the options."""

    card: Card
    cell: int
    occupants: tuple[tuple[Occupant, int], ...]  # (occupant, from card number)
    surrounded: bool
    walker_icons: int
    options: tuple[Option, ...]


def occupants_of(
    cell: int, card: Card, occs: dict[int, int], cards: tuple[Card, ...]
) -> list[tuple[Occupant, int]]:
    """A location's occupants: its printed one, then the faces touching its N, E, S, W edges."""
    out: list[tuple[Occupant, int]] = []
    if card.printed is not None:
        out.append((card.printed, card.number))
    for d in range(4):
        n = cell + board.STEP[d]
        k = occs.get(n)
        if k is not None:
            out.append((cards[k - 1].faces[board.OPPOSITE[d]], k))
    return out


def site(cell: int, card: Card, occs: dict[int, int], cards: tuple[Card, ...]) -> Site:
    """Work out every battle option of the location on `cell`."""
    occ = occupants_of(cell, card, occs, cards)
    adjacent = sum(1 for d in range(4) if cell + board.STEP[d] in occs)
    eff = card.effect
    surrounded = adjacent >= eff.surround_edges
    walkers = sum(o.icons for o, _ in occ if o.kind == "walker")
    nl = sum(1 for o, _ in occ if o.kind == "leader")
    ns = sum(1 for o, _ in occ if o.kind == "survivor")
    kills = min(walkers, nl + ns)
    w_left = walkers - kills
    box = CONTAINER_POINTS[card.container] if surrounded else 0
    options = []
    for kl in range(max(0, kills - ns), min(kills, nl) + 1):
        ks = kills - kl
        lr, sr = nl - kl, ns - ks
        if lr >= 2 and not eff.leaders_coexist:
            lr = 0
        score = eff.walker_points * w_left + sr + lr * (1 + sr) + box
        if eff.clauses:
            score += eff.bonus(Tally(sr, lr, w_left, walkers, nl + ns, adjacent, surrounded))
        tally = LocationTally(card.container, surrounded, w_left > 0, lr, sr, w_left, score)
        options.append(Option(kl, ks, lr, sr, w_left, score, tally))
    # best first: score, then remaining leaders, then survivors
    options.sort(key=lambda o: (-o.score, -o.leaders, -o.survivors, o.leaders_lost))
    return Site(card, cell, tuple(occ), surrounded, walkers, tuple(options))


@dataclass(frozen=True)
class OccupantResult:
    kind: str
    icons: int
    ability: str | None
    from_card: int
    remaining_icons: int


@dataclass(frozen=True)
class LocationResult:
    card: int
    x: int
    y: int
    container: str | None
    effect: str | None
    surrounded: bool
    overrun: bool
    score: int
    occupants: tuple[OccupantResult, ...]


@dataclass(frozen=True)
class Resolution:
    """The end of a game: the goal, the score and each location's battle and score."""

    won: bool
    score: int
    locations: tuple[LocationResult, ...]
    items: dict[str, int]  # gas, weapon, medical opened
    perimeter_walkers: int
    perimeter_abilities: int
    width: int
    rank: str
    progress: float  # 0..1 toward the scenario goal (1 when won)


def perimeter_counts(
    locs: dict[int, int], occs: dict[int, int], cards: tuple[Card, ...]
) -> tuple[int, int]:
    """(Walker icons, occupants with an ability) on the map's outer edges, before battle."""
    cells = set(locs) | set(occs)
    if not cells:
        return 0, 0
    outer = board.outer_edges(cells)  # the rulebook's words, read literally (board.py)
    walkers = abilities = 0
    for cell, k in occs.items():
        faces = cards[k - 1].faces
        for d in range(4):
            if (cell, d) in outer:
                f = faces[d]
                if f.kind == "walker":
                    walkers += f.icons
                elif f.ability:
                    abilities += 1
    for cell, k in locs.items():
        p = cards[k - 1].printed
        if p is None or not any((cell, d) in outer for d in range(4)):
            continue
        if p.kind == "walker":
            walkers += p.icons
        elif p.ability:
            abilities += 1
    return walkers, abilities


def resolve(
    locs: dict[int, int],
    occs: dict[int, int],
    cards: tuple[Card, ...],
    scenario: Scenario,
    difficulty: str,
    explores: int,
    detail: bool = True,
) -> Resolution:
    """Resolve every battle, score every location and check the scenario goal."""
    sites = [site(cell, cards[k - 1], occs, cards) for cell, k in sorted(locs.items())]
    kind = scenario.kind
    pw = pa = 0
    if kind in ("perimeter_walkers", "perimeter_abilities") or detail:
        pw, pa = perimeter_counts(locs, occs, cards)
    wide = board.width(set(locs) | set(occs))

    def tallies(choice: tuple[Option, ...]) -> list[LocationTally]:
        return [o.tally for o in choice]

    def judge(choice: tuple[Option, ...]) -> tuple[bool, int]:
        total = sum(o.score for o in choice)
        return goal_met(scenario, difficulty, tallies(choice), total, explores, wide, pw,
                        pa), total

    best_each = tuple(s.options[0] for s in sites)
    dependent = kind in CHOICE_DEPENDENT or (
        difficulty == "expert" and (kind.startswith("container_") or kind == "one_stop")
    )
    chosen = best_each
    won, total = judge(best_each)
    best_key: tuple[bool, int]
    if dependent and not won:
        n = 1
        for s in sites:
            n *= len(s.options)
        if n > 1:
            candidates: Iterable[tuple[Option, ...]]
            if n <= MAX_COMBINATIONS:
                candidates = product(*(s.options for s in sites))
            else:  # too many to list: the best of each goal summary (exact, see below)
                candidates = best_combinations(sites, scenario, difficulty)
            best_key = (won, total)
            for combo in candidates:
                key = judge(combo)
                if key > best_key:
                    best_key, chosen = key, combo
            won, total = best_key
    items = {"gas": 0, "weapon": 0, "medical": 0}
    results: list[LocationResult] = []
    for s, o in zip(sites, chosen, strict=True):
        if s.surrounded and s.card.container in items:
            items[s.card.container] += 1
        if detail:
            results.append(_location_result(s, o))
    progress = 1.0 if won else goal_progress(scenario, difficulty, tallies(chosen), total,
                                              explores, wide, pw, pa)
    return Resolution(won, total, tuple(results), items, pw, pa, wide, rank(total), progress)


def _goal_summary(
    scenario: Scenario, difficulty: str
) -> tuple[Any, Callable[[Any, Option], Any]]:
    """For a goal that the battle choices can change: a start value and a step that fold the
    chosen options into a summary holding everything `goal_met` reads of them but the total
    score (counts capped where the goal stops caring)."""
    kind = scenario.kind
    t = scenario.threshold(difficulty)

    def count(test: Callable[[Option], bool], cap: int) -> Callable[[Any, Option], Any]:
        return lambda acc, o: min(int(acc) + test(o), cap)

    if kind == "max_leaders":  # sum of remaining leaders <= t
        return 0, lambda acc, o: min(int(acc) + o.leaders, t + 1)
    if kind == "empty_locations":
        return 0, count(lambda o: o.leaders + o.survivors + o.walker_icons == 0, t)
    if kind == "leader_locations":
        return 0, count(lambda o: o.leaders >= 1, t)
    if kind == "betrayer":  # the total itself decides
        return 0, lambda acc, o: int(acc) + o.score
    if kind == "same_score":
        def same(acc: Any, o: Option) -> Any:
            if acc is None:  # already met: t locations share a score
                return None
            counts = dict(acc)
            counts[o.score] = counts.get(o.score, 0) + 1
            return None if counts[o.score] >= t else tuple(sorted(counts.items()))

        return (), same

    def strong(o: Option) -> bool:  # goal_met's `ok` for the location's own container
        tl = o.tally
        if not tl.surrounded or (t >= 1 and tl.overrun):
            return False
        return not (t >= 2 and (tl.leaders < 1 or tl.survivors < 1))

    if kind == "one_stop":
        return frozenset(), lambda acc, o: (
            acc | {o.tally.container} if strong(o) and o.tally.container else acc
        )
    if kind.startswith("container_"):
        item = kind.split("_", 1)[1]
        return 0, count(lambda o: o.tally.container == item and strong(o), 2)
    raise ValueError(f"surrounded: goal {kind!r} does not depend on the battle choices")


def best_combinations(
    sites: list[Site], scenario: Scenario, difficulty: str
) -> list[tuple[Option, ...]]:
    """The combinations of battle options among which the best (goal met, total score) lies,
    one per goal summary: dynamic programming over the locations, keeping for every summary
    of the locations so far the choices with the highest score.

    Exact: the goal is met or not by the summary alone (and the total), and both the summary
    and the total are built location by location, so of two partial choices with one summary
    the one with the lower score can never end better."""
    start, step = _goal_summary(scenario, difficulty)
    layer: dict[Any, tuple[int, tuple[Option, ...]]] = {start: (0, ())}
    for s in sites:
        nxt: dict[Any, tuple[int, tuple[Option, ...]]] = {}
        for acc, (total, chosen) in layer.items():
            for o in s.options:
                key = step(acc, o)
                value = total + o.score
                held = nxt.get(key)
                if held is None or value > held[0]:
                    nxt[key] = (value, (*chosen, o))
        layer = nxt
    return [chosen for _, chosen in layer.values()]


def _location_result(s: Site, o: Option) -> LocationResult:
    """Which occupant fell: the first `leaders_lost` leaders and `survivors_lost` survivors,
    Walker icons in listed order, and every remaining leader when leaders clash."""
    kills = o.leaders_lost + o.survivors_lost
    left_l, left_s = o.leaders_lost, o.survivors_lost
    # leaders left by the Walkers but none remaining: they eliminated each other
    leaders_left = sum(occ.kind == "leader" for occ, _ in s.occupants) - o.leaders_lost
    leaders_clash = leaders_left >= 2 and o.leaders == 0
    out = []
    for occ, k in s.occupants:
        if occ.kind == "walker":
            gone = min(occ.icons, kills)
            kills -= gone
            out.append(OccupantResult("walker", occ.icons, None, k, occ.icons - gone))
        elif occ.kind == "leader":
            if left_l:
                left_l -= 1
                remaining = 0
            else:
                remaining = 0 if leaders_clash else 1
            out.append(OccupantResult("leader", 1, occ.ability, k, remaining))
        else:
            remaining = 1
            if left_s:
                left_s -= 1
                remaining = 0
            out.append(OccupantResult("survivor", 1, occ.ability, k, remaining))
    x, y = board.xy(s.cell)
    return LocationResult(
        s.card.number, x, y, s.card.container, s.card.effect.text or None, s.surrounded,
        o.walker_icons > 0, o.score, tuple(out),
    )
