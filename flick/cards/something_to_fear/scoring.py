"""Game-end damage and scoring of Something to Fear (rulebook: Game End and Scoring).

1. The Mob attacks: every player takes the summed Mob Damage of the cards in the Mob.
2. Each player adds the Personal Damage of the cards in their own Stash.
3. Total damage over 20 (`CardData.death_over`): the player did not survive.
4. Survivors score their sets: Saviors / Negan / The Governor in groups of three
   (four Saviors = 32 + 8), Supplies and Weapons per card, and the Walker majority
   (25 for the most, 10 for the second-most, no second place in a 2-player game).
Ties: the tied player holding the Tie-breaker wins, else the most Walkers, else a shared win.

Readings where the rulebook is silent (also in the report):
- dead players score nothing, are left out of the Walker majority and cannot win;
- the Walker majority needs at least one Walker (nobody scores "most" with none);
- "second place" is decided among the players below the most, by the game's player count
  (a 3-player game where one player died still has a second place);
- if every player died, nobody wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flick.cards.something_to_fear.data import CardData


@dataclass(frozen=True)
class PlayerResult:
    """One player's game-end figures (damage in damage points, score in victory points)."""

    mob_damage: int
    personal_damage: int
    damage: int
    alive: bool
    walkers: int
    score: int


def set_points(count: int, sets: tuple[int, int, int]) -> int:
    """Points of `count` cards scored in groups of three: full sets, then the rest."""
    full, rest = divmod(count, 3)
    return full * sets[2] + (sets[rest - 1] if rest else 0)


def mob_damage(data: CardData, mob: Sequence[int]) -> int:
    """The Mob's attack on every player: summed Mob Damage of the cards in the Mob."""
    cards = data.cards
    return sum(cards[c].mob_damage for c in mob)


def personal_damage(data: CardData, stash: Sequence[int]) -> int:
    cards = data.cards
    return sum(cards[c].personal_damage for c in stash)


def walker_count(data: CardData, stash: Sequence[int]) -> int:
    """Walkers in a Stash, a Walker Horde counting as three."""
    cards, types = data.cards, data.types
    return sum(types[cards[c].type].walkers for c in stash)


def stash_points(data: CardData, stash: Sequence[int]) -> int:
    """Points of a Stash's sets and per-card scorers, without the Walker majority."""
    counts: dict[str, int] = {}
    for c in stash:
        t = data.cards[c].type
        counts[t] = counts.get(t, 0) + 1
    total = 0
    for t, n in counts.items():
        kind = data.types[t]
        if kind.sets is not None:
            total += set_points(n, kind.sets)
        total += kind.each * n
    return total


def walker_awards(
    data: CardData, walkers: Sequence[int], alive: Sequence[bool], players: int
) -> list[int]:
    """Points each player gets from the Walker majority (the dead take no part)."""
    awards = [0] * len(walkers)
    live = [w for w, a in zip(walkers, alive, strict=True) if a and w > 0]
    if not live:
        return awards
    most = max(live)
    for i, w in enumerate(walkers):
        if alive[i] and w == most:
            awards[i] = data.walker_most
    tied_first = sum(1 for w in live if w == most) > 1
    below = [w for w in live if w < most]
    if tied_first or not below or players < data.second_from_players:
        return awards
    second = max(below)
    for i, w in enumerate(walkers):
        if alive[i] and w == second:
            awards[i] = data.walker_second
    return awards


def results(
    data: CardData, stashes: Sequence[Sequence[int]], mob: Sequence[int]
) -> list[PlayerResult]:
    """Every player's damage, survival, Walker count and score at game end."""
    mob_hit = mob_damage(data, mob)
    personal = [personal_damage(data, s) for s in stashes]
    alive = [mob_hit + p <= data.death_over for p in personal]
    walkers = [walker_count(data, s) for s in stashes]
    awards = walker_awards(data, walkers, alive, len(stashes))
    out = []
    for i, stash in enumerate(stashes):
        score = stash_points(data, stash) + awards[i] if alive[i] else 0
        out.append(
            PlayerResult(mob_hit, personal[i], mob_hit + personal[i], alive[i], walkers[i], score)
        )
    return out


def winners(res: Sequence[PlayerResult], tiebreaker: int) -> list[int]:
    """Seats that win: the best score among survivors; ties go to the Tie-breaker holder,
    then to the most Walkers, else the victory is shared."""
    live = [i for i, r in enumerate(res) if r.alive]
    if not live:
        return []
    best = max(res[i].score for i in live)
    tied = [i for i in live if res[i].score == best]
    if len(tied) == 1:
        return tied
    if tiebreaker in tied:
        return [tiebreaker]
    most = max(res[i].walkers for i in tied)
    return [i for i in tied if res[i].walkers == most]
