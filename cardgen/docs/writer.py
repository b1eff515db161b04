"""Write the appendices and the rulebook to disk: one file per format, atomically, byte-identical
per input."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.catalogue.loader import Catalogue
from cardgen.docs.content import FORMATS, Appendix
from cardgen.docs.gather import build_appendix
from cardgen.docs.html import render_html
from cardgen.docs.markdown import render_markdown
from cardgen.docs.pdf import render_pdf
from cardgen.docs.rulebook import (
    Rulebook,
    RulebookError,
    build_rulebook,
    default_source,
    plain_markdown,
)
from cardgen.docs.rulebook_html import render_rulebook_html
from cardgen.docs.rulebook_pdf import render_rulebook_pdf
from cardgen.util.atomic import atomic_write_bytes

if TYPE_CHECKING:
    from cardgen.pack import Pack

BASENAME = "appendix"
RULEBOOK_BASENAME = "rulebook"


def _md(a: Appendix) -> bytes:
    return render_markdown(a).encode("utf-8")


def _html(a: Appendix) -> bytes:
    return render_html(a).encode("utf-8")


def _pdf(a: Appendix) -> bytes:
    return render_pdf(a)


RENDERERS: dict[str, Callable[[Appendix], bytes]] = {"md": _md, "html": _html, "pdf": _pdf}


def _check_formats(formats: Iterable[str]) -> list[str]:
    """The formats without repeats; a ValueError for an unknown one."""
    formats = list(dict.fromkeys(formats))
    for fmt in formats:
        if fmt not in RENDERERS:
            raise ValueError(f"unknown appendix format {fmt!r}; choose from {', '.join(FORMATS)}")
    return formats


def render(appendix: Appendix, fmt: str) -> bytes:
    """The appendix in one format (``md``, ``html`` or ``pdf``) as bytes."""
    _check_formats([fmt])
    return RENDERERS[fmt](appendix)


def write_appendices(
    catalogue: Catalogue,
    out_dir: str | os.PathLike[str],
    formats: Iterable[str] = FORMATS,
) -> list[Path]:
    """Write ``appendix.<fmt>`` for each format into ``out_dir``; return the paths written."""
    return write_appendix(build_appendix(catalogue), out_dir, formats)


def write_appendix(
    appendix: Appendix,
    out_dir: str | os.PathLike[str],
    formats: Iterable[str] = FORMATS,
) -> list[Path]:
    """Write ``appendix`` as ``appendix.<fmt>`` for each format; return the paths written."""
    formats = _check_formats(formats)
    out = Path(out_dir)
    paths = []
    for fmt in formats:
        path = out / f"{BASENAME}.{fmt}"
        atomic_write_bytes(path, render(appendix, fmt))
        paths.append(path)
    return paths


def _rulebook_md(rb: Rulebook, a: Appendix) -> bytes:
    return (plain_markdown(rb).rstrip("\n") + "\n\n" + render_markdown(a)).encode("utf-8")


def _rulebook_html(rb: Rulebook, a: Appendix) -> bytes:
    return render_rulebook_html(rb, a).encode("utf-8")


def _rulebook_pdf(rb: Rulebook, a: Appendix) -> bytes:
    return render_rulebook_pdf(rb, a)


RULEBOOK_RENDERERS: dict[str, Callable[[Rulebook, Appendix], bytes]] = {
    "md": _rulebook_md,
    "html": _rulebook_html,
    "pdf": _rulebook_pdf,
}


def render_rulebook(rulebook: Rulebook, appendix: Appendix, fmt: str) -> bytes:
    """The rulebook followed by the appendices in one format, as bytes."""
    _check_formats([fmt])
    return RULEBOOK_RENDERERS[fmt](rulebook, appendix)


def write_rulebook(
    catalogue: Catalogue,
    out_dir: str | os.PathLike[str],
    formats: Iterable[str] = FORMATS,
    source: str | os.PathLike[str] | None = None,
    appendix: Appendix | None = None,
) -> list[Path]:
    """Write ``rulebook.<fmt>`` (the rulebook ``source``, by default the pack's, rendered
    against the catalogue's rules model, then the appendices: ``appendix`` if already built
    from the catalogue) for each format; return the paths written.  A
    :class:`RulebookError` if there is no such source."""
    formats = _check_formats(formats)
    source = Path(source) if source is not None else default_source(catalogue.rules)
    if not source.is_file():
        raise RulebookError(
            f"{source}: no rulebook source (the {catalogue.pack.game_type.name} "
            "pack has none; give one with --rulebook-source)"
        )
    rulebook = build_rulebook(catalogue.rules, source, catalogue)
    appendix = appendix if appendix is not None else build_appendix(catalogue)
    paths = []
    for fmt in formats:
        path = Path(out_dir) / f"{RULEBOOK_BASENAME}.{fmt}"
        atomic_write_bytes(path, RULEBOOK_RENDERERS[fmt](rulebook, appendix))
        paths.append(path)
    return paths


def write_rules_reference(path: str | os.PathLike[str], pack: Pack) -> Path:
    """Write the pack's rules reference (:meth:`Pack.rules_reference`, markdown) to ``path``."""
    text = pack.docs.rules_reference()
    if text is None:
        raise RulebookError(f"the {pack.game_type.name} pack has no rules reference")
    atomic_write_bytes(path, text.encode("utf-8"))
    return Path(path)
