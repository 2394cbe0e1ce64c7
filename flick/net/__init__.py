"""Network play: each player at their own machine, one game, hidden information kept.

The host (`host.Host`) owns the one `flick.game.Game` and is its authority: clients
(`client.Client`) send their own seat's inputs and receive views (`views`) holding the public
table and their own secrets only. Messages (`messages`) are versioned JSON checked with
pydantic, over WebSockets (the `websockets` library, asyncio). `bot.ViewBot` plays a seat from
its view alone. The command line is `flick host` and `flick join` (`flick/cli/net.py`).
Layer: above physics, scenario, game and replay; the window (`flick.ui`) uses the client.
"""
