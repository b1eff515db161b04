"""Diagnostics: problems found in input, with their position, card, stable code and fix hint.

Every checker in cardgen reports through :class:`Diagnostic`; :mod:`cardgen.diagnostics.formats`
turns a list of them into human, JSON or GitHub Actions output.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from cardgen.diagnostics.codes import CODES, Code, Severity, code_info, register_codes

__all__ = [
    "CODES",
    "Code",
    "Diagnostic",
    "DiagnosticError",
    "Position",
    "Severity",
    "code_info",
    "register_codes",
    "sort_key",
]


@dataclass(frozen=True, slots=True)
class Position:
    """A place in a source file: 1-based line and column.  In a spreadsheet, the line is the
    row, the column the column's number and ``cell`` its name (``Cards!C7``)."""

    file: str
    line: int = 0
    column: int = 0
    cell: str | None = None

    def __str__(self) -> str:
        if self.cell:
            return f"{self.file}:{self.cell}"
        if not self.line:
            return self.file
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem: code, message, where it is, which card, and how to fix it."""

    code: str
    message: str
    position: Position
    card: str | None = None
    hint: str | None = None

    @property
    def severity(self) -> Severity:
        return code_info(self.code).severity

    @property
    def fix(self) -> str:
        """The one-line fix hint: the specific one if given, else the code's default."""
        return self.hint or code_info(self.code).hint

    def to_dict(self) -> dict:
        d = asdict(self)
        pos = d.pop("position")
        return {
            "code": self.code,
            "slug": code_info(self.code).slug,
            "severity": str(self.severity),
            "file": pos["file"],
            "line": pos["line"],
            "column": pos["column"],
            **({"cell": pos["cell"]} if pos["cell"] else {}),
            "card": self.card,
            "message": self.message,
            "hint": self.fix,
        }


def sort_key(d: Diagnostic) -> tuple:
    """Stable report order: by file, line, column, then code."""
    return (d.position.file, d.position.line, d.position.column, d.code, d.message)


class DiagnosticError(Exception):
    """Raised when input cannot be used at all; carries the diagnostics that say why."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("; ".join(f"{d.position}: {d.code} {d.message}" for d in diagnostics))
