"""What the scenario asks, as the heuristic bot's tactics read it: plain questions on the game
(its objectives, mode and rules), asked by the bot and by every one of its tactics."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.game.state import Survivor


def fetch_coop(game: Game) -> bool:
    """Scenarios 2 and 4: a co-op game whose objective is tokens in the base."""
    return game.scenario.mode == "co-op" and any(
        o.id == "tokens_in_base" for o in game.scenario.objectives)


def escorting(game: Game) -> bool:
    """S3: the objective is escorting a rescued figure into a building."""
    return any(o.id == "escort_to_building" for o in game.scenario.objectives)


def searching(game: Game) -> bool:
    """S3 before the rescue: the wounded survivor is still hidden under a token."""
    anita = game.survivors.get(game.rules.rescued or "")
    return escorting(game) and anita is not None and anita.alive \
        and anita.piece is None and anita.building is None


def bases(game: Game) -> set[str]:
    """The buildings tokens are fetched to (`tokens_in_base`)."""
    return {str(o.params.get("base", o.params.get("building", "rv")))
            for o in game.scenario.objectives if o.id == "tokens_in_base"}


def five_to_ten(game: Game) -> bool:
    """Scenarios 5-10 (their rules)."""
    return bool(game.rules.five_to_ten)


def separated(game: Game) -> bool:
    """Scenario 5: co-op, find the separated survivors and bring fuel to the RV."""
    return five_to_ten(game) and game.scenario.mode == "co-op" and any(
        o.id == "find_survivors_and_tokens" for o in game.scenario.objectives)


# The objectives whose scenarios hunt for every horde and shelter from QUIET rushes: S6 (seed
# 100 x 40: 45% -> 48% won). In S9-S10 the same tactics lost games to the overrun (S9 65% ->
# 57%, S10 68% -> 52% with the betrayer changes): not used there.
VERSUS_TACTICS = ("team_escape_in_rv",)


def versus_rules(game: Game, s: Survivor) -> bool:
    """The scenarios the versus tactics were measured in (by objective id, `VERSUS_TACTICS`)."""
    return any(o.id in VERSUS_TACTICS for o in game.scenario.objectives
               if o.team in (None, s.team))


def exits_this_turn(game: Game, s: Survivor) -> list[str]:
    """The buildings `s` left during this turn, the latest first."""
    out = []
    for e in reversed(game.events):
        if e.type == "turn":
            break
        if e.type == "exit" and e.data.get("survivor") == s.name:
            out.append(str(e.data.get("building")))
    return out
