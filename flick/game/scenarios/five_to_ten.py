"""The rules scenarios 5-10 add to the core rules (those of scenarios 1-4, `rules`): the rule
state they add and the rules class that hooks them into `flick.game.game.Game`.

`rules_for(scenario)` gives `FiveToTenRules` when the scenario names a rule of scenarios 5-10
(`scenarios/README.md` lists the ids), else the core `ScenarioRules`. `FiveToTenRules` extends
the core class through its hooks and dispatches on the scenario's rule ids to the modules
that hold each rule: `crossroads` (S5), `supply` (S5 found survivors, S8 X tokens, supply and
recruits), `survivor_fight` (S6 survivor fights), `flares` and `powers` (S7), `objectives`
(objectives, skull outcomes), `secret` (S9-S10 objectives, betrayer, accusation and vote).

Its mutable state is `game.rule_state` (a `RuleState`), a declared field of the game (left
empty in scenarios 1-4), so `Game.apply`'s snapshot restores it with everything else when
an input is refused.

`prepare(scenario, players, seed, dangerous)` fills S9-S10's open slots with survivors
picked at random (seeded) for the players, and applies the "Dangerous days and nights"
variant (the next higher invasion markers: this project reads it as one more zombie per day
and per night, the markers' values being pictures the text lost).

Stealing (S6 on, rulebook p. 23): when a survivor falls to any attack and lives, the closest
standing survivor with a free inventory space (in the city, or in the same building) may look
at one face-down token of the fallen survivor and take it, leave it, or discard an X token.
The offer is made as soon as the survivor falls: the game holds (phase "decide", no other
input accepted) right after the flick or fight that felled it, before Too close! and the end
of the turn, or right after the turn's reaction (a rush); the `Steal` decision resumes it.
Readings (this project's): face-down tokens look alike, so the one looked at is drawn at
random; "any attack" is a weapon, a survivor fight, a zombie fight, Too close! or a rush; a
survivor falls to it when it loses a life to it or, with the bat (which wounds no one), when
it is the bat's target and falls (a "fall" event, cause "bat"), not only when a life is lost;
an offer whose token or survivors are gone by the time it is answered comes to nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypedDict

import numpy as np

from flick.errors import FlickError
from flick.game.inputs import (
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
from flick.game.scenarios import crossroads, flares, objectives, powers, secret, supply
from flick.game.scenarios.rules import (
    CONDITIONS_DONE,
    OBJECTIVES_DONE,
    RULES_DONE,
    ScenarioRules,
    full_name,
)
from flick.game.scenarios.survivor_fight import Duel
from flick.game.state import GameOver, IllegalAction, Noise, Survivor
from flick.scenario.model import FIRST_NAMES
from flick.scenario.model import Survivor as SurvivorSpec

if TYPE_CHECKING:
    from flick.game.game import Game

# What scenarios 5-10 add to the core's RULES_DONE, OBJECTIVES_DONE, CONDITIONS_DONE.
RULES_ADDED = frozenset({
    "crossroads", "found_survivors", "secret_tokens", "rv_unloads_key_and_fuel",
    "fight_survivor_vs_survivor", "stealing", "special_powers", "flare",
    "x_tokens_block_buildings", "moving_x_tokens", "new_survivor", "secret_objectives",
    "betrayer", "dead_and_gone",
})
OBJECTIVES_ADDED = frozenset({"find_survivors_and_tokens", "team_escape_in_rv", "outnumber",
                              "hold_building", "prevent", "wipe_out_or_enter_colony"})
CONDITIONS_ADDED = frozenset({"skull_most_tokens_in_base", "skull_most_survivors",
                              "skull_team_wins"})
# The box's tokens (rulebook components), for Crossroads cards that give tokens.
BOX_TOKENS = {"food": 8, "fuel": 8, "medicine": 8, "gun": 4, "knife": 2, "bat": 2,
              "shotgun": 2, "sniper": 2, "flare": 2, "extra_action": 2, "x": 6}
STEAL_CAUSES = ("gun", "knife", "bat", "shotgun", "sniper", "duel", "fight", "too_close",
                "rush", "short_kill")


class PickState(TypedDict):
    """Gabriel's pick: the stash looked in and the two tokens' uids."""

    key: str
    uids: list[int]


class VoteState(TypedDict):
    """An accusation's vote (S9-S10): who accused whom, the voters in order, thumbs so far."""

    accuser: str
    accused: str
    voters: list[str]
    votes: list[bool]


class AllegianceState(TypedDict):
    """A wrongly accused survivor's choice, stay or defect, still to make."""

    accused: str
    accuser: str


class StealOffer(TypedDict):
    """A steal offered to `thief`: one face-down token (`uid`) of the fallen `victim`."""

    thief: str
    victim: str
    uid: int


@dataclass
class RuleState:
    """Everything scenarios 5-10 track beyond the core game (in the undo point of Game.apply)."""

    start_life: dict[str, int] = field(default_factory=dict)
    reserve: list[str] = field(default_factory=list)
    box_tokens: dict[str, int] = field(default_factory=dict)
    initial_counts: dict[str, int] = field(default_factory=dict)
    crossroads_deck: list[str] = field(default_factory=list)
    crossroads_card: str | None = None
    found: int = 0
    recruits: dict[str, int] = field(default_factory=dict)
    x_blocked: list[str] = field(default_factory=list)
    power_tokens: dict[str, dict[str, int]] = field(default_factory=dict)
    turn_start: int = 0
    turn_flags: list[str] = field(default_factory=list)
    extra_actions: int = 0
    flare: tuple[float, float, int] | None = None
    pick: PickState | None = None
    felled: list[str] = field(default_factory=list)
    steal_seen: int = 0
    objective: dict[str, str] = field(default_factory=dict)
    betrayers: list[str] = field(default_factory=list)
    original_team: dict[str, str] = field(default_factory=dict)
    unmasked: list[str] = field(default_factory=list)
    unmasked_by: dict[str, str] = field(default_factory=dict)
    obj_deck: list[str] = field(default_factory=list)
    betrayer_deck: list[str] = field(default_factory=list)
    vote: VoteState | None = None
    allegiance: AllegianceState | None = None
    exile: str | None = None
    x_token: dict[str, bool] = field(default_factory=dict)
    steal_offers: list[StealOffer] = field(default_factory=list)
    x_pending: list[str] = field(default_factory=list)  # S8: buildings awaiting an X token
    # S6: secret tokens revealed on entering the RV (uid: the survivor who showed them)
    shown: dict[int, str] = field(default_factory=dict)
    occupied: list[str] = field(default_factory=list)  # S8: buildings with a survivor inside
    resume: str | None = None  # the stage (Game.apply's) held for a steal or an X decision


def missing_rules(scenario: Any) -> list[str]:
    """The scenario's special rules, objectives and conditions this engine does not know
    (neither the core rules of scenarios 1-4 nor those scenarios 5-10 add), each once."""
    out = [r.id for r in scenario.special_rules if r.id not in RULES_DONE | RULES_ADDED]
    out += [o.id for o in scenario.objectives if o.id not in OBJECTIVES_DONE | OBJECTIVES_ADDED]
    out += [c.id for c in (*scenario.instant_defeat, *scenario.losing, scenario.skull)
            if c.id not in CONDITIONS_DONE | CONDITIONS_ADDED]
    return list(dict.fromkeys(out))


def rules_for(scenario: Any) -> ScenarioRules:
    """The rules class for `scenario`: FiveToTenRules if it names a rule of S5-S10; its
    `unsupported` lists what neither knows."""
    ids = {r.id for r in scenario.special_rules}
    objective_ids = {o.id for o in scenario.objectives}
    rules: ScenarioRules
    if ids & RULES_ADDED or objective_ids - {"survivor_in_rv_few_zombies", "tokens_in_base",
                                             "escort_to_building"} or \
            scenario.mode == "competitive":
        rules = FiveToTenRules(scenario)
    else:
        rules = ScenarioRules(scenario)
    rules.unsupported = missing_rules(scenario)
    return rules


def team_sizes(scenario: Any, players: int | None) -> dict[str, int] | None:
    """Players per team for a total: S9-S10 split `players` (6, 8 or 10) evenly."""
    if players is None:
        return None
    if any(t.open_slots is not None for t in scenario.teams):
        counts = scenario.players.counts
        if counts and players not in counts:
            raise FlickError(f"scenario {scenario.number} is for "
                             f"{', '.join(map(str, counts))} players, not {players}",
                             exit_code=2)
        n = len(scenario.teams)
        return {t.name: players // n + (1 if i < players % n else 0)
                for i, t in enumerate(scenario.teams)}
    if not scenario.players.min <= players <= scenario.players.max:
        raise FlickError(f"scenario {scenario.number} is for {scenario.players.min}-"
                         f"{scenario.players.max} players, not {players}", exit_code=2)
    if scenario.mode == "co-op":
        return {scenario.teams[0].name: players}
    n = len(scenario.teams)
    return {t.name: max(1, players // n + (1 if i < players % n else 0))
            for i, t in enumerate(scenario.teams)}


def prepare(scenario: Any, players: dict[str, int] | None, seed: int,
            dangerous: bool = False) -> tuple[Any, dict[str, int] | None]:
    """The scenario as played: open slots filled (S9-S10), the dangerous variant applied."""
    if dangerous:
        inv = scenario.invasion
        scenario = scenario.model_copy(update={"invasion": inv.model_copy(
            update={"day": inv.day + 1, "night": inv.night + 1})})
    if not any(t.open_slots is not None for t in scenario.teams):
        return scenario, players
    players = dict(players or {})
    rng = np.random.default_rng([int(seed), 0x5E1EC7])
    names = sorted(set(FIRST_NAMES.values()))
    pool = [names[int(i)] for i in rng.permutation(len(names))]
    teams = []
    pretzel = scenario.pretzel
    for team in scenario.teams:
        slots = team.open_slots
        if slots is None:
            teams.append(team)
            continue
        n = int(players.get(team.name, slots.min))
        if not slots.min <= n <= min(slots.max, len(slots.spots)):
            raise FlickError(f"team {team.name} of scenario {scenario.number} has "
                             f"{slots.min}-{slots.max} players, not {n}", exit_code=2)
        players[team.name] = n
        specs = list(team.survivors)
        for k in range(n):
            spot = slots.spots[k]
            name = pool.pop(0)
            specs.append(SurvivorSpec.model_construct(
                name=name, life=slots.life, x=spot.x, y=spot.y, facing=90.0,
                power_side=slots.power_side, backpack=slots.backpack, inventory=()))
        teams.append(team.model_copy(update={"survivors": tuple(specs), "open_slots": None}))
        if pretzel is not None and pretzel.survivor is None and pretzel.team == team.name:
            pretzel = pretzel.model_copy(update={"survivor": specs[0].name})
    return scenario.model_copy(update={"teams": tuple(teams), "pretzel": pretzel}), players


class FiveToTenRules(ScenarioRules):
    """The core rules plus scenarios 5-10, dispatched on the scenario's rule ids."""

    five_to_ten = True

    # ---- set-up -------------------------------------------------------------------------
    def after_set_up(self, game: Game) -> None:
        rs = game.rule_state
        rs.reserve = [full_name(n) for n in self.scenario.reserve_survivors]
        rs.start_life = {s.name: s.life for s in game.survivors.values()}
        in_play: dict[str, int] = {}
        for tokens in [*game.stashes.values(), *(s.inventory for s in game.survivors.values())]:
            for t in tokens:
                in_play[t.kind] = in_play.get(t.kind, 0) + 1
        rs.initial_counts = dict(in_play)
        rs.box_tokens = {k: max(0, n - in_play.get(k, 0)) for k, n in BOX_TOKENS.items()}
        if self.has("crossroads"):
            rs.crossroads_deck = crossroads.shuffled_ids(game)
        powers.set_up(game)
        supply.set_up(game)
        rs.occupied = supply.occupied(game)
        if self.has("secret_objectives"):
            secret.deal(game)
        for s in game.survivors.values():
            rs.original_team.setdefault(s.name, s.team)

    # ---- buildings ----------------------------------------------------------------------
    def entry_refused(self, game: Game, s: Survivor, building: str) -> str | None:
        if supply.blocked(game, building):
            return f"the {building} is blocked by an X token"
        return super().entry_refused(game, s, building)

    def on_enter(self, game: Game, s: Survivor, building: str) -> None:
        supply.emptied(game)  # a move from one building straight into another (S8)
        objectives.entered_colony(game, s, building)
        if self.has("rv_unloads_key_and_fuel") and building == "rv":
            # "When a survivor enters the RV, they reveal their face down tokens": all of
            # them (an X too), and they stay face up while that survivor carries them. The
            # event names those kept (key and fuel are told by "unload").
            shown = [t for t in s.inventory if not t.face_up]
            for t in shown:
                t.face_up = True
                game.rule_state.shown[t.uid] = s.name
            kept = [t.kind for t in shown if t.kind not in ("key", "fuel")]
            if kept:
                game.event("rv_reveal", survivor=s.name, tokens=kept)
            unloaded = [t for t in s.inventory if t.kind in ("key", "fuel")]
            for t in unloaded:
                s.inventory.remove(t)
                t.face_up = True
                game.stashes.setdefault("rv", []).append(t)
            if unloaded:
                game.event("unload", survivor=s.name, tokens=[t.kind for t in unloaded])
        enemies = [x for x in game.survivors.values() if x.alive and x.building == building
                   and x.name != s.name and x.team != s.team]
        if enemies and self.has("fight_survivor_vs_survivor"):
            friends = [s] + [x for x in game.survivors.values() if x.alive and x is not s
                             and x.building == building and x.team == s.team]
            duel = Duel.begin(game, building, friends, enemies)
            game.fight = duel  # type: ignore[assignment]
            game.phase = "fight"
            game.event("fight", stage="start", building=building, kind="duel",
                       survivors=[x.name for x in friends],
                       opponents=[x.name for x in enemies],
                       distance=round(duel.distance, 1))
            return
        super().on_enter(game, s, building)

    def on_choose(self, game: Game, s: Survivor) -> None:
        rs = game.rule_state
        rs.turn_start = len(game.events) - 1
        rs.turn_flags = []
        rs.extra_actions = 0
        rs.flare = None
        supply.emptied(game)  # S8: a building left empty between turns
        super().on_choose(game, s)

    # ---- tokens -------------------------------------------------------------------------
    def on_reveal(self, game: Game, s: Survivor, key: str, token: Any) -> bool:
        rs = game.rule_state
        stash = game.stashes[key]
        if powers.has(game, s, "Gabriel") and rs.pick is None:
            other = next((t for t in stash if not t.face_up and t is not token), None)
            if other is not None:
                token.face_up = False
                rs.pick = {"key": key, "uids": [token.uid, other.uid]}
                game.event("power", survivor=s.name, power="gabriel", effect="looks at 2")
                game.phase = "pick"
                return True
        return self._revealed(game, s, key, token)

    def _revealed(self, game: Game, s: Survivor, key: str, token: Any) -> bool:
        stash = game.stashes[key]
        if token.kind == "crossroads" and self.has("crossroads"):
            stash.remove(token)
            crossroads.draw(game, s)
            return True
        if token.kind == "survivor" and self.has("found_survivors"):
            stash.remove(token)
            supply.found_survivor(game, s, key)
            return True
        if token.kind == "survivor" and self.has("new_survivor"):
            stash.remove(token)
            supply.survivor_revealed(game, key)
            return True
        return super().on_reveal(game, s, key, token)

    def _pick(self, game: Game, inp: PickToken) -> None:
        rs = game.rule_state
        assert rs.pick is not None
        if inp.choice not in (0, 1):
            raise IllegalAction(f"Gabriel picks token 0 or 1, not {inp.choice!r}")
        key, uids = rs.pick["key"], rs.pick["uids"]
        stash = game.stashes[key]
        token = next(t for t in stash if t.uid == uids[inp.choice])
        rs.pick = None
        token.face_up = True
        game.phase = "act"
        s = game.active_survivor
        game.event("reveal", survivor=s.name, token=token.kind, place=key, picked=inp.choice)
        if self._revealed(game, s, key, token):
            return
        game.pending_take = (key, stash.index(token))
        game.phase = "keep"

    # ---- noise and the zombies ----------------------------------------------------------
    def turn_noise(self, game: Game, s: Survivor, noise: Noise) -> Noise:
        return powers.turn_noise(game, s, super().turn_noise(game, s, noise))

    def react(self, game: Game, s: Survivor, noise: Noise) -> None:
        rs = game.rule_state
        if rs.flare is not None:
            x, y, flare_noise = rs.flare
            rs.flare = None
            game.event("flare_reaction", at=[round(x, 2), round(y, 2)],
                       noise=Noise(flare_noise).name)
            flares.react_at(game, (x, y), Noise(flare_noise))
            return
        if noise == Noise.LOUD and powers.has(game, s, "Rosa") and s.alive and \
                game.board.piece_position(s) is not None and game.board.zombies():
            powers.rosa_react(game, s)
            return
        super().react(game, s, noise)

    def max_actions(self, game: Game) -> int:
        return powers.max_actions(game)

    def regular_actions(self, game: Game) -> int:
        return powers.regular_actions(game)

    # ---- after actions and turns --------------------------------------------------------
    def after_action(self, game: Game) -> None:
        super().after_action(game)
        powers.after_action(game)
        self._secret_tokens(game)
        self._steal(game)

    def after_turn(self, game: Game, s: Survivor) -> None:
        super().after_turn(game, s)
        self._secret_tokens(game)
        self._steal(game)

    def on_exit(self, game: Game, s: Survivor, building: str, piece: str) -> None:
        """S8: the survivor left `building` by a move (into the city or straight into another
        building): the survivor waiting there joins, the X token may move."""
        supply.after_exit(game, s, building, by_disc=piece == "movement_disc")

    def hold(self, game: Game, stage: str) -> bool:
        """Pause for the steal and X-token decisions as soon as they arise (phase "decide")."""
        self._steal(game)
        supply.emptied(game)  # S8: a building its last survivor left, however it left
        rs = game.rule_state
        if not (rs.steal_offers or rs.x_pending):
            return False
        rs.resume = stage
        game.phase = "decide"
        return True

    def _resume(self, game: Game) -> None:
        """The last pending decision is answered: the game goes on where it was held."""
        rs = game.rule_state
        if rs.steal_offers or rs.x_pending or rs.resume is None:
            return
        stage, rs.resume = rs.resume, None
        if stage == "turn":
            game.after_turn_checks()
            return
        game.phase = "act"
        if stage == "action":
            game._after_action()
        else:
            game.maybe_end_turn()

    def _secret_tokens(self, game: Game) -> None:
        if not self.has("secret_tokens"):
            return
        kinds = set(self.ids["secret_tokens"].get("kinds", ["key", "fuel", "x"]))
        # A token shown in the RV stays face up while its survivor keeps it; taken by
        # anyone else (or again) it is secret again.
        shown = game.rule_state.shown
        held = {(t.uid, s.name) for s in game.survivors.values() for t in s.inventory}
        for uid, name in list(shown.items()):
            if (uid, name) not in held:
                del shown[uid]
        for s in game.survivors.values():
            for t in s.inventory:
                if t.kind in kinds and shown.get(t.uid) != s.name:
                    t.face_up = False

    def _steal(self, game: Game) -> None:
        """Stealing from survivors felled by an attack since the last look."""
        if not self.has("stealing"):
            return
        rs = game.rule_state
        fallen = list(rs.felled)
        rs.felled = []
        for e in game.events[rs.steal_seen:]:
            if e.type in ("wound", "fall") and e.data.get("cause") in STEAL_CAUSES:
                fallen.append(e.data["survivor"])
        rs.steal_seen = len(game.events)
        done: set[str] = set()
        for name in fallen:
            victim = game.survivors.get(name)
            if victim is None or not victim.alive or name in done:
                continue
            done.add(name)
            hidden = [t for t in victim.inventory if not t.face_up]
            if not hidden:
                continue
            thief = self._thief(game, victim)
            if thief is None:
                continue
            token = hidden[int(game.rng.integers(len(hidden)))]
            rs.steal_offers.append({"thief": thief.name, "victim": victim.name,
                                     "uid": token.uid})
            game.event("steal_offer", survivor=thief.name, victim=victim.name)

    def _answer_steal(self, game: Game, inp: Steal) -> None:
        """The stealer's decision on the first pending offer."""
        offer = game.rule_state.steal_offers[0]
        if inp.action not in ("take", "leave", "discard"):
            raise IllegalAction(f"a steal is take, leave or discard, not {inp.action!r}")
        thief = game.survivors[offer["thief"]]
        victim = game.survivors[offer["victim"]]
        token = next((t for t in victim.inventory if t.uid == offer["uid"]), None)
        if token is None or not thief.alive or not victim.alive:
            game.rule_state.steal_offers.pop(0)
            game.event("steal", survivor=thief.name, victim=victim.name, outcome="gone")
            return
        if inp.action == "discard" and token.kind != "x":
            raise IllegalAction(f"only an X token may be discarded; this one is a {token.kind}")
        if inp.action == "take" and thief.free_spaces() < 1:
            raise IllegalAction(f"{thief.name} has no free inventory space")
        game.rule_state.steal_offers.pop(0)
        if inp.action == "take":
            victim.inventory.remove(token)
            thief.inventory.append(token)
        elif inp.action == "discard":
            victim.inventory.remove(token)
        game.event("steal", survivor=thief.name, victim=victim.name,
                   outcome={"take": "taken", "leave": "left", "discard": "discarded"}[
                       inp.action])

    def _thief(self, game: Game, victim: Survivor) -> Survivor | None:
        board = game.board
        best, best_d = None, math.inf
        for s in game.survivors.values():
            if s is victim or not s.alive or s.free_spaces() < 1:
                continue
            if victim.building is not None:
                if s.building != victim.building or not s.standing:
                    continue
                d = 0.0
            else:
                if s.piece is None or victim.piece is None or \
                        not board.table.is_standing(s.piece):
                    continue
                d = board.distance(s.piece, victim.piece)
            if (d, s.name) < (best_d, best.name if best else ""):
                best, best_d = s, d
        return best

    # ---- ends ---------------------------------------------------------------------------
    def check(self, game: Game) -> None:
        super().check(game)
        objectives.check(game)

    def round_end(self, game: Game) -> None:
        objectives.check(game, round_end=True)
        secret.new_round(game)

    def at_skull(self, game: Game) -> None:
        objectives.at_skull(game)

    def on_death(self, game: Game, s: Survivor) -> None:
        if self.has("dead_and_gone"):
            # S9-S10: one survivor per player; its player is out of the game.
            game.event("player_out", survivor=s.name, team=s.team)
        if self.scenario.mode == "competitive":
            if not any(x.alive for x in game.survivors.values()):
                raise GameOver(None, "survivors_dead")
            return
        super().on_death(game, s)

    # ---- the new inputs -----------------------------------------------------------------
    def phase_kinds(self, game: Game) -> list[str] | None:
        phase = game.phase
        if game.rule_state.steal_offers and phase != "over":
            return ["steal"]
        if game.rule_state.x_pending and phase != "over":
            return ["move_x"]
        if phase == "act" and powers.mike_waiting(game):
            return ["figure_move", "end_turn"]
        if phase == "act" and powers.loretta_waiting(game):
            return ["take_drop", "end_turn"]
        table = {"crossroads": ["crossroads"], "pick": ["pick_token"], "vote": ["vote"],
                 "exile": ["exile_flick"], "allegiance": ["allegiance"]}
        if phase in table:
            return table[phase]
        if phase == "choose" and self.has("betrayer") and any(
                game.rule_state.x_token.get(s.name) for s in game.available(game.current_team)
                if s.name in game.rule_state.unmasked):
            return ["choose", "pass"]
        return None

    def action_kinds(self, game: Game) -> list[str]:
        s = game.survivors.get(game.active or "")
        if s is None:
            return []
        out = []
        tokens = game.rule_state.power_tokens.get(s.name, {})
        if self.has("flare") and tokens.get("flare", 0) > 0:
            out.append("flare")
        if powers.has(game, s, "Anita") and tokens.get("extra_action", 0) > 0:
            out.append("extra_action")
        if powers.has(game, s, "Olivia"):
            out.append("heal")
        if powers.has(game, s, "Mike") and "mike" not in game.rule_state.turn_flags:
            out.append("figure_move")
        if self.has("betrayer") and s.name not in game.rule_state.unmasked:
            out.append("accuse")
        return out

    def dispatch(self, game: Game, inp: Any) -> bool:
        """Play one of the new inputs; False if it is not one of them."""
        if isinstance(inp, CrossroadsChoice):
            crossroads.choose(game, inp.option)
            game._after_action()
        elif isinstance(inp, PickToken):
            self._pick(game, inp)
            if game.phase == "act":
                game._after_action()
        elif isinstance(inp, (Flare, Accuse)):
            if game.actions_done >= powers.regular_actions(game):
                raise IllegalAction("no action left this turn")
            s = game.active_survivor
            game.facing_set = False
            if isinstance(inp, Flare):
                flares.flare(game, s, inp)
            else:
                secret.accuse(game, s, inp)
            game.actions_done += 1
            if game.phase == "act":
                game._after_action()
        elif isinstance(inp, ExtraAction):
            powers.extra_action(game, game.active_survivor, inp)
        elif isinstance(inp, Heal):
            powers.heal(game, game.active_survivor, inp)
        elif isinstance(inp, FigureMove):
            powers.figure_move(game, game.active_survivor, inp)
            game._after_action()
        elif isinstance(inp, Vote):
            if secret.vote(game, inp):
                game.phase = "act"
                game._after_action()
        elif isinstance(inp, ExileFlick):
            secret.exile_flick(game, inp)
            game.phase = "act"
            game._after_action()
        elif isinstance(inp, Allegiance):
            secret.allegiance(game, inp)
            game.phase = "act"
            game._after_action()
        elif isinstance(inp, MoveX):
            supply.move_x(game, inp.source)
            self._resume(game)
        elif isinstance(inp, Steal):
            self._answer_steal(game, inp)
            self._resume(game)
        elif isinstance(inp, PassTurn):
            secret.pass_turn(game, inp)
            game._start_next_turn()
        else:
            return False
        return True

    def summary_extra(self, game: Game) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.has("secret_objectives"):
            out["players"] = secret.results(game)
        if self.has("x_tokens_block_buildings"):
            out["x_blocked"] = list(game.rule_state.x_blocked)
        return out
