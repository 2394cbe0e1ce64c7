"""Scenario 8: X tokens that block buildings, moving them, the supply, and recruiting new
survivors (rulebook p. 28); and scenario 5's found survivors (p. 20).

- A building with an X token in front of it cannot be entered.
- When the last survivor in a building leaves it (in any way: `emptied`), the active player
  takes an X token from the building of their choice and places it in front of the building
  just left, then puts 1 token from the supply face down in the building the X came from.
- A revealed survivor token stays face up on the building's support block; a random unused
  board (normal side up, 2 life) joins the team of the next survivor to exit that building by
  a move action.
- S5: a survivor token found adds the next separated survivor to the team, in the building
  where it was found (on a box or a vehicle: beside the finder), with 2 life.

Readings (this project's):
- The X tokens in front of buildings are kept by the rules engine (not a stash a survivor
  could take from). The active player's choice of the X to move (`MoveX`) is asked as soon
  as the action or fight that emptied the building is over: the game holds (phase "decide",
  or before a fight's first input if the move entered a fight) until it is answered. A
  building left empty between turns asks when the next survivor is chosen.
- An S5 found survivor has used its backpack for this round (it plays from the next round;
  the rulebook says nothing of its backpack). An S8 recruit's backpack matches the current
  round (rulebook: "Rotate the new survivor's backpack so that it matches the color of the
  current round"): it may play this round. A recruit stands next to its recruiter; when the
  move went straight into another building (which exits the first one too), inside that
  building with it.
- Exiting "by a move action" is a move with the movement disc (not the bat).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from flick.game.scenarios.rules import full_name
from flick.game.state import DAY, DEFAULT_WEAPONS, NIGHT, IllegalAction, Survivor

if TYPE_CHECKING:
    from flick.game.game import Game


def set_up(game: Game) -> None:
    """Move the X tokens dealt in front of buildings into the engine's keeping."""
    for key in [k for k in game.stashes if k.startswith("front:")]:
        building = key.split(":", 1)[1]
        xs = [t for t in game.stashes[key] if t.kind == "x"]
        if xs:
            game.rule_state.x_blocked.append(building)
            game.stashes[key] = [t for t in game.stashes[key] if t.kind != "x"]
            if not game.stashes[key]:
                del game.stashes[key]


def blocked(game: Game, building: str) -> bool:
    return game.rules.has("x_tokens_block_buildings") and building in game.rule_state.x_blocked


def new_board(game: Game, name: str, team: str, life: int, available: bool = False) -> Survivor:
    """A survivor joining mid-game: backpack already used this round, unless `available`
    (an S8 recruit: "Rotate the new survivor's backpack so that it matches the color of the
    current round")."""
    used = NIGHT if game.round_colour == DAY else DAY
    s = Survivor(name=name, team=team, life=life, default_weapon=DEFAULT_WEAPONS[name],
                 backpack=game.round_colour if available else used)
    game.survivors[name] = s
    game.rule_state.start_life[name] = life
    return s


def place_beside(game: Game, s: Survivor, other: Survivor) -> None:
    board = game.board
    at = board.piece_position(other)
    assert at is not None
    for k in range(8):
        a = other.facing + math.pi / 2 + k * math.pi / 4
        d = 2 * board.figure_r + 1.0
        p = board.clamp_into_city((at[0] + d * math.cos(a), at[1] + d * math.sin(a)),
                                  board.figure_r + 0.3)
        if board.spot_free(p, board.figure_r):
            break
    board.place_survivor(s, board.free_spot(p, other.facing), other.facing)


def found_survivor(game: Game, finder: Survivor, key: str) -> None:
    """S5: the next separated survivor joins the finder's team with 2 life."""
    reserve = [n for n in game.rule_state.reserve if n not in game.survivors]
    game.rule_state.found += 1
    if not reserve:
        game.event("found", survivor=None, by=finder.name)
        return
    name = full_name(reserve[0])
    life = int(game.rules.ids.get("found_survivors", {}).get("life", 2))
    s = new_board(game, name, finder.team, life)
    if key in game.board.buildings:
        s.building = key
    else:
        place_beside(game, s, finder)
    game.event("found", survivor=name, by=finder.name, place=key)


def survivor_revealed(game: Game, key: str) -> None:
    """S8: the survivor token stays face up on the block, waiting for a recruiter."""
    game.rule_state.recruits[key] = game.rule_state.recruits.get(key, 0) + 1
    game.event("survivor_token", place=key)


def after_exit(game: Game, s: Survivor, building: str, by_disc: bool) -> None:
    """The survivor just left `building` by a move, out into the city or straight into
    another building: recruit (S8), move an X token (S8).

    S8 "The next survivor to exit the building using a move action (i.e. not ejected after
    losing a fight) will add the new survivor to their team. [...] Place the new survivor's
    figure next to the active survivor": a move straight into another building exits this one
    too; the recruit then stands beside its recruiter inside the building it entered (and
    is there when a fight starts on that entry). The bat is a weapon, not a move action: it
    recruits no one."""
    if by_disc and game.rule_state.recruits.get(building, 0) > 0 and game.rules.has("new_survivor"):
        unused = sorted(n for n in game.rule_state.reserve if n not in game.survivors)
        if unused:
            name = full_name(unused[int(game.rng.integers(len(unused)))])
            life = int(game.rules.ids["new_survivor"].get("life", 2))
            game.rule_state.recruits[building] -= 1
            r = new_board(game, name, s.team, life, available=True)
            if s.building is not None:  # moved straight into another building
                r.building = s.building
            else:
                place_beside(game, r, s)
            game.event("recruit", survivor=name, team=s.team, by=s.name, building=building)
    if not game.rules.has("moving_x_tokens") or not game.rule_state.x_blocked:
        return
    if any(x.alive and x.building == building for x in game.survivors.values()):
        return
    if building not in game.rule_state.x_blocked:
        game.rule_state.x_pending.append(building)
        game.event("x_to_move", to=building)


def occupied(game: Game) -> list[str]:
    """The buildings a living survivor is in, in the board's order."""
    inside = {s.building for s in game.survivors.values() if s.alive and s.building}
    return [b for b in game.board.buildings if b in inside]


def emptied(game: Game) -> None:
    """S8: every building left without a survivor since the last look asks for an X token,
    however its last survivor left (rulebook: "Whenever the last survivor in a building exits
    that building (move action, losing a zombie fight, etc.)").

    Reading: any way counts: a move or bat out (also straight into another building), thrown
    out of a survivor fight, killed inside (a zombie fight lost on the last life, a
    Crossroads card). A survivor fight alone never empties its building: the winners stay."""
    rs = game.rule_state
    now = occupied(game)
    if game.rules.has("moving_x_tokens") and rs.x_blocked:
        for building in rs.occupied:
            if building not in now and building not in rs.x_blocked \
                    and building not in rs.x_pending:
                rs.x_pending.append(building)
                game.event("x_to_move", to=building)
    rs.occupied = now


def move_x(game: Game, source: str) -> None:
    """The active player's choice: the X token of `source` goes in front of the building the
    last survivor left; `source` receives a face-down token from the supply."""
    building = game.rule_state.x_pending[0]
    if source not in game.rule_state.x_blocked:
        raise IllegalAction(f"no X token stands in front of {source!r}; X tokens: "
                            f"{', '.join(game.rule_state.x_blocked)}")
    game.rule_state.x_pending.pop(0)
    game.rule_state.x_blocked.remove(source)
    game.rule_state.x_blocked.append(building)
    supply = game.stashes.get("supply", [])
    moved = None
    if supply:
        token = supply.pop(0)
        token.face_up = False
        game.stashes[source].append(token)
        moved = source
    game.event("x_moved", frm=source, to=building, supply_token=moved is not None)
