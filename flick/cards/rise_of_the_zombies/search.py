"""The `search` bot of Rise of the Zombies!: information-set Monte Carlo with greedy rollouts.

At each decision of the Play Cards step it lists a few candidate actions - the greedy choice,
passing, and what each of the greedy player's rules would do if it fired now (heal, ready,
fight, move on: place a Location, board the Helicopter, Advance or Retreat) - and scores every
candidate on `rollouts` determinizations: copies of the table with both decks reshuffled (the
decks are the only hidden things; the rulebook lets players reveal their hands), the candidate
applied, then greedy play for `horizon` Player Turns (or to the end of the game). The same
determinizations serve every candidate (common random numbers), so the comparison is between
the actions, not between lucky and unlucky draws. The candidate with the best mean value is
played; ties keep the greedy choice. The Discard step and sub-decisions (targets, re-rolls)
are left to the greedy rules.

The value of a rollout: a finished game scores 2 per escaped survivor; an unfinished one
scores each living survivor by its Health, how far along the path it stands and whether the
remaining Player Turns still cover the Locations it must cross, less the wounds the zombies
around it are expected to inflict in the next Zombie Attack step. All divided by the number of
survivors.
"""

from __future__ import annotations

import random

from flick.cards.rise_of_the_zombies import codes as C
from flick.cards.rise_of_the_zombies import state as S
from flick.cards.rise_of_the_zombies.bots import GreedyBot


class SearchBot(GreedyBot):
    """Greedy rules as the default and in rollouts; rollouts pick among their suggestions."""

    name = "search"
    rollouts = 4  # determinizations per candidate
    horizon = 2  # Player Turns a rollout plays past the current one (0: to the end)

    # ---- the value of a position ----------------------------------------------------------------
    def value(self, st: S.RiseOfTheZombies) -> float:
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
    def _candidates(self, st: S.RiseOfTheZombies, s: int, legal: list[int],
                    choice: int) -> list[int]:
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
    def _roll(self, twin: S.RiseOfTheZombies, bot: GreedyBot) -> None:
        stop = twin.turn + self.horizon + 1 if self.horizon else 1 << 30
        while not twin.over and twin.turn < stop:
            twin.apply(bot.choose(twin))

    def choose(self, st: S.RiseOfTheZombies) -> int:
        choice = super().choose(st)
        if st.pending or st.phase != "play":
            return choice
        s = st.current_player()
        cands = self._candidates(st, s, st.legal_actions(), choice)
        if len(cands) == 1:
            return choice
        seeds = [self.rng.getrandbits(32) for _ in range(self.rollouts)]
        best, best_value = choice, -1.0
        for a in cands:
            total = 0.0
            for seed in seeds:
                twin = st.determinize(s, random.Random(seed))
                twin.events = None
                twin.apply(a)
                self._roll(twin, GreedyBot(seed))
                total += self.value(twin)
            if total > best_value + 1e-9:  # the greedy choice is first: ties keep it
                best, best_value = a, total
        return best
