"""Finding, reading and validating scenario files; every problem as `FILE:LINE:COLUMN: ...`.

A scenario is named by its number (`4`), its name (`starvation`, `Get Outta Town!`), its file
stem (`s04_starvation`) or a path to a YAML file. `check()` returns the scenario (when it can be
built) and all problems; `load()` returns a valid scenario or raises `DataFileError` (exit 2).

Structural problems (YAML syntax, unknown keys, wrong types, unknown names) come from yaml and
pydantic and are located through yaml's node marks. To still run the checks that need a whole
scenario (overlap, doors, token counts) when some entries are broken, the broken list entries
are left out and a broken required value is replaced by a stand-in, and the checks that depend
on a replaced value are skipped: each problem is reported once, and as many as can be found.
"""

from __future__ import annotations

import copy
import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from flick import paths
from flick.datafile import (
    _AT,
    Marked,
    Problem,
    UnreadableFile,
    brief,
    clean_loc,
    read,
    read_text,
)
from flick.errors import DataFileError
from flick.scenario import checks
from flick.scenario.model import FIRST_NAMES, Scenario, slugify

# Stand-ins for required top-level values that failed validation, so the other checks run.
_STAND_INS: dict[str, Any] = {
    "number": 99, "name": "unnamed", "mode": "co-op", "players": {"min": 1, "max": 10},
    "story": "", "round_marker": {"start": 4}, "invasion": {"day": 0, "night": 0},
    "objectives": [], "skull": {"id": "skull_survivors_lose", "text": ""},
    "provenance": {"rulebook": [], "reconstructed": []},
    "zombie_bin": {"x": -1000.0, "y": -1000.0, "zombies": 0},
    "buildings": [], "teams": [],
}


@dataclass
class Result:
    """What `check` found: every problem, and the scenario if one could be built (when there
    are problems, it is the salvaged one, broken entries left out: use it only for display;
    `ok` says whether the file is valid)."""

    path: Path
    scenario: Scenario | None
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.scenario is not None and not self.problems

    def message(self) -> str:
        n = len(self.problems)
        lines = [str(p) for p in self.problems]
        lines.append(f"{n} problem{'s' if n != 1 else ''} in {display(self.path)}")
        return "\n".join(lines)


def bundled() -> list[Path]:
    """The scenario files shipped with flick, in number order."""
    return sorted(paths.scenarios().glob("s[0-9][0-9]_*.yaml"))


def resolve(ref: str | int | Path) -> Path:
    """The file a scenario reference names: a number, a name, a file stem or a path."""
    if isinstance(ref, Path):
        return ref
    text = str(ref).strip()
    if not text:  # Path("") is the current folder, which no one means by it
        raise DataFileError("no scenario named '': give a number (1-10), a name or a path to "
                            "a YAML file", exit_code=2)
    candidate = Path(text)
    try:
        if candidate.suffix in (".yaml", ".yml") or candidate.exists() or candidate.is_symlink():
            return candidate
    except OSError as exc:  # a name too long for the system
        raise DataFileError(f"no scenario named '{text[:40]}...': {exc.strerror}",
                            exit_code=2) from None
    files = bundled()
    digits = text.lower().lstrip("s")
    if re.fullmatch(r"[0-9]{1,3}", digits):  # ASCII digits only ('²' is a digit to isdigit)
        for f in files:
            if int(f.stem[1:3]) == int(digits):
                return f
    slug = slugify(text)
    for f in files:
        if f.stem == slug or f.stem[4:] == slug:
            return f
    known = ", ".join(f"{int(f.stem[1:3])} ({f.stem[4:]})" for f in files)
    shown = text if len(text) <= 60 else text[:57] + "..."
    raise DataFileError(f"no scenario named '{shown}'; bundled: {known}; or give a path to a "
                        "YAML file", exit_code=2)


def check(ref: str | int | Path) -> Result:
    """Read and validate a scenario file; collect every problem found."""
    path = resolve(ref)
    shown = display(path)
    try:
        text = read_text(path, shown)
    except UnreadableFile as exc:
        return Result(path, None, [exc.problem])
    return check_text(text, shown, path)


# Validated texts: (text, file, path) -> Result. Checking a scenario builds its table to
# test the geometry (~0.15 s); a game, a test or a batch loads the same file again and again.
# Each caller gets its own deep copy of the scenario (~1 ms), so none can change another's.
_CHECKED: dict[tuple[str, str, str], Result] = {}
_CHECKED_MAX = 64


def check_text(text: str, file: str, path: Path | None = None) -> Result:
    """Validate YAML text as a scenario; `file` is the name problems carry."""
    key = (text, file, str(path))
    found = _CHECKED.get(key)
    if found is None:
        found = _check_text(text, file, path)
        if len(_CHECKED) >= _CHECKED_MAX:
            _CHECKED.pop(next(iter(_CHECKED)))
        _CHECKED[key] = found
    scenario = found.scenario.model_copy(deep=True) if found.scenario is not None else None
    return Result(found.path, scenario, list(found.problems))


def _check_text(text: str, file: str, path: Path | None = None) -> Result:
    where = path or Path(file)
    marked, problems = read(text, file)
    if marked is None:
        return Result(where, None, problems)
    if not isinstance(marked.data, dict):
        return Result(where, None, [*problems,
                                    marked.problem((), "a scenario file is a mapping of keys")])
    data = marked.data
    skip: set[str] = set()
    remap: dict[tuple, list[int]] = {}
    scenario: Scenario | None = None
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        for err in exc.errors():
            problems.append(_problem(marked, err))
        scenario = _salvage(data, exc, skip, remap)
    if scenario is not None:
        seen: set[str] = set()

        def report(path: tuple, message: str, key: bool = False,
                   other: tuple | None = None) -> None:
            orig = _original(path, remap)
            if other is not None:
                line = marked.where(_original(other, remap))[0]
                message = f"{message} (line {line})"
            p = marked.problem(orig, message, key)
            if str(p) not in seen:
                seen.add(str(p))
                problems.append(p)

        partial = frozenset(str(path[0]) for path in remap if path)
        checks.run_all(scenario, report, frozenset(skip), partial)
    problems.sort(key=lambda p: (p.line, p.column))
    return Result(where, scenario, problems)


def load(ref: str | int | Path) -> Scenario:
    """A valid scenario, or `DataFileError` listing every problem (one per line)."""
    result = check(ref)
    if not result.ok:
        raise DataFileError(result.message(), exit_code=2)
    assert result.scenario is not None
    return result.scenario


def display(path: Path) -> str:
    """The path as a person typed it, or relative to the checkout for bundled files."""
    try:
        return str(path.resolve().relative_to(paths.root().resolve()))
    except (ValueError, OSError, RuntimeError):  # elsewhere, or a symlink loop
        return str(path)


# --- pydantic errors -> problems -----------------------------------------------------------

_WHAT = {
    "buildings": "building", "vehicles": "vehicle", "survivors": "survivor",
    "reserve_survivors": "survivor", "pretzel": "survivor", "special_rules": "special rule",
    "objectives": "objective", "instant_defeat": "condition", "losing": "condition",
    "skull": "condition", "shuffle": "token kind", "inventory": "token kind",
    "fixed": "token kind", "base": "building", "barricades": "building",
}


def _problem(marked: Marked, err: Any) -> Problem:
    loc = clean_loc(err["loc"])
    found = _AT.match(err["msg"])
    if found:  # a validator naming a deeper key: `at key.sub: message`
        loc = (*loc, *(int(p) if p.isdigit() else p for p in found.group(1).split(".")))
        label = _label(loc)
        return marked.problem(loc, f"{label}: {found.group(2)}")
    kind = err["type"]
    value = err.get("input")
    if loc and loc[-1] == "[key]":
        loc = loc[:-1]
        what = _what(loc)
        expected = err.get("ctx", {}).get("expected", "")
        return marked.problem(loc, f"unknown {what} '{loc[-1]}' (expected {expected})", key=True)
    if kind == "extra_forbidden":
        message = f"unknown key '{loc[-1]}'"
        known = _fields_at(loc[:-1])
        close = difflib.get_close_matches(str(loc[-1]), known, n=1)
        if close:
            message += f" (did you mean '{close[0]}'?)"
        elif known:
            message += f" (known: {', '.join(known)})"
        return marked.problem(loc, message, key=True)
    if kind == "missing":
        return marked.problem(loc[:-1], f"missing key '{loc[-1]}'"
                              + (f" in {_label(loc[:-1])}" if loc[:-1] else ""))
    if kind == "literal_error":
        what = _what(loc)
        expected = err.get("ctx", {}).get("expected", "")
        if what == "survivor":
            expected = ", ".join(FIRST_NAMES) + " (a first or full name)"
        return marked.problem(loc, f"unknown {what} {brief(value)} (expected {expected})")
    label = _label(loc)
    msg = err["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    got = brief(value) if not isinstance(value, dict | list) else type(value).__name__
    return marked.problem(loc, f"{label}: {msg[0].lower() + msg[1:]} (got {got})")


def _what(loc: tuple) -> str:
    for part in reversed(loc):
        if isinstance(part, str) and part in _WHAT:
            return _WHAT[part]
    return "value"


def _label(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _fields_at(loc: tuple) -> list[str]:
    """The keys a model accepts at a location of the file (for 'did you mean')."""
    model: Any = Scenario
    for part in loc:
        if isinstance(part, int):
            continue
        if not (isinstance(model, type) and issubclass(model, BaseModel)):
            return []
        info = model.model_fields.get(part)
        if info is None:
            return []
        model = _inner_model(info.annotation)
    if isinstance(model, type) and issubclass(model, BaseModel):
        return list(model.model_fields)
    return []


def _inner_model(annotation: Any) -> Any:
    """The model inside an annotation (`tuple[Zombie, ...]`, `Pretzel | None`), or None."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = _inner_model(arg)
        if found is not None:
            return found
    return None


# --- salvage: leave out broken entries so the other checks can run ------------------------

def _salvage(data: dict, exc: ValidationError, skip: set[str],
             remap: dict[tuple, list[int]]) -> Scenario | None:
    raw = copy.deepcopy(data)
    drops: dict[tuple, set[int]] = {}
    for _ in range(3):
        for err in exc.errors():
            loc = clean_loc(err["loc"])
            if loc and loc[-1] == "[key]":
                loc = loc[:-1]
            idx = max((i for i, p in enumerate(loc) if isinstance(p, int)), default=None)
            if idx is not None and _is_list(raw, loc[:idx]):
                drops.setdefault(loc[:idx], set()).add(loc[idx])
                continue
            top = loc[0] if loc else None
            if isinstance(top, str) and top in Scenario.model_fields:
                skip.add(top)
                if top in _STAND_INS:
                    raw[top] = copy.deepcopy(_STAND_INS[top])
                else:
                    raw.pop(top, None)
            elif top is not None:
                raw.pop(top, None)  # an unknown top-level key
            else:
                return None
        pruned = _prune(copy.deepcopy(raw), drops, remap)
        try:
            return Scenario.model_validate(pruned)
        except ValidationError as again:
            exc = again
        except Exception:
            return None
    return None


def _is_list(raw: Any, path: tuple) -> bool:
    node = raw
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return False
    return isinstance(node, list)


def _prune(raw: dict, drops: dict[tuple, set[int]], remap: dict[tuple, list[int]]) -> dict:
    # deepest lists first, so outer indices in the paths stay valid while pruning
    remap.clear()
    for path in sorted(drops, key=len, reverse=True):
        node: Any = raw
        for part in path:
            node = node[part]
        kept = [i for i in range(len(node)) if i not in drops[path]]
        node[:] = [node[i] for i in kept]
        remap[path] = kept
    return raw


def _original(path: tuple, remap: dict[tuple, list[int]]) -> tuple:
    """A path into the pruned data -> the same value's path in the file."""
    out: list = []
    for part in path:
        if isinstance(part, int) and tuple(out) in remap:
            kept = remap[tuple(out)]
            part = kept[part] if part < len(kept) else part
        out.append(part)
    return tuple(out)
