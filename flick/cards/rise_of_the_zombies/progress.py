"""Rise of the Zombies!: the fields of a game in progress, the one declared list from which
`clone`, `to_json`, `from_json` and the observation are made, and the copies a search makes
(`determinize`)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from flick.cards.deck import Deck
from flick.cards.engine import IllegalActionError, list_of_lists, rng_from_json, rng_state_to_json
from flick.cards.rise_of_the_zombies import decisions as D
from flick.cards.rise_of_the_zombies.cardjson import catalog_from_json, catalog_to_json
from flick.cards.rise_of_the_zombies.data import default_catalog
from flick.cards.rise_of_the_zombies.table import CARD_LISTS
from flick.errors import FlickError

if TYPE_CHECKING:
    from flick.cards.rise_of_the_zombies.table import Table

T = TypeVar("T", bound="Table")


def _copy_decisions(pending: list[D.Decision]) -> list[D.Decision]:
    """Each decision copied as `copy.copy` copies it (a plain dataclass: a new instance with
    the same fields), without going through copy's generic protocol."""
    out = []
    for pd in pending:
        twin = object.__new__(type(pd))
        twin.__dict__.update(pd.__dict__)
        out.append(twin)
    return out


def _copy_infestation(infest: D.Infestation | None) -> D.Infestation | None:
    return None if infest is None else infest.copy()


# Every field of a game, in the order of its dump (`to_json`, `from_json`), with how `clone`
# copies it (None: shared: an immutable value, a list set once, or one of `CARD_LISTS`, shared
# until set); the observation leaves out `SECRET`.
FIELDS: dict[str, Callable[[Any], Any] | None] = {
    "seed": None,
    "sv": None,  # (set once)
    "difficulty": None,
    "departure": None,
    "clock": None,
    "otis": None,
    "secret_hands": None,
    "minutes_per_turn": None,
    "minutes_used": None,
    "adeck": Deck.copy,
    "adisc": list,
    "removed": list,
    "zdeck": Deck.copy,
    "zdisc": list,
    "aside": list,
    "zpos": list,
    "zwounds": list,
    "zeng": list,
    "zorder": list,
    "path": list,
    "attach": list_of_lists,
    "group_n": None,
    "pos": list,
    "wounds": list,
    "alive": list,
    "escaped": list,
    "xp": list,
    "furthest": list,
    "hand": list_of_lists,
    "ready": list_of_lists,
    "cwounds": None,  # (the per-card lists: shared until set, `Table.put_card`)
    "turn": None,
    "over": None,
    "end_reason": None,
    "pending": _copy_decisions,
    "zq": list_of_lists,
    "infest": _copy_infestation,
    "epic": dict,
    "phase": None,
    "moved": list,
    "free_used": list,
    "bonus": list,
    "cardio_used": list,
    "reroll_used": list,
    "passed": list,
    "placed": None,
    "weapon_user": None,
    "reloaded": None,
    "moved_card": None,
    "comp_attacked": None,
    "actor": None,
}


_COPIED = tuple((f, c) for f, c in FIELDS.items() if c is not None)


def to_json(st: Table) -> dict[str, Any]:
    """The game as JSON: every field, the decisions waiting, the generator, a custom deck."""
    data = {f: copy.deepcopy(getattr(st, f)) for f in FIELDS if f != "infest"}
    data["adeck"], data["zdeck"] = list(st.adeck), list(st.zdeck)  # (the cards alone)
    data["pending"] = [D.to_json(d) for d in st.pending]
    data["infest"] = None if st.infest is None else st.infest.to_json()
    data = {f: data[f] for f in FIELDS}  # in the order of FIELDS
    data["rng"] = rng_state_to_json(st.rng)
    data["decisions"] = st.decisions
    data.update(st.chance_to_json())  # nothing for a seeded game
    if st.cat is not default_catalog():
        data["catalog"] = catalog_to_json(st.cat)  # a custom deck travels with the game
    return data


PHASES = ("discard", "play")  # the steps of a turn a saved game can be in


def from_json(cls: type[T], data: dict[str, Any]) -> T:
    """The inverse of `to_json`; a damaged save raises FlickError (exit 2) naming the field."""
    if not isinstance(data, dict):
        raise FlickError("rise_of_the_zombies state: not a mapping of fields", exit_code=2)
    st = cls.__new__(cls)
    try:
        cat = data.get("catalog")
        st.cat = default_catalog() if cat is None else catalog_from_json(cat)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise FlickError(f"rise_of_the_zombies state: damaged catalog ({exc!r})",
                         exit_code=2) from None
    shapes = _field_shapes(cls)
    for f in FIELDS:
        if f not in data:
            raise FlickError(f"rise_of_the_zombies state: missing field {f!r}", exit_code=2)
        wrong = _shape_problem(data[f], shapes.get(f))
        if wrong:
            raise FlickError(f"rise_of_the_zombies state: field {f!r}: {wrong}",
                             exit_code=2)
        setattr(st, f, copy.deepcopy(data[f]))
    st.adeck, st.zdeck = Deck(st.adeck), Deck(st.zdeck)
    try:
        st.num_players = len(st.sv)
        st.pending = [D.from_json(d) for d in data["pending"]]
        infest = data["infest"]
        st.infest = None if infest is None else D.Infestation.from_json(infest)
        st.rng = rng_from_json(data["rng"])
        st.decisions = int(data.get("decisions", 0))  # absent in older saves
        st.chance_from_json(data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise FlickError(f"rise_of_the_zombies state: damaged ({exc!r})",
                         exit_code=2) from None
    if st.phase not in PHASES:
        raise FlickError(f"rise_of_the_zombies state: field 'phase': {st.phase!r} is not a step "
                         f"of a turn ({', '.join(PHASES)})", exit_code=2)
    st.events = None
    return st


def clone(st: T) -> T:
    """An independent copy that goes on exactly like this state (the search bots make
    thousands a game, so it copies field by field instead of through JSON)."""
    twin = type(st).__new__(type(st))
    d = twin.__dict__ = st.__dict__.copy()  # (a dict's copy: its table at once)
    d.pop("_chance_trial", None)  # a waiting copy and a base are its state's own
    d.pop("_chance_base", None)  # (flick.cards.chance)
    st.shared_lists = twin.shared_lists = CARD_LISTS  # shared until set (`Table.put_card`)
    for f, copy_of in _COPIED:
        d[f] = copy_of(d[f])
    if st.explicit_chance:
        twin.rng = st.rng  # a NoDraws: nothing to copy
    else:
        twin.rng = random.Random()
        twin.rng.setstate(st.rng.getstate())
    twin.events = None if st.events is None else list(st.events)
    return twin


def determinize(st: T, player: int, rng: random.Random) -> T:
    """A copy with what `player` cannot see re-dealt: both decks reshuffled and, with secret
    hands, the other survivors' hands dealt again (same sizes) from the unseen cards (the
    Action deck and those hands); a fresh generator for the dice to come (seeded chance,
    also for an explicit-chance state: one sampled world)."""
    if st._chance_pending is not None:
        raise IllegalActionError(f"{st.game_name}: no determinization while chance decides")
    twin = clone(st)
    if st.secret_hands:
        others = [t for t in range(st.num_players) if t != player]
        pool = twin.adeck + [c for t in others for c in twin.hand[t]]
        rng.shuffle(pool)
        for t in others:
            k = len(twin.hand[t])
            twin.hand[t], pool = pool[:k], pool[k:]
        twin.adeck = Deck(pool)
    else:
        twin.adeck = _shuffled(twin.adeck, rng)
    twin.zdeck = _shuffled(twin.zdeck, rng)
    twin.rng = random.Random(rng.getrandbits(64))
    twin.explicit_chance = False
    return twin


def _shuffled(deck: Deck, rng: random.Random) -> Deck:
    """`deck`'s cards shuffled by `rng` as `rng.shuffle(deck)` would, as a new deck (whose
    counts are made again when asked: shuffled as a list, without dropping them a swap)."""
    cards = list(deck)
    rng.shuffle(cards)
    return Deck(cards)


# what nobody at the table sees: the seed and generator (the dice to come) and deck orders
SECRET = ("seed", "adeck", "zdeck")


def observation(st: Table, player: int) -> dict[str, Any]:
    """What survivor `player` can know, as data: the table (path, zombies, every survivor's
    place, wounds, Experience, readied cards, discard piles), the clock, the decision in
    progress, the sizes of both decks, its own hand and, unless hands are secret, the
    others' (the rulebook lets each player reveal or hide its hand). Never the seed, the
    generator or the order of a deck."""
    data = {f: _plain_copy(getattr(st, f)) for f in FIELDS if f not in SECRET}
    data["pending"] = [D.to_json(d) for d in st.pending]
    data["infest"] = None if st.infest is None else st.infest.to_json()
    data["player"] = player
    data["adeck_size"] = len(st.adeck)
    data["zdeck_size"] = len(st.zdeck)
    if st.secret_hands:
        data["hand"] = [
            sorted(h) if t == player else len(h) for t, h in enumerate(st.hand)
        ]
    return data


_ATOMS = frozenset({int, bool, float, str, type(None)})  # copied as they are


def _plain_copy(value: Any) -> Any:
    """A deep copy of plain data (lists, dicts, tuples of ints, strings, bools, None), several
    times faster than copy.deepcopy: observation() runs at every decision of an adapter."""
    kind = type(value)
    if kind is list:
        return [v if type(v) in _ATOMS else _plain_copy(v) for v in value]
    if kind is dict:
        return {k: _plain_copy(v) for k, v in value.items()}
    if kind is tuple:
        return tuple(_plain_copy(v) for v in value)
    return value


def _shape(value: Any) -> str:
    """A JSON value's kind: bool, number, text, list, mapping or null."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list | tuple):
        return "list"
    if isinstance(value, dict):
        return "mapping"
    return "null" if value is None else type(value).__name__


_SHAPES: dict[str, Any] = {}


def _field_shapes(cls: Any) -> dict[str, Any]:
    """Each state field's kind and its items' kind, from a fresh game's `to_json` (cached)."""
    if not _SHAPES:
        for key, value in cls(seed=0).to_json().items():
            items = value if isinstance(value, list) else []
            _SHAPES[key] = (_shape(value), _shape(items[0]) if items else None)
    return _SHAPES


def _shape_problem(value: Any, shape: Any) -> str | None:
    """What is wrong with a saved field's kind (None: nothing found, or null where a fresh
    game has a value, which the state allows for optional fields)."""
    if shape is None or value is None:
        return None
    kind, item = shape
    if kind != "null" and _shape(value) != kind:
        return f"a {kind}, not {_shape(value)} {value!r:.60}"
    if kind == "list" and item not in (None, "null"):
        for x in value:
            if x is not None and _shape(x) != item:
                return f"items are {item}s, not {_shape(x)} {x!r:.60}"
    return None
