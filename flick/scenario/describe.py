"""A scenario in words: the lines of a map's legend and of `flick scenarios show`."""

from __future__ import annotations

from flick.scenario.model import Scenario


def legend_lines(scenario: Scenario) -> list[str]:
    """The legend's text: clock, zombies, teams, tokens, rules."""
    sc = scenario
    lines = []
    for obj in sc.objectives:
        who = f"Team {obj.team}" if obj.team else "Objective"
        lines.append(f"{who}: {obj.text}")
    for cond in sc.instant_defeat:
        lines.append(f"Instant defeat: {cond.text}")
    lines.append(f"Skull: {sc.skull.text}")
    lines.append("")
    lines += [
        f"Round marker starts on {sc.round_marker.start} ({sc.round_marker.first_round})",
        f"New zombies: day {sc.invasion.day} / night {sc.invasion.night}",
        f"Zombies: {len(sc.zombies)} on the map, {sc.zombie_bin.zombies} in the bin, "
        f"{sc.zombies_in_game_box} in the box",
        "",
    ]
    for team in sc.teams:
        head = f"Team {team.name}" if sc.mode == "competitive" else "Survivors"
        if team.base:
            head += f" (base: {'RV' if team.base == 'rv' else team.base.replace('_', ' ')})"
        lines.append(head)
        for sv in team.survivors:
            extra = f", {', '.join(sv.inventory)}" if sv.inventory else ""
            power = ", power side" if sv.power_side else ""
            lines.append(f"  {sv.name}: {sv.life} life{power}{extra}")
        if team.open_slots:
            o = team.open_slots
            lines.append(f"  {o.min}-{o.max} chosen survivors, {o.life} life each")
    if sc.reserve_survivors:
        lines.append("Reserve: " + ", ".join(n.split()[0] for n in sc.reserve_survivors))
    if sc.pretzel:
        who = sc.pretzel.survivor or f"team {sc.pretzel.team}"
        lines.append(f"Pretzel: {who}")
    lines.append("")
    for pool in sc.tokens.pools:
        mix = ", ".join(f"{n} {k}" for k, n in pool.shuffle.items())
        lines.append(f"Shuffle face down: {mix}")
        if pool.remove_random:
            lines.append(f"  remove {pool.remove_random} at random")
        if pool.supply:
            lines.append(f"  {pool.supply} in a supply outside the city")
    for f in sc.tokens.fixed:
        where = "in front of" if f.where == "front" else "in"
        face = "face up" if f.face_up else "face down"
        lines.append(f"{f.count} {f.token} {face} {where} {f.at.replace('_', ' ')}")
    lines.append("")
    lines.append("Rules: " + ", ".join(r.id for r in sc.special_rules))
    return lines
