"""Rise of the Zombies!'s table drawn to fit a terminal: width, height, grouped zombies."""

from __future__ import annotations

from flick.cards.rise_of_the_zombies import make_bot
from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies


def midgame() -> RiseOfTheZombies:
    st = RiseOfTheZombies(["Scout", "Paramedic", "Cheerleader", "Scoundrel"], "standard", 3,
                          clock="turns", log=True)
    bots = [make_bot("greedy", i) for i in range(4)]
    for _ in range(220):
        st.apply(bots[st.current_player()].choose(st))
    assert not st.is_terminal()
    return st


def test_the_table_fits_80_columns_and_gives_up_events_for_height() -> None:
    st = midgame()
    tall = st.render_fit(None, 80)
    short = st.render_fit(None, 80, 24)
    for text in (tall, short):
        assert max(len(line) for line in text.splitlines()) <= 80
    assert "Recent events:" in tall and "Recent events:" not in short
    assert len(short.splitlines()) < len(tall.splitlines())


def test_identical_zombies_and_empty_locations_share_a_line() -> None:
    text = midgame().render()
    assert "2x The Pack 3/3 health" in text
    assert "4-1. School Bus, Police Station, Downtown, Safe House: nobody, no zombies" in text
