"""The help window as a mode: keys and clicks go to it until it is closed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.ui.modes.base import Mode

if TYPE_CHECKING:
    from flick.ui.app import PlayApp

BRIEFING = "Briefing"  # the tab with the scenario's story, objective and rules
CONTROLS = "Controls"


class HelpMode(Mode):
    """The pygame-gui help window (`flick.ui.widgets`), opened on the tab `tab`."""

    name = "help"

    def __init__(self, tab: str = CONTROLS) -> None:
        self.tab = tab

    def enter(self, app: PlayApp) -> None:
        tabs = app.help_tabs()
        app.widgets.open_help(tabs, [t.title for t in tabs].index(self.tab))

    def exit(self, app: PlayApp) -> None:
        app.widgets.close_help()

    def key(self, app: PlayApp, name: str) -> bool:
        if name == "f3" and app.widgets.help_tab() != BRIEFING:
            app.modes.pop(app, self)
            app.modes.push(app, HelpMode(BRIEFING))
        elif name in ("escape", "f1", "?", "f3", "space", "return", "enter"):
            app.modes.pop(app, self)
        return True  # the table under the window takes no key

    def mouse_down(self, app: PlayApp, t: float, pos: tuple[int, int], button: int) -> bool:
        window = app.widgets.help_window
        if window is None or not window.rect.collidepoint(pos):
            app.modes.pop(app, self)  # a click beside the window closes it
        return True

    def hint(self, app: PlayApp) -> str | None:
        if app.widgets.help_tab() == BRIEFING:
            return "the scenario's briefing: Esc or F3 closes it (F3 shows it again)"
        return "Esc, F1 or ? closes the help"
