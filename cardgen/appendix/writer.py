"""Write the appendices to disk: one file per format, atomically, byte-identical per input."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

from cardgen.appendix.gather import build_appendix
from cardgen.appendix.model import Appendix
from cardgen.catalogue.loader import Catalogue
from cardgen.util.atomic import atomic_write_bytes

FORMATS: tuple[str, ...] = ("md", "html", "pdf")
BASENAME = "appendix"


def _md(a: Appendix) -> bytes:
    from cardgen.appendix.markdown import render_markdown

    return render_markdown(a).encode("utf-8")


def _html(a: Appendix) -> bytes:
    from cardgen.appendix.html import render_html

    return render_html(a).encode("utf-8")


def _pdf(a: Appendix) -> bytes:
    from cardgen.appendix.pdf import render_pdf

    return render_pdf(a)


RENDERERS: dict[str, Callable[[Appendix], bytes]] = {"md": _md, "html": _html, "pdf": _pdf}


def render(appendix: Appendix, fmt: str) -> bytes:
    """The appendix in one format (``md``, ``html`` or ``pdf``) as bytes."""
    if fmt not in RENDERERS:
        raise ValueError(f"unknown appendix format {fmt!r}; choose from {', '.join(FORMATS)}")
    return RENDERERS[fmt](appendix)


def write_appendices(
    catalogue: Catalogue,
    out_dir: str | os.PathLike[str],
    formats: Iterable[str] = FORMATS,
) -> list[Path]:
    """Write ``appendix.<fmt>`` for each format into ``out_dir``; return the paths written."""
    formats = list(dict.fromkeys(formats))
    for fmt in formats:
        if fmt not in RENDERERS:
            raise ValueError(f"unknown appendix format {fmt!r}; choose from {', '.join(FORMATS)}")
    appendix = build_appendix(catalogue)
    out = Path(out_dir)
    paths = []
    for fmt in formats:
        path = out / f"{BASENAME}.{fmt}"
        atomic_write_bytes(path, render(appendix, fmt))
        paths.append(path)
    return paths


def write_rules_reference(path: str | os.PathLike[str]) -> Path:
    """Regenerate the rules reference (``docs/rules-reference.md``) from the clarifications."""
    from cardgen.appendix.markdown import rules_reference

    atomic_write_bytes(path, rules_reference().encode("utf-8"))
    return Path(path)
