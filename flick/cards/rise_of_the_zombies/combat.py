"""Survivors' attacks in Rise of the Zombies! (a mixin of the game state): weapon rolls with
natural results and modifiers, Final Attacks, instants, wounds and Kills on zombies.

All wounds of one roll go to one zombie; wounds beyond its Health are wasted. Attacking a
non-Group zombie in your Location moves its Engagement to you, even on a miss.
"""

from __future__ import annotations

from typing import Any


class Combat:
    """The survivors' side of a fight; mixed into the state."""

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
