"""The choices the panel offers now, and the line that asks for them.

A choice is an `Option`: its label, the command its button sends (`flick.ui.commands`),
whether it can be taken now, and if not, why (the button's tooltip). What is offered depends
on the game's phase and on the action the player picked (`Aim`); nothing here changes either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flick.game.actions import legal
from flick.game.inputs import Eat, FightWait, FightWeapon, GoHungry, Keep
from flick.ui import adapter, decisions
from flick.ui.commands import Apply, Command, FlareFace, KillWeapon, take_drop

if TYPE_CHECKING:
    from flick.game.game import Game


@dataclass(frozen=True)
class Option:
    """A choice offered in the panel (take this token, keep it, a fight weapon...)."""

    label: str
    command: Command
    enabled: bool = True
    why: str = ""  # why it cannot be taken now (shown as its tooltip)


@dataclass
class Aim:
    """What the player is doing with the survivor in play: the action picked, and the
    choices made for it so far (the short kill's weapon, the flare's face)."""

    action: str | None = None
    short_weapon: str | None = None
    flare_big: bool = True


def prompt(game: Game, aim: Aim) -> str:
    """The line that asks for the choice on offer ('' when none)."""
    g = game
    more = decisions.prompt(g)
    if more:
        return more
    if g.phase == "keep":
        return "You looked at the token: keep it?"
    if g.phase == "hunger":
        return "Hunger: eat a food, or every survivor loses 1 life"
    if g.phase == "fight" and g.fight is not None:
        who = g.fight.to_act.split(" ")[0]
        if g.fight.stage == "weapon":
            return f"Fight: {who} chooses a weapon"
        return f"Fight: {who} attacks (flick the weapon)" + (
            " or waits" if "fight_wait" in g.legal_kinds() else "")
    return {
        "take_drop": "Take / drop off (an exchange is one action):",
        "short_kill": "Short kill: pick the weapon, then click a zombie next to you",
        "flare": "Flare: pick the face up, then flick it from the thumb",
        "figure_move": "Mike's free move: flick the figure itself (it ends the turn)",
        "accuse": "Accuse a player of your team of being the betrayer (1 action):",
        "heal": "Olivia heals (no action): whom, with whose medicine?",
    }.get(aim.action or "", "")


def options(game: Game, aim: Aim) -> list[Option]:
    """The choices offered now, each with the command its button sends."""
    g = game
    if g.over:
        return []
    more = decisions.options(g)
    if more:
        return [Option(label, Apply(inp), ok) for label, inp, ok in more]
    if g.phase == "keep":
        return [Option("Keep it", Apply(Keep(True))),
                Option("Leave it face up", Apply(Keep(False)))]
    if g.phase == "hunger":
        out = [Option(f"{s.short} eats a food", Apply(Eat(s.name, i)))
               for s in g.survivors.values() if s.alive
               for i, t in enumerate(s.inventory) if t.kind == "food"]
        return [*out, Option("Go hungry", Apply(GoHungry()))]
    if g.phase == "fight" and g.fight is not None:
        if g.fight.stage == "weapon":
            return [Option(w, Apply(FightWeapon(w))) for w in adapter.fight_choices(g)]
        if "fight_wait" in g.legal_kinds():
            return [Option("Wait (reveal a card)", Apply(FightWait()))]
        return []
    if g.phase != "act":
        return []
    if aim.action == "take_drop":
        return _take_drop(g)
    if aim.action == "short_kill":
        s = g.active_survivor
        return [Option(f"with {w}" + (" *" if w == aim.short_weapon else ""), KillWeapon(w))
                for w in dict.fromkeys(s.weapons())]
    if aim.action == "flare":
        left = decisions.power_tokens(g, g.active or "").get("flare", 0)
        return [Option(("* " if aim.flare_big else "") + f"Big face: LOUD ({left} left)",
                       FlareFace(True)),
                Option(("" if aim.flare_big else "* ") + "Small face: QUIET", FlareFace(False))]
    if aim.action == "accuse":
        return [Option(label, Apply(inp), ok) for label, inp, ok in decisions.accuse_options(g)]
    if aim.action == "heal":
        return [Option(label, Apply(inp), ok) for label, inp, ok in decisions.heal_options(g)]
    return []


def _take_drop(g: Game) -> list[Option]:
    """Take, drop and swap at every place within reach. Face-down tokens are alike to the
    player: one button takes one of them, whichever lies first (not one button each)."""
    s = g.active_survivor
    out = []
    for key in legal.places(g):
        stash = g.stashes.get(key, [])
        where = adapter.place_name(g, key)
        distinct = _distinct(stash)
        for i, t in distinct:
            label = adapter.token_label(t.kind, t.face_up)
            out.append(Option(f"Take {label} ({where})", take_drop(g, key, i, None)))
        for j, t in enumerate(s.inventory):
            out.append(Option(f"Drop {t.kind} ({where})", take_drop(g, key, None, j)))
        if s.free_spaces() == 0:
            out += [Option(f"Swap {mine.kind} for {adapter.token_label(t.kind, t.face_up)}",
                           take_drop(g, key, i, j))
                    for i, t in distinct for j, mine in enumerate(s.inventory)]
    return out


def _distinct(stash: list[Any]) -> list[tuple[int, Any]]:
    """(index, token) of the first token of each face a player tells apart: face-up kinds,
    and face down as one."""
    seen: set[tuple[str, bool]] = set()
    out = []
    for i, t in enumerate(stash):
        face = (t.kind if t.face_up else "?", t.face_up)
        if face not in seen:
            seen.add(face)
            out.append((i, t))
    return out
