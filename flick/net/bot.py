"""A bot that plays a seat from that seat's view alone (`flick join --bot`).

A remote seat never holds the whole game (the seed and the face-down tokens are the host's),
so the rules' `HeuristicBot`, which reads a `Game`, cannot play it; this bot decides from
what the player sees: it takes the first choice on offer (its own survivor, keep the token,
stay loyal, thumbs down...), makes one move a turn with a seeded random flick of its
survivor's movement disc and ends the turn, and flicks an unmasked betrayer's figure away.
Its decisions come from its own seeded generator: the same views give the same commands.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from flick.net.seat_view import SeatView

MOVE_IMPULSE = (500.0, 1100.0)  # g*cm/s: a move of the disc of about 7 to 35 cm
EXILE_IMPULSE = 600.0


class ViewBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = np.random.default_rng(seed)

    def decide(self, view: SeatView) -> dict[str, Any] | None:
        """The input (JSON form) to send for this view, or None when it is not this seat's
        decision."""
        pub, mine = view.public, view.seat
        if not mine.your_turn or pub.over:
            return None
        if pub.phase == "exile":
            return {"input": "exile_flick", "flick": self._flick(EXILE_IMPULSE)}
        if pub.phase == "act" and pub.actions_done == 0 and "move" in pub.legal:
            active = next((s for s in pub.survivors if s.name == pub.active), None)
            if active is not None and active.building is None:
                lo, hi = MOVE_IMPULSE
                return {"input": "move", "flick": self._flick(float(self.rng.uniform(lo, hi))),
                        "angle": 0.0}
        if pub.phase == "fight" and "fight_flick" in pub.legal and not mine.choices:
            return {"input": "fight_flick", "flick": {"impulse": [0.0, 800.0]}}
        if pub.phase == "act":
            end = [c for c in mine.choices if c["input"] == "end_turn"]
            if end:
                return end[0]
        return mine.choices[0] if mine.choices else None

    def _flick(self, strength: float) -> dict[str, Any]:
        angle = float(self.rng.uniform(0.0, 2 * math.pi))
        return {"impulse": [strength * math.cos(angle), strength * math.sin(angle)],
                "offset": [0.0, 0.0]}
