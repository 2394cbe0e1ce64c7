"""The heuristic bot's shelter from rushes and hordes (scenarios 5-10, where a survivor has 2
or 3 life): the chance a rush or the next horde fells a survivor standing somewhere, a way in
through a door or a safer spot to end the turn on."""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Any, Protocol

from flick.game.bots import plans
from flick.game.bots.aim import path_clear
from flick.game.bots.fighting import Fighting
from flick.game.bots.goals.base import Goal
from flick.game.bots.inside import InsideABuilding
from flick.game.bots.tuned import tuned
from flick.game.bots.walking import (
    CITY_MARGIN_CM,
    OVERSHOOT,
    WALK_MARGIN_CM,
    Walking,
    next_to_standing,
)
from flick.game.inputs import Input, Move
from flick.game.state import GUNS, Survivor

if TYPE_CHECKING:
    from flick.game.bots.separated import Separated
    from flick.game.game import Game

Vec = tuple[float, float]
T = tuned("sheltering")  # the tuned numbers: assets/bots/sheltering.yaml
RUSH_REACH_CM: float = T["rush_reach_cm"]
SHELTER_DIRECTIONS: int = T["shelter_directions"]
SHELTER_LENGTHS_CM: tuple[float, ...] = T["shelter_lengths_cm"]
RUSH_FELLS: tuple[tuple[float, float], ...] = T["rush_fells"]
RISK_CM: float = T["risk_cm"]
S5_SHOOT_FIRST = 2  # S5: inside, a shot out comes before a take when 2 x kills >= turns left
S5_BOLD_LIFE = 2  # S5: with this much life a survivor leaves its building even on a LOUD turn
COURIER_LAST_ROUNDS: int = T["courier_last_rounds"]
HORDE_LANE_CM: tuple[float, ...] = T["horde_lane_cm"]
HORDE_FELLS: float = T["horde_fells"]


def rush_fells(d: float) -> float:
    """`RUSH_FELLS` at `d` cm, held flat beyond its ends."""
    return interpolate(RUSH_FELLS, d)


def interpolate(pts: tuple[tuple[float, float], ...], d: float) -> float:
    """The broken line through `pts` ((x, y) by growing x) at `d`, held flat beyond its ends."""
    if d <= pts[0][0]:
        return pts[0][1]
    for (d0, p0), (d1, p1) in itertools.pairwise(pts):
        if d <= d1:
            return p0 + (p1 - p0) * (d - d0) / (d1 - d0)
    return pts[-1][1]


class ShelteringNeeds(Protocol):
    """What sheltering asks of the bot: its walking, fighting, inside and scenario 5 tactics,
    the survivor's goal and its place, the kills the next horde needs, a shot out through a
    door, what to take or drop, and its end of a turn."""

    walking: Walking
    fighting: Fighting
    inside: InsideABuilding
    separated: Separated

    def goal(self, game: Game, s: Survivor) -> Goal: ...

    def goal_point(self, game: Game, s: Survivor) -> Vec | None: ...

    def kills_needed(self, game: Game) -> int: ...

    def s5_kills_urgent(self, game: Game) -> bool: ...

    def shoot_out(self, game: Game, s: Survivor, building: str) -> Input | None: ...

    def take_drop_here(self, game: Game, s: Survivor, place: str) -> Input | None: ...

    def end(self, game: Game, s: Survivor) -> Input: ...


class Sheltering:
    """Sheltering from rushes and hordes (a tactic of `HeuristicBot`)."""

    def __init__(self, bot: ShelteringNeeds) -> None:
        self.bot = bot

    def shelter(self, game: Game, s: Survivor) -> Input | None:
        """S5 (co-op, every survivor precious): a rush cannot fell a survivor inside a
        building. Inside with kills needed for the next horde: shoot out through the door
        (the rush then heads for the door). In the streets on the last action with a standing
        zombie in rush reach: in through the door of a building a straight flick reaches."""
        board = game.board
        if s.building is not None:
            if game.building_zombies.get(s.building):
                return None
            need = self.bot.kills_needed(game)
            if plans.separated(game) and need > 0 and \
                    S5_SHOOT_FIRST * need >= len(game.available()):
                # S5: the next horde needs a kill of most turns left: the shot before a take.
                shot = self.bot.shoot_out(game, s, s.building)
                if shot is not None:
                    return shot
            if self.bot.take_drop_here(game, s, s.building) is not None:
                return None
            courier = plans.separated(game) and self.bot.separated.courier(game, s)
            # S5: a courier on a turn still SILENT leaves (exit and a move: QUIET) rather
            # than shoot (LOUD: three zombies would rush at it once out), unless every turn
            # left must kill, or it finds no way out.
            way_out = self.bot.inside.leave(game, s, s.building, self.bot.goal(game, s)) if (
                courier and int(game.noise) == 0 and game.actions_done == 0
                and not self.bot.s5_kills_urgent(game)) else None
            if way_out is not None:
                return way_out
            if self.bot.kills_needed(game) > 0:
                shot = self.bot.shoot_out(game, s, s.building)
                if shot is not None:
                    return shot
            if s.life <= 1 and game.actions_done == 0 and not (
                    courier and (all(x.alive for x in game.survivors.values())
                                 or game.round_marker <= COURIER_LAST_ROUNDS)):
                # On its last life it stays in (a SILENT turn), unless it carries what the
                # RV lacks and no survivor has died yet (one death does not lose), or the
                # skull is near (staying loses for sure).
                return self.bot.end(game, s)
            if plans.separated(game) and \
                    self.bot.separated.exit_into_rush(game, s, s.building) and not (
                    (courier or s.life >= S5_BOLD_LIFE)
                    and game.actions_done + 2 <= game.rules.max_actions(game)):
                # (a courier, or one with life to spare, goes: a move left to get clear)
                return self.bot.end(game, s)
            return None
        last = game.actions_done + 1 >= game.rules.max_actions(game)
        if s.piece is None or not (last or s.life <= 1):
            return None
        # S5 shelters after a LOUD action too (the three nearest rush: checked just below).
        noise = int(game.noise)
        no_loud_rush = noise == 1 if plans.separated(game) else noise >= 1
        if not self.bot.separated.loud_rush_hits(game, s, exclude=set()) and no_loud_rush:
            return None
        near = self.bot.fighting.nearest_zombie(game, s)
        if near is None or near[1] >= RUSH_REACH_CM:
            return None
        here = board.pos(s.piece)
        goal = self.bot.goal_point(game, s) if plans.separated(game) else None

        def order(b: str) -> tuple[float, str]:
            # S5: of the doors in reach, the one nearest the survivor's goal (a shelter that
            # is also a step on its way; the building just left only when nothing else is).
            door = board.door_mid(b)
            return (math.dist(door, goal if goal is not None else here), b)

        # S5: the building it left last this turn
        left = next(iter(plans.exits_this_turn(game, s)), None) if plans.separated(game) \
            else None
        for b in sorted(board.buildings, key=order):
            if b == left:
                continue  # S5: not back in where it came from (a turn lost)
            inside = len(game.building_zombies.get(b, []))
            if game.rules.entry_refused(game, s, b) is not None or inside > 1:
                continue
            if inside and plans.separated(game) and not set(s.weapons()) & GUNS:
                continue  # S5: the knife or the bat loses a fight 3 times in 10
            entry = self.bot.walking.approach(game, s, b, direct_only=True)
            if entry is not None:
                return entry
        if plans.separated(game) and last:
            return self._safe_end(game, s)
        return None

    def rush_risk(self, game: Game, at: Vec, noise: int, own: Any) -> float:
        """S5: the chance that the turn's reaction fells a survivor standing at `at`: a
        QUIET turn rushes the nearest zombie only if it stands (a fallen one just stands
        up), a LOUD one the three nearest standing; `RUSH_FELLS` by the nearest rusher's
        distance."""
        if noise <= 0:
            return 0.0
        board = game.board
        zs = sorted((math.dist(at, board.pos(z)) - 2 * board.figure_r, z)
                    for z in board.zombies() if z != own)
        if not zs:
            return 0.0
        if noise == 1:
            d, z = zs[0]
            if not board.table.is_standing(z):
                return 0.0
        else:
            standing = [d for d, z in zs if board.table.is_standing(z)]
            if not standing:
                return 0.0
            d = standing[0]
        return rush_fells(d)

    def horde_risk(self, game: Game, at: Vec) -> float:
        """S5: the chance the new horde (due when the active survivor is the last of the
        round) fells a survivor standing at `at`, in the lane ahead of the tower at home."""
        if len(game.available()) > 1 or game.round_marker <= 1:
            return 0.0
        zb = game.scenario.zombie_bin
        a = math.radians(zb.tower_facing)
        dx, dy = at[0] - float(zb.x), at[1] - float(zb.y)
        along = dx * math.cos(a) + dy * math.sin(a)
        across = abs(-dx * math.sin(a) + dy * math.cos(a))
        side, reach = HORDE_LANE_CM
        return HORDE_FELLS if across < side and 0.0 < along < reach else 0.0

    def _end_risk(self, game: Game, at: Vec, noise: int, own: Any) -> float:
        """S5: the turn's rush, then the horde if one is due."""
        turn = self.rush_risk(game, at, noise, own)
        return 1.0 - (1.0 - turn) * (1.0 - self.horde_risk(game, at))

    def _safe_end(self, game: Game, s: Survivor) -> Input | None:
        """S5, the last action in the streets: a move that trades a little way to the goal
        for a spot the reaction's rush is unlikely to fell, or no move at all (a turn SILENT
        so far stays SILENT; otherwise the rush comes where it stands). None: the core
        bot's move toward the goal is as good."""
        board = game.board
        assert s.piece is not None
        here = board.pos(s.piece)
        goal = self.bot.goal_point(game, s)
        if self.bot.goal(game, s)[0] == "hunt" or goal is None:
            goal = here
        noise = int(game.noise)
        stay = math.dist(here, goal) + RISK_CM * self._end_risk(game, here, noise, s.piece)
        after = max(noise, 1)
        obstacles = self.bot.walking.obstacles(game)
        zombies = [z for z in board.zombies() if board.table.is_standing(z)]
        r = board.disc / 2
        best: tuple[float, Vec] | None = None
        for k in range(SHELTER_DIRECTIONS):
            a = k * 2 * math.pi / SHELTER_DIRECTIONS
            for length in SHELTER_LENGTHS_CM:
                end = (here[0] + length * math.cos(a), here[1] + length * math.sin(a))
                if not board.in_city_point(end, r + CITY_MARGIN_CM):
                    continue
                over = (here[0] + length * OVERSHOOT * math.cos(a),
                        here[1] + length * OVERSHOOT * math.sin(a))
                if not path_clear(here, over, r, obstacles, {s.piece}, margin=WALK_MARGIN_CM):
                    continue
                if next_to_standing(board, end, zombies):
                    continue
                score = math.dist(end, goal) + RISK_CM * self._end_risk(game, end, after,
                                                                        s.piece)
                if best is None or score < best[0]:
                    best = (score, end)
        if best is None:
            return None
        if stay <= best[0]:
            return self.bot.end(game, s)
        fl, angle = self.bot.walking.disc_flick(game, here, best[1])
        return Move(fl, angle=angle)
