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

Here: the order of the tactics, the choices (X tokens, Gabriel's pick), powers, accusations and
the goals; the tactics `HeuristicBot.TACTICS` adds to the core bot's, one idea each, are
`sheltering` (from rushes and hordes), `separated` (scenario 5) and `versus` (against the other
team).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from flick.game.actions.shots import SET_ASIDE_REACH_CM
from flick.game.bots import betrayal, crossroads_choice, plans
from flick.game.bots.aim import impulse_to, noisy, vector
from flick.game.bots.goals import TEAM
from flick.game.bots.goals.base import Goal
from flick.game.bots.heuristic import BULLET_ARRIVE, SHOT_RANGE, THREAT_CM, CoreBot
from flick.game.bots.separated import KILLS_AHEAD_MARKER, S5_URGENT, Separated, SeparatedNeeds
from flick.game.bots.sheltering import Sheltering, ShelteringNeeds
from flick.game.bots.tuned import tuned
from flick.game.bots.versus import Versus, VersusNeeds
from flick.game.inputs import (
    Accuse,
    Bat,
    ChooseSurvivor,
    ExtraAction,
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
    TakeDrop,
)
from flick.game.state import WEAPONS, Survivor

if TYPE_CHECKING:
    from flick.game.game import Game

Vec = tuple[float, float]
T = tuned("five_to_ten")  # the tuned numbers: assets/bots/five_to_ten.yaml
PASS_ODDS: float = T["pass_odds"]
EXTRA_ACTION_MARKER: int = T["extra_action_marker"]
FLARE_CROWD_CM: float = T["flare_crowd_cm"]
FLARE_BEYOND_CM: int = T["flare_beyond_cm"]
FLARE_CITY_MARGIN_CM: float = T["flare_city_margin_cm"]
MIKE_HOP_MIN_CM: float = T["mike_hop_min_cm"]
MIKE_HOP_CM: float = T["mike_hop_cm"]
MIKE_STOP_CM: float = T["mike_stop_cm"]
MIKE_SPOT_SPARE_CM: float = T["mike_spot_spare_cm"]
ACCUSE_AT: float = T["accuse_at"]


class HeuristicBot(CoreBot):
    """The heuristic bot: plays every seat of scenarios 1-10 (the one `flick.game.play`
    uses); `decide(game)` returns the next input. To the core bot's tactics (`CoreBot.TACTICS`)
    it adds `sheltering`, `separated` (scenario 5) and `versus` (against the other team)."""

    name = "heuristic"
    TACTICS: ClassVar[Mapping[str, Callable[[Any], Any]]] = {
        **CoreBot.TACTICS,
        "sheltering": Sheltering,
        "separated": Separated,
        "versus": Versus,
    }
    sheltering: Sheltering
    separated: Separated
    versus: Versus

    def decide(self, game: Game) -> Input:
        phase = game.phase
        if plans.five_to_ten(game) and game.rule_state.steal_offers:
            return self.versus.steal(game)
        if plans.five_to_ten(game) and game.rule_state.x_pending:
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
            return self.versus.duel(game)
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
        want = self.wanted_kinds(game, game.active_survivor)
        score = [(t.kind in want) * 2 + (t.kind in WEAPONS) - (t.kind == "x") for t in tokens]
        return PickToken(0 if score[0] >= score[1] else 1)

    def wanted_kinds(self, game: Game, s: Survivor) -> set[str]:
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


    # ---- acting --------------------------------------------------------------------------------
    def _act(self, game: Game, s: Survivor) -> Input:
        if not plans.five_to_ten(game):
            return super()._act(game, s)
        if "move" not in game.legal_kinds():  # Mike's free move is all that is left
            return self.end(game, s)
        special = self._special(game, s)
        if special is None and plans.separated(game):
            special = self.separated.kill_and_shelter(game, s)
        if special is None and self.quiet_plan(game):
            special = self.sheltering.shelter(game, s)
        if special is None and plans.versus_rules(game, s):
            special = self.versus.shelter(game, s)
        if special is None and s.building is not None and self.kills_needed(game) > 0 \
                and not game.building_zombies.get(s.building):
            # Inside, a rush cannot fell the shooter: a kill for the next horde from behind
            # the door (a LOUD turn) beats an idle one.
            special = self.shoot_out(game, s, s.building)
        return special if special is not None else super()._act(game, s)

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
        near = self.fighting.nearest_zombie(game, s)
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
            shot = self.versus.shoot_one_of(game, s, mates)
            if shot is not None:
                return shot
        me = s.piece
        enemy_pieces = {x.name: x.piece for x in game.survivors.values() if x.alive
                        and x.team != s.team and x.piece is not None
                        and game.board.table.is_standing(x.piece)}
        enemies = [game.survivors[n] for n in enemy_pieces]
        enemies.sort(key=lambda x: (-sum(1 for t in x.inventory if not t.face_up),
                                    game.board.distance(me, enemy_pieces[x.name]), x.name))
        return self.versus.shoot_one_of(game, s, enemies)

    def quiet_plan(self, game: Game) -> bool:
        """S5 too is a fetching objective (survivors and fuel), not a killing one."""
        return super().quiet_plan(game) or (
            plans.five_to_ten(game) and game.scenario.mode == "co-op" and any(
                o.id == "find_survivors_and_tokens" for o in game.scenario.objectives))

    def shot_at(self, game: Game, s: Survivor, target: int, arrive: float = BULLET_ARRIVE,
                 ignore_clear: bool = False) -> Input | None:
        """The core bot's shot, but no LOUD one (gun, shotgun, sniper) that would send a
        3-zombie rush at a survivor in the streets with other standing zombies in reach
        (scenarios 5-10, where a survivor has 2 or 3 life) when no kill is needed for the
        next horde or the survivor has 1 life left: a quiet weapon or nothing."""
        shot = super().shot_at(game, s, target, arrive, ignore_clear)
        if shot is None or not plans.five_to_ten(game) or shot.kind == "knife":
            return shot
        # Kills keep the bin stocked for the next horde (or the city is overrun): then the
        # risk is taken, unless this survivor is down to its last life.
        if self.separated.loud_rush_hits(game, s, exclude={target}) and (
                self.kills_needed(game) <= 0 or s.life <= 1 or (
                    plans.separated(game) and not self.s5_kills_urgent(game))):
            return None
        return shot


    def _choose(self, game: Game) -> Input:
        """S5: a courier (it carries fuel the RV lacks) inside a building no zombie has
        entered plays first, before the others' rushes push zombies in (its fight would
        make the turn LOUD with it about to be out in the streets)."""
        if plans.separated(game):
            for s in sorted(game.available(game.current_team), key=lambda x: x.name):
                if s.building is not None and not game.building_zombies.get(s.building) \
                        and self.separated.courier(game, s) and s.building != "rv":
                    return ChooseSurvivor(s.name)
        return super()._choose(game)

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
    def goal(self, game: Game, s: Survivor) -> Goal:
        """What `s` should be doing now: the core goal in scenarios 1-4; in 5-10 hunting when
        the bin needs kills, else its team's first objective that gives it a goal (bent for
        a hidden betrayer), else searching face-down tokens."""
        if not plans.five_to_ten(game):
            return super().goal(game, s)
        if self.bin_urgent(game, s):
            return Goal("hunt", None)
        for obj in game.scenario.objectives:
            if obj.team not in (None, s.team):
                continue
            goal = self._team_goal(game, s, obj)
            if goal is not None:
                return self._betrayer_goal(game, s, obj, goal)
        if game.rule_state.recruits.get(s.building or "", 0) > 0:
            return Goal("hunt", None)  # leave by a move: the recruit joins
        return self.search_goal(game, s, lambda t: not t.face_up)

    def bin_urgent(self, game: Game, s: Survivor) -> bool:
        """Must `s` hunt to keep the bin stocked? A city overrun ends the game with no
        winner (worth nothing to every team), so when the kills the next horde needs are at
        least half the turns left in this round (each turn kills about one zombie at best),
        a survivor in the streets with a weapon that reaches hunts instead of its objective."""
        need = self.kills_needed(game)
        if need <= 0 or s.piece is None or not set(s.weapons()) & set(SHOT_RANGE):
            return False
        if plans.versus_rules(game, s) and self.versus.hunts(game, s):
            return True
        left = max(1, len(game.available()))
        return 2 * need >= left

    def _betrayer_goal(self, game: Game, s: Survivor, obj: Any,
                       goal: Goal) -> Goal:
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
            return Goal("hunt", None)
        return goal

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
        inside_counts = plans.separated(game) or game.scenario.mode == "competitive"
        if not inside_counts or game.active is None or \
                game.active_survivor.building is None or game.round_marker < KILLS_AHEAD_MARKER:
            return need  # (at marker 2 the skull comes before the horde after the next)
        inv = game.scenario.invasion
        nxt, after = (int(inv.night), int(inv.day)) if game.round_colour == "day" else (
            int(inv.day), int(inv.night))
        return max(need, -(-(nxt + after - game.bin) // 2))

    def _fight(self, game: Game) -> Input:
        return self.separated.fight(game)

    def _team_goal(self, game: Game, s: Survivor, obj: Any) -> Goal | None:
        """The goal a team objective of scenarios 5-10 gives `s` (`flick.game.bots.goals.TEAM`);
        None when it gives none (a fetch of S2/S4, `tokens_in_base` without `all_of`, is the
        core tactics' goal, not a team's)."""
        if obj.id == "tokens_in_base" and not dict(obj.params).get("all_of"):
            return None
        aim = TEAM.get(obj.id)
        return aim(self, game, s, obj) if aim is not None else None

    def end(self, game: Game, s: Survivor) -> Input:
        """Mike (power side) ends his turn with his free hop toward his goal, 10 cm at most."""
        if plans.five_to_ten(game) and "figure_move" in game.legal_kinds() and s.piece is not None:
            goal = self.goal_point(game, s)
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
        return super().end(game, s)

    def _keep(self, game: Game) -> Input:
        """Keep what the team's objective wants, weapons and medicine; never an X token."""
        if not plans.five_to_ten(game):
            return super()._keep(game)
        s = game.active_survivor
        key, index = game.pending_take  # type: ignore[misc]
        token = game.stashes[key][index]
        useful = token.kind in self.wanted_kinds(game, s) or token.kind in WEAPONS or \
            token.kind == "medicine"
        return Keep(keep=s.free_spaces() > 0 and useful and token.kind != "x")

    def take_drop_here(self, game: Game, s: Survivor, place: str) -> Input | None:
        if not plans.five_to_ten(game):
            return super().take_drop_here(game, s, place)
        stash = game.stashes.get(place, [])
        base, need = None, {}
        for obj in game.scenario.objectives:
            if obj.team not in (None, s.team):
                continue
            p = dict(obj.params)
            if obj.id == "team_escape_in_rv":
                base = p.get("base", "rv")
                need = self.fetching.needs(game, base, {k: int(v) for k, v in
                                                p.get("tokens", {}).items()})
            if obj.id in ("tokens_in_base", "find_survivors_and_tokens"):
                base = p.get("base", "rv")
                want = {k: int(v) for k, v in p.get("tokens", {}).items()} or {
                    k: game.rule_state.initial_counts.get(k, 0) for k in p.get("all_of", [])}
                need = self.fetching.needs(game, base, want)
        where = None if place == s.building else place
        if place == base:
            for i, t in enumerate(s.inventory):
                if t.kind in need:
                    return TakeDrop(drop=i, place=where)
            return None
        wanted = self.wanted_kinds(game, s)
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
                return self.inside.exchange(s, i, junk[0], where)
        return None


if TYPE_CHECKING:
    def _offers(bot: HeuristicBot) -> tuple[ShelteringNeeds, SeparatedNeeds, VersusNeeds]:
        """The bot offers each tactic it adds what the tactic asks (mypy checks it)."""
        return bot, bot, bot
