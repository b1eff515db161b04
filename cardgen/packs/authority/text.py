"""The printed rules text of a unit, generated from its role and abilities.

Each sentence says what the engine does (``tests/authority/test_authority_text.py`` plays every
kind of ability and checks the numbers, who is affected and when): the readings of
``rules.settings`` that change what an ability does (R5 ``bonus_retroactive``, R15
``disable_lasts``) change its words too.
"""

from __future__ import annotations

from cardgen.packs.authority.model import Ability, Kind, Role, Scale, Settings, Trigger, Unit

_WHEN = {
    Trigger.attack: "When attacking",
    Trigger.defend: "When defending, at the start of your turn",
    Trigger.recruit: "When recruiting",
    Trigger.discard: "Discard",
}
#: a general-zone ability: a leader's acts from the moment it is bought (R9, R23)
_GENERAL = {
    (Role.leader, True): "From when recruited",
    (Role.leader, False): "When recruited and at the start of each of your turns",
    (Role.spy, True): "In your general zone, from the start of your turn",
    (Role.spy, False): "In your general zone, at the start of your turn",
}

_ROLE = {
    Role.spy: "Spy: recruits, or goes to your general zone. Discard: remove an enemy spy.",
    Role.leader: "Leader: no power. Goes to your general zone when recruited; never removed.",
    Role.superpower: "Superpower: no power; discard it for its ability.",
}


def _amount(ability: Ability) -> str:
    if ability.scale is Scale.one:
        return str(ability.amount)
    n = ability.amount * (2 if ability.scale is Scale.two_x else 1)
    return "X" if n == 1 else f"{n}X"


def _units(n: int, scaled: bool = False) -> str:
    return "unit" if n == 1 and not scaled else "units"


def _bonus(ability: Ability, n: str, settings: Settings) -> str:
    if ability.trigger is Trigger.attack:
        if settings.bonus_retroactive:
            return f"your other units attacking this turn deal +{n}, those before it too"
        return f"your units attacking after it this turn deal +{n}"
    if settings.bonus_retroactive and ability.trigger is Trigger.general:
        return f"your attacking units deal +{n}, this turn's earlier ones too"
    return f"your attacking units deal +{n}"


def ability_text(ability: Ability, role: Role = Role.unit, settings: Settings | None = None) -> str:
    """One ability as a sentence: ``When recruiting: gain 2 {authority}.``  ``role``: the
    unit's (a leader's general-zone ability acts when it is bought); ``settings``: the readings
    in force (default: the rules model's defaults)."""
    settings = settings or Settings()
    n = _amount(ability)
    units = _units(ability.amount, ability.scale is not Scale.one)
    until = "until your next turn" if settings.disable_lasts == "until_next_turn" else "this turn"
    what = {
        Kind.authority: f"gain {n} {{authority}}",
        Kind.attack_bonus: _bonus(ability, n, settings),
        Kind.monarch_damage: (
            f"deal {n} damage to that player's Monarch"
            if ability.trigger is Trigger.attack
            else f"deal {n} damage to an enemy Monarch, past its defence"
        ),
        Kind.ignore: f"ignore up to {n} enemy defending {units} this turn",
        Kind.disable: f"disable up to {n} enemy defending {units} {until}",
        Kind.annihilate: (
            "the next unit you kill this turn is annihilated"
            if n == "1"
            else f"the next {n} {units} you kill this turn are annihilated"
        ),
        Kind.retire: f"retire up to {n} {units} from your hand",
        Kind.draw: f"draw {n} {units}",
        Kind.heal: f"heal your Monarch {n} HP, up to its starting HP",
    }[ability.kind]
    if ability.scale is not Scale.one:
        what += " (X: its row)"
    if ability.trigger is Trigger.general:
        lead = role if role is Role.leader else Role.spy
        when = _GENERAL[lead, ability.kind is Kind.attack_bonus]
    else:
        when = _WHEN[ability.trigger]
    return f"{when}: {what}."


def unit_text(unit: Unit, settings: Settings | None = None) -> str:
    """The unit's rules text: its role line, then an ability per line."""
    lines = [_ROLE[unit.role]] if unit.role in _ROLE else []
    lines += [ability_text(a, unit.role, settings) for a in unit.abilities]
    return "\n".join(lines)
