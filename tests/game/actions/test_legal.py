"""`flick.game.actions.legal` agrees with `Game.apply`: in states reached by seeded bot games, every
action it allows is accepted by apply (on a copy of the game) and every one it refuses is
refused, where the action can be formed as an input."""

from __future__ import annotations

import copy

import pytest

from flick.game.actions.legal import accusable, heals, legal_actions, places, short_kill_targets
from flick.game.bots.five_to_ten import HeuristicBot
from flick.game.game import Game
from flick.game.inputs import (
    Bat,
    EndTurn,
    Flick,
    Input,
    Knife,
    Move,
    Shoot,
    ShortKill,
    Shotgun,
    Sniper,
    TakeDrop,
)
from flick.game.scenarios import inputs as ai
from flick.game.state import IllegalAction
from flick.scenario import load

TINY = Flick((30.0, 0.0))  # a flick too weak to carry far: cheap to simulate


def form(game: Game, aid: str) -> Input | None:
    """An input for action `aid` now, or None where it cannot be formed (no target)."""
    s = game.active_survivor
    if aid == "move":
        return Move(TINY)
    if aid == "gun":
        return Shoot("right", TINY)
    if aid == "two_guns":
        return Shoot("left", TINY, TINY)
    if aid == "knife":
        return Knife("right", TINY)
    if aid == "bat":
        return Bat(0.0, TINY)
    if aid == "shotgun":
        return Shotgun("right", 0.0, 30.0)
    if aid == "sniper":
        return Sniper("right", 0.0, 30.0)
    if aid == "short_kill":
        targets = short_kill_targets(game) if s.piece is not None else []
        return ShortKill(targets[0], s.weapons()[0]) if targets else None
    if aid == "take_drop":
        for key in places(game):
            stash = game.stashes.get(key, [])
            place = None if key == s.building else key
            if stash:
                full = s.free_spaces() < 1
                return TakeDrop(take=0, drop=0 if full else None, place=place)
            if s.inventory:
                return TakeDrop(drop=0, place=place)
        return None
    if aid == "end_turn":
        return EndTurn(None)
    if aid == "flare":
        return ai.Flare(TINY, True)
    if aid == "accuse":
        names = accusable(game)
        return ai.Accuse(names[0]) if names else None
    if aid == "extra_action":
        return ai.ExtraAction()
    if aid == "heal":
        hs = heals(game)
        return ai.Heal(*hs[0]) if hs else None
    if aid == "figure_move":
        return ai.FigureMove(TINY)
    raise AssertionError(aid)


def accepted(game: Game, inp: Input) -> str:
    """'' if apply accepts `inp` on a copy of the game, else the refusal."""
    trial = copy.deepcopy(game)
    try:
        trial.apply(inp)
    except IllegalAction as e:
        return str(e) or "refused"
    return ""


def check_state(game: Game, seen: dict[str, set[bool]]) -> None:
    legal = legal_actions(game)
    assert legal.left == max(0, legal.per_turn - game.actions_done)
    for a in legal.actions:
        assert a.allowed == (a.reason == ""), a
        inp = form(game, a.id)
        if inp is None:
            assert not a.allowed, f"{a.id} allowed but no input can be formed"
            continue
        refusal = accepted(game, inp)
        assert (refusal == "") == a.allowed, (
            f"S{game.scenario.number} {a.id}: legal says {a.allowed} ({a.reason!r}), "
            f"apply: {refusal or 'accepted'}")
        seen.setdefault(a.id, set()).add(a.allowed)


# (scenario, seed, inputs played): the first inputs of seeded bot games, as `flick sim`
# plays them, cover the core actions (S1, S3) and those of scenarios 5-10.
GAMES = [(1, 1, 30), (3, 5, 40), (6, 2, 30), (7, 4, 30), (8, 1, 30), (9, 2, 30)]


@pytest.mark.parametrize("number,seed,inputs", GAMES)
def test_legal_actions_agree_with_apply(number: int, seed: int, inputs: int) -> None:
    game = Game(load(number), seed)
    bot = HeuristicBot(seed, params=game.board.params)
    seen: dict[str, set[bool]] = {}
    states = 0
    for _ in range(inputs):
        if game.over:
            break
        if game.phase == "act":
            states += 1
            check_state(game, seen)
            if states == 5:
                break
        game.apply(bot.decide(game))
    assert states == 5
    assert seen["end_turn"] == {True}
    assert any(True in v for k, v in seen.items() if k != "end_turn")
    assert any(False in v for v in seen.values())


def test_outside_act_no_actions() -> None:
    game = Game(load(1), 1)
    assert game.phase == "choose"
    legal = legal_actions(game)
    assert legal.actions == () and legal.left == 0
