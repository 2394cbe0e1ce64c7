"""What the window needs to know of the rules engine, read from a `flick.game.Game`.

The engine decides; this module only reads it and turns the player's choices into its input
objects: the labels and keys of the actions `flick.game.actions.legal` allows or refuses (with its
reasons), where the piece to flick appears (the same places the engine puts it:
`Board.beside`, `Board.behind`, `Fight.weapon_piece_start`), the input a finished gesture
makes, readable lines for the event log and the zombies' reaction explained. Nothing here
changes a game.

Readings of this module (the rulebook is silent on the screen):
- Hidden information in competitive games: the tokens a survivor carries are shown only to
  its own team; the others see how many it carries ("?"). Tokens lying face down in a place
  are '?' for everybody.
- A disc, bullet or knife is laid facing the flick's direction; the bat lies along it, its
  knob at the back (so a straight flick of the knob drives the bat along the aim).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flick.game.actions.legal import legal_actions
from flick.game.inputs import (
    Bat,
    ChooseSurvivor,
    EndTurn,
    ExileFlick,
    FightFlick,
    FigureMove,
    Flare,
    Flick,
    Input,
    Knife,
    Move,
    Shoot,
    ShortKill,
    Shotgun,
    Sniper,
)
from flick.game.narration import describe
from flick.game.scenarios.fight import fight_weapons
from flick.game.state import GUNS, Survivor
from flick.physics import MAX_FLICK_IMPULSE
from flick.ui.render import TEAM_COLOURS, Colour
from flick.ui.table_view import Decor

if TYPE_CHECKING:
    from flick.game.game import Game

Vec = tuple[float, float]

# The action bar: id, label, key. The side (left / right) is a separate toggle ("S").
ACTIONS: tuple[tuple[str, str, str], ...] = (
    ("move", "Move", "m"),
    ("gun", "Gun", "g"),
    ("two_guns", "Two guns", "2"),
    ("knife", "Knife", "k"),
    ("bat", "Bat", "b"),
    ("shotgun", "Shotgun", "h"),
    ("sniper", "Sniper", "i"),
    ("short_kill", "Short kill", "x"),
    ("take_drop", "Take / Drop", "t"),
    ("end_turn", "End turn", "e"),
)
# Scenarios 5-10, shown only when `flick.game.actions.legal` lists them for the active survivor: the
# flare (S7 on), Anita's extra action, Olivia's heal, Mike's free move (his figure flicked),
# the accusation (S9-S10).
MORE_ACTIONS: tuple[tuple[str, str, str], ...] = (
    ("flare", "Flare", "l"),
    ("accuse", "Accuse", "u"),
    ("extra_action", "Extra action", "y"),
    ("heal", "Heal", "o"),
    ("figure_move", "Free move", "v"),
)
FLICKED_PIECE = {
    "move": "movement_disc", "gun": "bullet", "two_guns": "bullet", "knife": "knife",
    "bat": "baseball_bat", "shotgun": "shotgun_pellet", "sniper": "bullet",
    "flare": "flare_token", "figure_move": "survivor", "exile": "survivor",
}
TOKEN_NAMES = {
    "x": "X (not allowed)", "extra_action": "extra action", "zombie": "zombie token",
}


def team_colour(game: Game, team: str) -> Colour:
    """The team's colour; a team formed in play (S9-S10: an unmasked betrayer, a team of
    one) takes the next colours, in the order the turn order met them."""
    names = [t.name for t in game.scenario.teams]
    names += [t for t in game.turn_order.players if t not in names]
    i = names.index(team) if team in names else 0
    return TEAM_COLOURS[i % len(TEAM_COLOURS)]


def competitive(game: Game) -> bool:
    return game.scenario.mode == "competitive"


def split_players(game_scenario: Any, players: int) -> dict[str, int]:
    """Seats per team for `players` people hot-seat: co-op, all in the one group; competitive,
    dealt round the teams (2 players and 2 teams: one each)."""
    teams = [t.name for t in game_scenario.teams]
    if not 1 <= players <= 10:
        raise ValueError(f"1 to 10 players, not {players}")
    out = {t: 0 for t in teams}
    for i in range(max(players, len(teams))):
        out[teams[i % len(teams)]] += 1
    return out


def decor(game: Game, viewer_team: str | None = None) -> dict[int, Decor]:
    """Labels for the table: survivors (name, team, life, backpack), vehicles, boxes."""
    out: dict[int, Decor] = {}
    available = {s.name for s in game.available(game.current_team)} if game.phase == "choose" \
        else set()
    for s in game.survivors.values():
        if s.piece is None or not s.alive:
            continue
        out[s.piece] = Decor(
            name=s.short, colour=team_colour(game, s.team), life=s.life, backpack=s.backpack,
            used=s.backpack != game.round_colour, active=s.name == game.active,
            available=s.name in available,
            pretzel=any(t.kind == "pretzel" for t in s.inventory))
    for key, pid in game.board.placement.pieces.items():
        if not game.board.exists(pid) or pid in out:
            continue
        if key in ("car", "ice_cream_truck", "pickup_truck"):
            out[pid] = Decor(name=key.replace("_", " ").upper())
        elif key.startswith("box_"):
            out[pid] = Decor(name=key[4:])
    return out


def survivor_at(game: Game, p: Vec, radius: float = 2.0) -> Survivor | None:
    """The survivor whose figure (or building, for one inside) is under the point (cm)."""
    best, best_d = None, radius
    for s in game.survivors.values():
        if not s.alive:
            continue
        if s.piece is not None:
            d = math.dist(game.board.pos(s.piece), p)
        elif s.building is not None:
            d = math.dist(inside_spot(game, s), p)
        else:
            continue
        if d < best_d:
            best, best_d = s, d
    return best


def inside_spot(game: Game, s: Survivor) -> Vec:
    """Where a survivor inside a building is drawn: behind the door line, between the support
    blocks, from the left end in (zombies inside are drawn from the right end). The rulebook
    has it stand on a support block, where its tokens also lie; drawn there it would hide
    them."""
    assert s.building is not None
    mates = sorted(x.name for x in game.survivors.values()
                   if x.alive and x.building == s.building)
    return inside_row(game, s.building, mates.index(s.name), from_left=True)


def inside_row(game: Game, building: str, i: int, from_left: bool) -> Vec:
    """The i-th spot (cm) of a row just behind a building's door line."""
    (ax, ay), (bx, by) = game.board.table.door_line(game.board.bid(building))
    nx, ny = game.board.normal(building)
    length = math.hypot(bx - ax, by - ay) or 1.0
    tx, ty = (bx - ax) / length, (by - ay) / length
    along = 1.6 + 2.9 * i
    if not from_left:
        along = length - along
    return (ax + tx * along - nx * 1.9, ay + ty * along - ny * 1.9)


@dataclass(frozen=True)
class ActionItem:
    """A button of the action bar: enabled, or the reason it is not (the game's verdict)."""

    id: str
    label: str
    key: str
    enabled: bool
    why: str = ""


def action_items(game: Game) -> list[ActionItem]:
    """The actions of the active survivor now, as `flick.game.actions.legal` allows or refuses them,
    with their labels and keys."""
    buttons = {aid: (label, key) for aid, label, key in ACTIONS + MORE_ACTIONS}
    return [ActionItem(a.id, *buttons[a.id], a.allowed, a.reason)
            for a in legal_actions(game).actions]


def place_name(game: Game, key: str) -> str:
    if key.startswith("piece:"):
        pid = int(key.split(":", 1)[1])
        for name, p in game.board.placement.pieces.items():
            if p == pid:
                return name.replace("_", " ")
        return f"piece {pid}"
    return key.replace("_", " ")


def token_label(kind: str, face_up: bool) -> str:
    return TOKEN_NAMES.get(kind, kind.replace("_", " ")) if face_up else "face down"


# ---- where the flicked piece appears ------------------------------------------------------
@dataclass(frozen=True)
class Spot:
    """The piece to flick: its kind, centre (cm), angle (rad) before the aim, and on which
    table ('city' or 'fight')."""

    kind: str
    centre: Vec
    angle: float
    table: str = "city"


def piece_spot(game: Game, action: str, side: str) -> Spot:
    """Where the rules put the piece for `action` (side 'left'/'right' for weapons beside)."""
    board = game.board
    if game.phase == "fight" and game.fight is not None:
        fight = game.fight
        (x, y), kind = fight.weapon_piece_start(fight.to_act)
        sides = getattr(fight, "sides", None)  # a survivor fight: the far side faces back
        angle = -math.pi / 2 if sides and fight.to_act in sides[1] else math.pi / 2
        return Spot(kind, (x, y), angle, "fight")
    if action == "exile":
        exiled = game.rule_state.exile
        assert exiled is not None  # "exile" is an action only while a player is being exiled
        b = game.survivors[exiled]
        assert b.piece is not None
        return Spot("survivor", board.pos(b.piece), b.facing)
    s = game.active_survivor
    kind = FLICKED_PIECE[action]
    if action == "flare":  # flares.flare: one flare-width beside (right), or behind the door
        if s.building is not None:
            nx, ny = board.normal(s.building)
            return Spot(kind, board.behind(s.building, 2.0), math.atan2(ny, nx))
        assert s.piece is not None
        return Spot(kind, board.beside(board.pos(s.piece), s.facing, "right", 2.0), s.facing)
    if action == "figure_move":
        assert s.piece is not None
        return Spot(kind, board.pos(s.piece), s.facing)
    if s.building is not None:
        d = {"movement_disc": board.disc, "baseball_bat": 2.0, "knife": 1.0,
             "shotgun_pellet": board.pellet_d}.get(kind, board.bullet_d)
        if action in ("move", "bat"):
            d = board.disc if action == "move" else 2.0
        at = board.behind(s.building, d)
        nx, ny = board.normal(s.building)
        return Spot(kind, at, math.atan2(ny, nx))
    assert s.piece is not None
    pos = board.pos(s.piece)
    if action in ("move", "bat"):
        return Spot(kind, pos, s.facing)
    piece_d = {"knife": 1.0, "shotgun_pellet": board.pellet_d}.get(kind, board.bullet_d)
    return Spot(kind, board.beside(pos, s.facing, side, piece_d), s.facing)


def flick_input(game: Game, action: str, side: str, flick: Flick,
                second: Flick | None = None, big: bool = True) -> Input:
    """The engine's input for a finished gesture of `action` (`big`: the flare's face up)."""
    ix, iy = flick.impulse
    angle = math.atan2(iy, ix)
    strength = math.hypot(ix, iy)
    if game.phase == "fight":
        return FightFlick(flick)
    if action == "exile":
        return ExileFlick(flick)
    if action == "flare":
        return Flare(flick, big)
    if action == "figure_move":
        return FigureMove(flick)
    if action == "move":
        return Move(flick, angle=angle)
    if action == "gun":
        return Shoot(side, flick)
    if action == "two_guns":
        return Shoot("left", flick, second)
    if action == "knife":
        return Knife(side, flick)
    if action == "bat":
        return Bat(angle, bat_flick(game, flick, angle))
    if action == "shotgun":
        # the template is held: the flick drives the pellets along it (no spin)
        return Shotgun(side, angle, min(strength, MAX_FLICK_IMPULSE))
    if action == "sniper":
        return Sniper(side, angle, min(strength, MAX_FLICK_IMPULSE))
    raise ValueError(f"{action!r} is not a flicked action")


def bat_flick(game: Game, flick: Flick, angle: float) -> Flick:
    """The bat is flicked by its knob: the press's sideways offset (spin) is kept, and the
    offset along the bat is moved to the knob, at the back of the bat as it lies along the
    aim."""
    spec = game.board.params.pieces["baseball_bat"]
    r = spec.length / 2.0 - spec.knob_diameter / 2.0
    ux, uy = math.cos(angle), math.sin(angle)
    ox, oy = flick.offset
    lateral = -ox * uy + oy * ux
    lateral = max(-spec.barrel_diameter / 2, min(spec.barrel_diameter / 2, lateral))
    offset = (-ux * r - uy * lateral, -uy * r + ux * lateral)
    return Flick(flick.impulse, offset)


def choose(name: str) -> ChooseSurvivor:
    return ChooseSurvivor(name)


def end_turn(facing: float | None) -> EndTurn:
    return EndTurn(facing)


def short_kill(zombie: int, weapon: str) -> ShortKill:
    return ShortKill(zombie, weapon)


def quiet_weapon(s: Survivor) -> str:
    """The weapon a short-distance kill names by default: a quiet one if carried."""
    for w in s.weapons():
        if w not in GUNS:
            return w
    return s.weapons()[0]


def fight_choices(game: Game) -> list[str]:
    if game.fight is None:
        return []
    return fight_weapons(game.survivors[game.fight.to_act])


# ---- words ---------------------------------------------------------------------------------
def reaction_lines(game: Game) -> list[str]:
    """The zombies' reaction to the last finished turn, explained (rulebook p. 10)."""
    events = game.events
    start = None
    for i in range(len(events) - 1, -1, -1):
        if events[i].type == "noise":
            start = i
            break
    if start is None:
        return ["No turn has ended yet."]
    d = events[start].data
    who = str(d.get("survivor", "")).split(" ")[0]
    noise = str(d.get("noise"))
    lines = [f"{who}'s turn was {noise}."]
    if noise == "LOUD":
        lines.append("A gun fired: the closest standing zombie and the 2 next closest rush "
                     "from the tower placed behind it; the others stand up.")
    elif noise == "QUIET":
        lines.append("A move or a quiet weapon: the closest zombie, if standing, rushes from "
                     "the tower behind it; if fallen, it only stands up.")
    else:
        lines.append("No move and no weapon: the zombies do nothing.")
    for ev in events[start + 1:]:
        if ev.type in ("turn", "noise"):
            break
        text = describe(ev) if ev.type in ("rush", "zombie_stands", "wound", "death",
                                           "zombie_enters", "too_close") else None
        if text:
            lines.append(text)
    return lines
