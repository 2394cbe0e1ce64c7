"""Reading a YAML file while remembering where every value came from.

The file is composed into yaml's node tree (each node carries its start mark), the data is
constructed from that same tree, and a map from each value's path (`("teams", 0, "survivors",
2, "life")`) to its line and column is kept beside it, so any later check can name the line.
"""

from __future__ import annotations

import math
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


MAX_INT_DIGITS = 18
"""The most digits an integer in a data file may have (a seed fits; a 401-digit one does not)."""

# Characters refused inside a value once its escapes are read (`"\\0"`, `"\\e[2J"`): control
# characters but tab and newline, and the bidirectional overrides that reorder what is shown.
_VALUE_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

# Line breaks YAML 1.1 counts but editors do not (so a reported line would differ from theirs).
_ODD_BREAK = re.compile("[\x85\u2028\u2029]")


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader reading plain scalars the YAML 1.2 core way: `true`/`false` (not
    `yes`/`on`), decimal, `0o` and `0x` integers (no base 60: `1:0` is text; `010` is ten),
    floats with or without a dot (`1e3`, `1.`), `null`/`~`, no timestamps; merge keys `<<`
    are kept. An integer of more than MAX_INT_DIGITS digits is refused at its line."""

    yaml_implicit_resolvers = {}  # noqa: RUF012  (the base class declares its type)


for _tag, _pattern, _first in (
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("int", r"^(?:[-+]?[0-9][0-9_]*|0o[0-7_]+|0x[0-9a-fA-F_]+)$", "-+0123456789"),
    ("float", r"^(?:[-+]?(?:\.[0-9][0-9_]*|[0-9][0-9_]*(?:\.[0-9_]*)?)(?:[eE][-+]?[0-9]+)?"
              r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", "-+0123456789."),
    ("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("merge", r"^(?:<<)$", "<"),
):
    _Loader.add_implicit_resolver(f"tag:yaml.org,2002:{_tag}", re.compile(_pattern),
                                  list(_first))


def _construct_int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> int:
    text = str(loader.construct_scalar(node)).replace("_", "")
    sign, digits = (-1, text[1:]) if text[:1] == "-" else (1, text.lstrip("+"))
    base = {"0o": 8, "0x": 16}.get(digits[:2].lower(), 10)
    if base != 10:
        digits = digits[2:]
    if len(digits.lstrip("0")) > MAX_INT_DIGITS:
        raise yaml.constructor.ConstructorError(
            None, None, f"an integer of {len(digits)} digits (at most {MAX_INT_DIGITS})",
            node.start_mark)
    try:
        return sign * int(digits, base)
    except ValueError:
        raise yaml.constructor.ConstructorError(
            None, None, f"not an integer: {text[:40]!r}", node.start_mark) from None


def _construct_float(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> float:
    """A float without YAML 1.1's base 60; `.inf` and `.nan` are read (the models refuse
    them where a finite number is needed, naming the field)."""
    text = str(loader.construct_scalar(node)).replace("_", "")
    special = {".inf": math.inf, "+.inf": math.inf, "-.inf": -math.inf, ".nan": math.nan}
    if text.lower() in special:
        return special[text.lower()]
    try:
        return float(text)
    except ValueError:
        raise yaml.constructor.ConstructorError(
            None, None, f"not a number: {text[:40]!r}", node.start_mark) from None


_Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
_Loader.add_constructor("tag:yaml.org,2002:float", _construct_float)


def _where(mark: Any) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def _control_problem(text: str, file: str) -> Problem | None:
    """The first NUL or control character of `text`, or the first NEL, LINE or PARAGRAPH
    SEPARATOR (YAML 1.1 counts them as line breaks, editors do not), at its line and column
    as an editor counts them (newlines only)."""
    found = _CONTROL.search(text)
    odd = _ODD_BREAK.search(text)
    if found is None or (odd is not None and odd.start() < found.start()):
        found, what = odd, "a line break editors do not count; use a newline"
    else:
        what = "a data file is plain text"
    if found is None:
        return None
    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    return Problem(file, line, column, f"control character U+{ord(found.group()):04X} ({what})")


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
                if any(anchor == event.anchor for anchor, _ in open_):
                    line, col = _where(event.start_mark)
                    return Problem(file, line, col,
                                   f"the alias *{event.anchor} is inside the value it names "
                                   "(a value cannot hold itself)")
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
        marked = Marked(file, None)
        problems: list[Problem] = []
        _walk(node, (), marked, problems, loader)
        marked.data = loader.construct_document(node)
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


_MERGE = "tag:yaml.org,2002:merge"


def _walk(node: yaml.Node, path: Path, marked: Marked, problems: list[Problem],
          loader: _Loader) -> None:
    """Record the marks of `node`'s values and keys under `path`; report duplicate keys and
    control characters inside values. A merge (`<<: *base`) gives the keys the mapping does
    not set itself, at the lines of the base (an override is not a duplicate)."""
    marked.values[path] = _mark(node)
    if isinstance(node, yaml.ScalarNode):
        found = _VALUE_CONTROL.search(str(node.value))
        if found is not None:
            line, col = _mark(node)
            problems.append(Problem(marked.file, line, col,
                                    f"control character U+{ord(found.group()):04X} in a value "
                                    "(a name or text is printable)"))
    elif isinstance(node, yaml.MappingNode):
        seen: dict[Any, tuple[int, int]] = {}
        merged: list[tuple[yaml.Node, yaml.Node]] = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                bases = value_node.value if isinstance(value_node, yaml.SequenceNode) else [
                    value_node]
                merged += [pair for base in bases if isinstance(base, yaml.MappingNode)
                           for pair in base.value if pair[0].tag != _MERGE]
                continue
            if isinstance(key_node, yaml.ScalarNode):
                _walk(key_node, (*path, "(key)"), marked, problems, loader)  # its characters
            key = _key(key_node, loader)
            if key in seen:
                line, col = _mark(key_node)
                problems.append(Problem(marked.file, line, col,
                                        f"duplicate key '{key}' (first at line {seen[key][0]})"))
            seen[key] = _mark(key_node)
            marked.keys[(*path, key)] = _mark(key_node)
            _walk(value_node, (*path, key), marked, problems, loader)
        for key_node, value_node in merged:
            key = _key(key_node, loader)
            if key not in seen:
                seen[key] = _mark(key_node)
                marked.keys[(*path, key)] = _mark(key_node)
                _walk(value_node, (*path, key), marked, problems, loader)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, (*path, i), marked, problems, loader)


def _key(node: yaml.Node, loader: _Loader) -> Any:
    """The key as the constructed dict holds it (an int key stays an int)."""
    if not isinstance(node, yaml.ScalarNode):
        return str(node.value)
    return loader.construct_object(node)


# --- pydantic errors -> problems at their lines --------------------------------------------

# A model validator may name a deeper key than pydantic's location: "at a.b.c: message".
_AT = re.compile(r"^(?:Value error, )?at ([\w.\-]+): (.*)$", re.DOTALL)


def brief(value: Any, limit: int = 60) -> str:
    """`repr(value)` for a message, cut to about `limit` characters: a megabyte name is named
    by its start and its length, not echoed whole."""
    text = repr(value)
    if len(text) <= limit:
        return text
    size = f"{len(value):,} characters" if isinstance(value, str) else f"{len(text):,} characters"
    return f"{text[:limit]}... ({size})"


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
            got = f" (got {brief(item.get('input'))})"
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
