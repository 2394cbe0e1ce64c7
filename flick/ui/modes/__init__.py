"""The play window's interaction modes, on a stack (in the manner of pooltool's `ani/modes`
and Tuxemon's state stack): the top mode gets the keys and the mouse, and draws over (or
instead of) the table. `TableMode` (choose a survivor, pick an action, aim and flick, fight)
is always at the bottom; over it come the `TurnOver` banner (what the acting player's turn
did, seen before the table is passed), the `PassScreen` (who takes the mouse next) and the
`HelpMode` (the help window: controls, legend, briefing)."""

from flick.ui.modes.base import Mode, ModeStack
from flick.ui.modes.help import HelpMode
from flick.ui.modes.passing import PassScreen
from flick.ui.modes.table import TableMode
from flick.ui.modes.turn_over import TurnOver

__all__ = ["HelpMode", "Mode", "ModeStack", "PassScreen", "TableMode", "TurnOver"]
