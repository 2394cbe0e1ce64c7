"""Bots for Rise of the Zombies!.

- `random`: uniformly random legal actions (the engine's `RandomBot`).
- `greedy`: a fixed-priority player: heal when hurt, ready better weapons and skills, spend
  every attack on the zombie it is most likely to kill, fight before moving, keep the group
  together, place a Location only when the group stands on the frontier with no zombie around
  (or the clock forces it), and rush when the remaining Player Turns barely cover the path.
- `cautious`: the greedy player with a safety margin: it rests (Canteen, Jerky, Paramedic)
  before opening a new Location unless the clock is short, and prefers Locations with a low
  Infestation.

All bots read the whole table (the rulebook lets players reveal their hands), never the decks.
"""

from __future__ import annotations

import random
from typing import Any

from flick.cards.bots import RandomBot
from flick.cards.rise_of_the_zombies import state as S
from flick.errors import FlickError


def _kind(a: int) -> tuple[int, int, int]:
    return a >> 16, (a >> 8) & 255, a & 255


class GreedyBot:
    """The fixed-priority player described in the module doc."""

    name = "greedy"
    margin = 0  # extra health it wants before opening a new Location

    def __init__(self, seed: int | random.Random = 0) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    # ---- helpers --------------------------------------------------------------------------
    @staticmethod
    def _rem(st: S.RiseOfTheZombies, z: int) -> int:
        return st.zspec(z).health - st.zwounds[z]

    def _target_score(self, st: S.RiseOfTheZombies, s: int, z: int, expect: float) -> float:
        zs = st.zspec(z)
        rem = self._rem(st, z)
        score = (zs.xp + 1) * min(1.0, expect / rem)
        if st.zpos[z] == st.pos[s]:
            score += 1.0
            if st.zeng[z] == s or zs.group:
                score += 1.0
            if zs.blocks:
                score += 1.0
        return score + zs.attack.expected() * 0.5

    def _weapon_value(self, st: S.RiseOfTheZombies, s: int, code: int) -> float:
        rng_, chart, _f, _n = st.weapon(s, code)
        return chart.expected(st.attack_bonus(s)) + 0.15 * rng_[1]

    def _best_weapon_value(self, st: S.RiseOfTheZombies, s: int) -> float:
        vals = [self._weapon_value(st, s, c) for c in st.ready[s] if st.spec(c).type == "weapon"]
        if st.cat.survivors[st.sv[s]].weapon is not None:
            vals.append(self._weapon_value(st, s, S.NONE))
        return max(vals, default=0.0)

    def _turns_left(self, st: S.RiseOfTheZombies) -> float:
        return (st.departure - st.minutes_used) / st.minutes_per_turn

    def _rush(self, st: S.RiseOfTheZombies, s: int) -> bool:
        """Too little time: the survivor must move whatever is around."""
        moves_needed = 7 - st.pos[s]
        return self._turns_left(st) <= moves_needed + 1

    # ---- pending sub-decisions ------------------------------------------------------------
    def _pending(self, st: S.RiseOfTheZombies, legal: list[int]) -> int:
        pd = st.pending[0]
        s = pd["s"]
        k = pd["k"]
        if k == "reroll":
            res = st.roll_wounds(s, pd["w"], pd["roll"])
            bad = res == "reload" or res == 0
            return S.act(S.K_REROLL) if bad else S.act(S.K_KEEP)
        if k == "epic":
            return S.act(S.K_SET_ASIDE)
        if k == "join":
            return S.act(S.K_JOIN)
        if k == "heal":
            def heal_key(a: int) -> tuple[int, int]:
                _k, t, c = _kind(a)
                if c == S.NONE:
                    return (0, st.remaining(t))
                return (1, st.spec(c).health - st.cwounds[c])
            return min(legal, key=heal_key)
        zombies = [a for a in legal if _kind(a)[0] == S.K_TARGET]
        if not zombies:
            return legal[0]
        if k == "target" and pd["mode"] == "weapon":
            _r, chart, _f, _n = st.weapon(s, pd["w"])
            expect = chart.expected(st.attack_bonus(s))
        elif k == "target" and pd["mode"] == "chart":
            sp = st.spec(pd["chart"])
            expect = (sp.chart if sp.type == "companion" else sp.eff("ambush")).expected()
        else:
            expect = float(pd["n"])
        return max(zombies, key=lambda a: self._target_score(st, s, a & 255, expect))

    # ---- the main choice ------------------------------------------------------------------
    def choose(self, st: S.RiseOfTheZombies) -> int:
        legal = st.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if st.pending:
            return self._pending(st, legal)
        if st.phase == "discard":
            return S.act(S.K_DONE)
        s = st.current_player()
        by: dict[int, list[int]] = {}
        for a in legal:
            by.setdefault(a >> 16, []).append(a)
        for rule in (self._heal, self._ready, self._fight, self._move, self._give):
            a = rule(st, s, by)
            if a is not None:
                return a
        return S.PASS

    def _heal(self, st: S.RiseOfTheZombies, s: int, by: dict[int, list[int]]) -> int | None:
        wounded = any(st.wounds[t] for t in st.here(st.pos[s]))
        if not wounded:
            return None
        for a in by.get(S.K_USE, []):
            if st.spec(a & 255).eff("heal"):
                return a
        if S.K_MEDIC in by and not st.zombies_at(st.pos[s]):
            return by[S.K_MEDIC][0]
        return None

    def _ready(self, st: S.RiseOfTheZombies, s: int, by: dict[int, list[int]]) -> int | None:
        best = self._best_weapon_value(st, s)
        options = []
        for a in by.get(S.K_READY, []):
            sp = st.spec(a & 255)
            if sp.type == "weapon":
                gain = sp.chart.expected(st.attack_bonus(s)) + 0.15 * sp.range[1] - best
                if gain > 0.05:
                    options.append((gain + 1.0, a))
            elif sp.type == "skill":
                options.append((1.5, a))
            elif sp.type == "companion":
                options.append((1.2, a))
            elif sp.type == "item" and sp.eff("heal") and st.wounds[s] >= sp.eff("heal"):
                options.append((2.0, a))
            elif sp.type == "attachment" and len(st.zombies_at(st.pos[s])) >= 3:
                options.append((0.8, a))
        return max(options)[1] if options else None

    def _fight(self, st: S.RiseOfTheZombies, s: int, by: dict[int, list[int]]) -> int | None:
        p = st.pos[s]
        here = st.zombies_at(p)
        # free attack with the best weapon
        free = [a for a in by.get(S.K_ATTACK, []) if a & 255 == S.NONE]
        if free:
            return max(free, key=lambda a: self._weapon_value(st, s, (a >> 8) & 255))
        if S.K_COMPANION in by:
            return by[S.K_COMPANION][0]
        for a in by.get(S.K_INSTANT, []):
            sp = st.spec(a & 255)
            if sp.eff("wound_all") and len(here) >= 2:
                return a
            if sp.eff("wound_one") and here:
                return a
            if sp.eff("ambush", None) is not None and sum(self._rem(st, z) for z in here) >= 6:
                return a
        paid = [a for a in by.get(S.K_ATTACK, []) if a & 255 != S.NONE]
        if paid and (here or self._turns_left(st) > 0):
            best = self._best_weapon_value(st, s)

            def pay_key(a: int) -> tuple[float, float]:
                card = st.spec(a & 255)
                # spend the least useful card: weak weapons first, then instants
                keep = card.chart.expected() if card.type == "weapon" else 0.5
                if card.type == "weapon" and card.cost > st.xp[s] + 2:
                    keep = 0.0
                return (keep, -self._weapon_value(st, s, (a >> 8) & 255))

            a = min(paid, key=pay_key)
            if here or best > 0:
                return a
        if here and st.remaining(s) <= 2:
            finals = by.get(S.K_FINAL, [])
            if finals:
                return finals[0]
        return None

    def _move(self, st: S.RiseOfTheZombies, s: int, by: dict[int, list[int]]) -> int | None:
        p = st.pos[s]
        here = st.zombies_at(p)
        rush = self._rush(st, s)
        if here and not rush:
            return None
        alive = [t for t in range(st.num_players) if st.alive[t]]
        together = all(st.pos[t] == p for t in alive)
        healthy = st.remaining(s) >= 2 + self.margin or rush
        if S.K_HELI in by and (together or rush) and healthy:
            return by[S.K_HELI][0]
        if S.K_LOCATION in by and (together or rush) and healthy:
            def loc_key(a: int) -> tuple[int, int, int]:
                sp = st.spec(a & 255)
                return (sp.epic, sp.infestation, -sp.draw)
            return min(by[S.K_LOCATION], key=loc_key)
        ahead = max(st.pos[t] for t in alive)
        forward = [a for a in by.get(S.K_FOLLOW, []) if (a >> 8) & 255 == 0]
        if forward and ahead > p:
            # pay with Cardio first, then the least useful Follow card
            return max(forward, key=lambda a: (a & 255 == S.NONE, -st.spec(a & 255).cost
                                               if a & 255 != S.NONE else 0))
        return None

    def _give(self, st: S.RiseOfTheZombies, s: int, by: dict[int, list[int]]) -> int | None:
        mine = sum(1 for c in st.hand[s] if st.spec(c).follow)
        if mine < 2:
            return None
        for a in by.get(S.K_GIVE, []):
            card, t = (a >> 8) & 255, a & 255
            if card in st.hand[s] and st.spec(card).follow and not st.moved[t] and not any(
                st.spec(c).follow for c in st.hand[t]
            ):
                return a
        return None


class CautiousBot(GreedyBot):
    """Greedy, but opens a new Location only with a health margin (unless rushed)."""

    name = "cautious"
    margin = 1


BOTS = {"random": RandomBot, "greedy": GreedyBot, "cautious": CautiousBot}


def make_bot(kind: str, seed: int) -> Any:
    """A bot of `kind` with its own seeded generator."""
    if kind not in BOTS:
        raise FlickError(f"unknown bot {kind!r}; known: {', '.join(BOTS)}", exit_code=2)
    return BOTS[kind](seed)
