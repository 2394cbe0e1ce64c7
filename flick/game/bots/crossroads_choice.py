"""How the bots choose a Crossroads option (scenario 5 on): each option is worth, to the team,
what its effects do from the survivor's situation: noise and new zombies rush at a survivor out
in the streets (inside, a rush cannot fell it); a lost life is worse the fewer it has left, and
fatal at 1; tokens the objective wants are worth more than others; a discard costs what it
throws away."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from flick.game.bots.tuned import tuned
from flick.game.inputs import CrossroadsChoice, Input
from flick.game.scenarios import crossroads
from flick.game.state import Survivor

if TYPE_CHECKING:
    from flick.game.bots.five_to_ten import HeuristicBot
    from flick.game.game import Game

T = tuned("crossroads_choice")  # the tuned numbers: assets/bots/crossroads_choice.yaml
WANTED_WORTH: float = T["wanted_worth"]
OTHER_WORTH: float = T["other_worth"]
TOKEN_WORTH: Mapping[str, float] = T["token_worth"]
LOUD_OUTSIDE_COST: float = T["loud_outside_cost"]
LOUD_INSIDE_COST: float = T["loud_inside_cost"]
QUIET_OUTSIDE_COST: float = T["quiet_outside_cost"]
QUIET_INSIDE_COST: float = T["quiet_inside_cost"]
NEW_ZOMBIE_OUTSIDE_COST: float = T["new_zombie_outside_cost"]
DEATH_COST: float = T["death_cost"]
LIFE_COST: float = T["life_cost"]
HEAL_WORTH: float = T["heal_worth"]
SPARE_LIFE_WORTH: float = T["spare_life_worth"]
TEAM_LIFE_WORTH: float = T["team_life_worth"]
EXTRA_ACTION_WORTH: float = T["extra_action_worth"]
END_TURN_INSIDE_COST: float = T["end_turn_inside_cost"]
FALL_INSIDE_COST: float = T["fall_inside_cost"]
FULL_GAIN_WORTH: float = T["full_gain_worth"]
STASH_SHARE: float = T["stash_share"]
DISCARD_COST: float = T["discard_cost"]


def choose(bot: HeuristicBot, game: Game) -> Input:
    """The option worth most to the team of the Crossroads card just drawn, of those payable."""
    card = crossroads.drawn(game)
    s = game.active_survivor
    best, best_v = 0, -math.inf
    for i, option in enumerate(card.options):
        if not crossroads.payable(game, s, option):
            continue
        v = option_value(bot, game, s, dict(option.effects))
        if v > best_v:
            best, best_v = i, v
    return CrossroadsChoice(best)


def option_value(bot: HeuristicBot, game: Game, s: Survivor, fx: dict[str, Any]) -> float:
    """What a Crossroads option is worth to the team, from the survivor's situation:
    noise and new zombies rush at a survivor out in the streets (inside, a rush cannot
    fell it); a lost life is worse the fewer it has left, and fatal at 1; tokens the
    objective wants are worth more than others; a discard costs what it throws away."""
    outside = s.building is None
    want = bot.wanted_kinds(game, s)

    def worth(kind: str) -> float:
        if kind in want and kind not in ("survivor", "crossroads"):
            return WANTED_WORTH
        return TOKEN_WORTH.get(kind, OTHER_WORTH)

    v = 0.0
    noise = str(fx.get("noise", ""))
    already = int(game.noise)
    if noise == "LOUD" and already < 2:
        v -= LOUD_OUTSIDE_COST if outside else LOUD_INSIDE_COST
    elif noise == "QUIET" and already < 1:
        v -= QUIET_OUTSIDE_COST if outside else QUIET_INSIDE_COST
    for key, per in (("new_zombies", NEW_ZOMBIE_OUTSIDE_COST if outside else 1.0),
                     ("zombies_inside", 2.0)):
        v -= per * float(fx.get(key, 0))
    life = int(fx.get("life", 0))
    if life < 0:
        v -= DEATH_COST if s.life + life <= 0 else LIFE_COST
    elif life > 0:
        wounded = s.life < game.rule_state.start_life.get(s.name, s.life)
        v += HEAL_WORTH if wounded else SPARE_LIFE_WORTH
    v += TEAM_LIFE_WORTH * float(fx.get("team_life", 0)) + \
        2.0 * float(fx.get("building_life", 0))
    if fx.get("building_life", 0) < 0 and s.life <= 1:
        v -= DEATH_COST
    if fx.get("extra_action"):
        v += EXTRA_ACTION_WORTH
    if fx.get("end_turn"):
        v -= 1.0 if outside else END_TURN_INSIDE_COST
    if fx.get("fall"):
        v -= 2.0 if outside else FALL_INSIDE_COST
    if fx.get("stand_zombies"):
        v -= 1.0
    if "gain" in fx:
        v += worth(str(fx["gain"])) if s.free_spaces() > 0 else FULL_GAIN_WORTH
    if "stash" in fx and not outside:
        v += STASH_SHARE * worth(str(fx["stash"]))
    if "discard" in fx:
        kind = str(fx["discard"])
        lost = s.inventory[0].kind if kind == "any" and s.inventory else kind
        v -= worth(lost) + DISCARD_COST
    return v
