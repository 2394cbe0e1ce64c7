"""A Rise of the Zombies! `Catalog` as JSON and back, so that a saved game keeps its own card
data (a custom deck round-trips through `to_json` / `from_json` instead of being replaced by
the default card file)."""

from __future__ import annotations

import dataclasses
from typing import Any

from flick.cards.rise_of_the_zombies.data import (
    ActionSpec,
    Catalog,
    Chart,
    SurvivorSpec,
    Weapon,
    ZombieSpec,
)


def _chart(d: dict[str, Any]) -> Chart:
    return Chart(d["text"], tuple(d["wounds"]), tuple(d["natural"]))


def _value(v: Any) -> Any:
    """An effect value: a chart (Ambush), a list (made a tuple) or a plain value."""
    if isinstance(v, dict) and set(v) == {"text", "wounds", "natural"}:
        return _chart(v)
    return tuple(v) if isinstance(v, list) else v


def catalog_to_json(cat: Catalog) -> dict[str, Any]:
    """Every field of the catalog as JSON data (charts as their text, wounds and naturals)."""
    return dataclasses.asdict(cat)


def catalog_from_json(data: dict[str, Any]) -> Catalog:
    """The catalog `catalog_to_json` wrote."""
    survivors = []
    for s in data["survivors"]:
        w = s["weapon"]
        weapon = None if w is None else Weapon(w["name"], tuple(w["range"]), _chart(w["chart"]))
        survivors.append(SurvivorSpec(s["name"], weapon, s["ability"], s["epic"]))
    zombies = [ZombieSpec(**{**z, "attack": _chart(z["attack"])}) for z in data["zombies"]]
    actions = [
        ActionSpec(**{
            **a,
            "range": tuple(a["range"]),
            "chart": None if a["chart"] is None else _chart(a["chart"]),
            "effect": tuple((k, _value(v)) for k, v in a["effect"]),
        })
        for a in data["actions"]
    ]
    return Catalog(
        path=data["path"],
        departure={k: tuple(v) for k, v in data["departure"].items()},
        minutes_per_turn=data["minutes_per_turn"],
        group=tuple(tuple(g) for g in data["group"]),
        evaluation=tuple(tuple(e) for e in data["evaluation"]),
        helicopter=tuple(data["helicopter"]),
        survivors=tuple(survivors),
        zombies=tuple(zombies),
        actions=tuple(actions),
        action_cards=tuple(data["action_cards"]),
        zombie_cards=tuple(data["zombie_cards"]),
    )
