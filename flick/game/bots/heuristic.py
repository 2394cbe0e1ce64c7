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

Here: choosing a survivor, the order of the tactics, the goal and its pursuit, guards and the
end of a turn. The bot holds its tactics as objects, one idea each, made from its registry
`CoreBot.TACTICS`: `walking` (moves, entering and leaving buildings), `fetching` (what a base
needs, where to search, what to keep, food), `inside` (take, drop, search again or leave a
building) and `fighting` (shots, hunting, flanking, barricades, fights). A tactic reaches the
others only through the bot (`bot.walking.navigate(...)`), and asks the bot itself for the few
decisions a bot built on this one changes: `shot_at`, `take_drop_here`, `end`, `goal`,
`kills_needed`, `quiet_plan`. What the scenario asks (fetching, escorting, scenario 5, ...)
is read by plain functions (`flick.game.bots.plans`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from flick.game.bots import plans
from flick.game.bots.aim import HandNoise, impulse_to, noisy, path_clear, vector
from flick.game.bots.chance import Trials
from flick.game.bots.fetching import Fetching, FetchingNeeds
from flick.game.bots.fighting import (  # the shot numbers the core tactics share
    BULLET_ARRIVE,
    CITY_MARGIN_CM,
    FLANKED,
    SHOT_MARGIN_CM,
    SHOT_RANGE,
    ZOMBIES_TRIED,
    Fighting,
    FightingNeeds,
)
from flick.game.bots.goals import CORE, HUNT
from flick.game.bots.goals.base import Goal
from flick.game.bots.inside import InsideABuilding, InsideNeeds
from flick.game.bots.tuned import tuned
from flick.game.bots.walking import PLACED_GOALS, Hand, Walking, next_to_standing
from flick.game.inputs import (
    ChooseSurvivor,
    EndTurn,
    Flick,
    Input,
    Knife,
    Move,
    Shoot,
    ShortKill,
)
from flick.game.state import Survivor
from flick.physics import PhysicsParams
from flick.physics.geometry import point_segment

if TYPE_CHECKING:
    from flick.game.game import Game

Vec = tuple[float, float]
T = tuned("heuristic")  # the tuned numbers: assets/bots/heuristic.yaml
THREAT_CM: float = T["threat_cm"]
CLOSE_CM: float = T["close_cm"]
STAGE_CM: float = T["stage_cm"]
BOT_STREAM: int = T["bot_stream"]
THREAT_FIRST: float = T["threat_first"]
NO_GOAL_CM: float = T["no_goal_cm"]
SURE_TAKE: float = T["sure_take"]
NEXT_TO_SPARE_CM: float = T["next_to_spare_cm"]
POINT_STOP_CM: float = T["point_stop_cm"]
STAGE_DISTANCES_CM: tuple[float, ...] = T["stage_distances_cm"]
STAGE_ANGLES_DEG: tuple[int, ...] = T["stage_angles_deg"]
SHORTEST_MOVE_CM: float = T["shortest_move_cm"]
OVERSHOOT: float = T["overshoot"]
WALK_MARGIN_CM: float = T["walk_margin_cm"]
THREATS_TRIED: int = T["threats_tried"]
OUT_FRONT_CM: float = T["out_front_cm"]
GUARD_DOOR_CM: float = T["guard_door_cm"]
GUARD_ANITA_CM: float = T["guard_anita_cm"]
SURE_REACH_CM: float = T["sure_reach_cm"]


class CoreBot:
    """The bot of scenarios 1-4, on which `flick.game.HeuristicBot` (scenarios 1-10) builds;
    `decide(game)` returns the next input.

    The bot holds its tactics, each an object with the bot as its only link to the others,
    made from the registry `TACTICS` (name -> class, called with the bot): `walking`,
    `fetching`, `inside` and `fighting`. The bot keeps the order of the tactics, the goal,
    and the few decisions a bot built on it may change (its shot, its take or drop, its end
    of a turn, the kills it counts on)."""

    name = "core"
    TACTICS: ClassVar[Mapping[str, Callable[[Any], Any]]] = {
        "walking": Walking,
        "fetching": Fetching,
        "inside": InsideABuilding,
        "fighting": Fighting,
    }
    walking: Walking
    fetching: Fetching
    inside: InsideABuilding
    fighting: Fighting

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
        for part, tactic in self.TACTICS.items():
            setattr(self, part, tactic(self))

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
            return self.fetching.hunger(game)
        raise ValueError(f"nothing to decide in phase {phase!r}")

    def _keep(self, game: Game) -> Input:
        return self.fetching.keep(game)

    def _fight(self, game: Game) -> Input:
        return self.fighting.fight(game)

    # ---- the decisions a bot built on this one may change --------------------------------
    def shot_at(self, game: Game, s: Survivor, target: int, arrive: float = BULLET_ARRIVE,
                ignore_clear: bool = False) -> Input | None:
        """A shot at `target` (`Fighting.shot_at`), or None."""
        return self.fighting.shot_at(game, s, target, arrive, ignore_clear)

    def take_drop_here(self, game: Game, s: Survivor, place: str) -> Input | None:
        """A take or drop at `place` the objective wants (`InsideABuilding.take_drop_here`)."""
        return self.inside.take_drop_here(game, s, place)

    def kills_needed(self, game: Game) -> int:
        """Zombies to kill (back to the bin) before this round ends, or the next horde finds
        too few in the bin and the city is overrun."""
        if plans.fetch_coop(game) and game.round_marker <= 1 and \
                game.scenario.skull.id == "skull_survivors_lose":
            # Scenarios 2 and 4, last round: the skull ends the game before the next horde,
            # so a kill for the bin wastes a carrier's action.
            return 0
        inv = game.scenario.invasion
        nxt = int(inv.night if game.round_colour == "day" else inv.day)
        return max(0, nxt - game.bin)

    # ---- what the goals ask (`flick.game.bots.goals.Tactics`) ----------------------------
    def token_goal(self, game: Game, s: Survivor, base: str, need: dict[str, int]) -> Goal:
        return self.fetching.token_goal(game, s, base, need)

    def search_goal(self, game: Game, s: Survivor, useful: Any, skip: str | None = None,
                    home: str | None = None, sure: Any = None) -> Goal:
        return self.fetching.search_goal(game, s, useful, skip, home, sure)

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
            threat = self.fighting.nearest_zombie(game, s)
            t = THREAT_FIRST if threat is not None and threat[1] < THREAT_CM else 0.0
            goal = self.goal_point(game, s)
            here = game.board.piece_position(s)
            d = math.dist(goal, here) if goal is not None and here is not None else NO_GOAL_CM
            return (t - d + self._sure_progress(game, s), s.name)

        best = max(cands, key=score)
        return ChooseSurvivor(best.name)

    def _escort_turn(self, game: Game, cands: list[Survivor]) -> Survivor | None:
        """S3: Anita's escort plays first in each round: her few turns are the clock."""
        if not plans.escorting(game):
            return None
        return next((s for s in cands if s.name == game.rules.escort), None)

    def _sure_progress(self, game: Game, s: Survivor) -> float:
        """Scenarios 2 and 4: a survivor in a building with no zombie inside that can take or
        drop a token for the objective there plays first (300): every turn's rush draws
        zombies into buildings, and one inside turns that sure action into a fight."""
        if not plans.fetch_coop(game) or s.building is None:
            return 0.0
        if game.building_zombies.get(s.building):
            return 0.0
        td = self.take_drop_here(game, s, s.building)
        return SURE_TAKE if td is not None else 0.0

    # ---- acting -----------------------------------------------------------------------------
    def _act(self, game: Game, s: Survivor) -> Input:
        if "move" not in game.legal_kinds():
            return self.end(game, s)  # only a power's free move is left (scenarios 5-10)
        if s.building is not None:
            return self.bin_duty(game, s) or self.inside.act(game, s)
        board = game.board
        assert s.piece is not None
        near = self.fighting.nearest_zombie(game, s)
        goal = self.goal(game, s)
        escort = game.rules.escort == s.name  # S3: every escort action is LOUD
        if goal[0] == "enter" and self.quiet_plan(game):
            # Scenarios 2-4: in through the door at once when a straight flick can do it
            # (inside, the zombies at the door no longer matter).
            entry = self.walking.approach(game, s, goal[1], direct_only=True)
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
                and self.worth_a_shot(game, s, goal, near):
            shot = self.shot_at(game, s, near[0])
            if shot is not None:
                return shot
        duty = self.bin_duty(game, s)
        if duty is not None:
            return duty
        take = self.inside.take_in_city(game, s)
        if take is not None:
            return take
        if goal[0] == "enter":
            stage = self.staging_move(game, s, goal[1])
            if stage is not None:
                return stage
            return self.walking.approach(game, s, goal[1]) or self._fallback(game, s)
        if goal[0] == "object":
            return self.walking.to_object(game, s, goal[1]) or self._fallback(game, s)
        if goal[0] == "barricade":
            return self.fighting.clear_barricade(game, s, goal[1])
        if goal[0] == "hunt":
            return self.fighting.hunt(game, s)
        if goal[0] == "wait":
            return self.end(game, s)
        if goal[0] == "guard":
            return self._guard(game, s, goal[1])
        if goal[0] == "point":
            mv = self.walking.navigate(game, s, goal[1], stop_short=POINT_STOP_CM)
            if mv is not None:
                return mv
            return self._fallback(game, s)
        return self.end(game, s)

    def staging_move(self, game: Game, s: Survivor, building: str) -> Input | None:
        """Scenarios 2 and 4: one clear move (up to STAGE_CM) to a free spot in front of the
        door with a clean line in, so the next action enters (the queue spot's short hops
        round a building cost a carrier from the north side of the RV a turn or two). The
        spot nearest the door wins. None when no such spot is in one move's reach."""
        if not plans.fetch_coop(game) or s.piece is None:
            return None
        board = game.board
        here = board.pos(s.piece)
        nx, ny = board.normal(building)
        mx, my = board.door_mid(building)
        base = math.atan2(ny, nx)
        r = board.disc / 2
        obstacles = self.walking.obstacles(game)
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
                if self.walking.entry_line(game, s.piece, p, building) is None:
                    continue
                spots.append((length, p))
            if spots:
                _, p = min(spots)
                fl, angle = self.walking.disc_flick(game, here, p)
                return Move(fl, angle=angle)
        return None

    def bin_duty(self, game: Game, s: Survivor) -> Input | None:
        """Scenarios 2 and 4: the last survivors of a round restock the bin when the next
        horde needs more zombies than it holds (else the city is overrun): with no more
        survivors left to play this round than kills needed plus one, a shot at a standing
        zombie in reach, or (first action, nothing to deliver) a move to a spot to shoot
        from. None when there is no such duty or no such shot."""
        if not plans.fetch_coop(game):
            return None
        kills = self.kills_needed(game)
        if kills <= 0 or len(game.available(game.current_team)) > kills + 1:
            return None
        if self._carrier(game, s):
            return None  # a token on its way to the base is worth more than a kill
        if s.building is not None:
            if game.building_zombies.get(s.building) or \
                    self.take_drop_here(game, s, s.building) is not None:
                return None
            return self.shoot_out(game, s, s.building)
        me = s.piece
        if me is None:
            return None
        board = game.board
        zs = sorted((z for z in board.zombies() if board.table.is_standing(z)),
                    key=lambda z: (board.distance(me, z), z))
        for z in zs[:THREATS_TRIED]:
            shot = self.shot_at(game, s, z)
            if shot is not None:
                return shot
        if game.actions_done == 0 and zs:
            goal = self.goal(game, s)
            if goal[0] != "enter" or goal[1] not in plans.bases(game):
                return self.fighting.flank(game, s, zs[:FLANKED])
        return None

    def _carrier(self, game: Game, s: Survivor) -> bool:
        """Does `s` carry a token the base still needs?"""
        for obj in game.scenario.objectives:
            if obj.id == "tokens_in_base":
                p = dict(obj.params)
                base = str(p.get("base", p.get("building", "rv")))
                need = {k: int(v) for k, v in p.get("tokens", {}).items()}
                missing = self.fetching.needs(game, base, need)
                if any(self.fetching.deliverable(game, t, missing) for t in s.inventory):
                    return True
        return False

    def shoot_out(self, game: Game, s: Survivor, building: str) -> Input | None:
        """A bullet (or, without a gun, the knife: QUIET) from behind the building out
        between its blocks at a standing zombie in front of the door, within the weapon's
        reach, on a clear line."""
        weapon = "gun" if "gun" in s.weapons() else "knife" if "knife" in s.weapons() else None
        if weapon is None:
            return None
        board = game.board
        start = board.behind(building, board.bullet_d)
        own = set(board.building_parts(building))
        obstacles = self.walking.obstacles(game)
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
            shot = self.shot_at(game, s, z)
            if shot is not None:
                return shot
        if targets and game.actions_done == 0 and s.piece is not None:
            mv = self.fighting.flank(game, s, targets[:FLANKED])
            if mv is not None:
                return mv
        return self.end(game, s)

    def _to_goal(self, game: Game, s: Survivor, goal: Goal) -> Input | None:
        """A move toward the goal, or None."""
        if goal[0] == "enter":
            return self.walking.approach(game, s, goal[1])
        target = self.walking.goal_point_of(game, goal)
        return self.walking.navigate(game, s, target) if target is not None else None

    def _fallback(self, game: Game, s: Survivor) -> Input:
        """No step toward the goal: a shot where the plan wants kills, else a quiet end (a
        SILENT turn draws no zombies)."""
        if not self.quiet_plan(game) or self.kills_needed(game) > 0:
            return self.fighting.hunt(game, s, move=False)
        return self.end(game, s)

    def worth_a_shot(self, game: Game, s: Survivor, goal: Goal,
                      near: tuple[int, float]) -> bool:
        """A shot is LOUD (three zombies rush). In scenarios 2-4 it is worth it at a zombie
        about to be too close, or standing in the way to the goal, or when the next horde
        needs kills back in the bin; the S1 plan thins the zombies out, so it shoots every
        threat."""
        if not self.quiet_plan(game):
            return True
        if game.rules.escort == s.name:
            return False  # S3: the escort only moves; Anita must not draw rushes
        if plans.searching(game):
            # S3's search: the walk goes round a zombie in the way (a shot costs the action
            # and rushes three zombies at the searchers); only one about to be too close.
            return near[1] < CLOSE_CM or self.kills_needed(game) > 0
        return near[1] < CLOSE_CM or self.in_the_way(game, s, goal, near[0]) or \
            self.kills_needed(game) > 0

    def quiet_plan(self, game: Game) -> bool:
        """Scenarios 2-4: the objective is fetching (tokens, a survivor), not killing."""
        return any(o.id in ("tokens_in_base", "escort_to_building")
                   for o in game.scenario.objectives)

    def in_the_way(self, game: Game, s: Survivor, goal: Goal, z: int) -> bool:
        """Does zombie `z` stand within 25 cm along the straight way to the goal?"""
        board = game.board
        target = self.walking.goal_point_of(game, goal)
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

    def end(self, game: Game, s: Survivor) -> Input:
        near = self.fighting.nearest_zombie(game, s)
        if near is None or s.piece is None:
            return EndTurn()
        zx, zy = game.board.pos(near[0])
        x, y = game.board.pos(s.piece)
        return EndTurn(facing=math.atan2(zy - y, zx - x))

    # ---- goals ---------------------------------------------------------------------------------
    def goal(self, game: Game, s: Survivor) -> Goal:
        """What `s` should be doing for the scenario's objective: the first objective of
        scenarios 1-4 the scenario names (`flick.game.bots.goals.CORE`), else hunting."""
        for obj in game.scenario.objectives:
            aim = CORE.get(obj.id)
            if aim is not None:
                goal = aim(self, game, s, obj)
                if goal is not None:
                    return goal
        return HUNT

    def goal_point(self, game: Game, s: Survivor) -> Vec | None:
        """Where `s`'s goal lies; for a goal with no place (hunt, wait), its nearest zombie."""
        goal = self.goal(game, s)
        if goal[0] in PLACED_GOALS:
            return self.walking.goal_point_of(game, goal)
        near = self.fighting.nearest_zombie(game, s)
        return game.board.pos(near[0]) if near is not None else None


if TYPE_CHECKING:
    def _offers(bot: CoreBot) -> tuple[Hand, FetchingNeeds, InsideNeeds, FightingNeeds]:
        """The core bot offers each of its tactics what the tactic asks (mypy checks it)."""
        return bot, bot, bot, bot
