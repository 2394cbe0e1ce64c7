"""The Walking Dead: Something to Fear as a PettingZoo AEC environment.

Agents: "player_0" .. "player_{n-1}", the seats. The agent to act is the engine's
`current_player()` (the simultaneous Character choice is taken seat by seat, hidden until all
have chosen, as the engine does).

Action: `Discrete(num_distinct_actions())`, the engine's dense action ids, read in the current
state; `observation["action_mask"]` (int8, one per id) marks the legal ones
(`legal_action_ids(seat)`). An id outside the mask raises `IllegalActionError` and changes
nothing.

Observation: `{"observation": float32[OBS_SIZE], "action_mask": int8[num_distinct_actions]}`.
The vector is the engine's `observation(seat)` (its own hand, what is public, nothing of the
deck order or the seed) feature-hashed to a fixed size (flick.cards.features).

Rewards: 0 during the game; at the end each seat gets its return (1 for a winner, else 0).
`reset(seed=S)` deals game S; `reset()` without a seed deals the next game of the last seed's
sequence.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from flick.cards.features import hashed_features
from flick.cards.something_to_fear.state import StfState

OBS_SIZE = 256


class SomethingToFearEnv(AECEnv):
    metadata: ClassVar[dict[str, Any]] = {
        "name": "flick_something_to_fear_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, players: int = 2, expert: bool = False,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.players, self.expert, self.render_mode = players, expert, render_mode
        probe = StfState(num_players=players, seed=0, expert=expert)
        self.num_actions = probe.num_distinct_actions()
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (OBS_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8)})
        self._act_space = spaces.Discrete(self.num_actions)
        self._seeds = np.random.default_rng(0)
        self.state_: StfState = probe

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    # ---- AEC ------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(2**31))
        self.state_ = StfState(num_players=self.players, seed=game_seed, expert=self.expert)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._to_act()

    def _to_act(self) -> str:
        return f"player_{self.state_.current_player()}"

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.num_actions, np.int8)
        mask[self.state_.legal_action_ids(seat)] = 1
        vec = np.asarray(hashed_features(self.state_.observation(seat), OBS_SIZE), np.float32)
        return {"observation": vec, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play action id `action` for the agent to act. Refused before anything changes:
        a step before `reset` (RuntimeError), an id that is not a whole number in the action
        space (`2.9`, `'2'`, True: ValueError); an id outside the mask raises the engine's
        `IllegalActionError`."""
        if not hasattr(self, "agent_selection"):
            raise RuntimeError("step before reset: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)) \
                or not 0 <= action < self.num_actions:
            raise ValueError(f"an action is a whole number from 0 to {self.num_actions - 1}, "
                             f"not {action!r}"[:200])
        self._cumulative_rewards[agent] = 0.0
        self.state_.apply(self.state_.id_to_action(int(action)))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.state_.is_terminal():
            for agent_, value in zip(self.possible_agents, self.state_.returns(), strict=True):
                self.rewards[agent_] = float(value)
                self.terminations[agent_] = True
        else:
            self.agent_selection = self._to_act()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.state_.render(None)
        return None

    def close(self) -> None:
        pass
