"""Rise of the Zombies!: the turn structure: a Player Turn's fields and its Discard and Play
Cards steps, who acts next, the forced decisions settled after each action, the end of the
game. Each function takes the state and changes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.rise_of_the_zombies import moves, play, zombies

if TYPE_CHECKING:
    from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies


def start_player_turn(st: RiseOfTheZombies) -> None:
    st.turn += 1
    st.phase = "discard"
    turn_fields(st)
    st.actor = 0
    next_discarder(st, 0)


def turn_fields(st: RiseOfTheZombies) -> None:
    """The fields a Player Turn starts afresh."""
    n = st.num_players
    na = len(st.cat.action_cards)
    st.moved = [False] * n
    st.free_used = [False] * n
    st.bonus = [0] * n
    st.cardio_used = [False] * n
    st.reroll_used = [False] * n
    st.passed = [not a for a in st.alive]
    st.placed = False
    st.weapon_user = [-1] * na
    st.reloaded = [False] * na
    st.moved_card = [False] * na
    st.comp_attacked = [False] * na
    st.actor = 0


def next_discarder(st: RiseOfTheZombies, start: int) -> None:
    for s in range(start, st.num_players):
        if not st.alive[s]:
            continue
        if st.hand[s]:
            st.actor = s
            return
        zombies.draw_actions(st, s, st.remaining(s))  # nothing to discard: just draw
    st.phase = "play"
    st.actor = -1
    next_actor(st)


def next_actor(st: RiseOfTheZombies) -> None:
    n = st.num_players
    for i in range(1, n + 1):
        s = (st.actor + i) % n
        if not st.passed[s]:
            st.actor = s
            return
    st.actor = -1


def settle(st: RiseOfTheZombies) -> None:
    """Resolve forced sub-decisions, end the game or the Play Cards step when due."""
    while True:
        while st.pending and not st.over:
            pd = st.pending[0]
            opts = moves.pending_actions(st, pd)
            if len(opts) > 1:
                break
            if not opts:
                st.pending.pop(0)  # nothing left to target: the rest is wasted
                continue
            play.apply_pending(st, pd.seat, opts[0] >> 16, (opts[0] >> 8) & 255, opts[0] & 255)
        if st.pending or st.over or not st.zq:
            break
        zombies.run_zq(st)  # zombie work that waited for a decision goes on
    if st.zq and not st.over:
        return  # in the middle of zombie attacks: the step is not over yet
    zombies.swap(st)
    check_end(st)
    if st.over or st.pending or st.phase != "play":
        return
    if st.actor >= 0 and not st.passed[st.actor]:
        return
    next_actor(st)
    if st.actor < 0:
        end_play_step(st)


def check_end(st: RiseOfTheZombies) -> None:
    if st.over:
        return
    if not any(st.alive):
        finish(st, "every survivor is dead")
    elif (
        st.heli_placed()
        and not st.zombies_at(7)
        and all(st.pos[s] == 7 for s in range(st.num_players) if st.alive[s])
    ):
        finish(st, "every remaining survivor is in the Rescue Helicopter")


def finish(st: RiseOfTheZombies, reason: str) -> None:
    """The game ends: survivors in a zombie-free Rescue Helicopter escape, the rest die."""
    st.over = True
    st.end_reason = reason
    st.pending = []
    st.zq = []
    clear = st.heli_placed() and not st.zombies_at(7)
    for s in range(st.num_players):
        st.escaped[s] = st.alive[s] and clear and st.pos[s] == 7
        if not st.escaped[s]:
            st.alive[s] = False
    st._say(f"Game over: {reason}.")


def end_play_step(st: RiseOfTheZombies) -> None:
    if st.clock == "turns":
        st.minutes_used += st.minutes_per_turn
        if st.minutes_used >= st.departure:
            finish(st, "the Rescue Helicopter departs")
            return
    zombies.zombie_turn(st, next_turn=True)  # the next Player Turn starts after it
