"""Line mode with two people at one screen and hidden hands: the pass screen clears the screen
and the terminal's scrollback, so nothing of one player's hand is left to scroll back to."""

from __future__ import annotations

import contextlib
import io

from flick.cli.terminal import PASS_CLEAR


def segments(text: str) -> list[str]:
    """What the terminal holds between two pass screens (a clear erases what came before)."""
    return text.split(PASS_CLEAR)


def test_something_to_fear_pass_screen_clears_the_scrollback() -> None:
    from flick.cards.something_to_fear.bots import GreedyBot
    from flick.cards.something_to_fear.state import StfState
    from flick.cli import something_to_fear as cli

    out = io.StringIO()
    state = StfState(3, seed=8)
    cli.play_game(state, [None, None, GreedyBot(1)],
                  read=lambda p: "" if "press Enter" in p else "1", out=out)
    parts = segments(out.getvalue())
    assert len(parts) > 5
    for part in parts[1:]:
        seen = {q for q in (1, 2) if f"Player {q} (you)" in part}
        assert len(seen) <= 1, part[:400]
        assert part.startswith("Pass the screen to player")


def test_rise_of_the_zombies_pass_screen_clears_the_scrollback() -> None:
    from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies
    from flick.cli.rise_of_the_zombies import play_terminal

    st = RiseOfTheZombies(["Scout", "Biker"], seed=3, log=True, clock="turns",
                          secret_hands=True)
    answers = [0]

    def read(prompt: str) -> str:
        if "press Enter" in prompt:
            return ""
        answers[0] += 1
        if answers[0] > 40:
            raise KeyboardInterrupt
        return "1"

    out = io.StringIO()
    with contextlib.suppress(KeyboardInterrupt):
        play_terminal(st, [None, None], read=read, out=out, secret_hands=True)
    parts = segments(out.getvalue())
    assert len(parts) > 2
    for part in parts[1:]:
        # a segment shows one survivor's hand; the other's is "kept secret"
        shown = [line for line in part.splitlines() if line.startswith("    hand: ")
                 and "kept secret" not in line]
        secret = [line for line in part.splitlines() if "kept secret" in line]
        assert len(shown) == len(secret), part[:600]


def test_surrounded_asks_card_text_and_help_in_line_mode() -> None:
    import argparse

    from flick.cli.surrounded import play_interactive

    answers = iter(["?", "i", "i 1", "i 99", "zz", "q"])
    out = io.StringIO()
    args = argparse.Namespace(seed=2, scenario=8, difficulty="standard", bot=None, budget=8,
                              players=1, json=False)
    with contextlib.suppress(KeyboardInterrupt):
        play_interactive(args, read=lambda p: next(answers), out=out)
    text = out.getvalue()
    assert "Explore or Occupy" in text  # the rules of the step
    assert "  1. Scenario 8. Defend the Perimeter" in text  # `i` lists the table
    assert "Walkers on the outer edges" in text  # `i 1` reads the scenario with its count
    assert "give a number 1-" in text
    assert "'zz' is not one of" in text
