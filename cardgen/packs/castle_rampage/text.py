"""The printed text of a card, generated from its typed effects."""

from __future__ import annotations

from cardgen.packs.castle_rampage.model import RampageCard

#: the words each effect kind prints as, ``{amount}``/``{count}`` filled in
WORDS: dict[str, str] = {
    "end_attack": "{destroyed} The attacking card is destroyed too; the attack ends.",
    "weaken": "{destroyed} The attack loses {amount} more strength.",
    "destroy_next": "{destroyed} The next {cards} below it in the same structure {is} "
    "destroyed too.",
    "survives_defeat": "{attack} If {defence} defence stops this attack, take this card back "
    "into your hand.",
    "targets_castle": "{attack} This attack targets the Castle, even if the Gate has cards.",
}


def effect_line(effect) -> str:
    """One effect as printed on the card ({tokens} draw icons)."""
    count = getattr(effect, "count", 1)
    return WORDS[effect.kind].format(
        destroyed="{destroyed}",
        attack="{sword}",
        amount=getattr(effect, "amount", ""),
        cards="card" if count == 1 else f"{count} cards",
        defence="an equal or higher" if getattr(effect, "on_tie", False) else "a higher",
        **{"is": "is" if count == 1 else "are"},
    )


def card_text(card: RampageCard) -> str:
    """The card's rules text: a line per effect, then its own text."""
    lines = [effect_line(e) for e in card.effects]
    if card.text:
        lines.append(card.text)
    return "\n".join(lines)
