"""The Textual front end of the card games, driven headless through Textual's pilot."""

from __future__ import annotations

import asyncio
from typing import Any

from flick.cards.bots import RandomBot
from flick.cli.tui import CardGameApp, HelpScreen, PassScreen, ScoreScreen


async def settle(pilot: Any, app: CardGameApp) -> None:
    """Wait until no bot is thinking (bots choose in a worker thread)."""
    for _ in range(10_000):
        if not app.thinking:
            break
        await app.workers.wait_for_complete()
        await pilot.pause()


async def _drive(app: CardGameApp, keyed: int = 2, max_steps: int = 5000) -> dict[str, Any]:
    """Open help, click the first action once, press "1" for the next `keyed` decisions, then
    pick the first action to the end of the game (pressing Enter on each pass screen)."""
    seen: dict[str, Any] = {"help": False, "clicked": False, "passes": 0}
    async with app.run_test(size=(110, 36)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        seen["help"] = isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        seen["help_closed"] = not isinstance(app.screen, HelpScreen)
        for _ in range(max_steps):
            await settle(pilot, app)
            if isinstance(app.screen, ScoreScreen):
                break
            if isinstance(app.screen, PassScreen):
                seen["passes"] += 1
                await pilot.press("enter")
                continue
            before = app.applied
            if not seen["clicked"]:
                # the first option line, inside the list's border
                await pilot.click("#actions", offset=(4, 1))
                seen["clicked"] = app.applied == before + 1
                if not seen["clicked"]:
                    break
            elif app.applied < keyed:
                await pilot.press("1")
                await pilot.pause()
            else:  # the rest as the "1" key's action, without a screen refresh each time
                app.action_pick(0)
                if isinstance(app.screen_stack[-1], PassScreen):
                    await pilot.pause()
        await pilot.pause()
        seen["score"] = isinstance(app.screen, ScoreScreen)
        seen["score_text"] = app.screen.text if seen["score"] else ""
    return seen


def _check(seen: dict[str, Any], state: Any) -> None:
    assert seen["help"] and seen["help_closed"]
    assert seen["clicked"], "a click on the first action applied it"
    assert seen["score"] and state.is_terminal()
    assert "Final returns" in seen["score_text"]
    assert f"{state.returns()[0]:+.2f}" in seen["score_text"]


def test_tui_surrounded_to_the_end() -> None:
    from flick.cards.surrounded.state import SurroundedState

    state = SurroundedState(3, scenario=1)
    app = CardGameApp(state, [None])
    seen = asyncio.run(_drive(app))
    _check(seen, state)
    assert app.applied > 1


def test_tui_something_to_fear_against_a_bot() -> None:
    from flick.cards.something_to_fear.state import StfState

    state = StfState(num_players=2, seed=1)
    app = CardGameApp(state, [None, RandomBot(4)], hidden=True)
    seen = asyncio.run(_drive(app))
    _check(seen, state)
    assert seen["passes"] == 0  # one person: nothing to pass


def test_tui_pass_screen_between_two_humans_hides_the_hand() -> None:
    from flick.cards.something_to_fear.state import StfState
    from flick.cards.something_to_fear.view import public_label

    state = StfState(num_players=2, seed=1)
    app = CardGameApp(state, [None, None], hidden=True, announce=public_label)

    async def go() -> tuple[str, str, str, int]:
        async with app.run_test(size=(110, 36)) as pilot:
            await pilot.pause()
            first = state.current_player()
            picked = app.actions[0][1]  # a secret Character choice
            while not isinstance(app.screen, PassScreen):
                app.action_pick(0)
                await pilot.pause()
            log = "\n".join(line.text for line in app.query_one("#log").lines)
            assert picked not in log and "face-down" in log
            under = str(app.query_one("#board").render())
            await pilot.press("enter")
            await pilot.pause()
            after = str(app.query_one("#board").render())
            return under, after, str(app.screen.__class__.__name__), first

    under, after, screen, first = asyncio.run(go())
    assert under == "(hidden)"
    assert screen == "Screen" and state.current_player() != first
    now = state.current_player()
    assert f"Player {now + 1} (you)" in after and f"Player {first + 1} (you)" not in after


def test_tui_rise_of_the_zombies_turn_clock_with_a_bot() -> None:
    from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies

    state = RiseOfTheZombies(["Scout", "Paramedic"], "standard", 2, clock="turns")
    app = CardGameApp(state, [None, RandomBot(5)])
    seen = asyncio.run(_drive(app))
    _check(seen, state)


def test_tui_real_clock_shown_and_ends_the_game() -> None:
    from flick.cards.rise_of_the_zombies.clock import RealClock
    from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies

    now = [0.0]
    state = RiseOfTheZombies(["Scout"], "standard", 2, clock="real")
    clock = RealClock(state.departure, 60.0, now=lambda: now[0])

    async def go() -> tuple[str, bool]:
        async with app.run_test(size=(110, 36)) as pilot:
            await pilot.pause()
            shown = str(app.query_one("#clock").render())
            now[0] = state.departure * 10.0  # far past the departure
            app.tick()
            await pilot.pause()
            return shown, isinstance(app.screen, ScoreScreen)

    app = CardGameApp(state, [None], clock=clock)
    shown, over = asyncio.run(go())
    assert f"{int(state.departure):02d}:00 left" in shown
    assert over and state.is_terminal()


def test_cli_tui_flag_builds_each_game(monkeypatch: Any) -> None:
    from flick.cli import main, tui

    calls: list[tuple[Any, list[Any], dict[str, Any]]] = []
    monkeypatch.setattr(tui, "run", lambda state, seats, **kw: calls.append((state, seats, kw)))
    assert main(["cards", "surrounded", "--tui", "--scenario", "2"]) == 0
    assert main(["cards", "something-to-fear", "--tui", "--players", "3"]) == 0
    assert main(["cards", "rise-of-the-zombies", "--tui", "--survivors", "Scout,Biker"]) == 0
    (s1, seats1, _), (s2, seats2, kw2), (s3, seats3, kw3) = calls
    assert s1.game_name and seats1 == [None]
    assert seats2[0] is None and len(seats2) == s2.num_players == 3 and kw2["hidden"]
    assert seats3[0] is None and seats3[1] is not None
    assert kw3["clock"] is not None and kw3["clock"].departure == s3.departure  # real clock
    assert main(["cards", "something-to-fear", "--tui", "--json"]) == 2  # lines for pipes
    assert len(calls) == 3
