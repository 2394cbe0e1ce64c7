"""Surrounded: battles and scoring worked by hand, containers, effects, outer edges, data file."""

from __future__ import annotations

import pytest

from flick.cards.surrounded import board
from flick.cards.surrounded.cards import default_cards, load_cards
from flick.cards.surrounded.effects import parse_effect
from flick.cards.surrounded.layout import card, plain_cards
from flick.cards.surrounded.scenarios import SCENARIOS
from flick.cards.surrounded.scoring import rank, resolve
from flick.cards.surrounded.state import SurroundedState
from flick.errors import DataFileError

# Occupant cards that show one face toward a location at (0, 0), from each side:
# a card north of the location touches it with its S face, east with W, south with N, west with E.
SIDE = {"N": (0, 1, 2), "E": (1, 0, 3), "S": (0, -1, 0), "W": (-1, 0, 1)}


def facing(number: int, code: str, side: str, rest: str = "S") -> tuple[tuple[int, int], object]:
    """An occupant card placed on `side` of the origin whose face toward it is `code`."""
    x, y, d = SIDE[side]
    faces = [rest] * 4
    faces[d] = code
    return (x, y), card(number, faces=" ".join(faces))


def score(location, around: dict[str, str], scenario: int = 4, difficulty: str = "standard"):
    """Resolve a one-location map: `location` card at the origin, faces toward it by side."""
    overrides = {location.number: location}
    occs = {}
    for i, (side, code) in enumerate(sorted(around.items()), start=10):
        xy, c = facing(i, code, side)
        overrides[i] = c
        occs[board.cell_of(*xy)] = i
    cards = plain_cards(overrides)
    r = resolve({board.ORIGIN: location.number}, occs, cards, SCENARIOS[scenario], difficulty, 0)
    return r, r.locations[0]


# ---- occupant types ------------------------------------------------------------------------
def test_survivor_scores_one_each() -> None:
    r, loc = score(card(1), {"N": "S", "E": "S"})
    assert (r.score, loc.score, loc.overrun, loc.surrounded) == (2, 2, False, False)


def test_leader_scores_one_plus_one_per_survivor() -> None:
    # leader 1 + 2 survivors at the location, plus the survivors themselves: 1 + 2 + 2 = 5
    _, loc = score(card(1, printed="L"), {"N": "S", "W": "S(m)"})
    assert loc.score == 5


def test_walker_scores_minus_one_per_icon_and_two_walkers_keep_one_icon() -> None:
    # W + WW = 3 icons vs 1 survivor: the survivor falls, 2 icons remain: -2, overrun
    _, loc = score(card(1), {"N": "W", "E": "WW", "S": "S"})
    assert loc.score == -2 and loc.overrun
    remaining = [(o.kind, o.icons, o.remaining_icons) for o in loc.occupants]
    # listed printed first, then N, E, S, W: the single Walker's icon is used up first
    assert remaining == [("walker", 1, 0), ("walker", 2, 2), ("survivor", 1, 0)]
    _, loc = score(card(1), {"N": "WW", "E": "S"})
    assert [(o.kind, o.remaining_icons) for o in loc.occupants] == [("walker", 1), ("survivor", 0)]
    assert loc.score == -1


def test_two_leaders_eliminate_each_other() -> None:
    _, loc = score(card(1, printed="L"), {"N": "L", "E": "S"})
    # both leaders fall; the survivor scores 1
    assert loc.score == 1
    assert [o.remaining_icons for o in loc.occupants] == [0, 0, 1]


def test_walker_kills_chosen_to_keep_one_leader() -> None:
    # 2 leaders, 1 survivor, 1 Walker: eliminating a leader leaves L + S = 1 + 1 + 1 = 3,
    # eliminating the survivor leaves 2 leaders who eliminate each other = 0
    _, loc = score(card(1, printed="W"), {"N": "L", "E": "L", "S": "S"})
    assert loc.score == 3 and not loc.overrun


def test_more_walkers_than_humans_overrun() -> None:
    _, loc = score(card(1, printed="WW"), {"N": "W", "E": "L"})
    assert loc.overrun and loc.score == -2


# ---- containers ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("container", "points", "item"),
    [("gas", 1, "gas"), ("weapon", 1, "weapon"), ("medical", 1, "medical"), ("+2", 2, None),
     ("+3", 3, None)],
)
def test_container_pays_when_surrounded(container: str, points: int, item: str | None) -> None:
    r, loc = score(card(1, container=container), {"N": "S", "E": "S", "S": "S", "W": "W"})
    # 3 survivors, 1 Walker: one survivor falls -> 2, plus the container
    assert loc.surrounded and loc.score == 2 + points
    assert r.items == {k: int(k == item) for k in ("gas", "weapon", "medical")}
    r, loc = score(card(1, container=container), {"N": "S", "E": "S", "S": "S"})
    assert not loc.surrounded and loc.score == 3 and sum(r.items.values()) == 0


def test_container_pays_even_if_overrun() -> None:
    _, loc = score(card(1, container="+3"), {"N": "WW", "E": "WW", "S": "W", "W": "S"})
    # 5 icons - 1 survivor = 4 remaining: -4 + 3
    assert loc.overrun and loc.surrounded and loc.score == -1


# ---- location effects ----------------------------------------------------------------------
def test_effect_extra_point_per_remaining_survivor() -> None:
    c = card(1, printed="S", effect="+1 per remaining Survivor here")
    _, loc = score(c, {"N": "S", "E": "W"})
    assert loc.score == 1 + 1  # one survivor left: 1, and +1 for it


def test_effect_leaders_do_not_eliminate_each_other() -> None:
    c = card(1, printed="L", effect="Leaders here do not eliminate each other")
    _, loc = score(c, {"N": "L", "E": "S"})
    assert loc.score == 2 * (1 + 1) + 1


def test_effect_minus_two_if_overrun() -> None:
    c = card(1, printed="WW", effect="-2 if overrun")
    _, loc = score(c, {"N": "S"})
    assert loc.overrun and loc.score == -1 - 2
    _, loc = score(c, {"N": "S", "E": "S", "S": "S"})
    assert not loc.overrun and loc.score == 1


def test_effect_surrounded_with_three_edges() -> None:
    c = card(1, container="+3", effect="Counts as surrounded with 3 edges covered")
    _, loc = score(c, {"N": "S", "E": "S", "S": "S"})
    assert loc.surrounded and loc.score == 3 + 3


def test_effect_walkers_score_minus_two() -> None:
    c = card(1, effect="Walkers here score -2 each")
    _, loc = score(c, {"N": "WW", "E": "S"})
    assert loc.score == -2


def test_effect_bonus_if_no_walker_before_battle() -> None:
    c = card(1, effect="+2 if no Walker icon here before battle")
    assert score(c, {"N": "S"})[1].score == 3
    # a Walker that is eliminated in battle still spoils it
    assert score(c, {"N": "S", "E": "S", "W": "W"})[1].score == 1


def test_effect_point_per_adjacent_occupant_card() -> None:
    c = card(1, printed="W", effect="+1 per adjacent occupant card")
    assert score(c, {"N": "S", "E": "S", "S": "S"})[1].score == 2 + 3


def test_effect_language_errors_are_clear() -> None:
    e = parse_effect("+1 per remaining leader if surrounded; Walkers here score -3 each")
    assert e.walker_points == -3 and e.clauses[0].per == "remaining leader"
    assert e.clauses[0].condition == "surrounded"
    with pytest.raises(ValueError, match="unknown counter"):
        parse_effect("+1 per zombie")
    with pytest.raises(ValueError, match="unknown condition"):
        parse_effect("+1 if raining")
    with pytest.raises(ValueError, match="cannot read effect clause"):
        parse_effect("double the score")


# ---- rank, outer edges ---------------------------------------------------------------------
def test_rank_table() -> None:
    assert rank(-3) == rank(0) == rank(10) == "This is the beginning of the end."
    assert rank(11) == rank(15) == "You're just scraping by."
    assert rank(16) == rank(20) == "You might just do this after all."
    assert rank(21) == "You're a born leader. Congratulations!"


def test_outer_edges_ignore_an_enclosed_hole() -> None:
    # a ring of 8 cards around an empty (0, 0): occupant cards on odd cells, locations on even
    locs = {(1, 1): 1, (-1, 1): 2, (1, -1): 3, (-1, -1): 4}
    occs = {(0, 1): 5, (1, 0): 6, (0, -1): 7, (-1, 0): 8}
    walls = {n: card(n, faces="W W W W") for n in (5, 6, 7, 8)}
    walls[1] = card(1, printed="WW")
    cards = plain_cards(walls)
    r = resolve({board.cell_of(*p): k for p, k in locs.items()},
                {board.cell_of(*p): k for p, k in occs.items()}, cards, SCENARIOS[8],
                "standard", 0)
    # each ring card has 1 outward face with a Walker; the faces toward the hole do not count,
    # the printed 2 Walkers of card 1 (an outer location) do
    assert r.perimeter_walkers == 4 + 2
    assert r.width == 3


# ---- the data file -------------------------------------------------------------------------
def test_default_cards_load_with_marks() -> None:
    cards = default_cards()
    assert [c.number for c in cards] == list(range(1, 19))
    abilities = [f.ability for c in cards for f in c.faces if f.ability]
    assert {a: abilities.count(a) for a in set(abilities)} == {"move": 6, "look": 6, "burn": 6}
    assert all(c.source.get("number") == "R" and c.source.get("faces") in "RD" for c in cards)
    assert all(any(f.kind == "walker" for f in c.faces) for c in cards)
    assert sorted(c.container or "" for c in cards).count("gas") == 3


def _write(tmp_path, text: str):
    p = tmp_path / "cards.yaml"
    p.write_text(text)
    return p


def _valid_yaml() -> str:
    rows = []
    for n in range(1, 19):
        rows.append(
            f"  - number: {n}\n    name: C{n}\n    printed: null\n    container: null\n"
            f"    effect: null\n    faces: {{N: S, E: W, S: L, W: S}}\n"
        )
    return "cards:\n" + "".join(rows)


def test_data_file_errors_name_file_and_line(tmp_path) -> None:
    assert len(load_cards(_write(tmp_path, _valid_yaml()))) == 18
    bad_face = _valid_yaml().replace("{N: S,", "{N: X,", 1)
    with pytest.raises(DataFileError, match=r"cards\.yaml:7:\d+: faces N: occupant 'X'"):
        load_cards(_write(tmp_path, bad_face))
    bad_effect = _valid_yaml().replace("effect: null", "effect: +1 per zombie", 1)
    with pytest.raises(DataFileError, match=r"cards\.yaml:6:\d+: effect: unknown counter"):
        load_cards(_write(tmp_path, bad_effect))
    dup = _valid_yaml().replace("number: 2\n", "number: 1\n", 1)
    with pytest.raises(DataFileError, match=r":8:\d+: card number 1 appears twice"):
        load_cards(_write(tmp_path, dup))
    short = "cards:\n" + _valid_yaml().split("\n", 1)[1].rsplit("  - number: 18", 1)[0]
    with pytest.raises(DataFileError, match=r"found 17 \(missing numbers: 18\)"):
        load_cards(_write(tmp_path, short))
    with pytest.raises(DataFileError, match=r"walker.*only humans|only humans"):
        load_cards(_write(tmp_path, _valid_yaml().replace("E: W,", "E: W(m),", 1)))
    with pytest.raises(DataFileError, match="not valid YAML"):
        load_cards(_write(tmp_path, "cards: [\n"))


def _brute_force(s: SurroundedState) -> tuple[bool, int]:
    """The best (goal met, score) over every combination of battle choices."""
    from itertools import product

    from flick.cards.surrounded import board as bd
    from flick.cards.surrounded import scoring as sc
    from flick.cards.surrounded.scenarios import goal_met

    sites = [sc.site(c, s.cards[k - 1], s.occs, s.cards) for c, k in sorted(s.locs.items())]
    pw, pa = sc.perimeter_counts(s.locs, s.occs, s.cards)
    wide = bd.width(set(s.locs) | set(s.occs))
    best = (False, -10**9)
    for combo in product(*(x.options for x in sites)):
        total = sum(o.score for o in combo)
        won = goal_met(s.scenario, s.difficulty, [o.tally for o in combo], total, s.explores,
                       wide, pw, pa)
        best = max(best, (won, total))
    return best


@pytest.mark.parametrize(
    ("scenario", "difficulty"), [(9, "expert"), (10, "hard"), (11, "expert"), (12, "standard")]
)
def test_battle_choices_above_the_limit_are_searched_exactly(
    scenario: int, difficulty: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Above MAX_COMBINATIONS the engine used to try only the two extremes (each location's
    best, then its worst); it must find what trying every combination finds. The limit is
    lowered so that ordinary maps are above it."""
    import random

    from flick.cards.surrounded import scoring as sc

    monkeypatch.setattr(sc, "MAX_COMBINATIONS", 1)
    won = 0
    for seed in range(60):
        s = SurroundedState(seed, scenario=scenario, difficulty=difficulty)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        r = s.result()
        assert (r.won, r.score) == _brute_force(s), seed
        won += r.won
    assert won >= 1


@pytest.mark.parametrize("scenario", [1, 7, 9, 10, 11, 12, 18])
def test_best_combinations_match_every_combination(scenario: int) -> None:
    """The dynamic programme against brute force on random battle options (every goal the
    choices can change, Expert containers and One-Stop Shop included)."""
    import random
    from itertools import product
    from types import SimpleNamespace

    from flick.cards.surrounded.scenarios import LocationTally, goal_met
    from flick.cards.surrounded.scoring import Option, best_combinations

    rng = random.Random(scenario)
    for difficulty in ("standard", "hard", "expert"):
        sc = SCENARIOS[scenario]
        for _ in range(30):
            sites = []
            for _ in range(rng.randint(1, 6)):
                container = rng.choice(["gas", "weapon", "medical", None])
                surrounded, overrun = rng.random() < 0.6, rng.random() < 0.3
                opts = []
                for _ in range(rng.randint(1, 3)):
                    lr, sr, w = rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 1)
                    sco = rng.randint(-3, 6)
                    tally = LocationTally(container, surrounded, overrun, lr, sr, w, sco)
                    opts.append(Option(0, 0, lr, sr, w, sco, tally))
                sites.append(SimpleNamespace(options=tuple(opts)))

            def key(combo: tuple[Option, ...], sc: object = sc, d: str = difficulty) -> tuple:
                total = sum(o.score for o in combo)
                return (goal_met(sc, d, [o.tally for o in combo], total, 0, 0, 0, 0), total)

            every = max(key(c) for c in product(*(x.options for x in sites)))
            dp = max(key(c) for c in best_combinations(sites, sc, difficulty))  # type: ignore[arg-type]
            assert dp == every
