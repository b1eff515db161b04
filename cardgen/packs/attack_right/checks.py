"""Rules-model checks of a loaded catalogue: counts, first game, placements, powers, effects.

Each check is a small function ``(catalogue) -> Iterable[Diagnostic]``; :data:`CHECKS` lists
them in report order and :func:`check_catalogue` runs them all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from cardgen.catalogue.loader import RULES_FILE, Catalogue
from cardgen.diagnostics import Diagnostic, Position
from cardgen.packs.attack_right.cards import Card
from cardgen.packs.attack_right.effects import AgeTokens, Flank, Power, Produce, StoreCoins
from cardgen.packs.attack_right.icon_tokens import known_tokens, tokens_in
from cardgen.packs.attack_right.model import CardType, Stat

Check = Callable[[Catalogue], Iterable[Diagnostic]]


def _deck_pos(cat: Catalogue, deck: str) -> Position:
    file = cat.file_values["deck"].get(deck)
    if file is None:
        return Position(str(cat.root / RULES_FILE))
    return cat.files[file].at(("deck",))


def check_counts(cat: Catalogue) -> Iterable[Diagnostic]:
    """E201/E202/E207: cards per deck and season, and the total, as the rulebook says."""
    rules = cat.rules
    want = rules.catalogue.cards_per_deck_season
    for deck in rules.deck_ids:
        if deck not in cat.file_values["deck"]:
            yield Diagnostic("E207", f"no deck file defines deck {deck!r}", Position(str(cat.root)))
            continue
        for season in rules.season_ids:
            have = cat.count(deck=deck, season=season)
            if have != want:
                yield Diagnostic(
                    "E201",
                    f"deck {deck!r} has {have} {season} cards (copies included); expected {want}",
                    _deck_pos(cat, deck),
                    hint=f"{'add' if have < want else 'remove'} {abs(want - have)} {season} "
                    f"card(s) or change copies",
                )
    total, want_total = cat.count(), rules.components.cards
    if total != want_total:
        yield Diagnostic(
            "E202",
            f"catalogue has {total} cards; the rulebook lists {want_total}",
            Position(str(cat.root)),
        )


def check_first_game(cat: Catalogue) -> Iterable[Diagnostic]:
    """E203: enough non-star cards per deck and season for a first game with the fewest players."""
    rules = cat.rules
    need = rules.draft.first_game_hand_size * rules.catalogue.first_game_min_players
    for deck in cat.file_values["deck"]:
        for season in rules.season_ids:
            have = sum(c.copies for c in cat.select(deck=deck, season=season) if not c.star)
            if have < need:
                yield Diagnostic(
                    "E203",
                    f"deck {deck!r} has {have} non-star {season} cards; a first game with "
                    f"{rules.catalogue.first_game_min_players} players deals {need}",
                    _deck_pos(cat, deck),
                )


def _usable_stats(cat: Catalogue, card: Card) -> set[Stat]:
    if any(isinstance(e, Flank) for e in card.effects):
        return {Stat.ATTACK, Stat.DEFENCE}
    return {s for p in card.placement for s in cat.rules.stats_of(p)}


def check_powers(cat: Catalogue) -> Iterable[Diagnostic]:
    """E204: a numeric power that none of the card's placements ever counts."""
    for card in cat:
        usable = _usable_stats(cat, card)
        for stat in (Stat.DEFENCE, Stat.ATTACK):
            if getattr(card, stat.value) != "-" and stat not in usable:
                zones = ", ".join(p.value for p in card.placement)
                yield Diagnostic(
                    "E204",
                    f"{stat.value} {getattr(card, stat.value)} is never counted from {zones}",
                    cat.position(card.id, stat.value),
                    card.id,
                )


def check_effects_fit(cat: Catalogue) -> Iterable[Diagnostic]:
    """E205/E206: effects whose trigger or target can never apply to this card."""
    owner_keeps_coins = cat.rules.settings.removed_card_coins == "owner"
    for card in cat:
        building = card.type is CardType.BUILDING
        for i, eff in enumerate(card.effects):
            pos = cat.position(card.id, "effects", i)
            if building and eff.trigger == "dies":
                yield Diagnostic(
                    "E205", f"building has a when-it-dies effect ({eff.kind})", pos, card.id
                )
            elif building and isinstance(eff, AgeTokens) and eff.target == "self":
                yield Diagnostic("E206", "buildings never carry age tokens", pos, card.id)
            elif building and getattr(eff, "per", None) == "age_token":
                yield Diagnostic(
                    "E206", "counts age tokens, but buildings never get any", pos, card.id
                )
            elif building and isinstance(eff, StoreCoins) and not owner_keeps_coins:
                yield Diagnostic(
                    "E206",
                    "coins on a building are never paid out: buildings never die",
                    pos,
                    card.id,
                )
            elif isinstance(eff, Power) and eff.target == "self" and getattr(card, eff.stat) == "-":
                yield Diagnostic(
                    "E206",
                    f"raises {eff.stat}, but the card's {eff.stat} is '-'",
                    pos,
                    card.id,
                    hint="print 0 instead of '-' if it can be raised",
                )


def check_middle_neighbour(cat: Catalogue) -> Iterable[Diagnostic]:
    """W205: a card that can stand in the middle prints "your Neighbour" (or "this card's
    Neighbour"), but with ``middle_neighbour: both`` (C7) its effect there reaches both
    Neighbours: its text would not say what the engine does."""
    if cat.rules.settings.middle_neighbour != "both":
        return
    for card in cat:
        if "middle" not in [p.value for p in card.placement]:
            continue
        only = [p.value for p in card.placement] == ["middle"]
        where = "stands only in the middle" if only else "can stand in the middle"
        for i, eff in enumerate(card.effects):
            if getattr(eff, "target", None) in ("neighbour", "neighbour_units"):
                yield Diagnostic(
                    "W205",
                    f"{where}, whose Neighbour is both players (C7): its {eff.kind} names "
                    "one Neighbour but there reaches both",
                    cat.position(card.id, "effects", i),
                    card.id,
                )


def check_discounts(cat: Catalogue) -> Iterable[Diagnostic]:
    """W201: discount resources that no card of the catalogue produces."""
    produced = {e.resource for c in cat for e in c.effects if isinstance(e, Produce)}
    for card in cat:
        for i, res in enumerate(card.discount):
            if res not in produced:
                yield Diagnostic(
                    "W201",
                    f"discount resource {res!r} is produced by no card",
                    cat.position(card.id, "discount", i),
                    card.id,
                )


def check_text(cat: Catalogue) -> Iterable[Diagnostic]:
    """E104: icon tokens in a rules text override that the renderer does not know."""
    known = known_tokens(cat.rules.resource_ids)
    for card in cat:
        if card.text is None:
            continue
        for tok in tokens_in(card.text):
            if tok not in known:
                yield Diagnostic(
                    "E104",
                    f"unknown icon {{{tok}}} in text",
                    cat.position(card.id, "text"),
                    card.id,
                    hint=f"known icons: {', '.join(sorted(known))}",
                )


def check_designs(cat: Catalogue) -> Iterable[Diagnostic]:
    """W202/W203/W204: duplicate names, too few distinct designs, missing flavour."""
    names = Counter(c.name for c in cat)
    seen: set[str] = set()
    for card in cat:
        if names[card.name] > 1 and card.name in seen:
            yield Diagnostic(
                "W202",
                f"another card is also named {card.name!r}",
                cat.position(card.id, "name"),
                card.id,
                hint="use `copies:` for the same design",
            )
        seen.add(card.name)
        if not card.flavour:
            yield Diagnostic("W204", "card has no flavour text", cat.position(card.id), card.id)
    need = cat.rules.catalogue.min_distinct_designs_per_deck
    for deck in cat.file_values["deck"]:
        have = len(cat.select(deck=deck))
        if have < need:
            yield Diagnostic(
                "W203",
                f"deck {deck!r} has {have} distinct designs; aim for {need}",
                _deck_pos(cat, deck),
            )


CHECKS: tuple[Check, ...] = (
    check_counts,
    check_first_game,
    check_powers,
    check_effects_fit,
    check_middle_neighbour,
    check_discounts,
    check_text,
    check_designs,
)


def check_catalogue(cat: Catalogue) -> list[Diagnostic]:
    """Run every rules-model check on a loaded catalogue."""
    return [d for check in CHECKS for d in check(cat)]
