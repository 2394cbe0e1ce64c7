"""The turn's outcome, shown to the player who played it before the table is passed on.

After a turn the zombies react (a rush may knock survivors over); in a competitive game the
next team's pass screen would replace the table at once, so the acting player would never
see it. This banner lies over the table, near the top, with the turn's outcome in plain
words (kills, lives lost, a failed move and why, the rush) until they press Space or click."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from flick.ui.modes.base import Mode

if TYPE_CHECKING:
    from flick.ui.app import PlayApp


class TurnOver(Mode):
    """The outcome of the turn that just ended, over the table."""

    name = "turn_over"

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def key(self, app: PlayApp, name: str) -> bool:
        if name in ("space", "return", "enter", "escape"):
            app.modes.pop(app, self)
        return name not in ("f1", "?", "f2")

    def mouse_down(self, app: PlayApp, t: float, pos: tuple[int, int], button: int) -> bool:
        if button == 1:
            app.modes.pop(app, self)
        return button == 1

    def hint(self, app: PlayApp) -> str | None:
        return "your turn is over: click or press Space to pass the table"

    def rect(self, app: PlayApp) -> pygame.Rect:
        font = app.panel.font
        width = min(app.area.width - 40, max(
            420, *(font.size(line)[0] + 40 for line in self.lines)))
        box = pygame.Rect(0, 0, width, 46 + 22 * len(self.lines))
        box.midtop = (app.area.centerx, app.area.y + 44)
        return box

    def draw(self, app: PlayApp, screen: pygame.Surface) -> None:
        box = self.rect(app)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((16, 18, 24, 228))
        screen.blit(shade, box.topleft)
        pygame.draw.rect(screen, (255, 200, 60), box, 2, border_radius=8)
        text = app.view.text
        text.blit(screen, app.panel.head, "Your turn is over", (box.x + 18, box.y + 8),
                  (255, 200, 60), "topleft")
        for i, line in enumerate(self.lines):
            text.blit(screen, app.panel.font, line, (box.x + 18, box.y + 38 + 22 * i),
                      (226, 232, 238), "topleft")
