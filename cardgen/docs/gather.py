"""Build the :class:`~cardgen.docs.model.Appendix` from catalogue, rules and vocabulary."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum

from cardgen.catalogue.loader import Catalogue
from cardgen.docs.model import (
    Appendix,
    CardEntry,
    CardIndex,
    CardRef,
    ClarificationEntry,
    ComponentEntry,
    DeckCards,
    GlossaryEntry,
    GlossarySection,
    IndexGroup,
    SeasonCards,
)
from cardgen.docs.stats import season_stats
from cardgen.docs.text import docstring, humanise, plain, segments
from cardgen.packs.attack_right.cards import Card
from cardgen.packs.attack_right.clarifications import Clarification, clarifications
from cardgen.packs.attack_right.effects import (
    EFFECT_KINDS,
    TRIGGER_PREFIX,
    allowed_triggers,
    kind_name,
)
from cardgen.packs.attack_right.icon_tokens import ICONS, tokens_in
from cardgen.packs.attack_right.model import TRIGGER_PHASE, CardType, Placement, RulesModel, Trigger

SECTIONS: tuple[tuple[str, str], ...] = (
    ("cards", "Card reference"),
    ("indexes", "Card indexes"),
    ("glossary", "Glossary"),
    ("clarifications", "Clarifications"),
    ("components", "Components"),
    ("statistics", "Deck statistics"),
)


def icon_labels(rules: RulesModel) -> dict[str, str]:
    """Every icon token with the words it stands for (fixed icons, then resources)."""
    labels = dict(ICONS)
    labels.update({r.id: r.name for r in rules.resources})
    return labels


def season_label(rules: RulesModel, season_id: str) -> str:
    rounds = rules.season(season_id).rounds
    span = f"round {rounds[0]}" if len(rounds) == 1 else f"rounds {rounds[0]}–{rounds[-1]}"
    return f"{humanise(season_id)} ({span})"


def card_ref(card: Card) -> CardRef:
    assert card.deck is not None
    return CardRef(card.id, card.name, card.deck, card.season)


def card_entry(card: Card, labels: dict[str, str]) -> CardEntry:
    segs = segments(card.rules_text, labels)
    return CardEntry(
        ref=card_ref(card),
        type=card.type.value,
        cost=card.cost,
        discount=tuple(card.discount),
        placement=tuple(p.value for p in card.placement),
        defence=str(card.defence),
        attack=str(card.attack),
        text=segs,
        plain_text=plain(segs),
        flavour=card.flavour,
        copies=card.copies,
        star=card.star,
    )


def deck_cards(cat: Catalogue, labels: dict[str, str]) -> tuple[DeckCards, ...]:
    decks = []
    for deck in cat.rules.decks:
        seasons = tuple(
            SeasonCards(
                season=s.id,
                season_label=season_label(cat.rules, s.id),
                colour=s.colour,
                count=cat.count(deck=deck.id, season=s.id),
                cards=tuple(card_entry(c, labels) for c in cat.select(deck=deck.id, season=s.id)),
            )
            for s in cat.rules.seasons
        )
        decks.append(
            DeckCards(deck.id, deck.name, deck.theme, deck.colour, cat.count(deck=deck.id), seasons)
        )
    return tuple(decks)


def _group(key: str, label: str, cards: Iterable[Card], keep: Callable[[Card], bool]) -> IndexGroup:
    return IndexGroup(key, label, tuple(card_ref(c) for c in cards if keep(c)))


def indexes(cat: Catalogue) -> tuple[CardIndex, ...]:
    """The card indexes: by cost, by type and by placement."""
    cards = list(cat)
    costs = sorted({c.cost for c in cards})
    by_cost = tuple(_group(str(n), f"Cost {n}", cards, lambda c, n=n: c.cost == n) for n in costs)
    by_type = tuple(
        _group(t.value, humanise(t.value) + "s", cards, lambda c, t=t: c.type is t)
        for t in CardType
    )
    by_place = tuple(
        _group(p.value, humanise(p.value), cards, lambda c, p=p: p in c.placement)
        for p in Placement
    )
    return (
        CardIndex("index-cost", "By cost", by_cost),
        CardIndex("index-type", "By type", by_type),
        CardIndex("index-placement", "By placement", by_place),
    )


def _trigger_meaning(trigger: Trigger, labels: dict[str, str]) -> tuple[str | None, str]:
    icon = TRIGGER_PREFIX[trigger.value].strip()[1:-1] or None
    phase = TRIGGER_PHASE[trigger]
    if icon is None:
        return None, "Holds as long as the card is in the Kingdom; printed without an icon."
    when = f"in the {humanise(phase.value)} Phase" if phase else "when it applies"
    return icon, f"Acts {when}; its text starts with the icon for {labels[icon]}."


def glossary(cat: Catalogue, labels: dict[str, str]) -> tuple[GlossarySection, ...]:
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
    icon_entries = tuple(
        GlossaryEntry(
            id=f"icon-{name}",
            term=humanise(name),
            meaning=_icon_meaning(name, label, resources),
            icon=name,
            cards=tuple(card_ref(c) for c in cards if _uses_icon(c, name)),
        )
        for name, label in labels.items()
    )
    return (
        GlossarySection(
            "glossary-effects",
            "Effects",
            "Every effect a card can have is one of these kinds; its card text is generated "
            "from it.",
            effects,
        ),
        GlossarySection(
            "glossary-triggers",
            "Triggers",
            "When an effect acts; the icon starts the effect's text on the card.",
            tuple(triggers),
        ),
        GlossarySection(
            "glossary-icons",
            "Icons",
            "The icons printed on the cards and in their rules text.",
            icon_entries,
        ),
    )


def _icon_meaning(name: str, label: str, resources: set[str]) -> str:
    if name in resources:
        return (
            f"The resource {label}. A card that produces it lowers by 1 the cost of each card "
            f"that shows it below its cost."
        )
    return humanise(label) + "."


def _uses_icon(card: Card, name: str) -> bool:
    if name in tokens_in(card.rules_text) or name in card.discount:
        return True
    if name == "star":
        return card.star
    return name in {p.value for p in card.placement}


def setting_value(rules: RulesModel, path: str | None) -> str | None:
    """The current value of a rules-model setting such as ``settings.defender_wins_ties``."""
    if path is None:
        return None
    value: object = rules
    for part in path.split("."):
        if not hasattr(value, part):
            return None
        value = getattr(value, part)
    return _format_value(value)


def _format_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, dict):
        return "; ".join(f"{_format_value(k)}: {_format_value(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_format_value(v) for v in value) or "(none)"
    return str(value)


def clarification_entry(c: Clarification, rules: RulesModel | None) -> ClarificationEntry:
    value = setting_value(rules, c.setting) if rules is not None else None
    return ClarificationEntry(
        c.id, c.title, c.section, c.passage, c.reading, c.alternative, c.setting, value
    )


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


def build_appendix(cat: Catalogue) -> Appendix:
    """Gather the whole appendix from a loaded catalogue."""
    labels = icon_labels(cat.rules)
    return Appendix(
        game=cat.rules.game,
        rulebook_version=cat.rules.rulebook_version,
        card_total=cat.count(),
        design_total=len(cat),
        decks=deck_cards(cat, labels),
        indexes=indexes(cat),
        glossary=glossary(cat, labels),
        clarifications=tuple(clarification_entry(c, cat.rules) for c in clarifications()),
        components=components(cat),
        stats=season_stats(cat),
        icon_labels=labels,
        icon_colours={r.id: r.colour for r in cat.rules.resources},
        sections=SECTIONS,
    )
