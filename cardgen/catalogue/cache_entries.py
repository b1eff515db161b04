"""Diagnostics as the data cache entries hold (:class:`cardgen.util.store.Store`): rows, and
the codes they use; what an entry holds is checked (:func:`load_diagnostics`) before it is
used, and a malformed entry is a missing one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardgen.diagnostics import CODES, Code, Diagnostic, Position, Severity, register_codes


def dump_diagnostics(diags: Iterable[Diagnostic]) -> dict[str, Any]:
    """Diagnostics as JSON data: rows, and the codes they use (a pack's codes are known before
    its pack is loaded)."""
    rows, codes = [], {}
    for d in diags:
        pos = d.position
        rows.append([d.code, d.message, pos.file, pos.line, pos.column, d.card, d.hint])
        info = CODES.get(d.code)
        if info is not None:
            codes[d.code] = [info.slug, str(info.severity), info.hint]
    return {"diagnostics": rows, "codes": codes}


_ROW_TYPES: tuple[type | tuple[type, ...], ...] = (
    str,
    str,
    str,
    int,
    int,
    (str, type(None)),
    (str, type(None)),
)


def load_diagnostics(data: dict[str, Any]) -> list[Diagnostic]:
    """The diagnostics of :func:`dump_diagnostics` data; ValueError if it is malformed or names
    a code this cardgen does not know."""
    rows, codes = data.get("diagnostics"), data.get("codes")
    if type(rows) is not list or type(codes) is not dict:
        raise ValueError("an entry's diagnostics are a list and its codes a mapping")
    new = []
    for code_id, info in codes.items():
        if code_id in CODES:
            continue
        if type(info) is not list or len(info) != 3 or not all(type(x) is str for x in info):
            raise ValueError(f"code {code_id!r}: [slug, severity, hint]")
        new.append(Code(code_id, info[0], Severity(info[1]), info[2]))
    out = []
    for row in rows:
        if type(row) is not list or len(row) != len(_ROW_TYPES):
            raise ValueError("a diagnostic is [code, message, file, line, column, card, hint]")
        if not all(
            isinstance(v, t) and type(v) is not bool for v, t in zip(row, _ROW_TYPES, strict=True)
        ):
            raise ValueError("a diagnostic field has the wrong type")
        code, message, file, line, column, card, hint = row
        if code not in CODES and code not in codes:
            raise ValueError(f"unknown diagnostic code {code!r}")
        out.append(Diagnostic(code, message, Position(file, line, column), card, hint))
    register_codes(new)  # only once every row is sound
    return out
