"""The legal actions of the current state: every action the active survivor could try now,
each allowed or with the reason `Game.apply` would refuse it, and the actions of the turn
left. The window draws these; the rules decide them here, next to the checks they mirror
(`actions`, `flares`, `powers`, the scenario rules' `phase_kinds`). Nothing here changes a
game.

The candidates, in the order the action bar shows them: move, the weapons (gun, two guns,
knife, bat, shotgun, sniper), the short-distance kill, take / drop off, end the turn; then,
only where the scenario offers them to this survivor (`Game.legal_kinds`), the flare, the
accusation, Anita's extra action, Olivia's heal and Mike's free move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from flick.game.actions import object_stashes_near

if TYPE_CHECKING:
    from flick.game.game import Game
    from flick.game.state import Survivor

WEAPON_ACTIONS = ("gun", "two_guns", "knife", "bat", "shotgun", "sniper")
CORE_ACTIONS = ("move", *WEAPON_ACTIONS, "short_kill", "take_drop", "end_turn")
MORE_ACTIONS = ("flare", "accuse", "extra_action", "heal", "figure_move")
# The input kind each action makes (`Input.kind`).
INPUT_KIND = {"move": "move", "gun": "shoot", "two_guns": "shoot", "knife": "knife",
              "bat": "bat", "shotgun": "shotgun", "sniper": "sniper",
              "short_kill": "short_kill", "take_drop": "take_drop", "end_turn": "end_turn",
              "flare": "flare", "accuse": "accuse", "extra_action": "extra_action",
              "heal": "heal", "figure_move": "figure_move"}


@dataclass(frozen=True)
class Action:
    """One candidate action: allowed, or the reason it is refused."""

    id: str
    allowed: bool
    reason: str = ""


@dataclass(frozen=True)
class Legal:
    """The actions of the active survivor now and the turn's count of regular actions (move,
    weapon, take / drop, flare, accusation): `per_turn` in all, `left` still to perform."""

    actions: tuple[Action, ...]
    per_turn: int
    left: int

    def get(self, action_id: str) -> Action | None:
        return next((a for a in self.actions if a.id == action_id), None)


def regular_actions(game: Game) -> int:
    """The regular actions the active survivor has this turn (2, more with Anita's extra
    action or John's kill; Mike's free move is not one of them): the scenario rules'
    `regular_actions`."""
    return game.rules.regular_actions(game)


def short_kill_targets(game: Game) -> list[int]:
    """The zombies next to the active survivor on the table."""
    s = game.active_survivor
    if s.piece is None:
        return []
    zombies = game.board.zombies()
    return game.board.next_to_any(s.piece, zombies, [game.board.circle(z) for z in zombies])


def places(game: Game) -> list[str]:
    """Stash keys the active survivor can take from or drop in: its building, objects next
    to it (from scenario 3)."""
    s = game.active_survivor
    out = [s.building] if s.building is not None else []
    if game.rules.has("take_in_city"):
        out += object_stashes_near(game, s)
    return out


def _weapon_reason(game: Game, s: Survivor, aid: str) -> str:
    need = "gun" if aid == "two_guns" else aid
    if s.piece is None and s.building is None:
        return "not on the table"
    if need not in s.weapons():
        return f"no {need}"
    if aid == "two_guns" and s.count("gun") < 2:
        return "needs 2 guns"
    if aid != "bat" and s.building is not None and game.building_zombies.get(s.building):
        return "zombies inside"
    return ""


def _core_reason(game: Game, s: Survivor, aid: str) -> str:
    if aid == "end_turn":
        return ""
    if aid == "move":
        return "" if s.piece is not None or s.building is not None else "not on the table"
    if aid in WEAPON_ACTIONS:
        return _weapon_reason(game, s, aid)
    if aid == "short_kill":
        if s.piece is None:
            return "not in the city"
        return "" if short_kill_targets(game) else "no zombie next to you"
    if aid == "take_drop":
        reach = places(game)
        if not reach:
            return "nothing to reach"
        if not s.inventory and not any(game.stashes.get(k) for k in reach):
            return "no token to take or drop"
        return ""
    raise ValueError(f"unknown action {aid!r}")


def _more_reason(game: Game, s: Survivor, aid: str, left: int) -> str:
    if aid in ("flare", "accuse") and left <= 0:
        return "no action left"
    if aid == "flare" and s.piece is None and s.building is None:
        return "not on the table"
    if aid == "figure_move" and s.piece is None:
        return "not in the city"
    if aid == "heal" and not heals(game):
        return "nobody to heal"
    if aid == "accuse" and not accusable(game):
        return "nobody to accuse"
    return ""


def heals(game: Game) -> list[tuple[str, str]]:
    """Olivia's heals: (healed survivor, whose medicine) for each heal she may give now."""
    s = game.active_survivor
    cap = game.rule_state.start_life
    out = []
    for x in game.survivors.values():
        if not x.alive or x.life >= cap.get(x.name, x.life):
            continue
        near = x is s or (s.building is not None and x.building == s.building) or (
            s.piece is not None and x.piece is not None and game.board.next_to(s.piece, x.piece))
        if not near:
            continue
        for src in ((s,) if x is s else (s, x)):
            if any(t.kind == "medicine" for t in src.inventory):
                out.append((x.name, src.name))
    return out


def accusable(game: Game) -> list[str]:
    """Whom the active survivor may accuse (S9-S10): the living players of its team not yet
    unmasked."""
    s = game.active_survivor
    unmasked = set(game.rule_state.unmasked)
    return [x.name for x in game.survivors.values()
            if x.alive and x.team == s.team and x is not s and x.name not in unmasked]


def legal_actions(game: Game) -> Legal:
    """The active survivor's actions now (none outside the "act" phase) and its count of
    actions this turn (all 0 when no survivor is active or the game is over)."""
    if game.over or game.active is None:
        return Legal((), 0, 0)
    s = game.active_survivor
    per_turn = regular_actions(game)
    left = max(0, per_turn - game.actions_done)
    if game.phase != "act":  # a fight, a kept token, a decision: no action to choose
        return Legal((), per_turn, left)
    kinds = set(game.legal_kinds())
    out = []
    for aid in CORE_ACTIONS:
        if INPUT_KIND[aid] not in kinds:
            # the phase narrows the kinds: only Mike's free move (or ending the turn) is left
            why = "only Mike's free move now" if "figure_move" in kinds else "not now"
        elif left <= 0 and aid != "end_turn":
            why = "no action left"
        else:
            why = _core_reason(game, s, aid)
        out.append(Action(aid, not why, why))
    for aid in MORE_ACTIONS:
        if INPUT_KIND[aid] in kinds:
            why = _more_reason(game, s, aid, left)
            out.append(Action(aid, not why, why))
    return Legal(tuple(out), per_turn, left)
