"""The Attack Right pack: what the generic core needs to know about the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from cardgen.catalogue.sheet_cells import Notation
from cardgen.pack import BackDesign, GameType, Pack
from cardgen.packs.attack_right.cards import Card
from cardgen.packs.attack_right.model import RulesModel
from cardgen.util.resources import data_path


def _deck(card: Card) -> str:
    """``card``'s deck (the loader fills in its file's ``deck`` where the card names none)."""
    assert card.deck is not None
    return card.deck


class AttackRight(Pack):
    """Attack Right: 2–4 players draft four themed decks and build a tableau over four rounds."""

    game_type = GameType(
        id="attack-right",
        name="Attack Right",
        min_players=2,
        max_players=4,
        description="Drafting and tableau building: draft, play, battle, income, age; 4 rounds.",
    )
    rules_model = RulesModel
    card_model = Card
    file_fields = ("deck",)
    back_labels = ("deck", "season")
    data = data_path("cardgen.packs.attack_right")
    simulation_check = "cardgen.packs.attack_right.card_checks:run_simulation_check"
    #: effects in a sheet cell: ``gain_coins 1 trigger=battle when=attack_won; hidden``
    sheet_notation: ClassVar[dict[str, Notation]] = {
        "effects": Notation(lead="kind", number="amount")
    }

    def engine(self) -> Any:
        """Attack Right's rules on the engine kit (:mod:`.engine`)."""
        from cardgen.packs.attack_right.engine import ENGINE

        return ENGINE

    # --- catalogue ---------------------------------------------------------------------------
    def codes(self) -> list:
        from cardgen.packs.attack_right.codes import CODES

        return CODES

    def sort_key(self, rules: RulesModel) -> Callable[[Any], Any]:
        r"""Deck by deck in rules order, each deck's seasons in rules order (of this pack's
        :class:`Card`\ s)."""
        decks = {d: i for i, d in enumerate(rules.deck_ids)}
        seasons = {s: i for i, s in enumerate(rules.season_ids)}
        return lambda c: (decks[_deck(c)], seasons[c.season])

    def check(self, catalogue) -> list:
        from cardgen.packs.attack_right.checks import check_catalogue

        return check_catalogue(catalogue)

    def extra_checks(self) -> tuple[str, ...]:
        return ("cardgen.packs.attack_right.card_checks:check_cards",)

    def card_file_model(self, rules: RulesModel | None = None) -> type | None:
        if rules is not None and rules.fields:  # the catalogue's own fields: the core's model
            return None
        from cardgen.packs.attack_right.cards import DeckFile

        return DeckFile

    def schema_enums(self, rules: RulesModel | None) -> dict[str, list[str]]:
        if rules is None:
            return {}
        from cardgen.packs.attack_right.effects import COUNTERS

        return {
            "deck": list(rules.deck_ids),
            "season": list(rules.season_ids),
            "resource": list(rules.resource_ids),
            "discount": list(rules.resource_ids),
            "per": [*COUNTERS, *rules.resource_ids],
        }

    def card_text(self, card: Card) -> str:
        return card.rules_text

    def icon_tokens(self, rules: RulesModel) -> dict[str, str]:
        from cardgen.packs.attack_right.icon_tokens import ICONS

        return {**ICONS, **{r.id: r.name for r in rules.resources}}

    def rules_icons(self, rules: RulesModel) -> list[tuple[tuple[str | int, ...], str]]:
        """The decks' emblems."""
        return [(("decks", i, "icon"), deck.icon) for i, deck in enumerate(rules.decks)]

    def card_icons(self, card: Card, rules: RulesModel) -> list[str]:
        """Its text's and flavour's icons, and those its face and back draw: cost coin, type,
        discount resources, powers, placement, deck emblem and first-game star."""
        from cardgen.catalogue.icon_tokens import tokens_in
        from cardgen.packs.attack_right.face import placement_icon

        face = ["coin", card.type.value, *card.discount, "defence", "attack"]
        face.append(placement_icon(card, rules))
        star = ["star"] if card.star else []
        text = [*super().card_icons(card, rules), *tokens_in(card.flavour or "")]
        return [*text, *face, rules.deck(_deck(card)).icon, *star]

    # --- print -------------------------------------------------------------------------------
    def layout_fields(self) -> dict[str, Any]:
        from cardgen.packs.attack_right.face import LAYOUT_FIELDS

        return LAYOUT_FIELDS

    def print_inputs(self) -> list:
        """What the cards and components are drawn from (not the engine, docs or scenarios)."""
        names = (
            "model.py",
            "cards.py",
            "types.py",
            "effects.py",
            "icon_tokens.py",
            "face.py",
            "back.py",
            "icons",
            "layout.py",
            "layout.yaml",
            "components",
            "components.yaml",
            "pack.py",
        )
        return [self.data / n for n in names]

    def back_of(self, card: Card) -> BackDesign:
        """The marked back, one per deck and season: it sorts the decks apart, but shows a
        face-down card's deck (``printing: {backs: marked}`` prints it)."""
        return BackDesign(f"{card.deck}-{card.season}", _deck(card), card.season)

    def face_down_back(self, card: Card) -> BackDesign:
        """One back per season for every deck: set-up shuffles the chosen decks' spring cards
        into one deck and their fall cards into another, and cards are held, drafted and played
        face down (rules reference C21)."""
        return BackDesign(card.season, _deck(card), card.season, marked=False)

    def pile_name(self, rules: RulesModel, pile: str) -> str:
        return rules.deck(pile).name

    def back_fields(self) -> dict[str, Any]:
        from cardgen.packs.attack_right.back import BACK_FIELDS

        return BACK_FIELDS

    def components(self) -> list:
        from cardgen.packs.attack_right.components.kit import component_specs

        return component_specs()

    def component_counts(self, catalogue) -> dict[str, int]:
        """The rulebook's COMPONENTS (the rules model's ``components``)."""
        return catalogue.rules.components.model_dump()

    # --- documents ---------------------------------------------------------------------------
    def appendix_sections(self, catalogue) -> list:
        return _docs().appendix_sections(catalogue)

    def appendix(self, catalogue):
        return _docs().appendix(catalogue, self.appendix_sections(catalogue))

    def rulebook_context(self, rules: RulesModel) -> dict[str, Any]:
        return _docs().rulebook_context(rules)

    def rulebook_icons(self, rules: RulesModel) -> dict[str, tuple[str, str]]:
        return _docs().rulebook_icons(rules)

    def rulebook_figures(self, catalogue) -> dict[str, Any]:
        return _docs().rulebook_figures(catalogue)

    def rules_reference(self) -> str:
        return _docs().rules_reference(self.game_type.name)


def _docs() -> Any:
    """Attack Right's documents (:mod:`.docs`), imported when a document is made."""
    from cardgen.packs.attack_right import docs

    return docs


PACK = AttackRight()
