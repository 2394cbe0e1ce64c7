"""The heuristic bot for scenarios 5-10: the core bot (`flick.game.bots.heuristic.CoreBot`) plus
Crossroads choices, survivor fights, shooting and stealing from the other team, powers,
accusations with evidence and the betrayer's play, and goals for each team's objective.

For scenarios 1-4 it plays exactly as the core bot. Every choice that needs chance draws
from the bot's own generator, never the game's.

Tactics added (in order, on the active survivor's turn):
- S9-S10: accuse a teammate the table saw wound a teammate (`secret.evidence`); vote up when
  the accused has such evidence against it; a betrayer votes down, and now and then shoots a
  teammate in reach when no zombie threatens.
- Competitive: shoot a standing enemy survivor in reach (stealing follows when it falls),
  preferring one that carries face-down tokens; the core tactics against zombies first.
- Powers: Anita's extra action late in the game, Olivia heals the wounded, Elijah throws a
  big flare away from himself when zombies crowd him.
- Goals: S5 fuel and survivor tokens to the RV; S6 the key and fuel into the RV, then two
  survivors in; S7 fuel and food to the team's base; S8 face-down tokens (survivor tokens) and
  recruits; S9 team B carries 2 supplies into the School, team A holds the School; S10 2 fuel
  into the other colony, or hunting the other team.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from typing import TYPE_CHECKING, Any

from flick.game.actions.shots import SET_ASIDE_REACH_CM
from flick.game.bots import betrayal, crossroads_choice
from flick.game.bots.aim import impulse_to, noisy, path_clear, vector
from flick.game.bots.goals import SUPPLIES, TEAM
from flick.game.bots.heuristic import BULLET_ARRIVE, SHOT_RANGE, THREAT_CM, CoreBot
from flick.game.bots.tuned import tuned
from flick.game.bots.walking import CITY_MARGIN_CM, OVERSHOOT, WALK_MARGIN_CM, next_to_standing
from flick.game.inputs import (
    Accuse,
    Bat,
    ChooseSurvivor,
    ExtraAction,
    FightWait,
    FightWeapon,
    FigureMove,
    Flare,
    Flick,
    Heal,
    Input,
    Keep,
    Move,
    MoveX,
    PassTurn,
    PickToken,
    Steal,
    TakeDrop,
)
from flick.game.scenarios.deck import ATTACK, CARD_LENGTH_CM, FIGHT_CARDS
from flick.game.scenarios.fight import fight_weapons
from flick.game.state import GUNS, WEAPONS, Survivor

if TYPE_CHECKING:
    from flick.game.game import Game

Vec = tuple[float, float]
T = tuned("five_to_ten")  # the tuned numbers: assets/bots/five_to_ten.yaml
RUSH_REACH_CM: float = T["rush_reach_cm"]
PASS_ODDS: float = T["pass_odds"]
DUEL_BAT_WAIT_CM: float = T["duel_bat_wait_cm"]
SHELTER_DIRECTIONS: int = T["shelter_directions"]
SHELTER_LENGTHS_CM: tuple[float, ...] = T["shelter_lengths_cm"]
EXTRA_ACTION_MARKER: int = T["extra_action_marker"]
FLARE_CROWD_CM: float = T["flare_crowd_cm"]
KILLS_AHEAD_MARKER: int = T["kills_ahead_marker"]
GHOSTS_TRIED: int = T["ghosts_tried"]
ENEMY_SHOT_CM: float = T["enemy_shot_cm"]
FLARE_BEYOND_CM: int = T["flare_beyond_cm"]
FLARE_CITY_MARGIN_CM: float = T["flare_city_margin_cm"]
SHELTER_REACH_CM: float = T["shelter_reach_cm"]
MIKE_HOP_MIN_CM: float = T["mike_hop_min_cm"]
MIKE_HOP_CM: float = T["mike_hop_cm"]
MIKE_STOP_CM: float = T["mike_stop_cm"]
MIKE_SPOT_SPARE_CM: float = T["mike_spot_spare_cm"]
# The objectives whose scenarios hunt for every horde and shelter from QUIET rushes: S6 (seed
# 100 x 40: 45% -> 48% won). In S9-S10 the same tactics lost games to the overrun (S9 65% ->
# 57%, S10 68% -> 52% with the betrayer changes): not used there.
VERSUS_TACTICS = ("team_escape_in_rv",)
ACCUSE_AT: float = T["accuse_at"]
# S5: a survivor in the streets takes a LOUD shot only when S5_URGENT x the kills the next
# horde needs reach the survivors left to play this round.
S5_URGENT = 1
RUSH_FELLS: tuple[tuple[float, float], ...] = T["rush_fells"]
RISK_CM: float = T["risk_cm"]
S5_SHOOT_FIRST = 2  # S5: inside, a shot out comes before a take when 2 x kills >= turns left
S5_BOLD_LIFE = 2  # S5: with this much life a survivor leaves its building even on a LOUD turn
COURIER_LAST_ROUNDS: int = T["courier_last_rounds"]
HORDE_LANE_CM: tuple[float, ...] = T["horde_lane_cm"]
HORDE_FELLS: float = T["horde_fells"]
BAT_HIT: tuple[tuple[float, float], ...] = T["bat_hit"]


def bat_hit(d: float) -> float:
    """`BAT_HIT` at `d` cm, held flat beyond its ends."""
    return _interp(BAT_HIT, d)


def rush_fells(d: float) -> float:
    """`RUSH_FELLS` at `d` cm, held flat beyond its ends."""
    return _interp(RUSH_FELLS, d)


def _interp(pts: tuple[tuple[float, float], ...], d: float) -> float:
    if d <= pts[0][0]:
        return pts[0][1]
    for (d0, p0), (d1, p1) in itertools.pairwise(pts):
        if d <= d1:
            return p0 + (p1 - p0) * (d - d0) / (d1 - d0)
    return pts[-1][1]


class HeuristicBot(CoreBot):
    """The heuristic bot: plays every seat of scenarios 1-10 (the one `flick.game.play`
    uses); `decide(game)` returns the next input."""

    name = "heuristic"
    _ghosts: frozenset[int] = frozenset()  # pieces `_obstacles` leaves out (S5 planning)

    def decide(self, game: Game) -> Input:
        phase = game.phase
        if self._five_to_ten(game) and game.rule_state.steal_offers:
            return self._steal(game)
        if self._five_to_ten(game) and game.rule_state.x_pending:
            return self._move_x(game)
        if phase == "crossroads":
            return crossroads_choice.choose(self, game)
        if phase == "pick":
            return self._pick(game)
        if phase == "vote":
            return betrayal.vote(self, game)
        if phase == "exile":
            return betrayal.exile(self, game)
        if phase == "allegiance":
            return betrayal.allegiance(self, game)
        if phase == "fight" and getattr(game.fight, "kind", "") == "duel":
            return self._duel(game)
        if "pass" in game.legal_kinds() and len({s.team for s in game.available()}) > 1 \
                and self.rng.random() < PASS_ODDS:
            return PassTurn()  # the lone betrayer lets the two clans wear each other down
        return self._settle(game, super().decide(game))

    def _settle(self, game: Game, inp: Input) -> Input:
        """Keep only objects the rules let be set aside (within 12 cm of a door's middle, in
        front of it): the core bot's routes may name one a rush has pushed behind a door."""
        if not isinstance(inp, Move | Bat) or not inp.set_aside:
            return inp
        aside = inp.set_aside


        board = game.board
        keep = tuple(p for p in aside if board.exists(p) and any(
            math.dist(board.pos(p), board.door_mid(b)) <= SET_ASIDE_REACH_CM
            and board.door_depth(board.pos(p), b) > -1.0 for b in board.buildings))
        return inp if keep == tuple(aside) else dataclasses.replace(inp, set_aside=keep)

    def _five_to_ten(self, game: Game) -> bool:
        return game.rules.five_to_ten

    # ---- choices -------------------------------------------------------------------------

    def _steal(self, game: Game) -> Input:
        """The thief looked at the token (the rules let it): its value decides.
        - An X token is a lost inventory space: discarded off a friend, left on an enemy.
        - A friend's token stays with the friend; a hidden betrayer, working against its
          team, takes one its team's objective needs (S9 supplies, S10 fuel) if it can.
        - An enemy's token is taken when it is worth something to the thief (its objective,
          a weapon, medicine) or to the enemy (denied: the S6 key and fuel, S9 supplies,
          S10 fuel), or when the thief has room to spare."""
        rs = game.rule_state
        offer = rs.steal_offers[0]
        thief = game.survivors[offer["thief"]]
        victim = game.survivors[offer["victim"]]
        token = next((t for t in victim.inventory if t.uid == offer["uid"]), None)
        if token is None:
            return Steal("leave")
        hidden = thief.name in rs.betrayers and thief.name not in rs.unmasked
        friend = thief.team == victim.team
        if token.kind == "x":
            return Steal("discard" if friend and not hidden else "leave")
        room = thief.free_spaces()
        if friend:
            needed = token.kind in self._wanted_kinds(game, victim) - {"survivor", "crossroads"}
            return Steal("take" if hidden and needed and room > 0 else "leave")
        if room < 1:
            return Steal("leave")
        junk = {"survivor", "crossroads"}
        mine = token.kind in self._wanted_kinds(game, thief) - junk or token.kind in WEAPONS \
            or token.kind == "medicine"
        denied = token.kind in self._wanted_kinds(game, victim) - junk
        return Steal("take" if mine or denied or room >= 2 else "leave")

    def _move_x(self, game: Game) -> Input:
        """Open the blocked building nearest the team's survivors (the one it can use)."""
        team = game.current_team
        spots = [p for x in game.survivors.values()
                 if x.alive and x.team == team and (p := game.board.piece_position(x)) is not None]

        def cost(b: str) -> tuple[float, str]:
            door = game.board.door_mid(b)
            return (min((math.dist(door, p) for p in spots), default=0.0), b)

        return MoveX(min(game.rule_state.x_blocked, key=cost))

    def _pick(self, game: Game) -> Input:
        """Gabriel: both tokens are looked at; take the more useful."""
        pick = game.rule_state.pick
        assert pick is not None  # phase "pick"
        stash = game.stashes[pick["key"]]
        tokens = [next(t for t in stash if t.uid == u) for u in pick["uids"]]
        want = self._wanted_kinds(game, game.active_survivor)
        score = [(t.kind in want) * 2 + (t.kind in WEAPONS) - (t.kind == "x") for t in tokens]
        return PickToken(0 if score[0] >= score[1] else 1)

    def _wanted_kinds(self, game: Game, s: Survivor) -> set[str]:
        out = {"survivor", "crossroads"}
        for obj in game.scenario.objectives:
            if obj.team not in (None, s.team):
                continue
            p = dict(obj.params)
            out |= set(p.get("tokens", {})) | set(p.get("all_of", [])) | set(
                p.get("tokens_of", []))
        if game.rules.has("team_escape_in_rv"):
            out |= {"key", "fuel"}
        return out | betrayal.card_kinds(game, s)

    # ---- fights between survivors -----------------------------------------------------------
    def _duel(self, game: Game) -> Input:
        duel: Any = game.fight
        name = duel.to_act
        s = game.survivors[name]
        if duel.stage == "weapon":
            choices = fight_weapons(s)  # already in the bots' order of preference: gun, knife, bat
            return FightWeapon(choices[0] if choices else "bat")
        (sx, sy), kind = duel.weapon_piece_start(name)
        targets = duel.targets(name)
        target = min(targets, key=lambda n: math.dist((sx, sy), duel.position(n)))
        tx, ty = duel.position(target)
        if duel.weapons[name] == "bat" and math.dist((sx, sy), (tx, ty)) > DUEL_BAT_WAIT_CM and \
                "fight_wait" in duel.legal_kinds():
            return FightWait()
        return self._fight_flick(game, kind, (sx, sy), (tx, ty), arrive=BULLET_ARRIVE)

    def _fight(self, game: Game) -> Input:
        """S5: with the bat, swing unless waiting for one card is the better chance (the core
        bot waits up to two cards, and an ATTACK card, 2 of 7, wounds as surely as a miss)."""
        fight: Any = game.fight
        if not self._separated(game) or fight.stage == "weapon" or \
                fight.weapons.get(fight.to_act) != "bat":
            return super()._fight(game)
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
        return self._fight_flick(game, kind, (sx, sy), (tx, ty))

    # ---- acting --------------------------------------------------------------------------------
    def _act(self, game: Game, s: Survivor) -> Input:
        if not self._five_to_ten(game):
            return super()._act(game, s)
        if "move" not in game.legal_kinds():  # Mike's free move is all that is left
            return self._end(game, s)
        special = self._special(game, s)
        if special is None and self._separated(game):
            special = self._kill_and_shelter(game, s)
        if special is None and self._quiet_plan(game):
            special = self._shelter(game, s)
        if special is None and self._versus_rules(game, s):
            special = self._versus_shelter(game, s)
        if special is None and s.building is not None and self.kills_needed(game) > 0 \
                and not game.building_zombies.get(s.building):
            # Inside, a rush cannot fell the shooter: a kill for the next horde from behind
            # the door (a LOUD turn) beats an idle one.
            special = self._shoot_out(game, s, s.building)
        return special if special is not None else super()._act(game, s)

    def _shelter(self, game: Game, s: Survivor) -> Input | None:
        """S5 (co-op, every survivor precious): a rush cannot fell a survivor inside a
        building. Inside with kills needed for the next horde: shoot out through the door
        (the rush then heads for the door). In the streets on the last action with a standing
        zombie in rush reach: in through the door of a building a straight flick reaches."""
        board = game.board
        if s.building is not None:
            if game.building_zombies.get(s.building):
                return None
            need = self.kills_needed(game)
            if self._separated(game) and need > 0 and \
                    S5_SHOOT_FIRST * need >= len(game.available()):
                # S5: the next horde needs a kill of most turns left: the shot before a take.
                shot = self._shoot_out(game, s, s.building)
                if shot is not None:
                    return shot
            if self._take_drop_here(game, s, s.building) is not None:
                return None
            courier = self._separated(game) and self._courier(game, s)
            # S5: a courier on a turn still SILENT leaves (exit and a move: QUIET) rather
            # than shoot (LOUD: three zombies would rush at it once out), unless every turn
            # left must kill, or it finds no way out.
            way_out = self._exit(game, s, s.building, self._goal(game, s)) if (
                courier and int(game.noise) == 0 and game.actions_done == 0
                and not self.s5_kills_urgent(game)) else None
            if way_out is not None:
                return way_out
            if self.kills_needed(game) > 0:
                shot = self._shoot_out(game, s, s.building)
                if shot is not None:
                    return shot
            if s.life <= 1 and game.actions_done == 0 and not (
                    courier and (all(x.alive for x in game.survivors.values())
                                 or game.round_marker <= COURIER_LAST_ROUNDS)):
                # On its last life it stays in (a SILENT turn), unless it carries what the
                # RV lacks and no survivor has died yet (one death does not lose), or the
                # skull is near (staying loses for sure).
                return self._end(game, s)
            if self._separated(game) and self._exit_into_rush(game, s, s.building) and not (
                    (courier or s.life >= S5_BOLD_LIFE)
                    and game.actions_done + 2 <= game.rules.max_actions(game)):
                # (a courier, or one with life to spare, goes: a move left to get clear)
                return self._end(game, s)
            return None
        last = game.actions_done + 1 >= game.rules.max_actions(game)
        if s.piece is None or not (last or s.life <= 1):
            return None
        # S5 shelters after a LOUD action too (the three nearest rush: checked just below).
        noise = int(game.noise)
        no_loud_rush = noise == 1 if self._separated(game) else noise >= 1
        if not self._loud_rush_hits(game, s, exclude=set()) and no_loud_rush:
            return None
        near = self._nearest_zombie(game, s)
        if near is None or near[1] >= RUSH_REACH_CM:
            return None
        here = board.pos(s.piece)
        goal = self._goal_point(game, s) if self._separated(game) else None

        def order(b: str) -> tuple[float, str]:
            # S5: of the doors in reach, the one nearest the survivor's goal (a shelter that
            # is also a step on its way; the building just left only when nothing else is).
            door = board.door_mid(b)
            return (math.dist(door, goal if goal is not None else here), b)

        # S5: the building it left last this turn
        left = next(iter(self._exits_this_turn(game, s)), None) if self._separated(game) \
            else None
        for b in sorted(board.buildings, key=order):
            if b == left:
                continue  # S5: not back in where it came from (a turn lost)
            inside = len(game.building_zombies.get(b, []))
            if game.rules.entry_refused(game, s, b) is not None or inside > 1:
                continue
            if inside and self._separated(game) and not set(s.weapons()) & GUNS:
                continue  # S5: the knife or the bat loses a fight 3 times in 10
            entry = self._approach(game, s, b, direct_only=True)
            if entry is not None:
                return entry
        if self._separated(game) and last:
            return self._safe_end(game, s)
        return None

    def _rush_risk(self, game: Game, at: Vec, noise: int, own: Any) -> float:
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

    def _horde_risk(self, game: Game, at: Vec) -> float:
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
        turn = self._rush_risk(game, at, noise, own)
        return 1.0 - (1.0 - turn) * (1.0 - self._horde_risk(game, at))

    def _safe_end(self, game: Game, s: Survivor) -> Input | None:
        """S5, the last action in the streets: a move that trades a little way to the goal
        for a spot the reaction's rush is unlikely to fell, or no move at all (a turn SILENT
        so far stays SILENT; otherwise the rush comes where it stands). None: the core
        bot's move toward the goal is as good."""
        board = game.board
        assert s.piece is not None
        here = board.pos(s.piece)
        goal = self._goal_point(game, s)
        if self._goal(game, s)[0] == "hunt" or goal is None:
            goal = here
        noise = int(game.noise)
        stay = math.dist(here, goal) + RISK_CM * self._end_risk(game, here, noise, s.piece)
        after = max(noise, 1)
        obstacles = self._obstacles(game)
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
            return self._end(game, s)
        fl, angle = self._disc_flick(game, here, best[1])
        return Move(fl, angle=angle)

    def _special(self, game: Game, s: Survivor) -> Input | None:
        legal = game.legal_kinds()
        rs = game.rule_state
        if "heal" in legal:
            heal = self._heal(game, s)
            if heal is not None:
                return heal
        if "extra_action" in legal and game.actions_done == 0 and \
                game.round_marker <= EXTRA_ACTION_MARKER:
            return ExtraAction()
        if "accuse" in legal and game.actions_done < game.rules.max_actions(game) and \
                s.name not in rs.betrayers:
            accused_before = {e.data.get("accused") for e in game.events if e.type == "accuse"}
            odds = [(betrayal.betrayer_odds(game, s, x.name), x.name)
                    for x in game.survivors.values()
                    if x.alive and x.team == s.team and x is not s
                    and x.name not in accused_before and x.name not in rs.unmasked]
            if odds and max(odds)[0] >= ACCUSE_AT:
                return Accuse(max(odds)[1])
        if s.piece is None:
            return None
        near = self._nearest_zombie(game, s)
        threatened = near is not None and near[1] < THREAT_CM
        if "flare" in legal and not threatened:
            crowd = [z for z in game.board.zombies()
                     if game.board.distance(s.piece, z) < FLARE_CROWD_CM
                     and game.board.table.is_standing(z)]
            if len(crowd) >= 2:
                return self._flare(game, s, crowd)
        if threatened or game.scenario.mode != "competitive":
            return None
        if s.name in rs.betrayers and s.name not in rs.unmasked and \
                self.rng.random() < betrayal.strike_chance(game, s):
            mates = [x for x in game.survivors.values() if x.alive and x is not s
                     and x.team == s.team and x.piece is not None]
            shot = self._shoot_one_of(game, s, mates)
            if shot is not None:
                return shot
        me = s.piece
        enemy_pieces = {x.name: x.piece for x in game.survivors.values() if x.alive
                        and x.team != s.team and x.piece is not None
                        and game.board.table.is_standing(x.piece)}
        enemies = [game.survivors[n] for n in enemy_pieces]
        enemies.sort(key=lambda x: (-sum(1 for t in x.inventory if not t.face_up),
                                    game.board.distance(me, enemy_pieces[x.name]), x.name))
        return self._shoot_one_of(game, s, enemies)

    def _quiet_plan(self, game: Game) -> bool:
        """S5 too is a fetching objective (survivors and fuel), not a killing one."""
        return super()._quiet_plan(game) or (
            self._five_to_ten(game) and game.scenario.mode == "co-op" and any(
                o.id == "find_survivors_and_tokens" for o in game.scenario.objectives))

    def _shot_at(self, game: Game, s: Survivor, target: int, arrive: float = BULLET_ARRIVE,
                 ignore_clear: bool = False) -> Input | None:
        """The core bot's shot, but no LOUD one (gun, shotgun, sniper) that would send a
        3-zombie rush at a survivor in the streets with other standing zombies in reach
        (scenarios 5-10, where a survivor has 2 or 3 life) when no kill is needed for the
        next horde or the survivor has 1 life left: a quiet weapon or nothing."""
        shot = super()._shot_at(game, s, target, arrive, ignore_clear)
        if shot is None or not self._five_to_ten(game) or shot.kind == "knife":
            return shot
        # Kills keep the bin stocked for the next horde (or the city is overrun): then the
        # risk is taken, unless this survivor is down to its last life.
        if self._loud_rush_hits(game, s, exclude={target}) and (
                self.kills_needed(game) <= 0 or s.life <= 1 or (
                    self._separated(game) and not self.s5_kills_urgent(game))):
            return None
        return shot

    # ---- S5 (Separated) ------------------------------------------------------------------------
    def _separated(self, game: Game) -> bool:
        """Scenario 5: co-op, find the separated survivors and bring fuel to the RV."""
        return self._five_to_ten(game) and game.scenario.mode == "co-op" and any(
            o.id == "find_survivors_and_tokens" for o in game.scenario.objectives)

    def s5_kills_urgent(self, game: Game) -> bool:
        """S5: must a survivor in the streets kill now (a LOUD shot whose rush may fell it)?
        Only when the kills the next horde needs reach the turns left in this round: until
        then the kills come from survivors inside buildings (shooting out through the door,
        or fights with the zombies the rushes push in), whom a rush cannot fell."""
        need = self.kills_needed(game)
        return need > 0 and S5_URGENT * need >= len(game.available())

    def kills_needed(self, game: Game) -> int:
        """The core bot's count (the next horde's zombies the bin lacks), but in S5 and the
        competitive scenarios (S6-S10) a survivor inside a building, whom a rush cannot
        fell, kills for the next two hordes, half of them this round: the night horde of 4
        follows each day's 2 from a bin of 3, and a round that only meets the next horde
        leaves the one after it to a single round.

        Measured: S5, seeds 100-700 x 40: 75 of 280 won instead of 54 (counted for survivors
        in the streets too, whom the extra LOUD shots expose to rushes: 67). S6-S10, seeds
        100-400 x 40 (S7, S8 100-300), a team won: S6 108 of 160 instead of 76, S9 137
        instead of 122 (its betrayer 45 instead of 38), S10 108 instead of 109 (betrayer 46
        instead of 43), S7 108 of 120 instead of 103, S8 110 instead of 98."""
        need = super().kills_needed(game)
        inside_counts = self._separated(game) or game.scenario.mode == "competitive"
        if not inside_counts or game.active is None or \
                game.active_survivor.building is None or game.round_marker < KILLS_AHEAD_MARKER:
            return need  # (at marker 2 the skull comes before the horde after the next)
        inv = game.scenario.invasion
        nxt, after = (int(inv.night), int(inv.day)) if game.round_colour == "day" else (
            int(inv.day), int(inv.night))
        return max(need, -(-(nxt + after - game.bin) // 2))

    def _obstacles(self, game: Game) -> list[Any]:
        """The table's obstacles less `_ghosts` (S5: a zombie a planned shot will fell)."""
        obstacles = super()._obstacles(game)
        if not self._ghosts:
            return obstacles
        return [ob for ob in obstacles if ob.pid not in self._ghosts]

    def _kill_and_shelter(self, game: Game, s: Survivor) -> Input | None:
        """S5, in the streets with both actions left and a kill the next horde needs: a LOUD
        shot at a standing zombie in reach, when from here a straight flick goes in through a
        door once that zombie is gone (the second action; the rush then finds it inside)."""
        board = game.board
        if s.piece is None or game.actions_done > 0 or self.kills_needed(game) <= 0 or \
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
        for z in zs[:GHOSTS_TRIED]:
            self._ghosts = frozenset({z})
            try:
                door = next((b for b in doors
                             if self._entry_line(game, s.piece, here, b) is not None), None)
            finally:
                self._ghosts = frozenset()
            if door is None:
                continue
            shot = CoreBot._shot_at(self, game, s, z)
            if shot is not None and shot.kind != "knife":
                return shot
        return None

    @staticmethod
    def _exits_this_turn(game: Game, s: Survivor) -> list[str]:
        """The buildings `s` left during this turn, the latest first."""
        out = []
        for e in reversed(game.events):
            if e.type == "turn":
                break
            if e.type == "exit" and e.data.get("survivor") == s.name:
                out.append(str(e.data.get("building")))
        return out

    def _choose(self, game: Game) -> Input:
        """S5: a courier (it carries fuel the RV lacks) inside a building no zombie has
        entered plays first, before the others' rushes push zombies in (its fight would
        make the turn LOUD with it about to be out in the streets)."""
        if self._separated(game):
            for s in sorted(game.available(game.current_team), key=lambda x: x.name):
                if s.building is not None and not game.building_zombies.get(s.building) \
                        and self._courier(game, s) and s.building != "rv":
                    return ChooseSurvivor(s.name)
        return super()._choose(game)

    def _courier(self, game: Game, s: Survivor) -> bool:
        """S5: does `s` carry a token the RV still lacks?"""
        for obj in game.scenario.objectives:
            if obj.id == "find_survivors_and_tokens":
                p = dict(obj.params)
                need = self._needs(game, p.get("base", "rv"),
                                   {k: int(v) for k, v in p.get("tokens", {}).items()})
                return any(t.kind in need for t in s.inventory)
        return False

    def _exit_into_rush(self, game: Game, s: Survivor, building: str) -> bool:
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

    def _loud_rush_hits(self, game: Game, s: Survivor, exclude: set[int]) -> bool:
        """Would a LOUD end of this turn likely fell `s`? It stands in the streets, the turn
        is not LOUD yet, and a standing zombie (other than `exclude`) is in rush reach."""
        me = s.piece
        if me is None or int(game.noise) >= 2:
            return False
        board = game.board
        return any(board.table.is_standing(z) and z not in exclude
                   and board.distance(me, z) < RUSH_REACH_CM for z in board.zombies())

    def _shoot_one_of(self, game: Game, s: Survivor, targets: list[Survivor]) -> Input | None:
        reach = max(SHOT_RANGE.get(w, 0.0) for w in s.weapons() if w in SHOT_RANGE) \
            if set(s.weapons()) & set(SHOT_RANGE) else 0.0
        for x in targets:
            if x.piece is None or s.piece is None or \
                    game.board.distance(s.piece, x.piece) > min(reach, ENEMY_SHOT_CM):
                continue
            shot = self._shot_at(game, s, x.piece)
            if shot is not None:
                return shot
        return None

    def _heal(self, game: Game, s: Survivor) -> Input | None:
        cands = [s] + [x for x in game.survivors.values() if x.alive and x is not s and (
            (s.building is not None and x.building == s.building) or (
                s.piece is not None and x.piece is not None
                and game.board.next_to(s.piece, x.piece)))]
        for x in cands:
            if x.life < game.rule_state.start_life.get(x.name, x.life):
                for src in (s, x):
                    if any(t.kind == "medicine" for t in src.inventory):
                        return Heal(x.name, src.name)
        return None

    def _flare(self, game: Game, s: Survivor, crowd: list[int]) -> Input:
        board = game.board
        here = board.pos(s.piece)  # type: ignore[arg-type]
        cx = sum(board.pos(z)[0] for z in crowd) / len(crowd)
        cy = sum(board.pos(z)[1] for z in crowd) / len(crowd)
        a = math.atan2(cy - here[1], cx - here[0])  # beyond the crowd, drawing it away
        target = board.clamp_into_city((cx + FLARE_BEYOND_CM * math.cos(a),
                                        cy + FLARE_BEYOND_CM * math.sin(a)), FLARE_CITY_MARGIN_CM)
        start = board.beside(here, s.facing, "right", 2.0)
        angle, strength = impulse_to(board.params, "flare_token", start, target)
        a2, f = noisy(angle, strength, self.noise, self.rng)
        return Flare(Flick(vector(a2, f)), big=True)

    # ---- goals --------------------------------------------------------------------------------
    def _goal(self, game: Game, s: Survivor) -> tuple[str, Any]:
        if not self._five_to_ten(game):
            return super()._goal(game, s)
        if self._bin_urgent(game, s):
            return ("hunt", None)
        for obj in game.scenario.objectives:
            if obj.team not in (None, s.team):
                continue
            goal = self._team_goal(game, s, obj)
            if goal is not None:
                return self._betrayer_goal(game, s, obj, goal)
        if game.rule_state.recruits.get(s.building or "", 0) > 0:
            return ("hunt", None)  # leave by a move: the recruit joins
        return self.search_goal(game, s, lambda t: not t.face_up)

    def _bin_urgent(self, game: Game, s: Survivor) -> bool:
        """Must `s` hunt to keep the bin stocked? A city overrun ends the game with no
        winner (worth nothing to every team), so when the kills the next horde needs are at
        least half the turns left in this round (each turn kills about one zombie at best),
        a survivor in the streets with a weapon that reaches hunts instead of its objective."""
        need = self.kills_needed(game)
        if need <= 0 or s.piece is None or not set(s.weapons()) & set(SHOT_RANGE):
            return False
        if self._versus_rules(game, s) and self._versus_hunts(game, s):
            return True
        left = max(1, len(game.available()))
        return 2 * need >= left

    @staticmethod
    def _versus_rules(game: Game, s: Survivor) -> bool:
        """S6, S9, S10: the scenarios these tactics were measured in (by objective id)."""
        return any(o.id in VERSUS_TACTICS for o in game.scenario.objectives
                   if o.team in (None, s.team))

    def _versus_shelter(self, game: Game, s: Survivor) -> Input | None:
        """S6, S9, S10: the turn's QUIET reaction rushes the nearest standing zombie at the
        survivor, and a rush cannot fell a survivor inside a building (traces: a wound and
        more a game from these rushes). On its last action, in the streets with a standing
        zombie in rush reach, a survivor flicks in through the door of a building a straight
        flick reaches, one with no zombie inside (a zombie there is a fight) and no enemy
        survivor (a survivor fight)."""
        board = game.board
        if s.piece is None or game.actions_done + 1 < game.rules.max_actions(game):
            return None
        if int(game.noise) >= 2:
            return None  # the turn is LOUD already: its rush is the 3 nearest, whatever next
        near = [z for z in board.zombies() if board.table.is_standing(z)
                and board.distance(s.piece, z) < RUSH_REACH_CM]
        if not near:
            return None
        here = board.pos(s.piece)
        left = set(self._exits_this_turn(game, s))  # back in would undo the turn
        for b in sorted(board.buildings, key=lambda b: (math.dist(board.door_mid(b), here), b)):
            if math.dist(board.door_mid(b), here) > SHELTER_REACH_CM:
                break
            if b in left or game.rules.entry_refused(game, s, b) is not None or \
                    game.building_zombies.get(b) or any(
                        x.alive and x.building == b and x.team != s.team
                        for x in game.survivors.values()):
                continue
            entry = self._approach(game, s, b, direct_only=True)
            if entry is not None:
                return entry
        return None

    def _versus_hunts(self, game: Game, s: Survivor) -> bool:
        """S6, S9, S10 (a bin of 3 against hordes of 2-4: a round's kills must refill it, or
        the city is overrun and nobody wins): with kills needed, every survivor in the streets
        with a weapon that reaches hunts, but one carrying what its objective delivers (S6
        key or fuel, S9 team B's supplies, S10 2 fuel). Other scenarios: no."""
        ids = {o.id for o in game.scenario.objectives if o.team in (None, s.team)}
        mine = [t.kind for t in s.inventory]
        if "team_escape_in_rv" in ids:
            return "key" not in mine and "fuel" not in mine
        if "hold_building" in ids:
            return sum(1 for k in mine if k in SUPPLIES) < 2
        if "prevent" in ids:
            return True
        if "wipe_out_or_enter_colony" in ids:
            return mine.count("fuel") < 2
        return False

    def _betrayer_goal(self, game: Game, s: Survivor, obj: Any,
                       goal: tuple[str, Any]) -> tuple[str, Any]:
        """S9: a hidden betrayer wins only if its team fails, so it never does the deed
        that wins for it: team B's betrayer does not carry the supplies into the School,
        team A's does not guard it. It hunts instead (kills look loyal, keep the bin stocked,
        and a Butcher card wants them); team A's, while its card wants a token it does not
        hold (Scavenger), searches for one first. S10 (measured, seed 100 x 40: 68% -> 57% won, more
        overruns, when its betrayer kept out of the other colony) and loyal players: the
        team's goal."""
        rs = game.rule_state
        if s.name not in rs.betrayers or s.name in rs.unmasked:
            return goal
        kinds = betrayal.card_kinds(game, s)
        if obj.id == "prevent" and kinds and not any(t.kind in kinds for t in s.inventory) \
                and s.free_spaces() > 0:
            # Its card (Scavenger) wants a supply held at the end, and a guard or a hunter of
            # team A never picks one up: it searches for one (the other team's supplies it
            # holds are supplies team B cannot bring in, so it still looks loyal).
            return self.search_goal(game, s, lambda t: not t.face_up or t.kind in kinds)
        if goal[0] == "enter" and obj.id in ("hold_building", "prevent"):
            return ("hunt", None)
        return goal

    def _team_goal(self, game: Game, s: Survivor, obj: Any) -> tuple[str, Any] | None:
        """The goal a team objective of scenarios 5-10 gives `s` (`flick.game.bots.goals.TEAM`);
        None when it gives none (a fetch of S2/S4, `tokens_in_base` without `all_of`, is the
        core tactics' goal, not a team's)."""
        if obj.id == "tokens_in_base" and not dict(obj.params).get("all_of"):
            return None
        aim = TEAM.get(obj.id)
        return aim(self, game, s, obj) if aim is not None else None

    def _end(self, game: Game, s: Survivor) -> Input:
        """Mike (power side) ends his turn with his free hop toward his goal, 10 cm at most."""
        if self._five_to_ten(game) and "figure_move" in game.legal_kinds() and s.piece is not None:
            goal = self._goal_point(game, s)
            here = game.board.pos(s.piece)
            if goal is not None and math.dist(goal, here) > MIKE_HOP_MIN_CM:
                d = min(MIKE_HOP_CM, math.dist(goal, here) - MIKE_STOP_CM)
                a = math.atan2(goal[1] - here[1], goal[0] - here[0])
                target = (here[0] + d * math.cos(a), here[1] + d * math.sin(a))
                if game.board.spot_free(target, game.board.figure_r + MIKE_SPOT_SPARE_CM,
                                        ignore=s.piece):
                    angle, strength = impulse_to(game.board.params, "survivor", here, target)
                    a2, f = noisy(angle, strength, self.noise, self.rng)
                    return FigureMove(Flick(vector(a2, f)))
        return super()._end(game, s)

    def _keep(self, game: Game) -> Input:
        """Keep what the team's objective wants, weapons and medicine; never an X token."""
        if not self._five_to_ten(game):
            return super()._keep(game)
        s = game.active_survivor
        key, index = game.pending_take  # type: ignore[misc]
        token = game.stashes[key][index]
        useful = token.kind in self._wanted_kinds(game, s) or token.kind in WEAPONS or \
            token.kind == "medicine"
        return Keep(keep=s.free_spaces() > 0 and useful and token.kind != "x")

    def _take_drop_here(self, game: Game, s: Survivor, place: str) -> Input | None:
        if not self._five_to_ten(game):
            return super()._take_drop_here(game, s, place)
        stash = game.stashes.get(place, [])
        base, need = None, {}
        for obj in game.scenario.objectives:
            if obj.team not in (None, s.team):
                continue
            p = dict(obj.params)
            if obj.id == "team_escape_in_rv":
                base = p.get("base", "rv")
                need = self._needs(game, base, {k: int(v) for k, v in
                                                p.get("tokens", {}).items()})
            if obj.id in ("tokens_in_base", "find_survivors_and_tokens"):
                base = p.get("base", "rv")
                want = {k: int(v) for k, v in p.get("tokens", {}).items()} or {
                    k: game.rule_state.initial_counts.get(k, 0) for k in p.get("all_of", [])}
                need = self._needs(game, base, want)
        where = None if place == s.building else place
        if place == base:
            for i, t in enumerate(s.inventory):
                if t.kind in need:
                    return TakeDrop(drop=i, place=where)
            return None
        wanted = self._wanted_kinds(game, s)
        junk = [i for i, t in enumerate(s.inventory)
                if t.kind not in wanted and t.kind not in WEAPONS and t.kind != "pretzel"]
        for i, t in enumerate(stash):
            if t.face_up and t.kind not in wanted and not (
                    t.kind in ("gun", "shotgun", "sniper")
                    and not set(s.weapons()) & {"gun", "shotgun", "sniper"}):
                continue
            if t.face_up and t.kind in ("x",):
                continue
            if s.free_spaces() > 0:
                return TakeDrop(take=i, place=where)
            if junk:
                return self._exchange(s, i, junk[0], where)
        return None
