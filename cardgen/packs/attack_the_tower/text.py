"""The printed rules text of an Attack the Tower card, generated from the data the engine runs:
an ability's effects, a base's troop type and the rules model's numbers and readings
(``settings``), so the card says what the engine does.

Without a rules model (a card validated on its own) troop types are named by their ids.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardgen.packs.attack_the_tower.model import TowerCard, TowerRules

#: what a troop type's trait does, printed on the bases that recruit it
TRAIT_TEXT = {
    "initiative": "{troops} strike first at enemy troops (initiative); {idle}.",
    "artillery": "{troops} damage only bases and palaces (artillery), never troops.",
    "unique": "Unique: one troop with this trait on your field; a newer one destroys the older.",
}
WHEN = {"always": "", "attacking": " when attacking", "defending": " when defending"}
#: initiative troops facing no enemy troop (``idle_initiative_strikes_regular``)
IDLE = {True: "facing none, they strike with the others", False: "facing none, they deal nothing"}


def _troops(rules: TowerRules | None, troop: str) -> str:
    """The troops of type ``troop`` (``all``: every troop), as printed: ``Knights``."""
    if troop == "all":
        return "troops"
    if rules is None or troop not in rules.troop_ids:
        return f"{troop} troops"
    return rules.troop(troop).troop


def _infantry(rules: TowerRules | None) -> str:
    """What a strike may hit: enemy infantry by name, or any enemy troop (``strike_targets``)."""
    if rules is None:
        return "enemy infantry"
    if rules.settings.strike_targets == "any":
        return "an enemy troop"
    names = [t.troop for t in rules.troop_types if t.infantry]
    return "enemy infantry (" + " or ".join(names) + ")" if names else "enemy infantry"


def effect_text(effect, rules: TowerRules | None) -> str:
    """One effect of a (non-special) ability, as a clause: ``allied Crossbowmen have power 2``."""
    kind = effect.kind
    if kind == "power":
        who = _troops(rules, effect.troops)
        way = "raised" if effect.amount > 0 else "lowered"
        return f"the power of allied {who} is {way} by {abs(effect.amount)}{WHEN[effect.when]}"
    if kind == "set_power":
        return f"allied {_troops(rules, effect.troops)} have power {effect.value}"
    if kind == "damage_manned_bases":
        who = "artillery troops" if effect.troops == "all" else _troops(rules, effect.troops)
        return f"allied {who} may damage bases even if they are defended by troops"
    if kind == "cancel_enemy_initiative":
        return "enemy troops lose the initiative trait"
    if kind == "strike":
        who = _troops(rules, effect.troops)
        n = effect.amount
        return (
            f"in each battle's initiative step, each of the allied {who} in the battle deals "
            f"{n} damage to {_infantry(rules)}"
        )
    raise ValueError(f"no printed text for effect kind {kind!r}")


def special_text(card: TowerCard, rules: TowerRules | None) -> str:
    """A special ability: the troop it recruits on the palace and what it does while alive."""
    special = card.special
    assert special is not None
    name = f"the {card.name}"
    lines = [f"Recruit {name} on your palace."]  # its power: the troop line and the badge
    if special.extra_damage:
        n = special.extra_damage
        points = "point" if n == 1 else "points"
        if rules is not None and rules.settings.extra_damage == "per_battle":
            lines.append(
                f"While {name} is alive, your troops in each battle inflict {n} extra "
                f"{points} of damage in all."
            )
        else:
            lines.append(
                f"While {name} is alive, each allied troop ({name} too) inflicts {n} extra "
                f"{points} of damage in every battle."
            )
    if rules is not None and rules.settings.special_troops_join == "palace_only":
        lines.append(f"{name[0].upper()}{name[1:]} fights only for your palace.")
    slots = rules.slots if rules is not None else 3
    if "loyal" in special.traits:
        lines.append(f"Loyal: keeping {name} needs no complete territory.")
    else:
        lines.append(f"Keeping {name} needs a complete territory ({slots} bases).")
    if "unique" in special.traits:
        lines.append(TRAIT_TEXT["unique"])
    return " ".join(lines)


def card_kind(card: TowerCard) -> str:
    """A base's troop type, an ability's type (the card model requires the one of its pile)."""
    kind = card.troop if card.pile == "base" else card.type
    assert kind is not None, f"{card.id}: a {card.pile} card without its type"
    return kind


def base_text(card: TowerCard, rules: TowerRules | None) -> str:
    """A base: its recruits each renewal, when it can be damaged, its power and its troops'
    traits."""
    if rules is None:
        return "A base can only be damaged if undefended."
    troop = rules.troop(card_kind(card))
    lines = [
        f"One new troop each renewal, at most {rules.max_troops_per_base} on this base.",
        f"A base can only be damaged if undefended. Its power is {rules.base_power}.",
    ]
    idle = IDLE[rules.settings.idle_initiative_strikes_regular]
    lines += [TRAIT_TEXT[t].format(troops=troop.troop, idle=idle) for t in troop.traits]
    if not troop.traits:
        lines.append(f"{troop.name} do not possess special traits.")
    return " ".join(lines)


def card_text(card: TowerCard, rules: TowerRules | None) -> str:
    """The card's printed rules text."""
    if card.pile == "base":
        return base_text(card, rules)
    if card.special is not None:
        return special_text(card, rules)
    clauses = [effect_text(e, rules) for e in card.effects]
    first, *rest = clauses
    return " ".join(
        [f"Until the end of the turn, {first}.", *(f"{c[0].upper()}{c[1:]}." for c in rest)]
    )
