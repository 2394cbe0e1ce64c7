"""The screens of the card games' Textual front end (`flick.cli.tui`) beside the table: help,
card text, the whole board, passing the screen, quitting, and the final score."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

KEYS = """\
[b]Keys[/b]
  1-9, 0     pick action 1-9 (0: action 10)
  up/down    move in the list of actions; Enter picks the highlighted one
  mouse      click an action to pick it; scroll the board and the log with the wheel
  i          the cards, characters and locations on the table, each in full
  m          the whole board, unshrunk, scrollable both ways
  s          switch to another survivor of yours (simultaneous play)
  ?          this help (Escape or ? closes it)
  q          quit (asks first while the game goes on)
"""


class HelpScreen(ModalScreen[None]):
    """The rules of the step being played, then the keys."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "dismiss", "close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 90%; max-width: 100; height: 90%; border: thick $accent;
                                  padding: 0 1; background: $surface; }
    """

    def __init__(self, rules: str) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.rules, id="rules", markup=False)
            yield Static(KEYS, id="help")


class InfoScreen(ModalScreen[None]):
    """The table's glossary: names on the left, the highlighted one's full text on the right."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,i,q", "dismiss", "close")]
    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    InfoScreen > Horizontal { width: 96%; height: 92%; border: thick $accent;
                              background: $surface; }
    InfoScreen OptionList { width: 2fr; }
    InfoScreen VerticalScroll { width: 3fr; padding: 0 1; }
    """

    def __init__(self, entries: list[tuple[str, str]]) -> None:
        super().__init__()
        self.entries = entries or [("(nothing)", "No card text for this game.")]

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield OptionList(*(Option(f"{i:>2}. {name}") for i, (name, _)
                               in enumerate(self.entries, 1)), id="names")
            with VerticalScroll():
                yield Static(self.entries[0][1], id="text", markup=False)

    def on_mount(self) -> None:
        names = self.query_one(OptionList)
        names.highlighted = 0
        names.focus()

    def show(self, index: int | None) -> None:
        if index is not None and 0 <= index < len(self.entries):
            self.query_one("#text", Static).update(self.entries[index][1])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.show(event.option_index)


class MapScreen(ModalScreen[None]):
    """The board as drawn at full size, scrollable in both directions."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,m,q", "dismiss", "close")]
    DEFAULT_CSS = """
    MapScreen > ScrollableContainer { border: thick $accent; background: $surface; }
    MapScreen Static { width: auto; }
    """

    def __init__(self, board: str) -> None:
        super().__init__()
        self.board = board

    def compose(self) -> ComposeResult:
        with ScrollableContainer():
            yield Static(self.board, id="whole-board", markup=False)


class PassScreen(Screen[None]):
    """Covers the whole board: the next person takes the screen, then presses Enter."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "dismiss", "ready")]
    DEFAULT_CSS = "PassScreen { align: center middle; } PassScreen > Static { width: auto; }"

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text, id="pass")


class QuitScreen(ModalScreen[bool]):
    """Asks before leaving a game in progress: y quits, n or Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "quit the game"),
        Binding("n,escape", "answer(False)", "go on playing"),
    ]
    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    QuitScreen > Static { width: auto; border: thick $error; padding: 1 2; background: $surface; }
    """

    def compose(self) -> ComposeResult:
        yield Static("Quit the game in progress? It cannot be resumed.\n\n"
                     "y: quit    n or Escape: go on playing", id="quit")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class ScoreScreen(Screen[None]):
    """The end: WON/LOST (or the winners) and the counts first, then the seats, the board."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape,enter", "app.quit", "quit")]

    def __init__(self, text: str, board: str) -> None:
        super().__init__()
        self.text = text
        self.board = board

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Static(self.text, id="score")
            yield Static(self.board, id="final-board", markup=False)
        yield Footer()
