"""The replay mode: the play window showing a recorded game, input by input.

The recorded inputs are applied again, one at a time, to a fresh `Game` of the same
scenario, seed, players and physics, so every shot is the engine's own motion, drawn by the
same scene as a live game: the tower's side view during a rush, sounds at their moment, the
log's lines when their motion has played (no spoilers), the last frame as the game left it.
After each input the table's state hash is compared with the file's; a difference is said.
A spectator sees everything: no pass screens, every team's tokens.

Keys: Space play / pause, Right / Left next / previous input, Up / Down faster / slower
(1/8x to 8x), Home / End the start / the end, F fit, wheel zoom, right-drag pan, F1 help,
Escape or Ctrl+Q quit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from flick.game.game import Game
from flick.ui.modes.base import Mode
from flick.ui.modes.help import HelpMode
from flick.ui.modes.passing import PassScreen
from flick.ui.modes.turn_over import TurnOver

if TYPE_CHECKING:
    from flick.ui.app import PlayApp

SPEEDS = (0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
PAUSE_S = 0.5  # s: the pause between inputs while playing


class ReplayMode(Mode):
    """Watching a recorded game: `inputs` are the engine inputs, `after` each one's recorded
    table hash (None: not checked)."""

    name = "replay"

    def __init__(self, inputs: Sequence[Any], after: Sequence[str | None] = (),
                 title: str = "") -> None:
        self.inputs = list(inputs)
        self.after = list(after)
        self.title = title
        self.index = 0  # inputs applied so far
        self.playing = True
        self.wait = 0.0
        self.mismatches: list[int] = []

    def enter(self, app: PlayApp) -> None:
        app.spectator = True
        for kind in (TurnOver, PassScreen):
            app.modes.pop(app, app.modes.find(kind))
        app.speed = 1.0
        app.status = self.title

    # ---- stepping ---------------------------------------------------------------------------
    def step(self, app: PlayApp) -> bool:
        """Apply the next recorded input (animated); False at the end."""
        if self.index >= len(self.inputs) or app.busy():
            return False
        i = self.index
        app.apply(self.inputs[i])
        self.index += 1
        want = self.after[i] if i < len(self.after) else None
        if want is not None and app.game.board.table.state_hash() != want \
                and i not in self.mismatches:
            self.mismatches.append(i)
            app.refuse(f"input {i + 1} ended on another table than recorded")
        return True

    def go(self, app: PlayApp, index: int) -> None:
        """Show the table after `index` inputs at once (no animation)."""
        from flick.ui import mulligan

        index = max(0, min(index, len(self.inputs)))
        g = app.game
        game = Game(g.scenario, g.seed, players=dict(g.players_set_up),
                    params=g.board.table.params)
        for inp in self.inputs[:index]:
            game.apply(inp)
        mulligan.swap_game(app, game, None)
        self.index = index
        self.wait = 0.0

    def advance(self, app: PlayApp, dt: float) -> None:
        """While playing, the next input after the last one's motion and a short pause."""
        if not self.playing or app.busy() or self.index >= len(self.inputs):
            return
        self.wait += dt
        if self.wait >= PAUSE_S / app.speed or self.index == 0:
            self.wait = 0.0
            self.step(app)

    # ---- keys -------------------------------------------------------------------------------
    def key(self, app: PlayApp, name: str) -> bool:
        if name == "space":
            self.playing = not self.playing
        elif name == "right":
            if app.busy():  # the motion shown to its end first
                app.clips, app.clip_time = [], 0.0
                app.advance(0.0)
            self.step(app)
        elif name == "left":
            self.go(app, self.index - 1)
        elif name == "home":
            self.go(app, 0)
        elif name == "end":
            self.go(app, len(self.inputs))
        elif name in ("up", "down"):
            i = min(range(len(SPEEDS)), key=lambda k: abs(SPEEDS[k] - app.speed))
            i = min(len(SPEEDS) - 1, i + 1) if name == "up" else max(0, i - 1)
            app.speed = SPEEDS[i]
        elif name in ("f1", "?"):
            app.modes.push(app, HelpMode())
        elif name == "escape":
            app.quit = True
        elif name in ("f", "=", "+", "plus", "equals", "-", "minus"):
            return False  # the table's view keys
        app.version += 1
        return True

    def mouse_down(self, app: PlayApp, t: float, pos: tuple[int, int], button: int) -> bool:
        return button != 3  # only the right-drag pan reaches the table

    def mouse_up(self, app: PlayApp, t: float, pos: tuple[int, int], button: int) -> bool:
        return button != 3

    def hint(self, app: PlayApp) -> str | None:
        state = "playing" if self.playing else "paused"
        return (f"replay, input {self.index} of {len(self.inputs)} ({state}, "
                f"{app.speed:g}x): Space play/pause, Right/Left input, Up/Down speed")
