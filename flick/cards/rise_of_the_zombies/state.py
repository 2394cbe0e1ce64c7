"""Rise of the Zombies! as a `State` of the shared card engine: the game set up on the plain
state (`table.Table`) and the engine's API made of the rule modules (`turn_order`, `turns`,
`moves`, `play`, ...), which take the state and change it and never import this module.

Seats are the survivors (1-8). A Player Turn runs as: the Discard step (each survivor in seat
order discards any cards, then draws up to its current Health), then the Play Cards step, which
is simultaneous: `actors()` lists who may act now (every living survivor), `legal_actions_for`
and `apply_for(seat, action)` let any of them act in any order, and a survivor who is done
(K_PASS) may take it back (K_RESUME, or simply act) while anyone still acts; the step ends when
every living survivor is done. For one-at-a-time drivers (bots, `apply`) `current_player()` is
the survivor acting until it is done, then the next one not done in seat order; one who is done
is asked again when a new Location is placed (so it may Follow), when it is handed a card, or
when a zombie in its Location is Killed. Then the Zombie Turn (move, attack, spawn) runs from a
queue of zombie work that stops only for a survivor's Companion redirect, with all dice drawn
from the state's seeded generator.

Decisions inside an action (the target of an attack, the wounds of a Final Attack, the
Historian's re-roll, the Mutated Prisoners' placement, joining an Ambush, whom to heal) are
*pending* sub-decisions owned by one survivor; a sub-decision with a single option resolves by
itself.

Readings where the rulebook is silent (each also noted where it is applied):
- The turn clock charges `minutes_per_turn` when a Play Cards step ends; when the clock reaches
  the Departure Time the game ends at once (the Zombie Turn is not played).
- Killed zombies are exchanged for Experience counters at once (the rulebook allows it).
- A non-Group zombie left unengaged in a Location with survivors (its survivor left or died)
  Engages a random survivor there; a survivor entering a Location is Engaged by every unengaged
  non-Group zombie there (he walks into them).
- Fast zombies attack whenever they appear (infestation, spawn, attract) in a Location with
  survivors; moving into one is not appearing.
- Attract: the zombie draws one more Zombie card when it appears; that card does not count toward
  the Infestation value.
- "If you choose to place the Mutated Prisoners": drawn for an Infestation, the survivor who
  placed the Location chooses to place them (they count toward it; Epic) or to set them aside
  out of the game; drawn by a Spawn or an Attract, where nobody chooses, they are set aside and
  the next Zombie card is drawn instead.
- Companion redirect: after each zombie attack roll that wounds a survivor with a Companion, the
  survivor chooses, one wound at a time, to redirect it to a Companion or take the rest itself.
- The Rescue Helicopter counts as the Player Turn's one new Location.
- Following pays with a Follow-symbol card from the hand (Cardio: once per turn without).
- A card may be handed to another survivor or moved back to the hand at most once per Player Turn
  (so the Play Cards step always ends); it can only be used to Attack by one survivor a turn.
- Companions attack once per Player Turn each, with their own chart and no modifiers; Ambush and
  companion rolls take no modifiers either.
- Otis rule: survivors in range may be targets of every attack (weapon rolls, Final Attacks,
  Head Shot, Companion and Ambush rolls; Wall of Fire wounds zombies only); no experience for
  them. The reaction window the rulebook recommends: once an attack on a survivor is declared
  and paid for, and its target chosen, the target may first react with attacks of its own
  (any attack it could make in the Play Cards step) or let it happen; then the attack goes on
  (cancelled if its attacker died). A reaction gets no window of its own.
- The Historian may re-roll one attack roll per Player Turn, after seeing it.
- Ambush: the player discards its whole hand; each other survivor in the Location chooses to
  join (discarding its whole hand); one Ambush roll per discarded card, each at a zombie in the
  Location chosen when rolled.
- A lone Crossbow also frees its survivor from a Group zombie's Blocks (it does not Engage him).
- When the game ends, every survivor who is not aboard a zombie-free Rescue Helicopter dies.
"""

from __future__ import annotations

import random
from typing import Any

from flick.cards.deck import Deck
from flick.cards.engine import (
    TERMINAL,
    IllegalActionError,
    NoDraws,
    check_action,
    check_loaded,
)
from flick.cards.rise_of_the_zombies import (
    combat,
    decks,
    moves,
    play,
    progress,
    turn_order,
    turns,
    zombies,
)
from flick.cards.rise_of_the_zombies import decisions as D
from flick.cards.rise_of_the_zombies.codes import (
    K_DISCARD,
    K_DONE,
    K_PASS,
    K_RESUME,
    NONE,
    SAFE,
)
from flick.cards.rise_of_the_zombies.data import (
    Catalog,
    default_catalog,
)
from flick.cards.rise_of_the_zombies.table import Table
from flick.errors import FlickError


def campaign_points(starting: int, living: int, epic_overcome: int) -> int:
    """Campaign points of one game: 2 if every starting survivor lives, 1 if at least half
    (rounded up) live, plus 1 per Epic challenge overcome."""
    if living >= starting:
        base = 2
    elif living >= (starting + 1) // 2:
        base = 1
    else:
        base = 0
    return base + epic_overcome


class RiseOfTheZombies(Table):
    """One game of Rise of the Zombies!; seat i plays survivor `names[i]`."""

    game_name = "rise_of_the_zombies"

    def __init__(
        self,
        survivors: list[str] | tuple[str, ...] = ("Scout", "Paramedic", "Cheerleader", "Scoundrel"),
        difficulty: str = "standard",
        seed: int = 0,
        clock: str = "turns",
        otis: bool = False,
        minutes_per_turn: int | None = None,
        catalog: Catalog | None = None,
        log: bool = False,
        secret_hands: bool = False,
        explicit_chance: bool = False,
    ) -> None:
        """A new game, set up and dealt; the first Player Turn's Discard step is next."""
        cat = catalog or default_catalog()
        self.cat = cat
        if not 1 <= len(survivors) <= 8:
            raise FlickError(
                f"Rise of the Zombies! takes 1 to 8 survivors, not {len(survivors)}", exit_code=2
            )
        sv = [cat.survivor_index(n) for n in survivors]
        if len(set(sv)) != len(sv):
            raise FlickError("each survivor can be chosen once", exit_code=2)
        if clock not in ("turns", "real"):
            raise FlickError(f"unknown clock {clock!r}; known: turns, real", exit_code=2)
        n = len(sv)
        self.num_players = n
        self.seed = seed
        self.sv = sv
        self.difficulty = difficulty
        self.departure = cat.departure_minutes(difficulty, n)
        self.clock = clock
        self.otis = otis
        self.secret_hands = secret_hands  # hands kept secret: observation hides the others'
        self.minutes_per_turn = minutes_per_turn or cat.minutes_per_turn
        self.minutes_used: float = 0
        self.rng = NoDraws(0) if explicit_chance else random.Random(seed)
        self.explicit_chance = explicit_chance  # chance events as `chance_event()` (engine)
        self.events: list[str] | None = [] if log else None
        na, nz = len(cat.action_cards), len(cat.zombie_cards)
        cards = list(range(na))
        self.chance_shuffle(cards)
        self.adeck = Deck(cards)  # (a Deck keeps its kinds' counts for explicit draws)
        self.adisc: list[int] = []
        self.removed: list[int] = []  # dead companions: out of the game
        cards = list(range(nz))
        self.chance_shuffle(cards)
        self.zdeck = Deck(cards)
        self.zdisc: list[int] = []
        self.aside: list[int] = []  # Mutated Prisoners set aside
        self.zpos = [-1] * nz
        self.zwounds = [0] * nz
        self.zeng = [-1] * nz
        self.zorder: list[int] = []
        self.path = [SAFE]
        self.attach: list[list[int]] = [[]]
        self.group_n = n
        self.pos = [0] * n
        self.wounds = [0] * n
        self.alive = [True] * n
        self.escaped = [False] * n
        self.xp = [0] * n
        self.furthest = [0] * n
        self.hand = [[] for _ in range(n)]
        self.ready = [[] for _ in range(n)]
        self.cwounds = [0] * na
        self.turn = 0
        self.over = False
        self.end_reason = ""
        self.pending = []
        self.zq = []
        self.infest = None
        self.epic = {"locations": 0, "prisoners_placed": False, "prisoners_killed": False}
        self.decisions = 0  # decisions taken so far (bounded: max_game_length)
        if explicit_chance:
            self.phase = "discard"
            turn_order.turn_fields(self)  # for the copy the deal runs on
            self._run_procedure(("setup",), ())
        else:
            self._setup()

    def _setup(self, first: int = 0, left: int | None = None) -> None:
        """The deal (from seat `first`, which has `left` cards still to draw), then the first
        Player Turn."""
        for s in range(first, self.num_players):
            count = self.health() if left is None or s > first else left
            decks.draw_actions(self, s, count, ("deal", s))
        turn_order.start_player_turn(self)

    def _done(self, s: int, count: int) -> None:
        """Seat s ends its Discard step: it draws `count` cards, the next seat discards."""
        decks.draw_actions(self, s, count, ("done", s))
        turn_order.next_discarder(self, s + 1, settles=True)

    def _procedure(self, procedure: tuple[Any, ...]) -> None:
        """The engine's procedures (a decision: "act"), the set-up's deal and a simultaneous
        seat's action ("for", seat, action: `apply_for`), and where a draw of the deal or of
        the end of a Discard step goes on ("deal" / "done", seat, cards left), where a zombie
        attack's roll goes on ("settle": `zombies.run_zq`), a survivor's attack roll ("roll",
        target, on a survivor: `play.apply_pending`), an Infestation's draw ("infest"), the
        draws of a seat with nothing to discard ("discard", seat, cards left), a survivor's
        draws in the Play Cards step ("draws", seat, cards left) and an Infestation's zombie
        being placed ("attract", zombie, step): resume points, flick.cards.chance."""
        what = procedure[0]
        if what == "act":  # (the engine's, the commonest: asked first)
            self._apply(procedure[1])
        elif what == "setup":
            self._setup()
        elif what == "for":
            self._apply_for(procedure[1], procedure[2])
        elif what == "deal":
            self._setup(procedure[1], procedure[2])
        elif what == "done":
            self._done(procedure[1], procedure[2])
            turns.settle(self)
            self._count_decision()
        elif what == "settle":
            turns.settle(self)
            self._count_decision()
        elif what == "discard":  # a seat with no card to discard draws: `next_discarder`
            decks.draw_actions(self, procedure[1], procedure[2], ("discard", procedure[1]))
            turn_order.next_discarder(self, procedure[1] + 1, settles=True)
            turns.settle(self)
            self._count_decision()
        elif what == "roll":  # a survivor's attack roll: `play.apply_pending`
            surv, pd = procedure[2], self.pending[0]
            assert isinstance(pd, D.Target)
            roll = self.chance_die("an attack roll", procedure)
            combat.weapon_roll(self, pd, procedure[1], surv, roll)
            turns.settle(self)
            self._count_decision()
        elif what == "draws":  # a survivor's draws in the Play Cards step: `play.go_on_drawing`
            play.go_on_drawing(self, procedure[1], procedure[2])
            turns.settle(self)
            self._count_decision()
        elif what == "attract":  # an Infestation's zombie being placed: `zombies.go_on_placing`
            zombies.go_on_placing(self, procedure[1], procedure[2])
            turns.settle(self)
            self._count_decision()
        elif what == "infest":
            zombies.continue_infestation(self)
            turns.settle(self)
            self._count_decision()
        else:
            super()._procedure(procedure)

    def max_chance_outcomes(self) -> int:
        """Chance outcomes are card kinds, die faces 1-6 and seats."""
        return max(len(self.cat.actions), len(self.cat.zombies), 7, self.num_players)

    # ---- the engine API ------------------------------------------------------------------
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.pending:
            return self.pending[0].seat
        return self.actor

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        return [1.0 if e else 0.0 for e in self.escaped]

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of the seat to act (`current_player()`); empty for another
        `player` (the sequential view; `legal_actions_for(seat)` is the simultaneous one)."""
        if self.over or (player is not None and player != self.current_player()):
            return []
        if self.pending:
            return moves.pending_actions(self, self.pending[0])
        if self.phase == "discard":
            return moves.discard_actions(self, self.actor)
        return moves.play_actions(self, self.actor)

    # ---- simultaneous play ----------------------------------------------------------------
    def actors(self) -> list[int]:
        """The seats that may act now. The Play Cards step is simultaneous ("Play cards and
        Attack at the same time as the other players. Stay in this step until all players say
        they are done"): every living survivor may act, in any order, and one who said it is
        done may take it back (act again) while anyone still acts; the step ends when all are
        done. A sub-decision (a target, a re-roll, joining an Ambush...) belongs to its owner
        alone, and the Discard step runs in seat order (its order only decides who draws which
        unseen card). `current_player()` is the seat a one-at-a-time driver asks next."""
        if self.over:
            return []
        if self.pending or self.phase != "play":
            return [self.current_player()]
        return [s for s in range(self.num_players) if self.alive[s]]

    def legal_actions_for(self, seat: int) -> list[int]:
        """The legal actions of `seat` now (empty if it may not act). A survivor who is done
        may take "done" back (`K_RESUME`) or simply act, which takes it back too."""
        if seat not in self.actors():
            return []
        if seat == self.current_player():
            return self.legal_actions()
        acts = moves.play_actions(self, seat)
        if self.passed[seat]:
            acts = sorted([a for a in acts if a >> 16 != K_PASS] + [K_RESUME << 16])
        return acts

    def apply_for(self, seat: int, action: int) -> None:
        """Apply `action` for `seat`, any seat of `actors()` (checked first; an illegal
        action raises and changes nothing). The seat becomes the one acting until it is done."""
        if seat == self.current_player() or self._chance_pending is not None:
            self.apply(action)  # (refused while a chance event is pending)
            return
        check_action(self.game_name, action)
        if action not in self.legal_actions_for(seat):
            raise IllegalActionError(
                f"{self.game_name}: action {action!r} is not legal for seat {seat} now"
            )
        if self.explicit_chance:
            self._run_procedure(("for", seat, action), ())
        else:
            self._apply_for(seat, action)

    def _apply_for(self, seat: int, action: int) -> None:
        self.actor = seat
        self.passed[seat] = False
        if action >> 16 == K_RESUME:
            self.say(f"The {self.name(seat)} is not done after all.")
            self._count_decision()
        else:
            self._apply(action)

    def action_to_string(self, action: int, seat: int | None = None) -> str:
        """The label of `action` of `seat` (default: the player to act)."""
        return moves.action_to_string(self, action, seat)

    def labelled_actions_for(self, seat: int) -> list[tuple[int, str]]:
        return [(a, self.action_to_string(a, seat)) for a in self.legal_actions_for(seat)]

    # ---- applying actions ----------------------------------------------------------------
    def _apply(self, action: int) -> None:
        kind, a, b = action >> 16, (action >> 8) & 255, action & 255
        s = self.current_player()
        if self.pending:
            play.apply_pending(self, s, kind, a, b)
        elif kind == K_DISCARD:
            self.hand[s].remove(b)
            self.adisc.append(b)
        elif kind == K_DONE:
            self._done(s, self.remaining(s) - len(self.hand[s]))
        elif kind == K_PASS:
            self.passed[s] = True
            turn_order.next_actor(self)
        else:
            play.apply_play(self, s, kind, a, b)
        turns.settle(self)
        self._count_decision()

    def _count_decision(self) -> None:
        """One more decision; the one that reaches `max_game_length()` ends the game: the
        helicopter departs (see `max_game_length`)."""
        self.decisions += 1
        if not self.over and self.decisions >= self.max_game_length():
            turn_order.finish(self, "the Rescue Helicopter departs (time is up)")

    def tick(self, minutes: float) -> None:
        """Real-time clock: set the wall-clock minutes used so far; time up ends the game.
        (Not an action: the terminal calls it; the turn clock never does.)"""
        self.changed_outside()
        self.minutes_used = minutes
        if not self.over and minutes >= self.departure:
            turn_order.finish(self, "the Rescue Helicopter departs")

    # ---- results ---------------------------------------------------------------------------
    def epic_overcome(self) -> int:
        """Epic challenges overcome: each counts only if the group wins."""
        if not any(self.escaped):
            return 0
        n = self.epic["locations"]
        n += int(self.epic["prisoners_placed"] and self.epic["prisoners_killed"])
        n += sum(
            1
            for s in range(self.num_players)
            if self.escaped[s] and self.cat.survivors[self.sv[s]].epic
        )
        return n

    def result(self) -> dict[str, Any]:
        """The JSON of a finished game. Per survivor: `alive` (escaped, for a finished game),
        `in_helicopter`, `health` (remaining Health: the Group counter's minus wounds, 0 when
        dead), `wounds`, `xp` (unspent Experience); `path` names the Locations from the Safe
        House; `campaign_points` is this game's score in a campaign."""
        living = sum(self.escaped)
        return {
            "game": self.game_name,
            "seed": self.seed,
            "difficulty": self.difficulty,
            "departure_minutes": self.departure,
            "minutes_used": self.minutes_used,
            "survivors": [
                {
                    "name": self.name(s),
                    "alive": self.alive[s],
                    "in_helicopter": self.pos[s] == 7,
                    "health": self.remaining(s),
                    "wounds": self.wounds[s],
                    "xp": self.xp[s],
                }
                for s in range(self.num_players)
            ],
            "path": [self.location_name(i) for i in range(len(self.path))],
            "epic_overcome": self.epic_overcome(),
            "victory": living > 0,
            "campaign_points": campaign_points(self.num_players, living, self.epic_overcome()),
        }

    # ---- copies and JSON (flick.cards.rise_of_the_zombies.progress) ---------------------------
    def _to_json(self) -> dict[str, Any]:
        return progress.to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RiseOfTheZombies:
        st = progress.from_json(cls, data)
        check_loaded(st)
        return st

    def _clone(self) -> RiseOfTheZombies:
        return progress.clone(self)

    def determinize(self, player: int, rng: random.Random) -> RiseOfTheZombies:
        return progress.determinize(self, self.check_seat(player), rng)

    def _observation(self, player: int) -> dict[str, Any]:
        return progress.observation(self, self.check_seat(player))

    # ---- text ----------------------------------------------------------------------------------
    def headline(self) -> str:
        left = max(self.departure - self.minutes_used, 0)
        return (f"Turn {self.turn} | {left:.0f} of {self.departure} minutes left | "
                f"{self.phase} step")

    # ---- dense actions and the game's length, for the adapters (see flick.cards.engine) ------
    # An action code is `kind << 16 | a << 8 | b` (codes.py); each argument is a card number
    # (Action or Zombie card), a seat, or NONE. The dense id numbers the kinds and, per kind,
    # both arguments over 0..M-1 and NONE (index M), M the largest of the card counts and 8.
    _KINDS = 28

    def _arg_range(self) -> int:
        return max(len(self.cat.action_cards), len(self.cat.zombie_cards), 8)

    def num_distinct_actions(self) -> int:
        m = self._arg_range() + 1
        return self._KINDS * m * m

    def action_to_id(self, action: int) -> int:
        return self._to_id(action, self._arg_range())

    def _to_id(self, action: int, m: int) -> int:
        """`action_to_id` with the argument range `m` (`_arg_range`) given."""
        kind, a, b = action >> 16, (action >> 8) & 255, action & 255
        if action < 0 or kind >= self._KINDS or (a >= m and a != NONE) or (b >= m and b != NONE):
            raise ValueError(f"{self.game_name}: {action} is outside the declared action range")
        ia, ib = (m if a == NONE else a), (m if b == NONE else b)
        return (kind * (m + 1) + ia) * (m + 1) + ib

    def legal_id_actions(self, player: int | None = None) -> dict[int, int]:
        # `_to_id` written out (a call less an action): the state's own legal actions are in
        # the range (their arguments are card numbers, seats or NONE)
        m = self._arg_range()
        n = m + 1
        return dict(sorted([
            (((a >> 16) * n + (m if (x := a >> 8 & 255) == NONE else x)) * n
             + (m if (y := a & 255) == NONE else y), a)
            for a in self.legal_actions(player)]))

    def id_to_action(self, action_id: int) -> int:
        if not 0 <= action_id < self.num_distinct_actions():
            raise ValueError(f"{self.game_name}: action id {action_id} is out of range")
        m = self._arg_range()
        rest, ib = divmod(action_id, m + 1)
        kind, ia = divmod(rest, m + 1)
        return kind << 16 | (NONE if ia == m else ia) << 8 | (NONE if ib == m else ib)

    def max_game_length(self) -> int:
        """The most decisions a game has: 100 per Player Turn the turn clock allows (the
        Departure Time over the minutes a turn costs, plus one), a bound the engine enforces.
        Reading: the rulebook plays against a real clock, so a Player Turn cannot take
        decisions without end; here each decision is taken to use at least 1/100 of a turn's
        minutes, and the decision that reaches the bound ends the game as the clock does (the
        Rescue Helicopter departs). Random play (the longest games there are) over 1, 2, 4 and
        8 survivors at every difficulty, with and without Otis (192 games), took at most 28
        decisions per Player Turn, so no game of that kind reaches the bound; it stands in for
        a proof that would have to close every loop of a turn (cards drawn back from the
        reshuffled discards, Experience spent and won, survivors asked again)."""
        turns = self.departure // self.minutes_per_turn + 1
        return 100 * turns
