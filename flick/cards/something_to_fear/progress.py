"""The fields of a game of Something to Fear in progress: the one declared list from which a
state's `clone`, `to_json` and `from_json` are made, and the card data a custom deck saves."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypeVar

from flick.cards.engine import rng_from_json, rng_state_to_json
from flick.cards.something_to_fear.data import (
    CardData,
    Character,
    Encounter,
    EncounterType,
    default,
)
from flick.errors import FlickError

if TYPE_CHECKING:
    from flick.cards.something_to_fear.table import StfTable

T = TypeVar("T", bound="StfTable")

# How a field of the state is copied by `clone` and written by `to_json` (read by `from_json`):
VALUE = "value"  # an immutable value: shared by a clone, written as it is
CARD = "card"  # a card index or -1: written as the card's id or null
CARDS = "cards"  # a list of card indices: copied, written as card ids
CARD_LISTS = "card lists"  # a list of lists of card indices: copied, written as card ids
LIST = "list"  # a flat list of plain values: copied
LISTS = "lists"  # a list of lists of plain values: copied

# Every field of a game's progress, in the order of its dump, with its kind (see above).
FIELDS: dict[str, str] = {
    "num_players": VALUE,
    "expert": VALUE,
    "seed": VALUE,
    "round": VALUE,
    "tiebreaker": VALUE,
    "reversed": VALUE,
    "governor_taken": VALUE,
    "phase": VALUE,
    "actor": VALUE,
    "turn_actor": VALUE,
    "pending_wound": CARD,
    "pending_governor": VALUE,
    "last_secured": CARD,
    "maggie": VALUE,
    "maggie_target": VALUE,
    "deck": CARDS,
    "row": CARDS,
    "mob": CARDS,
    "destroyed": CARDS,
    "peek": CARDS,
    "stash": CARD_LISTS,
    "queue": LIST,
    "to_act": LIST,
    "steps": LIST,
    "selected": LIST,
    "number": LIST,
    "eugene_card": LIST,
    "deck_known": LIST,
    "hand": LISTS,
    "char_deck": LISTS,
    "discard": LISTS,
    "known_hand": LISTS,
}
_COPIED_LISTS = tuple(f for f, k in FIELDS.items() if k in (CARDS, LIST))
_COPIED_NESTED = tuple(f for f, k in FIELDS.items() if k in (CARD_LISTS, LISTS))
_SHARED = tuple(f for f, k in FIELDS.items() if k in (VALUE, CARD))


def clone(state: T) -> T:
    """A copy sharing the card data and the immutable fields."""
    new = object.__new__(type(state))
    d = new.__dict__
    src = state.__dict__
    for key in _SHARED:
        d[key] = src[key]
    for key in _COPIED_LISTS:
        d[key] = list(src[key])
    for key in _COPIED_NESTED:
        d[key] = [list(x) for x in src[key]]
    new.data = state.data
    if state.explicit_chance:
        new.rng = state.rng  # a NoDraws: nothing to copy
    else:
        new.rng = random.Random()
        new.rng.setstate(state.rng.getstate())
    new.explicit_chance = state.explicit_chance
    new.deck_fixed = state.deck_fixed
    new.deals = list(state.deals)
    new._chance_pending = state._chance_pending
    new._legal = state._legal
    new._results = state._results
    return new


def to_json(state: StfTable) -> dict[str, Any]:
    """The game as JSON: the fields in their order, the generator, a custom deck."""
    ids = [c.id for c in state.data.cards]
    out: dict[str, Any] = {"game": state.game_name}
    for key, kind in FIELDS.items():
        value = state.__dict__[key]
        if kind == CARD:
            out[key] = ids[value] if value >= 0 else None
        elif kind == CARDS:
            out[key] = [ids[c] for c in value]
        elif kind == CARD_LISTS:
            out[key] = [[ids[c] for c in x] for x in value]
        elif kind == LIST:
            out[key] = list(value)
        elif kind == LISTS:
            out[key] = [list(x) for x in value]
        else:
            out[key] = value
    out["rng"] = rng_state_to_json(state.rng)
    if state.explicit_chance:  # a seeded game's dump is as it always was
        out["deck_fixed"] = state.deck_fixed
        out.update(state.chance_to_json())
    if state.data is not default() and state.data != default():
        out["cards"] = cards_to_json(state.data)  # a custom deck travels with the game
    return out


def from_json(cls: type[T], data: dict[str, Any]) -> T:
    """The inverse of `to_json`; a damaged dump raises FlickError (exit 2)."""
    try:
        cards = cards_from_json(data["cards"]) if "cards" in data else default()
        index = {c.id: i for i, c in enumerate(cards.cards)}
        new = object.__new__(cls)
        d = new.__dict__
        d["pending_governor"] = -1  # not in games saved before the Governor's choice
        for key, kind in FIELDS.items():
            if key not in data and key == "pending_governor":
                continue
            value = data[key]
            if kind == CARD:
                d[key] = index[value] if value else -1
            elif kind == CARDS:
                d[key] = [index[c] for c in value]
            elif kind == CARD_LISTS:
                d[key] = [[index[c] for c in x] for x in value]
            elif kind == LIST:
                d[key] = list(value)
            elif kind == LISTS:
                d[key] = [list(x) for x in value]
            else:
                d[key] = value
        new.rng = rng_from_json(data["rng"])
        new.deck_fixed = int(data.get("deck_fixed", 0))
        new.chance_from_json(data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise FlickError(
            f"something_to_fear: not a saved game state ({exc!r})", exit_code=2
        ) from exc
    new.data = cards
    new.deals = []
    new.forget_legal()
    new._results = None
    return new


def cards_to_json(data: CardData) -> dict[str, Any]:
    """The card data of a game as JSON (saved with a game whose deck is not the default)."""
    return {
        "characters": [[c.number, c.name, c.on_reveal, c.text] for c in data.characters],
        "types": {
            k: {
                "name": t.name,
                "sets": None if t.sets is None else list(t.sets),
                "each": t.each,
                "walkers": t.walkers,
                "mob_damage": t.mob_damage,
                "personal_damage": t.personal_damage,
            }
            for k, t in data.types.items()
        },
        "encounters": [
            [c.id, c.type, c.mob_damage, c.personal_damage, sorted(c.players)] for c in data.cards
        ],
        "walker_most": data.walker_most,
        "walker_second": data.walker_second,
        "second_from_players": data.second_from_players,
        "death_over": data.death_over,
        "source": data.source,
    }


def cards_from_json(raw: dict[str, Any]) -> CardData:
    """The inverse of `cards_to_json`."""
    types = {}
    for k, t in raw["types"].items():
        sets = t["sets"]
        types[k] = EncounterType(
            k, t["name"], None if sets is None else (sets[0], sets[1], sets[2]), t["each"],
            t["walkers"], t["mob_damage"], t["personal_damage"],
        )
    return CardData(
        characters=tuple(Character(n, name, bool(r), text) for n, name, r, text in
                         raw["characters"]),
        types=types,
        cards=tuple(Encounter(i, t, m, d, frozenset(ps)) for i, t, m, d, ps in raw["encounters"]),
        walker_most=raw["walker_most"],
        walker_second=raw["walker_second"],
        second_from_players=raw["second_from_players"],
        death_over=raw["death_over"],
        source=raw["source"],
    )
