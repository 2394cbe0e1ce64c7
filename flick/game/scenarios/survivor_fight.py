"""Scenario 6 on: survivor against survivor, staged outside the city (rulebook p. 23).

When a survivor enters a building where survivors of an opposing team are, they fight before
anything else (survivor fights before zombie fights). The two sides stand 75-90 cm apart on a
separate table, a team side by side 12 cm apart ("at least 10 cm"); each fighter chooses a
weapon (`FightWeapon`); the entering side shoots first (`FightFlick`), then the sides
alternate, each fighter of a side in turn.

- Gun or knife: a flick that fells an opposing figure wounds it (1 life) and it is flicked out
  of the building. A miss: the other side advances one movement-disc width and shoots.
- Bat: one attack, and the fighter may wait (`FightWait`) instead: a hit flicks the opponent out
  without a life lost; a miss costs the attacker 1 life and it is flicked out.
- The fight ends when one side has nobody left; then zombies inside are fought (S2's fight)
  by the survivors still inside.

Readings (this project's):
- Every survivor of another team in the building stands on the far side (a betrayer and a
  team stand together against the newcomer).
- "Flicked out of the building from behind the entrance": the figure is laid fallen in front
  of the door, just clear of it (the staged fight has no city table to flick on).
- A bat fighter may wait at most 3 times; waiting lets the other side advance and shoot.
- A fighter of the entering side that is flicked out ends the active survivor's turn if it is
  the active survivor (it lies fallen in the street).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from flick.game.inputs import FightFlick, FightWait, FightWeapon, Input
from flick.game.scenarios.fight import FIGHT_LINE_Y, PAIR_GAP, STAGE, StagedFight
from flick.game.state import IllegalAction, Noise, Survivor
from flick.physics import Table

if TYPE_CHECKING:
    from flick.game.game import Game

MAX_WAITS = 3


@dataclass
class NoCards:
    """Survivor fights use no fight cards (the status panel shows an empty deck)."""

    cards: list[str] = field(default_factory=list)
    revealed: list[str] = field(default_factory=list)


@dataclass
class Duel(StagedFight):
    building: str
    sides: tuple[list[str], list[str]]
    figures: dict[str, int]  # staging-table ids
    distance: float
    table: Table
    weapons: dict[str, str] = field(default_factory=dict)
    stage: str = "weapon"
    side: int = 0  # the side attacking now
    turn: dict[int, int] = field(default_factory=lambda: {0: 0, 1: 0})
    out: list[str] = field(default_factory=list)
    waits: dict[str, int] = field(default_factory=dict)
    swung: list[str] = field(default_factory=list)  # bat fighters who used their one attack
    deck: NoCards = field(default_factory=NoCards)
    kind: str = "duel"

    @classmethod
    def begin(cls, game: Game, building: str, entering: list[Survivor],
              others: list[Survivor]) -> Duel:
        table = Table(game.board.params, city=STAGE)
        distance = float(game.rng.uniform(75.0, 90.0))
        cx = STAGE[0] / 2
        figures: dict[str, int] = {}
        for row, (group, y, a) in enumerate(((entering, FIGHT_LINE_Y, math.pi / 2),
                                             (others, FIGHT_LINE_Y + distance, -math.pi / 2))):
            for i, s in enumerate(group):
                x = cx + (i - (len(group) - 1) / 2) * PAIR_GAP
                figures[s.name] = table.add("survivor", x=x, y=y, angle=a)
            del row
        return cls(building, ([s.name for s in entering], [s.name for s in others]),
                   figures, distance, table)

    # ---- queries ------------------------------------------------------------------------
    @property
    def fighters(self) -> list[str]:
        return self.sides[0] + self.sides[1]

    def standing(self, side: int) -> list[str]:
        return [n for n in self.sides[side] if n not in self.out]

    @property
    def to_act(self) -> str:
        if self.stage == "weapon":
            return next(n for n in self.fighters if n not in self.weapons)
        group = self.standing(self.side)
        return group[self.turn[self.side] % len(group)]

    def legal_kinds(self) -> list[str]:
        if self.stage == "weapon":
            return ["fight_weapon"]
        name = self.to_act
        kinds = ["fight_flick"]
        if self.weapons.get(name) == "bat" and self.waits.get(name, 0) < MAX_WAITS:
            kinds.append("fight_wait")
        return kinds

    def position(self, name: str) -> tuple[float, float]:
        x, y = self.table.position(self.figures[name])
        return (float(x), float(y))

    def weapon_piece_start(self, name: str) -> tuple[tuple[float, float], str]:
        """Where the fighter's weapon goes on the staging table (toward the other side)."""
        x, y = self.position(name)
        ahead = 1.0 if name in self.sides[0] else -1.0
        weapon = self.weapons[name]
        if weapon == "bat":
            return (x, y + ahead * 7.0), "baseball_bat"
        kind = "bullet" if weapon == "gun" else "knife"
        return (x + 1.3 + 2.2 + 1.1, y + ahead * 1.5), kind

    def targets(self, name: str) -> list[str]:
        side = 0 if name in self.sides[0] else 1
        return self.standing(1 - side)

    # ---- play ---------------------------------------------------------------------------
    def apply(self, game: Game, inp: Input) -> bool:
        """Play one fight input; True when the fight (and any zombie fight) is over."""
        if isinstance(inp, FightWeapon):
            s = self.choose_weapon(game, inp)
            if s.name == game.active:
                game.noise = max(game.noise, Noise.LOUD if inp.weapon == "gun" else Noise.QUIET)
            if len(self.weapons) == len(self.fighters):
                self.stage = "attack"
            return False
        name = self.to_act
        hit = False
        if isinstance(inp, FightWait):
            if "fight_wait" not in self.legal_kinds():
                raise IllegalAction(f"{name} may not wait (only with the bat, at most "
                                    f"{MAX_WAITS} times)")
            self.waits[name] = self.waits.get(name, 0) + 1
            game.event("fight", stage="wait", survivor=name)
        elif isinstance(inp, FightFlick):
            hit = self._attack(game, name, inp)
        if not self.standing(0) or not self.standing(1):
            return self._finish(game)
        if hit:
            self.turn[self.side] += 1  # the next fighter of this side goes on
            return False
        self.turn[self.side] += 1
        self.side = 1 - self.side
        self._advance(self.side)
        return False

    def _advance(self, side: int) -> None:
        """The side about to shoot advances one movement-disc width (4 cm) toward the other,
        never closer than 8 cm to it."""
        toward = 1.0 if side == 0 else -1.0
        other = [self.position(m)[1] for m in self.standing(1 - side)]
        if not other:
            return
        for n in self.standing(side):
            x, y = self.position(n)
            gap = min(abs(o - y) for o in other)
            if gap - 4.0 < 8.0:
                continue
            pid = self.figures[n]
            self.table.set_pose(pid, x, y + toward * 4.0, float(self.table.angle(pid)))

    def _attack(self, game: Game, name: str, inp: FightFlick) -> bool:
        kind, result = self.flick_weapon(name, inp.flick)
        ix, iy = inp.flick.impulse
        enemies = set(self.targets(name))
        felled = [n for n, pid in self.figures.items() if n in enemies and pid in result.fell]
        for n, pid in self.figures.items():  # everyone else stands up where they lie
            if n not in felled and n not in self.out and not self.table.is_standing(pid):
                self.table.stand_up(pid)
        game.event("flick", piece=kind, survivor=name, stage="duel",
                   impulse=[round(ix, 3), round(iy, 3)], felled=felled)
        weapon = self.weapons[name]
        if weapon == "bat":
            self.swung.append(name)
            if felled:
                for n in felled:
                    self._out(game, n, wound=False, by=name)
                return True
            game.event("fight", stage="bat_miss", survivor=name)
            self._out(game, name, wound=True, by=None)
            return False
        for n in felled:
            self._out(game, n, wound=True, by=name)
        return bool(felled)

    def _out(self, game: Game, name: str, wound: bool, by: str | None) -> None:
        """`name` is beaten: 1 life lost (unless clubbed) and flicked out of the building."""
        self.out.append(name)
        s = game.survivors[name]
        game.rule_state.felled.append(name)
        if wound:
            game.wound(s, "duel")
        game.event("fight", stage="out", survivor=name, by=by, wounded=wound)
        if s.alive and s.building == self.building:
            board = game.board
            k = len(self.out)
            spot = board.free_spot(board.front(self.building, board.disc + board.figure_r
                                               + 3.0 * k), 0.0)
            n = board.normal(self.building)
            s.building = None
            board.place_survivor(s, spot, math.atan2(n[1], n[0]), standing=False)
        if name == game.active:
            game.turn_over_early = True

    def _finish(self, game: Game) -> bool:
        winners = self.standing(0) or self.standing(1)
        game.event("fight", stage="end", building=self.building, kind="duel",
                   winners=list(winners), beaten=list(self.out))
        game.fight = None
        active = game.survivors.get(game.active or "")
        if (active is not None and active.alive and active.building == self.building
                and any(game.building_zombies.get(self.building, []))
                and game.rules.has("fight_survivor_vs_zombie")):
            game.building_zombies[self.building] = [True] * len(
                game.building_zombies[self.building])
            game.start_fight(self.building)
            return False
        return True
