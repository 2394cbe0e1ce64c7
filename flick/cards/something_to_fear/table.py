"""Something to Fear: a game's state as plain data: the fields of the table (the Encounter deck,
row and Mob, each player's Stash, Characters in hand, Character deck and discard pile, the
Tie-breaker, the round in progress) and the queries that read them, nothing that changes them.

The rules are functions that take this state and change it, in modules that import it, never
the reverse: `options` (the legal actions of each phase), `rounds` (set-up, securing, the
reveal and the turns of a round, clean-up) and `play` (an action applied); `progress` copies
and saves it by its declared field list. `flick.cards.something_to_fear.state.StfState` is the
card engine's game made of them. The state derives from the engine's `State` for the chance
draws every card game's state makes.
"""

from __future__ import annotations

from dataclasses import dataclass

from flick.cards.engine import State
from flick.cards.something_to_fear import scoring
from flick.cards.something_to_fear.actions import END
from flick.cards.something_to_fear.data import CardData


@dataclass(init=False, eq=False, repr=False)
class StfTable(State):
    """The fields of a game of Something to Fear (seat p is player p + 1) and the queries that
    read them. Cards are indices into `data.cards`; Characters are their numbers 1-9."""

    # the game's set-up
    data: CardData
    expert: bool  # the Expert Survivor variant: all nine Characters in hand
    seed: int
    # the Encounter cards (the deck's top is the end of its list)
    deck: list[int]
    deck_fixed: int  # top deck cards in a set order (Michonne's, returned), not shuffled
    deck_known: list[int]  # how many top deck cards each player knows (Michonne)
    row: list[int]
    mob: list[int]
    destroyed: list[int]
    # the players' cards
    stash: list[list[int]]
    char_deck: list[list[int]]
    hand: list[list[int]]
    discard: list[list[int]]
    known_hand: list[list[int]]  # public: returned by Abraham
    tiebreaker: int  # the seat holding the Tie-breaker
    round: int
    phase: int  # `actions`: SELECT, EUGENE, CARL, MAGGIE, MAGGIE_REPLY, TURN, END, ...
    actor: int
    # the round in progress (`rounds.new_round_fields`)
    selected: list[int]  # the Character card played (0: not yet chosen)
    number: list[int]  # the number it acts as (Eugene: the revealed card's)
    eugene_card: list[int]  # the card Eugene revealed from the discard pile
    reversed: bool
    governor_taken: bool
    queue: list[int]  # seats still to decide an on-reveal ability
    to_act: list[int]  # seats still to take their turn
    steps: list[int]  # remaining steps of the current turn
    peek: list[int]  # cards Michonne is looking at
    turn_actor: int
    pending_wound: int  # a Wound secured and not yet given away
    pending_governor: int  # seat that secured the first Governor: take the Tie-breaker?
    last_secured: int
    maggie: int
    maggie_target: int
    # draws asked for and not made yet (`rounds.deal`): empty between decisions, so neither
    # dumped nor compared
    deals: list[int]
    # worked out from the fields, kept until they change
    _legal: list[int] | None
    _results: list[scoring.PlayerResult] | None

    def forget_legal(self) -> None:
        """Forget the legal actions worked out from the fields (after fields are set other
        than through `apply`: a copy re-dealt, a table set up by hand)."""
        self._legal = None

    def known_top(self, p: int) -> int:
        """How many cards on top of the Encounter deck player p knows now. While Michonne
        looks at the top cards they are off the deck (`peek`), so what p knew of the deck's
        top reaches that much less far down (`deck_known` counts the cards as they will be
        again once the looked-at cards are back)."""
        known = self.deck_known[p]
        if self.peek:
            known = max(0, known - len(self.peek))
        return min(known, len(self.deck))

    def order_key(self, q: int, tiebreaker: int | None = None) -> tuple[int, int]:
        """Turn order: the highest number first (Carl: the lowest), ties to the player nearest
        the Tie-breaker holder clockwise (`tiebreaker`: as if that player held it)."""
        number = self.number[q]
        tie = self.tiebreaker if tiebreaker is None else tiebreaker
        return (number if self.reversed else -number, (q - tie) % self.num_players)

    def results(self) -> list[scoring.PlayerResult]:
        """Every player's damage and score as if the game ended now (final once terminal)."""
        if self._results is not None and self.phase == END:
            return self._results
        res = scoring.results(self.data, self.stash, self.mob)
        if self.phase == END:
            self._results = res
        return res
