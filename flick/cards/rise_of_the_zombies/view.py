"""The table of a Rise of the Zombies! game as text: clock, path with its zombies, survivors."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flick.cards.rise_of_the_zombies.table import Table


def _clock(st: Table) -> str:
    left = max(st.departure - st.minutes_used, 0)
    kind = "turn clock" if st.clock == "turns" else "real time"
    return (f"Turn {st.turn} | {left:.0f} of {st.departure} minutes left ({kind}) | "
            f"{st.difficulty} | Group counter {st.group_n}: Health {st.health()}, "
            f"Infestation +{st.modifier()}")


def render_fit(st: Table, viewer: int | None, width: int,
               height: int | None) -> str:
    """The table with no line longer than `width`; with a `height`, fewer recent events (down
    to none) until the table leaves about 10 rows for the actions and the prompt."""
    from flick.cards.engine import fit_lines

    text = fit_lines(render(st, viewer), width)
    if height is None:
        return text
    for events in (8, 4, 2, 0):
        if len(text.splitlines()) <= max(height - 10, 8):
            break
        text = fit_lines(render(st, viewer, events), width)
    return text


def render(st: Table, viewer: int | None = None, events: int = 12) -> str:
    """The table. With `viewer` None every hand is shown (the rulebook lets each player reveal
    its hand, and bots and logs see all); with a seat, only that survivor's hand is shown and the
    others' are counted (players who keep their hands secret). Identical zombies (same card,
    wounds and target) share a line ("2x The Pack"); the last `events` events close it."""
    lines = [_clock(st)]
    quiet: list[int] = []  # a run of Locations with nobody and nothing: one line

    def close_run() -> None:
        if len(quiet) > 1:
            del lines[-len(quiet):]
            names = ", ".join(st.location_name(q) for q in quiet)
            lines.append(f"  {quiet[0] + 1}-{quiet[-1] + 1}. {names}: nobody, no zombies")
        quiet.clear()

    for i in range(len(st.path) - 1, -1, -1):
        who = ", ".join(st.name(s) for s in st.here(i)) or "-"
        extra = "".join(f" [{st.spec(c).name}]" for c in st.attach[i])
        if who == "-" and not extra and not st.zombies_at(i):
            quiet.append(i)
            lines.append(f"  {i + 1}. {st.location_name(i)}: survivors -")
            continue
        close_run()
        lines.append(f"  {i + 1}. {st.location_name(i)}{extra}: survivors {who}")
        shown: dict[str, int] = {}
        for z in st.zombies_at(i):
            zs = st.zspec(z)
            traits = [t for t in ("group", "fast", "blocks", "again", "attract")
                      if getattr(zs, t)]
            eng = st.zeng[z]
            on = f", on the {st.name(eng)}" if eng >= 0 else ""
            line = (f"{zs.name} {zs.health - st.zwounds[z]}/{zs.health} health, "
                    f"{zs.xp} XP, attack {zs.attack.text}"
                    f"{' (' + ', '.join(traits) + ')' if traits else ''}{on}")
            shown[line] = shown.get(line, 0) + 1
        for line, k in shown.items():
            lines.append(f"       {f'{k}x ' if k > 1 else ''}{line}")
    close_run()
    if len(st.path) < 8:
        lines.append(f"  (Rescue Helicopter: Location 8, not yet placed; "
                     f"{7 - len(st.path)} Locations to go before it)")
    for s in range(st.num_players):
        sv = st.cat.survivors[st.sv[s]]
        if not st.alive[s]:
            state = "escaped" if st.escaped[s] else "dead"
            lines.append(f"The {sv.name}: {state}")
            continue
        weapon = f", {sv.weapon.name} {sv.weapon.chart.text}" if sv.weapon else ""
        ready = ", ".join(
            st.spec(c).name + (f" ({st.spec(c).health - st.cwounds[c]} health)"
                               if st.spec(c).type == "companion" else "")
            for c in st.ready[s]
        ) or "-"
        flags = []
        if st.moved[s]:
            flags.append("moved")
        if st.free_used[s]:
            flags.append("Free Attack used")
        if st.passed[s] and st.phase == "play":
            flags.append("passed")
        lines.append(
            f"The {sv.name} in {st.location_name(st.pos[s])}: {st.remaining(s)}/{st.health()} "
            f"health, {st.xp[s]} XP{weapon}; ready: {ready}"
            + (f" [{', '.join(flags)}]" if flags else "")
        )
        if viewer is None or viewer == s:
            lines.append("    hand: " + (", ".join(st.spec(c).name for c in st.hand[s]) or "-"))
        else:
            lines.append(f"    hand: {len(st.hand[s])} card(s), kept secret")
    if st.events and events > 0:
        lines.append("Recent events:")
        lines.extend("  " + e for e in st.events[-events:])
    if st.over:
        lines.append(f"GAME OVER: {st.end_reason}. Escaped: "
                     + (", ".join(st.name(s) for s in range(st.num_players) if st.escaped[s])
                        or "nobody"))
    return "\n".join(lines)
