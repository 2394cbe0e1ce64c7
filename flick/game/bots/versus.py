"""The heuristic bot against the other team (competitive scenarios 6-10): what a thief takes
or leaves, fights between survivors, shooting an enemy survivor, and where the versus
objectives hunt and shelter."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Protocol

from flick.game.bots import plans
from flick.game.bots.fighting import BULLET_ARRIVE, SHOT_RANGE, Fighting
from flick.game.bots.goals import SUPPLIES
from flick.game.bots.sheltering import RUSH_REACH_CM
from flick.game.bots.tuned import tuned
from flick.game.bots.walking import Walking
from flick.game.inputs import FightWait, FightWeapon, Input, Steal
from flick.game.scenarios.fight import fight_weapons
from flick.game.state import WEAPONS, Survivor

if TYPE_CHECKING:
    from flick.game.game import Game

T = tuned("versus")  # the tuned numbers: assets/bots/versus.yaml
DUEL_BAT_WAIT_CM: float = T["duel_bat_wait_cm"]
ENEMY_SHOT_CM: float = T["enemy_shot_cm"]
SHELTER_REACH_CM: float = T["shelter_reach_cm"]


class VersusNeeds(Protocol):
    """What the tactics against the other team ask of the bot: its walking and fighting, its
    shot, and the token kinds a survivor's objective wants."""

    walking: Walking
    fighting: Fighting

    def shot_at(self, game: Game, s: Survivor, target: int, arrive: float = ...,
                ignore_clear: bool = ...) -> Input | None: ...

    def wanted_kinds(self, game: Game, s: Survivor) -> set[str]: ...


class Versus:
    """Against the other team (a tactic of `HeuristicBot`)."""

    def __init__(self, bot: VersusNeeds) -> None:
        self.bot = bot

    def steal(self, game: Game) -> Input:
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
            needed = token.kind in \
                self.bot.wanted_kinds(game, victim) - {"survivor", "crossroads"}
            return Steal("take" if hidden and needed and room > 0 else "leave")
        if room < 1:
            return Steal("leave")
        junk = {"survivor", "crossroads"}
        mine = token.kind in self.bot.wanted_kinds(game, thief) - junk or token.kind in WEAPONS \
            or token.kind == "medicine"
        denied = token.kind in self.bot.wanted_kinds(game, victim) - junk
        return Steal("take" if mine or denied or room >= 2 else "leave")

    def duel(self, game: Game) -> Input:
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
        return self.bot.fighting.fight_flick(game, kind, (sx, sy), (tx, ty),
                                             arrive=BULLET_ARRIVE)

    def shoot_one_of(self, game: Game, s: Survivor, targets: list[Survivor]) -> Input | None:
        reach = max(SHOT_RANGE.get(w, 0.0) for w in s.weapons() if w in SHOT_RANGE) \
            if set(s.weapons()) & set(SHOT_RANGE) else 0.0
        for x in targets:
            if x.piece is None or s.piece is None or \
                    game.board.distance(s.piece, x.piece) > min(reach, ENEMY_SHOT_CM):
                continue
            shot = self.bot.shot_at(game, s, x.piece)
            if shot is not None:
                return shot
        return None

    def shelter(self, game: Game, s: Survivor) -> Input | None:
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
        left = set(plans.exits_this_turn(game, s))  # back in would undo the turn
        for b in sorted(board.buildings, key=lambda b: (math.dist(board.door_mid(b), here), b)):
            if math.dist(board.door_mid(b), here) > SHELTER_REACH_CM:
                break
            if b in left or game.rules.entry_refused(game, s, b) is not None or \
                    game.building_zombies.get(b) or any(
                        x.alive and x.building == b and x.team != s.team
                        for x in game.survivors.values()):
                continue
            entry = self.bot.walking.approach(game, s, b, direct_only=True)
            if entry is not None:
                return entry
        return None

    def hunts(self, game: Game, s: Survivor) -> bool:
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
