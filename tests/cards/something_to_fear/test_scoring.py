"""Something to Fear: the rulebook's scoring and damage examples, Walker majority, ties, data."""

from __future__ import annotations

from pathlib import Path

import pytest

from flick.cards.something_to_fear import data as D
from flick.cards.something_to_fear import scoring
from flick.errors import DataFileError

CARDS = D.default()


def cards_of(kind: str, count: int, damage: int | None = None) -> list[int]:
    found = [
        i
        for i, c in enumerate(CARDS.cards)
        if c.type == kind and (damage is None or c.personal_damage == damage)
    ]
    assert len(found) >= count
    return found[:count]


def points(kind: str, count: int) -> int:
    return scoring.stash_points(CARDS, cards_of(kind, count))


def test_four_saviors_score_40() -> None:
    assert [points("saviors", n) for n in (1, 2, 3, 4)] == [8, 16, 32, 40]


def test_negan_sets() -> None:
    # Diego three Negans 40, Seiji two -20, Nia one 10
    assert [points("negan", n) for n in (3, 2, 1)] == [40, -20, 10]
    assert points("negan", 5) == 40 - 20


def test_governor_sets() -> None:
    # Diego three Governors 5, Seiji one 20
    assert [points("governor", n) for n in (3, 1, 2)] == [5, 20, 10]


def test_supplies_and_weapons_score_per_card() -> None:
    assert points("supplies", 5) == 50  # Seiji's five Supplies
    assert points("weapon", 3) == 15


def test_walker_horde_damage_example() -> None:
    # Nia: 2 Walker Hordes, Mob damage 15 -> 19 total: she survives
    mob = cards_of("walker_horde", 1) + cards_of("supplies", 5)  # 5 + 5 x 2 = 15
    assert scoring.mob_damage(CARDS, mob) == 15
    nia = cards_of("walker_horde", 3)[1:]
    res = scoring.results(CARDS, [nia, []], mob)
    assert res[0].personal_damage == 4 and res[0].damage == 19 and res[0].alive
    assert res[0].walkers == 6


def test_wound_damage_example() -> None:
    # Seiji: 2 Wounds of 2, Mob damage 17 -> 21: he has died
    mob = cards_of("negan", 2) + cards_of("saviors", 3)  # 8 + 9 = 17
    seiji = cards_of("wound", 2, damage=2)
    res = scoring.results(CARDS, [seiji, []], mob)
    assert res[0].damage == 21 and not res[0].alive and res[0].score == 0
    assert res[1].damage == 17 and res[1].alive


def test_damage_of_exactly_20_survives() -> None:
    mob = cards_of("negan", 5)  # 20
    res = scoring.results(CARDS, [cards_of("supplies", 1), []], mob)
    assert res[0].alive and res[0].score == 10 + 0


def test_mob_damage_ignores_stash_and_personal_ignores_mob() -> None:
    mob = cards_of("wound", 2) + cards_of("weapon", 1)
    assert scoring.mob_damage(CARDS, mob) == 0
    assert scoring.personal_damage(CARDS, cards_of("saviors", 3)) == 0


def test_walker_majority() -> None:
    awards = scoring.walker_awards
    assert awards(CARDS, [5, 3, 1, 0], [True] * 4, 4) == [25, 10, 0, 0]
    assert awards(CARDS, [5, 5, 3, 0], [True] * 4, 4) == [25, 25, 0, 0]  # tie for first: no second
    assert awards(CARDS, [5, 3, 3, 1], [True] * 4, 4) == [25, 10, 10, 0]  # tie for second
    assert awards(CARDS, [5, 3], [True] * 2, 2) == [25, 0]  # no second place at 2 players
    assert awards(CARDS, [5, 3, 1], [False, True, True], 3) == [0, 25, 10]  # the dead take no part
    assert awards(CARDS, [0, 0, 0], [True] * 3, 3) == [0, 0, 0]  # no Walkers, no majority


def test_walker_horde_counts_as_three() -> None:
    stash = cards_of("walker_horde", 1) + cards_of("walker", 2)
    assert scoring.walker_count(CARDS, stash) == 5


def _result(score: int, walkers: int = 0, alive: bool = True) -> scoring.PlayerResult:
    return scoring.PlayerResult(0, 0, 0, alive, walkers, score)


def test_tied_scores() -> None:
    res = [_result(50, 1), _result(50, 4), _result(30, 9)]
    assert scoring.winners(res, tiebreaker=0) == [0]  # the Tie-breaker holder
    assert scoring.winners(res, tiebreaker=2) == [1]  # else the most Walkers
    res = [_result(50, 4), _result(50, 4), _result(10)]
    assert scoring.winners(res, tiebreaker=2) == [0, 1]  # else shared
    assert scoring.winners([_result(90, alive=False), _result(5)], 0) == [1]
    assert scoring.winners([_result(0, alive=False), _result(0, alive=False)], 0) == []


# ---- the data file ---------------------------------------------------------------------------
def test_deck_sizes_and_nested_markings() -> None:
    assert len(CARDS.cards) == 63
    for n in range(2, 7):
        assert len(CARDS.deck_for(n)) == 9 * (n + 1)
        assert set(CARDS.deck_for(n)) <= set(CARDS.deck_for(min(n + 1, 6)))
    wounds = [c for c in CARDS.cards if c.type == "wound"]
    assert len(wounds) == 6 and all(2 <= w.personal_damage <= 4 for w in wounds)
    assert [c.name for c in CARDS.characters][:3] == ["Eugene", "Jesus", "Carl"]


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = D.default_path().read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "stf.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_bad_card_type_names_file_and_line(tmp_path: Path) -> None:
    path = _broken(tmp_path, "{id: negan-02, type: negan", "{id: negan-02, type: neegan")
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if "neegan" in t)
    where = rf"stf\.yaml:{line}:\d+"
    with pytest.raises(DataFileError, match=rf"{where}: card 'negan-02': unknown type"):
        D.load(path)


def test_bad_marking_count_is_refused(tmp_path: Path) -> None:
    path = _broken(
        tmp_path,
        "{id: negan-02, type: negan, players: [2, 3, 4, 5, 6]}",
        "{id: negan-02, type: negan, players: [3, 4, 5, 6]}",
    )
    with pytest.raises(DataFileError, match="marked for 2 players; the game needs exactly 27"):
        D.load(path)


def test_bad_wound_damage_and_yaml(tmp_path: Path) -> None:
    path = _broken(tmp_path, "type: wound, personal_damage: 2", "type: wound, personal_damage: 7")
    with pytest.raises(DataFileError, match=r"personal_damage' must be a whole number 2\.\.4"):
        D.load(path)
    bad = tmp_path / "bad.yaml"
    bad.write_text("characters: [\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"bad\.yaml:.*not valid YAML"):
        D.load(bad)
    with pytest.raises(DataFileError, match="cannot read"):
        D.load(tmp_path / "missing.yaml")
