"""Scenario 2's fight, survivor(s) against zombie(s), staged outside the city on a separate
physics table (rulebook p. 19).

Set-up: the survivors and the zombies face each other 75-90 cm apart (the distance drawn
from the game's generator); a pair stands side by side 12 cm apart ("at least 10 cm"); the 7
fight cards are shuffled. Each survivor chooses a weapon (`FightWeapon`). Then, round after
round, each survivor still standing attacks in turn (`FightFlick`; with the bat it may
`FightWait`), and if a zombie is still standing a card is revealed: WALK moves the zombies
one card length closer, ATTACK ends the fight (the survivor loses 1 life and its turn).

Readings (this project's):
- The fight's weapons are the gun (a shotgun or sniper rifle carried is fired like a gun here),
  the knife and the bat. Noise: a gun makes the turn LOUD, the knife and bat QUIET.
- A zombie felled by a bullet or the knife goes to the bin; felled by the bat it is laid fallen
  on a support block and stays in the building. A bat attack that fells nothing fells the
  survivor: 1 life lost, out of the fight.
- ATTACK in a 2 vs 1 fight strikes the active survivor if it is still in the fight, otherwise
  the first survivor still standing.
- The survivors stand as spots on the staging table; only the zombies and the flicked weapon
  are bodies (a bullet flying back 80 cm to a fellow fighter is not modelled).
"""

from __future__ import annotations

import copy
import math
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from flick.game.inputs import FightFlick, FightWait, FightWeapon, Flick, Input
from flick.game.scenarios.deck import ATTACK, CARD_LENGTH_CM, FightDeck
from flick.game.state import GUNS, IllegalAction, Noise, Survivor
from flick.physics import MAX_FLICK_IMPULSE, ShotResult, Table

if TYPE_CHECKING:
    from flick.game.game import Game

STAGE = (200.0, 200.0)  # cm: the staging table, well away from the city
FIGHT_LINE_Y = 40.0  # cm: where the survivors stand on the staging table
PAIR_GAP = 12.0  # cm between a pair standing side by side


def fight_weapons(s: Survivor) -> list[str]:
    """The weapons `s` may choose for a fight: gun (any firearm), knife, bat."""
    out = []
    have = set(s.weapons())
    if have & GUNS:
        out.append("gun")
    out += [w for w in ("knife", "bat") if w in have]
    return out


class StagedFight(ABC):
    """What a fight staged on its own table (`Fight`, the survivor `Duel`) shares: undo
    snapshots, the weapon choice and the attack's flick. Subclasses have `table`, `weapons`,
    `to_act` and `weapon_piece_start`."""

    table: Table
    weapons: dict[str, str]

    @property
    @abstractmethod
    def to_act(self) -> str:
        """The fighter whose input comes next."""

    @abstractmethod
    def weapon_piece_start(self, name: str) -> tuple[tuple[float, float], str]:
        """Where the fighter's weapon piece goes on the staging table, and its piece kind."""

    def save(self) -> tuple[dict[str, Any], Any]:
        """A snapshot of the fight's state and its staging table, for undo."""
        state = {k: copy.deepcopy(v) for k, v in self.__dict__.items() if k != "table"}
        return state, self.table.snapshot()

    def load(self, saved: tuple[dict[str, Any], Any]) -> None:
        """Go back to a snapshot taken by `save`."""
        state, snap = saved
        self.__dict__.update(state)
        self.table.restore(snap)

    def choose_weapon(self, game: Game, inp: FightWeapon) -> Survivor:
        """Record the weapon the fighter to act chose; an illegal choice changes nothing."""
        s = game.survivors[self.to_act]
        if inp.weapon not in fight_weapons(s):
            raise IllegalAction(f"{s.name} cannot fight with {inp.weapon!r}; choices: "
                                f"{', '.join(fight_weapons(s)) or 'none'}")
        self.weapons[s.name] = inp.weapon
        return s

    def flick_weapon(self, name: str, flick: Flick) -> tuple[str, ShotResult]:
        """The attack: `name`'s weapon piece put down on the staging table, flicked and taken
        off again; its piece kind and the shot's result. A non-finite or too strong flick is
        refused before anything moves."""
        (x, y), kind = self.weapon_piece_start(name)
        ix, iy = flick.impulse
        if not all(math.isfinite(v) for v in (ix, iy, *flick.offset)) or \
                math.hypot(ix, iy) > MAX_FLICK_IMPULSE:
            raise IllegalAction(f"bad fight flick {flick}")
        piece = self.table.add(kind, x=x, y=y, angle=math.atan2(iy, ix))
        result = self.table.flick(piece, impulse=(ix, iy), offset=flick.offset)
        self.table.remove(piece)
        return kind, result


@dataclass
class Fight(StagedFight):
    building: str
    fighters: list[str]
    spots: dict[str, tuple[float, float]]
    zombies: list[int]  # staging-table ids
    distance: float
    deck: FightDeck
    table: Table
    weapons: dict[str, str] = field(default_factory=dict)
    stage: str = "weapon"
    turn: int = 0
    out: list[str] = field(default_factory=list)  # fighters felled in the fight
    killed: int = 0  # zombies felled by a bullet or the knife (to the bin)
    clubbed: int = 0  # zombies felled by the bat (stay in the building, fallen)
    attacked: bool = False

    # ---- set-up -------------------------------------------------------------------------
    @classmethod
    def begin(cls, game: Game, building: str, fighters: list[Survivor]) -> Fight:
        n_z = sum(1 for standing in game.building_zombies.get(building, []) if standing)
        table = Table(game.board.params, city=STAGE)
        distance = float(game.rng.uniform(75.0, 90.0))
        cx = STAGE[0] / 2
        spots = {}
        for i, s in enumerate(fighters):
            spots[s.name] = (cx + (i - (len(fighters) - 1) / 2) * PAIR_GAP, FIGHT_LINE_Y)
        zombies = []
        for i in range(n_z):
            x = cx + (i - (n_z - 1) / 2) * PAIR_GAP
            zombies.append(table.add("zombie", x=x, y=FIGHT_LINE_Y + distance,
                                     angle=-math.pi / 2))
        deck = FightDeck.shuffled(game.rng)
        return cls(building, [s.name for s in fighters], spots, zombies, distance, deck, table)

    # ---- queries ------------------------------------------------------------------------
    def standing_fighters(self) -> list[str]:
        return [f for f in self.fighters if f not in self.out]

    def standing_zombies(self) -> list[int]:
        return [z for z in self.zombies if z in set(self.table.pieces())
                and self.table.is_standing(z)]

    @property
    def to_act(self) -> str:
        if self.stage == "weapon":
            return self.fighters[self.turn]
        return self.standing_fighters()[self.turn]

    def legal_kinds(self) -> list[str]:
        if self.stage == "weapon":
            return ["fight_weapon"]
        kinds = ["fight_flick"]
        if self.weapons.get(self.to_act) == "bat":
            kinds.append("fight_wait")
        return kinds

    def weapon_piece_start(self, name: str) -> tuple[tuple[float, float], str]:
        """Where the fighter's weapon is placed on the staging table and its piece kind."""
        x, y = self.spots[name]
        weapon = self.weapons[name]
        if weapon == "bat":
            return (x, y), "baseball_bat"
        kind = "bullet" if weapon == "gun" else "knife"
        return (x + 1.3 + 2.2 + 1.1, y), kind  # one bullet-width to the survivor's right

    # ---- play ----------------------------------------------------------------------------
    def apply(self, game: Game, inp: Input) -> bool:
        """Play one fight input; True when the fight is over (and resolved in the game)."""
        if isinstance(inp, FightWeapon):
            self.choose_weapon(game, inp)
            game.noise = max(game.noise, Noise.LOUD if inp.weapon == "gun" else Noise.QUIET)
            self.turn += 1
            if self.turn == len(self.fighters):
                self.stage, self.turn = "attack", 0
            return False
        name = self.to_act
        if isinstance(inp, FightWait):
            if self.weapons[name] != "bat":
                raise IllegalAction("only a survivor fighting with the bat may wait")
            game.event("fight", stage="wait", survivor=name)
        elif isinstance(inp, FightFlick):
            self._attack(game, name, inp)
        if not self.standing_zombies() or not self.standing_fighters():
            return self._finish(game)
        self.turn += 1
        if self.turn >= len(self.standing_fighters()):
            self.turn = 0
            if self._zombies_move(game):
                return self._finish(game)
        return False

    def _attack(self, game: Game, name: str, inp: FightFlick) -> None:
        kind, result = self.flick_weapon(name, inp.flick)
        ix, iy = inp.flick.impulse
        felled = [z for z in self.zombies if z in result.fell]
        game.event("flick", piece=kind, survivor=name, stage="fight",
                   impulse=[round(ix, 3), round(iy, 3)], felled=len(felled))
        if self.weapons[name] == "bat":
            if felled:
                self.clubbed += len(felled)
                for z in felled:
                    self.table.remove(z)
            else:
                self.out.append(name)
                s = game.survivors[name]
                s.standing = False
                game.event("fight", stage="bat_miss", survivor=name)
                game.wound(s, "fight")
            return
        for z in felled:
            self.table.remove(z)
        self.killed += len(felled)

    def _zombies_move(self, game: Game) -> bool:
        """Reveal a fight card for the zombies still standing; True if the fight ends."""
        card = self.deck.draw(game.rng)
        game.event("fight", stage="card", card=card)
        if card == ATTACK:
            standing = self.standing_fighters()
            victim = game.active if game.active in standing else standing[0]
            self.attacked = victim == game.active
            s = game.survivors[victim]
            game.wound(s, "fight")
            return True
        for z in self.standing_zombies():
            zx, zy = self.table.position(z)
            self.table.set_pose(z, zx, max(FIGHT_LINE_Y + 3.0, zy - CARD_LENGTH_CM),
                                -math.pi / 2)
        return False

    def _finish(self, game: Game) -> bool:
        """The fight is over: zombies to the bin or fallen on the blocks, the survivor's turn."""
        flags = game.building_zombies[self.building]
        standing_idx = [i for i, f in enumerate(flags) if f]
        # Felled zombies are the building's standing ones, in order: bin first, then clubbed.
        for _ in range(self.killed):
            i = standing_idx.pop(0)
            flags[i] = None  # type: ignore[call-overload]
            game.bin += 1
            game.event("kill", zombie=None, cause="fight", survivor=game.active,
                       building=self.building)
        for _ in range(self.clubbed):
            i = standing_idx.pop(0)
            flags[i] = False
        game.building_zombies[self.building] = [f for f in flags if f is not None]
        if self.attacked or (game.active in self.out):
            game.turn_over_early = True
        game.event("fight", stage="end", building=self.building, killed=self.killed,
                   clubbed=self.clubbed, zombies_left=len(game.building_zombies[self.building]),
                   survivors_felled=list(self.out))
        return True
