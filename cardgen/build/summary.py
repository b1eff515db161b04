"""The closing summary of `cardgen build`: what each step made, and the component check."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from cardgen.build.guide import GUIDE_FILE
from cardgen.build.pipeline import BuildReport

if TYPE_CHECKING:  # rich only for the tables of -v, not the short summary
    from rich.console import Console
    from rich.table import Table


def _contains(outputs) -> str:
    """What a step's files hold: per component, the largest count over its variants."""
    per: dict[str, Counter] = {}
    for o in outputs:
        for comp, n in o.contains.items():
            per.setdefault(comp, Counter())[o.variant] += n
    parts = []
    for k, c in per.items():
        n, name = max(c.values()), k.replace("_", " ")
        parts.append(f"{n} {name.removesuffix('s') if n == 1 else name}")
    return ", ".join(parts) or "—"


def steps_table(report: BuildReport) -> Table:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=f"cardgen build → {report.out_dir}/ ({report.paper})", title_justify="left")
    for col, right in (
        ("step", False),
        ("files", True),
        ("pages", True),
        ("contains", False),
        ("status", False),
        ("time", True),
    ):
        table.add_column(col, justify="right" if right else "left")
    # why steps ran again (a first build needs no saying)
    whys = any(r.ran and r.why != "first build" for r in report.results)
    if whys:
        table.add_column("why", overflow="fold")
    for r in report.results:
        pages = sum(o.pages or 0 for o in r.outputs)
        if not r.ran:
            status = "[dim]up to date[/]"
        elif r.written:
            status = f"[green]{len(r.written)} written[/]"
        else:
            status = "same bytes"
        row = [r.title, str(len(r.outputs)), str(pages or "—"), _contains(r.outputs), status]
        row.append(f"{r.seconds:.2f}s")
        if whys:
            row.append(escape(r.why) if r.ran else "")
        table.add_row(*row)
    for group, why in report.skipped.items():
        table.add_row(group, "", "", "", f"[yellow]skipped[/]: {why}", "", *([""] if whys else []))
    return table


def checks_table(report: BuildReport) -> Table:
    from rich.table import Table

    table = Table(title="Components against the rulebook", title_justify="left")
    for col in ("component", "rulebook", "in the kit", ""):
        table.add_column(col)
    for ch in report.checks:
        found = ", ".join(f"{v}: {n}" for v, n in sorted(ch.found.items()))
        if ch.external:
            mark = "[yellow]not printed[/]"
            found = found or ch.external.split(";")[0]
        else:
            mark = "[green]✓[/]" if not ch.problems else "[red]✗[/]"
        table.add_row(ch.component.replace("_", " "), str(ch.expected), found or "—", mark)
    return table


def print_summary(report: BuildReport, console: Console) -> None:
    """The tables: every step, and the components against the rulebook (``build -v``)."""
    console.print(steps_table(report))
    if report.checks:
        console.print(checks_table(report))
    files = sum(len(r.outputs) for r in report.results)
    console.print(
        f"{files} files, {len(report.written)} written, manifest {report.out_dir}/manifest.json, "
        f"{report.seconds:.2f}s"
    )


def short_summary(report: BuildReport) -> list[str]:
    """What a build did in a few lines: the steps and files, why steps ran again, the
    components check, and the guide to read first."""

    files = sum(len(r.outputs) for r in report.results)
    ran = [r for r in report.results if r.ran]
    if ran:
        did = f"{len(ran)} of {len(report.results)} steps run, {len(report.written)} files written"
    else:
        did = "everything up to date"
    lines = [f"built {report.out_dir}/ in {report.seconds:.1f} s: {files} files, {did}"]
    whys = list(dict.fromkeys(r.why for r in ran if r.why and r.why != "first build"))
    if whys:
        more = f" and {len(whys) - 3} more" if len(whys) > 3 else ""
        lines.append(f"rebuilt: {'; '.join(whys[:3])}{more}")
    if report.checks:
        matched = sum(not ch.problems for ch in report.checks)
        lines.append(
            f"components match the rulebook ({matched} of {len(report.checks)} checked; -v: "
            "the tables)"
        )
    lines.append(f"read {report.out_dir}/{GUIDE_FILE} first: what to print, on which paper, how")
    return lines
