"""Flick 'em Up! Dead of Winter as a PettingZoo AEC environment.

Agents: the scenario's teams (their names). The agent to act is the team of the survivor who
acts now (the active survivor, the survivor whose turn it is in a fight) or, choosing a
survivor or going hungry, the team whose turn it is.

Action: `Box(5,)` float32, `[kind, piece, angle, power, offset]`:
- `kind` in [0, len(KINDS)): `KINDS[floor(kind)]`, the input kind: choose, move, shoot, knife,
  bat, shotgun, sniper, short_kill, take_drop, end_turn, keep, fight_weapon, fight_flick,
  fight_wait, eat, go_hungry;
- `piece` in [0, MAX_PIECES): `floor(piece)` picks among the kind's options, in this order:
  choose: the team's available survivors by name; short_kill: `short_kill_targets` (zombie ids,
  the survivor's first weapon); take_drop: every token to take (each place of `places`, each
  token there) then every inventory slot to drop; fight_weapon: `fight_weapons`; eat: each
  (survivor, food slot) of the team; shoot, knife, shotgun, sniper: 0 the left side, 1 the right;
  other kinds ignore it;
- `angle` in [-pi, pi] (rad, table frame): the direction of a flick, the facing of a bat, a
  move's disc line, shotgun and sniper aim, the facing at the end of the turn;
- `power` in [0, 1]: the impulse as a fraction of `MAX_FLICK_IMPULSE` (g*cm/s);
- `offset` in [-1, 1]: the contact point, cm to the left (negative) or right of the piece's
  centre across the flick; for keep, >= 0 keeps the token.
Two-gun shots, scenario 5-10 inputs (flares, accusations, powers) and set-aside objects are not
offered: scenarios 1-4 only.

`observation["piece_mask"]` (int8, KINDS x MAX_PIECES) marks the kinds and options legal now
(from `flick.game.actions.legal` in the act phase, `Game.legal_kinds` in the others);
`observation["kind_mask"]` is its any() per kind. They are not named "action_mask": that name
means a discrete mask to PettingZoo's tests. An action outside the mask, or one the rules
refuse (`IllegalAction`: nothing changes), is refused: the same team acts again and its info
holds `refused` (the reason).

Observation: `{"observation": float32[OBS_SIZE + MAX_TABLE * 5], "kind_mask", "piece_mask"}`:
the public status (`Game.status()`, face-down tokens hidden) feature-hashed to OBS_SIZE floats
(flick.cards.features), then the first MAX_TABLE pieces on the table by id, each
`[present, kind code, x / 100, y / 100, standing]` (x, y in cm).

Rewards: 0 during the game; at the end 1 to the winning team, 0 to the others (all 0 when the
zombies win). `max_steps` truncates a game (every team truncated) after that many steps.
"""

from __future__ import annotations

import functools
import math
import zlib
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from flick.cards.features import hashed_features
from flick.game.actions.legal import INPUT_KIND, legal_actions, places, short_kill_targets
from flick.game.game import Game
from flick.game.inputs import (
    Bat,
    ChooseSurvivor,
    Eat,
    EndTurn,
    FightFlick,
    FightWait,
    FightWeapon,
    Flick,
    GoHungry,
    Input,
    Keep,
    Knife,
    Move,
    Shoot,
    ShortKill,
    Shotgun,
    Sniper,
    TakeDrop,
)
from flick.game.scenarios.fight import fight_weapons
from flick.game.state import IllegalAction
from flick.physics.params import MAX_FLICK_IMPULSE
from flick.scenario.loader import load
from flick.scenario.model import Scenario

KINDS = ("choose", "move", "shoot", "knife", "bat", "shotgun", "sniper", "short_kill",
         "take_drop", "end_turn", "keep", "fight_weapon", "fight_flick", "fight_wait", "eat",
         "go_hungry")
FLICKS = ("move", "knife", "bat", "fight_flick", "fight_wait", "end_turn")
SIDED = ("shoot", "knife", "shotgun", "sniper")
MAX_PIECES = 16
MAX_TABLE = 64
OBS_SIZE = 256
_COLUMNS = np.arange(MAX_PIECES)


@functools.cache
def _kind_code(kind: str) -> float:
    """A piece kind as one number in [0, 1) (the observation's per-piece "kind code")."""
    return (zlib.crc32(kind.encode()) % 997) / 997.0


class FlickEnv(AECEnv):
    metadata: ClassVar[dict[str, Any]] = {
        "name": "flick_dead_of_winter_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, scenario: int | str | Scenario = 1, max_steps: int | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.scenario = scenario if isinstance(scenario, Scenario) else load(scenario)
        if self.scenario.number is not None and int(self.scenario.number) > 4:
            raise ValueError("FlickEnv plays scenarios 1-4 (no inputs of scenarios 5-10)")
        if max_steps is not None and (isinstance(max_steps, bool)
                                      or not isinstance(max_steps, (int, np.integer))
                                      or max_steps < 1):
            raise ValueError(f"max_steps is a whole number of at least 1 (or None), "
                             f"not {max_steps!r}")
        self.max_steps, self.render_mode = max_steps, render_mode
        self.possible_agents = [t.name for t in self.scenario.teams]
        size = OBS_SIZE + MAX_TABLE * 5
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "kind_mask": spaces.Box(0, 1, (len(KINDS),), np.int8),
            "piece_mask": spaces.Box(0, 1, (len(KINDS), MAX_PIECES), np.int8)})
        self._act_space = spaces.Box(
            np.array([0.0, 0.0, -math.pi, 0.0, -1.0], np.float32),
            np.array([len(KINDS) - 1e-3, MAX_PIECES - 1e-3, math.pi, 1.0, 1.0], np.float32))
        self._seeds = np.random.default_rng(0)
        self.game: Game | None = None
        self.steps = 0
        # (game, (inputs, events), options of every kind): see `_options_now`
        self._options_cache: tuple[Game, tuple[int, int], dict[str, list[Any]]] | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    # ---- the game's options, as the action reads them -----------------------------------
    def _team(self) -> str:
        g = self.game
        assert g is not None
        if g.phase == "fight" and g.fight is not None:
            return g.survivors[g.fight.to_act].team
        if g.active is not None and g.phase in ("act", "keep"):
            return g.active_survivor.team
        return g.current_team

    def allowed(self) -> set[str]:
        """The input kinds legal now."""
        g = self.game
        assert g is not None
        if g.over:
            return set()
        if g.phase == "act":
            return {INPUT_KIND[a.id] for a in legal_actions(g).actions if a.allowed}
        return set(g.legal_kinds())

    def options(self, kind: str, allowed: set[str] | None = None) -> list[Any]:
        """The choices `piece` indexes for `kind` now (empty: the kind is not legal now)."""
        g = self.game
        assert g is not None
        if kind not in (self.allowed() if allowed is None else allowed):
            return []
        team = self._team()
        if kind == "choose":
            return sorted(s.name for s in g.available(team))
        if kind == "short_kill":
            return short_kill_targets(g)
        if kind == "take_drop":
            s = g.active_survivor
            out: list[Any] = [("take", i, p) for p in places(g)
                              for i in range(len(g.stashes.get(p, [])))]
            return out + [("drop", i, None) for i in range(len(s.inventory))]
        if kind == "fight_weapon":
            assert g.fight is not None
            return fight_weapons(g.survivors[g.fight.to_act]) or ["bat"]
        if kind == "eat":
            return [(s.name, i) for s in sorted(g.survivors.values(), key=lambda s: s.name)
                    if s.alive and s.team == team
                    for i, t in enumerate(s.inventory) if t.kind == "food"]
        if kind in SIDED:
            return ["left", "right"]
        return [None]

    def _options_now(self) -> dict[str, list[Any]]:
        """Every kind's options now (`options`), worked out once for each state of the game:
        it changes only through `step` (an accepted input grows `game.inputs` and its events,
        a refused one changes nothing), so the observation's masks and the next action's
        decoding share them."""
        g = self.game
        assert g is not None
        key = (len(g.inputs), len(g.events))
        cached = self._options_cache
        if cached is None or cached[0] is not g or cached[1] != key:
            allowed = self.allowed()
            cached = self._options_cache = (g, key, {k: self.options(k, allowed) for k in KINDS})
        return cached[2]

    def masks(self) -> tuple[np.ndarray, np.ndarray]:
        options = self._options_now()
        counts = np.array([len(options[kind]) for kind in KINDS])
        piece = (counts[:, None] > _COLUMNS).astype(np.int8)  # a kind's first count options
        kinds = (counts > 0).astype(np.int8)
        return kinds, piece

    def decode(self, action: Any) -> Input:
        """The input an action stands for; ValueError if the mask does not allow it."""
        a = np.asarray(action, np.float64).reshape(5).tolist()  # Python floats from here
        if not all(math.isfinite(v) for v in a):
            raise ValueError("the action holds a NaN or an infinity")
        kind = KINDS[min(max(math.floor(a[0]), 0), len(KINDS) - 1)]
        index = min(max(math.floor(a[1]), 0), MAX_PIECES - 1)
        angle, power, offset = a[2], min(max(a[3], 0.0), 1.0), min(max(a[4], -1.0), 1.0)
        opts = self._options_now()[kind]
        if index >= len(opts):
            raise ValueError(f"{kind} with option {index} is not legal now "
                             f"({len(opts)} option(s))")
        pick = opts[index]
        ux, uy = math.cos(angle), math.sin(angle)
        flick = Flick((ux * power * MAX_FLICK_IMPULSE, uy * power * MAX_FLICK_IMPULSE),
                      (uy * offset, -ux * offset))  # to the right of the direction: > 0
        g = self.game
        assert g is not None
        if kind == "choose":
            return ChooseSurvivor(pick)
        if kind == "move":
            return Move(flick, angle=angle)
        if kind == "shoot":
            return Shoot(pick, flick)
        if kind == "knife":
            return Knife(pick, flick)
        if kind == "bat":
            return Bat(angle, flick)
        if kind == "shotgun":
            return Shotgun(pick, angle, power * MAX_FLICK_IMPULSE)
        if kind == "sniper":
            return Sniper(pick, angle, power * MAX_FLICK_IMPULSE)
        if kind == "short_kill":
            return ShortKill(pick, g.active_survivor.weapons()[0])
        if kind == "take_drop":
            what, i, place = pick
            return TakeDrop(take=i, place=place) if what == "take" else TakeDrop(drop=i)
        if kind == "end_turn":
            return EndTurn(facing=angle)
        if kind == "keep":
            return Keep(keep=offset >= 0)
        if kind == "fight_weapon":
            return FightWeapon(pick)
        if kind == "fight_flick":
            return FightFlick(flick)
        if kind == "fight_wait":
            return FightWait()
        if kind == "eat":
            return Eat(pick[0], pick[1])
        return GoHungry()

    # ---- AEC ------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.game = Game(self.scenario, int(self._seeds.integers(2**31)))
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._team()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        g = self.game
        assert g is not None
        vec = np.zeros(OBS_SIZE + MAX_TABLE * 5, np.float32)
        vec[:OBS_SIZE] = hashed_features(g.status(), OBS_SIZE)
        table = g.board.table
        shown = table.piece_states()[:MAX_TABLE]  # as the table lists them
        rows = [(1.0, _kind_code(p.kind), p.x / 100.0, p.y / 100.0, float(p.standing))
                for p in shown]
        if rows:
            vec[OBS_SIZE: OBS_SIZE + 5 * len(rows)] = np.array(rows, np.float64).ravel()
        kinds, pieces = self.masks()
        return {"observation": vec, "kind_mask": kinds, "piece_mask": pieces}

    def step(self, action: Any) -> None:
        if self.game is None:
            raise RuntimeError("step before reset: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.game
        assert g is not None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos[agent] = {}
        try:
            g.apply(self.decode(action))
        except (ValueError, IllegalAction) as exc:
            self.infos[agent] = {"refused": str(exc)}
        self.steps += 1
        if g.over:
            for team in self.agents:
                self.rewards[team] = 1.0 if g.winner == team else 0.0
                self.terminations[team] = True
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for team in self.agents:
                self.truncations[team] = True
        else:
            self.agent_selection = self._team()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.game is not None:
            return str(self.game.status())
        return None

    def close(self) -> None:
        pass
