"""The shared card-game engine API.

A game is a subclass of `State`. The state is the single mutable place of a game: the
players' cards, the decks, whose turn it is, and the game's own seeded generator
(`random.Random`, whose algorithm and seeding are stable across Python versions), so that
chance events (shuffles, dice, draws) are part of the state: the same seed and the same
actions give the same game, a clone goes on exactly like the original, and the JSON dump
holds everything needed to rebuild it.

Actions are small integers, stable for a given state; `action_to_string` gives each a readable
label (the terminal lists them by number). `apply` checks the action against
`legal_actions()` *before* touching anything, so an illegal action raises
`IllegalActionError` and changes nothing.

Hidden information: `render(viewer)` and `observation(player)` show only what that player may
see; `determinize(player, rng)` returns a copy in which everything hidden from `player` is
re-dealt at random consistently with what the player knows (for information-set search bots).

Trade-off: actions are plain ints rather than objects, because bots and the random-play
benchmark make tens of thousands of decisions per second in pure Python.

For the game-AI adapters (OpenSpiel, PettingZoo) a game also declares:
- `num_distinct_actions()`: the size of a dense action range `0 .. num_distinct_actions() - 1`
  (constant for a game's configuration: players, card data), with `action_to_id(action)` and
  `id_to_action(action_id)` mapping the game's own action codes (sparse: Surrounded's reach
  2^34) to dense ids and back. Like the codes, an id is read in the state where it is legal
  (both games' codes name positions: a row index, a map cell); `id_to_action(action_to_id(a))
  == a` for every legal `a`, and distinct legal actions have distinct ids. `DenseCodes` builds
  such a mapping from sections of codes (`Section`);
- `max_game_length()`: an upper bound on the number of decisions (`apply` calls) of a game;
- `legal_actions(player)`: the legal actions of any seat: those of the seat to act, empty for
  every other seat (the games are sequential: one seat decides at a time; Something to Fear's
  simultaneous Character choice is taken seat by seat, hidden until all have chosen).
  `legal_action_ids(player)` gives the same as sorted dense ids.
Every game declares them (abstract methods of `State`).

Explicit chance, resume points and running decisions in place: `flick.cards.chance`.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, Self, TypeVar

from flick.cards.chance import (
    D6,
    ChanceEvent,
    ChanceWait,
    NoDraws,
    Procedures,
    draw_event,
    new_event,
    topmost,
)
from flick.cards.deck import Deck
from flick.errors import FlickError

TERMINAL = -4  # current_player() of a finished game (OpenSpiel's value)
CHANCE = -1  # the seat "to act" while an explicit chance event is pending (OpenSpiel's value)


class IllegalActionError(FlickError):
    """An action that is not legal in this state; the state is unchanged."""

    exit_code = 2


class GameOverError(IllegalActionError):
    """An action applied to a finished game."""


def check_action(game_name: str, action: object) -> None:
    """Refuse an action that is not a real int: True, 0.0 and 2.0 compare equal to legal
    codes but are not actions (IllegalActionError, nothing changes)."""
    if type(action) is not int:
        raise IllegalActionError(
            f"{game_name}: an action is a whole number (int), not {action!r} "
            f"({type(action).__name__})"
        )


@dataclass(frozen=True)
class Views:
    """A game's text for the front ends, made by its view modules, which import its state;
    the state never imports them. The game's package face (`flick.cards.<game>`, which runs
    before any module of the game is imported) hands them to its state class as
    `State.views`, and the state's text methods call them. Each takes the state first."""

    render: Callable[[Any, int | None], str]
    glossary: Callable[[Any, int | None], list[tuple[str, str]]]
    rules_help: Callable[[Any, int | None], str]
    outcome: Callable[[Any], str]
    # a game whose board is drawn at a scale that fits (state, viewer, width, height)
    render_fit: Callable[[Any, int | None, int, int | None], str] | None = None


class State(Procedures, ABC):
    """One game in progress. Subclasses implement the underscored hooks and the rules; their
    text comes from `views` (see `Views`)."""

    game_name: ClassVar[str] = ""
    views: ClassVar[Views | None] = None
    num_players: int = 1
    rng: random.Random
    explicit_chance: bool = False  # see flick.cards.chance; set by the games' constructors
    _chance_held: int = 0  # > 0: resume points do not count (`resume_held`)

    # ---- the API every game implements -------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act (0-based), or `TERMINAL`."""

    @abstractmethod
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of `player` (None: the player to act), sorted; empty for a seat
        that is not to act and when the game is over."""

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """A readable label for `action` in this state."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply a legal action (already checked) and any chance that follows it."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's result: for finished games, 1.0 a win, 0.0 a loss (or a score)."""

    def render(self, viewer: int | None = None) -> str:
        """The state as text, as seen by `viewer` (None: everything, for logs and tests)."""
        if viewer is not None:
            self.check_seat(viewer)
        self.settle_wait()
        return self._views().render(self, viewer)

    def check_seat(self, player: object) -> int:
        """`player` as a seat of this game (0 .. num_players - 1); anything else (a seat not
        at the table, -1, a bool, text) is refused with IllegalActionError, before any
        hidden information is looked at."""
        if isinstance(player, bool) or not isinstance(player, int) or not (
                0 <= player < self.num_players):
            raise IllegalActionError(f"{self.game_name or type(self).__name__}: {player!r} is "
                                     f"not a seat of this game (0 to {self.num_players - 1})")
        return player

    def _views(self) -> Views:
        if self.views is None:
            # a state class is handed its views by its game's package face, on import
            raise TypeError(f"{type(self).__name__} was given no views: import its game's "
                            "package (flick.cards.<game>), which hands them over")
        return self.views

    def to_json(self) -> dict[str, Any]:
        """Everything needed to rebuild the state, JSON-serialisable, generator included (of
        a state waiting in place, the state before the decision: `settle_wait`)."""
        self.settle_wait()
        return self._to_json()

    @abstractmethod
    def _to_json(self) -> dict[str, Any]:
        """The game's own `to_json`, of a state not waiting in place."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict[str, Any]) -> State: ...

    # ---- declared for the adapters (see the module docstring) ---------------------------
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the dense action-id range of this game's configuration."""

    @abstractmethod
    def action_to_id(self, action: int) -> int:
        """The dense id of `action` (a code legal in this state) in 0..num_distinct_actions-1."""

    @abstractmethod
    def id_to_action(self, action_id: int) -> int:
        """The action code of dense id `action_id`, read in this state."""

    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the decisions of a whole game of this configuration."""

    def max_chance_outcomes(self) -> int:
        """Explicit chance: every outcome value is in 0..max_chance_outcomes() - 1; 0 for a
        game whose rules meet no chance event after the set-up (Surrounded: its only chance
        is the deal, which the adapter deals card by card)."""
        return 0

    def legal_action_ids(self, player: int | None = None) -> list[int]:
        """`legal_actions(player)` as sorted dense ids."""
        return sorted(self.action_to_id(a) for a in self.legal_actions(player))

    def legal_id_actions(self, player: int | None = None) -> dict[int, int]:
        """`legal_actions(player)` keyed by their dense ids, in the order of the ids (an
        adapter's legal ids and the action each stands for, worked out once)."""
        return dict(sorted((self.action_to_id(a), a) for a in self.legal_actions(player)))

    # ---- provided ----------------------------------------------------------------------
    def apply(self, action: int) -> None:
        """Apply `action` for the player to act; an illegal action raises and changes nothing."""
        if self.is_terminal():
            raise GameOverError(f"{self.game_name}: the game is over; no action can be applied")
        if self._chance_pending is not None:
            raise IllegalActionError(
                f"{self.game_name}: chance decides now ({self._chance_pending[2].label}): "
                "apply_chance, not apply")
        check_action(self.game_name, action)
        legal = self.legal_actions()
        if action not in legal:
            shown = ", ".join(f"{a} ({self.action_to_string(a)})" for a in legal[:12])
            more = " ..." if len(legal) > 12 else ""
            raise IllegalActionError(
                f"{self.game_name}: action {action!r} is not legal now; legal: {shown}{more}"
            )
        if self.explicit_chance:  # as `apply_legal` (written out: a call less a decision)
            self._run_procedure(("act", action), ())
        else:
            self._apply(action)

    def apply_legal(self, action: int) -> None:
        """Apply `action`, one of this state's `legal_actions()` (the caller took it from them
        and the state has not changed since: an adapter that checked the id against
        `legal_id_actions`); `apply` is the checked way."""
        if self.explicit_chance:  # (`_run_procedure` written out: a frame less a decision)
            base = self._chance_base
            if base is not None and len(base[1]) < self.CHANCE_LOG:
                self._run_in_place(("act", action), base)
            else:
                self._run_on_copy(("act", action), ())
        else:
            self._apply(action)

    # ---- chance: seeded or explicit (see flick.cards.chance) ---------------------------
    def chance_shuffle(self, cards: list[int]) -> None:
        """Shuffle `cards` (explicit chance: nothing; the order is drawn card by card)."""
        if not self.explicit_chance:
            self.rng.shuffle(cards)

    def chance_draw(self, deck: list[int],
                    kind: Callable[[int], int] | Sequence[int] | None = None,
                    label: str = "draw a card", resume: tuple[Any, ...] | None = None) -> int:
        """Take the next card of `deck` (its end is the top) and return it. Explicit chance:
        an event whose outcomes are the kinds of card left (`kind(card)`, or `kind[card]` for
        a sequence of every card's kind; default the card itself) with probability count/total;
        the card taken is the topmost of that kind. A `Deck` (flick.cards.deck) with a
        sequence of kinds makes the event from the counts it keeps (the same event, in the
        time of its kinds, not its cards). `resume`: this draw is a resume point (see
        flick.cards.chance)."""
        if not self.explicit_chance or not deck:
            return deck.pop()  # (an empty deck: the caller's IndexError)
        if type(deck) is Deck and kind is not None and not callable(kind):
            # a deck that keeps its kinds' counts (flick.cards.deck): the same event, made
            # from them
            counts = deck.tally(kind)
            if counts[kind[deck[-1]]] == len(deck):
                return deck.draw(kind)  # one kind left: no chance
            plan, used = self._chance_plan, self._chance_used
            if plan is None or used >= len(plan):
                raise ChanceWait(new_event(ChanceEvent, ("draw", label, deck.outcomes(kind))),
                                  None if self._chance_held else resume)
            self._chance_used = used + 1
            return deck.draw(kind, plan[used])
        if kind is None:  # the cards themselves (compared as they are: no call a card)
            top = deck[-1]
            for c in deck:
                if c != top:
                    break
            else:
                return deck.pop()  # one card left: no chance
        elif callable(kind):
            top = kind(deck[-1])
            for c in deck:
                if kind(c) != top:
                    break
            else:
                return deck.pop()  # one kind left: no chance
        else:
            top = kind[deck[-1]]
            for c in deck:
                if kind[c] != top:
                    break
            else:
                return deck.pop()  # one kind left: no chance
        # the outcome chosen, or the event waited for (written out: no call a chance node)
        plan, used = self._chance_plan, self._chance_used
        if plan is None or used >= len(plan):
            raise ChanceWait(draw_event(deck, kind, label),
                              None if self._chance_held else resume)
        self._chance_used = used + 1
        value = plan[used]
        return deck.pop(topmost(deck, kind, value))

    def chance_die(self, label: str = "roll a die",
                   resume: tuple[Any, ...] | None = None) -> int:
        """A d6 roll, 1-6 (`resume`: as `chance_draw`)."""
        if not self.explicit_chance:
            return self.rng.randint(1, 6)
        plan, used = self._chance_plan, self._chance_used
        if plan is None or used >= len(plan):
            raise ChanceWait(new_event(ChanceEvent, ("die", label, D6)),
                              None if self._chance_held else resume)
        self._chance_used = used + 1
        return plan[used]

    def chance_pick(self, options: list[int], label: str = "pick at random",
                    resume: tuple[Any, ...] | None = None) -> int:
        """One of `options` (distinct ints), each equally likely (`resume`: as `chance_draw`)."""
        if not self.explicit_chance:
            return options[self.rng.randrange(len(options))]
        if len(options) == 1:
            return options[0]
        plan, used = self._chance_plan, self._chance_used
        if plan is None or used >= len(plan):
            raise ChanceWait(new_event(ChanceEvent, (
                "pick", label, tuple((o, 1 / len(options)) for o in options))),
                None if self._chance_held else resume)
        self._chance_used = used + 1
        return plan[used]

    @contextmanager
    def resume_held(self) -> Iterator[None]:
        """Within it, no chance event is a resume point: for rules that call, with work of
        their own after the call, something that reaches one."""
        self._chance_held += 1
        try:
            yield
        finally:
            self._chance_held -= 1

    def chance_event(self) -> ChanceEvent | None:
        """The chance event this state waits for (explicit chance), else None."""
        return None if self._chance_pending is None else self._chance_pending[2]

    def apply_chance(self, outcome: int) -> None:
        """Resolve the pending chance event with `outcome` (one of its outcomes' values); the
        decision that met it goes on (to its next chance event, or to its end)."""
        if self._chance_pending is None:
            raise IllegalActionError(f"{self.game_name}: no chance event is pending")
        procedure, plan, event = self._chance_pending
        known = False
        if type(outcome) is int:
            for value, _ in event.outcomes:
                if value == outcome:
                    known = True
                    break
        if not known:
            raise IllegalActionError(
                f"{self.game_name}: {outcome!r} is not an outcome of {event.label!r}")
        self._chance_pending = None
        rest = self.__dict__.pop("_chance_in_place", None)
        if rest is not None:
            self._go_on_in_place(procedure, (*plan, outcome), rest)
            return
        held = self.__dict__.pop("_chance_trial", None)
        if held is None or not self._resume(held, procedure, (*plan, outcome)):
            self._run_procedure(procedure, (*plan, outcome))

    def __getstate__(self) -> dict[str, Any]:
        """Pickled as the state before a decision that waits in place, without a waiting
        copy or a base (see flick.cards.chance)."""
        self.settle_wait()
        state = dict(self.__dict__)
        state.pop("_chance_trial", None)
        state.pop("_chance_base", None)
        return state

    def _procedure(self, procedure: tuple[Any, ...]) -> None:
        """Run one procedure of the rules: ("act", action) applies a decision; games add their
        own (the set-up's deal)."""
        if procedure[0] == "act":
            self._apply(procedure[1])
        else:
            raise ValueError(f"{self.game_name}: unknown procedure {procedure!r}")

    def set_chance(self, explicit: bool, rng: random.Random | None = None) -> None:
        """From now on draw chance as explicit events, or (`explicit` False) from `rng`.
        Refused while an event is pending (the decision that met it is not done)."""
        if self._chance_pending is not None:
            raise IllegalActionError(f"{self.game_name}: a chance event is pending")
        self.explicit_chance = explicit
        self.rng = NoDraws(0) if explicit else (rng or random.Random(0))
        self.changed_outside()

    def changed_outside(self) -> None:
        """Say, before changing it, that this state is changed other than by its decisions
        and chance outcomes (a real-time clock's tick, a test's set-up): its base could no
        longer rebuild it, so it is dropped (the next decision runs on a copy), and while a
        chance event is pending the change goes to the state before the decision (a wait in
        place is settled) and the waiting copy is dropped: the outcome runs the decision
        again from its start on the state as changed (see flick.cards.chance)."""
        self.settle_wait()
        self.__dict__.pop("_chance_base", None)
        self.__dict__.pop("_chance_trial", None)

    def chance_to_json(self) -> dict[str, Any]:
        """The explicit-chance fields for `to_json` (empty for a seeded state, whose dump is
        as before)."""
        if not self.explicit_chance:
            return {}
        pending = None
        if self._chance_pending is not None:
            procedure, plan, event = self._chance_pending
            pending = {"procedure": list(procedure), "plan": list(plan), "kind": event.kind,
                       "label": event.label, "outcomes": [list(o) for o in event.outcomes]}
        return {"explicit_chance": True, "chance_pending": pending}

    def chance_from_json(self, data: dict[str, Any]) -> None:
        """Read back `chance_to_json` (a seeded state when the keys are absent)."""
        self.explicit_chance = bool(data.get("explicit_chance", False))
        self._chance_pending = None
        pending = data.get("chance_pending")
        if pending:
            event = ChanceEvent(str(pending["kind"]), str(pending["label"]),
                                tuple((int(v), float(p)) for v, p in pending["outcomes"]))
            self._chance_pending = (tuple(pending["procedure"]),
                                    tuple(int(v) for v in pending["plan"]), event)
        if self.explicit_chance:
            self.rng = NoDraws(0)

    def labelled_actions(self) -> list[tuple[int, str]]:
        return [(a, self.action_to_string(a)) for a in self.legal_actions()]

    def clone(self) -> Self:
        """An independent copy that goes on exactly like this state (of a state waiting in
        place, a copy of the state before the decision: `settle_wait`)."""
        self.settle_wait()
        return self._clone()

    def _clone(self) -> Self:
        """The game's own `clone`, of a state not waiting in place."""
        return copy.deepcopy(self)

    # ---- what a player may ask at the table (the front ends' `i N` and `?`) ----------------
    def glossary(self, viewer: int | None = None) -> list[tuple[str, str]]:
        """The cards, characters and locations `viewer` can see, as (name, full text and what
        it does now), in the order the front ends number them (none for a game without
        views)."""
        return [] if self.views is None else self.views.glossary(self, viewer)

    def rules_help(self, viewer: int | None = None) -> str:
        """The rules of the step being played, for a player who asks (`?`)."""
        return "" if self.views is None else self.views.rules_help(self, viewer)

    def headline(self) -> str:
        """One short line for a header: the turn or round, the clock, what is left."""
        return ""

    def outcome(self) -> str:
        """A finished game's result in words, with its counts, first line WON/LOST (or who
        won); without views, the winners."""
        if self.views is not None:
            return self.views.outcome(self)
        won = self.winners()
        return "Winners: " + (", ".join(f"player {s + 1}" for s in won) or "nobody")

    def render_fit(self, viewer: int | None = None, width: int = 80,
                   height: int | None = None) -> str:
        """`render(viewer)` with no line longer than `width`: a longer line is wrapped at
        spaces, its continuation indented under the line's text. Games whose boards are
        drawn (Surrounded's map) give a `Views.render_fit` that draws at a scale that fits
        `width` and, when given, `height` rows."""
        if self.views is not None and self.views.render_fit is not None:
            return self.views.render_fit(self, viewer, width, height)
        return fit_lines(self.render(viewer), width)

    def observation(self, player: int) -> dict[str, Any]:
        """What `player` may see, as data (of a state waiting in place, what it sees of the
        state before the decision: `settle_wait`)."""
        self.settle_wait()
        return self._observation(player)

    def _observation(self, player: int) -> dict[str, Any]:
        """The game's own `observation`, of a state not waiting in place: everything by
        default; games with hidden information override this."""
        return self.to_json()

    def determinize(self, player: int, rng: random.Random) -> State:
        """A copy with what `player` cannot see re-dealt at random. Perfect-information and
        solitaire games whose only hidden thing is a shuffled deck override this to reshuffle.
        The copy draws its chance from a fresh generator (seeded chance, even when this state's
        is explicit: it is one sampled world, for the bots' simulations); refused while a
        chance event is pending."""
        return self.clone()

    def winners(self) -> list[int]:
        """Seats with the best return (empty for a game not yet over)."""
        if not self.is_terminal():
            return []
        r = self.returns()
        best = max(r)
        return [i for i, v in enumerate(r) if v == best]


MAX_SEATS = 8  # the most seats any of the games has (Rise of the Zombies! with 8 survivors)


Loaded = TypeVar("Loaded", bound="State")  # a game's own state class, given back as it came


def check_loaded(state: Loaded) -> Loaded:
    """A state rebuilt from JSON, checked before anyone uses it: its seat count, its seed,
    turn and round (whole numbers from 0, where the game has them), the seat to act (a seat,
    CHANCE or TERMINAL), and every view of it (each seat's render and observation) can be
    made. A dump edited into nonsense
    (actor 99, phase "bogus") raises FlickError (exit 2) instead of loading and failing later
    with an IndexError."""
    what = f"{state.game_name or type(state).__name__}: not a saved game state"
    n = state.num_players
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_SEATS:
        raise FlickError(f"{what} ({n!r} seats)", exit_code=2)
    for name in ("seed", "turn", "round"):
        value = getattr(state, name, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise FlickError(f"{what} ({name} {value!r}: a whole number from 0)", exit_code=2)
    try:
        actor = state.current_player()
        if actor not in (TERMINAL, CHANCE) and not 0 <= actor < n:
            raise ValueError(f"the seat to act is {actor!r}")
        state.render(None)
        for seat in range(n):
            state.render(seat)
            state.observation(seat)
    except FlickError:
        raise
    except (LookupError, ValueError, TypeError, AttributeError, ArithmeticError) as exc:
        raise FlickError(f"{what} ({exc})", exit_code=2) from None
    return state


def list_of_lists(value: list[list[Any]]) -> list[list[Any]]:
    """A copy of a list of lists (a field of a card state copied by its `clone`)."""
    return [list(x) for x in value]


def rng_state_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list[Any]) -> random.Random:
    rng = random.Random(0)  # seeded only to skip an OS entropy read; setstate overwrites it
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng


@dataclass(frozen=True)
class Section:
    """Action codes `code + sum(index_k * stride_k)` for `0 <= index_k < count_k`, with
    `dims = ((count_1, stride_1), ...)`, strides from the largest down (the last usually 1)."""

    code: int
    dims: tuple[tuple[int, int], ...] = ()

    @property
    def size(self) -> int:
        n = 1
        for count, _ in self.dims:
            n *= count
        return n


class DenseCodes:
    """A bijection between the action codes of some `Section`s and dense ids 0..size-1 (the
    sections in code order, each's ids in the order of its indices)."""

    def __init__(self, sections: list[Section]) -> None:
        self.sections = sorted(sections, key=lambda sec: sec.code)
        self.codes = [sec.code for sec in self.sections]
        self.offsets: list[int] = []
        total = 0
        for sec in self.sections:
            self.offsets.append(total)
            total += sec.size
        self.size = total
        self._ids: dict[int, int] = {}  # the codes met so far and their ids (`id_actions`)

    def id_actions(self, codes: list[int]) -> dict[int, int]:
        """`codes` keyed by their ids, in the order of the ids (each code's id worked out
        once: a game's codes are few)."""
        known = self._ids
        pairs = []
        for code in codes:
            i = known.get(code)
            if i is None:
                i = known[code] = self.to_id(code)
            pairs.append((i, code))
        pairs.sort()
        return dict(pairs)

    def to_id(self, code: int) -> int:
        i = bisect_right(self.codes, code) - 1
        if i >= 0:
            sec = self.sections[i]
            rest, dense = code - sec.code, 0
            for count, stride in sec.dims:
                index, rest = divmod(rest, stride)
                if index >= count:
                    break
                dense = dense * count + index
            else:
                if rest == 0:
                    return self.offsets[i] + dense
        raise ValueError(f"action code {code} is outside the declared action range")

    def to_code(self, action_id: int) -> int:
        if not 0 <= action_id < self.size:
            raise ValueError(f"action id {action_id} is outside 0..{self.size - 1}")
        i = bisect_right(self.offsets, action_id) - 1  # the last section starting at or before
        sec = self.sections[i]
        rest = action_id - self.offsets[i]
        code = sec.code
        for count, stride in reversed(sec.dims):
            rest, index = divmod(rest, count)
            code += index * stride
        return code


def fit_lines(text: str, width: int) -> str:
    """Wrap every line of `text` longer than `width` at spaces (a word longer than the line
    is cut), the continuation indented four columns under the line's own indentation."""
    import textwrap

    out: list[str] = []
    for line in text.splitlines():
        if len(line) <= width:
            out.append(line)
            continue
        lead = len(line) - len(line.lstrip(" "))
        lead = min(lead, max(width // 2, 0))
        out.extend(textwrap.wrap(line.strip(), width=width, initial_indent=" " * lead,
                                 subsequent_indent=" " * min(lead + 4, width // 2),
                                 break_long_words=True, break_on_hyphens=False) or [""])
    return "\n".join(out)
