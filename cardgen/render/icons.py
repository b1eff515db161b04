"""What a pack's icon set provides: icons drawn by name into a 0..100 square."""

from __future__ import annotations

from typing import Protocol

from reportlab.pdfgen.canvas import Canvas

from cardgen.render.colours import Ink


class Icons(Protocol):
    """A pack's icons (``{name}`` tokens in card text, deck emblems …)."""

    def __contains__(self, name: str) -> bool: ...

    def paint(
        self, c: Canvas, ink: Ink, name: str, faded: bool = False, tint: str | None = None
    ) -> None:
        """Draw icon ``name`` into the 0..100 square of the current transform, in ``tint``
        (``#RRGGBB``) when given (:meth:`cardgen.render.svg_icons.SvgIcons.paint`)."""
        ...


class NoIcons:
    """The icon set of a pack that draws none."""

    def __contains__(self, name: str) -> bool:
        return False

    def paint(
        self, c: Canvas, ink: Ink, name: str, faded: bool = False, tint: str | None = None
    ) -> None:
        raise KeyError(f"unknown icon {name!r}")
