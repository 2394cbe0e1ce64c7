"""The Textual front end at a real table, through Textual's pilot: simultaneous survivors,
bots thinking in a worker, the live header, card text, boards that fit, quitting, the end."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from flick.cards.bots import RandomBot, play_out
from flick.cli.tui import (
    CardGameApp,
    HelpScreen,
    InfoScreen,
    PassScreen,
    QuitScreen,
    ScoreScreen,
)


async def settle(pilot: Any, app: CardGameApp) -> None:
    for _ in range(10_000):
        if not app.thinking:
            break
        await app.workers.wait_for_complete()
        await pilot.pause()
    await pilot.pause()


def pick(app: CardGameApp, words: str) -> None:
    index = next(i for i, (_, label) in enumerate(app.actions) if words in label)
    app.action_pick(index)


def test_rise_two_humans_switch_survivors_with_secret_hands() -> None:
    from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies

    state = RiseOfTheZombies(["Scout", "Biker"], "standard", 3, clock="turns",
                             secret_hands=True)
    app = CardGameApp(state, [None, None], hidden=True)

    async def go() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            for _ in range(6):  # both discard steps, passing the screen between them
                if isinstance(app.screen, PassScreen):
                    await pilot.press("enter")
                    await pilot.pause()
                    continue
                if state.phase == "play":
                    break
                pick(app, "done discarding")
                await pilot.pause()
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                await pilot.pause()
            seen["first"] = app.seat
            seen["first_board"] = str(app.query_one("#board").render())
            await pilot.press("s")
            await pilot.pause()
            seen["passed"] = isinstance(app.screen, PassScreen)
            seen["under"] = str(app.query_one("#board").render())
            await pilot.press("enter")
            await pilot.pause()
            seen["second"] = app.seat
            seen["second_board"] = str(app.query_one("#board").render())
            seen["actions"] = [a for a, _ in app.actions]
            seen["legal"] = state.legal_actions_for(app.seat)
            seen["current"] = state.current_player()
            app.action_pick(0)
            await pilot.pause()
            seen["applied"] = app.applied
        return seen

    seen = asyncio.run(go())
    assert state.phase == "play" or state.is_terminal()
    assert seen["first"] != seen["second"] and seen["passed"] and seen["under"] == "(hidden)"
    # the survivor shown is not the one the game asks first: simultaneous play
    assert seen["second"] != seen["current"]
    assert seen["actions"] == seen["legal"]
    hand = ", ".join(state.spec(c).name for c in state.hand[seen["first"]])
    assert "kept secret" in seen["second_board"] and "kept secret" in seen["first_board"]
    assert hand not in seen["second_board"].replace("\n    ", " ") or not hand


class SlowBot:
    """A bot that waits for the test's signal before it chooses."""

    name = "slow"

    def __init__(self) -> None:
        self.go = threading.Event()
        self.inner = RandomBot(3)

    def choose(self, state: Any) -> int:
        self.go.wait(10)
        return self.inner.choose(state)


def test_a_thinking_bot_leaves_the_screen_usable() -> None:
    from flick.cards.something_to_fear.state import StfState

    state = StfState(num_players=2, seed=1)
    bot = SlowBot()
    app = CardGameApp(state, [None, bot], hidden=True)

    async def go() -> tuple[bool, bool, int, int]:
        async with app.run_test(size=(110, 36)) as pilot:
            await pilot.pause()
            app.action_pick(0)  # the human's Character; then the bot thinks
            await pilot.pause()
            thinking = app.thinking
            await pilot.press("question_mark")  # the screen answers meanwhile
            helped = isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            before = app.bot_moves
            bot.go.set()
            await settle(pilot, app)
            return thinking, helped, before, app.bot_moves

    thinking, helped, before, after = asyncio.run(go())
    assert thinking and helped and before == 0 and after >= 1


def test_the_header_follows_the_clock() -> None:
    from flick.cards.rise_of_the_zombies.clock import RealClock
    from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies

    now = [0.0]
    state = RiseOfTheZombies(["Scout"], "standard", 2, clock="real")
    clock = RealClock(state.departure, 60.0, now=lambda: now[0])
    app = CardGameApp(state, [None], clock=clock, title="Rise of the Zombies!")

    async def go() -> tuple[str, str, str]:
        async with app.run_test(size=(110, 36)) as pilot:
            await pilot.pause()
            first = app.sub_title
            now[0] = 10.0  # ten game minutes later
            app.tick()
            await pilot.pause()
            return first, app.sub_title, str(app.query_one("#board").render())

    first, later, board = asyncio.run(go())
    d = state.departure
    assert f"{d} of {d} minutes left" in first
    assert f"{d - 10} of {d} minutes left" in later and f"{d - 10}:00 left" in later
    assert f"{d - 10} of {d} minutes left" in board


def test_quitting_a_game_in_progress_asks_first() -> None:
    from flick.cards.surrounded.state import SurroundedState

    state = SurroundedState(3, scenario=1)
    app = CardGameApp(state, [None])
    exits: list[int] = []
    app.exit = lambda *a, **k: exits.append(1)  # type: ignore[method-assign]

    async def go() -> tuple[bool, bool, int]:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("q")
            asked = isinstance(app.screen, QuitScreen)
            await pilot.press("n")
            back = not isinstance(app.screen, QuitScreen) and not exits
            await pilot.press("q")
            await pilot.press("y")
            await pilot.pause()
            return asked, back, len(exits)

    asked, back, count = asyncio.run(go())
    assert asked and back and count == 1


def test_final_screen_says_won_or_lost_first_with_the_count() -> None:
    from flick.cards.surrounded.bots import GreedyBot
    from flick.cards.surrounded.state import SurroundedState

    state = SurroundedState(1, scenario=8)
    app = CardGameApp(state, [GreedyBot(1)])

    async def go() -> str:
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(200):
                await settle(pilot, app)
                if isinstance(app.screen, ScoreScreen):
                    break
            return app.screen.text if isinstance(app.screen, ScoreScreen) else ""

    text = asyncio.run(go())
    first = text.splitlines()[0]
    assert first.startswith(("[b]WON", "[b]LOST")), first
    assert "Walkers on the outer edges" in text.splitlines()[1]


def test_card_text_on_demand_and_a_board_that_fits_80_columns() -> None:
    from flick.cards.surrounded.bots import GreedyBot
    from flick.cards.surrounded.state import SurroundedState

    state = SurroundedState(5, scenario=9)
    bot = GreedyBot(5)
    while len(state.locs) + len(state.occs) < 11:  # a map of some size, the game not over
        state.apply(bot.choose(state))
    assert not state.is_terminal()
    app = CardGameApp(state, [None])

    async def go() -> tuple[bool, str, str, int, int]:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            pane = app.query_one("#board-pane").scrollable_content_region.width
            board = str(app.query_one("#board").render())
            await pilot.press("i")
            shown = isinstance(app.screen, InfoScreen)
            first = str(app.screen.query_one("#text").render())
            await pilot.press("down")
            await pilot.pause()
            second = str(app.screen.query_one("#text").render())
            longest = max(len(line) for line in board.splitlines())
            return shown, first, second, longest, pane

    shown, first, second, longest, pane = asyncio.run(go())
    assert shown and "Power Struggle" in first and first != second
    assert longest <= pane


def test_bots_only_play_to_the_end_through_the_worker() -> None:
    from flick.cards.something_to_fear.state import StfState

    state = StfState(num_players=2, seed=4)
    twin = StfState(num_players=2, seed=4)
    play_out(twin, [RandomBot(1), RandomBot(2)])
    app = CardGameApp(state, [RandomBot(1), RandomBot(2)], hidden=True)

    async def go() -> bool:
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(2000):
                await settle(pilot, app)
                if isinstance(app.screen, ScoreScreen):
                    return True
        return False

    assert asyncio.run(go())
    assert state.to_json() == twin.to_json()  # the same game as without the front end
