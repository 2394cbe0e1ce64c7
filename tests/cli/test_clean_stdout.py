"""flick's standard output is its own: pygame's greeting banner never precedes it, so
`flick bench --json` (and every other JSON output) parses as printed."""

from __future__ import annotations

import os
import subprocess
import sys


def test_pygame_greets_no_one_once_flick_runs() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    out = subprocess.run([sys.executable, "-c", "import flick.cli, pygame"],
                         capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0 and out.stdout == ""
