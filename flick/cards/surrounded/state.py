"""The Walking Dead: Surrounded as an engine `State`: set-up, turns, abilities, the end.

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

from flick.cards.engine import TERMINAL, State, check_loaded
from flick.cards.surrounded import actions, board, labels, record
from flick.cards.surrounded.actions import (
    ABILITY,
    BURN,
    CELLS,
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
from flick.cards.surrounded.scenarios import DIFFICULTIES, SCENARIOS, Scenario
from flick.cards.surrounded.scoring import Resolution, resolve

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


class SurroundedState(State):
    """One game of Surrounded (the single mutable place of the game)."""

    game_name = "surrounded"
    num_players = 1

    cards: tuple[Card, ...]
    scenario: Scenario

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
        self.deck: list[int] = list(deck)
        self.known: set[int] = set()  # deck cards (besides the top) whose place is known
        self.locs: dict[int, int] = {}  # cell -> card, location side up
        self.occs: dict[int, int] = {}  # cell -> card, occupant side up
        self.discarded: list[int] = []
        self.burned: set[int] = set()  # cards already burned once (a card burns only once)
        self.explores = 0
        self.used = {"move": 0, "look": 0, "burn": 0}
        self.turn = 0
        self.looked: tuple[str, int] | None = None  # last Look: ("top"|"bottom", card)
        self.phase = SPAWN
        self.anchor = board.ORIGIN  # the location a spawn must touch with a Walker
        self.placed: int | None = None  # cell of the occupant card placed this turn
        self._legal: list[int] | None = None
        self._result: Resolution | None = None
        # What happened by itself since the last decision (forced steps), for the terminal;
        # None (the default) records nothing, to keep bots and benchmarks fast.
        self.events: list[str] | None = None
        start = self.deck.pop()
        self.locs[board.ORIGIN] = start
        self._lc: list[int] | None = None
        self._oc: list[int] | None = None
        self.scenario = SCENARIOS[start]
        self._enter_spawn()
        self._auto()

    # ---- API ----------------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else 0

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, player: int | None = None) -> list[int]:
        if player not in (None, 0):
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _apply(self, action: int) -> None:
        self._legal = None
        self.looked = None
        if self.events is not None:
            self.events = []
        self._do(action)
        self._auto()

    # ---- dense actions and the game's length, for the adapters (see flick.cards.engine) ----
    def num_distinct_actions(self) -> int:
        return actions.num_distinct_actions(self)

    def action_to_id(self, action: int) -> int:
        return actions.action_to_id(self, action)

    def id_to_action(self, action_id: int) -> int:
        return actions.id_to_action(self, action_id)

    def max_game_length(self) -> int:
        """At most 6N - 5 decisions with N cards (see the module docstring)."""
        return 6 * len(self.cards) - 5

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0]
        return [1.0 if self.result().won else 0.0]

    def result(self) -> Resolution:
        """The resolved end of the game (battles, scores, the goal); only when it is over."""
        if self.phase != OVER:
            raise ValueError("surrounded: the game is not over yet")
        if self._result is None:
            self._result = resolve(self.locs, self.occs, self.cards, self.scenario,
                                   self.difficulty, self.explores)
        return self._result

    # ---- rules --------------------------------------------------------------------------
    # The two lists below are cached until the map changes (`_lc`/`_oc` set to None wherever
    # `locs` or `occs` change): the start of a turn and the placement both need them.
    def location_cells(self) -> list[int]:
        """Where a location may go: empty cells touching an occupant card (sorted)."""
        if self._lc is None:
            self._lc = board.free_cells_around(self.occs, self.locs, self.occs)
        return self._lc

    def occupant_cells(self) -> list[int]:
        """Where an occupant card may go: empty cells touching a location (sorted)."""
        if self._oc is None:
            self._oc = board.free_cells_around(self.locs, self.locs, self.occs)
        return self._oc

    def spawn_cells(self, card: int) -> list[int]:
        """Empty cells next to the anchor location where `card` shows it a Walker face."""
        faces = self.cards[card - 1].faces
        out = []
        a = self.anchor
        for d in range(4):
            c = a + board.STEP[d]
            if c in self.locs or c in self.occs:
                continue
            if faces[board.OPPOSITE[d]].kind == "walker":
                out.append(c)
        return sorted(out)

    def turn_options(self) -> list[int]:
        """EXPLORE and/or OCCUPY as the start-of-turn rules allow (empty: nothing fits)."""
        can_loc = bool(self.location_cells())
        can_occ = bool(self.occupant_cells())
        if len(self.deck) == 1:
            return [OCCUPY] if can_occ else []
        if not can_loc:
            return [OCCUPY] if can_occ else []
        if not can_occ or self.cards[self.deck[-1] - 1].printed_walker:
            return [EXPLORE]
        return [EXPLORE, OCCUPY]

    def available_abilities(self) -> list[str]:
        """Abilities of humans on this turn's occupant card that touch a location, within the
        scenario's limits."""
        if self.placed is None:
            return []
        faces = self.cards[self.occs[self.placed] - 1].faces
        found = []
        for d in range(4):
            f = faces[d]
            if f.ability and f.ability not in found and self.placed + board.STEP[d] in self.locs:
                found.append(f.ability)
        if not found:
            return []
        total = self.scenario.total_ability_limit(self.difficulty)
        if total is not None and sum(self.used.values()) >= total:
            return []
        out = []
        for a in found:
            cap = self.scenario.ability_limit(a, self.difficulty)
            if cap is None or self.used[a] < cap:
                out.append(a)
        return out

    def _ability_actions(self) -> list[int]:
        abilities = self.available_abilities()
        if not abilities:
            return []
        acts: list[int] = []
        if "look" in abilities and self.deck:
            acts.append(LOOK_TOP)
            if len(self.deck) > 1:
                acts.append(LOOK_BOTTOM)
        if "move" in abilities or "burn" in abilities:
            cells = set(self.locs) | set(self.occs)
            cuts = board.cut_cells(cells)
            if "move" in abilities:
                acts.extend(self._moves(cells, cuts))
            if "burn" in abilities and len(cells) > 1 and self.deck:
                burned = self.burned
                for c in sorted(cells - cuts):
                    if (self.locs.get(c) or self.occs[c]) in burned:
                        continue
                    acts.append(burn(c, False))
                    acts.append(burn(c, True))
        if not acts:
            return []
        return [SKIP, *sorted(acts)]

    def _moves(self, cells: set[int], cuts: set[int]) -> list[int]:
        """Every Move: an occupant card to another empty cell by a location it touches."""
        out = []
        locs, occs = self.locs, self.occs
        for src in occs:
            dsts = set()
            for s1 in board.STEP:
                loc = src + s1
                if loc in locs:
                    for s2 in board.STEP:
                        d = loc + s2
                        if d != src and d not in locs and d not in occs:
                            dsts.add(d)
            for d in dsts:
                # the map without src, with d: connected? (cheap when src is not a cut card)
                if src in cuts:
                    rest = cells - {src}
                    rest.add(d)
                    if not board.connected(rest):
                        continue
                out.append(move(src, d))
        return out

    def _compute_legal(self) -> list[int]:
        p = self.phase
        if p == OVER:
            return []
        if p == CHOOSE:
            return self.turn_options()
        if p == LOCATION:
            return [PLACE + c for c in self.location_cells()]
        if p == SPAWN:
            cells = self.spawn_cells(self.deck[-1]) or self.occupant_cells()
            return [PLACE + c for c in cells]
        if p == OCCUPANT:
            return [PLACE + c for c in self.occupant_cells()]
        return self._ability_actions()

    def _auto(self) -> None:
        """Take every step that has a single possible action; end the game if none has any."""
        while self.phase != OVER:
            if self.phase == ABILITY:
                abilities = self.available_abilities()
                if not abilities:
                    self._end_turn()
                    continue
                if self.deck and (
                    "look" in abilities
                    or (
                        "burn" in abilities
                        and len(self.locs) + len(self.occs) > 1
                        and not self.burned
                    )
                ):
                    # SKIP and at least one use: a real decision; list the actions lazily
                    # (a map of 2+ cards always has a card whose removal keeps it whole,
                    # and no card has been burned yet)
                    self._legal = None
                    return
            legal = self._compute_legal()
            if len(legal) > 1:
                self._legal = legal
                return
            if not legal:
                self._stalled()
                continue
            if self.events is not None:
                self.events.append("forced: " + self.action_to_string(legal[0]))
            self._do(legal[0])
        self._legal = []

    def _stalled(self) -> None:
        """No action at all: a card that cannot be placed is discarded with the rest of the
        deck (Explore's spawn, the last card), or the ability step has nothing to offer."""
        if self.phase == ABILITY:
            self._end_turn()
            return
        if self.events is not None:
            what = {CHOOSE: "no card can be placed", SPAWN: "the spawned occupants fit nowhere",
                    OCCUPANT: "the last card fits nowhere"}.get(self.phase, "nothing fits")
            self.events.append(f"{what}: discard the rest of the deck {list(reversed(self.deck))}")
        self.discarded.extend(reversed(self.deck))
        self.deck.clear()
        self.known.clear()
        self._finish()

    def _draw(self) -> int:
        card = self.deck.pop()
        self.known.discard(card)
        return card

    def _do(self, action: int) -> None:
        p = self.phase
        if p == CHOOSE:
            self.turn += 1
            if action == EXPLORE:
                self.explores += 1
                self.phase = LOCATION
            else:
                self.phase = OCCUPANT
            return
        if p == LOCATION:
            cell = action - PLACE
            self.locs[cell] = self._draw()
            self._lc = self._oc = None
            if not self.deck:  # nothing left to spawn: the deck is empty, the game ends
                self._end_turn()
                return
            self.anchor = cell
            self._enter_spawn()
            return
        if p in (SPAWN, OCCUPANT):
            cell = action - PLACE
            self.occs[cell] = self._draw()
            self._lc = self._oc = None
            if self.turn == 0:  # the set-up spawn: no ability
                self._end_turn()
                return
            self.placed = cell
            self.phase = ABILITY
            return
        # ABILITY
        if action != SKIP:
            self._use_ability(action)
        self._end_turn()

    def _enter_spawn(self) -> None:
        self.phase = SPAWN

    def _use_ability(self, action: int) -> None:
        self._lc = self._oc = None
        if action in (LOOK_TOP, LOOK_BOTTOM):
            self.used["look"] += 1
            if action == LOOK_TOP:
                self.looked = ("top", self.deck[-1])
            else:
                self.looked = ("bottom", self.deck[0])
                self.known.add(self.deck[0])
        elif action >= BURN:
            self.used["burn"] += 1
            v = action - BURN
            cell, bottom = v >> 1, v & 1
            card = self.locs.pop(cell, None)
            if card is None:
                card = self.occs.pop(cell)
            self.burned.add(card)
            if bottom:
                self.deck.insert(0, card)
            else:
                self.deck.append(card)
            if len(self.deck) > 1:
                self.known.add(card)  # the player put it there
            self._recentre()
        else:
            self.used["move"] += 1
            v = action - MOVE
            src, dst = v >> 16, v & (CELLS - 1)
            self.occs[dst] = self.occs.pop(src)

    def _recentre(self) -> None:
        shift = board.translation_needed(list(self.locs) + list(self.occs))
        if shift:
            self.locs = {c + shift: k for c, k in self.locs.items()}
            self.occs = {c + shift: k for c, k in self.occs.items()}

    def _end_turn(self) -> None:
        self.placed = None
        if not self.deck:
            self._finish()
        else:
            self.phase = CHOOSE

    def _finish(self) -> None:
        self.phase = OVER
        self.placed = None
        self._result = None

    # ---- labels and text (flick.cards.surrounded.labels) ------------------------------------
    def action_to_string(self, action: int) -> str:
        return labels.action_to_string(self, action)

    def headline(self) -> str:
        return labels.headline(self)

    # ---- JSON, clone, determinize ---------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
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
        s._legal = None
        s._result = None
        s.events = None
        s._lc = s._oc = None
        return s

    def clone(self) -> SurroundedState:
        s = SurroundedState.__new__(SurroundedState)
        d = s.__dict__
        d.update(self.__dict__)
        for attr, copy_of in _COPIED:
            d[attr] = copy_of(d[attr])
        s.rng = random.Random(0)  # state set just below
        s.rng.setstate(self.rng.getstate())
        s._legal = None if self._legal is None else list(self._legal)
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

    def observation(self, player: int) -> dict[str, Any]:
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
