"""The rules of Rise of the Zombies! as a `State` of the shared card engine.

Seats are the survivors (1-8). A Player Turn runs as: the Discard step (each survivor in seat
order discards any cards, then draws up to its current Health), then the Play Cards step,
played as a queue: the survivor to act keeps acting until it passes; then the next survivor who
has not passed acts. A pass is "done for now": a survivor is woken (must act again) when a new
Location is placed (so it may Follow), when it is handed a card, or when a zombie in its Location
is Killed (it may now be able to Advance). The step ends when every living survivor has passed.
Then the Zombie Turn (move, attack, spawn) runs by itself, with all dice drawn from the state's
seeded generator.

Decisions inside an action (the target of an attack, the wounds of a Final Attack, the
Historian's re-roll, the Mutated Prisoners' placement, joining an Ambush, whom to heal) are
*pending* sub-decisions owned by one survivor; a sub-decision with a single option resolves by
itself.

Readings where the rulebook is silent (each also noted where it is applied):
- The turn clock charges `minutes_per_turn` when a Play Cards step ends; when the clock reaches
  the Departure Time the game ends at once (the Zombie Turn is not played).
- Killed zombies are exchanged for Experience counters at once (the rulebook allows it).
- A non-Group zombie left unengaged in a Location with survivors (its survivor left or died)
  Engages a random survivor there; a survivor entering a Location is Engaged by every unengaged
  non-Group zombie there (he walks into them).
- Fast zombies attack whenever they appear (infestation, spawn, attract) in a Location with
  survivors; moving into one is not appearing.
- Attract: the zombie draws one more Zombie card when it appears; that card does not count toward
  the Infestation value.
- The Mutated Prisoners drawn for an Infestation may be placed (counting toward it, Epic) or set
  aside out of the game; drawn by a Spawn or an Attract they are placed, and still count as Epic.
- Wounds a zombie inflicts are redirected to the survivor's companions first (one at a time, a
  companion at 0 Health dies), as a player nearly always wants.
- The Rescue Helicopter counts as the Player Turn's one new Location.
- Following pays with a Follow-symbol card from the hand (Cardio: once per turn without).
- A card may be handed to another survivor or moved back to the hand at most once per Player Turn
  (so the Play Cards step always ends); it can only be used to Attack by one survivor a turn.
- Companions attack once per Player Turn each, with their own chart and no modifiers; Ambush and
  companion rolls take no modifiers either.
- Otis rule: survivors in range may be targets of weapon attacks; no experience for them.
"""

from __future__ import annotations

import random
from typing import Any

from flick.cards.engine import TERMINAL, State, rng_from_json, rng_state_to_json
from flick.cards.rise_of_the_zombies.data import Catalog, Chart, default_catalog
from flick.errors import FlickError

SAFE, HELI = -1, -2  # path entries of the two fixed Location cards
NONE = 255  # "inherent weapon", "Free Attack", "Cardio", "the survivor itself" in action codes

(K_PASS, K_DISCARD, K_DONE, K_READY, K_LOCATION, K_HELI, K_FOLLOW, K_ATTACK, K_FINAL,
 K_INSTANT, K_USE, K_GIVE, K_UNREADY, K_COMPANION, K_MEDIC, K_TARGET, K_TARGET_SURV, K_HEAL,
 K_REROLL, K_KEEP, K_PLACE_EPIC, K_SET_ASIDE, K_JOIN, K_DECLINE) = range(24)

PASS = 0


def act(kind: int, a: int = 0, b: int = 0) -> int:
    """The action code of `kind` with arguments a, b (each 0..255)."""
    return kind << 16 | a << 8 | b


def campaign_points(starting: int, living: int, epic_overcome: int) -> int:
    """Campaign points of one game: 2 if every starting survivor lives, 1 if at least half
    (rounded up) live, plus 1 per Epic challenge overcome."""
    if living >= starting:
        base = 2
    elif living >= (starting + 1) // 2:
        base = 1
    else:
        base = 0
    return base + epic_overcome


class RiseOfTheZombies(State):
    """One game of Rise of the Zombies!; seat i plays survivor `names[i]`."""

    game_name = "rise_of_the_zombies"

    def __init__(
        self,
        survivors: list[str] | tuple[str, ...] = ("Scout", "Paramedic", "Cheerleader", "Scoundrel"),
        difficulty: str = "standard",
        seed: int = 0,
        clock: str = "turns",
        otis: bool = False,
        minutes_per_turn: int | None = None,
        catalog: Catalog | None = None,
        log: bool = False,
    ) -> None:
        """A new game, set up and dealt; the first Player Turn's Discard step is next."""
        cat = catalog or default_catalog()
        self.cat = cat
        if not 1 <= len(survivors) <= 8:
            raise FlickError(f"Rise of the Zombies! takes 1 to 8 survivors, not {len(survivors)}",
                             exit_code=2)
        sv = [cat.survivor_index(n) for n in survivors]
        if len(set(sv)) != len(sv):
            raise FlickError("each survivor can be chosen once", exit_code=2)
        if clock not in ("turns", "real"):
            raise FlickError(f"unknown clock {clock!r}; known: turns, real", exit_code=2)
        n = len(sv)
        self.num_players = n
        self.seed = seed
        self.sv = sv
        self.difficulty = difficulty
        self.departure = cat.departure_minutes(difficulty, n)
        self.clock = clock
        self.otis = otis
        self.minutes_per_turn = minutes_per_turn or cat.minutes_per_turn
        self.minutes_used: float = 0
        self.rng = random.Random(seed)
        self.events: list[str] | None = [] if log else None
        na, nz = len(cat.action_cards), len(cat.zombie_cards)
        self.adeck = list(range(na))
        self.rng.shuffle(self.adeck)
        self.adisc: list[int] = []
        self.removed: list[int] = []  # dead companions: out of the game
        self.zdeck = list(range(nz))
        self.rng.shuffle(self.zdeck)
        self.zdisc: list[int] = []
        self.aside: list[int] = []  # Mutated Prisoners set aside
        self.zpos = [-1] * nz
        self.zwounds = [0] * nz
        self.zeng = [-1] * nz
        self.zorder: list[int] = []
        self.path = [SAFE]
        self.attach: list[list[int]] = [[]]
        self.group_n = n
        self.pos = [0] * n
        self.wounds = [0] * n
        self.alive = [True] * n
        self.escaped = [False] * n
        self.xp = [0] * n
        self.furthest = [0] * n
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.ready: list[list[int]] = [[] for _ in range(n)]
        self.cwounds = [0] * na
        self.turn = 0
        self.over = False
        self.end_reason = ""
        self.pending: list[dict[str, Any]] = []
        self.infest: dict[str, Any] | None = None
        self.epic = {"locations": 0, "prisoners_placed": False, "prisoners_killed": False}
        for s in range(n):
            self._draw_actions(s, self.health())
        self._start_player_turn()

    # ---- small queries -------------------------------------------------------------------
    def health(self) -> int:
        """Health (and hand size) of an unwounded survivor on the Group counter in place."""
        return self.cat.group[self.group_n][0]

    def modifier(self) -> int:
        """The Group counter's Infestation modifier."""
        return self.cat.group[self.group_n][1]

    def remaining(self, s: int) -> int:
        return self.health() - self.wounds[s] if self.alive[s] else 0

    def spec(self, card: int) -> Any:
        return self.cat.actions[self.cat.action_cards[card]]

    def zspec(self, zid: int) -> Any:
        return self.cat.zombies[self.cat.zombie_cards[zid]]

    def name(self, s: int) -> str:
        return self.cat.survivors[self.sv[s]].name

    def location_name(self, i: int) -> str:
        c = self.path[i]
        if c == SAFE:
            return "Safe House"
        return "Rescue Helicopter" if c == HELI else self.spec(c).name

    def heli_placed(self) -> bool:
        return len(self.path) == 8

    def here(self, p: int) -> list[int]:
        """Living survivors in path position p."""
        return [s for s in range(self.num_players) if self.alive[s] and self.pos[s] == p]

    def zombies_at(self, p: int) -> list[int]:
        return [z for z in self.zorder if self.zpos[z] == p]

    def crossbow_lone(self, s: int) -> bool:
        """Crossbow text: if it is your only Readied Weapon, Group Zombies do not Engage you
        (an Inherent Weapon is always Readied, so it counts)."""
        if self.cat.survivors[self.sv[s]].weapon is not None:
            return False
        weapons = [c for c in self.ready[s] if self.spec(c).type == "weapon"]
        return len(weapons) == 1 and bool(self.spec(weapons[0]).eff("lone_weapon_no_group_engage"))

    def blocked(self, s: int) -> bool:
        """Cannot Advance: Engaged with a Blocks zombie, or a Blocks Group zombie is here
        (one that does not Engage this survivor - Crossbow - does not block)."""
        p = self.pos[s]
        lone = None
        for z in self.zorder:
            if self.zpos[z] != p:
                continue
            zs = self.zspec(z)
            if not zs.blocks:
                continue
            if zs.group:
                if lone is None:
                    lone = self.crossbow_lone(s)
                if not lone:
                    return True
            elif self.zeng[z] == s:
                return True
        return False

    def attack_bonus(self, s: int) -> int:
        return self.bonus[s] + sum(self.spec(c).eff("attack_bonus") for c in self.ready[s]
                                   if self.spec(c).type == "skill")

    def weapon(self, s: int, code: int) -> tuple[tuple[int, int], Chart, int, str]:
        """(range, chart, final wounds, name) of weapon `code` (a card, or NONE: inherent)."""
        if code == NONE:
            w = self.cat.survivors[self.sv[s]].weapon
            return w.range, w.chart, 0, w.name
        sp = self.spec(code)
        return sp.range, sp.chart, sp.final, sp.name

    # ---- the engine API ------------------------------------------------------------------
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.pending:
            return self.pending[0]["s"]
        return self.actor

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        return [1.0 if e else 0.0 for e in self.escaped]

    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        if self.pending:
            return self._pending_actions(self.pending[0])
        if self.phase == "discard":
            return self._discard_actions(self.actor)
        return self._play_actions(self.actor)

    def _distinct(self, cards: list[int], pred: Any = None) -> list[int]:
        """The first card of each kind among `cards` (identical cards give identical actions)."""
        seen: set[int] = set()
        out = []
        ac = self.cat.action_cards
        for c in cards:
            k = ac[c]
            if k in seen or (pred is not None and not pred(self.cat.actions[k])):
                continue
            seen.add(k)
            out.append(c)
        return out

    def _discard_actions(self, s: int) -> list[int]:
        return [*sorted(act(K_DISCARD, 0, c) for c in self._distinct(self.hand[s])), act(K_DONE)]

    def _targets(self, s: int, lo: int, hi: int) -> list[int]:
        p = self.pos[s]
        zp = self.zpos
        return [z for z in self.zorder if lo <= abs(zp[z] - p) <= hi]

    def _surv_targets(self, s: int, lo: int, hi: int) -> list[int]:
        if not self.otis:
            return []
        p = self.pos[s]
        return [t for t in range(self.num_players)
                if t != s and self.alive[t] and lo <= abs(self.pos[t] - p) <= hi]

    def _heal_targets(self, s: int) -> list[tuple[int, int]]:
        out = []
        for t in self.here(self.pos[s]):
            if self.wounds[t] > 0:
                out.append((t, NONE))
            for c in self.ready[t]:
                if self.cwounds[c] > 0 and self.spec(c).type == "companion":
                    out.append((t, c))
        return out

    def _play_actions(self, s: int) -> list[int]:
        acts = [PASS]
        p = self.pos[s]
        hand = self.hand[s]
        ready = self.ready[s]
        actions = self.cat.actions
        ac = self.cat.action_cards
        xp = self.xp[s]
        zp = self.zpos
        dists = [abs(zp[z] - p) for z in self.zorder]
        here_z = 0 in dists
        others = [t for t in self.here(p) if t != s] if self.num_players > 1 else []

        def in_range(lo: int, hi: int) -> bool:
            for d in dists:
                if lo <= d <= hi:
                    return True
            return bool(self.otis and self._surv_targets(s, lo, hi))

        # one pass over the hand, one card of each kind (identical cards, identical actions)
        attack_pay: list[int] = []
        follow_pay: list[int] = []
        locations: list[int] = []
        kinds_seen: set[int] = set()
        for c in hand:
            k = ac[c]
            if k in kinds_seen:
                continue
            kinds_seen.add(k)
            sp = actions[k]
            if sp.attack:
                attack_pay.append(c)
            if sp.follow:
                follow_pay.append(c)
            t = sp.type
            if t == "location":
                locations.append(c)
            elif t == "instant":
                if here_z or sp.eff("attack_bonus"):
                    acts.append(K_INSTANT << 16 | c)
            elif sp.cost <= xp:
                acts.append(K_READY << 16 | c)
        if not self.free_used[s]:
            attack_pay.append(NONE)
        if not self.moved[s]:
            blocked = self.blocked(s)
            if self.cardio_ok(s):
                follow_pay.append(NONE)
            frontier = len(self.path) - 1
            if p == frontier and not blocked and not self.placed:
                if len(self.path) < 7:
                    for c in locations:
                        acts.append(K_LOCATION << 16 | c)
                elif len(self.path) == 7:
                    for c in follow_pay:
                        acts.append(act(K_HELI, 0, c))
            if follow_pay:
                if p < frontier and not blocked:
                    acts.extend(act(K_FOLLOW, 0, c) for c in follow_pay)
                if p > 0:
                    acts.extend(act(K_FOLLOW, 1, c) for c in follow_pay)
        weapons = [NONE] if self.cat.survivors[self.sv[s]].weapon is not None else []
        movable: list[int] = []
        comps: list[int] = []
        heal_targets = None
        for c in ready:
            sp = actions[ac[c]]
            t = sp.type
            if t == "weapon":
                if self.weapon_user[c] < 0 or self.weapon_user[c] == s:
                    weapons.append(c)
                if not self.moved_card[c]:
                    movable.append(c)
            elif t == "item":
                if not self.moved_card[c]:
                    movable.append(c)
                if sp.eff("draw") or (sp.eff("heal") and (heal_targets or (
                        heal_targets := self._heal_targets(s)))):
                    acts.append(K_USE << 16 | c)
            elif t == "companion" and not self.comp_attacked[c]:
                comps.append(c)
        if dists or self.otis:
            for w in weapons:
                (lo, hi), _chart, final, _n = self.weapon(s, w)
                # a Final Attack is allowed even after a Reload result
                if final and w != NONE and any(lo <= d <= hi for d in dists):
                    acts.append(K_FINAL << 16 | w)
                if (w != NONE and self.reloaded[w]) or not in_range(lo, hi):
                    continue
                base = K_ATTACK << 16 | w << 8
                for c in attack_pay:
                    acts.append(base | c)
            for c in comps:
                if in_range(*actions[ac[c]].range):
                    acts.append(K_COMPANION << 16 | c)
        if (not self.free_used[s] and self.cat.survivors[self.sv[s]].ability == "free_attack_heal"
                and (heal_targets or self._heal_targets(s))):
            acts.append(K_MEDIC << 16)
        if movable:
            movable = self._distinct(movable)
            for c in movable:
                acts.append(K_UNREADY << 16 | c)
        if others:
            givable = self._distinct([c for c in hand if actions[ac[c]].type in ("weapon", "item")
                                      and not self.moved_card[c]]) + movable
            for c in givable:
                for t in others:
                    acts.append(K_GIVE << 16 | c << 8 | t)
        acts.sort()
        return acts

    def cardio_ok(self, s: int) -> bool:
        if self.cardio_used[s]:
            return False
        return any(self.spec(c).eff("free_follow") for c in self.ready[s]
                   if self.spec(c).type == "skill")

    def _pending_actions(self, pd: dict[str, Any]) -> list[int]:
        k = pd["k"]
        s = pd["s"]
        if k == "target" or k == "alloc":
            out = [act(K_TARGET, 0, z) for z in self._targets(s, pd["lo"], pd["hi"])]
            if k == "target" and pd["mode"] == "weapon":
                out += [act(K_TARGET_SURV, 0, t) for t in self._surv_targets(s, pd["lo"], pd["hi"])]
            return sorted(out)
        if k == "heal":
            return sorted(act(K_HEAL, t, c) for t, c in self._heal_targets(s))
        if k == "reroll":
            return [act(K_REROLL), act(K_KEEP)]
        if k == "epic":
            return [act(K_PLACE_EPIC), act(K_SET_ASIDE)]
        if k == "join":
            return [act(K_JOIN), act(K_DECLINE)]
        raise AssertionError(f"unknown pending decision {k!r}")

    def action_to_string(self, action: int) -> str:
        kind, a, b = action >> 16, (action >> 8) & 255, action & 255
        card = self.spec(b).name if b != NONE and b < len(self.cat.action_cards) else ""
        if kind == K_PASS:
            return "pass (done playing cards for now)"
        if kind == K_DISCARD:
            return f"discard {card}"
        if kind == K_DONE:
            return "done discarding: draw up to your Health"
        if kind == K_READY:
            sp = self.spec(b)
            where = " to this Location" if sp.type == "attachment" else ""
            return f"ready {card} ({sp.type}, cost {sp.cost} XP){where}"
        if kind == K_LOCATION:
            sp = self.spec(b)
            epic = ", Epic" if sp.epic else ""
            return (f"place {card} as Location {len(self.path) + 1} and Advance into it "
                    f"(draw +{sp.draw}, infestation +{sp.infestation}{epic})")
        pay = "Cardio" if b == NONE else f"discarding {card}"
        if kind == K_HELI:
            return f"place the Rescue Helicopter and Advance into it ({pay})"
        if kind == K_FOLLOW:
            s = self.current_player()
            dest = self.pos[s] + (1 if a == 0 else -1)
            way = "Advance" if a == 0 else "Retreat"
            return f"{way} to {self.location_name(dest)} ({pay})"
        if kind == K_ATTACK:
            s = self.current_player()
            wname = self.weapon(s, a)[3]
            pay = "Free Attack" if b == NONE else f"discarding {card} for its Attack symbol"
            return f"attack with {wname} ({pay})"
        if kind == K_FINAL:
            return f"Final Attack with {card} ({self.spec(b).final} wounds, then discard it)"
        if kind == K_INSTANT:
            return f"play {card}"
        if kind == K_USE:
            return f"discard the readied {card} for its effect"
        if kind == K_GIVE:
            return f"give {self.spec(a).name} to the {self.name(b)}"
        if kind == K_UNREADY:
            return f"move the readied {card} back to your hand"
        if kind == K_COMPANION:
            return f"attack with your {card}"
        if kind == K_MEDIC:
            return "use your Free Attack to heal 1 wound in your Location"
        if kind == K_TARGET:
            zs = self.zspec(b)
            left = zs.health - self.zwounds[b]
            eng = self.zeng[b]
            on = " Group" if zs.group else f" on the {self.name(eng)}" if eng >= 0 else ""
            return (f"target {zs.name} in {self.location_name(self.zpos[b])} "
                    f"({left}/{zs.health} health, {zs.xp} XP{on})")
        if kind == K_TARGET_SURV:
            return f"target the {self.name(b)} (Otis rule)"
        if kind == K_HEAL:
            who = self.name(a) if b == NONE else f"{self.name(a)}'s {card}"
            return f"heal the {who}"
        if kind == K_REROLL:
            return f"re-roll the {self.pending[0]['roll']} (Historian)"
        if kind == K_KEEP:
            return f"keep the roll of {self.pending[0]['roll']}"
        if kind == K_PLACE_EPIC:
            return "place the Mutated Prisoners (Epic; they count toward the Infestation)"
        if kind == K_SET_ASIDE:
            return "set the Mutated Prisoners aside (out of the game)"
        if kind == K_JOIN:
            return f"join the Ambush: discard your {len(self.hand[self.current_player()])} cards"
        if kind == K_DECLINE:
            return "do not join the Ambush"
        return f"action {action}"

    # ---- applying actions ----------------------------------------------------------------
    def _say(self, text: str) -> None:
        if self.events is not None:
            self.events.append(text)

    def _apply(self, action: int) -> None:
        kind, a, b = action >> 16, (action >> 8) & 255, action & 255
        s = self.current_player()
        if self.pending:
            self._apply_pending(s, kind, a, b)
        elif kind == K_DISCARD:
            self.hand[s].remove(b)
            self.adisc.append(b)
        elif kind == K_DONE:
            self._draw_actions(s, self.remaining(s) - len(self.hand[s]))
            self._next_discarder(s + 1)
        elif kind == K_PASS:
            self.passed[s] = True
            self._next_actor()
        else:
            self._apply_play(s, kind, a, b)
        self._settle()

    def _apply_play(self, s: int, kind: int, a: int, b: int) -> None:
        hand = self.hand[s]
        if kind == K_READY:
            sp = self.spec(b)
            hand.remove(b)
            self.xp[s] -= sp.cost
            if sp.type == "attachment":
                self.attach[self.pos[s]].append(b)
            else:
                self.ready[s].append(b)
                self.cwounds[b] = 0
            self._say(f"The {self.name(s)} readies {sp.name}.")
        elif kind == K_LOCATION:
            hand.remove(b)
            self._place_location(s, b)
        elif kind == K_HELI:
            self._pay(s, b)
            self._place_location(s, HELI)
        elif kind == K_FOLLOW:
            self._pay(s, b)
            self._move(s, self.pos[s] + (1 if a == 0 else -1))
        elif kind == K_ATTACK:
            if b == NONE:
                self.free_used[s] = True
            else:
                hand.remove(b)
                self.adisc.append(b)
            if a != NONE:
                self.weapon_user[a] = s
            (lo, hi), _c, _f, _n = self.weapon(s, a)
            self.pending.append({"k": "target", "s": s, "mode": "weapon", "w": a,
                                 "lo": lo, "hi": hi})
        elif kind == K_FINAL:
            self._final_attack(s, b)
        elif kind == K_INSTANT:
            self._play_instant(s, b)
        elif kind == K_USE:
            sp = self.spec(b)
            self.ready[s].remove(b)
            self.adisc.append(b)
            self._say(f"The {self.name(s)} uses {sp.name}.")
            if sp.eff("draw"):
                self._draw_actions(s, sp.eff("draw"))
            if sp.eff("heal"):
                self.pending.append({"k": "heal", "s": s, "n": sp.eff("heal")})
        elif kind == K_MEDIC:
            self.free_used[s] = True
            self.pending.append({"k": "heal", "s": s, "n": 1})
        elif kind == K_GIVE:
            src = hand if a in hand else self.ready[s]
            src.remove(a)
            self.hand[b].append(a)
            self.moved_card[a] = True
            self.passed[b] = False
            self._say(f"The {self.name(s)} gives {self.spec(a).name} to the {self.name(b)}.")
        elif kind == K_UNREADY:
            self.ready[s].remove(b)
            hand.append(b)
            self.moved_card[b] = True
        elif kind == K_COMPANION:
            self.comp_attacked[b] = True
            lo, hi = self.spec(b).range
            self.pending.append({"k": "target", "s": s, "mode": "chart", "chart": b, "left": 1,
                                 "lo": lo, "hi": hi})

    def _pay(self, s: int, card: int) -> None:
        if card == NONE:
            self.cardio_used[s] = True
        else:
            self.hand[s].remove(card)
            self.adisc.append(card)

    def _play_instant(self, s: int, c: int) -> None:
        sp = self.spec(c)
        self.hand[s].remove(c)
        self.adisc.append(c)
        self._say(f"The {self.name(s)} plays {sp.name}.")
        p = self.pos[s]
        if sp.eff("attack_bonus"):
            self.bonus[s] += sp.eff("attack_bonus")
        if sp.eff("wound_all"):
            for z in self.zombies_at(p):
                self._hit(s, z, sp.eff("wound_all"))
        if sp.eff("wound_one"):
            self.pending.append({"k": "target", "s": s, "mode": "fixed", "n": sp.eff("wound_one"),
                                 "lo": 0, "hi": 0})
        chart = sp.eff("ambush", None)
        if chart is not None:
            # the player discards its whole hand; every other survivor here may join
            rolls = len(self.hand[s])
            self.adisc.extend(self.hand[s])
            self.hand[s].clear()
            for t in self.here(p):
                if t != s and self.hand[t]:
                    self.pending.append({"k": "join", "s": t})
            self.pending.append({"k": "target", "s": s, "mode": "chart", "chart": c,
                                 "left": rolls, "lo": 0, "hi": 0})

    def _apply_pending(self, s: int, kind: int, a: int, b: int) -> None:
        pd = self.pending[0]
        k = pd["k"]
        if k == "target":
            if pd["mode"] == "weapon":
                self._weapon_roll(pd, b, kind == K_TARGET_SURV, self.rng.randint(1, 6))
            elif pd["mode"] == "fixed":
                self.pending.pop(0)
                self._hit(s, b, pd["n"])
            else:
                chart = self.spec(pd["chart"])
                chart = chart.chart if chart.type == "companion" else chart.eff("ambush")
                roll = self.rng.randint(1, 6)
                w = chart.wounds[roll]
                self._say(f"  roll {roll}: {w} wound(s)")
                pd["left"] -= 1
                if pd["left"] <= 0:
                    self.pending.pop(0)
                self._hit(s, b, w)
        elif k == "alloc":
            pd["n"] -= 1
            if pd["n"] <= 0:
                self.pending.pop(0)
            self._hit(s, b, 1)
        elif k == "heal":
            self.pending.pop(0)
            if b == NONE:
                self.wounds[a] = max(0, self.wounds[a] - pd["n"])
            else:
                self.cwounds[b] = max(0, self.cwounds[b] - pd["n"])
            self._say(f"  heals the {self.name(a)}" + ("" if b == NONE else "'s companion"))
        elif k == "reroll":
            self.pending.pop(0)
            roll = pd["roll"]
            if kind == K_REROLL:
                self.reroll_used[s] = True
                roll = self.rng.randint(1, 6)
                self._say(f"  the Historian re-rolls: {roll}")
            self._resolve_weapon(s, pd["w"], pd["t"], pd["ts"], roll)
        elif k == "epic":
            self.pending.pop(0)
            z = self.infest["prisoners"]
            self.infest["prisoners"] = -1
            if kind == K_PLACE_EPIC:
                self.epic["prisoners_placed"] = True
                self._place_zombie(z, self.infest["pos"], self.infest["seat"], self.infest["fast"])
                self.infest["got"] += self.zspec(z).xp
            else:
                self.aside.append(z)
                self._say("  the Mutated Prisoners are set aside.")
            self._continue_infestation()
        elif k == "join":
            self.pending.pop(0)
            if kind == K_JOIN:
                n = len(self.hand[s])
                self.adisc.extend(self.hand[s])
                self.hand[s].clear()
                for q in self.pending:
                    if q["k"] == "target" and q["mode"] == "chart":
                        q["left"] += n
                        break

    def _weapon_roll(self, pd: dict[str, Any], target: int, is_surv: bool, roll: int) -> None:
        s = pd["s"]
        self.pending.pop(0)
        if self.cat.survivors[self.sv[s]].ability == "reroll" and not self.reroll_used[s]:
            # the Historian sees the roll and may re-roll it
            self.pending.insert(0, {"k": "reroll", "s": s, "w": pd["w"], "t": target,
                                    "ts": is_surv, "roll": roll})
            return
        self._resolve_weapon(s, pd["w"], target, is_surv, roll)

    def roll_wounds(self, s: int, w: int, roll: int) -> int | str:
        """Wounds (or 'reload' / 'final') of natural roll `roll` with weapon `w` of seat s."""
        _r, chart, _f, _n = self.weapon(s, w)
        nat = chart.natural[roll]
        if nat is not None:
            return nat  # natural results ignore every modifier
        return chart.wounds[min(max(roll + self.attack_bonus(s), 1), 12)]

    def _resolve_weapon(self, s: int, w: int, target: int, is_surv: bool, roll: int) -> None:
        res = self.roll_wounds(s, w, roll)
        wname = self.weapon(s, w)[3]
        self._say(f"The {self.name(s)} attacks with {wname}: rolls {roll} -> {res}")
        if res == "reload":
            self.reloaded[w] = True
            res = 0
        elif res == "final":
            if not is_surv:
                self._engage(s, target)
            self._final_attack(s, w)
            return
        if is_surv:
            self._wound_survivor(target, int(res))
            self._swap()
        else:
            self._hit(s, target, int(res))

    def _final_attack(self, s: int, w: int) -> None:
        sp = self.spec(w)
        self.ready[s].remove(w)
        self.adisc.append(w)
        self._say(f"The {self.name(s)} makes a Final Attack with {sp.name}.")
        self.pending.insert(0, {"k": "alloc", "s": s, "n": sp.final, "lo": sp.range[0],
                                "hi": sp.range[1]})

    def _engage(self, s: int, z: int) -> None:
        """Attacking a non-Group zombie in your Location moves its Engagement to you."""
        if self.zpos[z] == self.pos[s] and not self.zspec(z).group:
            self.zeng[z] = s

    def _hit(self, s: int, z: int, wounds: int) -> None:
        """`wounds` on zombie z by survivor s (extra wounds are wasted); a Kill gives s the XP."""
        if self.zpos[z] < 0:
            return
        self._engage(s, z)
        self.zwounds[z] += wounds
        zs = self.zspec(z)
        if self.zwounds[z] >= zs.health:
            p = self.zpos[z]
            self.zpos[z] = -1
            self.zeng[z] = -1
            self.zwounds[z] = 0
            self.zorder.remove(z)
            self.zdisc.append(z)
            self.xp[s] += zs.xp
            if zs.epic:
                self.epic["prisoners_killed"] = True
            self._say(f"  The {self.name(s)} kills {zs.name} (+{zs.xp} XP).")
            for t in self.here(p):
                self.passed[t] = False

    # ---- movement, locations, infestation ------------------------------------------------
    def _move(self, s: int, dest: int) -> None:
        """Move s into path position dest: Disengage from zombies left behind, draw Dangerous
        Location cards on a first Advance, get Engaged by unengaged zombies there."""
        old = self.pos[s]
        self.moved[s] = True
        self.pos[s] = dest
        self._say(f"The {self.name(s)} moves to {self.location_name(dest)}.")
        for z in self.zorder:
            if self.zeng[z] == s:
                self.zeng[z] = -1
                self._engage_random(z, old)
        if dest > self.furthest[s]:
            self.furthest[s] = dest
            c = self.path[dest]
            n = self.cat.helicopter[0] if c == HELI else 0 if c == SAFE else self.spec(c).draw
            self._draw_actions(s, n)
        for z in self.zorder:
            if self.zpos[z] == dest and self.zeng[z] < 0 and not self.zspec(z).group:
                self.zeng[z] = s

    def _engage_random(self, z: int, p: int) -> None:
        """An unengaged non-Group zombie in a Location with survivors Engages one at random."""
        if self.zspec(z).group:
            return
        there = self.here(p)
        self.zeng[z] = there[self.rng.randrange(len(there))] if there else -1

    def _place_location(self, s: int, card: int) -> None:
        self.path.append(card)
        self.attach.append([])
        self.placed = True
        i = len(self.path) - 1
        if card == HELI:
            text = self.cat.helicopter[1]
        else:
            sp = self.spec(card)
            text = sp.infestation
            if sp.epic:
                self.epic["locations"] += 1  # "if you choose to place" it: playing it is the choice
        self._say(f"The {self.name(s)} places {self.location_name(i)} (Location {i + 1}).")
        for t in range(self.num_players):
            if self.alive[t]:
                self.passed[t] = False
        self._move(s, i)
        need = self.infestation_value(i, text)
        self.infest = {"pos": i, "need": need, "got": 0, "seat": s, "fast": [], "prisoners": -1}
        self._continue_infestation()

    def infestation_value(self, i: int, card_text: int) -> int:
        """Infestation of path position i: its place (Safe House = 1) + Group modifier + text."""
        return (i + 1) + self.modifier() + card_text

    def _continue_infestation(self) -> None:
        inf = self.infest
        while inf["got"] < inf["need"]:
            z = self._draw_zombie()
            if z < 0:
                break  # no Zombie card left anywhere
            if self.zspec(z).epic:
                inf["prisoners"] = z
                self.pending.insert(0, {"k": "epic", "s": inf["seat"]})
                return
            self._place_zombie(z, inf["pos"], inf["seat"], inf["fast"])
            inf["got"] += self.zspec(z).xp
        self.infest = None
        self._fast_attacks(inf["fast"])

    def _draw_zombie(self) -> int:
        if not self.zdeck:
            if not self.zdisc:
                return -1
            self.zdeck = self.zdisc
            self.zdisc = []
            self.rng.shuffle(self.zdeck)
        return self.zdeck.pop()

    def _draw_actions(self, s: int, n: int) -> None:
        hand = self.hand[s]
        for _ in range(n):
            if not self.adeck:
                if not self.adisc:
                    return
                self.adeck = self.adisc
                self.adisc = []
                self.rng.shuffle(self.adeck)
            hand.append(self.adeck.pop())

    def _place_zombie(self, z: int, p: int, seat: int, fast: list[int]) -> None:
        """Zombie z appears in position p, Engaging `seat` (or a random survivor there if -1)."""
        zs = self.zspec(z)
        self.zpos[z] = p
        self.zwounds[z] = 0
        self.zeng[z] = -1
        self.zorder.append(z)
        if zs.epic:
            self.epic["prisoners_placed"] = True
        if not zs.group:
            if seat >= 0 and self.alive[seat] and self.pos[seat] == p:
                self.zeng[z] = seat
            else:
                self._engage_random(z, p)
        self._say(f"  {zs.name} appears in {self.location_name(p)}.")
        if zs.fast:
            fast.append(z)
        if zs.attract:
            extra = self._draw_zombie()
            if extra >= 0:
                self._say(f"  {zs.name} attracts another zombie.")
                self._place_zombie(extra, p, -1, fast)

    def _fast_attacks(self, fast: list[int]) -> None:
        for z in fast:
            if self.zpos[z] >= 0 and self.here(self.zpos[z]):
                self._zombie_attack(z)
        self._swap()

    # ---- zombies and wounds --------------------------------------------------------------
    def _zombie_attack(self, z: int) -> None:
        zs = self.zspec(z)
        p = self.zpos[z]
        if zs.group:
            targets = [t for t in self.here(p) if not self.crossbow_lone(t)]
        else:
            t = self.zeng[z]
            targets = [t] if t >= 0 and self.alive[t] and self.pos[t] == p else []
        mod = sum(self.spec(c).eff("zombie_attack_modifier") for c in self.attach[p])
        for t in targets:
            for _ in range(2 if zs.again else 1):
                if not self.alive[t]:
                    break  # Again: "If the Survivor died, ignore the effect."
                roll = self.rng.randint(1, 6)
                w = zs.attack.natural[roll]
                if w is None:
                    w = zs.attack.wounds[min(max(roll + mod, 1), 12)]
                self._say(f"  {zs.name} attacks the {self.name(t)}: {roll} -> {w}")
                self._wound_survivor(t, int(w))

    def _wound_survivor(self, s: int, w: int) -> None:
        for c in list(self.ready[s]):
            if w <= 0:
                break
            sp = self.spec(c)
            if sp.type != "companion":
                continue
            while w > 0 and self.cwounds[c] < sp.health:
                self.cwounds[c] += 1
                w -= 1
            if self.cwounds[c] >= sp.health:
                self.ready[s].remove(c)
                self.removed.append(c)
                self._say(f"  the {self.name(s)}'s companion dies.")
        if w <= 0:
            return
        self.wounds[s] = min(self.wounds[s] + w, self.health())
        if self.wounds[s] >= self.health():
            self._die(s)

    def _die(self, s: int) -> None:
        self.alive[s] = False
        self.passed[s] = True
        self._say(f"The {self.name(s)} dies!")
        self.adisc.extend(self.hand[s])
        self.adisc.extend(self.ready[s])
        self.hand[s] = []
        self.ready[s] = []
        self.xp[s] = 0
        for z in self.zorder:
            if self.zeng[z] == s:
                self._engage_random(z, self.pos[s])
        self.pending = [q for q in self.pending if q["s"] != s]

    def _swap(self) -> None:
        """Replace the Group counter after any step in which a survivor died."""
        n = sum(self.alive)
        if 0 < n != self.group_n:
            self.group_n = n
            self._say(f"Group counter for {n}: Health {self.health()}, +{self.modifier()}.")

    # ---- turn structure -----------------------------------------------------------------
    def _start_player_turn(self) -> None:
        n = self.num_players
        na = len(self.cat.action_cards)
        self.turn += 1
        self.phase = "discard"
        self.moved = [False] * n
        self.free_used = [False] * n
        self.bonus = [0] * n
        self.cardio_used = [False] * n
        self.reroll_used = [False] * n
        self.passed = [not a for a in self.alive]
        self.placed = False
        self.weapon_user = [-1] * na
        self.reloaded = [False] * na
        self.moved_card = [False] * na
        self.comp_attacked = [False] * na
        self.actor = 0
        self._next_discarder(0)

    def _next_discarder(self, start: int) -> None:
        for s in range(start, self.num_players):
            if not self.alive[s]:
                continue
            if self.hand[s]:
                self.actor = s
                return
            self._draw_actions(s, self.remaining(s))  # nothing to discard: just draw
        self.phase = "play"
        self.actor = -1
        self._next_actor()

    def _next_actor(self) -> None:
        n = self.num_players
        for i in range(1, n + 1):
            s = (self.actor + i) % n
            if not self.passed[s]:
                self.actor = s
                return
        self.actor = -1

    def _settle(self) -> None:
        """Resolve forced sub-decisions, end the game or the Play Cards step when due."""
        while self.pending and not self.over:
            pd = self.pending[0]
            opts = self._pending_actions(pd)
            if len(opts) > 1:
                break
            if not opts:
                self.pending.pop(0)  # nothing left to target: the rest is wasted
                continue
            self._apply_pending(pd["s"], opts[0] >> 16, (opts[0] >> 8) & 255, opts[0] & 255)
        self._swap()
        self._check_end()
        if self.over or self.pending or self.phase != "play":
            return
        if self.actor >= 0 and not self.passed[self.actor]:
            return
        self._next_actor()
        if self.actor < 0:
            self._end_play_step()

    def _check_end(self) -> None:
        if self.over:
            return
        if not any(self.alive):
            self._finish("every survivor is dead")
        elif self.heli_placed() and not self.zombies_at(7) and all(
            self.pos[s] == 7 for s in range(self.num_players) if self.alive[s]
        ):
            self._finish("every remaining survivor is in the Rescue Helicopter")

    def _finish(self, reason: str) -> None:
        """The game ends: survivors in a zombie-free Rescue Helicopter escape, the rest die."""
        self.over = True
        self.end_reason = reason
        self.pending = []
        clear = self.heli_placed() and not self.zombies_at(7)
        for s in range(self.num_players):
            self.escaped[s] = self.alive[s] and clear and self.pos[s] == 7
            if not self.escaped[s]:
                self.alive[s] = False
        self._say(f"Game over: {reason}.")

    def tick(self, minutes: float) -> None:
        """Real-time clock: set the wall-clock minutes used so far; time up ends the game.
        (Not an action: the terminal calls it; the turn clock never does.)"""
        self.minutes_used = minutes
        if not self.over and minutes >= self.departure:
            self._finish("the Rescue Helicopter departs")

    def _end_play_step(self) -> None:
        if self.clock == "turns":
            self.minutes_used += self.minutes_per_turn
            if self.minutes_used >= self.departure:
                self._finish("the Rescue Helicopter departs")
                return
        self._zombie_turn()
        self._check_end()
        if not self.over:
            self._start_player_turn()

    def _zombie_turn(self) -> None:
        # Zombies Move: one Location closer to the nearest survivor (random among ties)
        alive = [s for s in range(self.num_players) if self.alive[s]]
        occupied = {self.pos[s] for s in alive}
        for z in list(self.zorder):
            p = self.zpos[z]
            if p in occupied:
                continue
            best = min(abs(self.pos[s] - p) for s in alive)
            near = [s for s in alive if abs(self.pos[s] - p) == best]
            ways = {self.pos[s] > p for s in near}
            if len(ways) > 1:
                t = near[self.rng.randrange(len(near))]
                step = 1 if self.pos[t] > p else -1
            else:
                step = 1 if ways.pop() else -1
            self.zpos[z] = p + step
            if p + step in occupied:
                self._engage_random(z, p + step)
        # Zombies Attack
        for z in list(self.zorder):
            if self.zpos[z] >= 0 and self.zpos[z] in occupied:
                self._zombie_attack(z)
        self._swap()
        if not any(self.alive):
            return
        # Zombies Spawn: behind the rearmost survivor (in the Safe House if one is there)
        rear = min(self.pos[s] for s in range(self.num_players) if self.alive[s])
        where = max(rear - 1, 0)
        draws = max([self.spec(c).eff("spawn_draws", 1) for c in self.path if c >= 0] + [1])
        fast: list[int] = []
        for _ in range(draws):
            z = self._draw_zombie()
            if z >= 0:
                self._place_zombie(z, where, -1, fast)
        self._fast_attacks(fast)

    # ---- results ---------------------------------------------------------------------------
    def epic_overcome(self) -> int:
        """Epic challenges overcome: each counts only if the group wins."""
        if not any(self.escaped):
            return 0
        n = self.epic["locations"]
        n += int(self.epic["prisoners_placed"] and self.epic["prisoners_killed"])
        n += sum(1 for s in range(self.num_players)
                 if self.escaped[s] and self.cat.survivors[self.sv[s]].epic)
        return n

    def result(self) -> dict[str, Any]:
        """The JSON of a finished game (the schema of the issue)."""
        living = sum(self.escaped)
        return {
            "game": self.game_name,
            "seed": self.seed,
            "difficulty": self.difficulty,
            "departure_minutes": self.departure,
            "minutes_used": self.minutes_used,
            "survivors": [
                {"name": self.name(s), "alive": self.alive[s], "in_helicopter": self.pos[s] == 7,
                 "health": self.remaining(s), "wounds": self.wounds[s], "xp": self.xp[s]}
                for s in range(self.num_players)
            ],
            "path": [self.location_name(i) for i in range(len(self.path))],
            "epic_overcome": self.epic_overcome(),
            "victory": living > 0,
            "campaign_points": campaign_points(self.num_players, living, self.epic_overcome()),
        }

    # ---- JSON --------------------------------------------------------------------------------
    _FIELDS = (
        "seed", "sv", "difficulty", "departure", "clock", "otis", "minutes_per_turn",
        "minutes_used", "adeck", "adisc", "removed", "zdeck", "zdisc", "aside", "zpos", "zwounds",
        "zeng", "zorder", "path", "attach", "group_n", "pos", "wounds", "alive", "escaped", "xp",
        "furthest", "hand", "ready", "cwounds", "turn", "over", "end_reason", "pending", "infest",
        "epic", "phase", "moved", "free_used", "bonus", "cardio_used", "reroll_used", "passed",
        "placed", "weapon_user", "reloaded", "moved_card", "comp_attacked", "actor",
    )

    def to_json(self) -> dict[str, Any]:
        import copy

        data = {f: copy.deepcopy(getattr(self, f)) for f in self._FIELDS}
        data["rng"] = rng_state_to_json(self.rng)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RiseOfTheZombies:
        import copy

        self = cls.__new__(cls)
        self.cat = default_catalog()
        for f in cls._FIELDS:
            if f not in data:
                raise FlickError(f"rise_of_the_zombies state: missing field {f!r}", exit_code=2)
            setattr(self, f, copy.deepcopy(data[f]))
        self.num_players = len(self.sv)
        self.rng = rng_from_json(data["rng"])
        self.events = None
        return self

    def clone(self) -> RiseOfTheZombies:
        twin = RiseOfTheZombies.from_json(self.to_json())
        twin.cat = self.cat
        return twin

    def determinize(self, player: int, rng: random.Random) -> RiseOfTheZombies:
        """A copy with both decks (the only hidden things) reshuffled."""
        twin = self.clone()
        rng.shuffle(twin.adeck)
        rng.shuffle(twin.zdeck)
        twin.rng = random.Random(rng.getrandbits(64))
        return twin

    # ---- text ----------------------------------------------------------------------------------
    def render(self, viewer: int | None = None) -> str:
        from flick.cards.rise_of_the_zombies.view import render

        return render(self)
