"""Surrounded: every scenario's goal at Standard, Hard and Expert on constructed end states."""

from __future__ import annotations

import pytest

from flick.cards.surrounded import board
from flick.cards.surrounded.cards import Card
from flick.cards.surrounded.layout import card
from flick.cards.surrounded.scenarios import DIFFICULTIES, SCENARIOS
from flick.cards.surrounded.scoring import Resolution, resolve

# where the occupant card on each side of a location sits, and which of its faces touches it
SIDE = {"N": (0, 1, 2), "E": (1, 0, 3), "S": (0, -1, 0), "W": (-1, 0, 1)}


class MapBuilder:
    """End-of-game maps: locations 4 columns apart, each with its own occupant cards."""

    def __init__(self) -> None:
        self.cards: list[Card] = []
        self.locs: dict[int, int] = {}
        self.occs: dict[int, int] = {}
        self.column = 0

    def _new(self, **kw) -> int:
        n = len(self.cards) + 1
        self.cards.append(card(n, **kw))
        return n

    def location(self, around: dict[str, str], outward: str = "S", **kw) -> MapBuilder:
        """A location (printed/container/effect in kw) with faces toward it by side; the other
        faces of those occupant cards show `outward`."""
        x0 = self.column
        self.column += 4
        self.locs[board.cell_of(x0, 0)] = self._new(**kw)
        for side, code in around.items():
            x, y, d = SIDE[side]
            faces = [outward] * 4
            faces[d] = code
            self.occs[board.cell_of(x0 + x, y)] = self._new(faces=" ".join(faces))
        return self

    def resolve(self, scenario: int, difficulty: str, explores: int = 0) -> Resolution:
        return resolve(self.locs, self.occs, tuple(self.cards), SCENARIOS[scenario], difficulty,
                       explores)

    def wins(self, scenario: int, explores: int = 0) -> list[bool]:
        return [self.resolve(scenario, d, explores).won for d in DIFFICULTIES]


FULL = {"N": "S", "E": "S", "S": "S", "W": "S"}
LEADER_SURVIVOR = {"N": "L", "E": "S", "S": "S", "W": "W"}
OVERRUN = {"N": "W", "E": "WW", "S": "W", "W": "S"}


@pytest.mark.parametrize(("number", "box"), [(1, "gas"), (2, "weapon"), (3, "medical")])
def test_container_scenarios(number: int, box: str) -> None:
    assert MapBuilder().location(FULL, container=box).location(FULL, container=box).wins(
        number) == [True, True, False]  # no leader left: Expert fails
    assert MapBuilder().location(LEADER_SURVIVOR, container=box).location(
        LEADER_SURVIVOR, container=box).wins(number) == [True, True, True]
    assert MapBuilder().location(OVERRUN, container=box).location(FULL, container=box).wins(
        number) == [True, False, False]
    # only one surrounded, and another kind of container does not count
    other = "+2"
    assert MapBuilder().location(FULL, container=box).location(
        {"N": "S", "E": "S", "S": "S"}, container=box).location(FULL, container=other).wins(
        number) == [False, False, False]


@pytest.mark.parametrize("number", [4, 5, 6, 17])
def test_limit_scenarios_are_won_when_played_within_limits(number: int) -> None:
    # the limits are enforced during play (see test_surrounded_rules); the end state wins
    assert MapBuilder().location(OVERRUN).wins(number) == [True, True, True]
    assert SCENARIOS[number].kind.startswith("limit_")


def test_one_stop_shop() -> None:
    m = MapBuilder()
    for box in ("gas", "weapon", "medical"):
        m.location(LEADER_SURVIVOR, container=box)
    assert m.wins(7) == [True, True, True]
    m = MapBuilder().location(FULL, container="gas").location(FULL, container="weapon")
    m.location(OVERRUN, container="medical")
    assert m.wins(7) == [True, False, False]
    m = MapBuilder().location(FULL, container="gas").location(FULL, container="weapon")
    assert m.wins(7) == [False, False, False]


def test_defend_the_perimeter_counts_outer_walker_icons() -> None:
    # 4 occupant cards around a location, each with 3 outward Walker faces: 12 icons; the
    # location's printed 2 Walkers are inside (all its edges covered) and do not count
    m = MapBuilder().location(FULL, outward="W", printed="WW")
    r = m.resolve(8, "standard")
    assert r.perimeter_walkers == 12
    assert m.wins(8) == [True, True, False]
    m = MapBuilder().location({"N": "S"}, outward="WW", printed="W")
    # 3 outward faces x 2 icons + 1 printed on an outer location = 7
    assert m.resolve(8, "expert").perimeter_walkers == 7 and m.wins(8) == [True, True, True]


def test_power_struggle_lets_walkers_take_a_leader_to_win() -> None:
    m = MapBuilder().location({"N": "L"}).location({"N": "L"})
    m.location({"N": "L", "E": "S", "S": "W", "W": "S"})
    std, exp = m.resolve(9, "standard"), m.resolve(9, "expert")
    assert std.won and std.score == 1 + 1 + 3  # the Walker takes a survivor: L + S = 3
    # Expert allows 2 leaders: the engine lets the Walker eliminate the third leader instead
    assert exp.won and exp.score == 1 + 1 + 2
    m.location({"N": "L"}).location({"N": "L"})
    # 4 lone leaders: Standard (4) still wins by losing the fifth leader, Hard (3) cannot
    assert m.wins(9) == [True, False, False]


def test_keep_em_busy_counts_empty_locations() -> None:
    m = MapBuilder().location({}).location({"N": "S", "E": "W"}).location({"N": "L", "E": "L"})
    m.location({"N": "S"})
    assert m.wins(10) == [True, True, True]
    m = MapBuilder().location({}).location({"N": "S", "E": "W"}).location({"N": "S"})
    assert m.wins(10) == [True, True, False]
    assert MapBuilder().location({"N": "W"}).wins(10) == [False, False, False]


def test_spread_out_counts_equal_scores() -> None:
    m = MapBuilder().location({"N": "S"}).location({"E": "S"}).location({"S": "S"})
    assert m.wins(11) == [True, True, False]
    m.location({"N": "L"})  # a lone leader also scores 1
    assert m.wins(11) == [True, True, True]
    assert MapBuilder().location({"N": "S"}).location({"N": "S", "E": "S"}).wins(11) == [
        False, False, False]


def test_splinter_factions_counts_locations_with_a_leader() -> None:
    m = MapBuilder()
    for _ in range(5):
        m.location({"N": "L", "E": "S"})
    m.location({"N": "L", "E": "L"})  # these two eliminate each other
    assert m.wins(12) == [True, True, False]


def test_recon_mission_counts_explores() -> None:
    m = MapBuilder().location(FULL)
    assert m.wins(13, explores=5) == [False, False, False]
    assert m.wins(13, explores=7) == [True, True, False]
    assert m.wins(13, explores=8) == [True, True, True]


def test_pockets_of_resistance_needs_locations_worth_five() -> None:
    five = {"N": "L", "E": "S", "S": "S"}  # 1 + 2 + 2 = 5
    m = MapBuilder().location(five).location(five).location({"N": "L", "E": "S"})
    assert m.resolve(14, "standard").locations[2].score == 3
    assert m.wins(14) == [True, True, False]


def test_cut_a_path_measures_columns() -> None:
    m = MapBuilder().location({"E": "S"})  # columns 0..1
    m.location({"W": "S"})  # columns 3..4: the map spans 0..4 = 5 wide
    assert m.resolve(15, "standard").width == 5
    assert m.wins(15) == [True, False, False]
    m.location({})  # location at column 8: 9 wide
    assert m.wins(15) == [True, True, True]


def test_brain_trust_counts_outer_occupants_with_abilities() -> None:
    m = MapBuilder().location({"N": "S", "E": "S", "S": "S", "W": "S"}, outward="S")
    # give two outward faces an ability, and one face that touches the location (inside)
    m.cards[1] = card(2, faces="S(m) S S(l) S")  # north card: N outward, S touches the location
    m.cards[2] = card(3, faces="S S(b) S S(m)")  # east card: W touches it (inner), E outward
    r = m.resolve(16, "standard")
    assert r.perimeter_abilities == 2
    assert m.wins(16) == [True, True, False]
    m.cards[0] = card(1, printed="L(l)")  # a printed human with an ability, not on an outer edge
    assert m.resolve(16, "expert").perimeter_abilities == 2
    m2 = MapBuilder().location({"N": "S"}, printed="S(b)")
    assert m2.resolve(16, "expert").perimeter_abilities == 1 and m2.wins(16) == [True] * 3


def test_betrayer_needs_a_low_score() -> None:
    m = MapBuilder()
    for _ in range(4):
        m.location({"N": "WW", "E": "WW"})  # -4 each: -16
    assert m.resolve(18, "standard").score == -16
    assert m.wins(18) == [True, True, False]
    m.location({"N": "WW"})
    m.location({"N": "L", "E": "S", "S": "W", "W": "S"})
    # -18, and the last location scores 3 (a survivor falls) or 2 (the leader falls):
    # Standard wins at -15; Hard needs less than -15, so the leader falls: -16
    assert m.resolve(18, "standard").score == -15
    hard = m.resolve(18, "hard")
    assert hard.won and hard.score == -16
    assert m.wins(18) == [True, True, False]
