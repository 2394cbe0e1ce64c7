"""Surrounded: a game's state as plain data: the fields of the table (the deck, the map of
location and occupant cards, the abilities used, the turn and its step) and the queries that
read them (the free cells where a card may go, the resolved end), nothing that changes them.

The rules are functions of this state in modules that import it, never the reverse: `options`
(what the rules allow: the choices at the start of a turn, the abilities available, the legal
actions) and `turns` (an action done, the forced steps, the end: they change the state).
`flick.cards.surrounded.state.SurroundedState` is the card engine's game made of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from flick.cards.engine import State
from flick.cards.surrounded import board
from flick.cards.surrounded.actions import OVER
from flick.cards.surrounded.cards import Card
from flick.cards.surrounded.scenarios import Scenario
from flick.cards.surrounded.scoring import Resolution, resolve


@dataclass(init=False, eq=False, repr=False)
class SurroundedTable(State):
    """The fields of one game of Surrounded (cards are numbers 1-18; cells are `board` cells)."""

    cards: tuple[Card, ...]
    scenario: Scenario
    seed: int
    difficulty: str
    deck: list[int]  # the top card last
    known: set[int]  # deck cards (besides the top) whose place is known
    locs: dict[int, int]  # cell -> card, location side up
    occs: dict[int, int]  # cell -> card, occupant side up
    discarded: list[int]
    burned: set[int]  # cards already burned once (a card burns only once)
    explores: int
    used: dict[str, int]  # abilities used: move, look, burn
    turn: int
    looked: tuple[str, int] | None  # last Look: ("top"|"bottom", card)
    phase: int  # `actions`: CHOOSE, LOCATION, SPAWN, OCCUPANT, ABILITY, OVER
    anchor: int  # the location a spawn must touch with a Walker
    placed: int | None  # cell of the occupant card placed this turn
    # What happened by itself since the last decision (forced steps), for the terminal;
    # None (the default) records nothing, to keep bots and benchmarks fast.
    events: list[str] | None
    # worked out from the fields, kept until they change
    legal_cache: list[int] | None  # the legal actions (None: not worked out yet)
    result_cache: Resolution | None  # the resolved end
    # The free cells round the locations and the occupants are cached until the map changes
    # (`map_changed`): the start of a turn and the placement both need them.
    _lc: list[int] | None
    _oc: list[int] | None
    _wc: tuple[int, int] | None  # `window_corner`, until the map changes

    def map_changed(self) -> None:
        """Forget the free cells worked out for the map (after a card is placed or moved)."""
        self._lc = self._oc = self._wc = None

    def window_corner(self) -> tuple[int, int]:
        """Two cells south-west of the map's bounding box: the corner of the adapters' action
        window (`actions`)."""
        if self._wc is None:
            cells = (*self.locs, *self.occs)
            # (a cell's row is c // STRIDE, which grows with c: the lowest row is the lowest
            # cell's)
            self._wc = (min(map(board.STRIDE.__rmod__, cells)) - 2,
                        min(cells) // board.STRIDE - 2)
        return self._wc

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

    def result(self) -> Resolution:
        """The resolved end of the game (battles, scores, the goal); only when it is over."""
        if self.phase != OVER:
            raise ValueError("surrounded: the game is not over yet")
        if self.result_cache is None:
            self.result_cache = resolve(self.locs, self.occs, self.cards, self.scenario,
                                   self.difficulty, self.explores)
        return self.result_cache
