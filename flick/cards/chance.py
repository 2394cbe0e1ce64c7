"""How a card-game state meets chance: seeded, or explicit for the adapters' chance nodes.

Explicit chance (for the adapters' chance nodes). The rules draw every chance event through
four helpers: `chance_shuffle(cards)`, `chance_draw(deck, kind, label)` (the next card of a
deck), `chance_die(label)` (a d6) and `chance_pick(options, label)` (one of several, equally
likely). With the default seeded chance they are exactly the generator calls the rules made
before (`rng.shuffle`, `deck.pop()`, `rng.randint(1, 6)`, `options[rng.randrange(n)]`), so a
seeded game plays as it always did. A state built with `explicit_chance=True` never draws from
its generator: a shuffle only declares a deck's order unknown, and each draw, die or pick is a
`ChanceEvent` the state waits for: `chance_event()` is the event pending (None: a player
decides; an adapter's chance node: asked before `current_player()`), and
`apply_chance(outcome)` resolves it with one of `event.outcomes` ((value, probability) pairs: a
card kind left in the deck with probability count/total, a die face with 1/6, a picked option
with 1/n). A decision (or the set-up) that meets chance runs on a copy of the state (or in
place: below); when it reaches an event whose outcome is not chosen yet, the event is pending
and the state is, to all who look at it, the one before the decision; each chosen outcome runs
the decision again from its start with the outcomes chosen so far, so the rules need no
restructuring (a decision with k chance events runs k + 1 times), unless it waits at a resume
point (below). A decision that meets no chance is applied at once. `max_chance_outcomes()`
bounds the outcome values (0 .. max - 1) of a game's configuration.

Resume points. Where the rules draw at a point from which the rest of the decision is a
procedure of its own on the state as it is there, the helper is given that procedure
(`resume=`): the state that waits there is kept, and the outcome, when chosen, goes on from it
(the procedure, with that one outcome) instead of running the decision again from its start.
Something to Fear asks for its draws in a queue (`rounds.deal`, then `advance`); Rise of the
Zombies! resumes its deal, a Discard step's draws, a survivor's draws while playing cards,
every attack roll (a weapon's, a Companion's or an Ambush's chart, the Historian's re-roll),
the zombies' moves and random Engagements, an Infestation's and the Spawn's draws. Rules
that call something reaching such a point and have work of their own after the call hold the
points for it (`resume_held`). A waiting point that is not a resume point runs the decision
again from its start. Seeded chance makes the same draws at once.

In place. A copy costs more than many decisions do, so a state runs its decisions on itself
when it has a base: the state as it was before its last decision run on a copy (the one
that copy replaced, never changed again) and the procedures run since, each with its
outcomes (that decision first, then those run in place; at most `CHANCE_LOG`, after which
the next decision runs on a copy and starts a new base). A decision run in place that meets
a resume point waits there, mid-decision (`_chance_in_place`: the procedure that goes on
from there), and each outcome goes on in place (the log's last entry is that decision with
its outcomes so far). One that meets a chance event that is no resume point (or whose rules
raise) is undone by rebuilding the state from its base (a copy of it, the procedures run
again), and runs on a copy as above.

A waiting state is the state before the decision to everyone who looks at it: its views and
copies (`observation`, `render`, `to_json`, `clone`, a pickle) first make a state waiting in
place the state before the decision (`settle_wait`: rebuilt from its base, the decision's
run so far kept as the waiting copy), so what a seat sees at a chance node, a dump's fields,
and how a copy goes on are the same whether a decision waits in place or on a copy (what
`current_player()` and `legal_actions()` say while an event is pending is no seat's turn). The
waiting copy and the base are the state's own: a clone, a dump or a pickle has neither (an
outcome chosen there runs the decision from its start, which ends the same; its next
decision runs on a copy), and a change made outside the decisions and outcomes
(`changed_outside`: Rise's real-time `tick`) drops the base, and, made while an event is
pending, goes to the state before the decision (settling a wait in place first), whose
decision then runs again from its start. Seeded chance runs every decision in place, as it
always did.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar


class ChanceEvent(tuple[str, str, tuple[tuple[int, float], ...]]):
    """A chance event an explicit-chance state waits for: its `kind` ("draw" a card of a deck,
    "die" a d6, "pick" one of several options), a readable `label`, and `outcomes`, (value,
    probability) pairs whose probabilities sum to 1 (a draw's values are card kinds, a die's its
    faces 1-6, a pick's the options themselves). Immutable, equal to an event of the same
    fields (a tuple underneath: one is made at every chance node, and a tuple is the cheapest
    object to make)."""

    __slots__ = ()

    def __new__(cls, kind: str, label: str,
                outcomes: tuple[tuple[int, float], ...]) -> ChanceEvent:
        return new_event(cls, (kind, label, outcomes))

    kind = property(itemgetter(0), doc="draw, die or pick")
    label = property(itemgetter(1), doc="what is drawn, rolled or picked")
    outcomes = property(itemgetter(2), doc="(value, probability) pairs")

    def __eq__(self, other: object) -> bool:
        return type(other) is ChanceEvent and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return type(other) is not ChanceEvent or tuple.__ne__(self, other)

    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        return f"ChanceEvent(kind={self[0]!r}, label={self[1]!r}, outcomes={self[2]!r})"

    def __getnewargs__(self) -> tuple[str, str, tuple[tuple[int, float], ...]]:
        return (self[0], self[1], self[2])

    def __copy__(self) -> ChanceEvent:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ChanceEvent:
        return self  # (immutable all through: ints, floats and text)


new_event = tuple.__new__  # ChanceEvent(...) without its __new__'s call: (cls, fields)


class ChanceWait(BaseException):
    """Raised inside a run of the rules at a chance event whose outcome is not chosen yet (a
    BaseException: no rule's `except` can swallow it), with `args` (the event, the procedure
    that goes on from the copy as it is, or None): no `__init__` of its own, one Python call
    less at every chance node."""


class NoDraws(random.Random):
    """The generator of an explicit-chance state: drawing from it is a bug (a chance event
    that bypassed the helpers), so it raises."""

    def random(self) -> float:
        raise AssertionError("an explicit-chance state drew from its generator")

    def getrandbits(self, k: int) -> int:
        raise AssertionError("an explicit-chance state drew from its generator")


class Procedures:
    """How an explicit-chance state runs a procedure of its rules (a decision, the set-up,
    what goes on from a resume point) with the outcomes chosen so far: on a copy or on the
    state itself, waiting at a chance event, going on from a resume point, rebuilt from its
    base when a run in place must be undone (see the module docstring: "Explicit chance",
    "Resume points", "In place"). A base of `State`, with the fields these methods keep."""

    game_name: ClassVar[str] = ""
    # (procedure, outcomes chosen so far, the event waited for) while a chance event is pending
    _chance_pending: tuple[tuple[Any, ...], tuple[int, ...], ChanceEvent] | None = None
    _chance_plan: tuple[int, ...] | None = None  # outcomes of the run in progress (a copy's)
    _chance_used: int = 0
    # the copy waiting at a resume point and the procedure that goes on from it (this state's
    # own: never copied, dumped or pickled; see the module docstring)
    _chance_trial: tuple[Procedures, tuple[Any, ...]] | None = None
    # the procedure that goes on from the resume point this state waits at in place (this
    # state's own, like its base; see the module docstring)
    _chance_in_place: tuple[Any, ...] | None = None
    # the state before the last decision run on a copy and the procedures this state has run
    # since, each with its outcomes (that decision first, then those run in place): this
    # state's own, like the waiting copy (see the module docstring)
    _chance_base: tuple[Procedures, list[tuple[tuple[Any, ...], tuple[int, ...]]]] | None = None
    CHANCE_LOG: ClassVar[int] = 32  # the most procedures a base is kept for

    if TYPE_CHECKING:  # (the state's own: `State`)
        def clone(self) -> Procedures: ...

        def _procedure(self, procedure: tuple[Any, ...]) -> None: ...

    def _run_procedure(self, procedure: tuple[Any, ...], plan: tuple[int, ...]) -> None:
        """Run `procedure` with the outcomes `plan`: a new procedure runs in place when this
        state has a base with room in its log (`_run_in_place`), any other on a copy
        (`_run_on_copy`)."""
        if not plan:
            base = self._chance_base
            if base is not None and len(base[1]) < self.CHANCE_LOG:
                self._run_in_place(procedure, base)
                return
        self._run_on_copy(procedure, plan)

    def _run_on_copy(self, procedure: tuple[Any, ...], plan: tuple[int, ...]) -> None:
        """Run `procedure` on a copy with the outcomes `plan`: the copy becomes this state, or
        it meets an event not in the plan and this state waits for it."""
        trial = self.clone()
        trial._chance_plan, trial._chance_used = plan, 0
        try:
            trial._procedure(procedure)
        except ChanceWait as wait:
            self._wait(wait, trial, procedure, plan)
            return
        self._adopt(trial, procedure, plan)

    def _run_in_place(self, procedure: tuple[Any, ...],
                      base: tuple[Procedures, list[tuple[tuple[Any, ...], tuple[int, ...]]]]
                      ) -> None:
        """Run a new `procedure` on this state itself. At a chance event that is a resume
        point this state waits there, mid-procedure (`_wait_in_place`); at any other, or when
        it raises, this state is first rebuilt as it was before it (`base`): then the
        procedure runs on a copy, or the exception goes on."""
        try:
            self._procedure(procedure)
        except ChanceWait as wait:
            if wait.args[1] is not None:
                base[1].append((procedure, ()))
                self._wait_in_place(wait, procedure, ())
                return
            self._rebuild(base)
            self._run_on_copy(procedure, ())
            return
        except BaseException:
            self._rebuild(base)
            raise
        base[1].append((procedure, ()))

    def _wait_in_place(self, wait: ChanceWait, procedure: tuple[Any, ...],
                       plan: tuple[int, ...]) -> None:
        """This state, which ran `procedure` in place with the outcomes `plan` up to a resume
        point, waits there for the event of `wait`; the last entry of its base's log is that
        procedure with those outcomes."""
        self._chance_plan, self._chance_used = None, 0
        self._chance_pending = (procedure, plan, wait.args[0])
        self._chance_in_place = wait.args[1]

    def _go_on_in_place(self, procedure: tuple[Any, ...], plan: tuple[int, ...],
                        rest: tuple[Any, ...]) -> None:
        """Go on in place from the resume point this state waits at (`rest`, the procedure
        from there), the outcome chosen the last of `plan`. At another resume point it waits
        again in place; at an event that is no resume point, when the outcome is not the
        first drawn, or when a rule raises, this state is rebuilt as it was before
        `procedure` and it runs on a copy with `plan` (or the exception goes on)."""
        base = self._chance_base
        assert base is not None  # (a state waits in place only with its base)
        self._chance_plan, self._chance_used = plan[-1:], 0
        try:
            self._procedure(rest)
        except ChanceWait as wait:
            if wait.args[1] is not None and self._chance_used == 1:
                base[1][-1] = (procedure, plan)
                self._wait_in_place(wait, procedure, plan)
                return
        except BaseException:
            base[1].pop()
            self._rebuild(base)
            raise
        else:
            if self._chance_used == 1:
                self._chance_plan, self._chance_used = None, 0
                base[1][-1] = (procedure, plan)
                return
        base[1].pop()
        self._rebuild(base)
        self._run_on_copy(procedure, plan)

    def _rebuild(self, base: tuple[Procedures, list[tuple[tuple[Any, ...], tuple[int, ...]]]]
                 ) -> None:
        """This state as `base` says it was: a copy of the state before its last decision
        run on a copy, and the procedures of its log run again with their outcomes; the
        base is kept."""
        checkpoint, log = base
        state = checkpoint.clone()
        for procedure, plan in log:
            state._chance_plan, state._chance_used = plan, 0
            try:
                state._procedure(procedure)
            except ChanceWait:
                raise AssertionError(f"{self.game_name}: {procedure!r} with outcomes {plan!r} "
                                     "met another chance event when run again") from None
        state._chance_plan, state._chance_used = None, 0
        state._chance_base = base
        self.__dict__ = state.__dict__

    def settle_wait(self) -> None:
        """A state waiting in place (mid-decision, at a resume point) becomes the state
        before that decision, waiting for the same event, with the decision's run so far
        kept (a copy) to go on from: what every view of a waiting state shows (see the
        module docstring). Nothing for any other state."""
        rest = self.__dict__.pop("_chance_in_place", None)
        if rest is None:
            return
        base = self._chance_base
        pending = self._chance_pending
        assert base is not None and pending is not None
        trial = object.__new__(type(self))
        trial.__dict__ = self.__dict__
        del trial._chance_base, trial._chance_pending
        base[1].pop()
        self._rebuild(base)
        self._chance_pending = pending
        self._chance_trial = (trial, rest)

    def _resume(self, held: tuple[Procedures, tuple[Any, ...]], procedure: tuple[Any, ...],
                plan: tuple[int, ...]) -> bool:
        """Go on from the copy `held` waits with, its outcome the last of `plan`; False (the
        copy dropped) when it met an event that is no resume point: the caller runs the
        procedure again from its start."""
        trial, rest = held
        trial._chance_plan, trial._chance_used = plan[-1:], 0
        try:
            trial._procedure(rest)
        except ChanceWait as wait:
            if wait.args[1] is None or trial._chance_used != 1:
                return False
            self._wait(wait, trial, procedure, plan)
            return True
        if trial._chance_used != 1:
            return False
        self._adopt(trial, procedure, plan)
        return True

    def _wait(self, wait: ChanceWait, trial: Procedures, procedure: tuple[Any, ...],
              plan: tuple[int, ...]) -> None:
        """This state waits for the event of `wait` (unchanged: the copy ran the procedure);
        the copy is kept when it waits at a resume point."""
        event, resume = wait.args
        self._chance_pending = (procedure, plan, event)
        if resume is not None:
            self._chance_trial = (trial, resume)

    def _adopt(self, trial: Procedures, procedure: tuple[Any, ...],
               plan: tuple[int, ...]) -> None:
        """The copy that ran a whole `procedure` with the outcomes `plan` becomes this state;
        the state as it was before (never changed again) is kept as the base of the
        procedures this state runs in place from now on."""
        trial._chance_plan, trial._chance_used = None, 0
        trial._chance_pending = None
        before = self.__dict__
        before.pop("_chance_base", None)  # (one base at a time: none kept within another)
        self.__dict__ = trial.__dict__
        checkpoint = object.__new__(type(self))
        checkpoint.__dict__ = before
        self._chance_base = (checkpoint, [(procedure, plan)])


D6 = tuple((face, 1 / 6) for face in range(1, 7))


def draw_event(deck: list[int], kind: Callable[[int], int] | Sequence[int] | None,
                label: str) -> ChanceEvent:
    """The event of a draw from `deck` (kinds as `State.chance_draw` reads them): each kind
    with its count over the deck's size (counted as runs of the sorted kinds)."""
    if kind is None:
        ordered = sorted(deck)
    elif callable(kind):
        ordered = sorted(map(kind, deck))
    else:  # every card's kind: looked up in one call
        ordered = sorted(itemgetter(*deck)(kind))
    total = len(ordered)
    outcomes = []
    i = 0
    while i < total:
        k = ordered[i]
        j = bisect_right(ordered, k, i)
        outcomes.append((k, (j - i) / total))
        i = j
    return new_event(ChanceEvent, ("draw", label, tuple(outcomes)))


def topmost(deck: list[int], kind: Callable[[int], int] | Sequence[int] | None,
             value: int) -> int:
    """The index of the topmost card of `deck` whose kind is `value` (as `draw_event`)."""
    if kind is None:
        for i in range(len(deck) - 1, -1, -1):
            if deck[i] == value:
                return i
    elif callable(kind):
        for i in range(len(deck) - 1, -1, -1):
            if kind(deck[i]) == value:
                return i
    else:
        for i in range(len(deck) - 1, -1, -1):
            if kind[deck[i]] == value:
                return i
    raise AssertionError(f"drawn kind {value} is not in the deck")
