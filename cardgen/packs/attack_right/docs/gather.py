"""Attack Right's appendix: card reference, indexes, glossary, clarifications, components and
deck statistics, as generic document sections."""

from __future__ import annotations

from cardgen.catalogue.loader import Catalogue
from cardgen.docs.content import Appendix, ComponentEntry, Section
from cardgen.docs.gather import assemble, components_section, icon_labels
from cardgen.docs.inline import humanise
from cardgen.packs.attack_right.docs.card_reference import card_reference, indexes
from cardgen.packs.attack_right.docs.deck_stats import statistics
from cardgen.packs.attack_right.docs.glossary import glossary
from cardgen.packs.attack_right.docs.reference import TEMPLATES, clarifications_section

#: what the appendix holds (the PDF's subject, the build manifest)
CONTENTS = ("card reference", "glossary", "clarifications", "components", "deck statistics")
RULEBOOK_SUBJECT = "The rulebook with card reference, glossary, clarifications and statistics"


def components(cat: Catalogue) -> tuple[ComponentEntry, ...]:
    """The box contents from the rules model; the card counts as the build checks them."""
    rules = cat.rules
    out = [
        ComponentEntry(key, humanise(key), count, checked=cat.count() if key == "cards" else None)
        for key, count in rules.components.model_dump().items()
    ]
    per_deck = rules.catalogue.cards_per_deck_season * len(rules.seasons)
    out += [
        ComponentEntry(f"deck-{d.id}", f"{d.name} cards", per_deck, checked=cat.count(deck=d.id))
        for d in rules.decks
    ]
    return tuple(out)


def appendix_sections(cat: Catalogue) -> list[Section]:
    """Every section of the appendix, in print order."""
    labels = icon_labels(cat.pack, cat.rules, cat.root)
    return [
        card_reference(cat, labels),
        indexes(cat),
        glossary(cat, labels),
        clarifications_section(cat.rules),
        components_section(components(cat), break_before=260),
        statistics(cat),
    ]


def appendix(cat: Catalogue, sections: list[Section]) -> Appendix:
    """The appendix of ``sections``, with resource colours, Attack Right's stylesheet and
    descriptions."""
    return assemble(
        cat,
        sections,
        icon_colours={r.id: r.colour for r in cat.rules.resources},
        templates=(TEMPLATES,),
        contents=CONTENTS,
        rulebook_subject=RULEBOOK_SUBJECT,
        icons_section="glossary-icons",
    )
