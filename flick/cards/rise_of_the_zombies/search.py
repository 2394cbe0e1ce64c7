"""The `search` bot of Rise of the Zombies!: information-set Monte Carlo with greedy rollouts.

At each decision of the Play Cards step it lists a few candidate actions - the greedy choice,
passing, and what each of the greedy player's rules would do if it fired now (heal, ready,
fight, move on: place a Location, board the Helicopter, Advance or Retreat) - and scores every
candidate on `rollouts` determinizations: copies of the table with both decks reshuffled (the
decks are the only hidden things; the rulebook lets players reveal their hands), the candidate
applied, then greedy play up to the start of the next Player Turn (`horizon`), where the
position is scored by the learned model of `value.py` (the share of survivors greedy play goes
on to save from such a position; a finished game scores its share of escaped survivors). The
same determinizations serve every candidate (common random numbers), and a candidate displaces
the greedy choice only when its gain, paired rollout by rollout, is clearly above the noise
(`margin` and `z` standard errors): a plain arg-max over a few noisy rollouts picks nearly at
random and measured far worse than greedy. The Discard step and sub-decisions (targets,
re-rolls) are left to the greedy rules.

Measured (`python tools/measure_rise_of_the_zombies.py`, the sample game's 4 survivors,
victories = games where someone escapes; seeds 0+):

    difficulty     random (200)  greedy (200)  search (60)   greedy on the search's 60 seeds
    introductory   0%            8.0%          52% (31)      1
    standard       0%            7.5%          42% (25)      1
    expert         0%            4.5%          28% (17)      2
    insane         0%            3.0%          15% (9)       0

a few seconds of one core a game for search (a few ms for greedy). Solo (the Scout) greedy and
random never win. (That table was measured with 8 rollouts a candidate.)

The default bot of `flick cards rise-of-the-zombies` (the seats beside people, and --games
without --bots) is this bot with 16 rollouts a candidate. `--games 40 --seed 1` (the sample
game's 4 survivors, standard, turn clock), every seat a search bot:

    rollouts   victories   CPU a decision: mean / p99 / max   CPU a game
    8          13 of 40    15 ms / 98 ms / 0.18 s             4.4 s
    16         22 of 40    30 ms / 193 ms / 0.37 s            8.5 s

(one process on a shared 2-core machine, load average 5-10 while measuring; greedy wins 1 of
40 on the same seeds.)
"""

from __future__ import annotations

from flick.cards.rise_of_the_zombies import codes as C
from flick.cards.rise_of_the_zombies import state as S
from flick.cards.rise_of_the_zombies.bots import RolloutBot
from flick.cards.rise_of_the_zombies.value import win_chance


class SearchBot(RolloutBot):
    """The rollout bot with more candidates, a learned value of a position and a paired test
    before it leaves the greedy choice."""

    name = "search"
    # determinizations per candidate: 16 measured 22 victories of 40 (4 survivors, standard,
    # seeds 1-40, turn clock) against 13 of 40 with 8, at 30 ms of CPU a decision on average
    # and 0.37 s at most (8: 15 ms, 0.18 s); see the module doc
    rollouts = 16
    horizon = 1  # a rollout stops at the start of the `horizon`-th next Player Turn (0: the end)
    # a candidate replaces the greedy choice only if its mean gain over it, paired rollout by
    # rollout, exceeds both `margin` and `z` standard errors (else noise would pick at random)
    margin = 0.01
    z = 2.0

    # ---- the value of a position ----------------------------------------------------------------
    use_model = True  # score unfinished rollouts with the learned model (value.py)

    def value(self, st: S.RiseOfTheZombies) -> float:
        """Score of a rollout's last position: the learned escape share, or the hand-made
        `heuristic` with `use_model` off."""
        if self.use_model:
            return 2.0 * win_chance(st)
        return self.heuristic(st)

    def heuristic(self, st: S.RiseOfTheZombies) -> float:
        """Score of a rollout's last position, per survivor (0: everybody dead; 2: all escaped)."""
        n = st.num_players
        if st.over:
            return 2.0 * sum(st.escaped) / n
        turns_left = (st.departure - st.minutes_used) / st.minutes_per_turn
        health = st.health()
        placements = 8 - len(st.path)  # one new Location a Player Turn at most
        threat = [0.0] * n
        for z in st.zorder:
            p = st.zpos[z]
            zs = st.zspec(z)
            e = zs.attack.expected() * (2 if zs.again else 1)
            if zs.group:
                for t in st.here(p):
                    threat[t] += e
            elif st.zeng[z] >= 0:
                threat[st.zeng[z]] += e
        v = 0.0
        for s in range(n):
            if not st.alive[s]:
                continue
            need = max(7 - st.pos[s], placements)
            slack = turns_left - need
            feasible = 1.0 if slack >= 1 else 0.6 if slack >= 0 else 0.1
            rem = max(st.remaining(s) - threat[s], 0.0)
            v += feasible * (0.5 + 0.5 * rem / health) * (0.6 + 0.4 * st.pos[s] / 7)
        return v / n

    # ---- candidates ------------------------------------------------------------------------------
    def candidates(self, st: S.RiseOfTheZombies, s: int, legal: list[int],
                   choice: int) -> list[int]:
        """The actions worth a search from `legal`: the greedy `choice`, passing, the heal,
        Ready and fight the rules pick, the tamest new Location, the Helicopter, an Advance
        and a Retreat."""
        by: dict[int, list[int]] = {}
        for a in legal:
            by.setdefault(a >> 16, []).append(a)
        cands = [choice]

        def add(a: int | None) -> None:
            if a is not None and a not in cands and a in legal:
                cands.append(a)

        add(C.PASS)
        for rule in (self._heal, self._ready, self._fight):
            add(rule(st, s, by))
        if C.K_LOCATION in by:
            add(min(by[C.K_LOCATION], key=lambda a: (st.spec(a & 255).epic,
                                                     st.spec(a & 255).infestation,
                                                     -st.spec(a & 255).draw)))
        if C.K_HELI in by:
            add(by[C.K_HELI][0])
        for way in (0, 1):  # Advance, Retreat: pay with Cardio first, then the cheapest card
            moves = [a for a in by.get(C.K_FOLLOW, []) if (a >> 8) & 255 == way]
            if moves:
                add(max(moves, key=lambda a: (a & 255 == C.NONE,
                                              -st.spec(a & 255).cost if a & 255 != C.NONE
                                              else 0)))
        return cands

    # ---- search ----------------------------------------------------------------------------------
    def _stop(self, st: S.RiseOfTheZombies, twin: S.RiseOfTheZombies) -> int:
        """`horizon` turns counted from the position searched, not from the candidate played."""
        return st.turn + self.horizon if self.horizon else 1 << 30

    def _pick(self, choice: int, cands: list[int], values: dict[int, list[float]]) -> int:
        """A candidate replaces the greedy choice only by a significant paired gain."""
        base = values[choice]
        best, best_gain = choice, 0.0
        r = len(base)
        for a in cands[1:]:
            diffs = [x - y for x, y in zip(values[a], base, strict=True)]
            mean = sum(diffs) / r
            sd = (sum((d - mean) ** 2 for d in diffs) / max(r - 1, 1)) ** 0.5
            if mean > max(self.margin, self.z * sd / r ** 0.5) and mean > best_gain:
                best, best_gain = a, mean
        return best
