"""A full-screen terminal front end (Textual) for the three card games, over the engine API.

One generic app plays any `flick.cards.engine.State`: the board (the game's `render(viewer)`
text, scrollable), a scrollable log with a heading at each new turn or seat, the legal actions
of the human to act (pick by digit, arrows + Enter, or a mouse click), `?` for help, a "pass
the screen" screen between two human seats when hands are hidden, bots on the other seats,
and a final screen with each seat's return. With a real clock (Rise of the Zombies!'s
`RealClock`) a timer reads the clock twice a second, shows the countdown and feeds the game
the time (`clock.sync(state)`), which ends the game the moment time is up.

Seats: a list with a bot (anything with `choose(state)`) or None (a human) per seat of the
state. `announce(state, action)` gives the log's text of a bot's action *before* it is applied
(Something to Fear hides a bot's Character choice until the reveal); default
`state.action_to_string`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Header, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from flick.cards.engine import State

HELP = """\
[b]Keys[/b]
  1-9, 0     pick action 1-9 (0: action 10)
  up/down    move in the list of actions; Enter picks the highlighted one
  mouse      click an action to pick it; scroll the board and the log with the wheel
  ?          this help (Escape or ? closes it)
  q          quit

Bots play the other seats; their moves appear in the log on the right.
With hidden hands, a pass screen hides the board before the next person's turn.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "dismiss", "close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Static { width: 84; height: auto; border: thick $accent; padding: 1 2;
                          background: $surface; }
    """

    def compose(self) -> ComposeResult:
        yield Static(HELP, id="help")


class PassScreen(Screen[None]):
    """Covers the whole board: the next person takes the screen, then presses Enter."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "dismiss", "ready")]
    DEFAULT_CSS = "PassScreen { align: center middle; } PassScreen > Static { width: auto; }"

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text, id="pass")


class ScoreScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape,enter", "app.quit", "quit")]

    def __init__(self, text: str, board: str) -> None:
        super().__init__()
        self.text = text
        self.board = board

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self.text, id="score")
        with VerticalScroll():
            yield Static(self.board, id="final-board", markup=False)
        yield Footer()


class CardGameApp(App[None]):
    """Play `state` to the end with `seats` (None: a human at this screen)."""

    TITLE = "flick cards"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "help"),
        Binding("q", "quit", "quit"),
        *(Binding(str(d), f"pick({(d - 1) % 10})", show=False) for d in range(10)),
    ]
    DEFAULT_CSS = """
    #board-pane { width: 3fr; border: round $primary; }
    #side { width: 2fr; }
    #clock { height: 1; background: $error; color: $text; text-style: bold; }
    #actions { height: 2fr; border: round $accent; }
    #log { height: 1fr; border: round $secondary; }
    """

    def __init__(
        self,
        state: State,
        seats: list[Any],
        *,
        title: str = "",
        hidden: bool = False,
        clock: Any = None,
        announce: Callable[[State, int], str] | None = None,
    ) -> None:
        super().__init__()
        self.state = state
        self.seats = seats
        self.hidden = hidden
        self.clock = clock
        self.announce = announce or (lambda s, a: s.action_to_string(a))
        self.sub_title = title or state.game_name
        self.humans = [i for i, b in enumerate(seats) if b is None]
        self.last_human: int | None = None
        self.actions: list[tuple[int, str]] = []
        self.seat = -1
        self.applied = 0  # decisions applied by humans (tests read it)
        self.heading: tuple[Any, int] | None = None
        self.finished = False
        self.waiting_pass = False

    # ---- layout -----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with VerticalScroll(id="board-pane"):
                yield Static("", id="board", markup=False)
            with Vertical(id="side"):
                if self.clock is not None:
                    yield Static("", id="clock")
                yield OptionList(id="actions")
                yield RichLog(id="log", wrap=True, markup=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#board-pane").border_title = "board"
        self.query_one("#actions").border_title = "your actions"
        self.query_one("#log").border_title = "log"
        if self.clock is not None:
            self.clock.start()
            self.tick()
            self.set_interval(0.5, self.tick)
        self.advance()

    # ---- names and text ---------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        name = getattr(self.state, "name", None)
        if callable(name):
            return f"Player {seat + 1} ({name(seat)})"
        return f"Player {seat + 1}"

    def log_heading(self, seat: int) -> None:
        turn = getattr(self.state, "turn", getattr(self.state, "round", None))
        key = (turn, seat)
        if key != self.heading:
            self.heading = key
            label = f"Turn {turn}: " if turn is not None else ""
            self.query_one(RichLog).write(f"[b]── {label}{self.seat_name(seat)} ──[/b]")

    def note(self, text: str) -> None:
        self.query_one(RichLog).write(text)

    # ---- the game loop ----------------------------------------------------------------
    def time_up(self) -> bool:
        return self.clock is not None and bool(self.clock.sync(self.state))

    def advance(self) -> None:
        """Let bots play until a human is to act (or the game ends), then show that seat."""
        if self.finished or self.waiting_pass:
            return
        state = self.state
        while not state.is_terminal() and not self.time_up():
            seat = state.current_player()
            bot = self.seats[seat]
            if bot is None:
                break
            action = bot.choose(state)
            self.log_heading(seat)
            self.note(f"{bot.name}: {self.announce(state, action)}")
            state.apply(action)
        if state.is_terminal():
            self.finish()
            return
        seat = state.current_player()
        self.seat = seat
        if self.hidden and len(self.humans) > 1 and self.last_human not in (None, seat):
            self.waiting_pass = True
            self.show_board(None)  # nothing secret left under the pass screen
            self.push_screen(
                PassScreen(f"Pass the screen to {self.seat_name(seat)}.\n\n"
                           "Press Enter when only you can see it."),
                lambda _: self.passed(),
            )
            return
        self.show_turn()

    def passed(self) -> None:
        self.waiting_pass = False
        if self.finished:
            return
        self.show_turn()

    def show_board(self, seat: int | None) -> None:
        if seat is None and self.hidden:
            self.query_one("#board", Static).update("(hidden)")
            self.query_one(OptionList).clear_options()
            return
        text = self.state.render(seat if self.hidden else None)
        self.query_one("#board", Static).update(text)

    def show_turn(self) -> None:
        seat = self.seat
        self.last_human = seat
        self.log_heading(seat)
        self.show_board(seat)
        self.actions = [(a, self.state.action_to_string(a))
                        for a in self.state.legal_actions(seat)]
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options([Option(f"{i:>2}. {label}") for i, (_, label)
                             in enumerate(self.actions, 1)])
        options.highlighted = 0
        options.border_title = f"{self.seat_name(seat)}: your actions"
        options.focus()

    def choose(self, index: int) -> None:
        """Apply the human's `index`-th legal action (0-based)."""
        if self.finished or self.waiting_pass or not 0 <= index < len(self.actions):
            return
        if self.time_up():
            self.finish()
            return
        action, label = self.actions[index]
        self.actions = []
        # with hidden hands the next person reads the log too: log what the table may see
        self.note(f"{self.seat_name(self.seat)}: "
                  f"{self.announce(self.state, action) if self.hidden else label}")
        self.state.apply(action)
        self.applied += 1
        self.advance()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.choose(event.option_index)

    def action_pick(self, index: int) -> None:
        self.choose(index)

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def tick(self) -> None:
        if self.clock is None or self.finished:
            return
        self.query_one("#clock", Static).update(f" Rescue Helicopter: {self.clock.text()}")
        if self.time_up():
            self.note("[b]Time is up: the Rescue Helicopter has departed.[/b]")
            self.finish()

    def score_text(self) -> str:
        returns = self.state.returns()
        winners = set(self.state.winners())
        lines = ["[b]Game over: final returns[/b]", ""]
        for seat, r in enumerate(returns):
            who = "you" if self.seats[seat] is None else self.seats[seat].name
            star = "  <- best" if seat in winners and len(winners) < len(returns) else ""
            lines.append(f"  {self.seat_name(seat):<28} {who:<8} {r:+.2f}{star}")
        reason = getattr(self.state, "end_reason", "")
        if reason:
            lines += ["", str(reason)]
        lines += ["", "q, Escape or Enter to quit"]
        return "\n".join(lines)

    def finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        self.actions = []
        while isinstance(self.screen, (PassScreen, HelpScreen)):
            self.pop_screen()
        self.push_screen(ScoreScreen(self.score_text(), self.state.render(None)))


def run(state: State, seats: list[Any], **options: Any) -> State:
    """Play `state` full screen; returns it (finished, or where the players quit)."""
    CardGameApp(state, seats, **options).run()
    return state
