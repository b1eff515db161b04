"""Print preflight: text (name, rules and flavour, prototype line) that does not fit its box
even at the minimum size (E401), and art that is missing, unreadable (E402) or outside the
project (E403).

:func:`preflight_check` plugs into ``cardgen validate`` as an extra check; ``cardgen render``
runs the same checks first and writes nothing if any fails.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardgen.catalogue.loader import Catalogue
from cardgen.diagnostics import Diagnostic
from cardgen.render.art import ArtProblem, resolve_art
from cardgen.render.card_face import FacePainter, prototype_label
from cardgen.render.theme import Theme


def preflight(catalogue: Catalogue, faces: FacePainter | None = None) -> list[Diagnostic]:
    """Every preflight problem of ``catalogue``, card by card."""
    if faces is None:
        faces = FacePainter(Theme.create(catalogue.rules, catalogue.root))
    layout = faces.L.face
    out: list[Diagnostic] = []
    for card in catalogue:
        fit = faces.fit(card)
        lines = (  # one-line texts: (fits, what, its box, field, hint)
            (fit.name_fits, f"name {card.name!r}", layout.name, "name", "shorten the name"),
            (
                fit.prototype_fits,
                f"prototype line {prototype_label(card)!r}",
                layout.prototype,
                "id",
                "shorten the card id",
            ),
        )
        for fits, what, box, field, hint in lines:
            if not fits:
                out.append(
                    Diagnostic(
                        "E401",
                        f"{what} is too wide for its box even at {box.min_size or box.size:g} pt",
                        catalogue.position(card.id, field),
                        card.id,
                        hint=hint,
                    )
                )
        if not fit.body.fits:
            field = "text" if card.text is not None else "effects"
            out.append(
                Diagnostic(
                    "E401",
                    f"rules text does not fit the text box even at {layout.text.min_size:g} pt",
                    catalogue.position(card.id, field),
                    card.id,
                )
            )
        if card.art:
            found = resolve_art(catalogue.root, card.art)
            if isinstance(found, ArtProblem):
                out.append(
                    Diagnostic(
                        found.code, found.message, catalogue.position(card.id, "art"), card.id
                    )
                )
    return out


def preflight_check(catalogue: Catalogue) -> Iterable[Diagnostic]:
    """The preflight as a ``cardgen validate`` extra check."""
    return preflight(catalogue)
