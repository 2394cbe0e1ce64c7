"""Terminal play for the card games: the state as text, the legal actions by number, a prompt.

Seats are either a bot or a human (None). With several humans at one screen and a game with
hidden information, a "pass the screen" prompt hides the previous player's view before the
next human's hand is shown: it clears the screen and the terminal's scrollback
(`PASS_CLEAR`), so scrolling back shows nothing of the last player's hand.

At any prompt a player may ask instead of choosing: `?` gives the rules of the step being
played, `i` lists the cards, characters and locations on the table, `i N` reads entry N in
full with what it does now (`State.glossary`). Boards are drawn to the terminal's width
(`State.render_fit`).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from typing import Any, TextIO

from flick.cards.bots import Bot
from flick.cards.engine import State
from flick.errors import FlickError

# home, erase the screen, then erase the scrollback (ESC[3J; after ESC[2J, since some terminals
# push the erased screen into the scrollback)
PASS_CLEAR = "\033[H\033[2J\033[3J"
ASK_HINT = "i N card text, ? help, q to quit"


def width() -> int:
    """The terminal's width in columns (80 when it cannot be told)."""
    return shutil.get_terminal_size((80, 24)).columns


def board(state: State, viewer: int | None) -> str:
    """The state as `viewer` sees it, no line longer than the terminal is wide, drawn small
    enough to leave the actions on the screen where the game can."""
    size = shutil.get_terminal_size((80, 24))
    return state.render_fit(viewer, size.columns, size.lines)


def pass_screen(out: TextIO, read: Callable[[str], str], seat: int, who: str = "") -> None:
    """Hide the table (screen and scrollback) and wait for the next player's Enter."""
    out.write(PASS_CLEAR)
    out.write(f"Pass the screen to player {seat + 1}{who}.\n")
    out.flush()
    read(f"Player {seat + 1}, press Enter when only you can see the screen: ")


def answer_question(state: State, viewer: int | None, text: str, out: TextIO) -> bool:
    """`?`, `help`, `i`, `i N`: write the answer and return True; anything else: False."""
    from flick.cards.engine import fit_lines

    cols = width()
    words = text.strip().lower().split()
    if words in (["?"], ["help"], ["h"]):
        out.write(fit_lines(state.rules_help(viewer) or "No help for this game.", cols) + "\n")
        out.write(f"Choose by number; {ASK_HINT}.\n")
        return True
    if not words or words[0] not in ("i", "info"):
        return False
    entries = state.glossary(viewer)
    if not entries:
        out.write("No card text for this game.\n")
        return True
    if len(words) == 1:
        out.write("On the table (i N reads one):\n")
        items = [f"{i:>3}. {name}" for i, (name, _) in enumerate(entries, 1)]
        col = max(len(x) for x in items) + 2
        per = max(cols // col, 1)
        for r in range(0, len(items), per):
            out.write("".join(x.ljust(col) for x in items[r:r + per]).rstrip() + "\n")
        return True
    if len(words) == 2 and words[1].isdigit() and 1 <= int(words[1]) <= len(entries):
        _name, body = entries[int(words[1]) - 1]
        out.write(fit_lines(body, cols) + "\n")
        return True
    out.write(f"  'i {' '.join(words[1:])}': give a number 1-{len(entries)} (i lists them).\n")
    return True


def option_line(number: int, label: str, cols: int) -> str:
    """A numbered choice, wrapped at spaces to `cols` columns, its continuation lines under
    the start of the label (a terminal's own wrap would break a word and start at column 1)."""
    import textwrap

    head = f"  {number:>3}. "
    return "\n".join(textwrap.wrap(label, width=max(cols, len(head) + 20), initial_indent=head,
                                   subsequent_indent=" " * len(head),
                                   break_on_hyphens=False)) or head.rstrip()


class GameStopped(Exception):
    """Raised by a prompt to end the game at once (Rise of the Zombies!'s real clock ran out
    while it waited); `play` then ends the loop and shows the final table."""


def seat_label(state: State, seat: int) -> str:
    """How the log names a seat: the survivor's name where the game has one, else Player N."""
    name = getattr(state, "name", None)
    return name(seat) if callable(name) else f"Player {seat + 1}"


def input_closed() -> FlickError:
    """The error of a standard input that ends while a person is to decide: a script of moves
    that runs out is not an interruption (exit 1, not Ctrl-C's 130)."""
    return FlickError("standard input closed while waiting for a human player; the game is "
                      "left unfinished (give bots every seat to play without input)")


def ask_action(
    state: State,
    seat: int,
    read: Callable[[str], str],
    out: TextIO,
    viewer_hidden: bool = False,
    switch_to: list[int] | None = None,
    player: int | None = None,
) -> tuple[int, int]:
    """Show the numbered legal actions of `seat` and read a choice until a legal one is given;
    answer questions (`?`, `i N`) meanwhile (`viewer_hidden`: what `seat` may see, not
    everything). Returns (seat, action); `sK` returns (K - 1, -1) to switch to the human seat
    K - 1 of `switch_to` (simultaneous play). `player` names who answers (default `seat`)."""
    simultaneous = hasattr(state, "labelled_actions_for")
    actions = (state.labelled_actions_for(seat) if simultaneous  # type: ignore[attr-defined]
               else state.labelled_actions())
    cols = width()
    for i, (_, label) in enumerate(actions, 1):
        out.write(option_line(i, label, cols) + "\n")
    others = [t for t in switch_to or [] if t != seat]
    switch = f"s{'/s'.join(str(t + 1) for t in others)} to switch survivor, " if others else ""
    who = seat if player is None else player
    # the hints on a line of their own: the prompt stays short (a narrow terminal, a live
    # countdown redrawn at its start)
    out.write(f"  ({switch}{ASK_HINT})\n")
    while True:
        text = read(f"Player {who + 1}, your choice [1-{len(actions)}]: ")
        text = text.strip().lower()
        if text in {"q", "quit", "exit"}:
            raise KeyboardInterrupt
        if text.isdigit() and 1 <= int(text) <= len(actions):
            return seat, actions[int(text) - 1][0]
        if text[:1] == "s" and text[1:].isdigit() and int(text[1:]) - 1 in others:
            return int(text[1:]) - 1, -1
        if answer_question(state, seat if viewer_hidden else None, text, out):
            continue
        shown = text if len(text) <= 40 else f"{text[:40]}... ({len(text):,} characters)"
        out.write(f"  '{shown}' is not one of 1-{len(actions)} (? for help).\n")


def play(
    state: State,
    seats: list[Bot | None],
    read: Callable[[str], str] = input,
    out: TextIO | None = None,
    hidden_information: bool = False,
    announce: Callable[[Any, int], str] | None = None,
    quiet: bool = False,
    player_of: Callable[[State], int] | None = None,
    time_up: Callable[[], bool] | None = None,
) -> State:
    """Play to the end, the one line-mode loop of the three games. Bots play the seat the
    game asks (`current_player()`), their moves logged as `announce(state, action)` says
    (default `action_to_string`; Something to Fear hides a Character until the reveal) unless
    `quiet`. Humans (None seats) answer prompts through `read`; in a game with simultaneous
    play (`actors()`, `labelled_actions_for`, `apply_for`: Rise of the Zombies!) every human
    who may act can, `sK` switching to survivor K. With `hidden_information` each human sees
    only its own view, and a change of human passes the screen (`pass_screen`).
    `player_of(state)` names the person who answers when several share one seat (Surrounded).
    `time_up()` is asked before every decision and after every prompt (a real clock that
    ends the game); a prompt may also raise `GameStopped`. At the end the whole table and the
    outcome are shown (unless `quiet`)."""
    import sys

    out = out or sys.stdout
    say = announce or (lambda st, a: st.action_to_string(a))
    humans = [i for i, s in enumerate(seats) if s is None]
    simultaneous = all(hasattr(state, n) for n in ("actors", "labelled_actions_for",
                                                   "apply_for"))
    last_human: int | None = None
    chosen: int | None = None

    def stop() -> bool:
        return time_up is not None and time_up()

    try:
        while not state.is_terminal() and not stop():
            seat = state.current_player()
            bot = seats[seat]
            if bot is not None:
                action = bot.choose(state)
                if not quiet:
                    out.write(f"{seat_label(state, seat)} ({bot.name}): {say(state, action)}\n")
                state.apply(action)
                continue
            actors = state.actors() if simultaneous else [seat]  # type: ignore[attr-defined]
            here = [t for t in actors if seats[t] is None]
            if chosen is not None and chosen in here:
                seat = chosen
            chosen = None
            if hidden_information and len(humans) > 1 and last_human not in (None, seat):
                who = f" (the {seat_label(state, seat)})" if hasattr(state, "name") else ""
                pass_screen(out, read, seat, who)
                if stop():
                    break
            last_human = seat
            out.write("\n" + board(state, seat if hidden_information else None) + "\n")
            if hasattr(state, "name"):
                out.write(f"The {seat_label(state, seat)} (player {seat + 1}) to act:\n")
            player = player_of(state) if player_of is not None else None
            picked, action = ask_action(state, seat, read, out, hidden_information, here,
                                        player)
            if stop():
                break
            if action < 0:
                chosen = picked  # switch to another human survivor
                continue
            if simultaneous:
                state.apply_for(picked, action)  # type: ignore[attr-defined]
            else:
                state.apply(action)
    except GameStopped:
        stop()
    if not quiet:
        out.write("\n" + board(state, None) + "\n")
        if state.is_terminal():
            out.write(state.outcome() + "\n")
    return state
