"""Rise of the Zombies!: a game's state as plain data: the fields of the table (the decks, the
path of Locations, the zombies, the survivors, their hands, the clock, the decisions waiting)
and the small queries that read them, nothing that changes them.

The rules are functions that take this state and change it, in modules that import it, never
the reverse: `decks` (draws), `turn_order` (a Player Turn's start, who acts next, the end of
the game), `zombies`, `combat`, `moves` (the legal actions), `play` (an action applied) and
`turns` (the step structure); `progress` copies and saves it by its declared field list.
`flick.cards.rise_of_the_zombies.state.RiseOfTheZombies` is the card engine's game made of
them. The state derives from the engine's `State` for the chance draws every card game's
state makes (`chance_draw`, `chance_die`, ...: seeded or explicit chance).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flick.cards.deck import Deck
from flick.cards.engine import State
from flick.cards.rise_of_the_zombies import decisions as D
from flick.cards.rise_of_the_zombies.codes import HELI, NONE, SAFE
from flick.cards.rise_of_the_zombies.data import ActionSpec, Catalog, Chart, ZombieSpec

# lists of an entry per Action card that copies of a state share until one sets an entry
CARD_LISTS = frozenset({"cwounds", "weapon_user", "reloaded", "moved_card", "comp_attacked"})


@dataclass(init=False, eq=False, repr=False)
class Table(State):
    """The fields of one game of Rise of the Zombies! (seat i plays survivor `sv[i]`) and the
    queries that read them. Per Zombie card z: `zpos` (its path position, -1 off the table),
    `zwounds`, `zeng` (the seat it Engages, -1 none); per Action card c: `cwounds` (a
    Companion's wounds); per seat: `pos`, `wounds`, `alive`, `escaped`, `xp`, `furthest`,
    `hand`, `ready`."""

    # the game's set-up
    cat: Catalog
    seed: int
    sv: list[int]
    difficulty: str
    departure: int
    clock: str
    otis: bool
    secret_hands: bool  # hands kept secret: the observation hides the others'
    minutes_per_turn: int
    minutes_used: float
    events: list[str] | None  # the log (None: not kept)
    # the decks and piles (card numbers)
    adeck: Deck  # (the decks keep their kinds' counts: flick.cards.deck)
    adisc: list[int]
    removed: list[int]  # dead companions: out of the game
    zdeck: Deck
    zdisc: list[int]
    aside: list[int]  # Mutated Prisoners set aside
    # the zombies on the table
    zpos: list[int]
    zwounds: list[int]
    zeng: list[int]
    zorder: list[int]  # the zombies on the table, in the order they came
    # the path of Locations and what is attached to each
    path: list[int]
    attach: list[list[int]]
    group_n: int  # the Group counter
    # the survivors
    pos: list[int]
    wounds: list[int]
    alive: list[bool]
    escaped: list[bool]
    xp: list[int]
    furthest: list[int]
    hand: list[list[int]]
    ready: list[list[int]]
    cwounds: list[int]
    # the game's course
    turn: int
    over: bool
    end_reason: str
    pending: list[D.Decision]  # sub-decisions waiting, the first one's seat to act
    zq: list[list[int]]  # queued zombie work (attacks, spawn, next turn): `zombies`
    infest: D.Infestation | None
    epic: dict[str, Any]
    decisions: int  # decisions taken so far (bounded: max_game_length)
    phase: str  # "discard" or "play"
    # the fields a Player Turn starts afresh (`turn_order.turn_fields`)
    moved: list[bool]
    free_used: list[bool]
    bonus: list[int]
    cardio_used: list[bool]
    reroll_used: list[bool]
    passed: list[bool]
    placed: bool
    weapon_user: list[int]
    reloaded: list[bool]
    moved_card: list[bool]
    comp_attacked: list[bool]
    actor: int
    # the per-card lists (`CARD_LISTS`) this state shares with a copy (`put_card`)
    shared_lists: frozenset[str] = frozenset()

    def put_card(self, field: str, card: int, value: Any) -> None:
        """Set Action card `card`'s entry of a per-card list (`CARD_LISTS`). A copy of the
        state shares these lists with its original (`progress.clone`: they are long, one
        entry a card, and rarely set), so a list still shared (`shared_lists`) is replaced by
        a copy first, on either side."""
        if field in self.shared_lists:
            setattr(self, field, list(getattr(self, field)))
            self.shared_lists = self.shared_lists - {field}
        getattr(self, field)[card] = value

    def say(self, text: str) -> None:
        """Add `text` to the log, when one is kept."""
        if self.events is not None:
            self.events.append(text)

    def health(self) -> int:
        """Health (and hand size) of an unwounded survivor on the Group counter in place."""
        return self.cat.group[self.group_n][0]

    def modifier(self) -> int:
        """The Group counter's Infestation modifier."""
        return self.cat.group[self.group_n][1]

    def companions(self, s: int) -> list[int]:
        """The Companion cards survivor s has Readied."""
        return [c for c in self.ready[s] if self.spec(c).type == "companion"]

    def remaining(self, s: int) -> int:
        return self.health() - self.wounds[s] if self.alive[s] else 0

    def spec(self, card: int) -> ActionSpec:
        return self.cat.actions[self.cat.action_cards[card]]

    def zspec(self, zid: int) -> ZombieSpec:
        return self.cat.zombies[self.cat.zombie_cards[zid]]

    def name(self, s: int) -> str:
        return self.cat.survivors[self.sv[s]].name

    def location_name(self, i: int) -> str:
        c = self.path[i]
        if c == SAFE:
            return "Safe House"
        return "Rescue Helicopter" if c == HELI else self.spec(c).name

    def heli_placed(self) -> bool:
        return len(self.path) == 8

    def here(self, p: int) -> list[int]:
        """Living survivors in path position p."""
        return [s for s in range(self.num_players) if self.alive[s] and self.pos[s] == p]

    def zombies_at(self, p: int) -> list[int]:
        return [z for z in self.zorder if self.zpos[z] == p]

    def weapon(self, s: int, code: int) -> tuple[tuple[int, int], Chart, int, str]:
        """(range, chart, final wounds, name) of weapon `code` (a card, or NONE: inherent)."""
        if code == NONE:
            w = self.cat.survivors[self.sv[s]].weapon
            assert w is not None  # NONE is offered only to a survivor with a weapon
            return w.range, w.chart, 0, w.name
        sp = self.spec(code)
        return sp.range, sp.roll_chart(), sp.final, sp.name
