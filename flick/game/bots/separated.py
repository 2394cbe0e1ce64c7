"""The heuristic bot in scenario 5 (Separated, co-op): the kills the next horde needs and when
they are urgent, a kill planned with the shelter after it, couriers and ways out that a rush
would catch, and the bat's swing or wait in a fight."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Protocol

from flick.game.bots import plans
from flick.game.bots.fetching import Fetching
from flick.game.bots.fighting import SHOT_RANGE, Fighting
from flick.game.bots.sheltering import RUSH_REACH_CM, interpolate
from flick.game.bots.tuned import tuned
from flick.game.bots.walking import Walking
from flick.game.inputs import FightWait, Input
from flick.game.scenarios.deck import ATTACK, CARD_LENGTH_CM, FIGHT_CARDS
from flick.game.state import Survivor

if TYPE_CHECKING:
    from flick.game.game import Game

T = tuned("separated")  # the tuned numbers: assets/bots/separated.yaml
KILLS_AHEAD_MARKER: int = T["kills_ahead_marker"]
GHOSTS_TRIED: int = T["ghosts_tried"]
# S5: a survivor in the streets takes a LOUD shot only when S5_URGENT x the kills the next
# horde needs reach the survivors left to play this round.
S5_URGENT = 1
BAT_HIT: tuple[tuple[float, float], ...] = T["bat_hit"]


def bat_hit(d: float) -> float:
    """`BAT_HIT` at `d` cm, held flat beyond its ends."""
    return interpolate(BAT_HIT, d)


class SeparatedNeeds(Protocol):
    """What scenario 5's tactics ask of the bot: its walking, fetching and fighting, and the
    kills the next horde needs."""

    walking: Walking
    fetching: Fetching
    fighting: Fighting

    def kills_needed(self, game: Game) -> int: ...


class Separated:
    """Scenario 5's tactics (a tactic of `HeuristicBot`)."""

    def __init__(self, bot: SeparatedNeeds) -> None:
        self.bot = bot

    def kill_and_shelter(self, game: Game, s: Survivor) -> Input | None:
        """S5, in the streets with both actions left and a kill the next horde needs: a LOUD
        shot at a standing zombie in reach, when from here a straight flick goes in through a
        door once that zombie is gone (the second action; the rush then finds it inside)."""
        board = game.board
        if s.piece is None or game.actions_done > 0 or self.bot.kills_needed(game) <= 0 or \
                game.rules.max_actions(game) < 2 or not set(s.weapons()) & {"gun", "sniper"}:
            return None
        me = s.piece
        here = board.pos(me)
        zs = sorted((z for z in board.zombies() if board.table.is_standing(z)
                     and board.distance(me, z) < SHOT_RANGE["gun"]),
                    key=lambda z: (board.distance(me, z), z))
        doors = sorted((b for b in board.buildings
                        if game.rules.entry_refused(game, s, b) is None
                        and not game.building_zombies.get(b)),
                       key=lambda b: (math.dist(board.door_mid(b), here), b))
        walking = self.bot.walking
        for z in zs[:GHOSTS_TRIED]:
            walking.ghosts = frozenset({z})  # planned past the zombie the shot fells
            try:
                door = next((b for b in doors
                             if walking.entry_line(game, s.piece, here, b) is not None), None)
            finally:
                walking.ghosts = frozenset()
            if door is None:
                continue
            shot = self.bot.fighting.shot_at(game, s, z)  # the core shot: LOUD is the plan
            if shot is not None and shot.kind != "knife":
                return shot
        return None

    def courier(self, game: Game, s: Survivor) -> bool:
        """S5: does `s` carry a token the RV still lacks?"""
        for obj in game.scenario.objectives:
            if obj.id == "find_survivors_and_tokens":
                p = dict(obj.params)
                need = self.bot.fetching.needs(game, p.get("base", "rv"),
                                               {k: int(v) for k, v in p.get("tokens", {}).items()})
                return any(t.kind in need for t in s.inventory)
        return False

    def exit_into_rush(self, game: Game, s: Survivor, building: str) -> bool:
        """S5: would leaving `building` now put `s` in the streets for a rush? The turn is
        LOUD already (a gun fight inside: three zombies rush at it once it is out), or QUIET
        already with this the last action and a standing zombie within rush reach of the
        door (the nearest one rushes at it just outside)."""
        noise = int(game.noise)
        if noise >= 2:
            return True
        last = game.actions_done + 1 >= game.rules.max_actions(game)
        if not last:
            return False  # an action is left to step away from the door
        board = game.board
        door = board.front(building, board.disc)
        return any(board.table.is_standing(z) and math.dist(board.pos(z), door) < RUSH_REACH_CM
                   for z in board.zombies())

    def loud_rush_hits(self, game: Game, s: Survivor, exclude: set[int]) -> bool:
        """Would a LOUD end of this turn likely fell `s`? It stands in the streets, the turn
        is not LOUD yet, and a standing zombie (other than `exclude`) is in rush reach."""
        me = s.piece
        if me is None or int(game.noise) >= 2:
            return False
        board = game.board
        return any(board.table.is_standing(z) and z not in exclude
                   and board.distance(me, z) < RUSH_REACH_CM for z in board.zombies())

    def fight(self, game: Game) -> Input:
        """S5: with the bat, swing unless waiting for one card is the better chance (the core
        bot waits up to two cards, and an ATTACK card, 2 of 7, wounds as surely as a miss)."""
        fight: Any = game.fight
        if not plans.separated(game) or fight.stage == "weapon" or \
                fight.weapons.get(fight.to_act) != "bat":
            return self.bot.fighting.fight(game)
        name = fight.to_act
        (sx, sy), kind = fight.weapon_piece_start(name)
        target = min(fight.standing_zombies(),
                     key=lambda z: math.dist((sx, sy), fight.table.position(z)))
        tx, ty = fight.table.position(target)
        d = math.dist((sx, sy), (tx, ty))
        # The face-down cards: the deck's public mix less the cards revealed.
        left = len(fight.deck.cards)
        attacks = FIGHT_CARDS.count(ATTACK) - fight.deck.revealed.count(ATTACK)
        walk = 1.0 - attacks / left if left else 1.0
        if walk * bat_hit(d - CARD_LENGTH_CM) > bat_hit(d):
            return FightWait()
        return self.bot.fighting.fight_flick(game, kind, (sx, sy), (tx, ty))
