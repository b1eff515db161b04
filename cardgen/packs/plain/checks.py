"""Checks of a plain catalogue beyond the schema: types, stats, copies and icon tokens."""

from __future__ import annotations

from collections.abc import Iterable

from cardgen.catalogue.icon_tokens import ICON_FOLDER, tokens_in
from cardgen.catalogue.loader import Catalogue, display_path
from cardgen.diagnostics import Diagnostic
from cardgen.packs.plain.tokens import ICONS


def check_catalogue(cat: Catalogue) -> list[Diagnostic]:
    """Every problem of a plain catalogue the schema cannot see."""
    return list(_check(cat))


def known_icons(cat: Catalogue) -> list[str]:
    """The pack's icon tokens and the catalogue's own icons (``icons/<name>.svg``)."""
    own = cat.root / ICON_FOLDER
    return [*ICONS, *sorted(p.stem for p in own.glob("*.svg") if p.stem not in ICONS)]


def _check(cat: Catalogue) -> Iterable[Diagnostic]:
    rules = cat.rules
    icons = known_icons(cat)
    add = f"add {display_path(cat.root / ICON_FOLDER)}/{{}}.svg (an SVG icon), or use one of"
    for card in cat:
        if rules.types and card.type is not None and card.type not in rules.types:
            yield Diagnostic(
                "E104",
                f"type: unknown value {card.type!r}",
                cat.position(card.id, "type"),
                card.id,
                hint=f"allowed: {', '.join(rules.types)}",
            )
        for stat in card.stats:
            if stat not in rules.stat_ids:
                yield Diagnostic(
                    "E104",
                    f"stats: unknown stat {stat!r}",
                    cat.position(card.id, "stats", stat, key=True),
                    card.id,
                    hint=f"stats in rules.yaml: {', '.join(rules.stat_ids) or 'none'}",
                )
        if card.copies > rules.max_copies:
            yield Diagnostic(
                "E105",
                f"copies: {card.copies} is more than max_copies ({rules.max_copies})",
                cat.position(card.id, "copies"),
                card.id,
            )
        for field in ("text", "flavour"):
            for token in tokens_in(getattr(card, field) or ""):
                if token not in icons:
                    yield Diagnostic(
                        "E104",
                        f"{field}: unknown icon token {{{token}}}",
                        cat.position(card.id, field),
                        card.id,
                        hint=f"{add.format(token)}: {', '.join(icons)}",
                    )
    # a stat's icon with no file is the rules model's problem, at its line (Pack.rules_icons)
