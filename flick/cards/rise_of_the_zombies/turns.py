"""Rise of the Zombies!: the steps of a turn: the forced decisions settled after each action,
the end of the Play Cards step and the Zombie Turn after it (who acts next and the end of the
game: `turn_order`). Each function takes the state and changes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.rise_of_the_zombies import moves, play, turn_order, zombies

if TYPE_CHECKING:
    from flick.cards.rise_of_the_zombies.table import Table

def settle(st: Table) -> None:
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
    turn_order.check_end(st)
    if st.over or st.pending or st.phase != "play":
        return
    if st.actor >= 0 and not st.passed[st.actor]:
        return
    turn_order.next_actor(st)
    if st.actor < 0:
        end_play_step(st)






def end_play_step(st: Table) -> None:
    if st.clock == "turns":
        st.minutes_used += st.minutes_per_turn
        if st.minutes_used >= st.departure:
            turn_order.finish(st, "the Rescue Helicopter departs")
            return
    zombies.zombie_turn(st, next_turn=True)  # the next Player Turn starts after it
