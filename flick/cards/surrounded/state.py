"""The Walking Dead: Surrounded as an engine `State`: the game set up on the plain state
(`table.SurroundedTable`), its engine API made of the rules (`options`: the legal actions;
`turns`: set-up steps, turns, abilities, the end), which never import this module.

A solitaire game (one seat; several people may share its decisions). The deck is a list whose
last item is the top card, location side up: the top card's location side is always visible,
and since the card list is public its number tells the whole card, so the player knows the top
card. Other deck cards are hidden unless the player learned where they are (Look at the bottom,
or Burn a card to the top or bottom); `determinize` reshuffles only the hidden ones.

Turn (rulebook, Gameplay): decide Explore or Occupy (`EXPLORE`, `OCCUPY`), place the card
(`place(cell)`); after Explore spawn a Walker from the next card; then at most one ability of a
human on the occupant card placed this turn that touches a location (`SKIP`, `LOOK_TOP`,
`LOOK_BOTTOM`, `move(src, dst)`, `burn(cell, bottom)`). A step with a single possible action is
taken automatically (the forced choices at the start of a turn; a lone legal cell) and is not a
decision. The game ends when the deck is empty at the end of a turn, or when a card cannot be
placed and is discarded with the rest of the deck.

Game length: after the set-up (2 cards) every turn draws at least one card from the deck and
only a Burn puts one back; each card can be burned once (below), so at most (N - 2) + N cards
are drawn in turns. A turn costs at most 3 decisions per card it draws (Occupy: choose, place,
ability; Explore: 4 for 2 cards); with the set-up spawn, `max_game_length()` = 6N - 5 (103).

Readings where the rulebook is silent (also listed in the report):
- The set-up spawn places its card like any spawn (the player picks the cell); no ability is
  used at set-up, since it is not a turn.
- If a location cannot be placed anywhere the player must Occupy even when the top card shows a
  Walker (a rule cannot demand the impossible).
- The ability is used after the turn's cards are placed; the end-of-game check follows it, so
  the last turn may still Move, but not Burn: "The game ends when the deck is empty", and a
  Burn into the empty deck would start it again.
- A card can be burned once in a game. The rulebook has no other limit (outside scenarios 5
  and 17), and without one a game need never end: Occupy, Burn the card just placed back on
  top, Occupy the same cell, and so on. The game must end "when the deck is empty"; a card
  returning to the deck once keeps every first Burn as it was and bounds the game.
- Abilities: only the faces of the occupant card placed this turn that touch a location; Burn
  may not remove the last card of the map; Look needs a card in the deck (with one card, top
  and bottom are the same, so only "top" is offered).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flick.cards.engine import TERMINAL, check_loaded
from flick.cards.surrounded import actions, board, labels, options, record, turns
from flick.cards.surrounded.actions import (
    ABILITY,
    BURN,
    CHOOSE,
    EXPLORE,
    LOCATION,
    LOOK_BOTTOM,
    LOOK_TOP,
    MOVE,
    OCCUPANT,
    OCCUPY,
    OVER,
    PHASE_NAMES,
    PLACE,
    SKIP,
    SPAWN,
    burn,
    move,
    place,
)
from flick.cards.surrounded.cards import Card, default_cards
from flick.cards.surrounded.scenarios import DIFFICULTIES, SCENARIOS
from flick.cards.surrounded.table import SurroundedTable

# The action codes and phases (flick.cards.surrounded.actions), offered here beside the state.
__all__ = ["ABILITY", "BURN", "CHOOSE", "EXPLORE", "LOCATION", "LOOK_BOTTOM", "LOOK_TOP", "MOVE",
           "OCCUPANT", "OCCUPY", "OVER", "PHASE_NAMES", "PLACE", "SKIP", "SPAWN", "SurroundedState",
           "burn", "move", "place"]


def _same(value: Any) -> Any:
    return value


def _cells_out(cells: dict[int, int]) -> list[list[int]]:
    return [[*board.xy(c), k] for c, k in sorted(cells.items())]


def _cells_in(rows: list[list[int]]) -> dict[int, int]:
    return {board.cell_of(x, y): k for x, y, k in rows}


def _cell_out(cell: int | None) -> list[int] | None:
    return None if cell is None else list(board.xy(cell))


def _cell_in(xy: list[int] | None) -> int | None:
    return None if xy is None else board.cell_of(*xy)


@dataclass(frozen=True)
class _Field:
    """A field of the state: its attribute, its key in the dump, how `clone` and `fast_copy`
    copy it (None: an immutable value, shared), how `to_json` writes it and `from_json`
    reads it (`default`: the value read when a save has no such key; absent: required)."""

    attr: str
    key: str
    copy: Callable[[Any], Any] | None = None
    dump: Callable[[Any], Any] = _same
    load: Callable[[Any], Any] = _same
    default: Any = ...


# Every field of a game's progress, in the order of its dump (the generator comes last).
_FIELDS = (
    _Field("seed", "seed"),
    _Field("scenario", "scenario", dump=lambda sc: sc.number, load=lambda n: SCENARIOS[n]),
    _Field("difficulty", "difficulty"),
    _Field("deck", "deck", list, list, list),
    _Field("known", "known", set, sorted, set),
    _Field("locs", "locations", dict, _cells_out, _cells_in),
    _Field("occs", "occupants", dict, _cells_out, _cells_in),
    _Field("discarded", "discarded", list, list, list),
    _Field("burned", "burned", set, sorted, set, default=[]),
    _Field("explores", "explores"),
    _Field("used", "abilities_used", dict, dict, dict),
    _Field("turn", "turn"),
    _Field("phase", "phase", dump=lambda p: PHASE_NAMES[p], load=PHASE_NAMES.index),
    _Field("anchor", "anchor", dump=_cell_out, load=_cell_in),
    _Field("placed", "placed", dump=_cell_out, load=_cell_in),
    _Field("looked", "looked", dump=lambda v: None if v is None else list(v),
           load=lambda v: None if v is None else (v[0], v[1])),
)
_COPIED = tuple((f.attr, f.copy) for f in _FIELDS if f.copy is not None)


class SurroundedState(SurroundedTable):
    """One game of Surrounded: the plain state (`table.SurroundedTable`) set up, and the
    engine's API made of the rules (`options`, `turns`)."""

    game_name = "surrounded"
    num_players = 1

    def __init__(
        self,
        seed: int = 0,
        scenario: int | None = None,
        difficulty: str = "standard",
        cards: tuple[Card, ...] | None = None,
        deck: list[int] | None = None,
    ) -> None:
        """A new game: shuffle, start the map, spawn the first Walker.

        scenario: None plays the scenario of whatever location comes out first (the normal
        set-up); a number puts that location on the table first and shuffles the rest.
        deck: a fixed order instead of shuffling (top card last), for tests.
        """
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
        if scenario is not None and scenario not in SCENARIOS:
            raise ValueError(f"scenario must be 1-18, not {scenario}")
        self.cards = cards if cards is not None else default_cards()
        self.seed = seed
        self.rng = random.Random(seed)
        self.difficulty = difficulty
        if deck is None:
            deck = list(range(1, 19))
            if scenario is not None:
                deck.remove(scenario)
            self.rng.shuffle(deck)
            if scenario is not None:
                deck.append(scenario)
        self.deck = list(deck)
        self.known = set()
        self.locs = {}
        self.occs = {}
        self.discarded = []
        self.burned = set()
        self.explores = 0
        self.used = {"move": 0, "look": 0, "burn": 0}
        self.turn = 0
        self.looked = None
        self.phase = SPAWN
        self.anchor = board.ORIGIN
        self.placed = None
        self.legal_cache = None
        self.result_cache = None
        self.events = None
        start = self.deck.pop()
        self.locs[board.ORIGIN] = start
        self.map_changed()
        self.scenario = SCENARIOS[start]
        turns.enter_spawn(self)
        turns.auto(self)

    # ---- API ----------------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else 0

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, player: int | None = None) -> list[int]:
        if player not in (None, 0):
            return []
        if self.legal_cache is None:
            self.legal_cache = options.legal(self)
        return list(self.legal_cache)

    def _apply(self, action: int) -> None:
        self.legal_cache = None
        self.looked = None
        if self.events is not None:
            self.events = []
        turns.do(self, action)
        turns.auto(self)

    # ---- dense actions and the game's length, for the adapters (see flick.cards.engine) ----
    def num_distinct_actions(self) -> int:
        return actions.num_distinct_actions(self)

    def action_to_id(self, action: int) -> int:
        return actions.action_to_id(self, action)

    def id_to_action(self, action_id: int) -> int:
        return actions.id_to_action(self, action_id)

    def legal_action_ids(self, player: int | None = None) -> list[int]:
        return actions.action_ids(self, self.legal_actions(player))

    def legal_id_actions(self, player: int | None = None) -> dict[int, int]:
        if player not in (None, 0):
            return {}
        if self.legal_cache is None:
            self.legal_cache = options.legal(self)
        return actions.id_actions(self, self.legal_cache)  # (which leaves the list as it is)

    def max_game_length(self) -> int:
        """At most 6N - 5 decisions with N cards (see the module docstring)."""
        return 6 * len(self.cards) - 5

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0]
        return [1.0 if self.result().won else 0.0]

    # ---- labels and text (flick.cards.surrounded.labels) ------------------------------------
    def action_to_string(self, action: int) -> str:
        return labels.action_to_string(self, action)

    def headline(self) -> str:
        return labels.headline(self)

    # ---- JSON, clone, determinize ---------------------------------------------------------
    def _to_json(self) -> dict[str, Any]:
        from flick.cards.engine import rng_state_to_json

        data: dict[str, Any] = {"game": self.game_name}
        for f in _FIELDS:
            data[f.key] = f.dump(getattr(self, f.attr))
        data["rng"] = rng_state_to_json(self.rng)
        return data

    @classmethod
    def from_json(
        cls, data: dict[str, Any], cards: tuple[Card, ...] | None = None
    ) -> SurroundedState:
        """Rebuild a state from `to_json()` (with the default cards unless `cards` given); a
        damaged one raises FlickError (exit 2) saying what is missing or wrong."""
        from flick.errors import FlickError

        try:
            state = cls._from_json(data, cards)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise FlickError(f"surrounded: not a saved game state ({exc!r})",
                             exit_code=2) from None
        check_loaded(state)
        return state

    @classmethod
    def _from_json(
        cls, data: dict[str, Any], cards: tuple[Card, ...] | None = None
    ) -> SurroundedState:
        from flick.cards.engine import rng_from_json

        s = cls.__new__(cls)
        s.cards = cards if cards is not None else default_cards()
        for f in _FIELDS:
            value = data[f.key] if f.default is ... else data.get(f.key, f.default)
            setattr(s, f.attr, f.load(value))
        s.rng = rng_from_json(data["rng"])
        s.legal_cache = None
        s.result_cache = None
        s.events = None
        s.map_changed()
        return s

    def _clone(self) -> SurroundedState:
        s = SurroundedState.__new__(SurroundedState)
        d = s.__dict__
        d.update(self.__dict__)
        for attr, copy_of in _COPIED:
            d[attr] = copy_of(d[attr])
        s.rng = random.Random(0)  # state set just below
        s.rng.setstate(self.rng.getstate())
        s.legal_cache = None if self.legal_cache is None else list(self.legal_cache)
        s.events = None if self.events is None else list(self.events)
        return s

    def determinize(self, player: int, rng: random.Random) -> SurroundedState:
        """A copy where the deck cards the player cannot know are reshuffled (the top card is
        visible; cards seen by Look or put back by Burn keep their place)."""
        self.check_seat(player)
        s = self.clone()
        s.rng = random.Random(rng.getrandbits(64))
        if len(s.deck) > 2:
            hidden = [i for i in range(len(s.deck) - 1) if s.deck[i] not in s.known]
            cards = [s.deck[i] for i in hidden]
            rng.shuffle(cards)
            for i, k in zip(hidden, cards, strict=True):
                s.deck[i] = k
        return s

    def fast_copy(self) -> SurroundedState:
        """A copy for search: shares the generator (search copies never shuffle again)."""
        s = SurroundedState.__new__(SurroundedState)
        d = s.__dict__
        d.update(self.__dict__)
        for attr, copy_of in _COPIED:
            d[attr] = copy_of(d[attr])
        return s

    def _observation(self, player: int) -> dict[str, Any]:
        """What the player sees: the map, the top card, the deck size, what they learned.
        Neither the seed nor the generator: either would rebuild the whole hidden deck."""
        self.check_seat(player)
        data = self.to_json()
        deck = self.deck
        data["deck"] = [k if (i == len(deck) - 1 or k in self.known) else None
                        for i, k in enumerate(deck)]
        del data["rng"]
        del data["seed"]
        return data

    def game_record(self) -> dict[str, Any]:
        """The finished game in the published JSON form (flick.cards.surrounded.record)."""
        return record.game_record(self)
