"""Safe YAML loading that remembers where every value came from.

Plain ``yaml.safe_load`` loses positions, silently keeps the last of two duplicate keys and
expands alias bombs without limit.  :func:`load_yaml` composes the node graph with libyaml's
safe loader and builds the Python values itself, so that it can

* record the file position of every key and value (a :class:`SourceMap`),
* reject duplicate keys, explicit tags, tabs in indentation and non-UTF-8 bytes,
* bound the work an alias-heavy document can cause (fails fast on a "billion laughs"),
* refuse nesting deeper than :data:`MAX_DEPTH` before parsing (libyaml's composer recurses
  in C: a few ten thousand nested brackets crash the interpreter), and
* refuse files beyond a size limit before reading them.

Every failure is a :class:`~cardgen.diagnostics.DiagnosticError` with a position and a code.
"""

from __future__ import annotations

import os
import re
from typing import Any

import yaml

from cardgen.diagnostics import Diagnostic, DiagnosticError, Position
from cardgen.util.files import FileTooLarge, NotARegularFile, describe_os_error, read_input_file

try:  # libyaml is an order of magnitude faster; fall back to the pure-Python loader.
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on the PyYAML build
    from yaml import SafeLoader as _Loader

MAX_BYTES = 2 * 1024 * 1024
MAX_NODES = 200_000
#: the deepest nesting of collections a catalogue file may have (a card file needs about 6)
MAX_DEPTH = 48

_STD_TAGS = {
    "tag:yaml.org,2002:" + t
    for t in ("str", "int", "float", "bool", "null", "map", "seq", "merge", "timestamp")
}
_MERGE = "tag:yaml.org,2002:merge"

Path = tuple[str | int, ...]


class SourceMap:
    """Positions of values (by path) and of mapping keys (by the path they introduce).

    Kept compactly, as ``[*path, line, column]`` rows of its one file (:meth:`rows`,
    :meth:`from_rows`), and unpacked on first use: a replayed catalogue snapshot
    (:mod:`cardgen.catalogue.snapshot`) holds thousands of positions that a command without
    diagnostics never reads.
    """

    def __init__(
        self,
        file: str,
        values: dict[Path, Position] | None = None,
        keys: dict[Path, Position] | None = None,
    ):
        self.file = file
        self._values = {} if values is None else values
        self._keys = {} if keys is None else keys
        self._packed: tuple[list[list], list[list]] | None = None

    @classmethod
    def from_rows(cls, file: str, values: list[list], keys: list[list]) -> SourceMap:
        """A source map of ``[*path, line, column]`` rows (of :meth:`rows`), unpacked on first
        use.  Raises ValueError if a row is not a path of scalars and two positive integers."""
        for row in (*values, *keys):
            if type(row) is not list or len(row) < 2:
                raise ValueError("a source map row is [*path, line, column]")
            *path, line, col = row
            if type(line) is not int or type(col) is not int or line < 1 or col < 1:
                raise ValueError("a source map position is two positive integers")
            if any(isinstance(p, list | dict) for p in path):
                raise ValueError("a source map path holds scalars only")
        smap = cls(file)
        smap._packed = (values, keys)
        return smap

    def rows(self) -> tuple[list[list], list[list]]:
        """The positions of values and of keys as ``[*path, line, column]`` rows."""
        if self._packed is not None:
            return self._packed
        return (
            [[*p, pos.line, pos.column] for p, pos in self.values.items()],
            [[*p, pos.line, pos.column] for p, pos in self.keys.items()],
        )

    def _unpack(self) -> None:
        assert self._packed is not None  # called only while packed
        values, keys = self._packed
        f = self.file
        self._values = {tuple(r[:-2]): Position(f, r[-2], r[-1]) for r in values}
        self._keys = {tuple(r[:-2]): Position(f, r[-2], r[-1]) for r in keys}
        self._packed = None

    @property
    def values(self) -> dict[Path, Position]:
        if self._packed is not None:
            self._unpack()
        return self._values

    @property
    def keys(self) -> dict[Path, Position]:
        if self._packed is not None:
            self._unpack()
        return self._keys

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SourceMap):
            return NotImplemented
        return (self.file, self.values, self.keys) == (other.file, other.values, other.keys)

    def __getstate__(self) -> tuple:
        return (self.file, *self.rows())

    def __setstate__(self, state: tuple) -> None:
        self.file, values, keys = state
        self._values, self._keys = {}, {}
        self._packed = (values, keys)

    def at(self, path: Path, *, key: bool = False) -> Position:
        """Best position for ``path``: the value (or its key), else the nearest known parent."""
        path = tuple(path)
        values = self.values
        while True:
            table = self.keys if key else values
            if path in table:
                return table[path]
            if path in values:
                return values[path]
            if not path:
                return Position(self.file, 1, 1)
            path = path[:-1]
            key = False


def _fail(code: str, message: str, pos: Position, hint: str | None = None) -> DiagnosticError:
    return DiagnosticError([Diagnostic(code, message, pos, hint=hint)])


def _pos(file: str, mark: Any) -> Position:
    return Position(file, mark.line + 1, mark.column + 1)


def _decode(data: bytes, file: str) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise _fail(
            "E002", f"byte 0x{data[exc.start]:02x} is not valid UTF-8", Position(file, line, col)
        ) from None
    return text.removeprefix("\ufeff")


def _check_tabs(text: str, file: str) -> None:
    for lineno, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip(" ")
        if stripped.startswith("\t"):
            col = len(line) - len(stripped) + 1
            raise _fail("E005", "tab character in indentation", Position(file, lineno, col))


def _too_deep(file: str, line: int, column: int, max_depth: int) -> DiagnosticError:
    return _fail(
        "E015",
        f"values nested more than {max_depth} levels deep",
        Position(file, line, column),
    )


#: a line whose value is a block scalar: its more indented lines that follow are text
_BLOCK_SCALAR = re.compile(r"(^|[\s:-])[|>][0-9+-]{0,2}\s*(#.*)?$")


def _check_depth(text: str, file: str, max_depth: int = MAX_DEPTH) -> None:
    """Refuse text whose collections nest deeper than ``max_depth``, before libyaml sees it.

    A conservative scan: flow brackets (``[`` ``{``) outside quoted scalars and comments, the
    ``- `` / ``? `` indicators chained on one line, and the indentation of block lines each
    count as nesting; quoted scalars, comments and plain scalars' inner brackets do not.
    """
    depth = 0  # open flow collections
    literal = -1  # the indentation a block scalar (``|``, ``>``) is more indented than
    for lineno, line in enumerate(text.split("\n"), 1):
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if literal >= 0:
            if not stripped.strip() or indent > literal:
                continue
            literal = -1
        if depth == 0:
            if _BLOCK_SCALAR.search(line):
                literal = indent
            chained = 0
            while stripped[:2] in ("- ", "? ") or stripped in ("-", "?"):
                chained += 1
                stripped = stripped[2:].lstrip(" ")
            # each block level needs a column of indentation or an indicator
            block = indent // 2 + chained
            if block > max_depth:
                raise _too_deep(file, lineno, indent + 1, max_depth)
        else:
            block = 0
        depth = _scan_flow(line, lineno, file, depth, block, max_depth)


def _scan_flow(line: str, lineno: int, file: str, depth: int, block: int, max_depth: int) -> int:
    """The open flow collections after ``line``, given ``depth`` open before it."""
    quote = ""
    prev = " "  # the previous significant character (a value starts after these)
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 1
            elif ch == quote:
                if quote == "'" and i + 1 < n and line[i + 1] == "'":
                    i += 1
                else:
                    quote = ""
                    prev = "x"
            i += 1
            continue
        starts_value = prev in " -:[{,?"
        if ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        if ch in "'\"" and starts_value:
            quote = ch
        elif ch in "[{" and (depth > 0 or starts_value):
            depth += 1
            if depth + block > max_depth:
                raise _too_deep(file, lineno, i + 1, max_depth)
        elif ch in "]}" and depth > 0:
            depth -= 1
        if ch != " " and ch != "\t":
            prev = ch if ch in "-:[{,?" else "x"
        i += 1
    return depth


class _Builder:
    """Turns a composed node graph into Python values, recording positions and checking keys."""

    def __init__(self, file: str, loader: Any, max_nodes: int):
        self.file = file
        self.loader = loader
        self.budget = max_nodes
        self.smap = SourceMap(file)
        #: ids of the collections being built (an alias back into one of them is a cycle)
        self.open: set[int] = set()

    def build(self, node: yaml.Node, path: Path) -> Any:
        if len(path) > 2 * MAX_DEPTH:  # the depth scan's backstop: nesting it could not see
            mark = node.start_mark
            raise _too_deep(self.file, mark.line + 1, mark.column + 1, 2 * MAX_DEPTH)
        self.budget -= 1
        if self.budget < 0:
            raise _fail(
                "E007",
                "document expands to too many values (alias bomb?)",
                _pos(self.file, node.start_mark),
            )
        if node.tag not in _STD_TAGS:
            raise _fail(
                "E009", f"tag {node.tag!r} is not allowed", _pos(self.file, node.start_mark)
            )
        self.smap.values[path] = _pos(self.file, node.start_mark)
        if isinstance(node, yaml.CollectionNode):
            if id(node) in self.open:
                raise _fail(
                    "E007",
                    "an alias refers to the value that contains it (recursive alias)",
                    _pos(self.file, node.start_mark),
                )
            self.open.add(id(node))
            try:
                if isinstance(node, yaml.MappingNode):
                    return self._mapping(node, path)
                return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
            finally:
                self.open.discard(id(node))
        try:
            return self.loader.construct_object(node)
        except yaml.YAMLError as exc:
            raise _fail(
                "E004", str(exc).splitlines()[0], _pos(self.file, node.start_mark)
            ) from None

    def _mapping(self, node: yaml.MappingNode, path: Path) -> dict:
        out: dict = {}
        seen: dict[Any, Position] = {}
        for key_node, value_node in node.value:
            kpos = _pos(self.file, key_node.start_mark)
            if key_node.tag == _MERGE:
                merged = self.build(value_node, path)
                for part in merged if isinstance(merged, list) else [merged]:
                    if not isinstance(part, dict):
                        raise _fail("E004", "merge key `<<` needs a mapping", kpos)
                    for k, v in part.items():
                        out.setdefault(k, v)
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                raise _fail("E004", "mapping keys must be plain scalars", kpos)
            key = self.build(key_node, (*path, "<key>"))
            try:
                hash(key)
            except TypeError:
                raise _fail("E004", "mapping keys must be plain scalars", kpos) from None
            if key in seen:
                first = seen[key]
                raise _fail(
                    "E006",
                    f"duplicate key {key!r} (first defined at line {first.line})",
                    kpos,
                )
            seen[key] = kpos
            self.smap.keys[(*path, key)] = kpos
            out[key] = self.build(value_node, (*path, key))
        return out


def parse_yaml(text: str, file: str, *, max_nodes: int = MAX_NODES) -> tuple[Any, SourceMap]:
    """Parse YAML text safely; returns the value and its :class:`SourceMap`."""
    _check_tabs(text, file)
    _check_depth(text, file)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        pos = _pos(file, mark) if mark else Position(file, 1, 1)
        problem = exc.problem or str(exc)
        hint = None
        if "sequence entries are not allowed" in problem:
            hint = 'a power with no value is written "-" (quoted) in block YAML'
        raise _fail("E004", problem, pos, hint) from None
    except yaml.YAMLError as exc:
        raise _fail("E004", str(exc).splitlines()[0], Position(file, 1, 1)) from None
    finally:
        loader.dispose()
    if node is None:
        raise _fail("E003", "file is empty", Position(file, 1, 1))
    # A document without aliases has fewer values than characters; only aliases can expand
    # beyond that, so the budget grows with the text and an alias bomb stops within ~20k values.
    builder = _Builder(file, loader, min(max_nodes, 20_000 + len(text)))
    return builder.build(node, ()), builder.smap


def load_yaml(
    path: str | os.PathLike[str],
    *,
    display: str | None = None,
    max_bytes: int = MAX_BYTES,
    max_nodes: int = MAX_NODES,
) -> tuple[Any, SourceMap]:
    """Read and parse a YAML file safely; ``display`` is the file name used in diagnostics."""

    file = display or os.fspath(path)
    try:
        data = read_input_file(path, max_bytes=max_bytes)
    except FileTooLarge as exc:
        raise _fail(
            "E008",
            f"file is {exc.size / 1e6:.1f} MB; the limit is {max_bytes / 1e6:.1f} MB",
            Position(file),
        ) from None
    except NotARegularFile as exc:
        hint = "make it a regular file, or remove it from the folder"
        raise _fail("E001", f"cannot read file: {exc}", Position(file), hint) from None
    except OSError as exc:
        why = describe_os_error(exc, exc.filename)
        raise _fail("E001", f"cannot read file: {why}", Position(file)) from None
    return parse_yaml(_decode(data, file), file, max_nodes=max_nodes)
