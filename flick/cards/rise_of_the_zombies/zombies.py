"""The zombies of Rise of the Zombies! (functions of the game state): Infestation, Attract, Fast,
Spawn, the Zombie Turn, zombie attacks, survivors' wounds and deaths, the Group counter swap.

Zombie attacks run from a queue of jobs (`st.zq`, plain lists so the state stays JSON and cheap
to clone): the Zombie Turn's attacks, the Group counter swap after the attack step, the Spawn
step, Fast attacks and the start of the next Player Turn. A survivor with a Companion who is
wounded decides whether to redirect each wound to a Companion ("you can redirect the Wounds
targeting you to your Companion. Redirect the Wounds 1 at a time"): the queue stops at that
decision and goes on when it is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.rise_of_the_zombies import decisions as D
from flick.cards.rise_of_the_zombies import decks, turn_order

# zombie-work jobs of st.zq: [J_ATTACK, z] zombie z attacks; [J_HIT, z, t, n] z rolls n attacks
# at survivor t; [J_SWAP] Group counter swap; [J_SPAWN]; [J_NEXT_TURN] the next Player Turn;
# [J_MOVE, i, next_turn] the zombies Move, from the i-th of `st.zorder` (then their attacks and
# the rest of the Zombie Turn are queued); [J_ENGAGE, z, p] zombie z Engages a random survivor
# in position p (it moved there, or the survivor it Engaged died of a zombie attack). Between
# decisions the queue holds only the first five kinds: the others never wait for a decision.
J_ATTACK, J_HIT, J_SWAP, J_SPAWN, J_NEXT_TURN, J_MOVE, J_ENGAGE = range(7)
SETTLE = ("settle",)  # the state's procedure: settle, then count the decision
INFEST = ("infest",)  # the state's procedure: go on with the Infestation, then SETTLE
ATTRACT = "attract"  # the state's procedure (ATTRACT, z, step): `go_on_placing`, then SETTLE

if TYPE_CHECKING:
    from flick.cards.rise_of_the_zombies.data import ZombieSpec
    from flick.cards.rise_of_the_zombies.table import Table


def infestation_value(st: Table, i: int, card_text: int) -> int:
    """Infestation of path position i: its place (Safe House = 1) + Group modifier + text."""
    return (i + 1) + st.modifier() + card_text


def crossbow_lone(st: Table, s: int) -> bool:
    """Crossbow text: if it is your only Readied Weapon, Group Zombies do not Engage you
    (an Inherent Weapon is always Readied, so it counts)."""
    if st.cat.survivors[st.sv[s]].weapon is not None:
        return False
    weapons = [c for c in st.ready[s] if st.spec(c).type == "weapon"]
    return len(weapons) == 1 and bool(st.spec(weapons[0]).eff("lone_weapon_no_group_engage"))


def continue_infestation(st: Table) -> None:
    """Draw zombies for the Infestation in progress until it is full. Each draw is a resume
    point (flick.cards.chance) from which the rest of the decision is `INFEST`: every caller
    leaves nothing after it that settling would not do (a reaction holds resume points)."""
    inf = st.infest
    assert inf is not None  # called only during an Infestation
    while inf.got < inf.need:
        z = decks.draw_zombie(st, resume=INFEST)  # all that follows is on the state
        if z < 0:
            break  # no Zombie card left anywhere
        if st.zspec(z).epic:
            inf.prisoners = z
            st.pending.insert(0, D.Epic(seat=inf.seat))
            return
        inf.got += st.zspec(z).xp  # (counted first: nothing reads it while it is placed)
        place_zombie(st, z, inf.pos, inf.seat, inf.fast, infesting=True)
    st.infest = None
    fast_attacks(st, inf.fast)


def place_zombie(st: Table, z: int, p: int, seat: int, fast: list[int],
                 infesting: bool = False) -> None:
    """Zombie z appears in position p, Engaging `seat` (or a random survivor there if -1); an
    Attract draws more. `infesting`: z is counted in the Infestation in progress, which goes
    on once it is placed: its random Engagements and Attract draws are resume points
    (`go_on_placing`)."""
    _put(st, z, p)
    _placing(st, z, p, seat, fast, 0, infesting)


def _placing(st: Table, z: int, p: int, seat: int, fast: list[int], step: int,
             infesting: bool) -> None:
    """Zombie z, put in position p, is placed from `step` on: 0 it Engages (`seat` if he is
    there, else a random survivor there) and appears, 1 its Attract draws one more zombie,
    put there and placed in turn (Engaging at random)."""
    while True:
        zs = st.zspec(z)
        if step == 0:
            if not zs.group:
                if seat >= 0 and st.alive[seat] and st.pos[seat] == p:
                    st.zeng[z] = seat
                else:
                    there = st.here(p)
                    where = (ATTRACT, z, 0) if infesting else None
                    st.zeng[z] = (st.chance_pick(there, "whom a zombie Engages", where)
                                  if there else -1)
            _appears(st, z, zs, p, fast)
            if not zs.attract:
                return
        extra = decks.draw_zombie(st, choice=False, resume=(ATTRACT, z, 1) if infesting else None)
        if extra < 0:
            return
        st.say(f"  {zs.name} attracts another zombie.")
        _put(st, extra, p)
        z, seat, step = extra, -1, 0


def go_on_placing(st: Table, z: int, step: int) -> None:
    """The state's procedure (ATTRACT, z, step): zombie z, placed for the Infestation in
    progress, goes on being placed from `step` (`_placing`: a random Engagement, as when its
    survivor is not there, or its Attract's draw), then the Infestation goes on."""
    inf = st.infest
    assert inf is not None  # (an Infestation's zombie)
    _placing(st, z, inf.pos, -1, inf.fast, step, True)
    continue_infestation(st)


def _put(st: Table, z: int, p: int) -> ZombieSpec:
    """Zombie z is put in position p, Engaging nobody yet; its card's data."""
    zs = st.zspec(z)
    st.zpos[z] = p
    st.zwounds[z] = 0
    st.zeng[z] = -1
    st.zorder.append(z)
    if zs.epic:
        st.epic["prisoners_placed"] = True
    return zs


def _appears(st: Table, z: int, zs: ZombieSpec, p: int, fast: list[int]) -> None:
    """Zombie z (card data `zs`), put in position p and Engaging, appears (a Fast one noted in
    `fast`)."""
    st.say(f"  {zs.name} appears in {st.location_name(p)}.")
    if zs.fast:
        fast.append(z)


def fast_attacks(st: Table, fast: list[int], run: bool = True) -> None:
    """Fast zombies attack as they appear (each one that is still there with survivors), then
    the Group counter is swapped if someone died."""
    st.zq[0:0] = [[J_ATTACK, z] for z in fast] + [[J_SWAP]]
    if run:
        run_zq(st)


def zombie_attack(st: Table, z: int) -> None:
    """Zombie z attacks now (and the queued work after it goes on)."""
    st.zq.insert(0, [J_ATTACK, z])
    run_zq(st)


def run_zq(st: Table) -> None:
    """Run queued zombie work until it is done or a survivor has a decision to make. A zombie
    attack's roll is made while its job still heads the queue: a resume point
    (flick.cards.chance) from which the rest of the decision is `SETTLE`, because every caller
    of this function leaves nothing after it that settling afresh would not do (a reaction,
    which does, holds the resume points: `play.react`)."""
    while st.zq and not st.pending and not st.over:
        job = st.zq[0]  # each job leaves the queue as it is done
        kind = job[0]
        if kind == J_ATTACK:
            st.zq.pop(0)
            z = job[1]
            p = st.zpos[z]
            if p < 0:
                continue
            zs = st.zspec(z)
            if zs.group:
                targets = [t for t in st.here(p) if not crossbow_lone(st, t)]
            else:
                t = st.zeng[z]
                targets = [t] if t >= 0 and st.alive[t] and st.pos[t] == p else []
            st.zq[0:0] = [[J_HIT, z, t, 2 if zs.again else 1] for t in targets]
        elif kind == J_HIT:
            _z, z, t, n = job
            if not st.alive[t]:
                st.zq.pop(0)
                continue  # Again: "If the Survivor died, ignore the effect."
            roll = st.chance_die("a zombie attack roll", SETTLE)  # the job still heads it
            st.zq.pop(0)
            if n > 1:
                st.zq.insert(0, [J_HIT, z, t, n - 1])
            _roll_attack(st, z, t, roll)
        elif kind == J_SWAP:
            st.zq.pop(0)
            swap(st)
        elif kind == J_SPAWN:
            _spawn(st, job)  # (the job heads the queue until it is done: resume points)
        elif kind == J_NEXT_TURN:
            st.zq.pop(0)
            turn_order.check_end(st)
            if not st.over:
                turn_order.start_player_turn(st, settles=True)  # (see this function's doc)
        elif kind == J_MOVE:
            _move(st, job)
        elif kind == J_ENGAGE:
            _z, z, p = job
            there = st.here(p)  # (picked while the job heads the queue: a resume point)
            t = st.chance_pick(there, "whom a zombie Engages", SETTLE) if there else -1
            st.zq.pop(0)
            st.zeng[z] = t


def _roll_attack(st: Table, z: int, t: int, roll: int) -> None:
    zs = st.zspec(z)
    p = st.zpos[z]
    mod = sum(st.spec(c).eff("zombie_attack_modifier") for c in st.attach[p])
    w = zs.attack.natural[roll]
    if w is None:
        w = zs.attack.wounds[min(max(roll + mod, 1), 12)]
    st.say(f"  {zs.name} attacks the {st.name(t)}: {roll} -> {w}")
    if int(w) > 0 and st.companions(t):
        st.pending.insert(0, D.Redirect(seat=t, wounds=int(w)))  # "you can redirect"
    else:
        wound_survivor(st, t, int(w), queued=True)


def redirect(st: Table, s: int, c: int) -> None:
    """One wound meant for survivor s goes to its Companion c (at 0 Health it dies)."""
    st.put_card("cwounds", c, st.cwounds[c] + 1)
    if st.cwounds[c] >= st.spec(c).health:
        st.ready[s].remove(c)
        st.removed.append(c)
        st.say(f"  the {st.name(s)}'s companion dies.")
    else:
        st.say(f"  the {st.name(s)}'s companion takes a wound.")


def wound_survivor(st: Table, s: int, w: int, queued: bool = False) -> None:
    """`w` wounds on survivor s, who dies at his Health (`queued`: as `die`)."""
    if w <= 0:
        return
    st.wounds[s] = min(st.wounds[s] + w, st.health())
    if st.wounds[s] >= st.health():
        die(st, s, queued)


def die(st: Table, s: int, queued: bool = False) -> None:
    """Survivor s dies: his cards are discarded and the zombies he was Engaged by Engage
    anew at random. `queued`: he dies of a zombie attack in the running zombie-work queue,
    which goes on at once: they Engage as jobs at its head (each pick a resume point)."""
    st.alive[s] = False
    st.passed[s] = True
    st.say(f"The {st.name(s)} dies!")
    st.adisc.extend(st.hand[s])
    st.adisc.extend(st.ready[s])
    st.hand[s] = []
    st.ready[s] = []
    st.xp[s] = 0
    if queued:
        st.zq[0:0] = [[J_ENGAGE, z, st.pos[s]] for z in st.zorder
                      if st.zeng[z] == s and not st.zspec(z).group]
    else:
        for z in st.zorder:
            if st.zeng[z] == s:
                engage_random(st, z, st.pos[s])
    st.pending = [q for q in st.pending if q.seat != s]


def swap(st: Table) -> None:
    """Replace the Group counter after any step in which a survivor died."""
    n = sum(st.alive)
    if 0 < n != st.group_n:
        st.group_n = n
        st.say(f"Group counter for {n}: Health {st.health()}, +{st.modifier()}.")


def zombie_turn(st: Table, next_turn: bool = False) -> None:
    """Zombies Move, Attack, Spawn (then, with `next_turn`, the next Player Turn starts)."""
    st.zq.insert(0, [J_MOVE, 0, int(next_turn)])
    run_zq(st)


def _move(st: Table, job: list[int]) -> None:
    """Zombies Move: one Location closer to the nearest survivor (random among ties), each in
    turn from the job's (the job heads the queue and counts the zombies moved, so that
    choosing whom one moves toward is a resume point); one that moves into a Location with
    survivors Engages one of them (a job of its own, ahead of the next move). Then the
    zombies Attack, Spawn, and the next Player Turn starts (`job[2]`): queued at the end."""
    alive = [s for s in range(st.num_players) if st.alive[s]]
    occupied = {st.pos[s] for s in alive}  # (no survivor moves or dies while zombies move)
    moving = len(st.zorder)  # (no zombie comes or goes while they move)
    while job[1] < moving:
        z = st.zorder[job[1]]
        p = st.zpos[z]
        if p in occupied:
            job[1] += 1
            continue
        best = min(abs(st.pos[s] - p) for s in alive)
        near = [s for s in alive if abs(st.pos[s] - p) == best]
        ways = {st.pos[s] > p for s in near}
        if len(ways) > 1:
            t = st.chance_pick(near, "whom a zombie moves toward", SETTLE)
            step = 1 if st.pos[t] > p else -1
        else:
            step = 1 if ways.pop() else -1
        st.zpos[z] = p + step
        job[1] += 1
        if p + step in occupied and not st.zspec(z).group:
            st.zq.insert(0, [J_ENGAGE, z, p + step])
            return  # (the queue engages it, then moves the next one)
    st.zq.pop(0)
    # Zombies Attack
    jobs = [[J_ATTACK, z] for z in st.zorder if st.zpos[z] in occupied]
    st.zq.extend(jobs + [[J_SWAP], [J_SPAWN]] + ([[J_NEXT_TURN]] if job[2] else []))


def _spawn(st: Table, job: list[int]) -> None:
    """Zombies Spawn: behind the rearmost survivor (in the Safe House if one is there). The
    job heads the queue until the last zombie is placed and keeps what is done ([J_SPAWN,
    Zombie cards drawn, the zombie being placed (-1: none), whether it has Engaged and
    appeared, the Fast ones placed...]), so that each draw, each random Engagement and each
    Attract's draw is a resume point (`SETTLE`): where and how many do not change while it
    spawns (no survivor moves or dies)."""
    if any(st.alive):
        rear = min(st.pos[s] for s in range(st.num_players) if st.alive[s])
        where = max(rear - 1, 0)
        draws = max([st.spec(c).eff("spawn_draws", 1) for c in st.path if c >= 0] + [1])
        if len(job) == 1:
            job[1:] = [0, -1, 0]
        while True:
            z = job[2]
            if z >= 0 and not job[3]:  # it Engages a random survivor there, and appears
                zs = st.zspec(z)
                if not zs.group:
                    there = st.here(where)
                    st.zeng[z] = (st.chance_pick(there, "whom a zombie Engages", SETTLE)
                                  if there else -1)
                _appears(st, z, zs, where, job)  # (the Fast ones noted after the job's fields)
                if zs.attract:
                    job[3] = 1
                else:
                    job[2] = -1
            elif z >= 0:  # an Attract draws one more zombie
                extra = decks.draw_zombie(st, choice=False, resume=SETTLE)
                if extra >= 0:
                    st.say(f"  {st.zspec(z).name} attracts another zombie.")
                    _put(st, extra, where)
                job[2:4] = [extra, 0]
            elif job[1] < draws:
                z = decks.draw_zombie(st, choice=False, resume=SETTLE)
                job[1] += 1
                if z >= 0:
                    _put(st, z, where)
                job[2:4] = [z, 0]
            else:
                break
        st.zq.pop(0)
        fast_attacks(st, job[4:], run=False)  # queued first, the running queue does them
    else:
        st.zq.pop(0)


def engage_random(st: Table, z: int, p: int) -> None:
    """An unengaged non-Group zombie in a Location with survivors Engages one at random."""
    if st.zspec(z).group:
        return
    there = st.here(p)
    st.zeng[z] = st.chance_pick(there, "whom a zombie Engages") if there else -1
