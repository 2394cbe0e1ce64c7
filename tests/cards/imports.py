"""What a module of a card game imports, for the tests that the state is plain data (its rule
modules import it, never the reverse)."""

from __future__ import annotations

import ast
from pathlib import Path


def imported(path: Path) -> set[str]:
    """Every module `path` imports, also under TYPE_CHECKING and inside functions (`from m
    import n` counts both m and m.n)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            out |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out
