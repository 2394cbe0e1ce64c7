"""The 18 scenarios of Surrounded at Standard, Hard and Expert: goals and ability limits.

Scenario n is played when location n starts the map. Its goal is checked on the resolved end
state (`Outcome`); its ability limits are enforced while playing (an ability over the limit is
not offered). Readings where the rulebook is silent, as written in `NOTES` below:

- "Surround 2 gas can locations": at least 2 such locations; Hard adds "not overrun"; Expert
  "at least 1 remaining leader and 1 remaining survivor" at each of them (which implies not
  overrun, since humans only remain when every Walker icon was matched).
- 4, 5, 6, 17 only limit abilities; the limits are enforced during play, so these games are
  always won and the score is what tells them apart.
- 8 counts Walker icons (a 2 Walkers face counts 2) of occupant faces on outer edges, plus
  Walkers printed on locations that have an outer edge, eliminated or not. An outer edge is
  read as the rulebook words it (The Map): "card edges beyond which no other cards have been
  placed", i.e. no card further out in that row or column (`board.outer_edges`); an edge
  facing an empty bay open to the outside, with a card across the bay, is not outer.
- 9 counts remaining leaders over all locations (per location a count above 1 is impossible
  outside the Church, since 2+ leaders eliminate each other).
- 10 "no remaining occupants": no remaining human and not overrun.
- 11 "the same score" includes 0 and negative scores.
- 15 "cards wide": the columns the map spans.
- 16 counts human faces with an ability on outer edges (as in 8), plus printed humans with an
  ability on locations that have an outer edge.
"""

from __future__ import annotations

from dataclasses import dataclass

DIFFICULTIES = ("standard", "hard", "expert")


@dataclass(frozen=True)
class Scenario:
    """One scenario: its goal kind, the threshold per difficulty and the rulebook's words."""

    number: int
    name: str
    kind: str
    thresholds: tuple[int, int, int]  # Standard, Hard, Expert (meaning depends on `kind`)
    goals: tuple[str, str, str]

    def threshold(self, difficulty: str) -> int:
        return self.thresholds[DIFFICULTIES.index(difficulty)]

    def goal(self, difficulty: str) -> str:
        return self.goals[DIFFICULTIES.index(difficulty)]

    def ability_limit(self, ability: str, difficulty: str) -> int | None:
        """How many times `ability` may still be used in total (None: no limit of its own)."""
        if self.kind == f"limit_{ability}":
            return self.threshold(difficulty)
        return None

    def total_ability_limit(self, difficulty: str) -> int | None:
        return self.threshold(difficulty) if self.kind == "limit_total" else None


def _container(n: int, name: str, item: str, noun: str) -> Scenario:
    return Scenario(
        n,
        name,
        f"container_{item}",
        (0, 1, 2),
        (
            f"Surround 2 locations that have {noun} containers.",
            f"Surround 2 {noun} locations, and those locations must not be overrun.",
            f"Surround 2 {noun} locations, and each of those locations must have at least "
            "1 remaining leader and at least 1 remaining survivor.",
        ),
    )


def _limit(n: int, name: str, ability: str) -> Scenario:
    cap = ability.capitalize()
    return Scenario(
        n,
        name,
        f"limit_{ability}",
        (2, 1, 0),
        (
            f"You may use the {cap} ability up to 2 times.",
            f"You may use the {cap} ability once.",
            f"You may not use the {cap} ability.",
        ),
    )


def _counted(n: int, name: str, kind: str, t: tuple[int, int, int], text: str) -> Scenario:
    return Scenario(n, name, kind, t, tuple(text.format(v) for v in t))  # type: ignore[arg-type]


SCENARIOS: dict[int, Scenario] = {
    s.number: s
    for s in (
        _container(1, "Fuel Up", "gas", "gas can"),
        _container(2, "Armed & Dangerous", "weapon", "weapon"),
        _container(3, "Refill Your Meds", "medical", "medical kit"),
        _limit(4, "Don't Move!", "move"),
        _limit(5, "Stay the Course", "burn"),
        _limit(6, "Blind Faith", "look"),
        Scenario(
            7,
            "One-Stop Shop",
            "one_stop",
            (0, 1, 2),
            (
                "Surround at least 1 gas can location, 1 weapon location, and 1 medical kit "
                "location.",
                "Surround at least 1 gas can, 1 weapon and 1 medical kit location, and those "
                "locations must not be overrun.",
                "Surround at least 1 gas can, 1 weapon and 1 medical kit location, and each "
                "must have at least 1 remaining leader and at least 1 remaining survivor.",
            ),
        ),
        _counted(8, "Defend the Perimeter", "perimeter_walkers", (14, 12, 10),
                 "The outer edges of the map must have no more than {} Walkers."),
        _counted(9, "Power Struggle", "max_leaders", (4, 3, 2),
                 "Locations must have no more than {} remaining leaders."),
        _counted(10, "Keep 'Em Busy", "empty_locations", (1, 2, 3),
                 "At least {} location(s) must have no remaining occupants."),
        _counted(11, "Spread Out", "same_score", (2, 3, 4),
                 "At least {} locations must have the same score."),
        _counted(12, "Splinter Factions", "leader_locations", (4, 5, 6),
                 "At least {} locations must have a remaining leader."),
        _counted(13, "Recon Mission", "explores", (6, 7, 8),
                 "You must Explore at least {} times."),
        _counted(14, "Pockets of Resistance", "rich_locations", (1, 2, 3),
                 "At least {} location(s) must score 5 or more points."),
        _counted(15, "Cut a Path", "width", (5, 6, 7),
                 "The map must be at least {} cards wide."),
        _counted(16, "Brain Trust", "perimeter_abilities", (3, 2, 1),
                 "The outer edges of the map must have no more than {} occupants with abilities."),
        _counted(17, "Lie Low", "limit_total", (3, 2, 1),
                 "You may use up to {} abilities."),
        _counted(18, "Betrayer", "betrayer", (-10, -15, -20),
                 "You must score less than {}."),
    )
}

# Scenarios whose goal depends on which humans the player lets the Walkers eliminate.
CHOICE_DEPENDENT = {"max_leaders", "empty_locations", "same_score", "leader_locations",
                    "betrayer"}


@dataclass(frozen=True)
class LocationTally:
    """A location after its battle, as the goals read it."""

    container: str | None
    surrounded: bool
    overrun: bool
    leaders: int  # remaining leaders (after leaders eliminate each other)
    survivors: int  # remaining survivors
    walker_icons: int  # remaining Walker icons
    score: int


def goal_met(
    scenario: Scenario,
    difficulty: str,
    locations: list[LocationTally] | tuple[LocationTally, ...],
    score: int,
    explores: int,
    width: int,
    perimeter_walkers: int,
    perimeter_abilities: int,
) -> bool:
    """Whether the end state meets the scenario's goal at this difficulty."""
    kind = scenario.kind
    t = scenario.threshold(difficulty)
    if kind.startswith("limit_"):
        return True  # limits were enforced while playing
    if kind.startswith("container_") or kind == "one_stop":
        def ok(loc: LocationTally, item: str) -> bool:
            if loc.container != item or not loc.surrounded:
                return False
            if t >= 1 and loc.overrun:
                return False
            return not (t >= 2 and (loc.leaders < 1 or loc.survivors < 1))

        if kind == "one_stop":
            return all(any(ok(loc, item) for loc in locations)
                       for item in ("gas", "weapon", "medical"))
        item = kind.split("_", 1)[1]
        return sum(ok(loc, item) for loc in locations) >= 2
    if kind == "perimeter_walkers":
        return perimeter_walkers <= t
    if kind == "max_leaders":
        return sum(loc.leaders for loc in locations) <= t
    if kind == "empty_locations":
        return sum(loc.leaders + loc.survivors + loc.walker_icons == 0 for loc in locations) >= t
    if kind == "same_score":
        counts: dict[int, int] = {}
        for loc in locations:
            counts[loc.score] = counts.get(loc.score, 0) + 1
        return max(counts.values(), default=0) >= t
    if kind == "leader_locations":
        return sum(loc.leaders >= 1 for loc in locations) >= t
    if kind == "explores":
        return explores >= t
    if kind == "rich_locations":
        return sum(loc.score >= 5 for loc in locations) >= t
    if kind == "width":
        return width >= t
    if kind == "perimeter_abilities":
        return perimeter_abilities <= t
    if kind == "betrayer":
        return score < t
    raise ValueError(f"unknown scenario kind {kind!r}")


def goal_progress(
    scenario: Scenario,
    difficulty: str,
    locations: list[LocationTally] | tuple[LocationTally, ...],
    score: int,
    explores: int,
    width: int,
    perimeter_walkers: int,
    perimeter_abilities: int,
) -> float:
    """How far the end state is toward the goal, 0..1 (1 when met): a search bot's guide
    where random play rarely meets a goal outright (Expert containers, One-Stop Shop)."""
    kind = scenario.kind
    t = scenario.threshold(difficulty)
    if goal_met(scenario, difficulty, locations, score, explores, width, perimeter_walkers,
                perimeter_abilities):
        return 1.0
    if kind.startswith("container_") or kind == "one_stop":
        def credit(loc: LocationTally, item: str) -> float:
            if loc.container != item:
                return 0.0
            # surrounded is most of the way; each further condition adds a share
            c = 0.5 if loc.surrounded else 0.0
            c += 0.25 * (not loc.overrun) + 0.25 * (loc.leaders >= 1 and loc.survivors >= 1)
            return c

        if kind == "one_stop":
            return sum(max((credit(loc, i) for loc in locations), default=0.0)
                       for i in ("gas", "weapon", "medical")) / 3
        item = kind.split("_", 1)[1]
        best = sorted((credit(loc, item) for loc in locations), reverse=True)[:2]
        return sum(best) / 2
    if kind == "perimeter_walkers":
        return t / max(perimeter_walkers, 1)
    if kind == "perimeter_abilities":
        return (t + 1) / (perimeter_abilities + 1)
    if kind == "max_leaders":
        return t / max(sum(loc.leaders for loc in locations), 1)
    if kind == "empty_locations":
        return sum(loc.leaders + loc.survivors + loc.walker_icons == 0 for loc in locations) / t
    if kind == "same_score":
        counts: dict[int, int] = {}
        for loc in locations:
            counts[loc.score] = counts.get(loc.score, 0) + 1
        return max(counts.values(), default=0) / t
    if kind == "leader_locations":
        return sum(loc.leaders >= 1 for loc in locations) / t
    if kind == "explores":
        return explores / t
    if kind == "rich_locations":
        return sum(loc.score >= 5 for loc in locations) / t
    if kind == "width":
        return width / t
    if kind == "betrayer":
        return min(1.0, max(0.0, (10 - score) / (10 - t)))
    return 0.0
