"""Setting a scenario up: survivors' boards, zombies in the bin and the box, tokens dealt.

The physical pieces are placed on the table by `flick.scenario.place` (through `Board`); this
module sets up what the rules track. Face-down token pools are shuffled with the game's
generator: kinds are laid out in a fixed order first (sorted by kind), so the same seed
always deals the same tokens to the same places.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from flick.errors import DataFileError
from flick.game.state import DEFAULT_WEAPONS, Survivor, Token

if TYPE_CHECKING:
    from flick.game.game import Game

ZOMBIES_TOTAL = 18


def set_up(game: Game) -> None:
    """Fill `game` from its scenario: survivors, zombie counts, stashes and tokens."""
    sc = game.scenario
    for team in sc.teams:
        for spec in team.survivors:
            s = Survivor(
                name=spec.name,
                team=team.name,
                life=int(spec.life),
                default_weapon=DEFAULT_WEAPONS[spec.name],
                backpack=spec.backpack,
                facing=math.radians(spec.facing),
                power_side=bool(spec.power_side),
            )
            s.inventory = [game.new_token(k) for k in spec.inventory]
            s.piece = game.board.survivor_piece(spec.name)
            game.survivors[s.name] = s
    game.rules.add_extra_survivors(game)
    if sc.pretzel is not None and sc.pretzel.survivor in game.survivors:
        holder = game.survivors[sc.pretzel.survivor]
        if not any(t.kind == "pretzel" for t in holder.inventory):
            holder.inventory.append(game.new_token("pretzel"))
    for b in sc.buildings:
        game.stashes[b.name] = []
        game.building_zombies[b.name] = []
    city = len(game.board.zombies())
    game.bin = int(sc.zombie_bin.zombies)
    game.box = ZOMBIES_TOTAL - game.bin - city
    if game.box < 0:
        raise DataFileError(f"scenario {sc.number}: {city} zombies in the city and {game.bin} "
                            f"in the bin make more than the box's {ZOMBIES_TOTAL}")
    deal_tokens(game)


def location_key(game: Game, where: str) -> str:
    """The stash key of a token location named in a scenario: a building, or an object."""
    if where in game.stashes:
        return where
    piece = game.board.named_object(where)
    if piece is None:
        raise DataFileError(f"scenario {game.scenario.number}: token location {where!r} is "
                            "neither a building nor an object of the map")
    key = f"piece:{piece}"
    game.stashes.setdefault(key, [])
    return key


def deal_tokens(game: Game) -> None:
    """Fixed tokens where the scenario says; pools shuffled face down and dealt in order."""
    tokens: Any = game.scenario.tokens
    for fixed in tokens.fixed:
        key = location_key(game, fixed.at)
        if fixed.where == "front":
            # "In front of the building" (map legend): tokens lying at the door, taken from
            # the city by a survivor next to the door (this project's reading).
            key = f"front:{fixed.at}"
            game.stashes.setdefault(key, [])
        for _ in range(fixed.count):
            game.stashes[key].append(game.new_token(fixed.token, fixed.face_up))
    for index, pool in enumerate(tokens.pools):
        kinds = [k for k in sorted(pool.shuffle) for _ in range(pool.shuffle[k])]
        order = game.rng.permutation(len(kinds))
        deck: list[Token] = [game.new_token(kinds[int(i)], face_up=False) for i in order]
        game.token_pool.update((t.uid, index) for t in deck)
        deck = deck[pool.remove_random:]
        for where, count in pool.place.items():
            key = location_key(game, where)
            for _ in range(count):
                if not deck:
                    raise DataFileError(f"scenario {game.scenario.number}: the token pool "
                                        f"runs out while dealing to {where!r}")
                game.stashes[key].append(deck.pop(0))
        if deck:
            game.stashes.setdefault("supply", []).extend(deck)
