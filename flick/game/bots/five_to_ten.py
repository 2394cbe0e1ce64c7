"""The heuristic bot for scenarios 5-10: the core bot (`flick.game.bots.HeuristicBot`) plus
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
import math
from typing import TYPE_CHECKING, Any

from flick.game.actions.shots import SET_ASIDE_REACH_CM
from flick.game.bots.aim import impulse_to, noisy, vector
from flick.game.bots.heuristic import BULLET_ARRIVE, SHOT_RANGE, THREAT_CM, HeuristicBot
from flick.game.inputs import (
    Bat,
    FightFlick,
    FightWait,
    FightWeapon,
    Flick,
    Input,
    Keep,
    Move,
    TakeDrop,
)
from flick.game.scenarios import crossroads, secret
from flick.game.scenarios.fight import fight_weapons
from flick.game.scenarios.inputs import (
    Accuse,
    Allegiance,
    CrossroadsChoice,
    ExileFlick,
    ExtraAction,
    FigureMove,
    Flare,
    Heal,
    MoveX,
    PassTurn,
    PickToken,
    Steal,
    Vote,
)
from flick.game.state import WEAPONS, Survivor

if TYPE_CHECKING:
    from flick.game.game import Game

SUPPLIES = ("food", "fuel", "medicine")
# A LOUD rush (the 3 nearest standing zombies) this close (cm, edge to edge) to a survivor
# in the streets very likely fells it (measured: S5 rushes felled survivors 16-32 cm away).
RUSH_REACH_CM = 35.0


class FiveToTenBot(HeuristicBot):
    """Plays every seat of scenarios 1-10."""

    name = "heuristic"

    def decide(self, game: Game) -> Input:
        phase = game.phase
        if self._five_to_ten(game) and game.rule_state.steal_offers:
            return self._steal(game)
        if self._five_to_ten(game) and game.rule_state.x_pending:
            return self._move_x(game)
        if phase == "crossroads":
            return self._crossroads(game)
        if phase == "pick":
            return self._pick(game)
        if phase == "vote":
            return self._vote(game)
        if phase == "exile":
            return self._exile(game)
        if phase == "allegiance":
            return self._allegiance(game)
        if phase == "fight" and getattr(game.fight, "kind", "") == "duel":
            return self._duel(game)
        if "pass" in game.legal_kinds() and len({s.team for s in game.available()}) > 1 \
                and self.rng.random() < 0.5:
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
    def _crossroads(self, game: Game) -> Input:
        card = crossroads.drawn(game)
        s = game.active_survivor
        best, best_v = 0, -math.inf
        for i, option in enumerate(card.options):
            if not crossroads.payable(game, s, option):
                continue
            v = self._option_value(game, s, dict(option.effects))
            if v > best_v:
                best, best_v = i, v
        return CrossroadsChoice(best)

    def _option_value(self, game: Game, s: Survivor, fx: dict[str, Any]) -> float:
        """What a Crossroads option is worth to the team, from the survivor's situation:
        noise and new zombies rush at a survivor out in the streets (inside, a rush cannot
        fell it); a lost life is worse the fewer it has left, and fatal at 1; tokens the
        objective wants are worth more than others; a discard costs what it throws away."""
        outside = s.building is None
        want = self._wanted_kinds(game, s)

        def worth(kind: str) -> float:
            if kind in want and kind not in ("survivor", "crossroads"):
                return 3.0
            return {"medicine": 1.5, "knife": 1.5, "bat": 1.2, "gun": 1.0, "shotgun": 1.0,
                    "sniper": 1.0, "flare": 0.8, "food": 0.6}.get(kind, 0.3)

        v = 0.0
        noise = str(fx.get("noise", ""))
        already = int(game.noise)
        if noise == "LOUD" and already < 2:
            v -= 4.0 if outside else 0.5
        elif noise == "QUIET" and already < 1:
            v -= 1.5 if outside else 0.2
        for key, per in (("new_zombies", 2.5 if outside else 1.0), ("zombies_inside", 2.0)):
            v -= per * float(fx.get(key, 0))
        life = int(fx.get("life", 0))
        if life < 0:
            v -= 25.0 if s.life + life <= 0 else 5.0
        elif life > 0:
            v += 3.0 if s.life < game.rule_state.start_life.get(s.name, s.life) else 0.3
        v += 3.0 * float(fx.get("team_life", 0)) + 2.0 * float(fx.get("building_life", 0))
        if fx.get("building_life", 0) < 0 and s.life <= 1:
            v -= 25.0
        if fx.get("extra_action"):
            v += 1.5
        if fx.get("end_turn"):
            v -= 1.0 if outside else 0.3
        if fx.get("fall"):
            v -= 2.0 if outside else 0.3
        if fx.get("stand_zombies"):
            v -= 1.0
        if "gain" in fx:
            v += worth(str(fx["gain"])) if s.free_spaces() > 0 else 0.2
        if "stash" in fx and not outside:
            v += 0.6 * worth(str(fx["stash"]))
        if "discard" in fx:
            kind = str(fx["discard"])
            lost = s.inventory[0].kind if kind == "any" and s.inventory else kind
            v -= worth(lost) + 0.2
        return v

    def _steal(self, game: Game) -> Input:
        """Take from an opponent, discard its X, leave a teammate's token."""
        offer = game.rule_state.steal_offers[0]
        thief = game.survivors[offer["thief"]]
        victim = game.survivors[offer["victim"]]
        token = next((t for t in victim.inventory if t.uid == offer["uid"]), None)
        if token is None or thief.team == victim.team:
            return Steal("leave")
        if token.kind == "x":
            return Steal("discard")
        return Steal("take" if thief.free_spaces() > 0 else "leave")

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
        return out

    def _vote(self, game: Game) -> Input:
        v = secret.current_vote(game)
        voter = secret.next_voter(game)
        if voter == v["accused"] or (voter in game.rule_state.betrayers
                                     and voter not in game.rule_state.unmasked):
            return Vote(up=voter != v["accused"] and v["accused"] not in game.rule_state.betrayers)
        return Vote(up=secret.evidence(game).get(v["accused"], 0) > 0)

    def _allegiance(self, game: Game) -> Input:
        """Wrongly accused: stay (the accused and the accuser each lose a life if they have
        more than 1) or defect to the other clan, whichever side then looks stronger (life
        left among its living survivors): a player wins only with the winning team."""
        a = secret.current_allegiance(game)
        accused, accuser = game.survivors[a["accused"]], game.survivors[a["accuser"]]
        clans = {t.name for t in game.scenario.teams}
        alive = [x for x in game.survivors.values() if x.alive and x is not accused]
        own = sum(x.life for x in alive if x.team == accused.team)
        other = sum(x.life for x in alive if x.team != accused.team and x.team in clans)
        stay = own + accused.life - (accused.life > 1) - (accuser.alive and accuser.life > 1)
        return Allegiance(defect=other + accused.life > stay)

    def _exile(self, game: Game) -> Input:
        """The unmasked betrayer flicks its figure away from its old team."""
        b = secret.exiled(game)
        board = game.board
        team_of = game.rule_state.original_team
        here = board.pos(b.piece)  # type: ignore[arg-type]
        old = [board.pos(x.piece) for x in game.survivors.values()
               if x.alive and x.piece is not None and x is not b
               and team_of.get(x.name) == team_of.get(b.name)]
        if old:
            cx = sum(p[0] for p in old) / len(old)
            cy = sum(p[1] for p in old) / len(old)
            a = math.atan2(here[1] - cy, here[0] - cx)
        else:
            a = float(self.rng.uniform(-math.pi, math.pi))
        target = board.clamp_into_city((here[0] + 15 * math.cos(a), here[1] + 15 * math.sin(a)),
                                       5.0)
        fl, _ = self._disc_flick(game, here, target, kind="survivor")
        return ExileFlick(fl)

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
        if duel.weapons[name] == "bat" and math.dist((sx, sy), (tx, ty)) > 30.0 and \
                "fight_wait" in duel.legal_kinds():
            return FightWait()
        angle, strength = impulse_to(game.board.params, kind, (sx, sy), (tx, ty), arrive=140.0)
        a, f = noisy(angle, strength, self.noise, self.rng)
        return FightFlick(Flick(vector(a, f)))

    # ---- acting --------------------------------------------------------------------------------
    def _act(self, game: Game, s: Survivor) -> Input:
        if not self._five_to_ten(game):
            return super()._act(game, s)
        if "move" not in game.legal_kinds():  # Mike's free move is all that is left
            return self._end(game, s)
        special = self._special(game, s)
        if special is None and self._quiet_plan(game):
            special = self._shelter(game, s)
        if special is None and s.building is not None and self._kills_needed(game) > 0 \
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
            if game.building_zombies.get(s.building) or \
                    self._take_drop_here(game, s, s.building) is not None:
                return None
            if self._kills_needed(game) > 0:
                shot = self._shoot_out(game, s, s.building)
                if shot is not None:
                    return shot
            if s.life <= 1 and game.actions_done == 0:
                return self._end(game, s)  # on its last life it stays in: a SILENT turn
            return None
        last = game.actions_done + 1 >= game.rules.max_actions(game)
        if s.piece is None or not (last or s.life <= 1):
            return None
        if not self._loud_rush_hits(game, s, exclude=set()) and int(game.noise) >= 1:
            return None
        near = self._nearest_zombie(game, s)
        if near is None or near[1] >= RUSH_REACH_CM:
            return None
        here = board.pos(s.piece)
        for b in sorted(board.buildings, key=lambda b: (math.dist(board.door_mid(b), here), b)):
            if game.rules.entry_refused(game, s, b) is not None or \
                    len(game.building_zombies.get(b, [])) > 1:
                continue
            entry = self._approach(game, s, b, direct_only=True)
            if entry is not None:
                return entry
        return None

    def _special(self, game: Game, s: Survivor) -> Input | None:
        legal = game.legal_kinds()
        rs = game.rule_state
        if "heal" in legal:
            heal = self._heal(game, s)
            if heal is not None:
                return heal
        if "extra_action" in legal and game.actions_done == 0 and game.round_marker <= 4:
            return ExtraAction()
        if "accuse" in legal and game.actions_done < game.rules.max_actions(game):
            ev = secret.evidence(game)
            accused_before = {e.data.get("accused") for e in game.events if e.type == "accuse"}
            for x in game.survivors.values():
                if (x.alive and x.team == s.team and x is not s and ev.get(x.name, 0) > 0
                        and x.name not in accused_before and x.name not in rs.unmasked
                        and s.name not in rs.betrayers):
                    return Accuse(x.name)
        if s.piece is None:
            return None
        near = self._nearest_zombie(game, s)
        threatened = near is not None and near[1] < THREAT_CM
        if "flare" in legal and not threatened:
            crowd = [z for z in game.board.zombies()
                     if game.board.distance(s.piece, z) < 30.0
                     and game.board.table.is_standing(z)]
            if len(crowd) >= 2:
                return self._flare(game, s, crowd)
        if threatened or game.scenario.mode != "competitive":
            return None
        if s.name in rs.betrayers and s.name not in rs.unmasked and \
                self.rng.random() < 0.35:
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
                self._kills_needed(game) <= 0 or s.life <= 1):
            return None
        return shot

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
                    game.board.distance(s.piece, x.piece) > min(reach, 40.0):
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
        target = board.clamp_into_city((cx + 25 * math.cos(a), cy + 25 * math.sin(a)), 4.0)
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
                return goal
        if game.rule_state.recruits.get(s.building or "", 0) > 0:
            return ("hunt", None)  # leave by a move: the recruit joins
        return self._search_goal(game, s, lambda t: not t.face_up)

    def _bin_urgent(self, game: Game, s: Survivor) -> bool:
        """Must `s` hunt to keep the bin stocked? A city overrun ends the game with no
        winner (worth nothing to every team), so when the kills the next horde needs are at
        least half the turns left in this round (each turn kills about one zombie at best),
        a survivor in the streets with a weapon that reaches hunts instead of its objective."""
        need = self._kills_needed(game)
        if need <= 0 or s.piece is None or not set(s.weapons()) & set(SHOT_RANGE):
            return False
        left = max(1, len(game.available()))
        return 2 * need >= left

    def _team_goal(self, game: Game, s: Survivor, obj: Any) -> tuple[str, Any] | None:
        p = dict(obj.params)
        carried = {k: sum(1 for t in s.inventory if t.kind == k) for k in
                   ("key", "fuel", "food", "medicine")}
        if obj.id == "find_survivors_and_tokens":
            if self._kills_needed(game) > 0 and s.piece is not None and \
                    set(s.weapons()) & set(SHOT_RANGE):
                # S5: the next horde needs zombies in the bin (else the city is overrun); a
                # survivor in the streets with a weapon that reaches hunts for them first.
                return ("hunt", None)
            return self._token_goal(game, s, p.get("base", "rv"),
                                    {k: int(v) for k, v in p.get("tokens", {}).items()})
        if obj.id == "team_escape_in_rv":
            rv = game.stashes.get("rv", [])
            ready = any(t.kind == "key" for t in rv) and any(t.kind == "fuel" for t in rv)
            if carried["key"] or carried["fuel"] or ready:
                return ("enter", "rv")
            return self._search_goal(game, s, lambda t: not t.face_up or t.kind in
                                     ("key", "fuel"), skip="rv")
        if obj.id == "tokens_in_base" and p.get("all_of"):
            base = p.get("base", "rv")
            need = {k: game.rule_state.initial_counts.get(k, 0) for k in p["all_of"]}
            return self._token_goal(game, s, base, need)
        if obj.id == "outnumber":
            if game.rule_state.recruits.get(s.building or "", 0) > 0:
                return ("hunt", None)
            return self._search_goal(game, s, lambda t: not t.face_up)
        if obj.id == "hold_building":
            building = p.get("building", "school")
            if sum(carried[k] for k in SUPPLIES if k in carried) >= int(p.get("count", 2)):
                return ("enter", building)
            return self._search_goal(game, s, lambda t: not t.face_up or t.kind in SUPPLIES,
                                     skip=building)
        if obj.id == "prevent":
            building = next((dict(o.params).get("building", "school")
                             for o in game.scenario.objectives if o.id == "hold_building"),
                            "school")
            door = game.board.door_mid(building)
            spots = {x.name: pos for x in game.survivors.values() if x.alive
                     and x.team == s.team and (pos := game.board.piece_position(x)) is not None}
            guards = sorted(spots, key=lambda n: (math.dist(spots[n], door), n))
            if s.name in guards[:2]:
                return ("enter", building)
            return ("hunt", None)
        if obj.id == "wipe_out_or_enter_colony":
            colony = p.get("building", "rv")
            if carried["fuel"] >= 2:
                return ("enter", colony)
            return self._search_goal(game, s, lambda t: not t.face_up or t.kind == "fuel",
                                     skip=colony)
        return None

    def _end(self, game: Game, s: Survivor) -> Input:
        """Mike (power side) ends his turn with his free hop toward his goal, 10 cm at most."""
        if self._five_to_ten(game) and "figure_move" in game.legal_kinds() and s.piece is not None:
            goal = self._goal_point(game, s)
            here = game.board.pos(s.piece)
            if goal is not None and math.dist(goal, here) > 6.0:
                d = min(10.0, math.dist(goal, here) - 4.0)
                a = math.atan2(goal[1] - here[1], goal[0] - here[0])
                target = (here[0] + d * math.cos(a), here[1] + d * math.sin(a))
                if game.board.spot_free(target, game.board.figure_r + 0.5, ignore=s.piece):
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
                return TakeDrop(take=i, drop=junk[0], place=where)
        return None
