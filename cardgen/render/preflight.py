"""Print preflight: text of any layout element that does not fit its box even at the minimum
size (E401) or holds a character its font cannot draw (E408), art that is missing, unreadable
(E402) or outside the project (E403), layout elements other than background and art reaching
past the safe zone, 1/8 in inside the trim at least (E406; background and art not marked
``bleed: true``: W401), elements that draw on no card for want of a field (W402), type under
6 pt (E407), two icons drawing the same picture (W406),
cards of one face-down group printing different backs (W410), icons a card prints that
have no SVG file (E404) or whose file is not a usable icon (E405; every icon file of the
catalogue and the pack is checked), text under 4.5:1 contrast with what lies under it on the
rendered card (E415, :mod:`cardgen.render.contrast`), a shared form whose elements differ
between cards (E416) and an icon row whose icons exceed its box or the capsule under them
(E417).

:func:`preflight_check` plugs into ``cardgen validate`` as an extra check; ``cardgen render``
runs the same checks first and writes nothing if any fails.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import os
import sys
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from cardgen.catalogue.backs import back_problems
from cardgen.catalogue.extra_checks import beside_cards
from cardgen.catalogue.icon_tokens import TOKEN
from cardgen.catalogue.loader import RULES_FILE, Catalogue, display_path
from cardgen.catalogue.text_checks import describe, strings_of
from cardgen.catalogue.yaml_source import load_yaml
from cardgen.diagnostics import Diagnostic, DiagnosticError, Position
from cardgen.render.art import ArtProblem, resolve_art
from cardgen.render.contrast import MIN_CONTRAST, Contrast, contrasts_of
from cardgen.render.elements.render import GLYPH_HINT, back_painter, face_painter
from cardgen.render.fonts import undrawable
from cardgen.render.painters import BackPainter, FacePainter, FitProblem
from cardgen.render.products.base import load_product_settings
from cardgen.render.products.pnp import paper_problems
from cardgen.render.sizes import size_groups, sub_catalogue
from cardgen.render.svg_icons import SvgIcons
from cardgen.render.theme import Theme
from cardgen.util.hashing import code_digest, digest_data, digest_paths, environment_digest
from cardgen.util.store import Store


def preflight(
    catalogue: Catalogue, faces: FacePainter | None = None, backs: BackPainter | None = None
) -> list[Diagnostic]:
    """Every preflight problem of ``catalogue``: its faces card by card, then its backs (the
    cards of each size with the layout made for it)."""
    if faces is None:
        groups = size_groups(catalogue)
        if len(groups) > 1:
            parts = [preflight(sub_catalogue(catalogue, cards)) for cards in groups.values()]
            # an element draws nothing (W402) only when it draws on no card of any size
            unused = set.intersection(*({d for d in part if d.code == "W402"} for part in parts))
            return list(
                dict.fromkeys(d for part in parts for d in part if d.code != "W402" or d in unused)
            )
    if faces is None:
        try:
            faces = face_painter(catalogue.pack, Theme.of(catalogue))
        except DiagnosticError as err:  # a bad layout: its problems are the preflight's
            return list(err.diagnostics)
    cards = list(catalogue)
    if backs is None:
        backs = back_painter(catalogue.pack, faces.theme)
    out: list[Diagnostic] = faces.layout_problems(cards)
    fits = KeptFits(catalogue, faces)
    for card in catalogue:
        for problem in fits.problems(card):
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
    fits.save()
    out += contrast_problems(catalogue, faces, backs)
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


class KeptFits:
    """The texts of each card that do not fit (:meth:`FacePainter.fit_problems`), kept between
    runs per card: one private cache entry per catalogue (its rules model, its layout, the
    files beside its cards, the pack's and cardgen's code, the libraries, the paths) holding
    each card's problems by the digest of its data, so after a card edit only that card is
    fitted again (a card's own art is checked apart, every time)."""

    KIND = "fits"

    def __init__(self, catalogue: Catalogue, faces: FacePainter) -> None:
        self.faces = faces
        self.store: Store | None = None
        self.kept: dict[str, list] = {}
        self.now: dict[str, list] = {}
        store = Store(self.KIND)
        dump = getattr(faces.theme.layout, "model_dump", None)
        if store.folder is None or dump is None:
            return
        pack = catalogue.pack
        self.key = digest_data(
            {
                "painter": type(faces).__qualname__,
                # messages name files relative to the working folder
                "paths": [os.path.abspath(catalogue.root), os.getcwd()],
                "rules": catalogue.rules.model_dump(mode="json"),
                "layout": dump(mode="json"),
                "beside cards": beside_cards(Path(catalogue.root)),
                "pack": digest_paths(
                    [Path(inspect.getfile(sys.modules[pack.module])).parent, pack.data]
                ),
                "code": code_digest(""),
                "environment": environment_digest(),
            }
        )
        self.store = store
        entry = store.get(self.key)
        cards = entry.get("cards") if entry is not None else None
        self.kept = cards if isinstance(cards, dict) else {}

    def problems(self, card: Any) -> list[FitProblem]:
        if self.store is None:
            return self.faces.fit_problems(card)
        digest = digest_data(card.model_dump(mode="json"))
        rows = self.kept.get(digest)
        if isinstance(rows, list):
            with contextlib.suppress(TypeError, ValueError):
                found = [_fit_problem(*row) for row in rows]
                self.now[digest] = rows
                return found
        found = self.faces.fit_problems(card)
        self.now[digest] = [[p.field, p.message, p.hint, p.code] for p in found]
        return found

    def save(self) -> None:
        """Keep the problems of the cards fitted now (the cards no longer there are left)."""
        if self.store is not None and self.now != self.kept:
            self.store.put(self.key, {"cards": self.now})


class KeptContrasts(KeptFits):
    """The contrast of each text of each card (:func:`cardgen.render.contrast.contrasts`),
    kept between runs per card as :class:`KeptFits` keeps the fits."""

    KIND = "contrast"

    def contrasts(self, cards: list[Any]) -> list[list[Contrast] | None]:
        """The contrasts of each of ``cards`` (None: a card that cannot be drawn), those not
        kept measured together (:func:`cardgen.render.contrast.contrasts_of`)."""
        if self.store is None:
            return contrasts_of(self.faces, cards)
        found: dict[int, list[Contrast] | None] = {}
        digests = [digest_data(card.model_dump(mode="json")) for card in cards]
        for i, digest in enumerate(digests):
            rows = self.kept.get(digest)
            if isinstance(rows, list):
                with contextlib.suppress(TypeError, ValueError):
                    found[i] = [Contrast(str(e), str(c), float(r), int(n)) for e, c, r, n in rows]
                    self.now[digest] = rows
        todo = [i for i in range(len(cards)) if i not in found]
        measured_now = contrasts_of(self.faces, [cards[i] for i in todo])
        for i, measured in zip(todo, measured_now, strict=True):
            found[i] = measured
            if measured is not None:
                rows = [[c.element, c.colour, c.ratio, c.pixels] for c in measured]
                self.now[digests[i]] = rows
        return [found[i] for i in range(len(cards))]


def contrast_problems(
    catalogue: Catalogue, faces: FacePainter, backs: BackPainter
) -> list[Diagnostic]:
    """E415 for each text element (and colour) of the faces and backs that reaches less than
    4.5:1 against what lies under it on some card, read on the rendered pixels
    (:mod:`cardgen.render.contrast`), naming its worst card and how many more."""

    low: dict[tuple[str, str, str], list[tuple[float, str]]] = {}
    kept = KeptContrasts(catalogue, faces)
    cards = list(catalogue)
    for card, measured in zip(cards, kept.contrasts(cards), strict=True):
        for c in measured or ():  # None: art or an icon it lacks, reported
            if c.ratio < MIN_CONTRAST:
                low.setdefault(("face", c.element, c.colour), []).append((c.ratio, card.id))
    kept.save()
    shown: dict[str, tuple[Any, str]] = {}  # each back design, with the first card showing it
    for card in cards:
        back = catalogue.pack.print.printed_back(card, catalogue.rules)
        shown.setdefault(back.key, (back, card.id))
    designs = list(shown.values())
    measured_backs = contrasts_of(backs, [b for b, _ in designs])
    for (_, card_id), on_back in zip(designs, measured_backs, strict=True):
        for c in on_back or ():
            if c.ratio < MIN_CONTRAST:
                low.setdefault(("back", c.element, c.colour), []).append((c.ratio, card_id))
    out = []
    for (section, element, colour), cards in low.items():
        worst, card_id = min(cards)
        more = f" and {len(cards) - 1} more" if len(cards) > 1 else ""
        whose = f"back of {card_id}" if section == "back" else card_id
        where = faces.theme.layout.where(section, element)
        out.append(
            Diagnostic(
                "E415",
                f"{section}.{element}: text in {colour} reaches {worst:.1f}:1 against what lies "
                f"under it on {whose}{more} (at least {MIN_CONTRAST:g}:1, WCAG AA)",
                where,
                card_id,
                hint="darken or lighten the text, or put a panel under it",
            )
        )
    return out


def _fit_problem(field: Any, message: Any, hint: Any, code: Any) -> FitProblem:
    """A kept fit problem read back (a TypeError if a part is not a text)."""
    if not isinstance(field, str) or not isinstance(message, str) or not isinstance(code, str):
        raise TypeError(f"not a fit problem: {[field, message, hint, code]!r}")
    return FitProblem(field, message, _text_or_none(hint), code)


def _text_or_none(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise TypeError(f"not a text: {value!r}")
    return value


def rules_glyph_problems(catalogue: Catalogue, fonts: Iterable[str]) -> list[Diagnostic]:
    """E408 for each character of a text of ``rules.yaml`` (the game's, decks', colours' names
    and themes, printed on components and in the rulebook) that one of the card ``fonts``
    cannot draw, at its line."""
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
        for name in dict.fromkeys(pack.print.card_icons(card, rules)):
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
