"""A mode of the play window and the stack they live on."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from collections.abc import Iterator

    from flick.ui.app import PlayApp


class Mode:
    """One way the window answers the player. Each handler returns True when it used the
    event (the modes below it do not see it); `covers_table` modes draw instead of the table,
    the others over it."""

    name = "mode"
    covers_table = False

    def enter(self, app: PlayApp) -> None:
        """Pushed on the stack."""

    def exit(self, app: PlayApp) -> None:
        """Popped off the stack."""

    def key(self, app: PlayApp, name: str) -> bool:
        return False

    def mouse_down(self, app: PlayApp, t: float, pos: tuple[int, int], button: int) -> bool:
        return False

    def mouse_move(self, app: PlayApp, t: float, pos: tuple[int, int]) -> bool:
        return False

    def mouse_up(self, app: PlayApp, t: float, pos: tuple[int, int], button: int) -> bool:
        return False

    def draw(self, app: PlayApp, screen: pygame.Surface) -> None:
        """Draw the mode (over the table, or instead of it when `covers_table`)."""

    def hint(self, app: PlayApp) -> str | None:
        """The hint strip's line in this mode (None: the mode below says it)."""
        return None


class ModeStack:
    """The modes, bottom first; the top one is the one the player deals with."""

    def __init__(self, bottom: Mode) -> None:
        self._modes = [bottom]

    @property
    def top(self) -> Mode:
        return self._modes[-1]

    def push(self, app: PlayApp, mode: Mode) -> None:
        self._modes.append(mode)
        mode.enter(app)

    def pop(self, app: PlayApp, mode: Mode | None) -> None:
        """Remove `mode` (None: nothing, as `find` gives when there is none); the bottom
        mode stays."""
        if mode is None or mode is self._modes[0] or mode not in self._modes:
            return
        self._modes.remove(mode)
        mode.exit(app)

    def find(self, kind: type[Mode]) -> Mode | None:
        """The topmost mode of that class, or None."""
        return next((m for m in reversed(self._modes) if isinstance(m, kind)), None)

    def __iter__(self) -> Iterator[Mode]:
        return iter(list(self._modes))

    def names(self) -> list[str]:
        return [m.name for m in self._modes]
