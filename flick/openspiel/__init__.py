"""flick's card games as OpenSpiel games: importing this module registers

- `flick_surrounded` (parameters `difficulty`: "standard", `scenario`: 0 = the normal set-up,
  1-18 = that location first),
- `flick_something_to_fear` (`players` 2-6, `expert`),
- `flick_rise_of_the_zombies` (`survivors` names joined by "+", `difficulty`, `otis`,
  `secret_hands`: hands hidden from the other survivors)

with pyspiel, so that `pyspiel.load_game("flick_surrounded")` and OpenSpiel's algorithms (MCTS,
IS-MCTS, ...) run on them. Needs the `rl` extra (open-spiel). Nothing in flick imports this.

The adapter is thin: every rule, legal action, dense action id (`num_distinct_actions`,
`action_to_id`, `id_to_action`), game length bound, observation and determinization is the
engine's own (flick.cards.engine.State). What the adapter adds is OpenSpiel's shape:

Chance. Every chance node is a real chance event of the game, with its probabilities:
- Surrounded's only chance is the shuffle of its 18 cards: the game starts with 18 (17 with a
  fixed scenario) chance nodes that deal the deck one card at a time, each remaining card with
  probability 1/remaining; the engine is then built with that deck order.
- Something to Fear and Rise of the Zombies! run their engines with explicit chance
  (flick.cards.chance: `explicit_chance=True`): the engine waits at each chance event of the
  rules, which is a chance node here: the next card of a deck (outcomes: the kinds of card
  left in it, probability count/total; a shuffle itself decides nothing), a die (faces 1-6,
  1/6 each) or a random pick (a random engagement, the Tie-breaker holder: 1/n each). The
  set-up's deal is such chance nodes too. Nothing is drawn before the rules need it, so an MCTS
  rollout meets the game's own chance. The outcome ids are the engine's values (card kinds,
  faces, seats), below `max_chance_outcomes`.
`max_game_length()` counts decisions, as OpenSpiel's does (the chance nodes come on top).

Information. `observation_string(p)` is the engine's `observation(p)` as canonical JSON (it
holds no seed, generator or deck order). `information_state_string(p)` is that observation
followed by a digest of the whole history as `p` saw it: before every decision (anyone's) the
digest takes in `p`'s observation then and, for `p`'s own decisions, the action taken; two
histories `p` cannot tell apart give the same string. `resample_from_infostate(p, ...)` is the
engine's `determinize(p, rng)` (back to explicit chance). The observation tensor is the
observation feature-hashed (`TENSOR_SIZE` floats, flick.cards.features); the information-state
tensor is that followed by the digest's `RECALL_BITS` bits (0.0/1.0): fixed size, built from
the information-state string's contents alone (the bits tell histories apart; they are no
learnable feature).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from functools import partial
from itertools import repeat
from typing import Any, cast

import numpy as np
import pyspiel

from flick.cards.engine import CHANCE, TERMINAL, IllegalActionError, State
from flick.cards.features import hashed_features
from flick.cards.rise_of_the_zombies.data import DIFFICULTIES as RISE_DIFFICULTIES
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies
from flick.cards.something_to_fear.state import StfState
from flick.cards.surrounded.state import SurroundedState

TENSOR_SIZE = 512  # observation tensor length (feature hashing)
DIGEST_BYTES = 10
RECALL_BITS = 8 * DIGEST_BYTES  # the history digest's bits in the information-state tensor
SURROUNDED_CARDS = 18

Params = dict[str, Any]


def canonical(obs: Any) -> str:
    """The observation dict as one JSON line (sets sorted), the same for equal observations."""
    return json.dumps(obs, sort_keys=True, separators=(",", ":"),
                      default=lambda v: sorted(v) if isinstance(v, (set, frozenset)) else str(v))


def hashed_tensor(obs: Any, tensor: np.ndarray) -> None:
    """The observation feature-hashed into `tensor` (flick.cards.features)."""
    tensor[:] = hashed_features(obs, len(tensor))


class _Spec:
    """One flick game for OpenSpiel: how to build its engine from parameters and chance."""

    def __init__(self, short: str, long: str, defaults: Params, players: Callable[[Params], int],
                 build: Callable[[Params, int, list[int] | None], State], deal: str) -> None:
        self.short, self.long, self.defaults = short, long, defaults
        self.players, self.build, self.deal = players, build, deal  # "deck" | "explicit"


def _survivors(params: Params) -> list[str]:
    return [s.strip() for s in str(params["survivors"]).replace("+", ",").split(",") if s.strip()]


SPECS = {
    "flick_surrounded": _Spec(
        "flick_surrounded", "The Walking Dead: Surrounded (flick)",
        {"difficulty": "standard", "scenario": 0}, lambda p: 1,
        lambda p, seed, deck: SurroundedState(
            seed=seed, difficulty=p["difficulty"], scenario=p["scenario"] or None, deck=deck),
        "deck"),
    "flick_something_to_fear": _Spec(
        "flick_something_to_fear", "The Walking Dead: Something to Fear (flick)",
        {"players": 2, "expert": False}, lambda p: int(p["players"]),
        lambda p, seed, deck: StfState(num_players=int(p["players"]), seed=seed,
                                       expert=bool(p["expert"]), explicit_chance=True),
        "explicit"),
    "flick_rise_of_the_zombies": _Spec(
        "flick_rise_of_the_zombies", "Rise of the Zombies! (flick)",
        {"survivors": "Scout+Paramedic", "difficulty": "standard", "otis": False,
         "secret_hands": False},
        lambda p: len(_survivors(p)),
        lambda p, seed, deck: RiseOfTheZombies(
            survivors=_survivors(p), seed=seed, difficulty=p["difficulty"], otis=bool(p["otis"]),
            secret_hands=bool(p["secret_hands"]), explicit_chance=True),
        "explicit"),
}


def _game_type(spec: _Spec, min_players: int, max_players: int) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=spec.short, long_name=spec.long,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players, min_num_players=min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=dict(spec.defaults))


class FlickGame(pyspiel.Game):
    """A flick card game with its parameters (see the module docstring)."""

    spec: _Spec

    def __init__(self, params: Params | None = None) -> None:
        full = dict(self.spec.defaults)
        full.update(params or {})
        if self.spec.short == "flick_rise_of_the_zombies" and full["difficulty"] not in (
                RISE_DIFFICULTIES):
            raise ValueError(f"difficulty must be one of {', '.join(RISE_DIFFICULTIES)}")
        self.params = full
        probe = self.spec.build(full, 0, None)  # the configuration's declared sizes
        self.probe = probe
        chance = (SURROUNDED_CARDS if self.spec.deal == "deck"
                  else probe.max_chance_outcomes())
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.num_distinct_actions(), max_chance_outcomes=chance,
            num_players=probe.num_players, min_utility=0.0, max_utility=1.0,
            max_game_length=probe.max_game_length())
        n = self.spec.players(full)
        super().__init__(_game_type(self.spec, n, n), info, full)

    def new_initial_state(self) -> FlickState:
        return FlickState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> FlickObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return FlickObserver(perfect_recall)


class _Held:
    """The engine inside an OpenSpiel state: copied with the engine's own `clone()` (a deep
    copy would copy the card data too), with what OpenSpiel asks of every node worked out
    once a node: the seat to act (asked several times a move), the legal ids with the action
    each stands for, each seat's observation."""

    def __init__(self, engine: State) -> None:
        self.engine = engine
        self.seen: dict[int, tuple[Any, str]] = {}  # seat -> (observation, canonical text)
        self.legal: dict[int, int] | None = None  # the seat to act's legal ids -> actions
        self.actor = _actor(engine)  # `player()`

    def player(self) -> int:
        """OpenSpiel's player to act: a seat, CHANCE or TERMINAL."""
        return self.actor

    def legal_ids(self) -> dict[int, int]:
        """The seat to act's legal action ids (in order) and the engine's action of each,
        worked out once per node (asked by OpenSpiel, used again to apply one)."""
        legal = self.legal
        if legal is None:
            legal = self.legal = self.engine.legal_id_actions(self.engine.current_player())
        return legal

    def look(self, player: int) -> tuple[Any, str]:
        """The seat's observation and its text, computed once per state."""
        if player not in self.seen:
            obs = self.engine.observation(player)
            self.seen[player] = (obs, canonical(obs))
        return self.seen[player]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        twin = _Held.__new__(_Held)
        twin.engine = self.engine.clone()
        twin.seen = {}
        twin.legal = self.legal  # replaced, never changed in place
        twin.actor = self.actor
        return twin

    def __getstate__(self) -> dict[str, Any]:
        # An engine may cache its legal actions when asked: the serialization is of the state
        # with them computed, so asking for them never changes what a state serializes to.
        engine = self.engine
        if engine.chance_event() is None and not engine.is_terminal():
            engine.legal_action_ids(engine.current_player())
        return {"engine": engine}  # not the observations computed for this state

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.engine = data["engine"]
        self.seen = {}
        self.legal = None
        self.actor = _actor(self.engine)


def _actor(engine: State) -> int:
    """OpenSpiel's player to act in `engine`: a seat, CHANCE or TERMINAL (the engine's
    `current_player()` once the game is over)."""
    return CHANCE if engine.chance_event() is not None else engine.current_player()


class _Recall:
    """Each seat's digest of the history as it saw it, computed when asked for. The recall
    keeps a checkpoint (an engine state never changed again, with each seat's digest there)
    and the moves played since (decisions with their actor, chance outcomes); a digest plays
    the moves again on a copy of the checkpoint, taking in before each decision every seat's
    observation then and, for the seat that decided, the action; the state it reaches is the
    new checkpoint. A state nobody asks about (an MCTS rollout) pays nothing for its recall:
    no copy and no observation a move, the engine changes in place; an engine just built
    from the game's parameters (`fresh`) is not even copied: the checkpoint is its builder,
    which builds it again when a digest is asked for."""

    def __init__(self, players: int) -> None:
        self.digests = [""] * players  # at the checkpoint
        # the checkpoint (None: taken at the next move), or what builds it again
        self.checkpoint: State | Callable[[], State] | None = None
        self.moves: list[tuple[int, int]] = []  # (actor or CHANCE, action or outcome)
        self.fresh: Callable[[], State] | None = None  # builds the engine as it is now

    def before_move(self, engine: State) -> None:
        """Called with the engine as it is before a move is applied to it."""
        if self.checkpoint is None:
            fresh = self.fresh
            self.checkpoint = engine.clone() if fresh is None else fresh
            self.fresh = None

    def digest(self, player: int) -> str:
        if self.moves:
            self._catch_up()
        return self.digests[player]

    def _catch_up(self) -> None:
        checkpoint = self.checkpoint
        assert checkpoint is not None
        engine = checkpoint.clone() if isinstance(checkpoint, State) else checkpoint()
        digests = self.digests = list(self.digests)  # a clone may share the list: not changed
        for actor, action in self.moves:
            if actor == CHANCE:
                engine.apply_chance(action)
                continue
            for p in range(len(digests)):
                seen = canonical(engine.observation(p))
                mine = str(action) if p == actor else "-"
                digests[p] = hashlib.blake2b(f"{digests[p]}|{seen}|{mine}".encode(),
                                             digest_size=DIGEST_BYTES).hexdigest()
            engine.apply(engine.id_to_action(action))
        self.checkpoint, self.moves = engine, []

    def rebased(self) -> _Recall:
        """The same digests with no checkpoint: the recall of a state whose engine was
        replaced (a determinization: its moves from here are played on that engine, never on
        this history's checkpoint); the next move takes the checkpoint from the new engine."""
        if self.moves:
            self._catch_up()
        twin = _Recall.__new__(_Recall)
        twin.digests, twin.checkpoint, twin.moves, twin.fresh = self.digests, None, [], None
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> _Recall:
        twin = _Recall.__new__(_Recall)
        twin.digests = self.digests  # replaced, never changed in place
        twin.checkpoint = self.checkpoint  # never changed: a catch-up plays on a copy
        twin.moves = list(self.moves)
        twin.fresh = self.fresh
        return twin

    def __getstate__(self) -> dict[str, Any]:
        if self.moves:
            self._catch_up()  # every digest up to date: no engine state to pickle
        return {"digests": self.digests}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.digests = list(data["digests"])
        self.checkpoint = None  # the next move takes it from the engine then
        self.moves = []
        self.fresh = None


class FlickState(pyspiel.State):
    """An OpenSpiel state around one engine state (Surrounded: None while the deal is still
    chance)."""

    def __init__(self, game: FlickGame) -> None:
        super().__init__(game)
        self._short = game.spec.short  # by name: a state pickles (OpenSpiel's serialization)
        self._params = game.params
        self._held: _Held | None = None
        self.dealt: list[int] = []  # Surrounded: the cards dealt so far, top of the deck first
        # Surrounded: the cards not dealt yet, in order, as their outcomes (card - 1)
        self.left: list[int] = []
        self.moves = 0
        self.recall = _Recall(game.num_players())  # each seat's view of the history
        if self._spec.deal == "explicit":
            self.engine = self._spec.build(self._params, 0, None)  # waits for its deal
            self.recall.fresh = partial(self._spec.build, self._params, 0, None)
        else:
            scenario = int(self._params["scenario"])
            self.left = [c - 1 for c in range(1, SURROUNDED_CARDS + 1) if c != scenario]

    @property
    def engine(self) -> State | None:
        return None if self._held is None else self._held.engine

    @engine.setter
    def engine(self, engine: State) -> None:
        self._held = _Held(engine)

    @property
    def _spec(self) -> _Spec:
        return SPECS[self._short]

    # ---- OpenSpiel API --------------------------------------------------------------------
    def current_player(self) -> int:
        held = self._held
        return CHANCE if held is None else held.actor

    def is_chance_node(self) -> bool:
        """(OpenSpiel's, answered here for Python callers without a trip through C++.)"""
        held = self._held
        return held is None or held.actor == CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's legal actions (of the seat to act, or of `player`): the seat to act's
        are answered here for Python callers without a trip through C++; anything else is
        OpenSpiel's own answer (a chance node's outcomes, none at the end, an error for a
        pseudo-player)."""
        held = self._held
        if held is not None and held.actor >= 0 and (player is None or player == held.actor):
            return list(held.legal_ids())
        if player is None:
            return cast(list[int], pyspiel.State.legal_actions(self))
        return cast(list[int], pyspiel.State.legal_actions(self, player))

    def _legal_actions(self, player: int) -> list[int]:
        """The seat's legal action ids: none for a seat that is not to act (asking changes
        nothing)."""
        held = self._held
        if held is None or player != held.actor:
            return []
        if player < 0:  # a chance node's outcomes, or none once the game is over
            return [v for v, _ in self.chance_outcomes()] if player == CHANCE else []
        return list(held.legal_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        held = self._held
        if held is None:
            left = self.left
            return list(zip(left, repeat(1.0 / len(left)), strict=False))
        event = held.engine.chance_event()
        assert event is not None
        return list(event.outcomes)

    def _apply_action(self, action: int) -> None:
        """Apply a legal action id or chance outcome; anything this node does not have raises
        ValueError before anything changes: any action after the game is over, an outcome the
        chance node lacks, an id out of range or not legal for the seat to act."""
        if type(action) is not int:
            if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
                raise ValueError(f"an action is a whole number, not {action!r}")
            action = int(action)
        held = self._held
        if held is None:  # Surrounded's deal
            if action not in self.left:
                raise ValueError(f"chance outcome {action} is not one of this chance node's")
            self.moves += 1
            self._deal(action)
            return
        actor = held.actor
        engine = held.engine
        recall = self.recall
        if actor >= 0:
            code = (held.legal or held.legal_ids()).get(action)
            if code is None:
                raise ValueError(f"action {action} is not legal now for player {actor}")
            if recall.checkpoint is None:  # (`_Recall.before_move`, written out)
                recall.before_move(engine)
            engine.apply_legal(code)
        elif actor == CHANCE:
            if recall.checkpoint is None:  # a checkpoint of the engine as it is
                recall.before_move(engine)
            try:
                engine.apply_chance(action)  # an outcome the node lacks: changes nothing
            except IllegalActionError:
                raise ValueError(
                    f"chance outcome {action} is not one of this chance node's") from None
        else:
            raise ValueError(f"the game is over: action {action} is not applied")
        self.moves += 1
        recall.moves.append((actor, action))  # the move, for the digests
        # the engine changed in place (what was worked out for the node before is
        # forgotten; `_actor` written out)
        if held.seen:
            held.seen = {}
        held.legal = None
        held.actor = CHANCE if engine.chance_event() is not None else engine.current_player()

    def _deal(self, action: int) -> None:
        """Surrounded's deal: card `action + 1` is the next card of the deck."""
        self.dealt.append(action + 1)
        left = self.left
        left.remove(action)  # (a clone of the state has its own copy: OpenSpiel's deep copy)
        if not left:
            scenario = int(self._params["scenario"])
            deck = self.dealt[::-1] + ([scenario] if scenario else [])  # top card last
            self.engine = self._spec.build(self._params, 0, deck)
            build, params = self._spec.build, self._params
            self.recall.fresh = lambda: build(params, 0, deck)  # (the engine copies the deck)

    def _action_to_string(self, player: int, action: int) -> str:
        engine = self.engine
        if player == pyspiel.PlayerId.CHANCE:
            if engine is None:
                return f"deal card {action + 1}"
            event = engine.chance_event()
            return f"{event.label}: {action}" if event is not None else f"chance {action}"
        assert engine is not None
        # the id too: two copies of a card give two actions with the engine's same label
        return f"{engine.action_to_string(engine.id_to_action(action))} #{action}"

    def is_terminal(self) -> bool:
        held = self._held
        return held is not None and held.actor == TERMINAL

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players()
        assert self.engine is not None
        return [float(r) for r in self.engine.returns()]

    def resample_from_infostate(self, player: int, sampler: Any = None) -> FlickState:
        """A state `player` cannot tell from this one: the engine's determinization (its
        hidden cards and deck orders re-dealt), back to explicit chance, the same digests."""
        twin = cast(FlickState, self.clone())
        engine = self.engine
        if engine is not None and engine.chance_event() is None:
            seed = random.Random(f"{self.moves}|{self.recall.digest(player)}")
            if sampler is not None:
                seed = random.Random(int(sampler() * 2**53))
            world = engine.determinize(player, seed)
            if self._spec.deal == "explicit":
                world.set_chance(True)
            twin.engine = world
            twin.recall = self.recall.rebased()
        return twin

    def __str__(self) -> str:
        if self.engine is None:
            return f"dealing: {len(self.dealt)} cards dealt"
        return self.engine.render(None)

    # ---- what a seat sees -------------------------------------------------------------------
    def seen(self, player: int) -> tuple[Any, str]:
        """(observation, its canonical text) of `player`."""
        if self._held is None:
            return {"dealing": len(self.dealt)}, f'{{"dealing":{len(self.dealt)}}}'
        return self._held.look(player)


class FlickObserver:
    """OpenSpiel's Python observer: the observation string and hashed tensor of what the seat
    sees; with perfect recall (the information state) the history digest follows both."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = TENSOR_SIZE + (RECALL_BITS if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[:TENSOR_SIZE]}
        if perfect_recall:
            self.dict["recall"] = self.tensor[TENSOR_SIZE:]

    def set_from(self, state: FlickState, player: int) -> None:
        hashed_tensor(state.seen(player)[0], self.dict["observation"])
        if self.perfect_recall:
            self.dict["recall"][:] = recall_bits(state.recall.digest(player))

    def string_from(self, state: FlickState, player: int) -> str:
        text = state.seen(player)[1]
        if self.perfect_recall:
            return f"{text}\nrecall {state.recall.digest(player) or '-'}"
        return text


def recall_bits(digest: str) -> np.ndarray:
    """The history digest (hex) as RECALL_BITS floats 0.0/1.0 (an empty history: zeros)."""
    if not digest:
        return np.zeros(RECALL_BITS, np.float32)
    raw = np.frombuffer(bytes.fromhex(digest), np.uint8)
    return np.unpackbits(raw).astype(np.float32)


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for short, spec in SPECS.items():
        if short in registered:
            continue
        game_class = type(f"Game_{short}", (FlickGame,), {"spec": spec})
        players = (2, 6) if short == "flick_something_to_fear" else (
            (1, 8) if short == "flick_rise_of_the_zombies" else (1, 1))
        pyspiel.register_game(_game_type(spec, *players), game_class)


_register()
