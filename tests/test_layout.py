"""The import graph shows the design (issue 14): every module under flick/ is parsed and every
import is counted, the ones inside functions too, relative imports resolved.

- the package-level graph of physics, scenario, game, replay, ui, tuning and cards has no cycle;
- data flows one way: physics <- scenario <- game <- replay <- ui, tuning -> physics, cards alone;
- no library package imports the front ends (flick.cli) or the benchmarks (flick.bench); only
  the entry point flick/__main__.py does;
- no module or test is named "advanced" (no word of the rulebook).

A failure names each offending import as FILE:LINE.
"""

from __future__ import annotations

import ast
import itertools
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLICK = ROOT / "flick"
LAYERS = ("physics", "scenario", "game", "replay", "ui", "tuning", "measure", "cards",
          "openspiel", "pettingzoo", "plan")
FRONT_ENDS = ("cli", "bench")
# What each layer may import among the layers (bottom modules such as flick.errors,
# flick.paths and flick.datafile are allowed everywhere).
ALLOWED: dict[str, set[str]] = {
    "physics": set(),
    "scenario": {"physics"},
    "game": {"physics", "scenario"},
    "replay": {"physics", "scenario", "game"},
    # the window's aim assist (issue 22.2) draws the shot planner's map
    "ui": {"physics", "scenario", "game", "replay", "plan"},
    "tuning": {"physics"},
    "measure": {"physics", "tuning"},
    "cards": set(),
    # the game-AI adapters (issue 19): front-end-like, no layer imports them
    "openspiel": {"cards"},
    "pettingzoo": {"physics", "scenario", "game", "cards"},
    # the shot planner (issue 22): above physics and game; only the window imports it
    "plan": {"physics", "scenario", "game"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, mod: str | None = None) -> list[tuple[str, int]]:
    """(imported module, line) of every import in the file (module `mod`, by default named by
    its path), relative ones made absolute."""
    mod = mod or module_name(path)
    package = mod.split(".") if path.name == "__init__.py" else mod.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.append((target, node.lineno))
            # `from flick import replay` imports the package flick.replay
            if target == "flick":
                found += [(f"flick.{alias.name}", node.lineno) for alias in node.names]
    return found


def top_package(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "flick" and len(parts) > 1 else None


def edges() -> dict[tuple[str, str], list[str]]:
    """(from package, to package) -> ["flick/x/y.py:LINE imports flick.z", ...]."""
    found: dict[tuple[str, str], list[str]] = defaultdict(list)
    for path in sorted(FLICK.rglob("*.py")):
        src = top_package(module_name(path))
        for target, line in imports(path):
            dst = top_package(target)
            if src and dst and dst != src:
                where = f"{path.relative_to(ROOT)}:{line} imports {target}"
                found[(src, dst)].append(where)
    return found


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_the_walk_sees_imports_inside_functions_and_relative_ones(tmp_path: Path) -> None:
    module = tmp_path / "rush.py"
    module.write_text("import json\nfrom . import drop\n\n\ndef f():\n"
                      "    from ...game.play import play\n    from flick import replay\n")
    assert imports(module, "flick.physics.tower.rush") == [
        ("json", 1), ("flick.physics.tower", 2), ("flick.game.play", 6), ("flick", 7),
        ("flick.replay", 7)]
    init = tmp_path / "__init__.py"
    init.write_text("from .drop import DropResult\n")
    assert imports(init, "flick.physics.tower") == [("flick.physics.tower.drop", 1)]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_between_layers() -> None:
    found = edges()
    graph: dict[str, set[str]] = defaultdict(set)
    for src, dst in found:
        if src in LAYERS and dst in LAYERS:
            graph[src].add(dst)
    cycle = find_cycle(graph)
    if cycle:
        lines = [w for a, b in itertools.pairwise(cycle) for w in found[(a, b)]]
        raise AssertionError("import cycle " + " -> ".join(cycle) + ":\n  " + "\n  ".join(lines))


def test_data_flows_one_way() -> None:
    bad = [where for (src, dst), wheres in sorted(edges().items())
           if src in ALLOWED and dst in LAYERS and dst not in ALLOWED[src] for where in wheres]
    assert not bad, "imports against the layers:\n  " + "\n  ".join(bad)


def test_no_library_package_imports_the_front_ends() -> None:
    bad = [where for (src, dst), wheres in sorted(edges().items())
           if src not in (*FRONT_ENDS, "__main__") and dst in FRONT_ENDS for where in wheres]
    assert not bad, "library imports of flick.cli / flick.bench:\n  " + "\n  ".join(bad)


def test_nothing_is_named_advanced() -> None:
    named = [str(p.relative_to(ROOT)) for top in ("flick", "tests")
             for p in (ROOT / top).rglob("*") if "advanced" in p.name.lower()
             and "__pycache__" not in p.parts]
    assert not named, "named 'advanced': " + ", ".join(sorted(named))
