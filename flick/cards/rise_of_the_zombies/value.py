"""A learned value of a Rise of the Zombies! position for the search bot's truncated rollouts.

`features(st)` describes the table at the start of a Player Turn in a few numbers (survivors
alive, their Health, the time left against the Locations still to cross, the zombies on and
behind them, their kit); `win_chance(st)` is a logistic model of the share of survivors who go
on to escape when greedy bots play on. `fit` recomputes the weights from greedy games
(`python -m flick.cards.rise_of_the_zombies.value --games 3000`); the numbers in `WEIGHTS`
were produced by that command and are stored here so the bot is deterministic and quick.
"""

from __future__ import annotations

import argparse
import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies

NAMES = ("bias", "alive", "health", "turns_left", "need", "slack", "late", "zombies_here",
         "zombies_behind", "threat", "weapons", "xp", "hand", "progress")

# fitted by `python -m flick.cards.rise_of_the_zombies.value --games 3000 --seed 100000`:
# 25160 positions from 3000 greedy games (4 survivors, the four difficulties in turn)
WEIGHTS: tuple[float, ...] = (-2.0529, 0.0277, 1.0076, -0.8426, -2.7687, 1.0834, 0.3487,
                              -1.3871, -0.4551, -0.642, 0.0146, 0.2237, 0.2941, 0.792)


def features(st: RiseOfTheZombies) -> list[float]:
    """The position as numbers (all roughly 0..1; see NAMES)."""
    n = st.num_players
    alive = [s for s in range(n) if st.alive[s]]
    if not alive:
        return [1.0] + [0.0] * (len(NAMES) - 1)
    health = st.health()
    turns_left = (st.departure - st.minutes_used) / st.minutes_per_turn
    rear = min(st.pos[s] for s in alive)
    need = max(7 - rear, 8 - len(st.path))
    slack = turns_left - need
    occupied = {st.pos[s] for s in alive}
    here = behind = threat = 0.0
    for z in st.zorder:
        p = st.zpos[z]
        zs = st.zspec(z)
        rem = zs.health - st.zwounds[z]
        if p in occupied:
            here += rem
            e = zs.attack.expected() * (2 if zs.again else 1)
            threat += e * (sum(1 for s in alive if st.pos[s] == p) if zs.group else 1)
        elif p < rear:
            behind += rem
    weapons = sum(1 for s in alive for c in st.ready[s] if st.spec(c).type == "weapon")
    weapons += sum(1 for s in alive if st.cat.survivors[st.sv[s]].weapon is not None)
    k = len(alive)
    return [
        1.0,
        k / n,
        sum(st.remaining(s) for s in alive) / (k * health),
        turns_left / 14.0,
        need / 7.0,
        slack / 7.0,
        min(slack, 0.0) / 2.0,
        here / (4.0 * k),
        behind / (4.0 * k),
        threat / (k * health),
        weapons / k,
        sum(st.xp[s] for s in alive) / (3.0 * k),
        sum(len(st.hand[s]) for s in alive) / (k * health),
        sum(st.pos[s] for s in alive) / (7.0 * k),
    ]


def win_chance(st: RiseOfTheZombies, weights: tuple[float, ...] | None = None) -> float:
    """The model's share of survivors who escape from here (0..1)."""
    if st.over:
        return sum(st.escaped) / st.num_players
    if not any(st.alive):
        return 0.0
    w = weights or WEIGHTS
    x = sum(a * b for a, b in zip(w, features(st), strict=True))
    return 1.0 / (1.0 + math.exp(-max(min(x, 30.0), -30.0)))


def samples(games: int, seed: int = 0) -> tuple[list[list[float]], list[float]]:
    """Features at the start of every Player Turn of `games` greedy games (4 survivors, each
    difficulty in turn) and the share of survivors that escaped in the end."""
    from flick.cards.rise_of_the_zombies.bots import GreedyBot
    from flick.cards.rise_of_the_zombies.data import DIFFICULTIES, SAMPLE_GROUP
    from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies

    xs: list[list[float]] = []
    ys: list[float] = []
    for g in range(games):
        st = RiseOfTheZombies(list(SAMPLE_GROUP), DIFFICULTIES[g % 4], seed=seed + g)
        bot = GreedyBot(seed + g)
        rows = []
        turn = 0
        while not st.over:
            if st.turn != turn:
                turn = st.turn
                rows.append(features(st))
            st.apply(bot.choose(st))
        y = sum(st.escaped) / st.num_players
        xs.extend(rows)
        ys.extend([y] * len(rows))
    return xs, ys


def fit(xs: list[list[float]], ys: list[float], l2: float = 1e-3) -> tuple[float, ...]:
    """Logistic regression (cross-entropy with fractional labels, L2 penalty) by Newton steps."""
    import numpy as np

    x = np.asarray(xs, dtype=float)
    y = np.asarray(ys, dtype=float)
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x / len(y) + l2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return tuple(round(float(v), 4) for v in w)


def main(argv: list[str] | None = None) -> int:
    """Fit the weights on greedy games and print them as a Python tuple."""
    p = argparse.ArgumentParser(description="fit the search bot's value model")
    p.add_argument("--games", type=int, default=3000)
    p.add_argument("--seed", type=int, default=100_000)
    args = p.parse_args(argv)
    xs, ys = samples(args.games, args.seed)
    w = fit(xs, ys)
    print(f"# {len(xs)} positions from {args.games} greedy games, seeds {args.seed}+")
    print("WEIGHTS = (" + ", ".join(f"{v}" for v in w) + ")")
    for name, v in zip(NAMES, w, strict=True):
        print(f"#   {name}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
