"""Proposed actions of a game's active survivor, as planner `Shot`s (on a copy of the table).

- `move_shot`: the survivor's movement disc, put where the figure stands, slid to a point;
- `enter_shot`: the same disc slid through a building's door (aimed at a point a disc behind
  the door line's middle);
- `shoot_shot`: a bullet put beside the survivor (the rules' "one bullet-width" to the left or
  right) and flicked at a zombie so it arrives fast enough to fell it.

The aims are the heuristic bot's (`flick.game.bots.aim.impulse_to`, the friction-model
inversion). The game itself is not changed: the shot is built on a fresh table restored from
the game's table state.
"""

from __future__ import annotations

from typing import Any

from flick.game.bots.aim import impulse_to
from flick.game.bots.heuristic import BULLET_ARRIVE
from flick.physics import Table
from flick.plan.planner import Goal, Shot

Vec = tuple[float, float]


def _scratch(game: Any) -> Table:
    board = game.board
    table = Table(board.params, board.table.city)
    table.restore(board.table.snapshot())
    return table


def _survivor(game: Any) -> Any:
    s = game.active_survivor
    if s.piece is None:
        raise ValueError(f"{s.name} is inside a building: the planner plans from the table")
    return s


def _disc(game: Any, target: Vec, goal: Goal, extra: float = 0.0) -> Shot:
    s = _survivor(game)
    board = game.board
    table = _scratch(game)
    start = board.pos(s.piece)
    table.remove(s.piece)
    angle, strength = impulse_to(board.params, "movement_disc", start, target, extra=extra)
    piece = table.add("movement_disc", x=start[0], y=start[1], angle=angle)
    return Shot(table.snapshot(), piece, angle, strength, goal)


def move_shot(game: Any, target: Vec, tolerance: float | None = None) -> Shot:
    """The active survivor's disc to `target` (success: within `tolerance` cm, by default one
    disc diameter, touching nothing)."""
    tol = game.board.disc if tolerance is None else tolerance
    return _disc(game, target, Goal("move", target=target, tolerance=tol))


def enter_shot(game: Any, building: str) -> Shot:
    """The active survivor's disc into `building` through its door."""
    board = game.board
    mx, my = board.door_mid(building)
    nx, ny = board.normal(building)
    target = (mx - nx * board.disc, my - ny * board.disc)
    return _disc(game, target, Goal("enter", building=board.bid(building)))


def shoot_shot(game: Any, zombie: int, side: str = "right") -> Shot:
    """A bullet from the active survivor's `side` at `zombie` (a piece id)."""
    s = _survivor(game)
    board = game.board
    table = _scratch(game)
    start = board.beside(board.pos(s.piece), s.facing, side, board.bullet_d)
    angle, strength = impulse_to(board.params, "bullet", start, board.pos(zombie),
                                 arrive=BULLET_ARRIVE)
    piece = table.add("bullet", x=start[0], y=start[1], angle=angle)
    return Shot(table.snapshot(), piece, angle, strength, Goal("shoot", zombie=zombie))


def game_at(scenario: Any, seed: int, turn: int) -> Any:
    """The bots' game of `scenario` from `seed` (as `flick sim` plays it) stopped at the first
    moment of turn `turn` (0 = the first) when a survivor is active and on the table."""
    from flick.game import Game
    from flick.game.bots.five_to_ten import HeuristicBot
    from flick.game.play import MAX_INPUTS
    from flick.game.scenarios.five_to_ten import team_sizes

    game = Game(scenario, seed, players=team_sizes(scenario, None))
    bot = HeuristicBot(seed, params=game.board.params)
    for _ in range(MAX_INPUTS):
        if game.over:
            break
        if (game.turns >= turn and game.phase == "act" and game.active is not None
                and game.active_survivor.piece is not None):
            return game
        game.apply(bot.decide(game))
    raise ValueError(f"scenario {scenario.number} seed {seed}: the game ended (after "
                     f"{game.turns} turns) before a survivor stood on the table at turn {turn}")
