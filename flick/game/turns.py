"""Turn order: co-operative (one group, players in a fixed order) and competitive (teams
alternate, each in its own order; the team holding the pretzel starts every round).

Rulebook p. 15: "Each team must determine their own team's turn order. The first player of
the team holding the pretzel takes the first turn of the game, followed by the first player of
the opposing team. Turns alternate between teams ... Teams with different numbers of players
restart their turn order at different times. Each new round is started by the team holding the
pretzel." A team with no available survivor left in the round is skipped (reading: it cannot
take a turn, so the other teams go on until the round ends).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class TurnOrder:
    """Whose turn it is. `players` gives each team's number of players, in team order."""

    players: dict[str, int]
    next_player: dict[str, int] = field(default_factory=dict)
    last_team: str | None = None

    def __post_init__(self) -> None:
        if not self.players or any(n < 1 for n in self.players.values()):
            raise ValueError(f"every team needs at least one player: {self.players}")
        for team in self.players:
            self.next_player.setdefault(team, 0)

    @property
    def teams(self) -> list[str]:
        return list(self.players)

    def next_team(self, can_play: set[str], round_start: bool, pretzel_team: str | None) -> str:
        """The team that plays the next turn, among `can_play` (teams with an available
        survivor). At a round's start the pretzel's team goes first, if it can."""
        if not can_play:
            raise ValueError("no team can play: the round is over")
        order = self.teams
        if round_start and pretzel_team in can_play:
            return pretzel_team
        if round_start and pretzel_team is None and self.last_team is None:
            return next(t for t in order if t in can_play)
        start = order.index(self.last_team) + 1 if self.last_team in order else 0
        for k in range(len(order)):
            team = order[(start + k) % len(order)]
            if team in can_play:
                return team
        raise AssertionError("unreachable: can_play is a non-empty subset of the teams")

    def take_turn(self, team: str) -> int:
        """Record that `team` plays now; returns the (0-based) player of that team who plays."""
        player = self.next_player[team]
        self.next_player[team] = (player + 1) % self.players[team]
        self.last_team = team
        return player

    def to_json(self) -> dict[str, Any]:
        return {"players": dict(self.players), "next_player": dict(self.next_player),
                "last_team": self.last_team}
