"""Terminal play for the card games: the state as text, the legal actions by number, a prompt.

Seats are either a bot or a human (None). With several humans at one screen and a game with
hidden information, a "pass the screen" prompt hides the previous player's view before the
next human's hand is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from flick.cards.bots import Bot
from flick.cards.engine import State


def ask_action(
    state: State,
    seat: int,
    read: Callable[[str], str],
    out: TextIO,
) -> int:
    """Show the numbered legal actions and read a choice until a legal one is given."""
    actions = state.labelled_actions()
    for i, (_, label) in enumerate(actions, 1):
        out.write(f"  {i:>3}. {label}\n")
    while True:
        text = read(f"Player {seat + 1}, your choice [1-{len(actions)}, q to quit]: ").strip()
        if text.lower() in {"q", "quit", "exit"}:
            raise KeyboardInterrupt
        if text.isdigit() and 1 <= int(text) <= len(actions):
            return actions[int(text) - 1][0]
        out.write(f"  '{text}' is not one of 1-{len(actions)}.\n")


def play(
    state: State,
    seats: list[Bot | None],
    read: Callable[[str], str] = input,
    out: TextIO | None = None,
    hidden_information: bool = False,
) -> State:
    """Play to the end; humans (None seats) answer prompts through `read`."""
    import sys

    out = out or sys.stdout
    humans = [i for i, s in enumerate(seats) if s is None]
    last_human: int | None = None
    while not state.is_terminal():
        seat = state.current_player()
        bot = seats[seat]
        if bot is not None:
            action = bot.choose(state)
            out.write(f"Player {seat + 1} ({bot.name}): {state.action_to_string(action)}\n")
            state.apply(action)
            continue
        if hidden_information and len(humans) > 1 and last_human not in (None, seat):
            out.write("\n" * 40)
            read(f"Pass the screen to player {seat + 1}, then press Enter. ")
        last_human = seat
        out.write("\n" + state.render(viewer=seat if hidden_information else None) + "\n")
        state.apply(ask_action(state, seat, read, out))
    out.write("\n" + state.render(viewer=None) + "\n")
    return state
