"""Scenario 7 on: the survivors' special powers (power side of the board up).

From the rulebook (p. 4):
- Anita: starts with 2 extra-action tokens; discards 1 for an extra action on her turn.
- Elijah: starts with 2 flares; may spend an action to use one (`flick.game.scenarios.flares`).
- Gabriel: when he looks at a face-down token, he looks at 2 and chooses which to take.
- Mike: a free move at the end of his turn, flicking his figure itself; if he falls, he is put
  back where he was. Reading: "a free move" follows the normal move rules, so a touch (or
  leaving the city) fails it too and he is put back, exactly on his spot.
- Olivia: may stack 2 medicine in one space; may discard 1 medicine (hers or the healed
  survivor's) to give 1 life to a survivor in her building or next to her, no action.
- John: if he killed one or more zombies this turn, he gains a third action.
- Loretta: may stack 2 food in one space; whenever she takes a food, she may take a second
  token for free.

THIS PROJECT'S POWERS (the rulebook text does not carry their boards):
- Rosa, "Steady Nerves": when her turn is LOUD, only 2 zombies rush (the closest standing and
  the next closest), not 3.
- Thomas, "Pack Mule": once per turn, a Take / Drop off costs him no action.
- Kevin, "Light Feet": a turn of his that made only QUIET noise is SILENT.
- Lily, "Second Try": the first failed move (disc or bat) of her turn costs no action.

Readings (this project's): Mike's free move ends his turn; it may be made after any of his
actions, and after his last one the turn waits for it (or for ending the turn);
Loretta's second token ("she may take a second token without spending an
action") is her next take this turn after the food, whose action is handed back; the food's
own take costs an action, and the free token is a take only (a drop off alone, a move or a
weapon gets nothing back); after her last action the turn waits for that take (or for ending
the turn); the free token, even a food, gives no third; Olivia heals during her
own turn; life healed never goes above the survivor's starting life; a power is used only
while the board's power side is up (`Survivor.power_side`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.game.actions import reaction, shots
from flick.game.inputs import ExtraAction, FigureMove, Heal
from flick.game.state import INVENTORY_SPACES, IllegalAction, Noise, Survivor

if TYPE_CHECKING:
    from flick.game.game import Game

STACKS = {"Olivia Brown": "medicine", "Loretta Clay": "food"}
POWER_TOKENS = {"Anita Wallace": {"extra_action": 2}, "Elijah Jordan": {"flare": 2}}


class StackingSurvivor(Survivor):
    """Olivia's and Loretta's boards: 2 tokens of one kind share a space (power side up)."""

    def free_spaces(self) -> int:
        kind = STACKS.get(self.name)
        if not self.power_side or kind is None:
            return super().free_spaces()
        n = sum(1 for t in self.inventory if t.kind == kind)
        others = len(self.inventory) - n
        return INVENTORY_SPACES - others - (n + 1) // 2


def has(game: Game, s: Survivor, who: str) -> bool:
    """Is `s` the survivor named `who` (first name) with its power in use?"""
    return (game.rules.has("special_powers") and s.power_side and s.alive
            and s.short == who)


def set_up(game: Game) -> None:
    """Power tokens beside the boards; stacking boards for Olivia and Loretta."""
    for s in game.survivors.values():
        if s.name in STACKS and type(s) is Survivor:
            s.__class__ = StackingSurvivor
        if s.power_side and game.rules.has("special_powers"):
            for kind, n in POWER_TOKENS.get(s.name, {}).items():
                game.rule_state.power_tokens.setdefault(s.name, {})[kind] = n
                box = game.rule_state.box_tokens
                box[kind] = max(0, box.get(kind, 0) - n)


def regular_actions(game: Game) -> int:
    """Move / weapon / take actions the active survivor may perform this turn."""
    n = 2 + game.rule_state.extra_actions
    s = game.survivors.get(game.active or "")
    if s is not None and has(game, s, "John") and _this_turn(game, "kill", s.name):
        n += 1
    return n


def mike_waiting(game: Game) -> bool:
    """Mike has used his actions and his free move is still to come (in the city)."""
    s = game.survivors.get(game.active or "")
    return (s is not None and has(game, s, "Mike") and "mike" not in game.rule_state.turn_flags
            and s.piece is not None and game.actions_done >= regular_actions(game))


def max_actions(game: Game) -> int:
    """Actions the turn allows before it ends by itself: the regular ones, and for Mike one
    more step in which only his free move (or ending the turn) is allowed."""
    return regular_actions(game) + (1 if mike_waiting(game) or loretta_waiting(game) else 0)


def _this_turn(game: Game, type_: str, name: str, **match: object) -> list[dict]:
    out = []
    for e in game.events[game.rule_state.turn_start:]:
        if e.type == type_ and e.data.get("survivor") == name and all(
                e.data.get(k) == v for k, v in match.items()):
            out.append(e.data)
    return out


def after_action(game: Game) -> None:
    """Refunds: Thomas's free take / drop, Lily's free failed move, Loretta's free token."""
    s = game.survivors.get(game.active or "")
    if s is None or not s.alive:
        return
    flags = game.rule_state.turn_flags
    if has(game, s, "Thomas") and "thomas" not in flags and (
            _this_turn(game, "take", s.name) or _this_turn(game, "drop", s.name)
            or _this_turn(game, "leave", s.name)):
        flags.append("thomas")
        _refund(game, "Thomas")
    if has(game, s, "Lily") and "lily" not in flags and _this_turn(game, "move", s.name,
                                                                    success=False):
        flags.append("lily")
        _refund(game, "Lily")
    if has(game, s, "Loretta"):
        while loretta_credit(game, s)[1] > flags.count("loretta"):
            flags.append("loretta")
            _refund(game, "Loretta")


def loretta_credit(game: Game, s: Survivor) -> tuple[int, int]:
    """(second tokens still owed, second tokens taken) this turn: each food she takes gives
    one free take of a token; the take right after it is that free one (it gives no more)."""
    owed = free = 0
    for e in _this_turn(game, "take", s.name):
        if owed:
            owed -= 1
            free += 1
        elif e.get("token") == "food":
            owed += 1
    return owed, free


def loretta_waiting(game: Game) -> bool:
    """Loretta took a food with her last action: the turn waits for her free second token."""
    s = game.survivors.get(game.active or "")
    return (s is not None and has(game, s, "Loretta") and game.actions_done >= regular_actions(
        game) and loretta_credit(game, s)[0] > 0)


def _refund(game: Game, who: str) -> None:
    if game.actions_done > 0:
        game.actions_done -= 1
        game.event("power", survivor=game.active, power=who.lower(), effect="free action")


def turn_noise(game: Game, s: Survivor, noise: Noise) -> Noise:
    """Kevin's quiet turns are silent."""
    if has(game, s, "Kevin") and noise == Noise.QUIET:
        game.event("power", survivor=s.name, power="kevin", effect="silent")
        return Noise.SILENT
    return noise


def rosa_react(game: Game, s: Survivor) -> None:
    """A LOUD reaction to Rosa: the closest standing zombie and one more rush."""
    board, table = game.board, game.board.table
    standing = reaction._by_distance(game, s, [z for z in board.zombies()
                                               if table.is_standing(z)])
    rushing = standing[:2]
    game.event("power", survivor=s.name, power="rosa", effect="2 zombies rush")
    if not rushing:
        reaction.stand_all_zombies(game)
        return
    tower = reaction.tower_behind(game, s, rushing[0])
    reaction.stand_all_zombies(game, but=rushing)  # inside buildings too
    reaction.rush(game, rushing, tower, reason="loud")


def extra_action(game: Game, s: Survivor, inp: ExtraAction) -> None:
    del inp
    tokens = game.rule_state.power_tokens.get(s.name, {})
    if not has(game, s, "Anita") or tokens.get("extra_action", 0) < 1:
        raise IllegalAction(f"{s.name} has no extra-action token to discard")
    tokens["extra_action"] -= 1
    game.rule_state.extra_actions += 1
    game.event("power", survivor=s.name, power="anita", effect="extra action")


def heal(game: Game, s: Survivor, inp: Heal) -> None:
    """Olivia: a medicine discarded gives 1 life, no action."""
    if not has(game, s, "Olivia"):
        raise IllegalAction(f"only Olivia, power side up, heals this way ({s.name} is active)")
    target, source = game.survivor(inp.target), game.survivor(inp.source)
    if not target.alive:
        raise IllegalAction(f"{target.name} is dead")
    if source.name not in (s.name, target.name):
        raise IllegalAction("the medicine is Olivia's or the healed survivor's")
    if target is not s:
        near = (s.building is not None and target.building == s.building) or (
            s.piece is not None and target.piece is not None
            and game.board.next_to(s.piece, target.piece))
        if not near:
            raise IllegalAction(f"{target.name} is neither in Olivia's building nor next to her")
    cap = game.rule_state.start_life.get(target.name, target.life)
    if target.life >= cap:
        raise IllegalAction(f"{target.name} already has all {cap} life")
    slot = next((i for i, t in enumerate(source.inventory) if t.kind == "medicine"), None)
    if slot is None:
        raise IllegalAction(f"{source.name} has no medicine")
    source.inventory.pop(slot)
    game.rule_state.box_tokens["medicine"] = game.rule_state.box_tokens.get("medicine", 0) + 1
    target.life += 1
    game.event("heal", survivor=target.name, life=target.life, cause="olivia")


def figure_move(game: Game, s: Survivor, inp: FigureMove) -> None:
    """Mike: flick the figure itself; if it touches anything, falls or leaves the city it goes
    back exactly where it stood (the normal move rules)."""
    if not has(game, s, "Mike"):
        raise IllegalAction("only Mike, power side up, moves by flicking his figure")
    if "mike" in game.rule_state.turn_flags:
        raise IllegalAction("Mike's free move is once per turn")
    if s.piece is None:
        raise IllegalAction("Mike's free move starts from the city, not inside a building")
    board, table = game.board, game.board.table
    home = board.pos(s.piece)
    angle = float(table.angle(s.piece))
    game.rule_state.turn_flags.append("mike")
    game.noise = max(game.noise, Noise.QUIET)
    result = shots._flick(game, s.piece, inp.flick)
    # the normal move rules: a touch, a fall or leaving the city fails the move
    back = (not table.is_standing(s.piece) or s.piece in set(result.left_city)
            or not board.in_city(s.piece) or result.first_touch(s.piece) is not None)
    for p in list(result.fell):
        if p != s.piece and board.exists(p):  # nothing is wounded: all stand up again
            table.stand_up(p)
    if back:  # put back exactly where he stood: stand up first, then place
        if not table.is_standing(s.piece):
            table.stand_up(s.piece)
        table.set_pose(s.piece, home[0], home[1], angle)
    x, y = board.pos(s.piece)
    s.facing = float(table.angle(s.piece))
    game.event("move", survivor=s.name, piece="figure", success=not back,
               to=[round(x, 2), round(y, 2)])
    reaction.after_flick(game, result)
    s.standing = True
    game.turn_over_early = True

