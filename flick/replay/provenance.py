"""Where a replay's scenario came from, and which of its fields an edit changed.

The embedded scenario carries its SHA-256, so a damaged file is caught on loading; but anyone
can edit the scenario and recompute the hash, and nothing in the file can tell such a file
from an honest one (no key signs it). What `flick replay FILE --verify` can check:

- a game played from a bundled scenario records that file's name (`scenario.bundled`); verify
  compares the embedded scenario with the bundled file, field by field, and fails naming every
  field that differs (name, story, an objective's params, ...);
- `--scenario YAML` compares the embedded scenario with that file instead, the same way, what
  ever the replay says it came from (for games of a custom scenario);
- the label next to the data (`scenario.number`, `scenario.name`) must agree with the data;
- an edit that changes how the game plays or ends (an objective's params, the buildings, the
  invasion) makes the re-simulation differ from the recorded shots or result.

What it cannot catch: a custom scenario (`bundled` null, or set to null by whoever edited
it) whose data and hash were edited together, in a field that does not change the game (name,
story, texts) or together with a result edited to match. Verify then says OK and notes that the
scenario was checked against its own hash only. A bundled file changed by a later flick also
makes old replays of it differ; the message says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flick.errors import FlickError
from flick.scenario import Scenario, bundled, load

_LOADED: dict[tuple[Path, int], Scenario] = {}  # (bundled file, its mtime) -> its scenario


def _bundled_file(path: Path) -> Scenario:
    key = (path, path.stat().st_mtime_ns)
    if key not in _LOADED:
        _LOADED[key] = load(path)
    return _LOADED[key]


def bundled_name(scenario: Scenario) -> str | None:
    """The file name of the bundled scenario `scenario` is exactly (`s07_....yaml`), or None
    for a custom one (same number but other data, or another number)."""
    for path in bundled():
        if int(path.stem[1:3]) == scenario.number:
            try:
                same = _bundled_file(path) == scenario
            except FlickError:
                return None
            return path.name if same else None
    return None


def bundled_scenario(name: str) -> Scenario:
    """The bundled scenario of file name `name` (as `bundled_name` gives); FlickError if flick
    bundles no such file."""
    for path in bundled():
        if path.name == name:
            return _bundled_file(path)
    raise FlickError(f"it names the bundled scenario {name!r}, which this flick does not have")


def differences(recorded: Any, reference: Any, where: str = "") -> list[str]:
    """Every field (dotted, with [k] for list items) where the JSON-shaped `recorded` differs
    from `reference`."""
    if isinstance(recorded, dict) and isinstance(reference, dict):
        out: list[str] = []
        for key in sorted(set(recorded) | set(reference), key=str):
            at = f"{where}.{key}" if where else str(key)
            if key not in recorded or key not in reference:
                out.append(at + (" (added)" if key in recorded else " (missing)"))
            else:
                out += differences(recorded[key], reference[key], at)
        return out
    if isinstance(recorded, list) and isinstance(reference, list):
        if len(recorded) != len(reference):
            return [f"{where or 'the scenario'} ({len(recorded)} items, not {len(reference)})"]
        out = []
        for k, (a, b) in enumerate(zip(recorded, reference, strict=True)):
            out += differences(a, b, f"{where}[{k}]")
        return out
    if type(recorded) is not type(reference) or recorded != reference:
        return [where or "the scenario"]
    return []


def scenario_problem(record: Any, against: Scenario | None = None,
                     against_label: str = "the scenario given") -> tuple[str | None, str]:
    """Check a game's embedded scenario (`record`, a `schema.ScenarioRecord`): (what is wrong
    or None, a note on what it was checked against)."""
    data = record.data
    problems = [f"its label says {label} {value!r}, its data {data.get(label)!r}"
                for label, value in (("number", record.number), ("name", record.name))
                if data.get(label) != value]
    if against is not None:
        reference, label = against, against_label
    elif record.bundled is not None:
        label = f"the bundled {record.bundled}"
        try:
            reference = bundled_scenario(record.bundled)
        except FlickError as exc:
            return "; ".join([*problems, str(exc)]), ""
    else:
        note = "a custom scenario: checked against its own hash only"
        return ("; ".join(problems) or None), note
    fields = differences(data, reference.model_dump(mode="json"))
    if fields:
        problems.append(f"it differs from {label} in: {', '.join(fields)} (edited, or the file "
                        "changed since the game was recorded)")
    return ("; ".join(problems) or None), f"scenario identical to {label}"
