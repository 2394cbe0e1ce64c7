"""A bot's cheap planner: the chance that a proposed flick works, from a few noisy trials.

`flick.plan` maps a shot over a whole aim x power grid; a bot deciding every few moments can
afford far less. `Trials` plays one proposed flick (aimed as the bot would aim it) a handful of
times under the bot's hand noise on a scratch copy of the table, and returns the share that
succeeded: a move that touches nothing it may not touch and ends in the city (out past the
door line when it leaves a building; inside a building when it means to enter one), a shot
whose first touch is its target and fells it. The bot weighs candidate actions by that chance
times what each is worth (`flick.game.bots.heuristic` and `five_to_ten`).

The trials draw from their own generator, seeded from the bot's seed, so a bot's games stay
deterministic and the game's generator is consumed only by the game. The scratch table is
restored from the game's table once per game state (`Table.restore`), and each trial costs one
simulated flick (a few ms), so the bots ask only where the cheap geometric checks leave
doubt: a few trials of the few best candidates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from flick.game.actions.shots import _clear_the_disc  # the game's own placement
from flick.game.bots.aim import HandNoise, noisy, vector
from flick.game.bots.tuned import tuned
from flick.physics import MAX_FLICK_IMPULSE, Table

if TYPE_CHECKING:
    from flick.game.game import Game

Vec = tuple[float, float]
T = tuned("chance")  # the tuned numbers: assets/bots/chance.yaml
TRIALS: int = T["trials"]
TRIALS_STREAM: int = T["trials_stream"]
PARKED_CM: float = T["parked_cm"]
PARKED_GAP_CM: float = T["parked_gap_cm"]


class Trials:
    """Noisy trials of proposed flicks on a scratch table (one per bot)."""

    def __init__(self, seed: int, noise: HandNoise) -> None:
        self.rng = np.random.default_rng([int(seed), TRIALS_STREAM])
        self.noise = noise
        self._table: Table | None = None
        self._state: Any = None
        self._params: Any = None
        self.flicks = 0  # trials run (for measuring the cost)

    def _scratch(self, game: Game) -> Table:
        """A table in the game's current state (restored again before every trial)."""
        board = game.board
        if self._table is None or self._params is not board.params:
            self._table, self._params = Table(board.params, board.table.city), board.params
        self._state = board.table.snapshot()
        return self._table

    def move(self, game: Game, start: Vec, angle: float, strength: float, *,
             remove: Any = None, inside: str | None = None, enter: str | None = None,
             aside: tuple[int, ...] = (), n: int = TRIALS) -> float:
        """The chance that the movement disc flicked from `start` at (`angle`, `strength`)
        succeeds: it touches only the blocks of `inside` (the building it leaves) and of
        `enter` (the one it means to enter), ends in the city, wholly out past the door line
        when it leaves `inside`, and inside `enter` when one is named. `remove` is the
        survivor's figure (the disc replaces it); objects in `aside` are lifted off for the
        attempt (rulebook p. 8)."""
        board = game.board
        table = self._scratch(game)
        allowed = {board.bid(b) for b in (inside, enter) if b is not None}
        wins = 0
        for _ in range(n):
            table.restore(self._state)
            if remove is not None and remove in table.pieces():
                table.remove(remove)
            for i, pid in enumerate(aside):
                if pid in table.pieces():
                    table.set_pose(pid, -PARKED_CM - PARKED_GAP_CM * i, -PARKED_CM, 0.0)
            piece = table.add("movement_disc", x=start[0], y=start[1], angle=angle)
            _clear_the_disc(table, piece, start, angle)
            a, f = noisy(angle, strength, self.noise, self.rng)
            result = table.flick(piece, vector(a, min(f, MAX_FLICK_IMPULSE)))
            self.flicks += 1
            if any(table.building_of(p) not in allowed for p in result.touches(piece)):
                continue
            end = table.position(piece)
            if enter is not None:
                wins += result.entered.get(piece) == board.bid(enter)
                continue
            if result.entered.get(piece) is not None or not board.in_city_point(end):
                continue
            if inside is not None and not board.exited(end, inside, board.disc / 2):
                continue
            wins += 1
        return wins / n

    def shot(self, game: Game, kind: str, start: Vec, angle: float, strength: float,
             target: int, *, template: bool = False, n: int = TRIALS) -> float:
        """The chance that a `kind` piece (bullet, knife, ...) flicked from `start` first
        touches `target` and fells it."""
        table = self._scratch(game)
        wins = 0
        for _ in range(n):
            table.restore(self._state)
            piece = table.add(kind, x=start[0], y=start[1], angle=angle)
            a, f = noisy(angle, strength, self.noise, self.rng, template=template)
            result = table.flick(piece, vector(a, min(f, MAX_FLICK_IMPULSE)))
            self.flicks += 1
            wins += result.first_touch(piece) == target and target in result.fell
        return wins / n
