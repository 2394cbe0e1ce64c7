"""The heuristic bot's shots and fights: the nearest zombie, a shot with a clear line from the
side of the figure (gun, sniper, shotgun, knife; two guns fire twice), hunting and flanking a
zombie, barricades shot out of a door, the kills the next horde needs, and a fight's weapon and
flick."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from flick.game.bots.aim import impulse_to, noisy, path_clear, vector
from flick.game.bots.tuned import tuned
from flick.game.bots.walking import Hand, Walking, rush_hits_rv
from flick.game.inputs import (
    FightFlick,
    FightWait,
    FightWeapon,
    Flick,
    Input,
    Knife,
    Move,
    Shoot,
    Shotgun,
    Sniper,
)
from flick.game.scenarios.fight import fight_weapons
from flick.game.state import Survivor

if TYPE_CHECKING:
    from flick.game.game import Game

Vec = tuple[float, float]
T = tuned("fighting")  # the tuned numbers: assets/bots/fighting.yaml
SHOT_RANGE: Mapping[str, float] = T["shot_range"]
BULLET_ARRIVE: float = T["bullet_arrive"]
FIGHT_ARRIVE: float = T["fight_arrive"]
CITY_MARGIN_CM: float = T["city_margin_cm"]
FLANKED: int = T["flanked"]
ZOMBIES_TRIED: int = T["zombies_tried"]
SHOT_MARGIN_CM: float = T["shot_margin_cm"]
BARRICADE_STAGE_CM: float = T["barricade_stage_cm"]
STAGE_NEAR_CM: float = T["stage_near_cm"]
BARRICADE_ARRIVE: float = T["barricade_arrive"]
BARRICADE_PUSH_CM: float = T["barricade_push_cm"]
START_MARGIN_CM: float = T["start_margin_cm"]
PELLET_ARRIVE: float = T["pellet_arrive"]
FLANK_DIRECTIONS: int = T["flank_directions"]
FLANK_DISTANCES_CM: tuple[float, ...] = T["flank_distances_cm"]
FLANK_CITY_MARGIN_CM: float = T["flank_city_margin_cm"]
FLANK_SPOTS_TRIED: int = T["flank_spots_tried"]
BAT_WAIT_CM: float = T["bat_wait_cm"]


class FightingNeeds(Hand, Protocol):
    """What fighting asks of the bot: its hand, its walking, its shot (which scenarios 5-10
    may refuse when LOUD) and its end of a turn."""

    walking: Walking

    def shot_at(self, game: Game, s: Survivor, target: int, arrive: float = ...,
                ignore_clear: bool = ...) -> Input | None: ...

    def end(self, game: Game, s: Survivor) -> Input: ...


class Fighting:
    """Shooting, hunting and fighting zombies (a tactic of `CoreBot`)."""

    def __init__(self, bot: FightingNeeds) -> None:
        self.bot = bot

    def nearest_zombie(self, game: Game, s: Survivor) -> tuple[int, float] | None:
        board = game.board
        if s.piece is None:
            return None
        zs = board.zombies()
        if not zs:
            return None
        dists = [(board.distance(s.piece, z), z) for z in zs]
        d, z = min(dists)
        return (z, d)

    def shot_at(self, game: Game, s: Survivor, target: int, arrive: float = BULLET_ARRIVE,
                ignore_clear: bool = False) -> Input | None:
        """Gun, sniper, shotgun or knife at `target`, from a side with a clear line."""
        board = game.board
        assert s.piece is not None
        here = board.pos(s.piece)
        tx, ty = board.pos(target)
        dist = math.dist(here, (tx, ty))
        weapons = s.weapons()
        obstacles = self.bot.walking.obstacles(game)
        order = [w for w in ("knife", "shotgun", "gun", "sniper") if w in weapons]
        if rush_hits_rv(game, here, exclude={target}):
            order = [w for w in order if w == "knife"]  # S1: a LOUD rush would hit the RV
        if board.kind(target) == "barricade":
            order = [w for w in ("gun", "sniper", "knife") if w in weapons]
        for weapon in order:
            if dist > SHOT_RANGE[weapon]:
                continue
            for side in ("right", "left"):
                start = board.beside(here, s.facing, side,
                                     board.pellet_d if weapon == "shotgun" else board.bullet_d)
                kind = {"knife": "knife", "shotgun": "shotgun_pellet"}.get(weapon, "bullet")
                # The shooter's own figure is an obstacle too: never shoot across it.
                clear = ignore_clear or path_clear(start, (tx, ty), board.bullet_d / 2,
                                                   obstacles, {target}, margin=SHOT_MARGIN_CM)
                if not clear or not path_clear(start, start, board.bullet_d / 2, obstacles,
                                               {target}, margin=START_MARGIN_CM):
                    continue
                # Light pellets must arrive much faster to fell a figure (momentum).
                hit = arrive * PELLET_ARRIVE if weapon == "shotgun" else arrive
                angle, strength = impulse_to(board.params, kind, start, (tx, ty), arrive=hit)
                if weapon == "sniper":
                    a, f = noisy(angle, strength, self.bot.noise, self.bot.rng, template=True)
                    return Sniper(side, a, f)
                if weapon == "shotgun":
                    a, f = noisy(angle, strength, self.bot.noise, self.bot.rng, template=True)
                    return Shotgun(side, a, f)
                a, f = noisy(angle, strength, self.bot.noise, self.bot.rng)
                if weapon == "knife":
                    return Knife(side, Flick(vector(a, f)))
                second = None
                if s.count("gun") >= 2:
                    # Two guns: the other bullet from the other side, at the same zombie.
                    other = "left" if side == "right" else "right"
                    start2 = board.beside(here, s.facing, other, board.bullet_d)
                    if path_clear(start2, (tx, ty), board.bullet_d / 2, obstacles, {target},
                                  margin=SHOT_MARGIN_CM):
                        a2, f2 = impulse_to(board.params, "bullet", start2, (tx, ty),
                                            arrive=hit)
                        second = Flick(vector(*noisy(a2, f2, self.bot.noise, self.bot.rng)))
                return Shoot(side, Flick(vector(a, f)), second=second)
        return None

    def hunt(self, game: Game, s: Survivor, move: bool = True) -> Input:
        """Shoot the nearest zombie in range with a clear line; else close in on it."""
        board = game.board
        me = s.piece
        if me is None:
            return self.bot.end(game, s)
        zs = sorted(board.zombies(), key=lambda z: (board.distance(me, z), z))
        for z in zs[:ZOMBIES_TRIED]:
            if not board.table.is_standing(z):
                continue
            shot = self.bot.shot_at(game, s, z)
            if shot is not None:
                return shot
        if move and zs and game.actions_done == 0:
            mv = self.flank(game, s, [z for z in zs[:FLANKED] if board.table.is_standing(z)])
            if mv is not None:
                return mv
        return self.bot.end(game, s)

    def flank(self, game: Game, s: Survivor, zombies: list[int]) -> Input | None:
        """Move to where a zombie can be shot: a spot 14-20 cm from it with a clear line,
        the nearest such spot to the survivor."""
        board = game.board
        assert s.piece is not None
        here = board.pos(s.piece)
        obstacles = self.bot.walking.obstacles(game)
        spots: list[tuple[float, Vec]] = []
        for z in zombies:
            zx, zy = board.pos(z)
            for k in range(FLANK_DIRECTIONS):
                a = k * 2 * math.pi / FLANK_DIRECTIONS
                for r in FLANK_DISTANCES_CM:
                    p = (zx + r * math.cos(a), zy + r * math.sin(a))
                    if not board.in_city_point(p, FLANK_CITY_MARGIN_CM):
                        continue
                    if not path_clear(p, (zx, zy), board.bullet_d / 2 + CITY_MARGIN_CM, obstacles,
                                      {z, s.piece}, margin=SHOT_MARGIN_CM):
                        continue
                    spots.append((math.dist(here, p), p))
        for _, p in sorted(spots)[:FLANK_SPOTS_TRIED]:
            mv = self.bot.walking.navigate(game, s, p)
            if mv is not None:
                return mv
        return None

    def clear_barricade(self, game: Game, s: Survivor, building: str) -> Input:
        """S4: shoot (or push with the disc) the barricades out of the door."""
        board = game.board
        assert s.piece is not None
        here = board.pos(s.piece)
        stage = board.front(building, BARRICADE_STAGE_CM)
        bars = [b for b in board.barricades() if board.blocks_door(b, building)]
        if not bars:
            return self.bot.walking.approach(game, s, building) or self.hunt(game, s, move=False)
        if math.dist(here, stage) > STAGE_NEAR_CM:
            mv = self.bot.walking.navigate(game, s, stage)
            if mv is not None:
                return mv
        target = min(bars, key=lambda b: math.dist(here, board.pos(b)))
        shot = self.bot.shot_at(game, s, target, arrive=BARRICADE_ARRIVE, ignore_clear=True)
        if shot is not None:
            return shot
        fl, angle = self.bot.walking.disc_flick(game, here, board.pos(target),
                                                extra=BARRICADE_PUSH_CM)
        return Move(fl, angle=angle)

    def fight(self, game: Game) -> Input:
        """A zombie fight's choice: the weapon, then wait or flick."""
        fight = game.fight
        assert fight is not None
        name = fight.to_act
        s = game.survivors[name]
        if fight.stage == "weapon":
            choices = fight_weapons(s)  # already in the bots' order of preference: gun, knife, bat
            return FightWeapon(choices[0] if choices else "bat")
        zs = fight.standing_zombies()
        (sx, sy), kind = fight.weapon_piece_start(name)
        target = min(zs, key=lambda z: math.dist((sx, sy), fight.table.position(z)))
        tx, ty = fight.table.position(target)
        # With the bat there is one swing: wait for the zombie to walk closer, but not for
        # ever (every card may be an ATTACK).
        walked = sum(1 for c in fight.deck.revealed if c != "ATTACK")
        if fight.weapons[name] == "bat" and math.dist((sx, sy), (tx, ty)) > BAT_WAIT_CM \
                and walked < 2:
            return FightWait()
        return self.fight_flick(game, kind, (sx, sy), (tx, ty))

    def fight_flick(self, game: Game, kind: str, start: tuple[float, float],
                     target: tuple[float, float], arrive: float = FIGHT_ARRIVE) -> FightFlick:
        """The fight's attack: `kind` flicked from `start` at `target` by the bot's hand."""
        angle, strength = impulse_to(game.board.params, kind, start, target, arrive=arrive)
        return FightFlick(Flick(vector(*noisy(angle, strength, self.bot.noise, self.bot.rng))))
