"""Output formats for diagnostics: human (rich), json and github (Actions annotations)."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Any, TextIO

from cardgen.diagnostics import Diagnostic, Severity, sort_key

FORMATS = ("human", "json", "github")


def _counts(diags: Sequence[Diagnostic]) -> tuple[int, int]:
    errors = sum(1 for d in diags if d.severity is Severity.ERROR)
    return errors, len(diags) - errors - _infos(diags)


def _infos(diags: Sequence[Diagnostic]) -> int:
    """How many diagnostics are information only (placeholders …)."""
    return sum(1 for d in diags if d.severity is Severity.INFO)


def _info_tail(diags: Sequence[Diagnostic]) -> str:
    n = _infos(diags)
    return f", {n} info" if n else ""


def to_json(diags: Sequence[Diagnostic], *, cards: int | None = None) -> str:
    """A stable JSON document: summary counts, then errors and warnings in report order."""
    ordered = sorted(diags, key=sort_key)
    errors, warnings = _counts(ordered)
    doc: dict[str, Any] = {
        "valid": errors == 0,
        "cards": cards,
        "errors": [d.to_dict() for d in ordered if d.severity is Severity.ERROR],
        "warnings": [d.to_dict() for d in ordered if d.severity is Severity.WARNING],
        "summary": {"errors": errors, "warnings": warnings},
    }
    if _infos(ordered):  # only when there are any: a catalogue without keeps its bytes
        doc["info"] = [d.to_dict() for d in ordered if d.severity is Severity.INFO]
        doc["summary"]["info"] = _infos(ordered)
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def _gh_escape(text: str, *, prop: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def to_github(diags: Sequence[Diagnostic]) -> str:
    """GitHub Actions workflow commands: one ``::error``/``::warning`` line per diagnostic."""
    lines = []
    for d in sorted(diags, key=sort_key):
        level = {Severity.ERROR: "error", Severity.INFO: "notice"}.get(d.severity, "warning")
        props = [f"file={_gh_escape(d.position.file, prop=True)}"]
        if d.position.line:
            props += [f"line={d.position.line}", f"col={d.position.column}"]
        props.append(f"title={_gh_escape(d.code, prop=True)}")
        card = f"[{d.card}] " if d.card else ""
        msg = f"{card}{d.message} (fix: {d.fix})"
        lines.append(f"::{level} {','.join(props)}::{_gh_escape(msg)}")
    errors, warnings = _counts(diags)
    lines.append(f"cardgen: {errors} error(s), {warnings} warning(s){_info_tail(diags)}")
    return "\n".join(lines) + "\n"


def _styled(out: TextIO) -> bool:
    """Whether rich would style output to ``out`` (a terminal, or forced by the environment)."""
    tty = os.environ.get("TTY_COMPATIBLE", "")
    if tty in ("0", "1"):
        return tty == "1"
    if os.environ.get("FORCE_COLOR") is not None:
        return True
    try:
        return bool(out.isatty())
    except (AttributeError, ValueError):
        return False


def print_human(
    diags: Sequence[Diagnostic], out: TextIO, *, cards: int | None = None, summary: bool = True
) -> None:
    """Readable report, coloured when ``out`` is a terminal (rich decides); ``summary`` adds the
    closing valid/invalid line with the counts."""
    if not diags and not summary:
        return
    if not diags and not _styled(out):  # the summary line alone: no need to load rich
        what = f"{cards} cards, " if cards is not None else ""
        out.write(f"valid: {what}0 error(s), 0 warning(s)\n")
        return
    from rich.console import Console
    from rich.markup import escape

    console = Console(file=out, highlight=False, soft_wrap=True)
    for d in sorted(diags, key=sort_key):
        style = {Severity.ERROR: "bold red", Severity.INFO: "bold cyan"}.get(
            d.severity, "bold yellow"
        )
        card = f" [cyan]\\[{escape(d.card)}][/]" if d.card else ""
        console.print(
            f"[bold]{escape(str(d.position))}[/]: [{style}]{d.severity} {d.code}[/]{card} "
            f"{escape(d.message)}"
        )
        console.print(f"    [dim]fix:[/] {escape(d.fix)}")
    if not summary:
        return
    errors, warnings = _counts(diags)
    what = f"{cards} cards, " if cards is not None else ""
    counts = f"{what}{errors} error(s), {warnings} warning(s){_info_tail(diags)}"
    if errors:
        console.print(f"[bold red]invalid[/]: {counts}")
    else:
        console.print(f"[bold green]valid[/]: {counts}")
