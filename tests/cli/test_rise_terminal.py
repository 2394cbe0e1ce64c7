"""Rise of the Zombies! played in the plain (line) front end: seats, pass screens, card text."""

from __future__ import annotations

import contextlib
import io
from typing import Any

from flick.cards.rise_of_the_zombies import make_bot
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies


class SeatSpy:
    """A greedy bot that records the seat the game asks when it is called."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.inner = make_bot("greedy", seat)
        self.name = "greedy"
        self.asked: list[int] = []

    def choose(self, state: Any) -> int:
        self.asked.append(state.current_player())
        return self.inner.choose(state)


def play_human_seat(seed: int, humans: int, answers: int, secret: bool = False) -> tuple[
        RiseOfTheZombies, list[SeatSpy], str]:
    """A human (or several) on the first seats answering the last listed action (usually
    "done"), bots on the others, the turn clock; stops after `answers` answers."""
    from flick.cli.rise_of_the_zombies import play_terminal

    names = ["Scout", "Paramedic", "Cheerleader", "Scoundrel"]
    st = RiseOfTheZombies(names, "standard", seed, clock="turns", log=True,
                          secret_hands=secret)
    spies = [SeatSpy(s) for s in range(humans, 4)]
    count = [0]

    def read(prompt: str) -> str:
        if "press Enter" in prompt:
            return ""
        count[0] += 1
        if count[0] > answers:
            raise KeyboardInterrupt
        return prompt.split("[1-")[1].split("]")[0]

    out = io.StringIO()
    with contextlib.suppress(KeyboardInterrupt):
        play_terminal(st, [None] * humans + spies, read=read, out=out, secret_hands=secret)
    return st, spies, out.getvalue()


def test_bots_play_only_their_own_survivors_beside_a_human() -> None:
    _st, spies, text = play_human_seat(seed=3, humans=1, answers=30)
    assert all(spy.asked for spy in spies)
    for spy in spies:
        assert set(spy.asked) == {spy.seat}, (spy.seat, spy.asked)
    assert "Scout (greedy)" not in text


def test_bots_play_only_their_own_survivors_beside_two_humans() -> None:
    _st, spies, _ = play_human_seat(seed=11, humans=2, answers=30, secret=True)
    for spy in spies:
        assert set(spy.asked) <= {spy.seat}, (spy.seat, spy.asked)


def test_the_default_bot_beside_people_and_in_batch_games_is_the_search_bot(
        monkeypatch: Any) -> None:
    from flick.cli import main
    from flick.cli import rise_of_the_zombies as cli

    seen: list[list[Any]] = []
    monkeypatch.setattr(cli, "play_terminal", lambda state, seats, **kw: seen.append(seats))
    assert main(["cards", "rise-of-the-zombies", "--clock", "turns"]) == 0
    assert seen[0][0] is None and {b.name for b in seen[0][1:]} == {"search"}
    import flick.cards.bots

    batch: list[list[Any]] = []  # the bots of a batch game (in this process), not played out
    monkeypatch.setattr(flick.cards.bots, "play_out", lambda state, bots: batch.append(bots))
    assert main(["cards", "rise-of-the-zombies", "--games", "1"]) == 0
    assert len(batch) == 1 and {b.name for b in batch[0]} == {"search"}
    assert main(["cards", "rise-of-the-zombies", "--clock", "turns", "--bots", "greedy"]) == 0
    assert {b.name for b in seen[1][1:]} == {"greedy"}  # --bots still chooses


def test_a_long_choice_wraps_under_its_label_within_the_terminal() -> None:
    from flick.cli.terminal import option_line

    label = "place Downtown as Location 2 and Advance into it (draw +3, infestation +2)"
    lines = option_line(2, label, 80).split("\n")
    assert lines[0].startswith("    2. place Downtown")
    assert len(lines) == 2 and lines[1] == " " * 7 + "+2)"
    assert all(len(line) <= 80 for line in lines)
    assert " ".join(line.strip() for line in lines) == "2. " + label
    assert option_line(12, "done", 80) == "   12. done"
