"""Fonts: register the open-licence TTFs in ``fonts/`` with reportlab (embedded as subsets)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from cardgen.diagnostics import Diagnostic, DiagnosticError, Position
from cardgen.util.resources import data_path

#: The project's font folder.
FONT_DIR = data_path("cardgen.assets", "fonts")


def register_font(name: str, filename: str, font_dir: Path = FONT_DIR) -> str:
    """Register ``fonts/filename`` under ``name`` (once) and return the name."""
    if name in pdfmetrics.getRegisteredFontNames():
        return name
    path = font_dir / filename
    try:
        font = TTFont(name, str(path))
    except Exception as exc:  # reportlab raises several types for a bad or missing TTF
        raise DiagnosticError(
            [Diagnostic("E001", f"cannot load font {filename}: {exc}", Position(str(path)))]
        ) from None
    pdfmetrics.registerFont(font)
    return name


def register_fonts(fonts: dict[str, str], font_dir: Path = FONT_DIR) -> dict[str, str]:
    """Register a role → file mapping; returns role → registered font name."""
    out = {}
    for role, filename in fonts.items():
        out[role] = register_font(Path(filename).stem, filename, font_dir)
    return out


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
