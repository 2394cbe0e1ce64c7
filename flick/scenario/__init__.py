"""Flick 'em Up! Dead of Winter scenarios: the YAML format, the validated model, the loader.

```python
from flick.scenario import load, check, Scenario
sc = load(4)                      # or "starvation", "s04_starvation", a path to a YAML file
sc.survivors[0].name, sc.zombie_bin.zombies, sc.invasion.day
```
The format is documented in `scenarios/README.md`. Modules:

- `model`: the pydantic model of a scenario (`Scenario`) and the box's names and counts.
- `loader`: `load`/`check`, reading through `flick.datafile` so every problem is
  FILE:LINE:COLUMN; `checks` and `table_checks`: the cross-checks (names, tokens, set-up on
  a table).
- `place`: `place(scenario, table) -> Placement` sets a scenario on a physics `Table` (the
  tower's home is a `flick.physics.tower.place.TowerPose`); `describe`: the text description.

Scenario imports physics, never the game or the UI. The command line is
`flick/cli/scenarios.py` (`flick scenarios`).
"""

from flick.scenario.loader import Result, bundled, check, check_text, load, resolve
from flick.scenario.model import (
    BUILDINGS,
    CONDITION_IDS,
    OBJECTIVE_IDS,
    RULE_IDS,
    SURVIVORS,
    TOKEN_BOX,
    Scenario,
)

__all__ = [
    "BUILDINGS",
    "CONDITION_IDS",
    "OBJECTIVE_IDS",
    "RULE_IDS",
    "SURVIVORS",
    "TOKEN_BOX",
    "Result",
    "Scenario",
    "bundled",
    "check",
    "check_text",
    "load",
    "resolve",
]
