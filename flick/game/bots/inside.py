"""The heuristic bot inside a building: take and drop what the objective needs, search again
next turn or leave by a way out toward the goal (scenarios 2 and 4: a carrier's way out ends in
front of the base's door with a clean line in)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

from flick.game.actions import object_stashes_near
from flick.game.actions.shots import SET_ASIDE_REACH_CM
from flick.game.board import OBJECTS
from flick.game.bots import plans
from flick.game.bots.aim import impulse_to, noisy, path_clear, seg_core, vector
from flick.game.bots.goals.base import Goal
from flick.game.bots.tuned import tuned
from flick.game.bots.walking import EXIT_TURNS, Hand, Walking
from flick.game.inputs import Flick, Input, Move, TakeDrop
from flick.game.state import WEAPONS, Survivor
from flick.physics.geometry import point_segment

if TYPE_CHECKING:
    from flick.game.bots.fetching import Fetching
    from flick.game.game import Game

Vec = tuple[float, float]
T = tuned("inside")  # the tuned numbers: assets/bots/inside.yaml
EXIT_FRONT_CM: float = T["exit_front_cm"]
EXIT_NO_LINE_CM: float = T["exit_no_line_cm"]
FETCH_EXIT_TURNS: tuple[float, ...] = T["fetch_exit_turns"]
DOOR_LINE_CM: float = T["door_line_cm"]
ENTERED_BONUS: float = T["entered_bonus"]
ASIDE_ROOM_CM: float = T["aside_room_cm"]
ASIDE_DEPTH_CM: float = T["aside_depth_cm"]
EXIT_AHEAD_CM: float = T["exit_ahead_cm"]
EXIT_FAN: int = T["exit_fan"]
EXIT_FAN_STEP: float = T["exit_fan_step"]
EXIT_REACHES_CM: tuple[float, ...] = T["exit_reaches_cm"]
EXIT_CITY_MARGIN_CM: float = T["exit_city_margin_cm"]
GRAZE_MARGIN_CM: float = T["graze_margin_cm"]
EXIT_OVERSHOOT: float = T["exit_overshoot"]
FAR_CM: float = T["far_cm"]
EXIT_TURN_COST: float = T["exit_turn_cost"]
EXIT_ROOM_CM: float = T["exit_room_cm"]
CHANCY_EXITS_TRIED: int = T["chancy_exits_tried"]
FEW_TRIALS: int = T["few_trials"]
EXIT_ODDS: float = T["exit_odds"]


class InsideNeeds(Hand, Protocol):
    """What the tactic inside a building asks of the bot: its hand, its walking and fetching,
    the survivor's goal, what to take or drop, and its end of a turn."""

    walking: Walking
    fetching: Fetching

    def goal(self, game: Game, s: Survivor) -> Goal: ...

    def take_drop_here(self, game: Game, s: Survivor, place: str) -> Input | None: ...

    def end(self, game: Game, s: Survivor) -> Input: ...


class InsideABuilding:
    """A survivor inside a building: take, drop, search again or leave (a tactic of
    `CoreBot`)."""

    def __init__(self, bot: InsideNeeds) -> None:
        self.bot = bot

    def act(self, game: Game, s: Survivor) -> Input:
        building = s.building
        assert building is not None
        if self._search_next_turn(game, s, building):
            return self.bot.end(game, s)
        td = self.bot.take_drop_here(game, s, building)
        if td is not None:
            return td
        goal = self.bot.goal(game, s)
        if goal == Goal("enter", building):
            return self.bot.end(game, s)
        if goal[0] == "wait" and plans.fetch_coop(game):
            # S2/S4: nothing left to fetch (what is needed is carried, or known not to be
            # there): inside, no rush can fell it; out in the streets every rush can.
            return self.bot.end(game, s)
        return self.leave(game, s, building, goal) or self._fetch_exit(game, s, building, goal) \
            or self.bot.end(game, s)

    def leave(self, game: Game, s: Survivor, building: str, goal: Goal) -> Input | None:
        """A clear way out toward the goal (`Walking.exit`), along `exit_turns`, scored by
        `exit_score`; None when there is none."""
        return self.bot.walking.exit(game, s, building, goal, self.exit_turns(game),
                                     self.exit_score)

    def exit_turns(self, game: Game) -> tuple[float, ...]:
        """S2 and S4: also 0.3 and 0.4 rad off the door's axis, where the way on to the
        goal leaves the door at a slant (S2 seed 100 x 40: taken 85 times, most out of the
        Police Station for the School, the Library for the RV and the RV for the School;
        S2 seeds 100-700 x 40: 88 of 280 won instead of 83, S4 seeds 100-300: 62 of 120
        instead of 59). Elsewhere the narrower fan the plans were measured with (with the
        wide one S5 at seed 100 fell from 12 to 5 won of 40)."""
        narrow = EXIT_TURNS
        return (*narrow, *FETCH_EXIT_TURNS) if plans.fetch_coop(game) else narrow

    def exit_score(self, game: Game, building: str, goal: Goal, out: Vec,
                    target: Vec) -> float:
        """Scenarios 2 and 4, a carrier on its way to the base: a way out that ends past the
        base's door line (the flick enters it too: S4's Grocery faces the RV) comes first;
        any other scores its distance to a spot EXIT_FRONT_CM in front of the door, plus
        EXIT_NO_LINE_CM where no clean straight flick enters from it.
        Scored by the door's middle alone, the way out of S2's Gas Station ended 24 cm out,
        where the hand's error left Mike beside the RV's block with no line in (seed 100: his
        fuel waited a round); a nearer spot forgives that error."""
        if not plans.fetch_coop(game) or goal[0] != "enter" or goal[1] == building or \
                goal[1] not in plans.bases(game):
            return math.dist(out, target)
        board = game.board
        b = goal[1]
        a, c = board.table.door_line(board.bid(b))
        depth = board.door_depth(out, b)
        if depth <= 0.0 and point_segment(out, a, c) <= DOOR_LINE_CM - depth:
            return math.dist(out, target) - ENTERED_BONUS  # in through the base's door: entered
        front = math.dist(out, board.front(b, EXIT_FRONT_CM))
        if self.bot.walking.entry_line(game, None, out, b) is None:
            front += EXIT_NO_LINE_CM
        return front

    def _fetch_exit(self, game: Game, s: Survivor, building: str,
                    goal: Goal) -> Input | None:
        """Scenarios 2 and 4, when `_exit` found no clear way out: a carrier sat for rounds
        in a building whose door a pushed barrel or a teammate blocked (S4: 1 in 4 games).
        Objects in front of the door are set aside for the attempt (rulebook p. 8, as when
        entering), and the way out may leave at up to 40 degrees off the door's axis,
        checked from behind the building between the blocks; failing a clear line, the
        widest ones are tried under the hand noise (`Trials.move`)."""
        if not plans.fetch_coop(game):
            return None
        board = game.board
        start = board.behind(building, board.disc)
        mx, my = board.door_mid(building)
        nx, ny = board.normal(building)
        r = board.disc / 2
        own = set(board.building_parts(building))
        obstacles = self.bot.walking.obstacles(game)
        blocks = [ob for ob in obstacles if ob.pid in own]
        others = [ob for ob in obstacles if ob.pid not in own and ob.pid != s.piece]
        aside = tuple(sorted({ob.pid for ob in others if ob.kind in OBJECTS
                              and math.dist(ob.centre, (mx, my))
                              <= SET_ASIDE_REACH_CM - ASIDE_ROOM_CM
                              and board.door_depth(ob.centre, building) > -ASIDE_DEPTH_CM}))
        target = self.bot.walking.goal_point_of(game, goal) or \
            board.front(building, EXIT_AHEAD_CM)
        cands: list[tuple[float, Vec, bool]] = []
        for k in range(-EXIT_FAN, EXIT_FAN + 1):
            turn = k * EXIT_FAN_STEP
            a = math.atan2(ny, nx) + turn
            for reach in EXIT_REACHES_CM:
                out = (mx + reach * math.cos(a), my + reach * math.sin(a))
                if not board.in_city_point(out, EXIT_CITY_MARGIN_CM) or \
                        not board.exited(out, building, r):
                    continue
                if not path_clear(start, out, r, blocks, set(), margin=GRAZE_MARGIN_CM):
                    continue
                over = (start[0] + (out[0] - start[0]) * EXIT_OVERSHOOT,
                        start[1] + (out[1] - start[1]) * EXIT_OVERSHOOT)
                room = min((seg_core(start, over, ob.core) - r - ob.r for ob in others
                            if ob.pid not in aside), default=FAR_CM)
                # Clear lines nearest the goal first, then the chancy ones with most room.
                cands.append((math.dist(out, target) + EXIT_TURN_COST * abs(turn)
                              if room >= EXIT_ROOM_CM else -room, out, room >= EXIT_ROOM_CM))
        cands.sort(key=lambda c: (not c[2], c[0]))
        tried = 0
        for _, out, clear in cands:
            angle, strength = impulse_to(board.params, "movement_disc", start, out)
            if not clear:
                if tried >= CHANCY_EXITS_TRIED:
                    break
                tried += 1
                if self.bot.trials.move(game, start, angle, strength, inside=building,
                                    aside=aside, n=FEW_TRIALS) < EXIT_ODDS:
                    continue
            a, f = noisy(angle, strength, self.bot.noise, self.bot.rng)
            return Move(Flick(vector(a, f)), angle=angle, set_aside=aside)
        return None

    def _search_next_turn(self, game: Game, s: Survivor, building: str) -> bool:
        """S3: a searcher with one action left in a building holding a face-down token waits
        for its next turn to take it: the token may be Anita, whose escort makes every turn
        LOUD, and a LOUD rush at a survivor still inside brings zombies in (a fight each turn
        after); taking first, it walks her out with its second action."""
        if not plans.searching(game):
            return False
        if game.actions_done + 1 < game.rules.max_actions(game):
            return False
        return any(not t.face_up for t in game.stashes.get(building, []))

    def take_drop_here(self, game: Game, s: Survivor, place: str) -> Input | None:
        """Scenarios 1-4: a take or drop at `place` the objective wants, or None."""
        stash = game.stashes.get(place, [])
        goal = self.bot.goal(game, s)
        need: dict[str, int] = {}
        base = None
        for obj in game.scenario.objectives:
            if obj.id == "tokens_in_base":
                base = obj.params.get("base", obj.params.get("building", "rv"))
                need = self.bot.fetching.needs(game, base,
                                   {k: int(v) for k, v in obj.params.get("tokens", {}).items()})
        if place == base:
            for i, t in enumerate(s.inventory):
                if self.bot.fetching.deliverable(game, t, need):
                    return TakeDrop(drop=i, place=None if place == s.building else place)
            return None
        junk = [i for i, t in enumerate(s.inventory)
                if t.kind not in need and t.kind not in WEAPONS and t.kind != "pretzel"]
        where = None if place == s.building else place
        for i, t in enumerate(stash):
            wanted = (not t.face_up and goal[0] != "enter") or t.kind in need or (
                not t.face_up) or (t.kind in ("gun", "shotgun", "sniper")
                                   and not set(s.weapons()) & {"gun", "shotgun", "sniper"})
            if not wanted:
                continue
            if s.free_spaces() > 0:
                return TakeDrop(take=i, place=where)
            if t.face_up and junk:
                return self.exchange(s, i, junk[0], where)
            if not t.face_up:
                return TakeDrop(take=i, place=where)
        return None

    @staticmethod
    def exchange(s: Survivor, take: int, drop: int, where: str | None) -> Input:
        """Take token `take` for inventory space `drop` (one action), or, when `s` holds more
        than its spaces (the pretzel is handed over whatever the receiver holds), the drop
        alone: an exchange would still leave no space, and the engine refuses it."""
        if s.free_spaces() < 0:
            return TakeDrop(drop=drop, place=where)
        return TakeDrop(take=take, drop=drop, place=where)

    def take_in_city(self, game: Game, s: Survivor) -> Input | None:
        if not game.rules.has("take_in_city") or s.piece is None:
            return None
        if plans.escorting(game) and game.rules.escort == s.name:
            return None  # S3: Anita is found; a take is a LOUD action lost
        for key in object_stashes_near(game, s):
            if game.stashes[key]:
                td = self.bot.take_drop_here(game, s, key)
                if td is not None:
                    return td
        return None
