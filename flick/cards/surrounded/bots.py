"""Bots for Surrounded: greedy, and a search bot over the hidden deck order.

Both see only what the player sees: they plan on `state.determinize(0, rng)` copies, in which
the deck cards the player cannot know are reshuffled, never on the true deck order.

- `GreedyBot`: for each legal action, the score (and goal) the map would have if the game ended
  right after it; the choice Explore/Occupy looks one step further, to the best place for the
  (visible) top card.
- `SearchBot`: determinized Monte Carlo search (perfect-information Monte Carlo over sampled
  deck orders). Each candidate action is followed by fast rollouts of a light heuristic policy
  on freshly sampled deck orders, the same samples for every candidate (common random numbers),
  with successive halving spending the budget on the promising candidates. The value of a
  finished game is `WIN_WEIGHT * won + PROGRESS_WEIGHT * progress + score` (Betrayer:
  `- score`, since it is won by losing points), progress being how far the map got toward an
  unmet goal. The rollout policy: Explore or Occupy at even odds (4 in 5 Explore in Recon
  Mission and Cut a Path), the card on the cell that most raises the battle value of the
  locations it touches (plus containers of completed surrounds; 1 in 10 a random cell), no
  abilities. Trade-off: sampling a whole deck order lets a rollout "know" the future after the
  candidate (strategy fusion); with a rollout policy that ignores that knowledge the effect is
  small, and it keeps the bot fast enough to tabulate all 54 scenario x difficulty pairs.
"""

from __future__ import annotations

import random

from flick.cards.surrounded import board
from flick.cards.surrounded import state as st
from flick.cards.surrounded.cards import Occupant
from flick.cards.surrounded.scoring import CONTAINER_POINTS, resolve
from flick.cards.surrounded.state import SurroundedState

WIN_WEIGHT = 40.0
PROGRESS_WEIGHT = 16.0  # for the way toward an unmet goal (0..1), so near misses count
# Burn refills the deck, so a bot that burns whenever the map looks better drags the game out
# (the engine lets each card burn once, up to 18 Burns). The bots stop burning after this many
# Burns in a game, a budget of their own on top of the rules.
MAX_BOT_BURNS = 4
_STEP = board.STEP
_OPP = board.OPPOSITE


def terminal_value(state: SurroundedState) -> float:
    """What a bot maximises at the end: a win first, then the score (Betrayer: the lack of it)."""
    r = state.result() if state.result_cache is not None else resolve(
        state.locs, state.occs, state.cards, state.scenario, state.difficulty, state.explores,
        detail=False,
    )
    sign = -1.0 if state.scenario.kind == "betrayer" else 1.0
    return WIN_WEIGHT * r.won + PROGRESS_WEIGHT * r.progress + sign * r.score


def static_value(state: SurroundedState) -> float:
    """The map valued as if the game ended now (used by the greedy bot and for pruning)."""
    if state.phase == st.OVER:
        return terminal_value(state)
    r = resolve(state.locs, state.occs, state.cards, state.scenario, state.difficulty,
                state.explores, detail=False)
    sign = -1.0 if state.scenario.kind == "betrayer" else 1.0
    return WIN_WEIGHT * r.won + sign * r.score


def bot_actions(state: SurroundedState) -> list[int]:
    """The legal actions a bot considers: all of them, less Burn after `MAX_BOT_BURNS`."""
    legal = state.legal_actions()
    if state.phase == st.ABILITY and state.used["burn"] >= MAX_BOT_BURNS:
        legal = [a for a in legal if a < st.BURN]
    return legal


class GreedyBot:
    """One-step lookahead on the map's end-of-game value."""

    name = "greedy"

    def __init__(self, seed: int | random.Random = 0) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, state: SurroundedState) -> int:
        legal = bot_actions(state)
        if len(legal) == 1:
            return legal[0]
        world = state.determinize(0, self.rng)
        best, best_v = legal[0], -1e18
        for a in legal:
            v = self._value(world, a, 1)
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best

    def _value(self, world: SurroundedState, action: int, depth: int) -> float:
        s = world.fast_copy()
        s._apply(action)
        if depth > 0 and world.phase == st.CHOOSE and s.phase in (st.LOCATION, st.OCCUPANT):
            return max(self._value(s, a, 0) for a in s.legal_actions())
        return static_value(s)


# ---- the light rollout policy ----------------------------------------------------------------
Mix = tuple[int, int, int]  # leaders, survivors, Walker icons at a location


def _mix(o: Occupant | None) -> Mix:
    if o is None:
        return (0, 0, 0)
    if o.kind == "walker":
        return (0, 0, o.icons)
    return (1, 0, 0) if o.kind == "leader" else (0, 1, 0)


def battle_value(leaders: int, survivors: int, walkers: int) -> int:
    """A location's score from its occupants alone, after the best battle (no container or
    effect): the rollout policy's measure of what a face adds to a location."""
    kills = min(walkers, leaders + survivors)
    best = -99
    for kl in range(max(0, kills - survivors), min(kills, leaders) + 1):
        lr, sr = leaders - kl, survivors - (kills - kl)
        if lr >= 2:
            lr = 0
        v = sr + lr * (1 + sr) - (walkers - kills)
        if v > best:
            best = v
    return best


class _Tables:
    """Per-card numbers the rollout policy reads (built once per card set)."""

    def __init__(self, cards: tuple) -> None:
        self.face: list[list[Mix]] = [[(0, 0, 0)] * 4] + [
            [_mix(f) for f in c.faces] for c in cards
        ]
        self.printed: list[Mix] = [(0, 0, 0)] + [_mix(c.printed) for c in cards]
        # a surround opens the container; half a point more for the surround itself
        self.box = [0.0] + [float(CONTAINER_POINTS[c.container]) + 0.5 for c in cards]
        self.edges = [4] + [c.effect.surround_edges for c in cards]


_TABLES: dict[int, tuple[tuple, _Tables]] = {}


def _tables(state: SurroundedState) -> _Tables:
    entry = _TABLES.get(id(state.cards))
    if entry is None or entry[0] is not state.cards:  # an id can be reused after a set dies
        entry = _TABLES[id(state.cards)] = (state.cards, _Tables(state.cards))
    return entry[1]


def placement_value(state: SurroundedState, cell: int, t: _Tables) -> float:
    """The local worth of putting the card in hand on `cell`: how much the battle value of
    each location it touches changes (a second leader costs, a survivor by a leader is worth
    two), plus containers of the surrounds it completes. Location effects are ignored."""
    locs, occs = state.locs, state.occs
    k = state.deck[-1]
    if state.phase == st.LOCATION:
        lead, surv, walk = t.printed[k]
        n_occ = 0
        for d in range(4):
            o = occs.get(cell + _STEP[d])
            if o is not None:
                n_occ += 1
                fl, fs, fw = t.face[o][_OPP[d]]
                lead, surv, walk = lead + fl, surv + fs, walk + fw
        v = float(battle_value(lead, surv, walk))
        if n_occ >= t.edges[k]:
            v += t.box[k]
        return v
    faces = t.face[k]
    v = 0.0
    for d in range(4):
        c = cell + _STEP[d]
        loc = locs.get(c)
        if loc is None:
            continue
        lead, surv, walk = t.printed[loc]
        n_occ = 1  # the card being placed
        for d2 in range(4):
            o = occs.get(c + _STEP[d2])
            if o is not None:
                n_occ += 1
                fl, fs, fw = t.face[o][_OPP[d2]]
                lead, surv, walk = lead + fl, surv + fs, walk + fw
        fl, fs, fw = faces[d]
        v += battle_value(lead + fl, surv + fs, walk + fw) - battle_value(lead, surv, walk)
        if n_occ == t.edges[loc]:
            v += t.box[loc]
    return v


def rollout_policy(state: SurroundedState, rng: random.Random, t: _Tables) -> int:
    legal = state.legal_cache if state.legal_cache is not None else state.legal_actions()
    p = state.phase
    if p == st.CHOOSE:
        explore_p = 0.8 if state.scenario.kind in ("explores", "width") else 0.5
        return legal[0] if rng.random() < explore_p else legal[-1]
    if p == st.ABILITY:
        return st.SKIP
    if rng.random() < 0.1:
        return legal[rng.randrange(len(legal))]
    sign = -1.0 if state.scenario.kind == "betrayer" else 1.0
    best, best_v = legal[0], -1e18
    for a in legal:
        v = sign * placement_value(state, a - st.PLACE, t) + rng.random() * 0.01
        if v > best_v:
            best, best_v = a, v
    return best


def rollout(state: SurroundedState, rng: random.Random) -> float:
    """Play `state` (a determinized copy, changed in place) to the end; its terminal value."""
    t = _tables(state)
    while state.phase != st.OVER:
        state._apply(rollout_policy(state, rng, t))
    return terminal_value(state)


class SearchBot:
    """Determinized Monte Carlo search with successive halving (see the module docstring).

    budget: rollouts per decision (spread over the candidates); max_candidates: ability
    decisions with more actions are first cut down to the best by static value (SKIP kept).
    """

    name = "search"

    def __init__(
        self, seed: int | random.Random = 0, budget: int = 96, max_candidates: int = 8
    ) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.budget = budget
        self.max_candidates = max_candidates

    def _candidates(self, state: SurroundedState, legal: list[int]) -> list[int]:
        if len(legal) <= self.max_candidates:
            return legal
        world = state.determinize(0, self.rng)
        scored = []
        for a in legal:
            s = world.fast_copy()
            s._apply(a)
            scored.append((static_value(s), -a, a))
        scored.sort(reverse=True)
        keep = [a for _, _, a in scored[: self.max_candidates - 1]]
        if st.SKIP in legal and st.SKIP not in keep:
            keep.append(st.SKIP)
        else:
            keep.append(scored[self.max_candidates - 1][2])
        return sorted(keep)

    def choose(self, state: SurroundedState) -> int:
        legal = bot_actions(state)
        if len(legal) == 1:
            return legal[0]
        alive = self._candidates(state, legal)
        total = {a: 0.0 for a in alive}
        count = {a: 0 for a in alive}
        rounds = max(1, (len(alive) - 1).bit_length())
        per_round = max(1, self.budget // rounds)
        for r in range(rounds):
            for _ in range(max(1, per_round // len(alive))):
                world = state.determinize(0, self.rng)
                seed = self.rng.getrandbits(32)
                for a in alive:
                    s = world.fast_copy()
                    s._apply(a)
                    total[a] += rollout(s, random.Random(seed))
                    count[a] += 1
            alive.sort(key=lambda a: (-total[a] / count[a], a))
            if r < rounds - 1:
                alive = alive[: (len(alive) + 1) // 2]
        return alive[0]
