"""Print preflight: text of any layout element that does not fit its box even at the minimum
size (E401) or holds a character its font cannot draw (E408), art that is missing, unreadable
(E402) or outside the project (E403), layout elements other than background and art reaching
past the safe zone, 1/8 in inside the trim at least (E406; background and art not marked
``bleed: true``: W401), type under 6 pt (E407), two icons drawing the same picture (W406),
cards of one face-down group printing different backs (W410), and icons a card prints that
have no SVG file (E404) or whose file is not a usable icon (E405; every icon file of the
catalogue and the pack is checked).

:func:`preflight_check` plugs into ``cardgen validate`` as an extra check; ``cardgen render``
runs the same checks first and writes nothing if any fails.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from cardgen.catalogue.backs import back_problems
from cardgen.catalogue.loader import Catalogue, display_path
from cardgen.diagnostics import Diagnostic, DiagnosticError, Position
from cardgen.render.art import ArtProblem, resolve_art
from cardgen.render.elements.render import back_painter, face_painter
from cardgen.render.painters import BackPainter, FacePainter
from cardgen.render.products.base import load_product_settings
from cardgen.render.products.pnp import paper_problems
from cardgen.render.svg_icons import SvgIcons


def preflight(
    catalogue: Catalogue, faces: FacePainter | None = None, backs: BackPainter | None = None
) -> list[Diagnostic]:
    """Every preflight problem of ``catalogue``: its faces card by card, then its backs (the
    cards of each size with the layout made for it)."""
    if faces is None:
        from cardgen.render.sizes import size_groups, sub_catalogue

        groups = size_groups(catalogue)
        if len(groups) > 1:
            found = (preflight(sub_catalogue(catalogue, cards)) for cards in groups.values())
            return list(dict.fromkeys(d for part in found for d in part))
    if faces is None:
        from cardgen.render.theme import Theme

        try:
            faces = face_painter(catalogue.pack, Theme.of(catalogue))
        except DiagnosticError as err:  # a bad layout: its problems are the preflight's
            return list(err.diagnostics)
    cards = list(catalogue)
    if backs is None:
        backs = back_painter(catalogue.pack, faces.theme)
    out: list[Diagnostic] = faces.layout_problems(cards)
    for card in catalogue:
        for problem in faces.fit_problems(card):
            where = catalogue.position(card.id, problem.field)
            out.append(Diagnostic(problem.code, problem.message, where, card.id, problem.hint))
        if card.art:
            found = resolve_art(catalogue.root, card.art)
            if isinstance(found, ArtProblem):
                out.append(
                    Diagnostic(
                        found.code, found.message, catalogue.position(card.id, "art"), card.id
                    )
                )
    layout = faces.theme.layout
    out += [
        Diagnostic("E409", why, layout.position("card"))
        for why in paper_problems(layout, load_product_settings().pnp)
    ]
    return [
        *out,
        *backs.layout_problems(cards),
        *back_problems(catalogue),
        *icon_problems(catalogue, faces.theme.icons),
        *rules_glyph_problems(catalogue, faces.theme.fonts.values()),
    ]


def rules_glyph_problems(catalogue: Catalogue, fonts: Iterable[str]) -> list[Diagnostic]:
    """E408 for each character of a text of ``rules.yaml`` (the game's, decks', colours' names
    and themes, printed on components and in the rulebook) that one of the card ``fonts``
    cannot draw, at its line."""
    from cardgen.catalogue.icon_tokens import TOKEN
    from cardgen.catalogue.loader import RULES_FILE, display_path
    from cardgen.catalogue.text_checks import describe, strings_of
    from cardgen.catalogue.yaml_source import load_yaml
    from cardgen.render.elements.render import GLYPH_HINT
    from cardgen.render.fonts import undrawable

    path = catalogue.root / RULES_FILE
    try:
        data, smap = load_yaml(path, display=display_path(path))
    except DiagnosticError:  # validate reported it already
        return []
    out = []
    for where, text, _key in strings_of(data):
        seen: set[str] = set()
        for font in fonts:
            for ch, why in undrawable(TOKEN.sub("", text), font):
                if ch not in seen:
                    seen.add(ch)
                    field = ".".join(map(str, where))
                    message = f"{field}: {describe(ch)} {why}"
                    out.append(Diagnostic("E408", message, smap.at(where), hint=GLYPH_HINT))
    return out


def icon_users(catalogue: Catalogue) -> dict[str, list[str]]:
    """Each icon the cards print (:meth:`cardgen.pack.Pack.card_icons`) -> the ids of its cards."""
    pack, rules = catalogue.pack, catalogue.rules
    users: dict[str, list[str]] = {}
    for card in catalogue:
        for name in dict.fromkeys(pack.card_icons(card, rules)):
            users.setdefault(name, []).append(card.id)
    return users


def icon_problems(catalogue: Catalogue, icons: Any) -> list[Diagnostic]:
    """Icons the cards print that cannot be drawn, each named with its cards: a missing file
    at the first card that prints it, an unusable one at the file (so is an unusable file no
    card prints: components and documents may)."""
    users = icon_users(catalogue)
    if not isinstance(icons, SvgIcons):  # a pack's own icon set: only whether it has them
        return [
            Diagnostic(
                "E404",
                f"icon {{{name}}}: the pack draws no such icon; printed by {', '.join(cards)}",
                catalogue.position(cards[0]),
                cards[0],
            )
            for name, cards in users.items()
            if name not in icons
        ]
    out = []
    drawn: dict[str, str] = {}  # a picture -> the first icon drawing it
    for name in [*users, *(n for n in icons.names() if n not in users)]:
        problem = icons.problem(name)
        if problem is None:
            picture = json.dumps(icons.program(name))
            first = drawn.setdefault(picture, name)
            if first != name:
                out.append(same_picture(catalogue, icons, first, name, users))
            continue
        cards = users.get(name, [])
        d = problem.diagnostic(cards[0] if cards else None, cards)
        if problem.code == "E404":
            d = replace(d, position=catalogue.position(cards[0]))
        out.append(d)
    return out


def same_picture(
    catalogue: Catalogue, icons: SvgIcons, first: str, name: str, users: dict[str, list[str]]
) -> Diagnostic:
    """W406: icons ``first`` and ``name`` draw the same picture (one meaning per icon)."""
    path = icons.path(name)
    cards = users.get(name) or users.get(first) or []
    return Diagnostic(
        "W406",
        f"icons {{{first}}} and {{{name}}} draw the same picture: a reader cannot tell "
        "their meanings apart",
        Position(display_path(path) if path else name),
        cards[0] if cards else None,
        hint="give each meaning an icon of its own",
    )


def preflight_check(catalogue: Catalogue) -> Iterable[Diagnostic]:
    """The preflight as a ``cardgen validate`` extra check."""
    return preflight(catalogue)
