"""The printed rules text of a unit, generated from its role and abilities."""

from __future__ import annotations

from cardgen.packs.authority.model import Ability, Kind, Role, Scale, Trigger, Unit

_WHEN = {
    Trigger.attack: "When attacking",
    Trigger.defend: "When defending, at the start of your turn",
    Trigger.recruit: "When recruiting",
    Trigger.discard: "Discard",
    Trigger.general: "In your general zone, at the start of your turn",
}

_ROLE = {
    Role.spy: "Spy: recruits, or goes to your general zone. Discard: remove an enemy spy.",
    Role.leader: "Leader: no power. Goes to your general zone when recruited; never removed.",
    Role.superpower: "Superpower: no power.",
}


def _amount(ability: Ability) -> str:
    if ability.scale is Scale.one:
        return str(ability.amount)
    n = ability.amount * (2 if ability.scale is Scale.two_x else 1)
    return "X" if n == 1 else f"{n}X"


def ability_text(ability: Ability) -> str:
    """One ability as a sentence: ``When recruiting: gain 2 {authority}.``"""
    n = _amount(ability)
    plural = "" if ability.amount == 1 and ability.scale is Scale.one else "s"
    other = "other " if ability.trigger is Trigger.attack else ""
    what = {
        Kind.authority: f"gain {n} {{authority}}",
        Kind.attack_bonus: f"your {other}attacking units deal +{n}",
        Kind.monarch_damage: f"deal {n} damage to an enemy Monarch",
        Kind.ignore: f"ignore {n} defending unit{plural}",
        Kind.disable: f"disable {n} defending unit{plural}",
        Kind.annihilate: f"annihilate the next {n} unit{plural} you kill",
        Kind.retire: f"retire up to {n} unit{plural} from your hand",
        Kind.draw: f"draw {n} unit{plural}",
        Kind.heal: f"your Monarch heals {n} HP",
    }[ability.kind]
    return f"{_WHEN[ability.trigger]}: {what}."


def unit_text(unit: Unit) -> str:
    """The unit's rules text: its role line, then an ability per line."""
    lines = [_ROLE[unit.role]] if unit.role in _ROLE else []
    lines += [ability_text(a) for a in unit.abilities]
    return "\n".join(lines)
