"""The Attack Right pack: what the generic core needs to know about the game.

Its rules on the engine kit (:mod:`.engine`) register under the entry-point group
``cardgen.engines``; its documents (:mod:`.docs`), whose figures play games on the engine, are
imported when a document is made.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any, ClassVar

from cardgen.catalogue.facet import CatalogueFacet
from cardgen.catalogue.icon_tokens import tokens_in
from cardgen.catalogue.sheet_cells import Notation
from cardgen.components.facet import ComponentsFacet
from cardgen.docs.facet import DocsFacet
from cardgen.pack import BackDesign, GameType, Pack
from cardgen.packs.attack_right.cards import Card, DeckFile
from cardgen.packs.attack_right.checks import check_catalogue
from cardgen.packs.attack_right.codes import CODES
from cardgen.packs.attack_right.effects import COUNTERS
from cardgen.packs.attack_right.icon_tokens import ICONS
from cardgen.packs.attack_right.model import RulesModel
from cardgen.render.facet import PrintFacet
from cardgen.util.resources import data_path


def _deck(card: Card) -> str:
    """``card``'s deck (the loader fills in its file's ``deck`` where the card names none)."""
    assert card.deck is not None
    return card.deck


class AttackRightCatalogue(CatalogueFacet):
    """Four themed decks, each of spring and fall cards, a file per deck."""

    rules_model = RulesModel
    card_model = Card
    file_fields = ("deck",)
    simulation_check = "cardgen.packs.attack_right.card_checks:run_simulation_check"
    #: effects in a sheet cell: ``gain_coins 1 trigger=battle when=attack_won; hidden``
    sheet_notation: ClassVar[dict[str, Notation]] = {
        "effects": Notation(lead="kind", number="amount")
    }

    def codes(self) -> list:
        return CODES

    def sort_key(self, rules: RulesModel) -> Callable[[Any], Any]:
        r"""Deck by deck in rules order, each deck's seasons in rules order (of this pack's
        :class:`Card`\ s)."""
        decks = {d: i for i, d in enumerate(rules.deck_ids)}
        seasons = {s: i for i, s in enumerate(rules.season_ids)}
        return lambda c: (decks[_deck(c)], seasons[c.season])

    def check(self, catalogue) -> list:
        return check_catalogue(catalogue)

    def extra_checks(self) -> tuple[str, ...]:
        return ("cardgen.packs.attack_right.card_checks:check_cards",)

    def card_file_model(self, rules: RulesModel | None = None) -> type | None:
        if rules is not None and rules.fields:  # the catalogue's own fields: the core's model
            return None
        return DeckFile

    def schema_enums(self, rules: RulesModel | None) -> dict[str, list[str]]:
        if rules is None:
            return {}
        return {
            "deck": list(rules.deck_ids),
            "season": list(rules.season_ids),
            "resource": list(rules.resource_ids),
            "discount": list(rules.resource_ids),
            "per": [*COUNTERS, *rules.resource_ids],
        }

    def rules_icons(self, rules: RulesModel) -> list[tuple[tuple[str | int, ...], str]]:
        """The decks' emblems."""
        return [(("decks", i, "icon"), deck.icon) for i, deck in enumerate(rules.decks)]


class AttackRightPrint(PrintFacet):
    """A print file per deck; one back per season for every deck face down."""

    def card_text(self, card: Card) -> str:
        return card.rules_text

    def icon_tokens(self, rules: RulesModel) -> dict[str, str]:
        return {**ICONS, **{r.id: r.name for r in rules.resources}}

    def card_icons(self, card: Card, rules: RulesModel) -> list[str]:
        """Its text's and flavour's icons, and those its face and back draw: cost coin, type,
        discount resources, powers, placement, deck emblem and first-game star."""
        face = ["coin", card.type.value, *card.discount, "defence", "attack"]
        face.append(_drawing().face.placement_icon(card, rules))
        star = ["star"] if card.star else []
        text = [*super().card_icons(card, rules), *tokens_in(card.flavour or "")]
        return [*text, *face, rules.deck(_deck(card)).icon, *star]

    def fields(self) -> Any:
        return _drawing()

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


class AttackRightKit(ComponentsFacet):
    """The rulebook's COMPONENTS besides the cards (boards, tokens, aids)."""

    def specs(self) -> list:
        from cardgen.packs.attack_right.components.kit import component_specs

        return component_specs(PACK)

    def counts(self, catalogue) -> dict[str, int]:
        """The rulebook's COMPONENTS (the rules model's ``components``)."""
        return catalogue.rules.components.model_dump()


class AttackRightDocs(DocsFacet):
    """The appendix, the rulebook's names, icons and figures, the rules reference."""

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
        return _docs().rules_reference(GAME.name)


def _drawing() -> Any:
    """The face's and back's computed fields (:mod:`.face`, :mod:`.back`), imported when cards
    are drawn: they import reportlab, which validating a catalogue does not need."""
    from cardgen.packs.attack_right import back, face

    return SimpleNamespace(
        face=face, back=back, LAYOUT_FIELDS=face.LAYOUT_FIELDS, BACK_FIELDS=back.BACK_FIELDS
    )


def _docs() -> Any:
    """Attack Right's documents (:mod:`.docs`), imported when a document is made."""
    from cardgen.packs.attack_right import docs

    return docs


DATA = data_path("cardgen.packs.attack_right")
GAME = GameType(
    id="attack-right",
    name="Attack Right",
    min_players=2,
    max_players=4,
    description="Drafting and tableau building: draft, play, battle, income, age; 4 rounds.",
)
PACK = Pack(
    game_type=GAME,
    data=DATA,
    catalogue=AttackRightCatalogue(DATA),
    print=AttackRightPrint(DATA),
    components=AttackRightKit(),
    docs=AttackRightDocs(DATA),
    module=__name__,
)
