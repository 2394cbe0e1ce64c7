"""How the bots read and play the betrayer (scenarios 9-10): the odds that a teammate is the
betrayer (its team's pile and the wounds the table saw), the vote, a hidden betrayer's strikes at
its own team, the wrongly accused player's allegiance, and the unmasked betrayer's exile flick."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from flick.game.bots.tuned import tuned
from flick.game.inputs import Allegiance, ExileFlick, Input, Vote
from flick.game.scenarios import secret
from flick.game.state import Survivor

if TYPE_CHECKING:
    from flick.game.bots.five_to_ten import HeuristicBot
    from flick.game.game import Game

T = tuned("betrayal")  # the tuned numbers: assets/bots/betrayal.yaml
VOTE_ODDS: float = T["vote_odds"]
EVIDENCE_RATIO: float = T["evidence_ratio"]
EXILE_FLICK_CM: int = T["exile_flick_cm"]
EXILE_CITY_MARGIN_CM: float = T["exile_city_margin_cm"]
STRIKE_FOR_DEATHS: float = T["strike_for_deaths"]
STRIKE_TO_WEAKEN: float = T["strike_to_weaken"]


def card_kinds(game: Game, s: Survivor) -> set[str]:
    """S9-S10: the token kinds the player's own secret card asks it to hold at the end
    (the player knows its card; nobody else's)."""
    if s.name not in game.rule_state.objective:
        return set()
    cond = secret.card(game, s.name)["condition"]
    return set(cond.get("carry", {})) | set(cond.get("carry_of", {}).get("kinds", []))


def vote(bot: HeuristicBot, game: Game) -> Input:
    v = secret.current_vote(game)
    voter = secret.next_voter(game)
    if voter == v["accused"] or (voter in game.rule_state.betrayers
                                 and voter not in game.rule_state.unmasked):
        return Vote(up=voter != v["accused"] and v["accused"] not in game.rule_state.betrayers)
    return Vote(up=betrayer_odds(game, game.survivors[voter], v["accused"]) >= VOTE_ODDS)


def betrayer_odds(game: Game, s: Survivor, name: str) -> float:
    """The chance, as loyal player `s` sees it, that teammate `name` is its team's
    betrayer. The team's pile held n objective cards and 1 betrayer card for its n
    players; `s` holds an objective, so the betrayer card lies with one of the other
    n - 1 players or is the card put away unseen: 1/n each, spread over those not yet
    shown innocent by a vote (none once the betrayer is unmasked). Each wound the table
    saw it deal a teammate (`secret.evidence`) multiplies the odds by EVIDENCE_RATIO."""
    rs = game.rule_state
    team = rs.original_team.get(s.name, s.team)
    if any(rs.original_team.get(u) == team for u in rs.unmasked):
        return 0.0
    cleared = {e.data.get("accused") for e in game.events
               if e.type == "vote_result" and e.data.get("shown")}
    slots = 1 + sum(1 for x in game.survivors.values() if x is not s
                    and rs.original_team.get(x.name) == team and x.name not in cleared)
    if name in cleared:
        return 0.0
    if slots == 1:
        return 1.0  # a single slot: p = 1, certain
    p = 1.0 / slots
    odds = p / (1.0 - p) * EVIDENCE_RATIO ** secret.evidence(game).get(name, 0)
    return odds / (1.0 + odds)


def allegiance(bot: HeuristicBot, game: Game) -> Input:
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


def exile(bot: HeuristicBot, game: Game) -> Input:
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
        a = float(bot.rng.uniform(-math.pi, math.pi))
    target = board.clamp_into_city((here[0] + EXILE_FLICK_CM * math.cos(a),
                                    here[1] + EXILE_FLICK_CM * math.sin(a)),
                                   EXILE_CITY_MARGIN_CM)
    fl, _ = bot.walking.disc_flick(game, here, target, kind="survivor")
    return ExileFlick(fl)


def strike_chance(game: Game, s: Survivor) -> float:
    """How often a hidden betrayer with a teammate in reach shoots it: a wound seen by
    the table is evidence (an accusation may follow), so it is worth the risk mostly
    while its card still wants former teammates dead (Saboteur, Wrecker); otherwise now
    and then, to weaken the team it wants to fail."""
    cond = secret.card(game, s.name)["condition"] if s.name in \
        game.rule_state.objective else {}
    need = int(cond.get("former_team_dead_at_least", 0))
    team_of = game.rule_state.original_team
    dead = sum(1 for x in game.survivors.values() if not x.alive and x is not s
               and team_of.get(x.name) == team_of.get(s.name))
    return STRIKE_FOR_DEATHS if need > dead else STRIKE_TO_WEAKEN
