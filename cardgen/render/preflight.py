"""Print preflight: text of any layout element that does not fit its box even at the minimum
size (E401), art that is missing, unreadable (E402) or outside the project (E403), and layout
elements reaching past the safe zone that may not bleed (W401).

:func:`preflight_check` plugs into ``cardgen validate`` as an extra check; ``cardgen render``
runs the same checks first and writes nothing if any fails.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardgen.catalogue.loader import Catalogue
from cardgen.diagnostics import Diagnostic, DiagnosticError
from cardgen.render.art import ArtProblem, resolve_art
from cardgen.render.painters import BackPainter, FacePainter


def preflight(
    catalogue: Catalogue, faces: FacePainter | None = None, backs: BackPainter | None = None
) -> list[Diagnostic]:
    """Every preflight problem of ``catalogue``: its faces card by card, then its backs."""
    if faces is None:
        from cardgen.render.theme import Theme

        try:
            faces = catalogue.pack.face_painter(Theme.of(catalogue))
        except DiagnosticError as err:  # a bad layout: its problems are the preflight's
            return list(err.diagnostics)
    cards = list(catalogue)
    if backs is None:
        backs = catalogue.pack.back_painter(faces.theme)
    out: list[Diagnostic] = faces.layout_problems(cards)
    for card in catalogue:
        for problem in faces.fit_problems(card):
            where = catalogue.position(card.id, problem.field)
            out.append(Diagnostic("E401", problem.message, where, card.id, hint=problem.hint))
        if card.art:
            found = resolve_art(catalogue.root, card.art)
            if isinstance(found, ArtProblem):
                out.append(
                    Diagnostic(
                        found.code, found.message, catalogue.position(card.id, "art"), card.id
                    )
                )
    return out + backs.layout_problems(cards)


def preflight_check(catalogue: Catalogue) -> Iterable[Diagnostic]:
    """The preflight as a ``cardgen validate`` extra check."""
    return preflight(catalogue)
