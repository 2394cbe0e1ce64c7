"""The survivors' actions (rulebook pp. 7-9 and the scenarios' new rules): Move, the weapons
(gun, two guns, knife, baseball bat, short-distance kill, shotgun, sniper rifle) and
Take / Drop off. Each function checks everything it can before touching the table and raises
`IllegalAction`; `Game.apply` restores the table and the rule state if a check fails later.

First touch decides (rulebook p. 8): a bullet or knife that first touches a figure which falls
wounds it; anything else it knocks down is stood up where it lies. Pieces pushed out of the
city by a shot are put back just inside the limit where they left (the rulebook says so for
the rush; this project applies it to every flick, so the 18 zombies stay on the table, in
the bin or in the box).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from flick.game.actions import reaction, shots
from flick.game.board import _size
from flick.game.inputs import (
    Bat,
    Flick,
    Input,
    Keep,
    Knife,
    Move,
    Shoot,
    ShortKill,
    Shotgun,
    Sniper,
    TakeDrop,
)
from flick.game.state import GUNS, IllegalAction, Noise, Survivor
from flick.physics import MAX_FLICK_IMPULSE

if TYPE_CHECKING:
    from flick.game.game import Game

PELLETS = 4


def perform(game: Game, inp: Input) -> None:
    """Resolve one action of the active survivor (already counted legal by phase)."""
    s = game.active_survivor
    _check_flicks(inp)
    game.facing_set = False
    if isinstance(inp, Move):
        move(game, s, inp)
    elif isinstance(inp, Bat):
        bat(game, s, inp)
    elif isinstance(inp, Shoot):
        shoot(game, s, inp)
    elif isinstance(inp, Knife):
        knife(game, s, inp)
    elif isinstance(inp, Shotgun):
        shotgun(game, s, inp)
    elif isinstance(inp, Sniper):
        sniper(game, s, inp)
    elif isinstance(inp, ShortKill):
        short_kill(game, s, inp)
    elif isinstance(inp, TakeDrop):
        take_drop(game, s, inp)
    else:
        raise IllegalAction(f"{inp.kind!r} is not an action")


def _check_flicks(inp: Input) -> None:
    """Refuse a malformed flick before anything is put on the table (piece ids are never
    reused, so even a restored table would remember a piece added for a refused input)."""
    for name in ("flick", "second"):
        fl = getattr(inp, name, None)
        if isinstance(fl, Flick):
            values = (*fl.impulse, *fl.offset)
            if not all(math.isfinite(v) for v in values):
                raise IllegalAction(f"a flick needs finite numbers, not {fl}")
            if math.hypot(*fl.impulse) > MAX_FLICK_IMPULSE:
                raise IllegalAction(f"impulse {math.hypot(*fl.impulse):.0f} g*cm/s is beyond "
                                    f"any finger (limit {MAX_FLICK_IMPULSE:g})")
    angle = getattr(inp, "angle", 0.0)
    if not math.isfinite(angle):
        raise IllegalAction(f"angle must be a finite number, not {angle}")


def louder(game: Game, noise: Noise) -> None:
    game.noise = max(game.noise, noise)


def _need_weapon(s: Survivor, weapon: str) -> None:
    if weapon not in s.weapons():
        raise IllegalAction(f"{s.name} has no {weapon} (weapons: {', '.join(s.weapons())})")


def _on_table_or_inside(s: Survivor) -> None:
    if s.piece is None and s.building is None:
        raise IllegalAction(f"{s.name} is not on the table")


# ---- move and bat -----------------------------------------------------------------------
def move(game: Game, s: Survivor, inp: Move) -> None:
    """Move: the movement disc replaces the figure (or is placed behind the building to exit)."""
    _on_table_or_inside(s)
    louder(game, Noise.QUIET)
    shots.body_move(game, s, "movement_disc", inp.flick, inp.angle, bat=False,
                    set_aside=inp.set_aside)


def bat(game: Game, s: Survivor, inp: Bat) -> None:
    """Baseball bat: the bat replaces the figure, flat along `angle`; its knob is flicked."""
    _need_weapon(s, "bat")
    _on_table_or_inside(s)
    louder(game, Noise.QUIET)
    shots.body_move(game, s, "baseball_bat", inp.flick, inp.angle, bat=True,
                    set_aside=inp.set_aside)


# ---- weapons ------------------------------------------------------------------------------
def _shot_start(game: Game, s: Survivor, side: str, piece_d: float) -> tuple[float, float]:
    board = game.board
    if s.building is not None:
        if game.building_zombies.get(s.building):
            raise IllegalAction(f"{s.name} may not shoot from inside the {s.building}: zombies "
                                "are inside")
        return board.behind(s.building, piece_d)
    assert s.piece is not None
    return board.beside(board.pos(s.piece), s.facing, side, piece_d)


def shoot(game: Game, s: Survivor, inp: Shoot) -> None:
    """Gun: a bullet one bullet-width beside the survivor; two guns fire two bullets."""
    _on_table_or_inside(s)
    _need_weapon(s, "gun")
    if inp.second is not None and s.count("gun") < 2:
        raise IllegalAction(f"{s.name} needs 2 guns to fire two bullets in one action")
    other = "right" if inp.side == "left" else "left"
    first = _shot_start(game, s, inp.side, game.board.bullet_d)
    louder(game, Noise.LOUD)
    shots.fire(game, s, "bullet", first, inp.flick, s.facing, weapon="gun")
    if inp.second is not None and s.alive and game.phase == "act":
        second = _shot_start(game, s, other, game.board.bullet_d)
        shots.fire(game, s, "bullet", second, inp.second, s.facing, weapon="gun")


def knife(game: Game, s: Survivor, inp: Knife) -> None:
    """Knife: stood upright one bullet-width beside the survivor and flicked like a bullet.

    Reading: the player stands the knife (6 cm long) pointing the way it is flicked, as in a
    fight; where a bullet would go, pushed out sideways until no part of it comes nearer the
    survivor's base than one bullet-width (a knife laid along the survivor's facing and
    flicked across it swept its own survivor)."""
    _on_table_or_inside(s)
    _need_weapon(s, "knife")
    board = game.board
    start = _shot_start(game, s, inp.side, board.bullet_d)
    ix, iy = inp.flick.impulse
    angle = math.atan2(iy, ix) if (ix or iy) else s.facing
    if s.building is None and s.piece is not None:
        # One bullet-width from the base's edge to the knife's edge (its half-width 0.4 cm).
        clearance = board.figure_r + board.bullet_d + _size(board.params, "knife", "width",
                                                            0.8) / 2
        start = clear_of_base(board.pos(s.piece), start, angle, clearance,
                              board.knife_length / 2)
    louder(game, Noise.QUIET)
    shots.fire(game, s, "knife", start, inp.flick, angle, weapon="knife")


def clear_of_base(base: tuple[float, float], start: tuple[float, float], angle: float,
                  clearance: float, half: float) -> tuple[float, float]:
    """Move `start` (a long piece's centre, along `angle`) straight away from `base` until
    its axis (half-length `half`, cm) stays `clearance` cm from the base's centre."""
    ux, uy = math.cos(angle), math.sin(angle)
    nx, ny = start[0] - base[0], start[1] - base[1]
    d0 = math.hypot(nx, ny) or 1.0
    nx, ny = nx / d0, ny / d0
    d = d0
    for _ in range(60):
        cx, cy = nx * d, ny * d  # the centre relative to the base
        t = max(-half, min(half, -(cx * ux + cy * uy)))
        if math.hypot(cx + t * ux, cy + t * uy) >= clearance:
            break
        d += 0.1
    return (base[0] + nx * d, base[1] + ny * d)


def sniper(game: Game, s: Survivor, inp: Sniper) -> None:
    """Sniper rifle (S1): a bullet in the template, flicked exactly along the template."""
    _on_table_or_inside(s)
    _need_weapon(s, "sniper")
    _check_impulse(inp.impulse)
    start = _shot_start(game, s, inp.side, game.board.bullet_d)
    louder(game, Noise.LOUD)
    imp = (inp.impulse * math.cos(inp.angle), inp.impulse * math.sin(inp.angle))
    shots.fire(game, s, "bullet", start, Flick(imp), inp.angle, weapon="sniper")


def shotgun(game: Game, s: Survivor, inp: Shotgun) -> None:
    """Shotgun (S1): 4 pellets in the template, not aligned; every figure a pellet fells is
    wounded, ricochets included."""
    _on_table_or_inside(s)
    _need_weapon(s, "shotgun")
    _check_impulse(inp.impulse)
    start = _shot_start(game, s, inp.side, game.board.pellet_d)
    louder(game, Noise.LOUD)
    shots.shotgun_blast(game, s, start, inp.angle, inp.impulse, PELLETS)


def _check_impulse(impulse: float) -> None:
    if not (math.isfinite(impulse) and 0.0 < impulse <= MAX_FLICK_IMPULSE):
        raise IllegalAction(f"a flick's impulse must be in (0, {MAX_FLICK_IMPULSE:g}] g*cm/s, "
                            f"not {impulse}")


def short_kill(game: Game, s: Survivor, inp: ShortKill) -> None:
    """Short-distance kill: a zombie next to the survivor dies without a flick; the noise is
    that of the weapon named (rulebook p. 9)."""
    _need_weapon(s, inp.weapon)
    if s.piece is None:
        raise IllegalAction(f"{s.name} is not on the table (inside a building a zombie is "
                            "fought, not killed at short distance)")
    board = game.board
    if not (isinstance(inp.zombie, int) and board.exists(inp.zombie)
            and board.kind(inp.zombie) == "zombie"):
        raise IllegalAction(f"piece {inp.zombie!r} is not a zombie on the table")
    if not board.next_to(s.piece, inp.zombie):
        raise IllegalAction(f"zombie {inp.zombie} is not next to {s.name} "
                            f"({board.distance(s.piece, inp.zombie):.1f} cm apart; next to "
                            f"is under {board.disc:.1f} cm)")
    louder(game, Noise.LOUD if inp.weapon in GUNS else Noise.QUIET)
    reaction.kill_zombie(game, inp.zombie, cause=f"short_kill:{inp.weapon}", by=s.name)


# ---- take / drop off ------------------------------------------------------------------------
def _place_key(game: Game, s: Survivor, place: str | None) -> str:
    """The stash the survivor can reach: its building, or an object next to it (S3)."""
    if place is None or place == s.building:
        if s.building is None:
            raise IllegalAction(f"{s.name} is not inside a building: take / drop off happens "
                                "inside a building" + (" or next to an object" if
                                                      game.rules.has("take_in_city") else ""))
        return s.building
    if place in game.board.buildings:
        raise IllegalAction(f"{s.name} is not inside the {place}")
    if not game.rules.has("take_in_city"):
        raise IllegalAction("take / drop off in the city (with vehicles, barrels, boxes) is "
                            "not a rule of this scenario")
    key = place if place.startswith(("piece:", "front:")) else None
    if key is None:
        pid = game.board.named_object(place)
        if pid is None:
            raise IllegalAction(f"no object named {place!r} on the table")
        key = f"piece:{pid}"
    if s.piece is None:
        raise IllegalAction(f"{s.name} must be in the city, next to the object")
    if key.startswith("piece:"):
        pid = int(key.split(":", 1)[1])
        if not game.board.exists(pid) or not game.board.next_to(s.piece, pid):
            raise IllegalAction(f"{s.name} is not next to {place}")
    else:
        building = key.split(":", 1)[1]
        door = game.board.door_mid(building)
        if math.dist(game.board.pos(s.piece), door) - game.board.figure_r >= game.board.disc:
            raise IllegalAction(f"{s.name} is not next to the door of the {building}")
    game.stashes.setdefault(key, [])
    return key


def take_drop(game: Game, s: Survivor, inp: TakeDrop) -> None:
    """Take and/or drop off one token (an exchange is one action). A face-down token taken is
    looked at first: the player then keeps it or leaves it face up (`Keep`)."""
    if inp.take is None and inp.drop is None:
        raise IllegalAction("take / drop off needs a token to take or to drop")
    if inp.take is None and game.actions_done >= game.rules.regular_actions(game):
        raise IllegalAction(f"{s.name}'s free step is a take (Loretta's second token)")
    key = _place_key(game, s, inp.place)
    stash = game.stashes[key]
    if inp.drop is not None and not 0 <= inp.drop < len(s.inventory):
        raise IllegalAction(f"{s.name} has no token in inventory space {inp.drop}")
    if inp.take is not None and not 0 <= inp.take < len(stash):
        raise IllegalAction(f"there is no token {inp.take} at {key} ({len(stash)} there)")
    taking = stash[inp.take] if inp.take is not None else None
    space_after = s.free_spaces() + (1 if inp.drop is not None else 0)
    if taking is not None and taking.face_up and space_after < 1:
        raise IllegalAction(f"{s.name}'s inventory is full: drop a token to take one")
    if inp.drop is not None:
        token = s.inventory.pop(inp.drop)
        stash.append(token)
        game.event("drop", survivor=s.name, token=token.kind, place=key)
    if taking is None:
        return
    if taking.face_up:
        stash.remove(taking)
        s.inventory.append(taking)
        game.event("take", survivor=s.name, token=taking.kind, place=key)
        return
    taking.face_up = True
    game.event("reveal", survivor=s.name, token=taking.kind, place=key)
    if game.rules.on_reveal(game, s, key, taking):
        return
    game.pending_take = (key, stash.index(taking))
    game.phase = "keep"


def keep(game: Game, inp: Keep) -> None:
    """After looking at a face-down token: keep it, or leave it face up where it was."""
    assert game.pending_take is not None
    key, index = game.pending_take
    s = game.active_survivor
    token = game.stashes[key][index]
    if inp.keep and s.free_spaces() < 1:
        raise IllegalAction(f"{s.name}'s inventory is full: the {token.kind} stays face up")
    game.pending_take = None
    game.phase = "act"
    if inp.keep:
        game.stashes[key].pop(index)
        s.inventory.append(token)
        game.event("take", survivor=s.name, token=token.kind, place=key)
    else:
        game.event("leave", survivor=s.name, token=token.kind, place=key)


def object_stashes_near(game: Game, s: Survivor) -> list[str]:
    """Stash keys of objects next to `s` (S3 take in the city)."""
    out: list[str] = []
    if s.piece is None:
        return out
    for key in game.stashes:
        if key.startswith("piece:"):
            pid = int(key.split(":", 1)[1])
            if game.board.exists(pid) and game.board.next_to(s.piece, pid):
                out.append(key)
    return out
