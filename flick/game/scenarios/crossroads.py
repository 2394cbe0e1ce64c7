"""Scenario 5 on: Crossroads tokens and cards, and the game box the NEW zombies come from.

Taking a crossroads token reveals it (it leaves the game) and draws the top Crossroads card
(`assets/cards/crossroads.yaml`, this project's text); the active player picks one of its
options (`CrossroadsChoice`) and it is resolved at once, costing no further action.

Readings (this project's; the rulebook prints no card):
- NEW zombies come from the game box first, then the bin (rulebook p. 20); they arrive by a
  Zombie Rush from the tower set 20 cm from the survivor toward the city's middle, its exit
  facing the survivor. Zombies that cannot be found (box and bin empty) do not come.
- "Enter this building" outside a building: the zombies rush toward the survivor instead.
- Life gained never goes above the survivor's life at the start of the game.
- The deck is shuffled with the game's generator at set-up; when it runs out, the discards
  are shuffled into a new deck.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from flick import datafile
from flick.game.actions import reaction
from flick.game.state import IllegalAction, Noise, Survivor
from flick.paths import assets

if TYPE_CHECKING:
    from flick.game.game import Game

EFFECTS = ("new_zombies", "zombies_inside", "life", "team_life", "building_life", "gain",
           "stash", "discard", "noise", "fall", "end_turn", "extra_action", "stand_zombies")
TOWER_GAP_CM = 20.0


@dataclass(frozen=True)
class Option:
    text: str
    effects: dict[str, Any]


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    text: str
    options: tuple[Option, ...]


class _OptionModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str
    effects: dict[str, Any] | None = None


class _CardModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    title: str
    text: str
    options: list[_OptionModel] = Field(min_length=1)


class _DeckModel(BaseModel):
    cards: list[_CardModel]


@lru_cache(maxsize=1)
def deck() -> dict[str, Card]:
    """The 30 Crossroads cards by id, read (and checked) from the assets."""
    return read_deck(assets() / "cards" / "crossroads.yaml")


def read_deck(path: Path) -> dict[str, Card]:
    """The Crossroads cards of a file by id; a damaged file raises DataFileError naming
    FILE:LINE:COLUMN (flick.datafile), exit 2."""
    marked = datafile.read_file(path)
    model = datafile.validate(marked, _DeckModel)
    out: dict[str, Card] = {}
    for i, raw in enumerate(model.cards):
        options = tuple(Option(o.text, dict(o.effects or {})) for o in raw.options)
        card = Card(raw.id, raw.title, raw.text, options)
        for j, o in enumerate(options):
            bad = [k for k in o.effects if k not in EFFECTS]
            if bad:
                raise datafile.fail(marked, ("cards", i, "options", j, "effects", bad[0]),
                                    f"unknown effect(s) {bad}; known: {', '.join(EFFECTS)}",
                                    key=True)
        if card.id in out:
            raise datafile.fail(marked, ("cards", i, "id"), f"card id {card.id} twice")
        out[card.id] = card
    if len(out) != 30:
        raise datafile.fail(marked, ("cards",), f"the Crossroads deck has 30 cards, not "
                                               f"{len(out)}", key=True)
    return out


def shuffled_ids(game: Game) -> list[str]:
    ids = sorted(deck())
    return [ids[int(i)] for i in game.rng.permutation(len(ids))]


def draw(game: Game, s: Survivor) -> None:
    """Draw the top card for `s` and wait for the player's choice."""
    rs = game.rule_state
    if not rs.crossroads_deck:
        rs.crossroads_deck = [c for c in shuffled_ids(game)]
    card_id = rs.crossroads_deck.pop(0)
    rs.crossroads_card = card_id
    card = deck()[card_id]
    game.event("crossroads", survivor=s.name, card=card_id, title=card.title)
    game.phase = "crossroads"


def payable(game: Game, s: Survivor, option: Option) -> bool:
    kind = option.effects.get("discard")
    if kind is None:
        return True
    if kind == "any":
        return bool(s.inventory)
    return any(t.kind == kind for t in s.inventory)


def drawn(game: Game) -> Card:
    """The Crossroads card drawn and not resolved yet (phase "crossroads")."""
    card_id = game.rule_state.crossroads_card
    if card_id is None:
        raise IllegalAction("no Crossroads card is drawn")
    return deck()[card_id]


def choose(game: Game, option_index: int) -> None:
    """Resolve option `option_index` of the card drawn."""
    rs = game.rule_state
    card = drawn(game)
    if not (isinstance(option_index, int) and 0 <= option_index < len(card.options)):
        raise IllegalAction(f"card {card.id} ({card.title}) has options 0-"
                            f"{len(card.options) - 1}, not {option_index!r}")
    s = game.active_survivor
    option = card.options[option_index]
    if not payable(game, s, option):
        raise IllegalAction(f"{s.name} cannot pay for option {option_index} of "
                            f"{card.title}: no {option.effects['discard']} token")
    rs.crossroads_card = None
    game.phase = "act"
    game.event("crossroads_choice", survivor=s.name, card=card.id, option=option_index)
    resolve(game, s, option.effects)


def resolve(game: Game, s: Survivor, fx: dict[str, Any]) -> None:
    """Apply a card option's effects, in a fixed order (costs first)."""
    if "discard" in fx:
        kind = fx["discard"]
        i = 0 if kind == "any" else next(i for i, t in enumerate(s.inventory) if t.kind == kind)
        token = s.inventory.pop(i)
        game.rule_state.box_tokens[token.kind] = game.rule_state.box_tokens.get(token.kind, 0) + 1
        game.event("discard", survivor=s.name, token=token.kind)
    if "noise" in fx:
        game.noise = max(game.noise, Noise[str(fx["noise"])])
    if fx.get("extra_action"):
        game.rule_state.extra_actions += int(fx["extra_action"])
    if fx.get("end_turn"):
        game.turn_over_early = True
    if "gain" in fx:
        _gain(game, s, str(fx["gain"]))
    if "stash" in fx and s.building is not None:
        token = _from_box(game, str(fx["stash"]), face_up=False)
        if token is not None:
            game.stashes[s.building].append(token)
    if fx.get("stand_zombies"):
        reaction.stand_all_zombies(game)
    if fx.get("fall"):
        _fall(game, s)
    for key in ("life", "team_life", "building_life"):
        if key in fx:
            targets = [s] if key == "life" else [
                x for x in game.survivors.values() if x.alive and (
                    x.team == s.team if key == "team_life"
                    else (s.building is not None and x.building == s.building) or x is s)]
            for x in targets:
                change_life(game, x, int(fx[key]), "crossroads")
    if fx.get("zombies_inside"):
        n = int(fx["zombies_inside"])
        if s.alive and s.building is not None and game.rules.zombies_may_enter(game, s.building):
            room = max(0, 2 - len(game.building_zombies[s.building]))
            got = take_new_zombies(game, min(n, room))
            game.building_zombies[s.building].extend([True] * got)
            game.event("zombie_enters", building=s.building, standing=True, new=got)
        elif s.alive:
            new_zombies_rush(game, s, n)
    if fx.get("new_zombies") and s.alive:
        new_zombies_rush(game, s, int(fx["new_zombies"]))


def change_life(game: Game, s: Survivor, amount: int, cause: str) -> None:
    if amount < 0:
        game.wound(s, cause, -amount)
        return
    # reading: the rulebook gives no cap; never above the starting life (as Olivia heals)
    cap = game.rule_state.start_life.get(s.name, s.life)
    gained = max(0, min(amount, cap - s.life))
    s.life += gained
    game.event("heal", survivor=s.name, life=s.life, cause=cause)


def _fall(game: Game, s: Survivor) -> None:
    s.standing = False
    if s.piece is not None and game.board.table.is_standing(s.piece):
        game.board.table.lay_down(s.piece, s.facing)
    game.event("fall", survivor=s.name)


def _from_box(game: Game, kind: str, face_up: bool = True) -> Any:
    box = game.rule_state.box_tokens
    if box.get(kind, 0) <= 0:
        game.event("box_empty", token=kind)
        return None
    box[kind] -= 1
    return game.new_token(kind, face_up)


def _gain(game: Game, s: Survivor, kind: str) -> None:
    if s.free_spaces() < 1:
        game.event("no_room", survivor=s.name, token=kind)
        return
    token = _from_box(game, kind)
    if token is None:
        return
    if kind == "flare":
        game.rule_state.power_tokens.setdefault(s.name, {}).setdefault("flare", 0)
        game.rule_state.power_tokens[s.name]["flare"] += 1  # a flare lies beside the board
    else:
        s.inventory.append(token)
    game.event("gain", survivor=s.name, token=kind)


def take_new_zombies(game: Game, n: int) -> int:
    """NEW zombies: from the game box first, then the bin. Returns how many were found."""
    from_box = min(n, game.box)
    from_bin = min(n - from_box, game.bin)
    game.box -= from_box
    game.bin -= from_bin
    return from_box + from_bin


def new_zombies_rush(game: Game, s: Survivor, n: int) -> None:
    """N NEW zombies rush from the tower set 20 cm from `s`, exit toward it."""
    at = game.board.piece_position(s)
    got = take_new_zombies(game, n)
    if got == 0 or at is None:
        return
    cx, cy = game.board.city[0] / 2, game.board.city[1] / 2
    d = math.dist(at, (cx, cy))
    ux, uy = ((cx - at[0]) / d, (cy - at[1]) / d) if d > 1e-6 else (1.0, 0.0)
    tx, ty = game.board.clamp_into_city((at[0] + ux * TOWER_GAP_CM, at[1] + uy * TOWER_GAP_CM),
                                        reaction._tower_depth(game) / 2 + 1.0)
    reaction.rush(game, got, (tx, ty, math.atan2(at[1] - ty, at[0] - tx)), reason="crossroads")
