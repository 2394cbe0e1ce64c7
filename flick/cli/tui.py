"""A full-screen terminal front end (Textual) for the three card games, over the engine API.

One generic app plays any `flick.cards.engine.State`: the board (`render_fit(viewer, width,
height)`: drawn to the pane's size, never wrapped; `m` shows it unshrunk, scrollable both
ways), a scrollable log with a heading at each new turn or seat, the legal actions of the
human to act (pick by digit, arrows + Enter, or a mouse click), `i` for the full text of every
card, character and location on the table and what it does now, `?` for the rules of the step
being played, a "pass the screen" screen between two human seats when hands are hidden, and a
final screen whose first lines are WON/LOST (or the winners) with the game's counts.

Bots think in a worker thread, on a copy of the state, so the screen never blocks: the board,
log, help and card text stay usable while they think (picks wait). The header says the turn
or round and what is left (`State.headline()`), refreshed twice a second; with a real clock
(Rise of the Zombies!'s `RealClock`) the timer shows the countdown and feeds the game the time
(`clock.sync(state)`), which ends the game the moment time is up. `q` asks before leaving a
game in progress.

Simultaneous play (a state with `actors()`, `labelled_actions_for` and `apply_for`: Rise of
the Zombies!'s Play Cards step): every human survivor who may act can; `s` switches between
them (through the pass screen when hands are hidden), and a survivor who said "done" may take
it back. Bots play the seat the game asks (`current_player()`) in turn.

Seats: a list with a bot (anything with `choose(state)`) or None (a human) per seat of the
state. `announce(state, action)` gives the log's text of a bot's action *before* it is applied
(Something to Fear hides a bot's Character choice until the reveal); default
`state.action_to_string`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, ClassVar

from rich.markup import escape
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Header, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from flick.cards.engine import State
from flick.cli.tui_screens import (
    HelpScreen,
    InfoScreen,
    MapScreen,
    PassScreen,
    QuitScreen,
    ScoreScreen,
)

__all__ = ["CardGameApp", "HelpScreen", "InfoScreen", "MapScreen", "PassScreen", "QuitScreen",
           "ScoreScreen", "run"]


class CardGameApp(App[None]):
    """Play `state` to the end with `seats` (None: a human at this screen)."""

    TITLE = "flick cards"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "help"),
        Binding("i", "info", "card text"),
        Binding("m", "whole_board", "board"),
        Binding("s", "switch", "switch survivor"),
        Binding("q", "request_quit", "quit"),
        *(Binding(str(d), f"pick({(d - 1) % 10})", show=False) for d in range(10)),
    ]
    DEFAULT_CSS = """
    #board-pane { width: 1fr; border: round $primary; }
    #side { width: 40%; min-width: 30; max-width: 60; }
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
        self.game_title = title or state.game_name
        self.sub_title = self.game_title
        self.humans = [i for i, b in enumerate(seats) if b is None]
        self.last_human: int | None = None
        self.actions: list[tuple[int, str]] = []
        self.seat = -1  # the human seat shown, -1 while none is
        self.chosen: int | None = None  # a human survivor picked with `s`
        self.applied = 0  # decisions applied by humans (tests read it)
        self.bot_moves = 0  # decisions applied by bots
        self.heading: tuple[Any, int] | None = None
        self.finished = False
        self.waiting_pass = False
        self.thinking = False  # a bot's worker is choosing
        self.simultaneous = all(hasattr(state, n) for n in ("actors", "labelled_actions_for",
                                                            "apply_for"))

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
                yield RichLog(id="log", wrap=True, markup=True, min_width=16)
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

    def on_resize(self) -> None:
        if not self.finished:
            self.call_after_refresh(self.show_board, self.viewer())

    # ---- names and text ---------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        name = getattr(self.state, "name", None)
        if callable(name):
            return f"Player {seat + 1} ({name(seat)})"
        return f"Player {seat + 1}"

    def viewer(self) -> int | None:
        """Whose eyes the board is drawn for: the seat shown when hands are hidden."""
        if not self.hidden:
            return None
        return self.seat if self.seat >= 0 and not self.waiting_pass else -1

    def log_heading(self, seat: int) -> None:
        turn = getattr(self.state, "turn", getattr(self.state, "round", None))
        key = (turn, seat)
        if key != self.heading:
            self.heading = key
            label = f"Turn {turn}: " if turn is not None else ""
            self.query_one(RichLog).write(f"[b]── {label}{escape(self.seat_name(seat))} ──[/b]")

    def note(self, text: str) -> None:
        self.query_one(RichLog).write(escape(text))

    def headline(self) -> str:
        line = self.state.headline()
        if self.clock is not None:
            line = f"Rescue Helicopter {self.clock.text()} | {line}"
        return f"{self.game_title} | {line}" if line else self.game_title

    # ---- the game loop ----------------------------------------------------------------
    def time_up(self) -> bool:
        return self.clock is not None and bool(self.clock.sync(self.state))

    def humans_to_act(self) -> list[int]:
        state = self.state
        actors = state.actors() if self.simultaneous else [state.current_player()]  # type: ignore[attr-defined]
        return [t for t in actors if 0 <= t < len(self.seats) and self.seats[t] is None]

    def advance(self) -> None:
        """Start a bot's worker if the game asks a bot, else show the human seat to act."""
        if self.finished or self.waiting_pass or self.thinking:
            return
        state = self.state
        if state.is_terminal() or self.time_up():
            self.finish()
            return
        seat = state.current_player()
        bot = self.seats[seat]
        if bot is not None:
            self.thinking = True
            self.actions = []
            options = self.query_one(OptionList)
            options.clear_options()
            options.border_title = f"{self.seat_name(seat)} ({bot.name}) is thinking..."
            twin = state.clone()
            self.run_worker(lambda: self.think(bot, twin, seat), thread=True, group="bots")
            return
        humans = self.humans_to_act()
        if self.chosen in humans:
            seat = self.chosen
        if self.hidden and len(self.humans) > 1 and self.last_human not in (None, seat):
            self.waiting_pass = True
            self.last_human = seat
            self.seat = seat
            self.show_board(-1)  # nothing secret left under the pass screen
            self.query_one(OptionList).clear_options()
            self.push_screen(
                PassScreen(f"Pass the screen to {self.seat_name(seat)}.\n\n"
                           "Press Enter when only you can see it."),
                lambda _: self.passed(),
            )
            return
        self.show_turn(seat)

    def think(self, bot: Any, twin: State, seat: int) -> None:
        """In the worker thread: the bot chooses on a copy, the app applies it."""
        action = bot.choose(twin)
        with contextlib.suppress(RuntimeError):  # the app closed while the bot thought
            self.call_from_thread(self.bot_chose, bot, seat, action)

    def bot_chose(self, bot: Any, seat: int, action: int) -> None:
        self.thinking = False
        state = self.state
        if self.finished:
            return
        if not state.is_terminal() and state.current_player() == seat:
            self.log_heading(seat)
            self.note(f"{bot.name}: {self.announce(state, action)}")
            state.apply(action)
            self.bot_moves += 1
        self.advance()

    def passed(self) -> None:
        self.waiting_pass = False
        if not self.finished:
            self.advance()

    def show_board(self, seat: int | None) -> None:
        board = self.query_one("#board", Static)
        if self.hidden and (seat is None or seat < 0):
            board.update("(hidden)")
            return
        pane = self.query_one("#board-pane")
        width = pane.scrollable_content_region.width or 80
        height = pane.scrollable_content_region.height or 24
        board.update(self.state.render_fit(seat if self.hidden else None, max(width, 30),
                                           max(height, 10)))

    def show_turn(self, seat: int) -> None:
        self.seat = seat
        self.last_human = seat
        self.log_heading(seat)
        self.show_board(seat)
        state = self.state
        if self.simultaneous:
            self.actions = state.labelled_actions_for(seat)  # type: ignore[attr-defined]
        else:
            self.actions = [(a, state.action_to_string(a)) for a in state.legal_actions(seat)]
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options([Option(f"{i:>2}. {escape(label)}") for i, (_, label)
                             in enumerate(self.actions, 1)])
        options.highlighted = 0
        others = len(self.humans_to_act()) > 1
        options.border_title = (f"{self.seat_name(seat)}: your actions"
                                + (" (s: switch)" if others else ""))
        options.focus()

    def choose(self, index: int) -> None:
        """Apply the shown human's `index`-th legal action (0-based)."""
        if (self.finished or self.waiting_pass or self.thinking
                or not 0 <= index < len(self.actions)):
            return
        if self.time_up():
            self.finish()
            return
        action, label = self.actions[index]
        self.actions = []
        # with hidden hands the next person reads the log too: log what the table may see
        self.note(f"{self.seat_name(self.seat)}: "
                  f"{self.announce(self.state, action) if self.hidden else label}")
        if self.simultaneous:
            self.state.apply_for(self.seat, action)  # type: ignore[attr-defined]
        else:
            self.state.apply(action)
        self.applied += 1
        self.chosen = None
        self.advance()

    # ---- keys -------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`s` (switch survivor) exists only in games with simultaneous play."""
        return action != "switch" or self.simultaneous

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "actions":
            self.choose(event.option_index)

    def action_pick(self, index: int) -> None:
        self.choose(index)

    def action_switch(self) -> None:
        """Show the next human survivor who may act now (simultaneous play)."""
        humans = self.humans_to_act()
        if self.finished or self.waiting_pass or self.thinking or len(humans) < 2:
            return
        i = humans.index(self.seat) if self.seat in humans else -1
        self.chosen = humans[(i + 1) % len(humans)]
        self.advance()

    def action_help(self) -> None:
        viewer = self.viewer()
        self.push_screen(HelpScreen(self.state.rules_help(None if viewer == -1 else viewer)))

    def action_info(self) -> None:
        viewer = self.viewer()
        if viewer == -1:
            return  # under a pass screen: nothing to read
        self.push_screen(InfoScreen(self.state.glossary(viewer)))

    def action_whole_board(self) -> None:
        viewer = self.viewer()
        if viewer == -1:
            return
        self.push_screen(MapScreen(self.state.render(viewer)))

    def action_request_quit(self) -> None:
        if self.finished:
            self.exit()
            return
        self.push_screen(QuitScreen(), lambda yes: self.exit() if yes else None)

    def tick(self) -> None:
        """Feed the real clock to the game (the end when time is up), then the header, the
        countdown and, when a game minute passed, the table's own clock line."""
        if self.finished:
            return
        if self.clock is not None:
            minutes = int(getattr(self.state, "minutes_used", 0))
            if self.time_up():
                self.note("Time is up: the Rescue Helicopter has departed.")
                self.finish()
                return
            self.query_one("#clock", Static).update(f" Rescue Helicopter: {self.clock.text()}")
            if int(getattr(self.state, "minutes_used", 0)) != minutes and self.seat >= 0:
                self.show_board(self.viewer())
        self.sub_title = self.headline()

    # ---- the end ----------------------------------------------------------------------
    def score_text(self) -> str:
        state = self.state
        first, *rest = state.outcome().splitlines() or [""]
        lines = [f"[b]{escape(first)}[/b]", *(escape(x) for x in rest), "",
                 "[b]Final returns[/b]"]
        winners = set(state.winners())
        for seat, r in enumerate(state.returns()):
            who = "you" if self.seats[seat] is None else self.seats[seat].name
            star = "  <- best" if seat in winners and len(winners) < len(self.seats) else ""
            lines.append(f"  {escape(self.seat_name(seat)):<28} {who:<8} {r:+.2f}{star}")
        lines += ["", "q, Escape or Enter to quit; the final board is below", ""]
        return "\n".join(lines)

    def finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        self.actions = []
        self.sub_title = self.headline()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(ScoreScreen(self.score_text(), self.state.render(None)))


def run(state: State, seats: list[Any], **options: Any) -> State:
    """Play `state` full screen; returns it (finished, or where the players quit)."""
    CardGameApp(state, seats, **options).run()
    return state
