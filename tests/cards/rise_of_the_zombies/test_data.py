"""Rise of the Zombies!: the card data file (`data`): every value marked, 168 cards, charts, bad
data named by file and line, a bad set-up refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from flick.cards.rise_of_the_zombies.data import default_catalog, load, parse_chart
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies
from flick.errors import DataFileError, FlickError


def test_card_data_marks_every_value_and_counts_168_cards() -> None:
    cat = default_catalog()
    assert len(cat.action_cards) + len(cat.zombie_cards) + len(cat.survivors) + 2 == 168
    assert len(cat.survivors) == 13


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [("attack: \"1-3:0, 4-6:1\", traits: [], count: 4", "attack: \"1-3:0\", traits: [], count: 4",
      "roll 4 has no result"),
     ("rulebook: [name, xp], provisional: [health, attack, traits, count]}",
      "rulebook: [name, xp], provisional: [health, attack, traits]}", "not marked"),
     ("traits: [fast], count: 4", "traits: [sneaky], count: 4", "unknown trait"),
     ("effect: {heal: 2}", "effect: {heal: two}", "whole number"),
     ('effect: {ambush: "1:0, 2-3:1, 4-5:2, 6:3"}', "effect: {ambush: 3}",
      "attack chart '3': row '3' is not 'rolls:result'")],
)
def test_bad_card_data_names_file_and_line(
    tmp_path: Path, old: str, new: str, problem: str
) -> None:
    text = (Path(__file__).parents[3] / "assets/cards/rise_of_the_zombies.yaml").read_text()
    assert old in text
    bad = tmp_path / "zombies.yaml"
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(DataFileError, match=rf"zombies.yaml:\d+:\d+: .*{problem}"):
        load(bad)


def test_chart_parsing() -> None:
    c = parse_chart("(1):reload, 2-4:1, 5+:2")
    assert c.natural[1] == "reload" and c.wounds[2:8] == (1, 1, 1, 2, 2, 2)
    assert parse_chart("1-3:0, 4-6:1").wounds[9] == 1  # above the chart: its top row


def test_bad_setup_is_a_clear_error() -> None:
    with pytest.raises(FlickError, match="1 to 8"):
        RiseOfTheZombies([s.name for s in default_catalog().survivors[:9]])
    with pytest.raises(FlickError, match="unknown difficulty"):
        RiseOfTheZombies(["Scout"], "nightmare")
