"""The heuristic bot's core tactics (`CoreBot`, scenarios 1-4): any seat, by aiming real flicks.

Each decision is an input the game records. The bot reads the table, picks a goal from the
scenario's objective (reach the RV, fetch tokens to the base, find and escort the wounded
survivor, clear the barricades), and flicks toward it: a move slides the movement disc along
a path it checked to be clear, stopping where the friction model says (`flick.game.bots.aim`); a
shot aims a bullet to arrive at a zombie fast enough to fell it. Every flick goes through the
bot's hand noise, drawn from the bot's own generator (seeded from the game's seed), so the
game's generator is consumed only by the game and a replay of the inputs is exact.

Tactics, in order: kill a zombie next to it at short distance (quietly if it can); shoot a
standing zombie that threatens it; act inside a building (take, drop); pursue the goal; end
the turn facing the nearest zombie.

Scenarios 2-4 fetch rather than kill, and every shot is LOUD (three zombies rush): there a
survivor flicks straight in through its door when it can, shoots only a zombie about to be
too close, one in its way, or when the next horde needs zombies back in the bin (else the
city is overrun), and with nothing useful to do ends its turn SILENT. Each searcher keeps
the place it set out for. S3: supplies are left behind (a free space searches one more
place), the escort steps away from zombies instead of fighting, and the others clear the
Hospital's door from afar. S4: food goes to the RV, one kept back only for a hunger at the
end of the current round.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from flick.game.actions import object_stashes_near
from flick.game.actions.shots import SET_ASIDE_REACH_CM
from flick.game.board import OBJECTS
from flick.game.bots.aim import HandNoise, impulse_to, noisy, path_clear, seg_core, vector
from flick.game.bots.chance import Trials
from flick.game.bots.goals import CORE, HUNT
from flick.game.bots.tuned import tuned
from flick.game.bots.walking import PLACED_GOALS, Walker, next_to_standing, rush_hits_rv
from flick.game.inputs import (
    ChooseSurvivor,
    Eat,
    EndTurn,
    FightFlick,
    FightWait,
    FightWeapon,
    Flick,
    GoHungry,
    Input,
    Keep,
    Knife,
    Move,
    Shoot,
    ShortKill,
    Shotgun,
    Sniper,
    TakeDrop,
)
from flick.game.scenarios.fight import fight_weapons
from flick.game.state import TOKEN_KINDS, WEAPONS, Survivor
from flick.physics import PhysicsParams
from flick.physics.geometry import point_segment

if TYPE_CHECKING:
    from flick.game.game import Game

Vec = tuple[float, float]
T = tuned("heuristic")  # the tuned numbers: assets/bots/heuristic.yaml
THREAT_CM: float = T["threat_cm"]
CLOSE_CM: float = T["close_cm"]
EXIT_FRONT_CM: float = T["exit_front_cm"]
EXIT_NO_LINE_CM: float = T["exit_no_line_cm"]
STAGE_CM: float = T["stage_cm"]
SHOT_RANGE: Mapping[str, float] = T["shot_range"]
BULLET_ARRIVE: float = T["bullet_arrive"]
FIGHT_ARRIVE: float = T["fight_arrive"]
FIGHT_CM: float = T["fight_cm"]
BOT_STREAM: int = T["bot_stream"]
THREAT_FIRST: float = T["threat_first"]
NO_GOAL_CM: float = T["no_goal_cm"]
SURE_TAKE: float = T["sure_take"]
NEXT_TO_SPARE_CM: float = T["next_to_spare_cm"]
POINT_STOP_CM: float = T["point_stop_cm"]
STAGE_DISTANCES_CM: tuple[float, ...] = T["stage_distances_cm"]
STAGE_ANGLES_DEG: tuple[int, ...] = T["stage_angles_deg"]
SHORTEST_MOVE_CM: float = T["shortest_move_cm"]
CITY_MARGIN_CM: float = T["city_margin_cm"]
OVERSHOOT: float = T["overshoot"]
WALK_MARGIN_CM: float = T["walk_margin_cm"]
THREATS_TRIED: int = T["threats_tried"]
FLANKED: int = T["flanked"]
OUT_FRONT_CM: float = T["out_front_cm"]
ZOMBIES_TRIED: int = T["zombies_tried"]
SHOT_MARGIN_CM: float = T["shot_margin_cm"]
GUARD_DOOR_CM: float = T["guard_door_cm"]
GUARD_ANITA_CM: float = T["guard_anita_cm"]
SURE_REACH_CM: float = T["sure_reach_cm"]
SURE_TOKEN_CM: float = T["sure_token_cm"]
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


class CoreBot(Walker):
    """The tactics of scenarios 1-4, on which `flick.game.HeuristicBot` (scenarios 1-10)
    builds; `decide(game)` returns the next input."""

    name = "core"

    def __init__(self, seed: int, noise: HandNoise | None = None, params: Any = None) -> None:
        """`noise` is the bot's hand; by default the steady hand of the physics parameters
        `params` (`hand_noise.steady`; the shipped file's when None)."""
        self.rng = np.random.default_rng([int(seed), BOT_STREAM])
        if noise is None:
            if params is None:
                params = PhysicsParams.default()
            noise = HandNoise.from_params(params, "steady")
        self.noise = noise
        self.trials = Trials(seed, noise)

    # ---- entry --------------------------------------------------------------------------
    def decide(self, game: Game) -> Input:
        phase = game.phase
        if phase == "choose":
            return self._choose(game)
        if phase == "act":
            return self._act(game, game.active_survivor)
        if phase == "keep":
            return self._keep(game)
        if phase == "fight":
            return self._fight(game)
        if phase == "hunger":
            return self._hunger(game)
        raise ValueError(f"nothing to decide in phase {phase!r}")

    # ---- choosing a survivor ------------------------------------------------------------------
    def _choose(self, game: Game) -> Input:
        cands = game.available(game.current_team)
        holder = game.pretzel_holder()
        if game.round_first_turn and holder in cands:
            return ChooseSurvivor(holder.name)
        escort = self._escort_turn(game, cands)
        if escort is not None:
            return ChooseSurvivor(escort.name)

        def score(s: Survivor) -> tuple[float, str]:
            threat = self._nearest_zombie(game, s)
            t = THREAT_FIRST if threat is not None and threat[1] < THREAT_CM else 0.0
            goal = self._goal_point(game, s)
            here = game.board.piece_position(s)
            d = math.dist(goal, here) if goal is not None and here is not None else NO_GOAL_CM
            return (t - d + self._sure_progress(game, s), s.name)

        best = max(cands, key=score)
        return ChooseSurvivor(best.name)

    def _escort_turn(self, game: Game, cands: list[Survivor]) -> Survivor | None:
        """S3: Anita's escort plays first in each round: her few turns are the clock."""
        if not self._escorting(game):
            return None
        return next((s for s in cands if s.name == game.rules.escort), None)

    @staticmethod
    def _escorting(game: Game) -> bool:
        """S3: the objective is escorting a rescued figure into a building."""
        return any(o.id == "escort_to_building" for o in game.scenario.objectives)

    def _searching(self, game: Game) -> bool:
        """S3 before the rescue: the wounded survivor is still hidden under a token."""
        anita = game.survivors.get(game.rules.rescued or "")
        return self._escorting(game) and anita is not None and anita.alive \
            and anita.piece is None and anita.building is None

    def _sure_progress(self, game: Game, s: Survivor) -> float:
        """Scenarios 2 and 4: a survivor in a building with no zombie inside that can take or
        drop a token for the objective there plays first (300): every turn's rush draws
        zombies into buildings, and one inside turns that sure action into a fight."""
        if not self._fetch_coop(game) or s.building is None:
            return 0.0
        if game.building_zombies.get(s.building):
            return 0.0
        td = self._take_drop_here(game, s, s.building)
        return SURE_TAKE if td is not None else 0.0

    # ---- acting -----------------------------------------------------------------------------
    def _act(self, game: Game, s: Survivor) -> Input:
        if "move" not in game.legal_kinds():
            return self._end(game, s)  # only a power's free move is left (scenarios 5-10)
        if s.building is not None:
            return self._bin_duty(game, s) or self._inside(game, s)
        board = game.board
        assert s.piece is not None
        near = self._nearest_zombie(game, s)
        goal = self._goal(game, s)
        escort = game.rules.escort == s.name  # S3: every escort action is LOUD
        if goal[0] == "enter" and self._quiet_plan(game):
            # Scenarios 2-4: in through the door at once when a straight flick can do it
            # (inside, the zombies at the door no longer matter).
            entry = self._approach(game, s, goal[1], direct_only=True)
            if entry is not None:
                return entry
        if escort and near is not None and near[1] < board.disc - NEXT_TO_SPARE_CM:
            # S3: the escort steps away from a zombie next to it rather than fight (LOUD).
            step = self._to_goal(game, s, goal)
            if step is not None:
                return step
        if near is not None and near[1] < board.disc - NEXT_TO_SPARE_CM:
            quiet = [w for w in s.weapons() if w in ("knife", "bat")]
            return ShortKill(near[0], quiet[0] if quiet else s.weapons()[0])
        if near is not None and near[1] < THREAT_CM and board.table.is_standing(near[0]) \
                and self._worth_a_shot(game, s, goal, near):
            shot = self._shot_at(game, s, near[0])
            if shot is not None:
                return shot
        duty = self._bin_duty(game, s)
        if duty is not None:
            return duty
        take = self._take_in_city(game, s)
        if take is not None:
            return take
        if goal[0] == "enter":
            stage = self._staging_move(game, s, goal[1])
            if stage is not None:
                return stage
            return self._approach(game, s, goal[1]) or self._fallback(game, s)
        if goal[0] == "object":
            return self._to_object(game, s, goal[1]) or self._fallback(game, s)
        if goal[0] == "barricade":
            return self._clear_barricade(game, s, goal[1])
        if goal[0] == "hunt":
            return self._hunt(game, s)
        if goal[0] == "wait":
            return self._end(game, s)
        if goal[0] == "guard":
            return self._guard(game, s, goal[1])
        if goal[0] == "point":
            mv = self._navigate(game, s, goal[1], stop_short=POINT_STOP_CM)
            if mv is not None:
                return mv
            return self._fallback(game, s)
        return self._end(game, s)

    def _staging_move(self, game: Game, s: Survivor, building: str) -> Input | None:
        """Scenarios 2 and 4: one clear move (up to STAGE_CM) to a free spot in front of the
        door with a clean line in, so the next action enters (the queue spot's short hops
        round a building cost a carrier from the north side of the RV a turn or two). The
        spot nearest the door wins. None when no such spot is in one move's reach."""
        if not self._fetch_coop(game) or s.piece is None:
            return None
        board = game.board
        here = board.pos(s.piece)
        nx, ny = board.normal(building)
        mx, my = board.door_mid(building)
        base = math.atan2(ny, nx)
        r = board.disc / 2
        obstacles = self._obstacles(game)
        zombies = [z for z in board.zombies() if board.table.is_standing(z)]
        for dist in STAGE_DISTANCES_CM:
            spots = []
            for deg in STAGE_ANGLES_DEG:
                a = base + math.radians(deg)
                p = (mx + dist * math.cos(a), my + dist * math.sin(a))
                length = math.dist(here, p)
                if length < SHORTEST_MOVE_CM or length > STAGE_CM:
                    continue
                if not board.in_city_point(p, r + CITY_MARGIN_CM):
                    continue
                if next_to_standing(board, p, zombies):
                    continue
                h = math.atan2(p[1] - here[1], p[0] - here[0])
                over = (here[0] + length * OVERSHOOT * math.cos(h),
                        here[1] + length * OVERSHOOT * math.sin(h))
                if not path_clear(here, over, r, obstacles, {s.piece}, margin=WALK_MARGIN_CM):
                    continue
                if self._entry_line(game, s.piece, p, building) is None:
                    continue
                spots.append((length, p))
            if spots:
                _, p = min(spots)
                fl, angle = self._disc_flick(game, here, p)
                return Move(fl, angle=angle)
        return None

    def _bin_duty(self, game: Game, s: Survivor) -> Input | None:
        """Scenarios 2 and 4: the last survivors of a round restock the bin when the next
        horde needs more zombies than it holds (else the city is overrun): with no more
        survivors left to play this round than kills needed plus one, a shot at a standing
        zombie in reach, or (first action, nothing to deliver) a move to a spot to shoot
        from. None when there is no such duty or no such shot."""
        if not self._fetch_coop(game):
            return None
        kills = self.kills_needed(game)
        if kills <= 0 or len(game.available(game.current_team)) > kills + 1:
            return None
        if self._carrier(game, s):
            return None  # a token on its way to the base is worth more than a kill
        if s.building is not None:
            if game.building_zombies.get(s.building) or \
                    self._take_drop_here(game, s, s.building) is not None:
                return None
            return self._shoot_out(game, s, s.building)
        me = s.piece
        if me is None:
            return None
        board = game.board
        zs = sorted((z for z in board.zombies() if board.table.is_standing(z)),
                    key=lambda z: (board.distance(me, z), z))
        for z in zs[:THREATS_TRIED]:
            shot = self._shot_at(game, s, z)
            if shot is not None:
                return shot
        if game.actions_done == 0 and zs:
            goal = self._goal(game, s)
            if goal[0] != "enter" or goal[1] not in self._bases(game):
                return self._flank(game, s, zs[:FLANKED])
        return None

    def _carrier(self, game: Game, s: Survivor) -> bool:
        """Does `s` carry a token the base still needs?"""
        for obj in game.scenario.objectives:
            if obj.id == "tokens_in_base":
                p = dict(obj.params)
                base = str(p.get("base", p.get("building", "rv")))
                need = {k: int(v) for k, v in p.get("tokens", {}).items()}
                missing = self._needs(game, base, need)
                if any(self._deliverable(game, t, missing) for t in s.inventory):
                    return True
        return False

    def _shoot_out(self, game: Game, s: Survivor, building: str) -> Input | None:
        """A bullet (or, without a gun, the knife: QUIET) from behind the building out
        between its blocks at a standing zombie in front of the door, within the weapon's
        reach, on a clear line."""
        weapon = "gun" if "gun" in s.weapons() else "knife" if "knife" in s.weapons() else None
        if weapon is None:
            return None
        board = game.board
        start = board.behind(building, board.bullet_d)
        own = set(board.building_parts(building))
        obstacles = self._obstacles(game)
        zs = sorted((z for z in board.zombies() if board.table.is_standing(z)
                     and board.door_depth(board.pos(z), building) > OUT_FRONT_CM
                     and math.dist(board.pos(z), start) < SHOT_RANGE[weapon]),
                    key=lambda z: (math.dist(board.pos(z), start), z))
        for z in zs[:ZOMBIES_TRIED]:
            if not path_clear(start, board.pos(z), board.bullet_d / 2, obstacles, {z, *own},
                              margin=SHOT_MARGIN_CM):
                continue
            kind = "bullet" if weapon == "gun" else "knife"
            angle, strength = impulse_to(board.params, kind, start, board.pos(z),
                                         arrive=BULLET_ARRIVE)
            a, f = noisy(angle, strength, self.noise, self.rng)
            if weapon == "knife":
                return Knife("left", Flick(vector(a, f)))
            return Shoot("left", Flick(vector(a, f)))
        return None

    def _bases(self, game: Game) -> set[str]:
        return {str(o.params.get("base", o.params.get("building", "rv")))
                for o in game.scenario.objectives if o.id == "tokens_in_base"}

    def guard_targets(self, game: Game, s: Survivor, building: str) -> list[int]:
        """S3: standing zombies within 30 cm of the Hospital's door (the escort's entry
        draws the nearest three in with it) and over 20 cm from Anita."""
        board = game.board
        door = board.door_mid(building)
        anita = game.survivors.get(game.rules.rescued or "")
        at = board.piece_position(anita) if anita is not None else None
        return sorted((z for z in board.zombies() if board.table.is_standing(z)
                       and math.dist(board.pos(z), door) < GUARD_DOOR_CM
                       and (at is None or math.dist(board.pos(z), at) > GUARD_ANITA_CM)),
                      key=lambda z: (math.dist(board.pos(z), door), z))

    def _guard(self, game: Game, s: Survivor, building: str) -> Input:
        """S3: clear the Hospital's door for the escort: shoot a zombie there, or move to
        a spot to shoot it from (first action only); else a quiet end."""
        targets = self.guard_targets(game, s, building)
        for z in targets[:ZOMBIES_TRIED]:
            shot = self._shot_at(game, s, z)
            if shot is not None:
                return shot
        if targets and game.actions_done == 0 and s.piece is not None:
            mv = self._flank(game, s, targets[:FLANKED])
            if mv is not None:
                return mv
        return self._end(game, s)

    def _to_goal(self, game: Game, s: Survivor, goal: tuple[str, Any]) -> Input | None:
        """A move toward the goal, or None."""
        if goal[0] == "enter":
            return self._approach(game, s, goal[1])
        target = self._goal_point_of(game, goal)
        return self._navigate(game, s, target) if target is not None else None

    def _fallback(self, game: Game, s: Survivor) -> Input:
        """No step toward the goal: a shot where the plan wants kills, else a quiet end (a
        SILENT turn draws no zombies)."""
        if not self._quiet_plan(game) or self.kills_needed(game) > 0:
            return self._hunt(game, s, move=False)
        return self._end(game, s)

    def _worth_a_shot(self, game: Game, s: Survivor, goal: tuple[str, Any],
                      near: tuple[int, float]) -> bool:
        """A shot is LOUD (three zombies rush). In scenarios 2-4 it is worth it at a zombie
        about to be too close, or standing in the way to the goal, or when the next horde
        needs kills back in the bin; the S1 plan thins the zombies out, so it shoots every
        threat."""
        if not self._quiet_plan(game):
            return True
        if game.rules.escort == s.name:
            return False  # S3: the escort only moves; Anita must not draw rushes
        if self._searching(game):
            # S3's search: the walk goes round a zombie in the way (a shot costs the action
            # and rushes three zombies at the searchers); only one about to be too close.
            return near[1] < CLOSE_CM or self.kills_needed(game) > 0
        return near[1] < CLOSE_CM or self._in_the_way(game, s, goal, near[0]) or \
            self.kills_needed(game) > 0

    def _quiet_plan(self, game: Game) -> bool:
        """Scenarios 2-4: the objective is fetching (tokens, a survivor), not killing."""
        return any(o.id in ("tokens_in_base", "escort_to_building")
                   for o in game.scenario.objectives)

    def _in_the_way(self, game: Game, s: Survivor, goal: tuple[str, Any], z: int) -> bool:
        """Does zombie `z` stand within 25 cm along the straight way to the goal?"""
        board = game.board
        target = self._goal_point_of(game, goal)
        here = board.piece_position(s)
        if target is None or here is None:
            return False
        d = math.dist(here, target)
        if d < 1.0:
            return False
        reach = min(d, SURE_REACH_CM)
        end = (here[0] + (target[0] - here[0]) * reach / d,
               here[1] + (target[1] - here[1]) * reach / d)
        return point_segment(board.pos(z), here, end) < board.disc / 2 + board.figure_r + 1.0

    def _end(self, game: Game, s: Survivor) -> Input:
        near = self._nearest_zombie(game, s)
        if near is None or s.piece is None:
            return EndTurn()
        zx, zy = game.board.pos(near[0])
        x, y = game.board.pos(s.piece)
        return EndTurn(facing=math.atan2(zy - y, zx - x))

    # ---- goals ---------------------------------------------------------------------------------
    def _goal(self, game: Game, s: Survivor) -> tuple[str, Any]:
        """What `s` should be doing for the scenario's objective: the first objective of
        scenarios 1-4 the scenario names (`flick.game.bots.goals.CORE`), else hunting."""
        for obj in game.scenario.objectives:
            aim = CORE.get(obj.id)
            if aim is not None:
                goal = aim(self, game, s, obj)
                if goal is not None:
                    return goal
        return HUNT

    def _needs(self, game: Game, base: str, need: dict[str, int]) -> dict[str, int]:
        have: dict[str, int] = {}
        for t in game.stashes.get(base, []):
            have[t.kind] = have.get(t.kind, 0) + 1
        carried: dict[str, int] = {}
        for x in game.survivors.values():
            if x.alive:
                for t in x.inventory:
                    carried[t.kind] = carried.get(t.kind, 0) + 1
        return {k: v - have.get(k, 0) for k, v in need.items() if v - have.get(k, 0) > 0}

    def token_goal(self, game: Game, s: Survivor, base: str,
                    need: dict[str, int]) -> tuple[str, Any]:
        missing = self._needs(game, base, need)
        if any(self._deliverable(game, t, missing) for t in s.inventory):
            self._claims_of(game).pop(s.name, None)
            return ("enter", base)
        carried = {t.kind for x in game.survivors.values() if x.alive and x is not s
                   for t in x.inventory}
        wanted = {k for k in missing if k not in carried or missing[k] > 1}
        # S2 and S4: a face-down token is worth a search while it can still be a wanted
        # kind: once the rest of its pool has been seen, what it is follows (S2: 3 of the 4
        # revealed). Elsewhere a face-down token can matter beyond the base's need (S5's
        # separated survivors, S6-S10's keys and crossroads): every one is worth a look.
        # A face-up token that is needed is a sure thing: worth a 25 cm detour over a gamble.
        if self._fetch_coop(game):
            unseen = self._unseen_kinds(game)

            def useful(t: Any) -> bool:
                return bool(self._could_be(game, t, unseen) & wanted)
        else:
            def useful(t: Any) -> bool:
                return (not t.face_up) or t.kind in wanted
        return self.search_goal(game, s, useful, skip=base, home=base,
                                 sure=lambda t: t.face_up and t.kind in wanted)

    @staticmethod
    def _unseen_kinds(game: Game) -> dict[int, set[str]]:
        """Per shuffled pool, the kinds some token of it still hides: the pool's kinds
        less those of its tokens seen face up (lying anywhere or carried; one eaten or lost
        is no longer seen, which widens the guess, never narrows it)."""
        left = [dict(pool.shuffle) for pool in game.scenario.tokens.pools]
        seen = [u for stash in game.stashes.values() for u in stash]
        seen += [u for x in game.survivors.values() for u in x.inventory]
        for u in seen:
            pool = game.token_pool.get(u.uid)
            if u.face_up and pool is not None and left[pool].get(u.kind, 0) > 0:
                left[pool][u.kind] -= 1
        return {i: {k for k, n in kinds.items() if n > 0} for i, kinds in enumerate(left)}

    def _could_be(self, game: Game, t: Any,
                  unseen: dict[int, set[str]] | None = None) -> set[str]:
        """The kinds token `t` can be, to a player: its own when face up; for a face-down
        token dealt from a shuffled pool, what its pool still hides (`_unseen_kinds`, passed
        in when already worked out); any kind for another face-down token."""
        if t.face_up:
            return {t.kind}
        pool = game.token_pool.get(t.uid)
        if pool is None:
            return set(TOKEN_KINDS)
        return (unseen if unseen is not None else self._unseen_kinds(game))[pool]

    def _food_counts(self, game: Game) -> tuple[int, int, int, int] | None:
        """S4: the food the base needs, has, the survivors carry, and lies face up elsewhere;
        None when the objective wants no food."""
        for obj in game.scenario.objectives:
            if obj.id != "tokens_in_base" or "food" not in obj.params.get("tokens", {}):
                continue
            base = str(obj.params.get("base", obj.params.get("building", "rv")))
            need = int(obj.params["tokens"]["food"])
            have = sum(1 for t in game.stashes.get(base, []) if t.kind == "food")
            carried = sum(1 for x in game.survivors.values() if x.alive
                          for t in x.inventory if t.kind == "food")
            lying = sum(1 for key, stash in game.stashes.items() if key != base
                        for t in stash if t.face_up and t.kind == "food")
            return need, have, carried, lying
        return None

    def _food_short(self, game: Game) -> bool:
        """S4: does the base lack food the known food (carried, lying face up) cannot
        spare one of?"""
        counts = self._food_counts(game)
        if counts is None:
            return False
        need, have, carried, lying = counts
        return have + carried + lying - 1 < need

    def _hungry_is_cheaper(self, game: Game) -> bool:
        """Going hungry costs every survivor a life; worth it when nobody dies of it and a
        food eaten now would be missing from the objective."""
        alive = [x for x in game.survivors.values() if x.alive]
        return bool(alive) and all(x.life >= 2 for x in alive) and (
            self._food_short(game) or self._late_food_short(game))

    def _late_food_short(self, game: Game) -> bool:
        """S4 (co-op fetch): at a hunger, the food that can still reach the base is what is
        in it and what the survivors carry (a face-up food still lying in a store was
        counted by `_food_short`, but 40 games at seed 100 ended 12 times with all 6 food
        taken, 2 eaten and 1 short in the RV): short when that, less the food eaten now,
        does not make the objective."""
        counts = self._food_counts(game) if self._fetch_coop(game) else None
        if counts is None:
            return False
        need, have, carried, _ = counts
        return have + carried - 1 < need

    def _deliverable(self, game: Game, t: Any, missing: dict[str, int]) -> bool:
        """Should this carried token go to the base? S4: food goes to the RV (keeping every
        food back for the two hungers left the RV empty in every game measured); only when
        a hunger comes at the end of this round is one food kept back to eat, and only
        while the group carries no more food than that."""
        if t.kind not in missing:
            return False
        if t.kind != "food" or not game.rules.has("hunger"):
            return True
        markers = game.rules.ids["hunger"].get("markers", [2, 1])
        left = sum(1 for m in markers if int(m) < game.round_marker)
        alive = [x for x in game.survivors.values() if x.alive]
        if all(x.life > left for x in alive) and self._food_short(game):
            return True  # the group can go hungry every time left: all food to the base
        to_eat = sum(1 for m in markers if int(m) == game.round_marker - 1)
        carried = sum(1 for x in game.survivors.values() if x.alive
                      for u in x.inventory if u.kind == "food")
        return carried > to_eat

    def search_goal(self, game: Game, s: Survivor, useful: Any, skip: str | None = None,
                     home: str | None = None, sure: Any = None) -> tuple[str, Any]:
        """Where `s` should go for a token worth taking: places are shared out between the
        searching survivors, nearest pairs first (greedy matching), so the group spreads over
        the city instead of crowding one door."""
        if game.board.piece_position(s) is None:
            return ("hunt", None)
        searchers = [x for x in game.survivors.values()
                     if x.alive and x.playable and game.board.piece_position(x) is not None
                     and (x is s or x.free_spaces() > 0)]
        pairs = []
        goals: dict[str, tuple[str, Any]] = {}
        for x in searchers:
            for d, key, goal in self._candidates(game, x, useful, skip, home, sure):
                pairs.append((d, x.name, key))
                goals[key] = goal
        # A survivor keeps the place it set out for while that place still holds something
        # useful (re-matching every turn as everyone moves sends survivors back and forth).
        claims = self._claims_of(game)
        valid = {name: key for name, key in claims.items()
                 if any(x.name == name for x in searchers)
                 and any(k == key for _, n, k in pairs if n == name)}
        mine = self._candidates(game, s, useful, skip, home, sure)
        if s.name in valid:
            return next(goal for _, key, goal in mine if key == valid[s.name])
        taken: set[str] = set(valid.values())
        busy: set[str] = set(valid)
        for _, name, key in sorted(pairs):
            if name in busy or key in taken:
                continue
            if name == s.name:
                claims[s.name] = key
                return goals[key]
            busy.add(name)
            taken.add(key)
        if mine:
            return mine[0][2]
        return ("hunt", None) if self.kills_needed(game) > 0 else ("wait", None)

    def _claims_of(self, game: Game) -> dict[str, str]:
        """Which place each searching survivor set out for, in this game."""
        if getattr(self, "_claims_game", None) is not game:
            self._claims_game: Any = game
            self._claims: dict[str, str] = {}
        return self._claims

    def kills_needed(self, game: Game) -> int:
        """Zombies to kill (back to the bin) before this round ends, or the next horde finds
        too few in the bin and the city is overrun."""
        if self._fetch_coop(game) and game.round_marker <= 1 and \
                game.scenario.skull.id == "skull_survivors_lose":
            # Scenarios 2 and 4, last round: the skull ends the game before the next horde,
            # so a kill for the bin wastes a carrier's action.
            return 0
        inv = game.scenario.invasion
        nxt = int(inv.night if game.round_colour == "day" else inv.day)
        return max(0, nxt - game.bin)

    def _candidates(self, game: Game, s: Survivor, useful: Any, skip: str | None,
                    home: str | None = None, sure: Any = None,
                    ) -> list[tuple[float, str, tuple[str, Any]]]:
        """Places holding a useful token that `s` can reach, cheapest first (cost cm, key,
        goal): the way there, plus the way on to `home` (the base the token goes to), less
        25 cm where a `sure` token lies."""
        board = game.board
        here = board.piece_position(s)
        assert here is not None
        out: list[tuple[float, str, tuple[str, Any]]] = []
        for key, stash in sorted(game.stashes.items()):
            if key == skip or not any(useful(t) for t in stash):
                continue
            if key in board.buildings:
                if board.barricaded(key):
                    goal: tuple[str, Any] = ("barricade", key)
                elif game.rules.entry_refused(game, s, key) is not None:
                    continue
                else:
                    goal = ("enter", key)
                point = board.door_mid(key)
                d = 0.0 if s.building == key else math.dist(here, point)
            elif key.startswith("piece:") and game.rules.has("take_in_city"):
                pid = int(key.split(":", 1)[1])
                if not board.exists(pid):
                    continue
                goal = ("object", pid)
                d = math.dist(here, board.pos(pid))
            else:
                continue
            if home is not None and home in board.buildings:
                d += math.dist(point if key in board.buildings else board.pos(pid),
                               board.door_mid(home))
            if sure is not None and any(sure(t) for t in stash):
                d -= SURE_TOKEN_CM
            if key in board.buildings and key != s.building and \
                    game.rules.has("fight_survivor_vs_zombie"):
                # Entering a building with zombies inside starts a fight (a life at stake,
                # a LOUD turn with a gun): worth a detour of FIGHT_CM per zombie to avoid;
                # on its last life a survivor does not go (a lost fight is its death).
                inside = len(game.building_zombies.get(key, []))
                if inside and s.life <= 1:
                    continue
                d += FIGHT_CM * inside
            out.append((d, key, goal))
        out.sort(key=lambda c: (c[0], c[1]))
        return out

    def _goal_point(self, game: Game, s: Survivor) -> Vec | None:
        """Where `s`'s goal lies; for a goal with no place (hunt, wait), its nearest zombie."""
        goal = self._goal(game, s)
        if goal[0] in PLACED_GOALS:
            return self._goal_point_of(game, goal)
        near = self._nearest_zombie(game, s)
        return game.board.pos(near[0]) if near is not None else None

    # ---- inside a building --------------------------------------------------------------------
    def _inside(self, game: Game, s: Survivor) -> Input:
        building = s.building
        assert building is not None
        if self._search_next_turn(game, s, building):
            return self._end(game, s)
        td = self._take_drop_here(game, s, building)
        if td is not None:
            return td
        goal = self._goal(game, s)
        if goal == ("enter", building):
            return self._end(game, s)
        if goal[0] == "wait" and self._fetch_coop(game):
            # S2/S4: nothing left to fetch (what is needed is carried, or known not to be
            # there): inside, no rush can fell it; out in the streets every rush can.
            return self._end(game, s)
        return self._exit(game, s, building, goal) or self._fetch_exit(game, s, building, goal) \
            or self._end(game, s)

    def _exit_turns(self, game: Game) -> tuple[float, ...]:
        """S2 and S4: also 0.3 and 0.4 rad off the door's axis, where the way on to the
        goal leaves the door at a slant (S2 seed 100 x 40: taken 85 times, most out of the
        Police Station for the School, the Library for the RV and the RV for the School;
        S2 seeds 100-700 x 40: 88 of 280 won instead of 83, S4 seeds 100-300: 62 of 120
        instead of 59). Elsewhere the narrower fan the plans were measured with (with the
        wide one S5 at seed 100 fell from 12 to 5 won of 40)."""
        narrow = super()._exit_turns(game)
        return (*narrow, *FETCH_EXIT_TURNS) if self._fetch_coop(game) else narrow

    def _exit_score(self, game: Game, building: str, goal: tuple[str, Any], out: Vec,
                    target: Vec) -> float:
        """Scenarios 2 and 4, a carrier on its way to the base: a way out that ends past the
        base's door line (the flick enters it too: S4's Grocery faces the RV) comes first;
        any other scores its distance to a spot EXIT_FRONT_CM in front of the door, plus
        EXIT_NO_LINE_CM where no clean straight flick enters from it.
        Scored by the door's middle alone, the way out of S2's Gas Station ended 24 cm out,
        where the hand's error left Mike beside the RV's block with no line in (seed 100: his
        fuel waited a round); a nearer spot forgives that error."""
        if not self._fetch_coop(game) or goal[0] != "enter" or goal[1] == building or \
                goal[1] not in self._bases(game):
            return super()._exit_score(game, building, goal, out, target)
        board = game.board
        b = goal[1]
        a, c = board.table.door_line(board.bid(b))
        depth = board.door_depth(out, b)
        if depth <= 0.0 and point_segment(out, a, c) <= DOOR_LINE_CM - depth:
            return math.dist(out, target) - ENTERED_BONUS  # in through the base's door: entered
        front = math.dist(out, board.front(b, EXIT_FRONT_CM))
        if self._entry_line(game, None, out, b) is None:
            front += EXIT_NO_LINE_CM
        return front

    def _fetch_coop(self, game: Game) -> bool:
        """Scenarios 2 and 4: a co-op game whose objective is tokens in the base."""
        return game.scenario.mode == "co-op" and any(
            o.id == "tokens_in_base" for o in game.scenario.objectives)

    def _fetch_exit(self, game: Game, s: Survivor, building: str,
                    goal: tuple[str, Any]) -> Input | None:
        """Scenarios 2 and 4, when `_exit` found no clear way out: a carrier sat for rounds
        in a building whose door a pushed barrel or a teammate blocked (S4: 1 in 4 games).
        Objects in front of the door are set aside for the attempt (rulebook p. 8, as when
        entering), and the way out may leave at up to 40 degrees off the door's axis,
        checked from behind the building between the blocks; failing a clear line, the
        widest ones are tried under the hand noise (`Trials.move`)."""
        if not self._fetch_coop(game):
            return None
        board = game.board
        start = board.behind(building, board.disc)
        mx, my = board.door_mid(building)
        nx, ny = board.normal(building)
        r = board.disc / 2
        own = set(board.building_parts(building))
        obstacles = self._obstacles(game)
        blocks = [ob for ob in obstacles if ob.pid in own]
        others = [ob for ob in obstacles if ob.pid not in own and ob.pid != s.piece]
        aside = tuple(sorted({ob.pid for ob in others if ob.kind in OBJECTS
                              and math.dist(ob.centre, (mx, my))
                              <= SET_ASIDE_REACH_CM - ASIDE_ROOM_CM
                              and board.door_depth(ob.centre, building) > -ASIDE_DEPTH_CM}))
        target = self._goal_point_of(game, goal) or board.front(building, EXIT_AHEAD_CM)
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
                if self.trials.move(game, start, angle, strength, inside=building,
                                    aside=aside, n=FEW_TRIALS) < EXIT_ODDS:
                    continue
            a, f = noisy(angle, strength, self.noise, self.rng)
            return Move(Flick(vector(a, f)), angle=angle, set_aside=aside)
        return None

    def _search_next_turn(self, game: Game, s: Survivor, building: str) -> bool:
        """S3: a searcher with one action left in a building holding a face-down token waits
        for its next turn to take it: the token may be Anita, whose escort makes every turn
        LOUD, and a LOUD rush at a survivor still inside brings zombies in (a fight each turn
        after); taking first, it walks her out with its second action."""
        if not self._searching(game):
            return False
        if game.actions_done + 1 < game.rules.max_actions(game):
            return False
        return any(not t.face_up for t in game.stashes.get(building, []))

    def _take_drop_here(self, game: Game, s: Survivor, place: str) -> Input | None:
        stash = game.stashes.get(place, [])
        goal = self._goal(game, s)
        need: dict[str, int] = {}
        base = None
        for obj in game.scenario.objectives:
            if obj.id == "tokens_in_base":
                base = obj.params.get("base", obj.params.get("building", "rv"))
                need = self._needs(game, base,
                                   {k: int(v) for k, v in obj.params.get("tokens", {}).items()})
        if place == base:
            for i, t in enumerate(s.inventory):
                if self._deliverable(game, t, need):
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
                return self._exchange(s, i, junk[0], where)
            if not t.face_up:
                return TakeDrop(take=i, place=where)
        return None

    @staticmethod
    def _exchange(s: Survivor, take: int, drop: int, where: str | None) -> Input:
        """Take token `take` for inventory space `drop` (one action), or, when `s` holds more
        than its spaces (the pretzel is handed over whatever the receiver holds), the drop
        alone: an exchange would still leave no space, and the engine refuses it."""
        if s.free_spaces() < 0:
            return TakeDrop(drop=drop, place=where)
        return TakeDrop(take=take, drop=drop, place=where)

    def _take_in_city(self, game: Game, s: Survivor) -> Input | None:
        if not game.rules.has("take_in_city") or s.piece is None:
            return None
        if self._escorting(game) and game.rules.escort == s.name:
            return None  # S3: Anita is found; a take is a LOUD action lost
        for key in object_stashes_near(game, s):
            if game.stashes[key]:
                td = self._take_drop_here(game, s, key)
                if td is not None:
                    return td
        return None

    def _keep(self, game: Game) -> Input:
        """Keep what the objective needs and weapons; medicine (no use in scenarios 1-4)
        only while the inventory has room to spare."""
        s = game.active_survivor
        assert game.pending_take is not None
        key, index = game.pending_take
        token = game.stashes[key][index]
        spare = s.free_spaces() >= 2 or token.kind != "medicine"
        if any(o.id == "escort_to_building" for o in game.scenario.objectives) \
                and token.kind not in WEAPONS:
            # S3: supplies serve no objective; a free space searches one more place.
            return Keep(keep=False)
        return Keep(keep=s.free_spaces() > 0 and spare)

    # ---- moving --------------------------------------------------------------------------------
    def _clear_barricade(self, game: Game, s: Survivor, building: str) -> Input:
        """S4: shoot (or push with the disc) the barricades out of the door."""
        board = game.board
        assert s.piece is not None
        here = board.pos(s.piece)
        stage = board.front(building, BARRICADE_STAGE_CM)
        bars = [b for b in board.barricades() if board.blocks_door(b, building)]
        if not bars:
            return self._approach(game, s, building) or self._hunt(game, s, move=False)
        if math.dist(here, stage) > STAGE_NEAR_CM:
            mv = self._navigate(game, s, stage)
            if mv is not None:
                return mv
        target = min(bars, key=lambda b: math.dist(here, board.pos(b)))
        shot = self._shot_at(game, s, target, arrive=BARRICADE_ARRIVE, ignore_clear=True)
        if shot is not None:
            return shot
        fl, angle = self._disc_flick(game, here, board.pos(target), extra=BARRICADE_PUSH_CM)
        return Move(fl, angle=angle)

    # ---- fighting -------------------------------------------------------------------------------
    def _nearest_zombie(self, game: Game, s: Survivor) -> tuple[int, float] | None:
        board = game.board
        if s.piece is None:
            return None
        zs = board.zombies()
        if not zs:
            return None
        dists = [(board.distance(s.piece, z), z) for z in zs]
        d, z = min(dists)
        return (z, d)

    def _shot_at(self, game: Game, s: Survivor, target: int, arrive: float = BULLET_ARRIVE,
                 ignore_clear: bool = False) -> Input | None:
        """Gun, sniper, shotgun or knife at `target`, from a side with a clear line."""
        board = game.board
        assert s.piece is not None
        here = board.pos(s.piece)
        tx, ty = board.pos(target)
        dist = math.dist(here, (tx, ty))
        weapons = s.weapons()
        obstacles = self._obstacles(game)
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
                    a, f = noisy(angle, strength, self.noise, self.rng, template=True)
                    return Sniper(side, a, f)
                if weapon == "shotgun":
                    a, f = noisy(angle, strength, self.noise, self.rng, template=True)
                    return Shotgun(side, a, f)
                a, f = noisy(angle, strength, self.noise, self.rng)
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
                        second = Flick(vector(*noisy(a2, f2, self.noise, self.rng)))
                return Shoot(side, Flick(vector(a, f)), second=second)
        return None

    def _hunt(self, game: Game, s: Survivor, move: bool = True) -> Input:
        """Shoot the nearest zombie in range with a clear line; else close in on it."""
        board = game.board
        me = s.piece
        if me is None:
            return self._end(game, s)
        zs = sorted(board.zombies(), key=lambda z: (board.distance(me, z), z))
        for z in zs[:ZOMBIES_TRIED]:
            if not board.table.is_standing(z):
                continue
            shot = self._shot_at(game, s, z)
            if shot is not None:
                return shot
        if move and zs and game.actions_done == 0:
            mv = self._flank(game, s, [z for z in zs[:FLANKED] if board.table.is_standing(z)])
            if mv is not None:
                return mv
        return self._end(game, s)

    def _flank(self, game: Game, s: Survivor, zombies: list[int]) -> Input | None:
        """Move to where a zombie can be shot: a spot 14-20 cm from it with a clear line,
        the nearest such spot to the survivor."""
        board = game.board
        assert s.piece is not None
        here = board.pos(s.piece)
        obstacles = self._obstacles(game)
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
            mv = self._navigate(game, s, p)
            if mv is not None:
                return mv
        return None

    def _fight(self, game: Game) -> Input:
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
        return self._fight_flick(game, kind, (sx, sy), (tx, ty))

    def _fight_flick(self, game: Game, kind: str, start: tuple[float, float],
                     target: tuple[float, float], arrive: float = FIGHT_ARRIVE) -> FightFlick:
        """The fight's attack: `kind` flicked from `start` at `target` by the bot's hand."""
        angle, strength = impulse_to(game.board.params, kind, start, target, arrive=arrive)
        return FightFlick(Flick(vector(*noisy(angle, strength, self.noise, self.rng))))

    def _hunger(self, game: Game) -> Input:
        """Eat a carried food, or go hungry (every survivor loses a life) when no survivor
        would die of it and the food is worth more to the objective (the base still lacks
        food that the known food cannot spare)."""
        carriers = sorted((s for s in game.survivors.values()
                           if s.alive and any(t.kind == "food" for t in s.inventory)),
                          key=lambda s: s.name)
        if carriers and self._hungry_is_cheaper(game):
            return GoHungry()
        for s in carriers:
            slot = next(i for i, t in enumerate(s.inventory) if t.kind == "food")
            return Eat(s.name, slot)
        return GoHungry()
