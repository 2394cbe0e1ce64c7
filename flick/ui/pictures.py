"""Pictures of a replay: the city table after set-up and after every shot, as PNG files.

Drawn from the poses stored in the replay (nothing is re-simulated), so they show the game as
it was recorded even where this machine's physics would differ. Each picture marks the flick
(an arrow from where the flicked piece stood, its length growing with the launch speed, and a
thin line to where it came to rest), the pieces that fell in the shot (red rings), and says
what the shot was. Shots on a fight's
staging table are left out: only the city is drawn. Uses `flick.ui.render` (pygame, headless).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from flick.errors import FlickError

FELL = (200, 40, 40)
ARROW = (230, 120, 20)
CAPTION = (226, 232, 238)


def write_pictures(
    replay: Any, folder: str | Path, size: tuple[int, int] = (900, 960)
) -> list[Path]:
    """Write `game<G>_shot<NNN>.png` (shot 000: after set-up) for every game; the paths."""
    import pygame

    from flick.physics import PhysicsParams, Table
    from flick.ui.render import TABLE, Camera, Fonts, draw_city, draw_table, save_png

    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FlickError(f"--png {folder}: cannot make the folder: {exc.strerror}") from None
    if not pygame.font.get_init():
        pygame.font.init()
    written = []
    caption_h = 60
    for game in replay.games:
        rec = game.record
        params = game.params or PhysicsParams.default()
        width, height = rec.start.city
        table = Table(params, city=(width, height))
        area = pygame.Rect(0, caption_h, size[0], size[1] - caption_h)
        cam = Camera.fit(width, height, area, margin_cm=3.0)
        fonts = Fonts(min(area.width, area.height) / 820)
        frames: list[tuple[int, Any, Any]] = [(0, game.start_state(), None)]
        frames += [(k + 1, game.state_after(k), shot) for k, shot in enumerate(rec.shots)
                   if shot.table == "city"]
        for number, state, shot in frames:
            surface = pygame.Surface(size)
            surface.fill(TABLE)
            draw_city(surface, cam, width, height)
            table.restore(state)
            draw_table(surface, cam, table, fonts)
            lines = [f"game {game.number}, scenario {rec.scenario.number} "
                     f"{rec.scenario.name}, seed {rec.seed}"]
            if shot is None:
                lines.append("after set-up")
            else:
                lines.append(_describe(number, len(rec.shots), rec, shot))
                _mark_shot(surface, cam, shot, params)
            for i, line in enumerate(lines):
                font = fonts.heading if i == 0 else fonts.small
                surface.blit(font.render(line, True, CAPTION), (12, 8 + 26 * i))
            path = folder / f"game{game.number}_shot{number:03d}.png"
            written.append(save_png(surface, path))  # atomic; FlickError if it fails
    return written


def _describe(number: int, total: int, rec: Any, shot: Any) -> str:
    action = rec.inputs[shot.input].get("input", "")
    moved = ", ".join(f"{launch.kind}#{launch.piece}" for launch in shot.launched[:3])
    first = ", ".join(f"{kind}#{t}" for _, t, kind in shot.first_touch[:2]) or "nothing"
    fell = ", ".join(f"{kind}#{pid}" for pid, kind in shot.fell[:3]) or "nothing"
    return (f"shot {number}/{total}, input {shot.input + 1} ({action}, {shot.type}): {moved}; "
            f"first touch {first}; fell {fell}")


def _mark_shot(surface: Any, cam: Any, shot: Any, params: Any) -> None:
    import pygame

    positions = {p[0]: p for p in shot.poses}
    for launch in shot.launched:
        if launch.at is None:
            continue  # a rushed zombie: it came out of the tower
        x, y = launch.at
        end = positions.get(launch.piece)
        if end is not None:  # where it came to rest (a straight line: the path may bend)
            pygame.draw.line(surface, ARROW, cam.px(x, y), cam.px(end[2], end[3]), 1)
        if launch.impulse is not None:
            mass = params.pieces[launch.kind].mass if launch.kind in params.pieces else 1.0
            vx, vy = launch.impulse[0] / mass, launch.impulse[1] / mass
        elif launch.velocity is not None:
            vx, vy = launch.velocity
        else:
            continue
        speed = math.hypot(vx, vy)
        if speed == 0:
            continue
        length = 3.0 + 12.0 * min(speed / 400.0, 1.0)  # cm on the table
        tip = (x + vx / speed * length, y + vy / speed * length)
        pygame.draw.line(surface, ARROW, cam.px(x, y), cam.px(*tip), 3)
        pygame.draw.circle(surface, ARROW, cam.px(*tip), 4)
    for pid, _ in shot.fell:
        if pid in positions:
            p = positions[pid]
            pygame.draw.circle(surface, FELL, cam.px(p[2], p[3]), max(6, cam.length(3.2)), 2)
