"""What a Rise of the Zombies! player may ask at the table: the full text of a survivor, an
Action card, a Location or a zombie and what it does now (where it is, its wounds, who holds
it), the rules of the step being played, and the end of the game with its counts.

The card texts are built from the card data (assets/cards/rise_of_the_zombies.yaml), the same
values the rules run, with the rulebook's keywords spelt out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flick.cards.rise_of_the_zombies.data import EFFECT_KEYS, ActionSpec, Chart, ZombieSpec

if TYPE_CHECKING:
    from flick.cards.rise_of_the_zombies.state import RiseOfTheZombies

ABILITY_TEXT = {
    "none": "no special ability",
    "free_attack_heal": "her Free Attack may instead heal 1 wound of a survivor in her Location",
    "reroll": "once per Player Turn she may re-roll one of her attack rolls",
}
TRAITS = {
    "fast": "Fast: attacks at once whenever it appears in a Location with survivors",
    "group": "Group: Engages every survivor in its Location",
    "blocks": "Blocks: a survivor Engaged with it cannot Advance (it may Retreat)",
    "again": "Again: after an attack it attacks the same survivor again",
    "attract": "Attract: draws another Zombie card into its Location when it appears",
}
TYPES = {
    "weapon": "Weapon: Ready it (pay its XP cost) to attack with it each Player Turn",
    "item": "Item: Ready it (pay its XP cost); discard it during a Play Cards step for its effect",
    "instant": "Instant: play it for its effect this Player Turn",
    "skill": "Skill: Ready it; its effect lasts",
    "companion": "Companion: Ready it; it fights beside you and can take wounds for you",
    "attachment": "Attachment: placed on a Location; its effect lasts while it is there",
    "location": "Location: play it from the Safe House end of the path to Advance into a new "
                "Location (one new Location a Player Turn)",
}
STEP_HELP = {
    "discard": "Discard step: discard any cards from your hand, then choose 'done discarding' "
               "to draw up to your current Health.",
    "play": "Play Cards step (simultaneous: everyone acts in any order until all say done): "
            "play and Ready cards (paying XP), attack the zombies in your Location (your Free "
            "Attack and each Readied Weapon once), Advance by playing a Location or Follow "
            "into a placed one by discarding a card with a Follow symbol, buy cards with XP, "
            "trade Weapons and Items with survivors in your Location. Then 'done'.",
    "pending": "A decision inside an action: choose its target or option.",
}
ZOMBIE_TURN = (
    "Zombie Turn: every zombie moves one Location toward the nearest survivor, zombies attack "
    "the survivors they are Engaged with (Group zombies everyone in their Location), then a "
    "Zombie card spawns one Location behind the rearmost survivor. Board the Rescue "
    "Helicopter (the 8th Location) and clear it of zombies before the Departure Time."
)


def chart_text(chart: Chart) -> str:
    return f"d6 chart {chart.text} (roll -> wounds)"


def action_text(spec: ActionSpec) -> str:
    parts = [f"{spec.name}. {TYPES.get(spec.type, spec.type)}."]
    if spec.type != "location":
        parts.append(f"Cost {spec.cost} XP.")
    if spec.chart is not None:
        lo, hi = spec.range
        reach = "your Location" if hi == 0 else f"range {lo}-{hi} Locations"
        parts.append(f"Attack: {reach}, {chart_text(spec.chart)}"
                     + (f", Final Attack {spec.final} wounds" if spec.final else "") + ".")
    if spec.health:
        parts.append(f"Health {spec.health}.")
    if spec.type == "location":
        parts.append(f"Card Draw +{spec.draw} (Action cards each survivor draws the first time it "
                     "enters); "
                     f"Infestation {spec.infestation} (zombie points drawn into it when "
                     "placed, plus the group modifier).")
    for key, value in spec.effect:
        what = EFFECT_KEYS.get(key, key)
        shown = value.text if isinstance(value, Chart) else value
        parts.append(f"Effect {key.replace('_', ' ')} {shown}: {what}.")
    symbols = [n for n, on in (("Attack", spec.attack), ("Follow", spec.follow)) if on]
    if symbols:
        parts.append(f"Symbols: {', '.join(symbols)}"
                     + (" (discard it to Follow into a placed Location)." if spec.follow
                        else "."))
    if spec.epic:
        parts.append("Epic: placing it and winning earns a level of Epic Victory.")
    return " ".join(parts)


def zombie_text(zs: ZombieSpec) -> str:
    traits = [TRAITS[t] for t in TRAITS if getattr(zs, t)]
    return (f"{zs.name}: Health {zs.health}, {zs.xp} XP when Killed, attack "
            f"{chart_text(zs.attack)}." + ("".join(f" {t}." for t in traits))
            + (" Epic." if zs.epic else ""))


def glossary(st: RiseOfTheZombies, viewer: int | None) -> list[tuple[str, str]]:
    entries: list[tuple[str, str]] = []
    for s in range(st.num_players):
        sv = st.cat.survivors[st.sv[s]]
        weapon = (f"Weapon {sv.weapon.name}: {chart_text(sv.weapon.chart)}." if sv.weapon
                  else "No weapon of its own.")
        text = (f"The {sv.name}: {ABILITY_TEXT.get(sv.ability, sv.ability)}. {weapon}"
                + (" Epic: escaping with it earns a level of Epic Victory." if sv.epic else ""))
        if not st.alive[s]:
            text += "\nNow: " + ("escaped." if st.escaped[s] else "dead.")
        else:
            ready = ", ".join(st.spec(c).name for c in st.ready[s]) or "nothing"
            text += (f"\nNow: in {st.location_name(st.pos[s])}, {st.remaining(s)}/{st.health()} "
                     f"Health, {st.xp[s]} XP; ready: {ready}.")
            if viewer is None or viewer == s or not st.secret_hands:
                text += " Hand: " + (", ".join(st.spec(c).name for c in st.hand[s]) or "-") + "."
        entries.append((f"{sv.name} (survivor)", text))
    holders: dict[str, list[str]] = {}
    for s in range(st.num_players):
        if not st.alive[s]:
            continue
        shown = viewer is None or viewer == s or not st.secret_hands
        for c in (st.hand[s] if shown else []):
            holders.setdefault(st.spec(c).name, []).append(f"the {st.name(s)}'s hand")
        for c in st.ready[s]:
            holders.setdefault(st.spec(c).name, []).append(f"readied by the {st.name(s)}")
    specs = {sp.name: sp for sp in st.cat.actions}
    for name in sorted(holders):
        where = ", ".join(sorted(set(holders[name])))
        entries.append((name, action_text(specs[name]) + f"\nNow: in {where}."))
    for i in range(len(st.path)):
        name = st.location_name(i)
        c = st.path[i]
        if name == "Safe House":
            text = "Safe House: the start of the path (Location 1); no zombies at the start."
        elif name == "Rescue Helicopter":
            text = ("Rescue Helicopter: the 8th Location; every living survivor aboard with no "
                    "zombie in it escapes.")
        else:
            text = action_text(st.spec(c))
        attached = ", ".join(st.spec(a).name for a in st.attach[i])
        there = ", ".join(f"{st.zspec(z).name} ({st.zspec(z).health - st.zwounds[z]}/"
                          f"{st.zspec(z).health})" for z in st.zombies_at(i)) or "no zombies"
        who = ", ".join(st.name(s) for s in st.here(i)) or "nobody"
        text += (f"\nNow: Location {i + 1} of the path; survivors: {who}; {there}"
                 + (f"; attached: {attached}" if attached else "") + ".")
        entries.append((f"{name} (Location {i + 1})", text))
    seen: set[str] = set()
    for p in range(len(st.path)):
        for z in st.zombies_at(p):
            zs = st.zspec(z)
            if zs.name in seen:
                continue
            seen.add(zs.name)
            places = [f"{st.location_name(st.zpos[y])} ({zs.health - st.zwounds[y]}/{zs.health}"
                     + (f", on the {st.name(st.zeng[y])}" if st.zeng[y] >= 0 else "") + ")"
                     for q in range(len(st.path)) for y in st.zombies_at(q)
                     if st.zspec(y).name == zs.name]
            entries.append((f"{zs.name} (zombie)", zombie_text(zs) + "\nNow: "
                            + "; ".join(places) + "."))
    return entries


def rules_help(st: RiseOfTheZombies) -> str:
    step = "pending" if st.pending else st.phase
    left = max(st.departure - st.minutes_used, 0)
    return (f"Rise of the Zombies!: reach the Rescue Helicopter before it departs "
            f"({left:.0f} of {st.departure} minutes left). Health {st.health()} each (= hand "
            f"size), Infestation +{st.modifier()} (Group counter {st.group_n}).\n\n"
            + STEP_HELP.get(step, "") + "\n\n" + ZOMBIE_TURN)


def outcome(st: RiseOfTheZombies) -> str:
    """WON/LOST first (a victory: at least one survivor escaped), then each survivor, the
    path, the minutes used and the campaign points."""
    res = st.result()
    escaped = [st.name(s) for s in range(st.num_players) if st.escaped[s]]
    lines = [("WON" if res["victory"] else "LOST") + f": {st.end_reason}.",
             f"Escaped: {', '.join(escaped) or 'nobody'} ({len(escaped)} of {st.num_players});"
             f" {st.minutes_used:.0f} of {st.departure} minutes used; path "
             f"{len(st.path)} of 8 Locations; campaign points {res['campaign_points']}."]
    for s in res["survivors"]:
        fate = "escaped" if s["alive"] else "died"
        lines.append(f"  the {s['name']}: {fate}, {s['xp']} XP, {s['wounds']} wounds")
    return "\n".join(lines)
