"""The core scenario rules (those scenarios 1-4 introduce, in play in every later scenario
that lists them), their objectives, defeats and what the skull means; scenarios 5-10 add
theirs in `flick.game.scenarios.five_to_ten`.

The scenario file names its special rules, objectives and conditions by identifier
(`flick.scenario.model.RULE_IDS` ...); this class dispatches on them. A rule introduced by an
earlier scenario is in effect only when the file lists it.

Readings where the rulebook is silent (this project's):
- S1 "Zombies can not enter buildings or the RV": a zombie that crosses a door simply stays
  where it lies; only touching the RV (a piece or a support block) loses the game.
- S1 objective "a survivor in the RV and 3 or fewer zombies in the city" is checked after every
  action, every rush and every turn; the driver counts as "a survivor in the RV".
- S3 the wounded survivor (Anita) is not a playable survivor: she has no turns and her death
  loses the game; she does not count toward other death limits.
- S4 hunger: "when the round marker reaches 2 and 1" is when the marker is moved onto 2 and
  onto 1 at a round's end, before the new horde.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from flick.game.actions import reaction
from flick.game.inputs import Eat, GoHungry
from flick.game.scenarios.escort import after_move, keep_escort, rescue
from flick.game.state import DEFAULT_WEAPONS, GameOver, IllegalAction, Noise, Survivor
from flick.scenario.model import FIRST_NAMES, Objective

if TYPE_CHECKING:
    from flick.game.game import Game


# The rules the core class implements (those scenarios 1-4 introduce); scenarios 5-10 add
# theirs in `flick.game.scenarios.five_to_ten` (`missing_rules` there knows them all).
RULES_DONE = frozenset({"shotgun", "sniper_rifle", "no_building_entry", "rv_driver",
                        "fight_survivor_vs_zombie", "take_in_city", "rescued_figure",
                        "barricades", "hunger"})
OBJECTIVES_DONE = frozenset({"survivor_in_rv_few_zombies", "tokens_in_base",
                             "escort_to_building"})
CONDITIONS_DONE = frozenset({"zombie_touches_rv", "survivors_dead", "survivor_dies",
                             "city_overrun", "skull_survivors_lose", "skull_both_lose"})


def _this_turn(game: Game) -> list[Any]:
    """The events since the current turn began."""
    start = next((i for i in range(len(game.events) - 1, -1, -1)
                  if game.events[i].type == "turn"), 0)
    return game.events[start:]


class ScenarioRules:
    """The special rules, objectives and end conditions of one scenario."""

    # True for FiveToTenRules: the game plays rules of scenarios 5-10 and fills game.rule_state.
    five_to_ten: ClassVar[bool] = False

    def __init__(self, scenario: Any) -> None:
        self.scenario = scenario
        # Rules this engine does not know (an id no scenario of the rulebook uses) are not
        # played: the game runs without them and says so (event "unsupported_rules").
        # `five_to_ten.rules_for`, which knows every rule, fills it.
        self.unsupported: list[str] = []
        self.ids: dict[str, dict[str, Any]] = {r.id: dict(r.params) for r in
                                               scenario.special_rules}
        self.objectives = list(scenario.objectives)
        self.defeats = {c.id: dict(c.params) for c in
                        (*scenario.instant_defeat, *scenario.losing)}
        self.skull = scenario.skull
        self.escort: str | None = None  # S3: the survivor escorting the rescued figure
        self.rescued: str | None = None

    def has(self, rule: str) -> bool:
        return rule in self.ids

    # ---- hooks that scenarios 5-10 extend (scenarios.five_to_ten.FiveToTenRules) -------
    def after_set_up(self, game: Game) -> None:
        """After the survivors, zombies and tokens are set up."""

    def phase_kinds(self, game: Game) -> list[str] | None:
        """Inputs of a phase the core does not know (None: the core decides)."""
        return None

    def action_kinds(self, game: Game) -> list[str]:
        """Further inputs allowed during the active survivor's turn."""
        return []

    def dispatch(self, game: Game, inp: Any) -> bool:
        """Play an input the core does not know; False if this scenario has none such."""
        return False

    def hold(self, game: Game, stage: str) -> bool:
        """True to pause the game for a decision the rules ask at once (S6 a steal, S8 an X
        token) at `stage` ("action": right after an action, "end": before the turn ends,
        "turn": after the turn's reaction); the rules resume the game once it is answered."""
        return False

    def max_actions(self, game: Game) -> int:
        """Actions the active survivor may perform this turn."""
        return 2

    def regular_actions(self, game: Game) -> int:
        """The regular actions (move, weapon, take / drop) of the active survivor's turn; the
        scenarios' free steps (Mike's free move) are not among them."""
        return self.max_actions(game)

    def react(self, game: Game, s: Survivor, noise: Noise) -> None:
        """The zombies' reaction at the end of `s`'s turn."""
        reaction.react(game, s, noise)

    def round_end(self, game: Game) -> None:
        """At a round's end, after the marker moved (objectives checked then)."""

    def summary_extra(self, game: Game) -> dict[str, Any]:
        """More fields for `flick sim --json`."""
        return {}

    @property
    def team(self) -> str:
        return self.scenario.teams[0].name

    # ---- set-up -------------------------------------------------------------------------
    def add_extra_survivors(self, game: Game) -> None:
        """S3: the wounded survivor waits off the table until the survivor token is found."""
        if not self.has("rescued_figure"):
            return
        params = self.ids["rescued_figure"]
        name = full_name(params.get("survivor", "Anita Wallace"))
        s = Survivor(name=name, team=self.team, life=int(params.get("life", 2)),
                   default_weapon=DEFAULT_WEAPONS[name], playable=False)
        game.survivors[name] = s
        self.rescued = name

    # ---- buildings ----------------------------------------------------------------------
    def entry_refused(self, game: Game, s: Survivor, building: str) -> str | None:
        """Why `s` may not enter `building` now, or None."""
        if self.has("no_building_entry") and building != "rv":
            return "survivors can not enter buildings in this scenario (only the RV)"
        if self.has("barricades") and game.board.barricaded(building):
            return f"the {building} is barricaded"
        return None

    def zombies_may_enter(self, game: Game, building: str) -> bool:
        return not self.has("no_building_entry")

    def on_enter(self, game: Game, s: Survivor, building: str) -> None:
        """After `s` entered `building`: the driver (S1), the escort's charge (S3), fights."""
        if self.has("rv_driver") and building == "rv" and not any(
                x.building == "rv" and not x.playable for x in game.survivors.values()
                if x.name != s.name and x.name != self.rescued):
            s.playable = False
            game.event("driver", survivor=s.name)
        if self.rescued and self.escort == s.name:
            r = game.survivors[self.rescued]
            if r.alive:
                game.board.remove_survivor(r)
                r.building = building
        zombies = game.building_zombies.get(building, [])
        if zombies and self.has("fight_survivor_vs_zombie"):
            # Fallen zombies stand up when a survivor enters their building (S2).
            game.building_zombies[building] = [True] * len(zombies)
            game.start_fight(building)

    def on_choose(self, game: Game, s: Survivor) -> None:
        """S2: a survivor in a building with a standing zombie fights before acting.

        Reading: the fight starts when the survivor is chosen, before its first action (the
        rulebook: "wishes to perform an action"); it costs no action."""
        if (s.building and self.has("fight_survivor_vs_zombie")
                and any(game.building_zombies.get(s.building, []))):
            game.start_fight(s.building)

    def fight_mid_turn(self, game: Game) -> bool:
        """S2: a standing zombie came into the active survivor's building during its action
        (pushed in by a flick, brought by a Crossroads card): the fight starts at once,
        before the survivor's next action. True if a fight started.

        Reading (the rulebook: a fight happens when "a survivor in a building containing at
        least one standing zombie wishes to perform an action"): as on choosing the survivor,
        the fight starts as soon as the zombie is in, if the survivor has an action left and
        its turn goes on; it costs no action. With no action left there is no fight."""
        s = game.survivors.get(game.active or "")
        if (s is None or not s.alive or not s.playable or s.building is None
                or not self.has("fight_survivor_vs_zombie") or game.phase != "act"
                or game.turn_over_early or game.actions_done >= self.max_actions(game)
                or not any(game.building_zombies.get(s.building, []))):
            return False
        game.start_fight(s.building)
        return True

    # ---- noise --------------------------------------------------------------------------
    def turn_noise(self, game: Game, s: Survivor, noise: Noise) -> Noise:
        """S3: every action of the rescued figure's escort is LOUD ("Each action performed by
        the survivor escorting Anita is considered to be a LOUD noise"): the turn is LOUD if
        `s` escorts her now or lost her during this turn (it fell, in a fight say), after
        acting as her escort."""
        if not self.rescued or game.actions_done == 0:
            return noise
        if self.escort == s.name or any(e.type == "escort_lost" and e.data.get("escort") == s.name
                                        for e in _this_turn(game)):
            return Noise.LOUD
        return noise

    def after_action(self, game: Game) -> None:
        """S3: an escort that fell is separated from the rescued figure at once."""
        if self.rescued:
            keep_escort(game)

    def after_turn(self, game: Game, s: Survivor) -> None:
        if self.rescued:
            keep_escort(game)

    # ---- ends ---------------------------------------------------------------------------
    def counts_as_death(self, s: Survivor) -> bool:
        return s.name != self.rescued

    def on_death(self, game: Game, s: Survivor) -> None:
        if "survivor_dies" in self.defeats and s.name == self.rescued:
            raise GameOver(None, "survivor_dies")
        if "survivor_dies" in self.defeats:
            who = full_name(self.defeats["survivor_dies"].get("survivor", ""))
            if who == s.name:
                raise GameOver(None, "survivor_dies")
        if "survivors_dead" in self.defeats:
            limit = int(self.defeats["survivors_dead"].get("count", 3))
            if game.deaths >= limit:
                raise GameOver(None, "survivors_dead")
        if not any(x.alive and x.playable for x in game.survivors.values()) and not any(
                x.alive and x.name != self.rescued for x in game.survivors.values()):
            raise GameOver(None, "survivors_dead")

    def on_exit(self, game: Game, s: Survivor, building: str, piece: str) -> None:
        """After `s` left `building` by a successful move of `piece` (the movement disc or the
        bat), out into the city or straight into another building. The core rules do
        nothing here."""

    def after_move(self, game: Game, s: Survivor) -> None:
        """S3: the rescued figure follows its escort, or a survivor next to her takes over."""
        if self.rescued:
            after_move(game, s)

    def on_reveal(self, game: Game, s: Survivor, key: str, token: Any) -> bool:
        """A face-down token was looked at. S3: the survivor token rescues Anita at once (the
        token goes beside the survivor's name, not in the inventory). True if handled."""
        if token.kind == "survivor" and self.rescued is not None:
            game.stashes[key].remove(token)
            rescue(game, s)
            return True
        return False

    def zombie_touched_rv(self, game: Game) -> None:
        if "zombie_touches_rv" in self.defeats:
            raise GameOver(None, "zombie_touches_rv")

    def check(self, game: Game) -> None:
        """Has a group completed its objective? Checked after every action and rush."""
        for obj in self.objectives:
            if _objective_met(game, self, obj):
                raise GameOver(obj.team or self.team, "objective")

    def at_skull(self, game: Game) -> None:
        """The round marker reached the skull: scenarios 1-4 are lost (`skull_survivors_lose`).
        `skull_both_lose` too; the competitive skull outcomes belong to scenarios 5-10."""
        raise GameOver(None, "skull")

    # ---- hunger (S4) ---------------------------------------------------------------------
    def hunger_now(self, game: Game) -> bool:
        if not self.has("hunger"):
            return False
        markers = self.ids["hunger"].get("markers", [2, 1])
        return game.round_marker in [int(m) for m in markers]

    def hunger(self, game: Game, inp: Eat | GoHungry) -> None:
        if isinstance(inp, Eat):
            s = game.survivor(inp.survivor)
            if not s.alive:
                raise IllegalAction(f"{s.name} is dead and cannot give food")
            if not 0 <= inp.slot < len(s.inventory) or s.inventory[inp.slot].kind != "food":
                raise IllegalAction(f"{s.name} has no food in inventory space {inp.slot}")
            s.inventory.pop(inp.slot)
            game.event("hunger", ate=True, survivor=s.name)
            return
        game.event("hunger", ate=False)
        for s in list(game.survivors.values()):
            if s.alive:
                game.wound(s, "hunger")


def full_name(name: str) -> str:
    """A survivor's full name from a scenario's short one ("Rosa" -> "Rosa Rodriguez");
    a name already full, or unknown, as given."""
    return FIRST_NAMES.get(name, name)


def _objective_met(game: Game, rules: ScenarioRules, obj: Objective) -> bool:
    p = dict(obj.params)
    if obj.id == "survivor_in_rv_few_zombies":
        building = p.get("building", "rv")
        inside = any(s.alive and s.building == building and s.name != rules.rescued
                     for s in game.survivors.values())
        limit = int(p.get("max_zombies_in_city", p.get("max_zombies", 3)))
        return inside and game.zombie_counts()["city"] <= limit
    if obj.id == "tokens_in_base":
        if p.get("at_round_end"):
            return False
        building = p.get("base", p.get("building", "rv"))
        have: dict[str, int] = {}
        for t in game.stashes.get(building, []):
            have[t.kind] = have.get(t.kind, 0) + 1
        need = {k: int(v) for k, v in p.get("tokens", {}).items()}
        return bool(need) and all(have.get(k, 0) >= v for k, v in need.items())
    if obj.id == "escort_to_building":
        who = full_name(p.get("survivor", rules.rescued or ""))
        building = p.get("building", "hospital")
        s = game.survivors.get(who)
        return (s is not None and s.alive and s.building == building
                and not game.building_zombies.get(building))
    return False
