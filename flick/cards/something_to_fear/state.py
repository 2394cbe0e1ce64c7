"""The Walking Dead: Something to Fear as a `flick.cards.engine.State`: the game set up on the
plain state (`table.StfTable`), its engine API made of the rule modules (`options`, `rounds`,
`play`), which take the state and change it and never import this module. The rules read:

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
    check_loaded,
)
from flick.cards.something_to_fear import actions as A
from flick.cards.something_to_fear import options, play, progress, rounds, scoring
from flick.cards.something_to_fear.data import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUNDS,
    CardData,
    default,
)
from flick.cards.something_to_fear.table import StfTable
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


class StfState(StfTable):
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
        self.deck_fixed = 0
        self.deals = []
        self.row = []
        self.mob = []
        self.destroyed = []
        self.stash = [[] for _ in range(n)]
        self.char_deck = [[] for _ in range(n)]
        self.hand = [[] for _ in range(n)]
        self.discard = [[] for _ in range(n)]
        self.known_hand = [[] for _ in range(n)]
        self.tiebreaker = 0 if tiebreaker is None else tiebreaker
        self.round = 1
        self.deck_known = [0] * n
        rounds.new_round_fields(self)
        self.phase = A.SELECT
        self.actor = 0
        self._legal = None
        self._results = None
        if explicit_chance:
            self._run_procedure(("setup", tiebreaker), ())
        else:
            rounds.setup(self, tiebreaker)

    def _procedure(self, procedure: tuple[Any, ...]) -> None:
        # (the commonest first; the rules called at once, not through `_apply`: a chance event
        # met in them unwinds every frame between)
        what = procedure[0]
        if what == "act":  # the engine's
            play.apply(self, procedure[1])
        elif procedure is rounds.RESUME or procedure == rounds.RESUME:
            rounds.deal(self)
            rounds.advance(self)
        elif what == "setup":
            rounds.setup(self, procedure[1])
        else:
            super()._procedure(procedure)

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

    def _compute_legal(self) -> list[int]:
        return options.legal(self)

    def _apply(self, action: int) -> None:
        play.apply(self, action)

    # ---- dense actions and the game's length, for the adapters (see flick.cards.engine) ------
    def num_distinct_actions(self) -> int:
        return _dense(self.num_players, self.data.deck_sizes[self.num_players]).size

    def action_to_id(self, action: int) -> int:
        return _dense(self.num_players, self.data.deck_sizes[self.num_players]).to_id(action)

    def legal_id_actions(self, player: int | None = None) -> dict[int, int]:
        if player is not None and player != self.current_player():
            return {}
        legal = self._legal  # (`legal_actions` without its copy: `id_actions` only reads it)
        if legal is None:
            legal = self._legal = self._compute_legal()
        codes = _dense(self.num_players, self.data.deck_sizes[self.num_players])
        return codes.id_actions(legal)

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

    # ---- results ---------------------------------------------------------------------------
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
    def _clone(self) -> StfState:
        return progress.clone(self)

    def determinize(self, player: int, rng: random.Random) -> StfState:
        """A copy where what `player` cannot see is dealt again at random: the unknown part of
        the Encounter deck, the other players' hands, Character decks and (before the reveal)
        their chosen cards, and the player's own Character deck order; chance afterwards comes
        from a fresh generator, so the copy does not know future shuffles."""
        from flick.cards.something_to_fear.view import determinize

        return determinize(self, self.check_seat(player), rng)

    def _observation(self, player: int) -> dict[str, Any]:
        from flick.cards.something_to_fear.view import observation

        return observation(self, self.check_seat(player))

    def headline(self) -> str:
        return (f"Round {min(self.round, ROUNDS)} of {ROUNDS} | Tie-breaker: player "
                f"{self.tiebreaker + 1}")

    def action_to_string(self, action: int) -> str:
        from flick.cards.something_to_fear.view import action_label

        return action_label(self, action)

    def _to_json(self) -> dict[str, Any]:
        return progress.to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StfState:
        st = progress.from_json(cls, data)
        check_loaded(st)
        return st
