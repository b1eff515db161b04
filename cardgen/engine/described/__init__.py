"""A designer's rules as data: a YAML description (``play.yaml``) compiled onto the engine
kit, so play, bots, scenarios, simulation, conformance and the studio reach a game with no
Python.  docs/rules-as-data.md is the reference.

``rules.yaml`` names it: ``engine: play.yaml``.  :func:`described_engine` reads, checks and
compiles it against the catalogue (every name and type, each mistake at file:line:col with a
did-you-mean); :func:`check_description` gives the same mistakes, and the warnings, to
``cardgen validate``.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.catalogue.loader import display_path
from cardgen.catalogue.yaml_source import parse_yaml
from cardgen.diagnostics import Diagnostic, DiagnosticError, Position
from cardgen.engine.described.compiler import Compiler, Program, RulesError
from cardgen.engine.described.game import DescribedEngine, make_engine
from cardgen.engine.described.howto import how_to_play
from cardgen.engine.described.model import DescriptionError, Problem, Source, check_model
from cardgen.engine.errors import SetupError
from cardgen.engine.log import catalogue_digest
from cardgen.util.files import read_input_file

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue

__all__ = [
    "DescribedEngine",
    "DescriptionError",
    "Program",
    "RulesError",
    "check_description",
    "compile_text",
    "described_engine",
    "how_to_play_of",
]

#: engines by description (path, text) and catalogue (its folder and content digest)
_CACHE: dict[tuple[str, str, str, str], DescribedEngine] = {}


def compile_text(text: str, file: str, catalogue: Catalogue, *, run_hooks: bool = True) -> Program:
    """The description ``text`` (its file named ``file`` in messages) compiled for
    ``catalogue``; :class:`DescriptionError` with every mistake at its position.  Without
    ``run_hooks`` the hooks' Python file is not loaded (its hooks do nothing)."""

    try:
        doc, smap = parse_yaml(text, file, max_nodes=50_000)
    except DiagnosticError as exc:
        raise DescriptionError([Problem(d.position, d.message) for d in exc.diagnostics]) from None
    src = Source(file, text, smap)
    desc = check_model(doc, src)
    try:
        return Compiler(desc, src, catalogue, run_hooks=run_hooks).compile()
    except RecursionError:
        raise DescriptionError(
            [Problem(Position(file, 1, 1), "the rules nest too deeply")]
        ) from None


def read_text(path: Path) -> str:
    """The description's text; :class:`DescriptionError` naming the file if unreadable."""

    try:
        data = read_input_file(path, max_bytes=512 * 1024)
        return data.decode("utf-8")
    except (OSError, ValueError) as exc:
        raise DescriptionError(
            [Problem(Position(str(path)), f"cannot read the rules: {exc}")]
        ) from None


def described_engine(path: Path, catalogue: Catalogue) -> DescribedEngine:
    """The engine of the description at ``path`` for ``catalogue`` (compiled once per text
    and catalogue content: the program holds the cards' fields and the rules' numbers)."""

    text = read_text(path)
    digest = hashlib.sha256(text.encode()).hexdigest()
    key = (str(path), digest, str(catalogue.root), catalogue_digest(catalogue))
    if key not in _CACHE:
        program = compile_text(text, _display(path), catalogue)
        _CACHE[key] = make_engine(program, path, catalogue.root)
    return _CACHE[key]


def description_path(catalogue: Catalogue) -> Path | None:
    """The description a catalogue's ``rules.yaml`` names (``engine: play.yaml``): beside it,
    else its pack's; None when it names none."""
    name = getattr(catalogue.rules, "engine", None)
    if not name or not name.endswith((".yaml", ".yml")):
        return None
    local = Path(catalogue.root) / name
    if local.exists():
        return local
    return Path(catalogue.pack.data) / name


def how_to_play_of(catalogue: Catalogue, *, level: int = 2) -> str:
    """The generated How to play of the rules description ``catalogue`` names (markdown), or
    ``""`` when its rules are not described in data; :class:`DescriptionError` for a broken
    description."""
    path = description_path(catalogue)
    if path is None:
        return ""
    program = compile_text(read_text(path), _display(path), catalogue, run_hooks=False)
    return how_to_play(program, catalogue, level=level)


def check_description(catalogue: Catalogue) -> list[Diagnostic]:
    """`cardgen validate`'s check of the description a catalogue names: every mistake
    (E020) and warning (W020, an end no effect can reach), each at its line; and a game set
    up from it (a deal larger than its deck is an error at the deal's line)."""
    path = description_path(catalogue)
    if path is None:
        return []
    try:
        program = compile_text(read_text(path), _display(path), catalogue, run_hooks=False)
    except SetupError as exc:
        problems = exc.problems if isinstance(exc, DescriptionError) else []
        if not problems:
            return [Diagnostic("E020", str(exc), Position(_display(path)))]
        return [Diagnostic("E020", p.message, p.position) for p in problems]
    out = [Diagnostic("W020", w.message, w.position) for w in program.warnings]
    if program.desc.hooks:  # a game set up would run the hooks' Python: validate never does
        return out
    engine = make_engine(program, path, catalogue.root)
    lo, hi = engine.info.min_players, engine.info.max_players
    for n in range(lo, hi + 1):
        try:
            engine.new_game(catalogue, engine.setup(catalogue, n))
        except SetupError as exc:
            out.append(_at_position(str(exc), path, n))
    return out


def _at_position(message: str, path: Path, players: int) -> Diagnostic:
    """A set-up failure (``file:line:col: what``) as a diagnostic at that position."""
    head, _, rest = message.partition(": ")
    parts = head.rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        pos = Position(parts[0], int(parts[1]), int(parts[2]))
        return Diagnostic("E020", f"with {players} players: {rest}", pos)
    return Diagnostic("E020", f"with {players} players: {message}", Position(_display(path)))


def _display(path: Path) -> str:

    return display_path(path)
