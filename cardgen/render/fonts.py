"""Fonts: register the open-licence TTFs in ``fonts/`` with reportlab (embedded as subsets)."""

from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from cardgen.diagnostics import Diagnostic, DiagnosticError, Position
from cardgen.util.files import FileTooLarge, NotARegularFile, describe_os_error, read_input_file
from cardgen.util.limits import MAX_FONT_BYTES
from cardgen.util.resources import data_path

#: The project's font folder.
FONT_DIR = data_path("cardgen.assets", "fonts")


def register_font(name: str, filename: str, font_dir: Path = FONT_DIR) -> str:
    """Register the TrueType file ``font_dir/filename`` under ``name`` (once) and return the
    name.  ``filename`` is a file of ``font_dir`` (or of a folder below it), never an absolute
    path or one leaving it; the file must be a regular file of at most
    :data:`~cardgen.util.limits.MAX_FONT_BYTES`.  A problem is a DiagnosticError (E001) that
    names the file and why, never what it holds."""
    problem = _font_problem(filename)  # before the registered names: a path is never a font
    if problem is None and name in pdfmetrics.getRegisteredFontNames():
        return name
    path = font_dir / filename
    why = problem or _load(name, path)
    if why:
        raise DiagnosticError(
            [Diagnostic("E001", f"cannot load font {filename!r}: {why}", Position(str(path)))]
        )
    return name


def _font_problem(filename: str) -> str | None:
    if Path(filename).is_absolute() or ".." in Path(filename).parts:
        return (
            "a font is a file of the game's folder (fonts/Title.ttf) or of cardgen's fonts, "
            "not a path leaving them"
        )
    return None


def _read(path: Path) -> bytes | str:
    """The bytes of the font file at ``path``, or why they cannot be read."""

    try:
        return read_input_file(path, max_bytes=MAX_FONT_BYTES)
    except FileNotFoundError:
        return "not found"
    except FileTooLarge as exc:
        return f"the file is {exc.size} bytes, over {MAX_FONT_BYTES}"
    except NotARegularFile as exc:
        return str(exc)
    except OSError as exc:
        return describe_os_error(exc, path)


def _load(name: str, path: Path, data: bytes | str | None = None) -> str | None:
    """Read and register the font at ``path`` (or its ``data``); why it cannot be, or None
    when done."""
    data = _read(path) if data is None else data
    if isinstance(data, str):
        return data
    try:
        font = TTFont(name, io.BytesIO(data))
    except Exception:  # reportlab's messages quote the file's bytes: not shown
        return "it is not a TrueType font (.ttf) that can be embedded"
    pdfmetrics.registerFont(font)
    return None


def register_fonts(
    fonts: dict[str, str],
    font_dir: Path = FONT_DIR,
    where: Callable[[str], Position] | None = None,
    *,
    search: Sequence[Path] = (),
) -> dict[str, str]:
    """Register a role → file mapping; returns role → registered font name.  A file is looked
    for in the ``search`` folders first (the game's folder, its pack's), then in ``font_dir``
    (cardgen's fonts); one of a search folder is registered under a name holding its
    content's digest, so two games' ``Title.ttf`` never stand for each other.  Every font that
    cannot be loaded is an error, at ``where(role)`` when given (the layout line)."""
    out, problems = {}, []
    for role, filename in fonts.items():
        try:
            out[role] = _register(filename, font_dir, search)
        except DiagnosticError as exc:
            problems += [replace(d, position=where(role)) if where else d for d in exc.diagnostics]
    if problems:
        raise DiagnosticError(problems)
    return out


def _register(filename: str, font_dir: Path, search: Sequence[Path]) -> str:
    """Register one font file of a layout (see :func:`register_fonts`); its name."""
    beside = (
        None
        if _font_problem(filename)
        else next((f / filename for f in search if os.path.lexists(f / filename)), None)
    )
    if beside is None:
        if not _font_problem(filename) and not os.path.lexists(font_dir / filename) and search:
            raise DiagnosticError(
                [
                    Diagnostic(
                        "E001",
                        f"cannot load font {filename!r}: not found (looked beside rules.yaml, "
                        "in the pack and in cardgen's fonts)",
                        Position(filename),
                        hint="put the .ttf file beside rules.yaml (a path relative to it)",
                    )
                ]
            )
        return register_font(Path(filename).stem, filename, font_dir)
    data = _read(beside)
    digest = hashlib.sha256(data).hexdigest()[:10] if isinstance(data, bytes) else "x"
    name = f"{Path(filename).stem}-{digest}"
    if name in pdfmetrics.getRegisteredFontNames():
        return name
    why = _load(name, beside, data)
    if why:
        raise DiagnosticError(
            [Diagnostic("E001", f"cannot load font {filename!r}: {why}", Position(str(beside)))]
        )
    return name


@lru_cache(maxsize=65536)
def _unit_width(text: str, font: str) -> float:
    return pdfmetrics.stringWidth(text, font, 1000.0) / 1000.0


def string_width(text: str, font: str, size: float) -> float:
    """The advance width of ``text`` at ``size`` (widths are measured once per text and font,
    then scaled)."""
    return _unit_width(text, font) * size


@lru_cache(maxsize=64)
def font_chars(font: str) -> frozenset[int] | None:
    """The code points the registered TrueType font ``font`` has glyphs for (None for a font
    whose character map reportlab does not expose, such as the standard Type 1 fonts)."""
    face = getattr(pdfmetrics.getFont(font), "face", None)
    table = getattr(face, "charToGlyph", None)
    return frozenset(table) if isinstance(table, dict) else None


def undrawable(text: str, font: str) -> list[tuple[str, str]]:
    """Each character of ``text`` that ``font`` cannot draw, with the reason, in order of first
    appearance: no glyph in the font, or a right-to-left script (the renderer lays text out
    left to right and does not join Arabic letters, so such text would print garbled)."""
    import unicodedata

    chars = font_chars(font)
    out = []
    for ch in dict.fromkeys(text):
        if ch.isspace():
            continue
        if unicodedata.bidirectional(ch) in ("R", "AL"):
            out.append((ch, "is a right-to-left letter, which the cards cannot lay out"))
        elif chars is not None and ord(ch) not in chars:
            out.append((ch, f"has no glyph in the font {font}"))
    return out
