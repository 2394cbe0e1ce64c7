"""The rules of The Walking Dead: Something to Fear as a `flick.cards.engine.State`.

A round: every player selects a Character face-down (one decision per seat, hidden from the
others until all have chosen); the on-reveal abilities resolve (Eugene, then Carl, then
Maggie); the players take their turns from the highest number to the lowest (Carl: lowest to
highest), ties going to the player nearest the Tie-breaker holder clockwise (seat order),
looked up afresh before each turn because The Governor moves the Tie-breaker; what is left
in the Encounter row escapes to the Mob; clean-up discards the played Characters, draws one
and deals a new row. Nine rounds, then `scoring`.

Readings where the rulebook is silent or ambiguous (each also in the report):
- securing is optional: "you may use the special ability of your Character ... If you do not
  wish to use the special ability for some reason, you may secure one card from the Encounter
  row instead", so every step of a turn, the secure included, can be declined;
- on-reveal order: Eugene first, then Carl, then Maggie;
- Eugene's revealed card gives him only its number: "Take your turn in normal player order
  according to the number of the new card"; his turn is Eugene's (the basic secure), and a
  revealed Carl or Maggie does not reverse the order or cancel anyone; a revealed Eugene
  (played twice through Abraham) acts as #1; an empty discard pile: Eugene acts as #1;
- several Carls reverse the order once (a reversal is not undone by a second Carl);
- Maggie must be strictly the lowest number (a Eugene acting as #2 is lower) and be played as
  Maggie. Cancelling uses up both players' turns. The opponent's: "cancel an opponent's card".
  Maggie's: her special ability is the on-reveal exchange, and the rulebook gives the basic
  secure only in place of the special ability ("If you do not wish to use the special ability
  ... you may secure one card from the Encounter row *instead*"), so after the exchange she
  only has her Weapon window. The opponent secures the card Maggie chose (a Weapon may be used
  at once, see below), then picks the card Maggie secures;
- Michonne: the replaced row card goes on top of the deck, above the two cards not taken
  (so every player knows the top card); the looker knows the top three;
- Abraham may return any Character from his discard pile except the one just discarded;
  Eugene's revealed card is out of the pile until clean-up;
- a Weapon can be used in its owner's turn, after the Character's ability (this includes
  "immediately" after securing it), any number of Weapons one after another; a Weapon that
  Maggie's opponent secures outside any turn of theirs may be used at once ("they may choose
  to activate the card's ability immediately"), that Weapon only (others wait for a turn);
- Jesus's steal secures the stolen card: the rulebook defines "To secure a card, take it from
  the Encounter row (or from another player or the Mob, if your ability allows)", so a stolen
  Governor offers the Tie-breaker ("When you secure The Governor, take the Tie-breaker card",
  the first Governor secured in the round, as below) and a stolen Wound is given to another
  player ("When you secure this card, give it to another player instead"). Ezekiel's swap is
  an exchange of two Stash cards, not a securing (the other player takes a card by no ability
  of theirs): no Tie-breaker, no Wound gift;
- the Tie-breaker is offered ("they can immediately take the Tie-breaker card") only for the
  first Governor secured in a round ("given to the player who secured The Governor first"),
  whether that player takes it or not; a player who already holds it is not asked.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from flick.cards.engine import (
    TERMINAL,
    DenseCodes,
    NoDraws,
    Section,
    State,
    check_loaded,
)
from flick.cards.something_to_fear import actions as A
from flick.cards.something_to_fear import options, progress, scoring
from flick.cards.something_to_fear.data import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUNDS,
    CardData,
    default,
)
from flick.errors import FlickError


@lru_cache(maxsize=16)
def _dense(n: int, cards: int) -> DenseCodes:
    """The dense action ids of a game of `n` players with `cards` Encounter cards: one
    section per kind of action code (see `actions`); a row holds at most n + 1 cards, the
    Mob and a Stash at most every card, Michonne looks at 3."""
    row = n + 1
    return DenseCodes(
        [
            Section(A.DECLINE),
            Section(1, ((9, 1),)),  # select Character 1-9
            Section(A.USE),
            Section(A.ROW, ((row, 1),)),
            Section(A.MOB, ((cards, 1),)),
            Section(A.WEAPON_MOB, ((cards, 1),)),
            Section(A.GIVE_WOUND, ((n, 1),)),
            Section(A.STEAL_AT, ((n, 100), (cards, 1))),
            Section(A.DESTROY_AT, ((cards, 1),)),
            Section(A.PEEK_AT, ((row, 10), (3, 1))),
            Section(A.RICK_AT, ((row, 100), (cards, 1))),
            Section(A.MAGGIE_AT, ((n, 10), (row, 1))),
            Section(A.ABRAHAM_AT, ((10, 10), (10, 1))),
            Section(A.SWAP_AT, ((cards, 1000), (n, 100), (cards, 1))),
        ]
    )


class StfState(State):
    """A game of Something to Fear in progress (2-6 players; `expert`: the Expert Survivor
    variant, all nine Characters in hand)."""

    game_name = "something_to_fear"

    def __init__(
        self,
        num_players: int = 4,
        seed: int = 0,
        expert: bool = False,
        tiebreaker: int | None = None,
        data: CardData | None = None,
        explicit_chance: bool = False,
    ) -> None:
        if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise FlickError(
                f"something_to_fear: {num_players} players; the game is for 2-6", exit_code=2
            )
        self.data = data or default()
        self.num_players = num_players
        self.expert = expert
        self.seed = seed
        self.rng = NoDraws(0) if explicit_chance else random.Random(seed)
        self.explicit_chance = explicit_chance  # chance events as `chance_event()` (engine)
        n = num_players
        self.deck = self.data.deck_for(n)
        self.deck_fixed = 0  # top deck cards in a set order (Michonne's, returned), not shuffled
        self.row: list[int] = []
        self.mob: list[int] = []
        self.destroyed: list[int] = []
        self.stash: list[list[int]] = [[] for _ in range(n)]
        self.char_deck: list[list[int]] = [[] for _ in range(n)]
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.discard: list[list[int]] = [[] for _ in range(n)]
        self.known_hand: list[list[int]] = [[] for _ in range(n)]  # public: returned by Abraham
        self.tiebreaker = 0 if tiebreaker is None else tiebreaker
        self.round = 1
        self.deck_known = [0] * n  # how many top deck cards each player knows (Michonne)
        self._new_round_fields()
        self.phase = A.SELECT
        self.actor = 0
        self._legal: list[int] | None = None
        self._results: list[scoring.PlayerResult] | None = None
        if explicit_chance:
            self._run_procedure(("setup", tiebreaker), ())
        else:
            self._setup(tiebreaker)

    def _setup(self, tiebreaker: int | None) -> None:
        """The set-up's chance (the same generator calls, in the same order, as ever)."""
        n = self.num_players
        # Set-up 2-3: the cards marked for this player count, shuffled (top = end of list).
        self.chance_shuffle(self.deck)
        self.row = [self._deck_draw() for _ in range(n + 1)]
        # Set-up 6: each player's nine Characters, shuffled; draw three (expert: all nine).
        for q in range(n):
            chars = list(range(1, 10))
            self.chance_shuffle(chars)
            if self.expert and self.explicit_chance:
                self.hand[q] = chars  # all nine: nothing left to chance
                continue
            take = 9 if self.expert else 3
            label = f"player {q + 1} draws a Character"
            self.hand[q] = sorted(self.chance_draw(chars, label=label) for _ in range(take))
            self.char_deck[q] = chars
        # Set-up 7: the Tie-breaker (the rulebook's "most recent comic reader": drawn at random).
        if tiebreaker is None:
            self.tiebreaker = self.chance_pick(list(range(n)), "the Tie-breaker holder")
        self._advance()

    def _procedure(self, procedure: tuple[Any, ...]) -> None:
        if procedure[0] == "setup":
            self._setup(procedure[1])
        else:
            super()._procedure(procedure)

    def _deck_draw(self) -> int:
        """The top Encounter card: a set one (Michonne's) or, below them, chance's."""
        if self.deck_fixed > 0:
            self.deck_fixed -= 1
            return self.deck.pop()
        return self.chance_draw(self.deck, self.data.kind_ids.__getitem__,
                                "the next Encounter card")

    def _new_round_fields(self) -> None:
        n = self.num_players
        self.selected = [0] * n  # the Character card played (0: not yet chosen)
        self.number = [0] * n  # the number it acts as (Eugene: the revealed card's)
        self.eugene_card = [0] * n  # the card Eugene revealed from the discard pile
        self.reversed = False
        self.governor_taken = False
        self.queue: list[int] = []  # seats still to decide an on-reveal ability
        self.to_act: list[int] = []  # seats still to take their turn
        self.steps: list[int] = []  # remaining steps of the current turn
        self.peek: list[int] = []  # cards Michonne is looking at
        self.turn_actor = -1
        self.pending_wound = -1  # a Wound secured and not yet given away
        self.pending_governor = -1  # seat that secured the first Governor: take the Tie-breaker?
        self.last_secured = -1
        self.maggie = -1
        self.maggie_target = -1

    # ---- engine API ------------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.phase == A.END else self.actor

    def is_terminal(self) -> bool:
        return self.phase == A.END

    def legal_actions(self, player: int | None = None) -> list[int]:
        if player is not None and player != self.current_player():
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def forget_legal(self) -> None:
        """Forget the legal actions worked out from the fields (after fields are set other
        than through `apply`: a copy re-dealt, a table set up by hand)."""
        self._legal = None

    def _compute_legal(self) -> list[int]:
        return options.legal(self)

    def _apply(self, action: int) -> None:
        self._legal = None
        p = self.actor
        if self.pending_wound >= 0:
            self.stash[action - A.GIVE_WOUND].append(self.pending_wound)
            self.pending_wound = -1
            self._advance()
            return
        if self.pending_governor >= 0:
            if action == A.USE:
                self.tiebreaker = self.pending_governor
            self.pending_governor = -1
            self._advance()
            return
        ph = self.phase
        if ph == A.SELECT:
            self.hand[p].remove(action)
            self.selected[p] = action
        elif ph == A.EUGENE:
            self.queue.pop(0)
            self.number[p] = 1
            if action == A.USE:
                pile = self.discard[p]
                self.chance_shuffle(pile)  # "shuffle your discard pile and reveal one card"
                card = self.chance_draw(pile, label=f"player {p + 1}'s Eugene reveals a card")
                self.eugene_card[p] = card
                self.number[p] = card  # a revealed Eugene acts as #1 with no second reveal
        elif ph == A.CARL:
            self.queue.pop(0)
            if action == A.USE:
                self.reversed = True
        elif ph == A.MAGGIE:
            if action == A.DECLINE:
                self._start_turns(skip=())
            else:
                q, i = divmod(action - A.MAGGIE_AT, 10)
                self.maggie, self.maggie_target = p, q
                self.actor = q
                self._target_secures(q, self.row.pop(i))
        elif ph == A.MAGGIE_WEAPON:
            if action == A.DECLINE:
                self.phase = A.MAGGIE_REPLY
            else:  # destroy the Weapon just secured to secure a card from the Mob
                self.stash[p].remove(self.last_secured)
                self.destroyed.append(self.last_secured)
                self._target_secures(p, self.mob.pop(action - A.WEAPON_MOB))
        elif ph == A.MAGGIE_REPLY:
            m = self.maggie
            self._secure(m, self.row.pop(action - A.ROW))
            self._start_turns(skip=(m, self.maggie_target))
            self.turn_actor = m
            self.actor = m
            # Maggie's turn is this exchange (her special ability; the basic secure is only
            # "instead" of it, see the readings); her Weapon window follows
            self.steps = [A.WEAPON]
        else:
            self._apply_step(p, action)
        if self.pending_wound < 0 and self.pending_governor < 0:
            self._advance()

    def _apply_step(self, p: int, action: int) -> None:
        step = self.steps[0]
        if step != A.WEAPON or action == A.DECLINE:
            self.steps.pop(0)  # the Weapon window stays open until the player ends the turn
        if action == A.DECLINE:
            if step == A.PEEK:  # Michonne keeps the row: the cards go back as they were
                self._return_peek(p, None)
            return
        if step in (A.SECURE, A.SECURE_ANDREA):
            if action >= A.MOB:
                self._secure(p, self.mob.pop(action - A.MOB))
            else:
                self._secure(p, self.row.pop(action - A.ROW))
        elif step == A.WEAPON:
            stash = self.stash[p]
            weapon = next(c for c in stash if self.data.cards[c].type == "weapon")
            stash.remove(weapon)
            self.destroyed.append(weapon)
            self._secure(p, self.mob.pop(action - A.WEAPON_MOB))
        elif step == A.STEAL:
            q, s = divmod(action - A.STEAL_AT, 100)
            self._secure(p, self.stash[q].pop(s))  # a steal secures (see the readings)
        elif step == A.DESTROY:
            self.destroyed.append(self.stash[p].pop(action - A.DESTROY_AT))
        elif step == A.SWAP:
            s, rest = divmod(action - A.SWAP_AT, 1000)
            q, t = divmod(rest, 100)
            mine, theirs = self.stash[p], self.stash[q]
            mine[s], theirs[t] = theirs[t], mine[s]
        elif step == A.PEEK:
            i, j = divmod(action - A.PEEK_AT, 10)
            taken = self.peek.pop(j)
            replaced = self.row[i]
            self.row[i] = taken
            self._return_peek(p, replaced)
        elif step == A.RICK:
            i, j = divmod(action - A.RICK_AT, 100)
            self.row[i], self.mob[j] = self.mob[j], self.row[i]
        elif step == A.ABRAHAM:
            h, d = divmod(action - A.ABRAHAM_AT, 10)
            self.hand[p].remove(h)
            if h in self.known_hand[p]:
                self.known_hand[p].remove(h)
            self.discard[p].remove(d)
            self.discard[p].append(h)
            self.hand[p].append(d)
            self.hand[p].sort()
            self.known_hand[p].append(d)

    # ---- dense actions and the game's length, for the adapters (see flick.cards.engine) ------
    def num_distinct_actions(self) -> int:
        return _dense(self.num_players, self.data.deck_sizes[self.num_players]).size

    def action_to_id(self, action: int) -> int:
        return _dense(self.num_players, self.data.deck_sizes[self.num_players]).to_id(action)

    def id_to_action(self, action_id: int) -> int:
        codes = _dense(self.num_players, self.data.deck_sizes[self.num_players])
        return codes.to_code(action_id)

    def max_chance_outcomes(self) -> int:
        """Explicit chance's outcomes: Encounter card kinds, Characters 1-9, seats."""
        return max(max(self.data.kind_ids) + 1, 10, self.num_players)

    def max_game_length(self) -> int:
        """An upper bound on a game's decisions. A round: per player a Character choice, at
        most one on-reveal decision (Eugene or Carl: a Eugene's revealed card gives no
        on-reveal) and a turn of at most 3 decisions (two steps and ending the Weapon window;
        Maggie's exchange replaces two turns by a reply and two Weapon windows), plus Maggie's
        choice and one Tie-breaker offer; over the game, one more decision per Weapon used
        (each destroys a Weapon) and per Wound given (a secured card never leaves the Stashes
        for the row or the Mob, so a Wound is secured once)."""
        n = self.num_players
        deck = self.data.deck_for(n)
        types = [self.data.cards[c].type for c in deck]
        return ROUNDS * (5 * n + 2) + types.count("weapon") + types.count("wound")

    # ---- rule helpers ----------------------------------------------------------------------
    def _secure(self, p: int, card: int) -> None:
        """Put `card` into p's Stash as "securing" (Governor and Wound rules apply)."""
        self.last_secured = card
        kind = self.data.cards[card].type
        if kind == "wound":
            self.pending_wound = card  # "give it to another player instead"
            self.actor = p
            return
        self.stash[p].append(card)
        if kind == "governor" and not self.governor_taken:
            self.governor_taken = True
            if self.tiebreaker != p:  # "they can immediately take the Tie-breaker card"
                self.pending_governor = p
                self.actor = p

    def _target_secures(self, q: int, card: int) -> None:
        """Maggie's opponent `q` secures `card` outside their turn; a Weapon may be used at
        once (its own window), else q goes on to choose Maggie's card."""
        weapon = self.data.cards[card].type == "weapon"
        self.phase = A.MAGGIE_WEAPON if weapon and self.mob else A.MAGGIE_REPLY
        self._secure(q, card)

    def known_top(self, p: int) -> int:
        """How many cards on top of the Encounter deck player p knows now. While Michonne
        looks at the top cards they are off the deck (`peek`), so what p knew of the deck's
        top reaches that much less far down (`deck_known` counts the cards as they will be
        again once the looked-at cards are back)."""
        known = self.deck_known[p]
        if self.peek:
            known = max(0, known - len(self.peek))
        return min(known, len(self.deck))

    def _return_peek(self, p: int, replaced: int | None) -> None:
        """Michonne's looked-at cards go back on top of the deck in their order, the
        replaced row card (if any) above them."""
        looked = len(self.peek)
        self.deck.extend(reversed(self.peek))
        self.peek = []
        if replaced is not None:
            self.deck.append(replaced)
            looked += 1
            # The replaced card was face-up, so everyone knows the top card; what others knew
            # below it is dropped (a known-prefix count cannot hold a gap).
            mine = self.deck_known[p]
            self.deck_known = [1] * self.num_players
            self.deck_known[p] = mine
        # the looker knows the returned cards (`looked` of them either way) and what lay below
        self.deck_known[p] = max(self.deck_known[p], looked)
        self.deck_fixed += looked  # back on top in a set order: no longer chance's

    def order_key(self, q: int) -> tuple[int, int]:
        number = self.number[q]
        return (number if self.reversed else -number, (q - self.tiebreaker) % self.num_players)

    def _start_turns(self, skip: tuple[int, ...]) -> None:
        self.phase = A.TURN
        self.to_act = [q for q in range(self.num_players) if q not in skip]
        self.steps = []
        self.turn_actor = -1

    def _reveal(self) -> None:
        """All have chosen: reveal, then queue the on-reveal decisions."""
        n = self.num_players
        self.number = list(self.selected)
        for q in range(n):
            if self.selected[q] in self.known_hand[q]:  # now face-up: no longer "in hand"
                self.known_hand[q].remove(self.selected[q])
        by_tie = sorted(range(n), key=lambda q: (q - self.tiebreaker) % n)
        self.queue = [q for q in by_tie if self.selected[q] == 1 and self.discard[q]]
        for q in by_tie:
            if self.selected[q] == 1 and not self.discard[q]:
                self.number[q] = 1  # nothing to reveal: Eugene acts as #1
        self.phase = A.EUGENE

    def _advance(self) -> None:
        """Run the automatic steps until a player must decide (or the game ends)."""
        n = self.num_players
        while True:
            ph = self.phase
            if ph == A.SELECT:
                waiting = [q for q in range(n) if not self.selected[q]]
                if waiting:
                    self.actor = waiting[0]
                    return
                self._reveal()
            elif ph == A.EUGENE:
                if self.queue:
                    self.actor = self.queue[0]
                    return
                by_tie = sorted(range(n), key=lambda q: (q - self.tiebreaker) % n)
                # Carl played (not a Carl that Eugene revealed: he gets only its number)
                self.queue = [q for q in by_tie if self.selected[q] == 3]
                self.phase = A.CARL
            elif ph == A.CARL:
                if self.queue and not self.reversed:
                    self.actor = self.queue[0]
                    return
                self.queue = []
                lowest = min(self.number)
                holders = [q for q in range(n) if self.number[q] == lowest]
                if lowest == 4 and len(holders) == 1 and self.selected[holders[0]] == 4:
                    self.phase = A.MAGGIE
                    self.actor = holders[0]
                    return
                self._start_turns(skip=())
            elif ph == A.TURN:
                if self.steps:
                    step = self.steps[0]
                    if step == A.PEEK and not self.peek:
                        self.peek = [self._deck_draw() for _ in range(min(3, len(self.deck)))]
                    if options.step_options(self, step):
                        self.actor = self.turn_actor
                        return
                    if step == A.PEEK:
                        self._return_peek(self.turn_actor, None)
                    self.steps.pop(0)
                    continue
                if self.to_act:
                    nxt = min(self.to_act, key=self.order_key)
                    self.to_act.remove(nxt)
                    self.turn_actor = nxt
                    self.last_secured = -1
                    # the steps of the Character played: Eugene keeps his own (see the readings)
                    self.steps = list(A.TURN_STEPS[self.selected[nxt]])
                    continue
                self._cleanup()
            else:  # END, or a decision the last action set up (Maggie's exchange)
                return

    def _cleanup(self) -> None:
        """Remaining enemies escape to the Mob; discard, draw, refill (not after round 9)."""
        n = self.num_players
        self.mob.extend(self.row)
        self.row = []
        for q in range(n):
            self.discard[q].append(self.selected[q])
            if self.eugene_card[q]:
                self.discard[q].append(self.eugene_card[q])
            if self.char_deck[q]:
                label = f"player {q + 1} draws a Character"
                self.hand[q].append(self.chance_draw(self.char_deck[q], label=label))
                self.hand[q].sort()
        if self.round >= ROUNDS:
            self.phase = A.END
            self.actor = TERMINAL
            return
        draw = min(n + 1, len(self.deck))
        self.row = [self._deck_draw() for _ in range(draw)]
        self.deck_known = [max(0, k - draw) for k in self.deck_known]
        self.round += 1
        self._new_round_fields()
        self.phase = A.SELECT

    # ---- results ---------------------------------------------------------------------------
    def results(self) -> list[scoring.PlayerResult]:
        """Every player's damage and score as if the game ended now (final once terminal)."""
        if self._results is not None and self.phase == A.END:
            return self._results
        res = scoring.results(self.data, self.stash, self.mob)
        if self.phase == A.END:
            self._results = res
        return res

    def winners(self) -> list[int]:
        if self.phase != A.END:
            return []
        return scoring.winners(self.results(), self.tiebreaker)

    def returns(self) -> list[float]:
        if self.phase != A.END:
            return [0.0] * self.num_players
        win = set(self.winners())
        return [1.0 if q in win else 0.0 for q in range(self.num_players)]

    # ---- copies and dumps ------------------------------------------------------------------
    def clone(self) -> StfState:
        return progress.clone(self)

    def determinize(self, player: int, rng: random.Random) -> StfState:
        """A copy where what `player` cannot see is dealt again at random: the unknown part of
        the Encounter deck, the other players' hands, Character decks and (before the reveal)
        their chosen cards, and the player's own Character deck order; chance afterwards comes
        from a fresh generator, so the copy does not know future shuffles."""
        from flick.cards.something_to_fear.view import determinize

        return determinize(self, self.check_seat(player), rng)

    def observation(self, player: int) -> dict[str, Any]:
        from flick.cards.something_to_fear.view import observation

        return observation(self, self.check_seat(player))

    def headline(self) -> str:
        return (f"Round {min(self.round, ROUNDS)} of {ROUNDS} | Tie-breaker: player "
                f"{self.tiebreaker + 1}")

    def action_to_string(self, action: int) -> str:
        from flick.cards.something_to_fear.view import action_label

        return action_label(self, action)

    def to_json(self) -> dict[str, Any]:
        return progress.to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StfState:
        return check_loaded(progress.from_json(cls, data))
