"""Backs and hidden information: cards the rules hide together must not differ face down."""

from __future__ import annotations

from cardgen.catalogue.loader import Catalogue
from cardgen.diagnostics import Diagnostic


def face_down_groups(catalogue: Catalogue) -> dict[str, list[str]]:
    """The ids of the cards of each face-down group (the pack's :meth:`face_down_back`, else
    the card's own back), in catalogue order."""
    pack = catalogue.pack
    groups: dict[str, list[str]] = {}
    for card in catalogue:
        group = pack.print.face_down_back(card) or pack.print.back_of(card)
        groups.setdefault(group.key, []).append(card.id)
    return groups


def back_problems(catalogue: Catalogue) -> list[Diagnostic]:
    """W410 for every face-down group whose cards print different backs (a hidden card would
    show which pile it is from), at the first card whose back differs from the group's first."""
    pack, rules = catalogue.pack, catalogue.rules
    out = []
    for group, ids in face_down_groups(catalogue).items():
        backs = {i: pack.print.printed_back(catalogue.card(i), rules).key for i in ids}
        first = backs[ids[0]]
        odd = next((i for i in ids if backs[i] != first), None)
        if odd is None:
            continue
        kinds = sorted(set(backs.values()))
        out.append(
            Diagnostic(
                "W410",
                f"face-down group {group!r} prints {len(kinds)} different backs "
                f"({', '.join(kinds)}): a hidden {odd!r} shows its pile",
                catalogue.position(odd),
                odd,
            )
        )
    return out
