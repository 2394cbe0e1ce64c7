"""Built positions for the Rise of the Zombies! tests: a game with empty hands in the Play Cards
step, cards and zombies put where a test wants them, scripted dice."""

from __future__ import annotations

import random

from flick.cards.rise_of_the_zombies import codes as C
from flick.cards.rise_of_the_zombies.codes import act
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies

SAMPLE = ["Cheerleader", "Scoundrel", "Scout", "Paramedic"]


class Dice(random.Random):
    """A generator whose d6 rolls are scripted (shuffles and choices stay seeded)."""

    def __init__(self, rolls: list[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)


def take(st: RiseOfTheZombies, name: str) -> int:
    """Pull an Action card called `name` out of the deck (or discard pile)."""
    for pile in (st.adeck, st.adisc):
        for c in pile:
            if st.spec(c).name == name:
                pile.remove(c)
                return c
    raise AssertionError(f"no free {name} card")


def give(st: RiseOfTheZombies, s: int, name: str, ready: bool = False) -> int:
    c = take(st, name)
    (st.ready if ready else st.hand)[s].append(c)
    return c


def stack(st: RiseOfTheZombies, names: list[str]) -> list[int]:
    """Put zombies on top of the Zombie deck so they are drawn in the order given."""
    ids = []
    for n in names:
        z = next(z for z in st.zdeck if st.zspec(z).name == n and z not in ids)
        ids.append(z)
    for z in ids:
        st.zdeck.remove(z)
    st.zdeck.extend(reversed(ids))
    return ids


def to_play(st: RiseOfTheZombies) -> None:
    """Finish the Discard step (nobody discards)."""
    while st.phase == "discard" and not st.pending:
        st.apply(act(C.K_DONE))


def place_zombie(st: RiseOfTheZombies, name: str, pos: int, seat: int = -1) -> int:
    z = next(z for z in st.zdeck if st.zspec(z).name == name)
    st.zdeck.remove(z)
    st.zpos[z], st.zwounds[z], st.zeng[z] = pos, 0, seat
    st.zorder.append(z)
    return z


def extend_path(st: RiseOfTheZombies, names: list[str]) -> None:
    for n in names:
        st.path.append(take(st, n))
        st.attach.append([])


def game(names: list[str] = SAMPLE, difficulty: str = "standard", **kw: object) -> RiseOfTheZombies:
    st = RiseOfTheZombies(names, difficulty, seed=1, log=True, **kw)
    to_play(st)
    # clear the dealt hands so each test controls them
    for s in range(st.num_players):
        st.adisc.extend(st.hand[s])
        st.hand[s] = []
    st.actor = 0
    return st
