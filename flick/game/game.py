"""The one mutable state of a Flick 'em Up! Dead of Winter game, and its single entry point.

`Game(scenario, seed)` sets the city up on a physics table; `game.apply(input)` plays one
decision (choose a survivor, an action with its flick, a fight choice, eat or go hungry).
`apply` validates first: an illegal input raises `IllegalAction` and changes nothing (rule
state and table are restored from a snapshot even if a check deep inside an action fails).
All chance (token shuffles, fight cards, fight distances, pellet jitter, zombie rushes) comes
from the game's one seeded numpy Generator, so a scenario, a seed and the list of inputs
(`game.inputs`) give the same game bit for bit.

What the player may do now is given by `phase` ("choose", "act", "keep", "fight", "hunger",
"over"; S5-S10 add "decide", "crossroads", "pick", "vote", ...) and `legal_kinds()`; whose
decision it is by `current_team`.

Listeners: `game.listeners` holds callables `listener(game, inp, accepted)`, each called once
after every `apply`, when the input is played (`accepted` True; also when it ends the game)
or refused (False, after the state is restored, before `IllegalAction` reaches the caller).
They only observe (the replay recorder, `flick.replay.recorder`, is one); a copy of the game
(`copy.deepcopy`) starts with none.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import numpy as np

from flick.errors import FlickError
from flick.game import actions
from flick.game.actions import reaction
from flick.game.board import Board
from flick.game.inputs import (
    Bat,
    ChooseSurvivor,
    Eat,
    EndTurn,
    FightFlick,
    FightWait,
    FightWeapon,
    GoHungry,
    Input,
    Keep,
    Knife,
    Move,
    Shoot,
    ShortKill,
    Shotgun,
    Sniper,
    TakeDrop,
)
from flick.game.inputs import malformed as inputs_malformed
from flick.game.scenarios.fight import Fight
from flick.game.scenarios.five_to_ten import RuleState, prepare, rules_for
from flick.game.scenarios.rules import ScenarioRules
from flick.game.setup import set_up
from flick.game.state import (
    DAY,
    NIGHT,
    Event,
    GameOver,
    IllegalAction,
    Noise,
    Survivor,
    Token,
)
from flick.game.turns import TurnOrder
from flick.physics.errors import TableError

Listener = Callable[["Game", Input, bool], None]

ACTION_INPUTS = (Move, Shoot, Knife, Bat, ShortKill, Shotgun, Sniper, TakeDrop)
ZOMBIES_TOTAL = 18


# What an input's undo point leaves out: never changed by an input, or saved on its own.
_NOT_SAVED = frozenset({"board", "scenario", "scenario_given", "rules", "inputs", "events",
                        "fight", "shots", "listeners", "rng"})
# Values an input can replace but never change in place: the undo point keeps them as they are.
_ATOMIC = frozenset({int, float, str, bool, type(None), Noise})

# A seed is a 63-bit whole number (what a replay records and numpy's generator takes).
MAX_SEED = 2**63 - 1


def check_set_up(scenario: Any, seed: Any, players: Any) -> None:
    """Refuse a seed or a players mapping no table could be set up from (FlickError, exit
    2): a seed outside 0..MAX_SEED, a team the scenario lacks, a count outside 1..max."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) \
            or not 0 <= seed <= MAX_SEED:
        shown = repr(seed) if not isinstance(seed, int) or abs(seed) < 10**30 else "a huge number"
        raise FlickError(f"the seed is a whole number from 0 to {MAX_SEED}, not {shown}",
                         exit_code=2)
    if players is None:
        return
    if not isinstance(players, dict):
        raise FlickError(f"players is a mapping of team names to counts, not {players!r}",
                         exit_code=2)
    teams = [t.name for t in scenario.teams]
    most = int(scenario.players.max)
    for team, count in players.items():
        if str(team).startswith("betrayer ") and team not in teams:
            continue  # a team made in play (an unmasked betrayer): set up with its old team
        if team not in teams:
            raise FlickError(f"no team {str(team)[:40]!r} in scenario {scenario.number} "
                             f"(teams: {', '.join(teams)})", exit_code=2)
        if isinstance(count, bool) or not isinstance(count, (int, np.integer)) \
                or not 1 <= count <= most:
            shown = repr(count) if not isinstance(count, int) or abs(count) < 10**30 \
                else "a huge number"
            raise FlickError(f"team {team} has 1 to {most} players, not {shown}", exit_code=2)


class Game:
    """A game in progress. Attributes are the rule state; `board` wraps the physics table."""

    def __init__(self, scenario: Any, seed: int = 0, *, players: dict[str, int] | None = None,
                 params: Any = None, dangerous: bool = False) -> None:
        check_set_up(scenario, seed, players)
        # The scenario as given (what a replay records: a bundled file stays recognisable,
        # and the players per team decide the S9-S10 deal again on re-simulation).
        self.scenario_given = scenario
        # S9-S10: open slots filled for the players; the "Dangerous days and nights" variant.
        scenario, players = prepare(scenario, players, int(seed), dangerous)
        self.dangerous = bool(dangerous)
        self.scenario = scenario
        self.seed = int(seed)
        self.rng = np.random.default_rng(self.seed)
        self.inputs: list[Input] = []
        self.events: list[Event] = []
        self.survivors: dict[str, Survivor] = {}
        # Tokens where they lie: a building's support blocks ("rv", "library", ...) or an
        # object in the city ("piece:<id>", from scenario 3).
        self.stashes: dict[str, list[Token]] = {}
        # Which of the scenario's shuffled pools each face-down token was dealt from (uid ->
        # pool index): public, as the set-up is done in front of the players.
        self.token_pool: dict[int, int] = {}
        # Zombies inside a building, off the table: one standing flag each.
        self.building_zombies: dict[str, list[bool]] = {}
        self.bin = 0
        self.box = 0
        self.round_marker = int(scenario.round_marker.start)
        self.round_colour = scenario.round_marker.first_round
        self.rounds_played = 0
        self.round_number = 1  # the round being played (or the last one, between rounds)
        self.turns = 0
        self.phase = "choose"
        self.current_team: str = ""
        self.round_first_turn = True
        self.active: str | None = None
        self.actions_done = 0
        self.noise = Noise.SILENT
        self.turn_over_early = False  # an ATTACK card ends the survivor's turn (S2)
        self.facing_set = False  # the last action (move, bat) oriented the survivor
        self.pending_take: tuple[str, int] | None = None  # (place, index) awaiting Keep
        self.fight: Fight | None = None
        self.deaths = 0
        self.winner: str | None = None
        self.end_reason: str | None = None
        self.next_uid = 1
        # One entry per shot on the city table (flick, shotgun blast, rush): which input it
        # belonged to and the table's state hash after it, for replays that verify.
        self.shots: list[dict[str, Any]] = []
        # What the rules of scenarios 5-10 track beyond the core (crossroads deck, powers,
        # steal offers, secret objectives, ...): filled by FiveToTenRules.after_set_up, left
        # empty in scenarios 1-4 (rules.five_to_ten tells which). Part of apply's snapshot.
        self.rule_state = RuleState()
        self.board = Board.for_scenario(scenario, params)
        self.rules: ScenarioRules = rules_for(scenario)
        set_up(self)
        self.rules.after_set_up(self)
        if self.rules.unsupported:
            self.event("unsupported_rules", rules=self.rules.unsupported)
        teams = [t.name for t in scenario.teams]
        self.turn_order = TurnOrder({t: (players or {}).get(t, 1) for t in teams})
        # The players each team was set up with (the turn order's counts change in play: an
        # unmasked betrayer is a team of one): what a replay sets the game up with again.
        self.players_set_up: dict[str, int] = dict(self.turn_order.players)
        self._start_next_turn()
        # Called after each input (see the module docstring); not part of the rule state.
        self.listeners: list[Listener] = []

    def __getstate__(self) -> dict[str, Any]:
        """Copies and pickles of a game carry no listeners: they observe this game only."""
        return {**self.__dict__, "listeners": []}

    # ---- queries ------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    def survivor(self, name: str) -> Survivor:
        try:
            return self.survivors[name]
        except KeyError:
            raise IllegalAction(f"no survivor named {name!r} in this game") from None

    @property
    def active_survivor(self) -> Survivor:
        if self.active is None:
            raise IllegalAction("no survivor is active: choose a survivor first")
        return self.survivors[self.active]

    def available(self, team: str | None = None) -> list[Survivor]:
        """Survivors that may be used this round (backpack colour = round colour)."""
        return [
            s for s in self.survivors.values()
            if s.alive and s.playable and s.backpack == self.round_colour
            and (team is None or s.team == team)
        ]

    def zombie_counts(self) -> dict[str, int]:
        """Where the 18 zombies are: `city` (table and buildings), `bin`, `box`."""
        city = len(self.board.zombies()) + sum(len(v) for v in self.building_zombies.values())
        return {"city": city, "bin": self.bin, "box": self.box}

    def legal_kinds(self) -> list[str]:
        """The kinds of input accepted in the current phase (details are checked by apply)."""
        extra = self.rules.phase_kinds(self)  # the phases of scenarios 5-10
        if extra is not None:
            return extra
        if self.phase == "choose":
            return ["choose"]
        if self.phase == "act":
            return [c.kind for c in ACTION_INPUTS] + ["end_turn"] + self.rules.action_kinds(self)
        if self.phase == "keep":
            return ["keep"]
        if self.phase == "fight" and self.fight is not None:
            return self.fight.legal_kinds()
        if self.phase == "hunger":
            return ["eat", "go_hungry"]
        return []

    def new_token(self, kind: str, face_up: bool = True) -> Token:
        token = Token(kind, face_up, self.next_uid)
        self.next_uid += 1
        return token

    def record_shot(self, what: str) -> None:
        """Note a shot just simulated on the city table, with the table's hash after it."""
        self.shots.append({"input": len(self.inputs), "shot": what,
                           "hash": self.board.table.state_hash()})

    def event(self, type_: str, **data: Any) -> None:
        self.events.append(Event(type_, {"round": self.round_number, **data}))

    # ---- the entry point ----------------------------------------------------------------
    def apply(self, inp: Input) -> None:
        """Play one input. Illegal: raises IllegalAction and leaves the game unchanged.
        Every listener is told afterwards, whether the input was played or refused."""
        try:
            self._apply(inp)
        except BaseException:
            for listener in list(self.listeners):
                listener(self, inp, False)
            raise
        for listener in list(self.listeners):
            listener(self, inp, True)

    def _apply(self, inp: Input) -> None:
        if self.over:
            raise IllegalAction(f"the game is over ({self.end_reason}); no input is accepted")
        try:
            problem = inputs_malformed(inp)
        except (OverflowError, ValueError):  # a number too large even to print (5,000 digits)
            problem = f"{getattr(inp, 'kind', 'input')}: a number too large"
        if problem is not None:
            raise IllegalAction(problem)
        if inp.kind not in self.legal_kinds():
            raise IllegalAction(
                f"{inp.kind!r} is not allowed now (phase {self.phase!r}); "
                f"allowed: {', '.join(self.legal_kinds())}"
            )
        saved = self._save()
        try:
            self._dispatch(inp)
        except IllegalAction:
            self._restore(saved)
            raise
        except TableError as refused:  # the table refused a shot (an offset beyond the piece)
            self._restore(saved)
            raise IllegalAction(str(refused)) from None
        except GameOver as end:
            self.inputs.append(inp)
            self._finish(end.winner, end.reason)
            return
        self.inputs.append(inp)

    def _save(self) -> tuple[dict[str, Any], Any]:
        """The undo point of one input. The rule state's values that cannot change in place
        (numbers, strings, enums, None) are kept as they are, the others (survivors, stashes,
        turn order, ...) pickled one by one, and the generator by its state: taking it costs
        little, and only a refused input pays for reading it back (`_restore`)."""
        atomic: dict[str, Any] = {}
        pickled: dict[str, bytes] = {}
        for k, v in self.__dict__.items():
            if k in _NOT_SAVED:
                continue
            if type(v) in _ATOMIC:
                atomic[k] = v
            else:
                pickled[k] = pickle.dumps(v, pickle.HIGHEST_PROTOCOL)
        # The fight in progress as an object (an action may start or end one) and its state.
        fight = (self.fight, self.fight.save() if self.fight is not None else None)
        rules = (self.rules.escort, self.rules.rescued)
        return ({"_atomic": atomic, "_pickled": pickled,
                 "_rng": self.rng.bit_generator.state, "_events": len(self.events),
                 "_fight": fight, "_rules": rules, "_shots": len(self.shots)},
                self.board.table.snapshot())

    def _restore(self, saved: tuple[dict[str, Any], Any]) -> None:
        undo, snap = saved
        state = {**undo["_atomic"], **{k: pickle.loads(b) for k, b in undo["_pickled"].items()}}
        self.rng.bit_generator.state = undo["_rng"]
        del self.shots[undo["_shots"]:]
        self.rules.escort, self.rules.rescued = undo["_rules"]
        # Survivors keep their identity (callers hold references to them): restore in place;
        # a survivor who joined during the refused input (S5 found, S8 recruit) leaves again.
        saved_survivors = state.pop("survivors")
        for name in [n for n in self.survivors if n not in saved_survivors]:
            del self.survivors[name]
        for name, saved_s in saved_survivors.items():
            self.survivors[name].__dict__.update(saved_s.__dict__)
        self.__dict__.update(state)
        del self.events[undo["_events"]:]
        self.fight, fight_state = undo["_fight"]
        if self.fight is not None:
            self.fight.load(fight_state)
        self.board.table.restore(snap)

    def _dispatch(self, inp: Input) -> None:
        if isinstance(inp, ChooseSurvivor):
            self._choose(inp.survivor)
        elif isinstance(inp, EndTurn):
            self._end_turn(inp.facing)
        elif isinstance(inp, ACTION_INPUTS):
            self._action(inp)
        elif isinstance(inp, Keep):
            actions.keep(self, inp)
            self._after_action()
        elif isinstance(inp, (FightWeapon, FightFlick, FightWait)):
            self._fight_input(inp)
        elif isinstance(inp, (Eat, GoHungry)):
            self._hunger(inp)
        elif not self.rules.dispatch(self, inp):
            raise IllegalAction(f"unknown input {inp!r}")

    # ---- turns --------------------------------------------------------------------------
    def choose_refused(self, name: str) -> str | None:
        """Why the survivor `name` cannot be chosen for the next turn (None: it can)."""
        s = self.survivor(name)
        if s.team != self.current_team:
            return (f"{s.name} belongs to team {s.team}, not the team to play "
                    f"({self.current_team})")
        if s not in self.available(self.current_team):
            why = "dead" if not s.alive else (
                "not playable in this scenario" if not s.playable else
                f"already used this round (backpack shows {s.backpack})")
            return f"{s.name} is not available: {why}"
        holder = self.pretzel_holder()
        if (self.round_first_turn and holder is not None and holder is not s
                and holder in self.available(self.current_team)):
            return f"{holder.name} holds the pretzel and must be used first this round"
        return None

    def _choose(self, name: str) -> None:
        why = self.choose_refused(name)
        if why is not None:
            raise IllegalAction(why)
        s = self.survivor(name)
        self.round_first_turn = False
        self.turn_order.take_turn(s.team)
        self.active = s.name
        self.actions_done = 0
        self.noise = Noise.SILENT
        self.turn_over_early = False
        self.facing_set = False
        self.board.stand_survivor(s)
        self.event("turn", survivor=s.name, team=s.team, turn=self.turns + 1)
        self.phase = "act"
        self.rules.on_choose(self, s)

    def pretzel_holder(self) -> Survivor | None:
        for s in self.survivors.values():
            if s.alive and any(t.kind == "pretzel" for t in s.inventory):
                return s
        return None

    def _action(self, inp: Input) -> None:
        if self.actions_done >= self.rules.max_actions(self):
            raise IllegalAction(f"a survivor performs at most {self.rules.max_actions(self)} "
                                "actions in a turn")
        actions.perform(self, inp)
        self.actions_done += 1
        if self.phase == "act":
            self._after_action()

    def _after_action(self) -> None:
        """Checks after an action: too close, zombies entering, objectives, end of turn."""
        if self.phase == "keep" or self.phase == "fight":
            return
        self.phase = "act"
        # A decision the rules ask at once (S6 a steal, S8 moving an X token) comes before
        # anything else happens (phase "decide"); answering it resumes the game here.
        if self.rules.hold(self, "action"):
            return
        reaction.too_close(self, immune=self.active)
        self.rules.after_action(self)
        self.rules.check(self)
        if self.rules.fight_mid_turn(self):  # S2: a zombie came in during the action
            return
        self.maybe_end_turn()

    def maybe_end_turn(self) -> None:
        """End the turn if the survivor fell, was attacked or has no action left."""
        if self.rules.hold(self, "end"):
            return
        s = self.active_survivor
        if not s.alive or self.turn_over_early or self.actions_done >= self.rules.max_actions(
                self) or not s.playable:
            self._end_turn(None)

    def _end_turn(self, facing: float | None) -> None:
        s = self.active_survivor
        if facing is not None and s.alive and not self.facing_set:
            self.board.face(s, facing)
        s.backpack = NIGHT if s.backpack == DAY else DAY
        noise = self.rules.turn_noise(self, s, self.noise)
        self.event("noise", survivor=s.name, noise=noise.name)
        self.rules.react(self, s, noise)
        self.rules.after_turn(self, s)
        self.turns += 1
        self.active = None
        if self.rules.hold(self, "turn"):  # e.g. a steal from a survivor the rush felled
            return
        self.after_turn_checks()

    def after_turn_checks(self) -> None:
        """After a turn's reaction: Too close!, the objectives, the next turn."""
        # The turn is over: the survivor who just played is no longer immune (rulebook p. 7).
        reaction.too_close(self, immune=None)
        self.rules.check(self)
        self._start_next_turn()

    def _start_next_turn(self) -> None:
        self.phase = "choose"
        can_play = {s.team for s in self.available()}
        if not can_play:
            self._end_round()
            return
        holder = self.pretzel_holder()
        pretzel_team = holder.team if holder is not None else None
        self.current_team = self.turn_order.next_team(can_play, self.round_first_turn,
                                                      pretzel_team)

    # ---- rounds -------------------------------------------------------------------------
    def _end_round(self) -> None:
        """End of round (rulebook p. 11): marker, hunger (S4), stand zombies, new horde."""
        self.round_marker -= 1
        self.event("round_end", marker=self.round_marker, colour=self.round_colour,
                   zombies=self.zombie_counts())
        self.rounds_played += 1
        self.rules.round_end(self)  # objectives checked at a round's end (S7, S9)
        if self.round_marker <= 0:
            self.rules.at_skull(self)
        self.round_colour = NIGHT if self.round_colour == DAY else DAY
        if self.rules.hunger_now(self):
            self.phase = "hunger"
            self.current_team = self.scenario.teams[0].name
            return
        self._new_round()

    def _new_round(self) -> None:
        reaction.stand_all_zombies(self)
        reaction.new_horde(self)
        reaction.too_close(self, immune=None)
        self.rules.check(self)
        self.round_first_turn = True
        self.turn_order.last_team = None
        self.round_number += 1
        self._start_next_turn()

    def _hunger(self, inp: Eat | GoHungry) -> None:
        self.rules.hunger(self, inp)
        self._new_round()

    # ---- fights -------------------------------------------------------------------------
    def start_fight(self, building: str) -> None:
        """A fight breaks out in `building` (S2): its survivors against its zombies."""
        fighters = [self.active_survivor] + [
            s for s in self.survivors.values()
            if s.alive and s.building == building and s.name != self.active and s.playable
        ]
        self.fight = Fight.begin(self, building, fighters)
        self.phase = "fight"
        self.event("fight", stage="start", building=building,
                    survivors=[s.name for s in fighters],
                    zombies=len(self.building_zombies.get(building, [])),
                    distance=round(self.fight.distance, 1))

    def _fight_input(self, inp: Input) -> None:
        assert self.fight is not None
        done = self.fight.apply(self, inp)
        if done:
            self.fight = None
            self.phase = "act"
            self._after_action()

    # ---- life and death -----------------------------------------------------------------
    def wound(self, s: Survivor, cause: str, amount: int = 1) -> None:
        """`s` loses `amount` life tokens; at 0 it dies (tokens to the Grocery Store)."""
        if not s.alive:
            return
        s.life = max(0, s.life - amount)
        self.event("wound", survivor=s.name, cause=cause, life=s.life)
        if s.life == 0:
            self._die(s, cause)

    def _die(self, s: Survivor, cause: str) -> None:
        s.alive = False
        self.deaths += 1 if s.playable or self.rules.counts_as_death(s) else 0
        place = self.board.piece_position(s)
        self.board.remove_survivor(s)
        s.building = None
        pretzel = [t for t in s.inventory if t.kind == "pretzel"]
        rest = [t for t in s.inventory if t.kind != "pretzel"]
        s.inventory = []
        for t in rest:
            t.face_up = True
        # Rulebook p. 6: the tokens go face up into the Grocery Store. A scenario without
        # one (none of the ten) would leave them where the survivor died; they are lost.
        if "grocery_store" in self.stashes:
            self.stashes["grocery_store"].extend(rest)
        self.event("death", survivor=s.name, cause=cause)
        if pretzel:
            heir = self.board.closest_survivor(self, place)
            if heir is not None:
                heir.inventory.extend(pretzel)  # the pretzel may fill a third space (reading)
                self.event("pretzel", survivor=heir.name)
        self.rules.on_death(self, s)

    def _finish(self, winner: str | None, reason: str) -> None:
        self.phase = "over"
        self.winner = winner
        self.end_reason = reason
        self.fight = None
        self.event("game_end", winner=winner, reason=reason)

    # ---- report ------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        """What a player at the table sees now, as data (for a side panel or a log):
        face-down tokens show as "?"."""
        def tokens(ts: list[Token]) -> list[str]:
            return [t.kind if t.face_up else "?" for t in ts]

        out: dict[str, Any] = {
            "phase": self.phase, "team": self.current_team, "active": self.active,
            "actions_done": self.actions_done, "noise": self.noise.name,
            "round_marker": self.round_marker, "round": self.round_colour,
            "available": [s.name for s in self.available()],
            "zombies": self.zombie_counts(),
            "zombies_inside": {k: v for k, v in self.building_zombies.items() if v},
            "stashes": {k: tokens(v) for k, v in self.stashes.items() if v},
            # S6's secret tokens lie face down in inventories: "?" like any face-down token.
            # (`Survivor.to_json` with the inventory so shown, then whether it stands.)
            "survivors": {s.name: {"name": s.name, "team": s.team, "life": s.life,
                                   "alive": s.alive, "default_weapon": s.default_weapon,
                                   "inventory": tokens(s.inventory), "building": s.building,
                                   "backpack": s.backpack, "standing": s.standing}
                          for s in self.survivors.values()},
            "legal": self.legal_kinds(),
        }
        if self.fight is not None:
            out["fight"] = {"building": self.fight.building, "to_act": self.fight.to_act,
                            "weapons": dict(self.fight.weapons),
                            "cards_left": len(self.fight.deck.cards),
                            "revealed": list(self.fight.deck.revealed)}
        if self.over:
            out["winner"], out["end_reason"] = self.winner, self.end_reason
        return out

    def summary(self) -> dict[str, Any]:
        """The JSON object `flick sim --json` prints for a game."""
        return {
            "scenario": self.scenario.number,
            "seed": self.seed,
            "winner": self.winner,
            "end_reason": self.end_reason,
            # Rounds begun (an end between rounds does not begin the next one).
            "rounds": self.round_number,
            "turns": self.turns,
            "zombies": self.zombie_counts(),
            "survivors": [
                {"name": s.name, "team": s.team, "life": s.life, "alive": s.alive,
                 "inventory": [t.kind for t in s.inventory]}
                for s in self.survivors.values()
            ],
            "events": [e.to_json() for e in self.events],
            # Teams as they stand at the end (S9-S10: a betrayer may be a team of one).
            "teams": {t: sorted(s.name for s in self.survivors.values() if s.team == t)
                      for t in dict.fromkeys(s.team for s in self.survivors.values())},
            **self.rules.summary_extra(self),
        }
