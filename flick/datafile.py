"""Reading a YAML file while remembering where every value came from.

The file is composed into yaml's node tree (each node carries its start mark), the data is
constructed from that same tree, and a map from each value's path (`("teams", 0, "survivors",
2, "life")`) to its line and column is kept beside it, so any later check can name the line.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path as FilePath
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from flick.errors import DataFileError

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


# --- pydantic errors -> problems at their lines --------------------------------------------

# A model validator may name a deeper key than pydantic's location: "at a.b.c: message".
_AT = re.compile(r"^(?:Value error, )?at ([\w.\-]+): (.*)$", re.DOTALL)


def clean_loc(loc: tuple[Any, ...]) -> Path:
    """Pydantic's error location without its union and function tags."""
    out = []
    for part in loc:
        if isinstance(part, str) and (part.startswith(("function-", "literal[", "nullable["))
                                      or part in ("str", "int", "float", "bool")):
            continue
        out.append(part)
    return tuple(out)


def validation_problems(marked: Marked, error: ValidationError) -> list[Problem]:
    """One `Problem` per pydantic error, at the line and column of the value it names (or of
    its nearest ancestor in the file): the message is `dotted.key: message (got value)`,
    `(top level)` for the document itself. A validator's `at a.b.c: ` prefix names the key."""
    problems = []
    for item in error.errors():
        loc = clean_loc(tuple(item["loc"]))
        message = item["msg"]
        found = _AT.match(message)
        if found:
            loc = loc + tuple(found.group(1).split("."))
            message = found.group(2)
        message = message.removeprefix("Value error, ")
        key = ".".join(str(part) for part in loc) or "(top level)"
        got = ""
        if item["type"] not in ("missing", "value_error") and not isinstance(
            item.get("input"), dict
        ):
            got = f" (got {item.get('input')!r})"
        problems.append(marked.problem(loc, f"{key}: {message}{got}"))
    return problems


# --- a data file read and validated, or one DataFileError naming every problem ----------------

_Model = TypeVar("_Model", bound=BaseModel)


def problems_error(problems: list[Problem]) -> DataFileError:
    """One `DataFileError` (exit 2) listing `problems`, one `FILE:LINE:COLUMN: message` a line."""
    return DataFileError("\n".join(str(p) for p in problems), exit_code=2)


def read_file(path: str | os.PathLike[str], file: str | None = None) -> Marked:
    """Read and parse a YAML data file, or raise `DataFileError` (FILE:LINE:COLUMN, exit 2).

    `file` is the name the messages give (default: the path as given). A syntax error reads
    `FILE:LINE:COLUMN: not valid YAML: ...`; duplicate keys and an empty file are refused too."""
    name = str(path) if file is None else file
    try:
        text = FilePath(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise DataFileError(f"{name}: cannot read: {exc.strerror}", exit_code=2) from None
    marked, problems = read(text, name)
    problems = [
        replace(p, message="not valid YAML: " + p.message.removeprefix("YAML syntax: "))
        if p.message.startswith("YAML syntax: ") else p
        for p in problems
    ]
    if marked is None or problems:
        raise problems_error(problems)
    return marked


def validate(marked: Marked, model: type[_Model]) -> _Model:
    """`model` validated from the file's data, or `DataFileError` with one located line per
    pydantic error (see `validation_problems`)."""
    try:
        return model.model_validate(marked.data)
    except ValidationError as error:
        raise problems_error(validation_problems(marked, error)) from None


def fail(marked: Marked, path: Path, message: str, key: bool = False) -> DataFileError:
    """A `DataFileError` for one problem at the value (or key) `path` of the file."""
    return problems_error([marked.problem(path, message, key)])
