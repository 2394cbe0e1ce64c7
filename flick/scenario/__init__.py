"""Flick 'em Up! Dead of Winter scenarios: the YAML format, the validated model, the loader.

```python
from flick.scenario import load, check, Scenario
sc = load(4)                      # or "starvation", "s04_starvation", a path to a YAML file
sc.survivors[0].name, sc.zombie_bin.zombies, sc.invasion.day
```
The format is documented in `scenarios/README.md`. `place(scenario, table)` (in
`flick.scenario.place`) sets a scenario on a physics `Table`.
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
