"""The zombies of Rise of the Zombies! (a mixin of the game state): Infestation, Attract, Fast,
Spawn, the Zombie Turn, zombie attacks, survivors' wounds and deaths, the Group counter swap.
"""

from __future__ import annotations


class ZombieRules:
    """The zombies' side of the game; mixed into the state."""

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

    def _draw_zombie(self, choice: bool = True) -> int:
        """The top Zombie card (the discards reshuffled when the deck is out; -1: none left).
        Without a `choice` (Spawn, Attract) Epic zombies are set aside and replaced: they
        enter play only when a survivor chooses to place them for an Infestation."""
        while True:
            if not self.zdeck:
                if not self.zdisc:
                    return -1
                self.zdeck = self.zdisc
                self.zdisc = []
                self.rng.shuffle(self.zdeck)
            z = self.zdeck.pop()
            if choice or not self.zspec(z).epic:
                return z
            self.aside.append(z)
            self._say(f"  {self.zspec(z).name} are set aside (not chosen).")

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
            extra = self._draw_zombie(choice=False)
            if extra >= 0:
                self._say(f"  {zs.name} attracts another zombie.")
                self._place_zombie(extra, p, -1, fast)

    def _fast_attacks(self, fast: list[int]) -> None:
        for z in fast:
            if self.zpos[z] >= 0 and self.here(self.zpos[z]):
                self._zombie_attack(z)
        self._swap()

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
            z = self._draw_zombie(choice=False)
            if z >= 0:
                self._place_zombie(z, where, -1, fast)
        self._fast_attacks(fast)
