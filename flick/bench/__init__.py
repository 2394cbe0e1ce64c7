"""How fast flick is, measured, as one JSON object (the `flick bench` command is `flick.cli.bench`).

Each part of flick that has a hot path contributes a *section*: a module path in `SECTIONS`
whose `bench(quick: bool) -> dict` returns its figures. The results are merged into one dict;
a section may nest its keys (the card games report under `cards.<game>`). `--only` runs some
sections; `--quick` asks each for a shorter run (fewer repetitions, same keys).
`load_average` is the machine's 1-minute load before and after the whole run: the figures are
CPU time, but a busy machine still shares its caches and cores, so compare figures taken at
a load near 0 (or ratios taken within one run).
"""

from __future__ import annotations

import importlib
import platform
import time
from typing import Any

# module path -> short name used by --only
SECTIONS: dict[str, str] = {
    "cards": "flick.bench.cards",
    "physics": "flick.bench.physics",
    "game": "flick.bench.game",
    "tower": "flick.bench.tower",
    "ui": "flick.bench.ui",
    "tuning": "flick.bench.tuning",
    "plan": "flick.bench.plan",
    "swipe": "flick.bench.swipe",
    "dask": "flick.bench.cluster",
    "adapters": "flick.bench.adapters",
}


def _merge(into: dict[str, Any], new: dict[str, Any]) -> None:
    for key, value in new.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


def run(only: list[str] | None = None, quick: bool = False) -> dict[str, Any]:
    import pymunk

    from flick.bench.timing import load

    before = load()
    result: dict[str, Any] = {
        "python": platform.python_version(),
        "pymunk": pymunk.version,
        "machine": platform.machine(),
    }
    for name, module in SECTIONS.items():
        if only and name not in only:
            continue
        start = time.perf_counter()
        figures = importlib.import_module(module).bench(quick=quick)
        _merge(result, figures)
        result.setdefault("section_seconds", {})[name] = round(time.perf_counter() - start, 2)
    result["load_average"] = {"before": before, "after": load()}
    return result
