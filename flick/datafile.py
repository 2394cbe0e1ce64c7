"""Reading a YAML file while remembering where every value came from.

The file is composed into yaml's node tree (each node carries its start mark), the data is
constructed from that same tree, and a map from each value's path (`("teams", 0, "survivors",
2, "life")`) to its line and column is kept beside it, so any later check can name the line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

Path = tuple[Any, ...]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file, at a 1-based line and column."""

    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


@dataclass
class Marked:
    """A parsed document: `data`, and the marks of its values and mapping keys."""

    file: str
    data: Any
    values: dict[Path, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path, tuple[int, int]] = field(default_factory=dict)

    def where(self, path: Path, key: bool = False) -> tuple[int, int]:
        """The line and column of `path`, or of its nearest known ancestor."""
        p = tuple(path)
        while True:
            if key and p in self.keys:
                return self.keys[p]
            if p in self.values:
                return self.values[p]
            if not p:
                return (1, 1)
            p = p[:-1]

    def problem(self, path: Path, message: str, key: bool = False) -> Problem:
        line, col = self.where(path, key)
        return Problem(self.file, line, col, message)


def read(text: str, file: str) -> tuple[Marked | None, list[Problem]]:
    """Parse YAML text; a syntax error is returned as a problem (there is only one)."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, [Problem(file, 1, 1, "the file is empty")]
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = " ".join(x for x in (exc.context, exc.problem) if x)
        return None, [Problem(file, line, col, f"YAML syntax: {what}")]
    except yaml.YAMLError as exc:
        return None, [Problem(file, 1, 1, f"YAML: {exc}")]
    finally:
        loader.dispose()
    marked = Marked(file, data)
    problems: list[Problem] = []
    _walk(node, (), marked, problems)
    return marked, problems


def _mark(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _walk(node: yaml.Node, path: Path, marked: Marked, problems: list[Problem]) -> None:
    marked.values[path] = _mark(node)
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, tuple[int, int]] = {}
        for key_node, value_node in node.value:
            key = _key(key_node)
            if key in seen:
                line, col = _mark(key_node)
                problems.append(Problem(marked.file, line, col,
                                        f"duplicate key '{key}' (first at line {seen[key][0]})"))
            seen[key] = _mark(key_node)
            marked.keys[(*path, key)] = _mark(key_node)
            _walk(value_node, (*path, key), marked, problems)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, (*path, i), marked, problems)


def _key(node: yaml.Node) -> Any:
    """The key as the constructed dict holds it (an int key stays an int)."""
    if not isinstance(node, yaml.ScalarNode):
        return str(node.value)
    if node.tag.endswith(":int"):
        try:
            return int(str(node.value).replace("_", ""), 0)
        except ValueError:
            return node.value
    if node.tag.endswith(":bool"):
        return str(node.value).lower() in ("true", "yes", "on")
    return node.value
