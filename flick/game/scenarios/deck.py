"""The 7 zombie fight cards of scenario 2 (WALK / ATTACK).

The rulebook counts 7 fight cards and names the two actions but not how many of each (the
cards are pictures). This project's reading: 5 WALK and 2 ATTACK, so a survivor gets on
average 8/3 shots before a zombie attacks, and a zombie 75-90 cm away that keeps walking is
about 44 cm closer after all five WALK cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

WALK = "WALK"
ATTACK = "ATTACK"
FIGHT_CARDS: tuple[str, ...] = (WALK,) * 5 + (ATTACK,) * 2

CARD_LENGTH_CM = 8.8  # a WALK moves the zombie one card length (a standard card is 8.8 cm)


@dataclass
class FightDeck:
    """A face-down movement deck, shuffled by the game's generator; `draw` reveals the top."""

    cards: list[str] = field(default_factory=list)
    revealed: list[str] = field(default_factory=list)

    @classmethod
    def shuffled(cls, rng: np.random.Generator) -> FightDeck:
        order = rng.permutation(len(FIGHT_CARDS))
        return cls(cards=[FIGHT_CARDS[int(i)] for i in order])

    def draw(self, rng: np.random.Generator) -> str:
        """Reveal the top card. An exhausted deck is reshuffled from the revealed cards
        (cannot happen with ATTACK cards in it, since ATTACK ends the fight)."""
        if not self.cards:
            self.cards = self.revealed
            self.revealed = []
            order = rng.permutation(len(self.cards))
            self.cards = [self.cards[int(i)] for i in order]
        card = self.cards.pop()
        self.revealed.append(card)
        return card
