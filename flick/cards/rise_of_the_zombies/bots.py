"""Bots for Rise of the Zombies!.

- `random`: uniformly random legal actions (the engine's `RandomBot`).
- `greedy`: a fixed-priority player: heal when hurt, ready better weapons and skills, spend
  every attack on the zombie it is most likely to kill, fight before moving, keep the group
  together, place a Location only when the group stands on the frontier with no zombie around
  (or the clock forces it), and rush when the remaining Player Turns barely cover the path.
- `cautious`: the greedy player with a safety margin: it opens a new Location only with one
  more point of Health to spare (unless the clock is short).
- `rollout`: the greedy player that checks its moves (wait, open a Location, board the
  Helicopter, Advance) by playing each out with greedy rollouts on reshuffled decks. Measured
  no better than greedy so far (4 survivors, Standard, 50 games: 2 victories against 1;
  5 survivors, Introductory, 40 games: 9 against 10) at about 3-7 s a game.

- `search` (search.py): information-set Monte Carlo - candidate actions scored by greedy
  rollouts on reshuffled decks and a value model learned from greedy games (value.py); it
  keeps the greedy choice unless another is clearly better. Measured far above greedy (standard,
  4 survivors, seeds 1-40: 22 victories against 1) at about 8 s of one core a game, 0.37 s a
  decision at most. It is the front end's default bot.

All bots read the whole table (the rulebook lets players reveal their hands), never the decks.

One or two survivors (Standard, 55 minutes = 11 Player Turns on the turn clock; 7 are the least
a win takes): the bots almost never win, and it is the game (its provisional zombie values)
more than the bots. Greedy: 0 of 300 solo, 2 of 300 with two (seeds 100-399); search: 0 of 20
each; no greedy setting tried (health margin 0-4, slack 0-3, fight first or not) wins solo.
More time does not help (1 minute a Player Turn: still 0 of 100 solo): they die, mostly in
Player Turns 4-6, as each new Location's Infestation and the zombies left behind (which catch up
every turn the group stops) outgrow what one or two survivors kill. With perfect dice
(survivors roll 6, zombies 1) greedy wins 6 of 100 solo (the rest run out of time) and 65 of 100
with two; survivors' 6s alone give 0 and 32, zombies' 1s alone 0 and 6.
"""

from __future__ import annotations

import random

from flick.cards.rise_of_the_zombies import codes as C
from flick.cards.rise_of_the_zombies import combat, moves
from flick.cards.rise_of_the_zombies import decisions as D
from flick.cards.rise_of_the_zombies import state as S


def _kind(a: int) -> tuple[int, int, int]:
    return a >> 16, (a >> 8) & 255, a & 255


class GreedyBot:
    """The fixed-priority player described in the module doc."""

    name = "greedy"
    margin: float = 0  # extra health it wants before opening a new Location
    fight_first = True  # clear its Location before moving on (unless the clock is short)
    slack = 1  # spare Player Turns it keeps before rushing for the Helicopter
    keep_follow = 2  # cards good only for moving that it keeps at the Discard step

    def __init__(self, seed: int | random.Random = 0) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    # ---- helpers --------------------------------------------------------------------------
    @staticmethod
    def _rem(st: S.RiseOfTheZombies, z: int) -> int:
        return st.zspec(z).health - st.zwounds[z]

    def _threat(self, st: S.RiseOfTheZombies, z: int) -> float:
        """Expected wounds zombie z deals in the next Zombie Attack step."""
        zs = st.zspec(z)
        n = len(st.here(st.zpos[z])) if zs.group else 1
        return zs.attack.expected() * n * (2 if zs.again else 1)

    def _target_score(self, st: S.RiseOfTheZombies, s: int, z: int, expect: float) -> float:
        zs = st.zspec(z)
        rem = self._rem(st, z)
        kill = min(1.0, expect / rem)
        score = kill * (self._threat(st, z) + 0.3 * zs.xp) + (0.5 if expect >= rem else 0.0)
        if st.zpos[z] == st.pos[s]:
            score += 0.5
            if zs.blocks and (zs.group or st.zeng[z] == s):
                score += 1.0
        return score

    def _weapon_value(self, st: S.RiseOfTheZombies, s: int, code: int) -> float:
        rng_, chart, _f, _n = st.weapon(s, code)
        return chart.expected(combat.attack_bonus(st, s)) + 0.15 * rng_[1]

    def _best_weapon_value(self, st: S.RiseOfTheZombies, s: int) -> float:
        vals = [self._weapon_value(st, s, c) for c in st.ready[s] if st.spec(c).type == "weapon"]
        if st.cat.survivors[st.sv[s]].weapon is not None:
            vals.append(self._weapon_value(st, s, C.NONE))
        return max(vals, default=0.0)

    def _turns_left(self, st: S.RiseOfTheZombies) -> float:
        return (st.departure - st.minutes_used) / st.minutes_per_turn

    def _rush(self, st: S.RiseOfTheZombies, s: int) -> bool:
        """Too little time: the survivor must move whatever is around."""
        moves_needed = 7 - st.pos[s]
        return self._turns_left(st) <= moves_needed + self.slack

    # ---- pending sub-decisions ------------------------------------------------------------
    def _pending(self, st: S.RiseOfTheZombies, legal: list[int]) -> int:
        pd = st.pending[0]
        s = pd.seat
        k = pd.kind
        if isinstance(pd, D.Reroll):
            res = combat.roll_wounds(st, s, pd.weapon, pd.roll)
            bad = res == "reload" or res == 0
            return C.act(C.K_REROLL) if bad else C.act(C.K_KEEP)
        if k == "epic":
            return C.act(C.K_SET_ASIDE)
        if k == "join":
            return C.act(C.K_JOIN)
        if k == "react":
            return C.act(C.K_LET)  # the bots are a team: no fights among survivors
        if k == "redirect":
            return legal[0]  # a Companion takes the wound (K_REDIRECT sorts first)
        if k == "heal":
            def heal_key(a: int) -> tuple[int, int]:
                _k, t, c = _kind(a)
                if c == C.NONE:
                    return (0, st.remaining(t))
                return (1, st.spec(c).health - st.cwounds[c])
            return min(legal, key=heal_key)
        zombies = [a for a in legal if _kind(a)[0] == C.K_TARGET]
        if not zombies:
            return legal[0]
        if isinstance(pd, D.Target) and pd.mode == "weapon":
            _r, chart, _f, _n = st.weapon(s, pd.weapon)
            expect = chart.expected(combat.attack_bonus(st, s))
        elif isinstance(pd, D.Target) and pd.mode == "chart":
            sp = st.spec(pd.chart)
            expect = (sp.roll_chart() if sp.type == "companion" else sp.eff("ambush")).expected()
        else:
            assert isinstance(pd, D.Target | D.Alloc)
            expect = float(pd.wounds)
        return max(zombies, key=lambda a: self._target_score(st, s, a & 255, expect))

    # ---- the main choice ------------------------------------------------------------------
    def choose(self, st: S.RiseOfTheZombies) -> int:
        legal = st.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if st.pending:
            return self._pending(st, legal)
        s = st.current_player()
        if st.phase == "discard":
            return self._discard(st, s, legal)
        by: dict[int, list[int]] = {}
        for a in legal:
            by.setdefault(a >> 16, []).append(a)
        rules = [self._heal, self._ready, self._arm]
        if moves.is_blocked(st, s) or (self.fight_first and not self._rush(st, s)):
            rules.append(self._fight)  # clear the Location (or break free) before moving
        rules += [self._move, self._fight, self._give]
        for rule in rules:
            found = rule(st, s, by)
            if found is not None:
                return found
        return C.PASS

    def _discard(self, st: S.RiseOfTheZombies, s: int, legal: list[int]) -> int:
        """Cycle the hand toward Attack cards: keep at most `keep_follow` cards that are only
        good for moving, and nothing that can neither be paid for nor spent for a symbol."""
        hand = st.hand[s]
        kind = {st.cat.action_cards[a & 255]: a for a in legal if a >> 16 == C.K_DISCARD}

        def discard(c: int) -> int:
            return kind[st.cat.action_cards[c]]  # identical cards share one action

        movers = []
        for c in hand:
            sp = st.spec(c)
            if not (sp.attack or sp.follow) and sp.cost > st.xp[s]:
                return discard(c)
            if sp.follow and not sp.attack:
                affordable = sp.cost <= st.xp[s] and sp.type in ("skill", "companion", "item")
                affordable = affordable or bool(sp.eff("heal") and st.wounds[s])
                placeable = sp.type == "location" and len(st.path) < 7
                movers.append((not (affordable or placeable), sp.cost, c))
        movers.sort()
        if len(movers) > self.keep_follow and len(hand) >= st.remaining(s):
            return discard(movers[-1][2])
        return C.act(C.K_DONE)

    def _heal(self, st: S.RiseOfTheZombies, s: int, by: dict[int, list[int]]) -> int | None:
        wounded = any(st.wounds[t] for t in st.here(st.pos[s]))
        if not wounded:
            return None
        for a in by.get(C.K_USE, []):
            if st.spec(a & 255).eff("heal"):
                return a
        if C.K_MEDIC in by and (not st.zombies_at(st.pos[s]) or st.wounds[s] > 1):
            return by[C.K_MEDIC][0]
        return None

    def _ready(self, st: S.RiseOfTheZombies, s: int, by: dict[int, list[int]]) -> int | None:
        best = self._best_weapon_value(st, s)
        options = []
        for a in by.get(C.K_READY, []):
            sp = st.spec(a & 255)
            if sp.type == "weapon":
                bonus = combat.attack_bonus(st, s)
                gain = sp.roll_chart().expected(bonus) + 0.15 * sp.range[1] - best
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
        free = [a for a in by.get(C.K_ATTACK, []) if a & 255 == C.NONE]
        if free:
            return max(free, key=lambda a: self._weapon_value(st, s, (a >> 8) & 255))
        if C.K_COMPANION in by:
            return by[C.K_COMPANION][0]
        for a in by.get(C.K_INSTANT, []):
            sp = st.spec(a & 255)
            if sp.eff("wound_all") and len(here) >= 2:
                return a
            if sp.eff("wound_one") and here:
                return a
            if sp.eff("ambush", None) is not None and sum(self._rem(st, z) for z in here) >= 6:
                return a
        # discard Attack-symbol cards only against zombies that will attack this survivor
        threats = [z for z in here if st.zspec(z).group or st.zeng[z] == s]
        paid = [a for a in by.get(C.K_ATTACK, []) if a & 255 != C.NONE]
        if paid and threats:
            def pay_key(a: int) -> tuple[float, float]:
                card = st.spec(a & 255)
                # spend the least useful card: instants and unaffordable weapons first
                keep = card.roll_chart().expected() if card.type == "weapon" else 0.3
                if card.type == "weapon" and card.cost > st.xp[s] + 1:
                    keep = 0.0
                return (keep, -self._weapon_value(st, s, (a >> 8) & 255))

            return min(paid, key=pay_key)
        if threats and st.remaining(s) <= 2:
            finals = by.get(C.K_FINAL, [])
            if finals:
                return finals[0]
        return None

    def _can_follow(self, st: S.RiseOfTheZombies, t: int) -> bool:
        return moves.cardio_ok(st, t) or any(st.spec(c).follow for c in st.hand[t])

    def _move(self, st: S.RiseOfTheZombies, s: int, by: dict[int, list[int]]) -> int | None:
        """Keep moving: zombies left behind trail one Location behind a moving group and only
        catch up when it stops; open a new Location when the group can follow."""
        p = st.pos[s]
        rush = self._rush(st, s)
        alive = [t for t in range(st.num_players) if st.alive[t]]
        behind = [t for t in alive if st.pos[t] < p]
        mates = [t for t in st.here(p) if t != s]
        ready_mates = all(st.moved[t] or self._can_follow(st, t) for t in mates)
        healthy = st.remaining(s) >= 2 + self.margin or rush
        clear = not st.zombies_at(p) or not self.fight_first
        go = (not behind or rush) and (ready_mates or rush) and healthy and (clear or rush)
        if C.K_HELI in by and go:
            return by[C.K_HELI][0]
        if C.K_LOCATION in by and go:
            def loc_key(a: int) -> tuple[int, int, int]:
                sp = st.spec(a & 255)
                return (sp.epic, sp.infestation, -sp.draw)
            return min(by[C.K_LOCATION], key=loc_key)
        ahead = max(st.pos[t] for t in alive)
        forward = [a for a in by.get(C.K_FOLLOW, []) if (a >> 8) & 255 == 0]
        if forward and ahead > p:
            # pay with Cardio first, then the cheapest Follow card
            return max(forward, key=lambda a: (a & 255 == C.NONE, -st.spec(a & 255).cost
                                               if a & 255 != C.NONE else 0))
        return None

    def _armed(self, st: S.RiseOfTheZombies, t: int) -> bool:
        return st.cat.survivors[st.sv[t]].weapon is not None or any(
            st.spec(c).type == "weapon" for c in st.ready[t])

    def _arm(self, st: S.RiseOfTheZombies, s: int, by: dict[int, list[int]]) -> int | None:
        """Hand a spare weapon the mate can Ready to an unarmed survivor here."""
        best = None
        for a in by.get(C.K_GIVE, []):
            card, t = (a >> 8) & 255, a & 255
            sp = st.spec(card)
            if sp.type != "weapon" or sp.cost > st.xp[t] or self._armed(st, t):
                continue
            if card in st.ready[s]:
                spare = self._armed_without(st, s, card)
                if not spare or st.weapon_user[card] == s:
                    continue
            value = sp.roll_chart().expected()
            if best is None or value > best[0]:
                best = (value, a)
        return best[1] if best else None

    def _armed_without(self, st: S.RiseOfTheZombies, s: int, card: int) -> bool:
        return st.cat.survivors[st.sv[s]].weapon is not None or any(
            st.spec(c).type == "weapon" for c in st.ready[s] if c != card)

    def _give(self, st: S.RiseOfTheZombies, s: int, by: dict[int, list[int]]) -> int | None:
        mine = sum(1 for c in st.hand[s] if st.spec(c).follow)
        if mine < 2:
            return None
        for a in by.get(C.K_GIVE, []):
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


class RolloutBot(GreedyBot):
    """Greedy, but when it would move on (or would rather wait), it plays both out: each
    candidate - wait, open a Location, board the Helicopter, Advance - is scored by `rollouts`
    greedy games from a copy with both decks reshuffled (the hidden part), with the same
    reshuffles for every candidate (common random numbers). A finished rollout scores the share
    of survivors that escape; one stopped after `horizon` Player Turns scores the survivors
    alive, their Health, the path built and the zombie Health around them. Ties keep the
    greedy choice."""

    name = "rollout"
    rollouts = 8
    # weights of the path built and the time survived in a lost rollout; both 0 measured best
    # (a candidate only displaces the greedy choice when its rollouts save more survivors)
    w_path = 0.0
    w_time = 0.0
    MOVES = (C.K_LOCATION, C.K_HELI, C.K_FOLLOW)

    def candidates(
        self, st: S.RiseOfTheZombies, s: int, legal: list[int], choice: int
    ) -> list[int]:
        """The actions worth rollouts from `legal`: the greedy `choice` alone, unless it is a
        move or passing; then also passing, the tamest new Location, the Helicopter and a
        forward Follow."""
        if choice >> 16 not in (C.K_PASS, *self.MOVES):
            return [choice]
        cands = {choice, C.PASS}
        by: dict[int, list[int]] = {}
        for a in legal:
            by.setdefault(a >> 16, []).append(a)
        if C.K_LOCATION in by:
            cands.add(min(by[C.K_LOCATION], key=lambda a: (st.spec(a & 255).epic,
                                                           st.spec(a & 255).infestation)))
        if C.K_HELI in by:
            cands.add(by[C.K_HELI][0])
        forward = [a for a in by.get(C.K_FOLLOW, []) if (a >> 8) & 255 == 0]
        if forward:
            cands.add(max(forward, key=lambda a: a & 255 == C.NONE))
        return sorted(cands)

    horizon = 2  # Player Turns a rollout looks ahead (0: to the end of the game)

    def _score(self, st: S.RiseOfTheZombies) -> float:
        n = st.num_players
        if st.is_terminal() or not self.horizon:
            return (3.0 * sum(st.escaped) / n + self.w_path * len(st.path) / 8
                    + self.w_time * st.minutes_used / st.departure)
        # a position after `horizon` turns: survivors alive and their Health, the path built,
        # the zombie Health they still face
        alive = [t for t in range(n) if st.alive[t]]
        near = {st.pos[t] + d for t in alive for d in (-1, 0, 1)}
        zombie_health = sum(st.zspec(z).health - st.zwounds[z] for z in st.zorder
                            if st.zpos[z] in near)
        return (len(alive) / n + sum(st.remaining(t) for t in alive) / (n * st.health())
                + 0.5 * len(st.path) / 8 - 0.02 * zombie_health / n)

    def value(self, st: S.RiseOfTheZombies) -> float:
        """Score of a rollout's last position (see the class docstring)."""
        return self._score(st)

    def _pick(self, choice: int, cands: list[int], values: dict[int, list[float]]) -> int:
        """The candidate whose rollouts score most in total; ties keep the greedy choice."""
        best, best_value = choice, -1.0
        for a in cands:
            total = 0.0
            for v in values[a]:
                total += v
            # ties keep the greedy choice (it comes first only if it is the best)
            if total > best_value + 1e-9 or (abs(total - best_value) < 1e-9 and a == choice):
                best, best_value = a, total
        return best

    def _stop(self, st: S.RiseOfTheZombies, twin: S.RiseOfTheZombies) -> int:
        """The turn a rollout stops at: `horizon` turns after the candidate was played."""
        return twin.turn + self.horizon if self.horizon else 1 << 30

    def _roll(self, twin: S.RiseOfTheZombies, bot: GreedyBot, stop: int) -> None:
        while not twin.over and twin.turn < stop:
            twin.apply(bot.choose(twin))

    def choose(self, st: S.RiseOfTheZombies) -> int:
        """The greedy choice, unless rollouts of the candidates (`_candidates`), scored by
        `value`, make `_pick` prefer another; every candidate meets the same reshuffles."""
        choice = super().choose(st)
        if st.pending or st.phase != "play":
            return choice
        s = st.current_player()
        cands = self.candidates(st, s, st.legal_actions(), choice)
        if len(cands) == 1:
            return choice
        seeds = [self.rng.getrandbits(32) for _ in range(self.rollouts)]
        values: dict[int, list[float]] = {}
        for a in cands:
            row = []
            for seed in seeds:
                twin = st.determinize(s, random.Random(seed))
                twin.events = None
                twin.apply(a)
                self._roll(twin, GreedyBot(seed), self._stop(st, twin))
                row.append(self.value(twin))
            values[a] = row
        return self._pick(choice, cands, values)
