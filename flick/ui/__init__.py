"""The pygame front end of Flick 'em Up! Dead of Winter: it draws and collects gestures; the
rules stay in `flick.game`.

- `play_cli` / `app`: `flick play`, the hot-seat window (table, panel, gestures, fights,
  pass screen, replay recording); `script`: recorded input events for headless runs;
- `gesture`: press-drag-release -> `Flick` (swipe, slingshot, spin, hand noise);
- `adapter`: what the window reads from a `Game` and the inputs it makes (no rules);
- `motion`: the engine's own physics runs kept as 60 Hz frames for animation;
- `table_view`, `render`, `panel`: drawing; `replay_viewer`: `flick replay FILE`;
- `bench`: the `ui` section of `flick bench` (draw-loop frames per second).

pygame is imported by the modules that draw, so import them only where pygame is wanted.
"""

import os

# pygame prints a banner on import; flick's commands keep their output to what they say.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The window draws into a plain framebuffer: without this SDL backs it with an OpenGL texture,
# and on a machine without a GPU (Mesa's llvmpipe) every frame's upload cost about 12 ms of CPU
# under x11 instead of 0.4 ms.
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
