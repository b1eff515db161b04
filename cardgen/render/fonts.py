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


@lru_cache(maxsize=16384)
def missing_glyphs(text: str, font: str) -> str:
    """The characters of ``text`` that ``font`` (a registered TrueType font) has no glyph for,
    in order, each once; spaces and line breaks never count."""
    face = getattr(pdfmetrics.getFont(font), "face", None)
    have = getattr(face, "charToGlyph", None)
    if have is None:  # a standard PDF font: reportlab substitutes, nothing to check
        return ""
    return "".join(dict.fromkeys(ch for ch in text if not ch.isspace() and ord(ch) not in have))
