"""The import graph shows the design: every module under flick/ is parsed and every import is
counted, the ones inside functions too, relative imports resolved.

- the package-level graph of physics, scenario, game, replay, ui, tuning and cards has no cycle;
- the file-level graph has no circle: no two files import each other, directly or round a
  loop (imports under `if TYPE_CHECKING:` are for annotations and are not counted; late
  imports inside functions are); the circles of the card games and the window still being
  untied are named in `KNOWN_CIRCLES`, and the test fails when one of them is gone too, so
  the list only shrinks;
- data flows one way: physics <- scenario <- game <- replay <- ui, tuning -> physics, cards alone;
- no library package imports the front ends (flick.cli) or the benchmarks (flick.bench); only
  the entry point flick/__main__.py does;
- no module or test is named "advanced" (no word of the rulebook).

A failure names each offending import as FILE:LINE.
"""

from __future__ import annotations

import ast
import functools
import itertools
from collections import defaultdict, deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLICK = ROOT / "flick"
LAYERS = ("physics", "scenario", "game", "replay", "ui", "tuning", "measure", "cards",
          "openspiel", "pettingzoo", "plan", "net")
FRONT_ENDS = ("cli", "bench")
# What each layer may import among the layers (bottom modules such as flick.errors,
# flick.paths and flick.datafile are allowed everywhere).
ALLOWED: dict[str, set[str]] = {
    "physics": set(),
    "scenario": {"physics"},
    "game": {"physics", "scenario"},
    "replay": {"physics", "scenario", "game"},
    # the window's aim assist draws the shot planner's map
    "ui": {"physics", "scenario", "game", "replay", "plan", "net"},
    "tuning": {"physics"},
    "measure": {"physics", "tuning"},
    "cards": set(),
    # the game-AI adapters: front-end-like, no layer imports them
    "openspiel": {"cards"},
    "pettingzoo": {"physics", "scenario", "game", "cards"},
    # the shot planner: above physics and game; only the window imports it
    "plan": {"physics", "scenario", "game"},
    # network play: the host's game and its replay; the window is a client of it
    "net": {"physics", "scenario", "game", "replay"},
}


@functools.cache
def _parsed(path: Path, stamp: tuple[int, int]) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


def tree(path: Path) -> ast.Module:
    """The file's syntax tree, parsed once in a test process while the file is unchanged
    (several tests read every file of flick/; the trees are only read)."""
    stat = path.stat()
    return _parsed(path, (stat.st_mtime_ns, stat.st_size))


_BLOCKS = ("body", "orelse", "finalbody", "handlers", "cases")  # where statements nest


def inner_statements(node: ast.AST) -> list[ast.AST]:
    """The statements (and except handlers, match cases) directly inside `node`: an import is
    a statement, so the walks need not enter expressions (most of a file's nodes)."""
    found: list[ast.AST] = []
    for name in _BLOCKS:
        block = getattr(node, name, None)
        if isinstance(block, list):
            found.extend(child for child in block if isinstance(child, ast.AST))
    return found


def all_statements(node: ast.AST) -> list[ast.AST]:
    """Every statement inside `node`, at any depth (functions, classes, branches), in the
    order `ast.walk` meets them (breadth first)."""
    found: list[ast.AST] = []
    todo = deque(inner_statements(node))
    while todo:
        child = todo.popleft()
        found.append(child)
        todo.extend(inner_statements(child))
    return found


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
    for node in all_statements(tree(path)):
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


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def file_imports(path: Path, mod: str, modules: set[str] | frozenset[str]) -> list[tuple[str, int]]:
    """(imported module, line) of every import of the file that runs (at the top or late,
    inside a function), skipping those under `if TYPE_CHECKING:`. `from p import m` where
    `p.m` is one of `modules` imports the module `p.m` (as `import p.m` does); a package's
    `__init__` runs before any of its modules in every case, and that is not an edge."""
    package = mod.split(".") if path.name == "__init__.py" else mod.split(".")[:-1]
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST) -> None:
        for child in inner_statements(node):
            if isinstance(child, ast.If) and _type_checking(child.test):
                for other in child.orelse:
                    see(other)
                continue
            see(child)

    def see(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.append((sub if sub in modules else target, node.lineno))
        visit(node)

    visit(tree(path))
    return found


def file_graph() -> tuple[dict[str, set[str]], dict[tuple[str, str], list[str]]]:
    """Module -> the modules of flick it imports; (from, to) -> ["FILE:LINE", ...]."""
    paths = {module_name(p): p for p in sorted(FLICK.rglob("*.py"))}
    graph: dict[str, set[str]] = {m: set() for m in paths}
    where: dict[tuple[str, str], list[str]] = defaultdict(list)
    for mod, path in paths.items():
        for target, line in file_imports(path, mod, frozenset(paths)):
            at = f"{path.relative_to(ROOT)}:{line}"
            if target in paths and target != mod and at not in where[(mod, target)]:
                graph[mod].add(target)
                where[(mod, target)].append(at)
    return graph, where


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected parts of more than one module (Tarjan): each a circle of files
    that import each other, directly or round a loop."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.add(top)
                if top == node:
                    break
            if len(part) > 1:
                out.append(frozenset(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return out


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


# Circles of files other work is untying; each entry goes when its circle does (the test fails
# until it is removed). The card games' circles go with the split of each game's state into a
# plain data class with rules and views that import it; the window's with its restructuring.
KNOWN_CIRCLES: dict[str, frozenset[str]] = {}


def test_the_file_walk_skips_type_checking_and_counts_late_imports(tmp_path: Path) -> None:
    module = tmp_path / "legal.py"
    module.write_text("from typing import TYPE_CHECKING\nfrom flick.game.actions import shots\n"
                      "from flick.game.actions import object_stashes_near\n"
                      "if TYPE_CHECKING:\n    from flick.game.game import Game\nelse:\n"
                      "    import json\n\n\ndef f():\n    from . import reaction\n")
    modules = frozenset({"flick.game.actions", "flick.game.actions.shots",
                         "flick.game.actions.reaction", "flick.game.game"})
    assert file_imports(module, "flick.game.actions.legal", modules) == [
        ("typing", 1), ("flick.game.actions.shots", 2), ("flick.game.actions", 3),
        ("json", 7), ("flick.game.actions.reaction", 11)]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}) == [
        frozenset({"a", "b", "c"})]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_between_files() -> None:
    graph, where = file_graph()
    found = circles(graph)
    known = set(KNOWN_CIRCLES.values())
    new = [c for c in found if c not in known]
    gone = [name for name, c in KNOWN_CIRCLES.items() if c not in found]
    lines = []
    for c in new:
        edges = [f"{a} -> {b} ({', '.join(where[(a, b)])})" for a in sorted(c)
                 for b in sorted(graph[a] & c)]
        lines.append("import circle between files:\n    " + "\n    ".join(edges))
    lines += [f"the known circle {name!r} is gone: remove it from KNOWN_CIRCLES" for name in gone]
    assert not lines, "\n".join(lines)


def test_no_command_help_speaks_of_issues() -> None:
    # The product speaks of itself, not of the work items that built it.
    import re

    from flick.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.choices and isinstance(a.choices, dict))
    helps = {"flick": parser.format_help()}
    helps.update({f"flick {name}": p.format_help() for name, p in sub.choices.items()})
    bad = [name for name, text in helps.items() if re.search(r"\bissues?\b", text, re.I)]
    assert not bad, "help texts naming an issue: " + ", ".join(bad)


# A broad handler that swallows every error hides the one that matters (a broken parameter
# file, a bug). Allowed: handlers that re-raise, and this best-effort one:
SWALLOWS_ALLOWED = {
    # after the first validation errors, a second pass on the pruned file looks for more;
    # any failure of that pass only means no more errors are found
    "flick/scenario/loader.py: _salvage",
}


def test_no_broad_except_swallows_errors_in_the_table_and_rules() -> None:
    bad = []
    for top in ("physics", "scenario", "game"):
        for path in sorted((FLICK / top).rglob("*.py")):
            parsed = tree(path)
            for func in [n for n in all_statements(parsed)
                         if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]:
                for node in all_statements(func):
                    if not isinstance(node, ast.ExceptHandler):
                        continue
                    broad = node.type is None or (isinstance(node.type, ast.Name)
                                                  and node.type.id in ("Exception",
                                                                       "BaseException"))
                    reraises = any(isinstance(n, ast.Raise) for n in all_statements(node))
                    where = f"{path.relative_to(ROOT)}: {func.name}"
                    if broad and not reraises and where not in SWALLOWS_ALLOWED:
                        bad.append(f"{path.relative_to(ROOT)}:{node.lineno} ({func.name})")
    assert not bad, "broad except swallowing errors:\n  " + "\n  ".join(sorted(set(bad)))


# A class over 500 lines is a design asking to be split. The classes still being split are
# named in `KNOWN_LARGE_CLASSES` ("file:class"), and the test fails when one of them is no
# longer large, so the list only shrinks.
MAX_CLASS_LINES = 500
KNOWN_LARGE_CLASSES: set[str] = set()


def large_classes(root: Path = FLICK) -> dict[str, int]:
    """"file:class" -> lines (the file named from the folder above `root`), for every class over
    MAX_CLASS_LINES in the package `root`."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        for node in all_statements(tree(path)):
            if isinstance(node, ast.ClassDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_CLASS_LINES:
                    found[f"{path.relative_to(root.parent).as_posix()}:{node.name}"] = lines
    return found


def test_the_class_count_sees_nested_classes_and_the_window(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_CLASS_LINES - 1))
    (tmp_path / "flick" / "game").mkdir(parents=True)
    inner = body.replace("    ", "        ")
    (tmp_path / "flick" / "game" / "big.py").write_text(
        f"class Small:\n    pass\n\n\nclass Big:\n    class Inner:\n{inner}\n        y = 0\n")
    (tmp_path / "flick" / "ui").mkdir()
    (tmp_path / "flick" / "ui" / "app.py").write_text(
        f"class Window:\n{body}\n    y = 0\n    z = 0\n")
    assert large_classes(tmp_path / "flick") == {"flick/game/big.py:Big": MAX_CLASS_LINES + 2,
                                                 "flick/game/big.py:Inner": MAX_CLASS_LINES + 1,
                                                 "flick/ui/app.py:Window": MAX_CLASS_LINES + 2}


def test_no_class_over_500_lines() -> None:
    found = large_classes()
    new = [f"{k}: {v} lines" for k, v in sorted(found.items()) if k not in KNOWN_LARGE_CLASSES]
    gone = [f"{k} is no longer over {MAX_CLASS_LINES} lines: remove it from KNOWN_LARGE_CLASSES"
            for k in sorted(KNOWN_LARGE_CLASSES - set(found))]
    assert not new + gone, "classes to split by idea:\n  " + "\n  ".join(new + gone)
