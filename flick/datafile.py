"""Reading a YAML file while remembering where every value came from.

The file is composed into yaml's node tree (each node carries its start mark), the data is
constructed from that same tree, and a map from each value's path (`("teams", 0, "survivors",
2, "life")`) to its line and column is kept beside it, so any later check can name the line.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field, replace
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


# --- limits: a small file must not make a big tree, a deep stack or a long wait ---------------

MAX_FILE_BYTES = 4 * 1024 * 1024
"""The largest data file read (bytes): the shipped files are under 100 kB."""
MAX_DEPTH = 64
"""The deepest nesting of mappings and lists (the shipped files nest at most 8 deep)."""
MAX_NODES = 200_000
"""The most values a document may hold once its aliases are expanded (billion laughs)."""
MAX_ALIASES = 100
"""The most aliases (`*name`) a document may use (the parameter file uses three)."""

# Characters refused anywhere in a file: what YAML does not allow (NUL and the other control
# characters but tab, newline, carriage return and NEL; surrogates; U+FFFE and U+FFFF).
_CONTROL = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader with YAML 1.2 floats: `1e3`, `-2E-5` and `1.` are numbers (YAML
    1.1 wants a dot and a signed exponent, so these would be strings)."""


_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?[eE][-+]?[0-9]+$"),
    list("-+0123456789"),
)


def _where(mark: Any) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def _control_problem(text: str, file: str) -> Problem | None:
    """The first NUL or control character of `text`, at its line and column."""
    found = _CONTROL.search(text)
    if found is None:
        return None
    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    return Problem(file, line, column,
                   f"control character U+{ord(found.group()):04X} (a data file is plain text)")


def _budget_problem(text: str, file: str) -> Problem | None:
    """Walk yaml's event stream (no tree is built, no recursion) and refuse a document nested
    deeper than MAX_DEPTH, using more than MAX_ALIASES aliases, or holding more than MAX_NODES
    values once its aliases are expanded. None when the document is within budget; a syntax
    error is left for the composer to report."""
    sizes: dict[str, int] = {}  # anchor -> values its node expands to
    open_: list[tuple[str | None, int]] = []  # (anchor, total at its start) per open collection
    total = aliases = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                total += 1
                open_.append((event.anchor, total))
                if len(open_) > MAX_DEPTH:
                    line, col = _where(event.start_mark)
                    return Problem(file, line, col,
                                   f"nested more than {MAX_DEPTH} levels deep (the limit)")
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                anchor, start = open_.pop()
                if anchor is not None:
                    sizes[anchor] = total - start + 1
            elif isinstance(event, yaml.ScalarEvent):
                total += 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                total += sizes.get(event.anchor, 1) if event.anchor is not None else 1
                if aliases > MAX_ALIASES:
                    line, col = _where(event.start_mark)
                    return Problem(file, line, col,
                                   f"more than {MAX_ALIASES} aliases (the limit)")
            if total > MAX_NODES:
                line, col = _where(event.start_mark)
                return Problem(file, line, col,
                               f"expands to more than {MAX_NODES} values (the limit; "
                               "anchors and aliases repeated inside each other?)")
    except yaml.YAMLError:
        return None
    return None


def read(text: str, file: str) -> tuple[Marked | None, list[Problem]]:
    """Parse YAML text; a syntax error is returned as a problem (there is only one).

    Refused before any tree is built: control characters (NUL included), nesting deeper than
    MAX_DEPTH, more than MAX_ALIASES aliases or MAX_NODES expanded values."""
    text = text.removeprefix("\ufeff")
    for check in (_control_problem, _budget_problem):
        found = check(text, file)
        if found is not None:
            return None, [found]
    loader: _Loader | None = None
    try:
        loader = _Loader(text)
        node = loader.get_single_node()
        if node is None:
            return None, [Problem(file, 1, 1, "the file is empty")]
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = _where(mark)
        what = " ".join(x for x in (exc.context, exc.problem) if x)
        return None, [Problem(file, line, col, f"YAML syntax: {what}")]
    except yaml.YAMLError as exc:
        return None, [Problem(file, 1, 1, f"YAML: {exc}")]
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:
        # a value yaml's constructors cannot build (an unhashable key, a bad timestamp)
        return None, [Problem(file, 1, 1, f"YAML: cannot build a value: {exc}")]
    finally:
        if loader is not None:
            loader.dispose()
    marked = Marked(file, data)
    problems: list[Problem] = []
    _walk(node, (), marked, problems)
    return marked, problems


class UnreadableFile(DataFileError):
    """A data file that cannot be read as text; `problem` is where (exit 2)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem), exit_code=2)
        self.problem = problem


def read_text(path: str | os.PathLike[str], file: str | None = None) -> str:
    """The text of a data file, or `UnreadableFile` (a `DataFileError`, exit 2) naming `file`:
    only a regular file is read (a FIFO, a device or a folder is refused without reading it),
    at most MAX_FILE_BYTES, UTF-8 (a byte order mark is dropped)."""
    name = str(path) if file is None else file

    def refuse(message: str, line: int = 1, column: int = 1) -> UnreadableFile:
        return UnreadableFile(Problem(name, line, column, message))

    try:
        with open(path, "rb", opener=_nonblocking) as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise refuse("not a regular file (a FIFO, a device or a folder is not read)")
            if info.st_size > MAX_FILE_BYTES:
                raise refuse(f"{info.st_size} bytes, larger than the limit of "
                             f"{MAX_FILE_BYTES} bytes")
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise refuse(f"cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise refuse(f"larger than the limit of {MAX_FILE_BYTES} bytes")
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise refuse(f"not UTF-8 text (byte 0x{raw[exc.start]:02x})", line, column) from None


def _nonblocking(path: str, flags: int) -> int:
    """Open without blocking (a FIFO with no writer would wait forever)."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


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
    text = read_text(path, name)
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
