"""Attack Right's glossary: its effect kinds (meaning from the vocabulary), triggers and icons,
each with the cards that use it."""

from __future__ import annotations

from cardgen.catalogue.icon_tokens import tokens_in
from cardgen.catalogue.loader import Catalogue
from cardgen.docs.content import Glossary, GlossaryEntry, Paragraph, Section, Segment
from cardgen.docs.gather import card_ref
from cardgen.docs.inline import docstring, humanise
from cardgen.packs.attack_right.cards import Card
from cardgen.packs.attack_right.effects import (
    EFFECT_KINDS,
    TRIGGER_PREFIX,
    allowed_triggers,
    kind_name,
)
from cardgen.packs.attack_right.model import TRIGGER_PHASE, Trigger


def _trigger_meaning(trigger: Trigger, labels: dict[str, str]) -> tuple[str | None, str]:
    icon = TRIGGER_PREFIX[trigger.value].strip()[1:-1] or None
    phase = TRIGGER_PHASE[trigger]
    if icon is None:
        return None, "Holds as long as the card is in the Kingdom; printed without an icon."
    when = f"in the {humanise(phase.value)} Phase" if phase else "when it applies"
    return icon, f"Acts {when}; its text starts with the icon for {labels[icon]}."


def glossary(cat: Catalogue, labels: dict[str, str]) -> Section:
    """Effect kinds (meaning from the vocabulary), triggers and icons, each with its cards."""
    cards = list(cat)
    effects = tuple(
        GlossaryEntry(
            id=f"effect-{kind_name(cls)}",
            term=humanise(kind_name(cls)),
            meaning=docstring(cls),
            detail="Triggers: " + ", ".join(humanise(t) for t in allowed_triggers(cls)),
            cards=tuple(
                card_ref(c) for c in cards if any(e.kind == kind_name(cls) for e in c.effects)
            ),
        )
        for cls in EFFECT_KINDS
    )
    triggers = []
    for trig in Trigger:
        icon, meaning = _trigger_meaning(trig, labels)
        used = tuple(card_ref(c) for c in cards if any(e.trigger == trig for e in c.effects))
        triggers.append(
            GlossaryEntry(
                f"trigger-{trig.value}", humanise(trig.value), meaning, icon=icon, cards=used
            )
        )
    resources = set(cat.rules.resource_ids)
    printed = {c.id: set(cat.pack.print.card_icons(c, cat.rules)) for c in cards}
    icon_entries = tuple(
        GlossaryEntry(
            id=f"icon-{name}",
            term=humanise(name),
            meaning=_icon_meaning(name, label, resources),
            icon=name,
            cards=users,
        )
        for name, label in labels.items()
        if (users := tuple(card_ref(c) for c in cards if _uses_icon(c, name, printed[c.id])))
    )
    parts = (
        (
            "glossary-effects",
            "Effects",
            "What each effect printed on a card does, and the cards that have it.",
            effects,
        ),
        (
            "glossary-triggers",
            "Triggers",
            "When an effect acts; the icon starts the effect's text on the card.",
            tuple(triggers),
        ),
        (
            "glossary-icons",
            "Icons",
            "The icons printed on the cards (faces and backs) and in their rules text.",
            icon_entries,
        ),
    )
    subsections = tuple(
        Section(key, title, (Paragraph((Segment(intro),)), Glossary(entries)))
        for key, title, intro, entries in parts
    )
    return Section("glossary", "Glossary", sections=subsections, break_before="page")


def _icon_meaning(name: str, label: str, resources: set[str]) -> str:
    if name in resources:
        return (
            f"The resource {label}. A card that produces it lowers by 1 the cost of each card "
            f"that shows it below its cost."
        )
    return humanise(label) + "."


def _uses_icon(card: Card, name: str, printed: set[str]) -> bool:
    """Whether ``card`` prints icon ``name``: in its text, on its face or on its back."""
    if name in printed or name in tokens_in(card.rules_text) or name in card.discount:
        return True
    if name == "star":
        return card.star
    return name in {p.value for p in card.placement}
