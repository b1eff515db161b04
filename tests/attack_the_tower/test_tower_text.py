"""Printed text and engine agree: every card's rules text is generated from its data, and for
every effect kind (and every base) a test reads the numbers and targets off the generated text,
plays the card in the engine and checks that the engine does exactly that: who is affected,
by how much, and when.

The texts are parsed, not the data: a change to the words or to the engine that makes them
disagree fails here.  Each kind is played in the shipped army and in variants (other troop
types, amounts and signs, other readings in ``settings``)."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field

import pytest

from cardgen.catalogue.loader import Catalogue, load_catalogue
from cardgen.packs.attack_the_tower.engine import actions as A
from cardgen.packs.attack_the_tower.engine.state import ALLOCATE, WINDOW, State
from cardgen.packs.attack_the_tower.fields import troop_line
from tests.attack_the_tower.tower_paths import TOWER_CARDS, action, arranged, do, events

VARIANTS = """pile: ability
cards:
  - {id: t-power-2, name: T power 2, type: common,
     effects: [{kind: power, troops: heavy-infantry, amount: 2}]}
  - {id: t-power-minus, name: T power minus, type: common,
     effects: [{kind: power, troops: shooter, amount: -1, when: attacking}]}
  - {id: t-power-all-defending, name: T power all, type: common,
     effects: [{kind: power, troops: all, amount: 3, when: defending}]}
  - {id: t-set-all, name: T set all, type: common,
     effects: [{kind: set_power, troops: all, value: 3}]}
  - {id: t-set-knights, name: T set knights, type: common,
     effects: [{kind: set_power, troops: cavalry, value: 0}]}
  - {id: t-bypass-all, name: T bypass all, type: common,
     effects: [{kind: damage_manned_bases, troops: all}]}
  - {id: t-strike-knights, name: T strike knights, type: common,
     effects: [{kind: strike, troops: cavalry, amount: 2}]}
  - {id: t-strike-all, name: T strike all, type: common,
     effects: [{kind: strike, troops: all, amount: 1}]}
  - {id: t-two, name: T two effects, type: common,
     effects: [{kind: power, troops: light-infantry, amount: 1},
               {kind: set_power, troops: shooter, value: 3}]}
  - {id: t-smith-loyal, name: Loyal Smith, type: special,
     effects: [{kind: special_troop, power: 2, extra_damage: 2, traits: [loyal]}]}
  - {id: t-unique, name: Lone Knight, type: special, copies: 2,
     effects: [{kind: special_troop, power: 3, traits: [unique]}]}
"""
ADDED = VARIANTS.count("- {id:") + 1  # the Lone Knight twice
#: the other readings that change what a card does (and so what it says)
OTHER_READINGS = {
    "strike_targets: infantry": "strike_targets: any",
    "extra_damage: per_troop": "extra_damage: per_battle",
    "special_troops_join: every_battle": "special_troops_join: palace_only",
    "idle_initiative_strikes_regular: true": "idle_initiative_strikes_regular: false",
}


def _army(root, readings: dict[str, str]) -> Catalogue:
    cards = root / "cards"
    shutil.copytree(TOWER_CARDS, cards)
    (cards / "variants.yaml").write_text(VARIANTS)
    rules = cards / "rules.yaml"
    text = rules.read_text().replace("cards: 25}", f"cards: {25 + ADDED}}}", 1)
    for old, new in readings.items():
        assert old in text
        text = text.replace(old, new)
    rules.write_text(text)
    return load_catalogue(cards, use_cache=False)


@pytest.fixture(scope="module", params=["as written", "other readings"])
def cat(request, tmp_path_factory) -> Catalogue:
    readings = {} if request.param == "as written" else OTHER_READINGS
    return _army(tmp_path_factory.mktemp("army"), readings)


# --- playing a battle and recording what the engine did ------------------------------------
@dataclass
class Fight:
    """One battle as the engine played it (not the palace battle it may lead to): the units as
    combat began, as ``(owner, kind, slot, power)``, every allocation decision (its pool and
    the units, as ``(owner, kind, slot)``, it could be given to) and the points of each pool."""

    state: State
    units: list[tuple[int, str, int, int]] = field(default_factory=list)
    decisions: list[tuple[list, list[tuple]]] = field(default_factory=list)
    pools: dict[tuple[int, str], int] = field(default_factory=dict)

    def power(self, owner: int, kind: str, slot: int) -> list[int]:
        return [u[3] for u in self.units if u[:3] == (owner, kind, slot)]

    def reached(self, player: int, pool: str) -> list[set[tuple]]:
        """What each of ``player``'s decisions of ``pool`` could be given to."""
        return [set(t) for e, t in self.decisions if e[0] == player and e[2] == pool]


def _state(cat: Catalogue, setup: dict) -> State:
    return arranged(cat, setup)


def _fight(st: State, attack: str, plays=()) -> Fight:
    """Declare ``attack``, let each ``(seat, card)`` of ``plays`` be played in the ability step,
    then give every allocation to its first legal target, recording the first battle."""
    do(st, attack)
    for seat, card in plays:
        if st.actor != seat:
            do(st, "pass")
        do(st, f"play {card}")
    fight = Fight(st)
    start = len(events(st))
    while st.phase in (WINDOW, ALLOCATE):
        if st.phase == WINDOW:
            do(st, "pass")
            continue
        b = st.battle
        assert b is not None
        targets = sorted(a - A.TARGET for a in st.legal_actions(st.actor))
        if not any(e["event"] == "battle-end" for e in events(st)[start:]):
            if not fight.units:  # the first battle's units, their power set as combat began
                fight.units = [(u.owner, u.kind, u.slot, u.power) for u in b.units]
            units = [(b.units[i].owner, b.units[i].kind, b.units[i].slot) for i in targets]
            fight.decisions.append((list(b.queue[0]), units))
        st.apply({st.actor: targets[0] + A.TARGET})
    for e in events(st)[start:]:
        if e["event"] == "battle-end":
            break
        if e["event"] in ("damage", "damage-lost"):
            key = (e["seat"], e["pool"])
            fight.pools[key] = fight.pools.get(key, 0) + e["amount"]
    return fight


def _cards(cat: Catalogue, kind: str):
    return [c for c in cat if c.pile == "ability" and c.effects[0].kind == kind]


def _type(cat: Catalogue, troops_name: str) -> str:
    """A troop type's id from its printed name (``troops``: every type, ``all``)."""
    if troops_name in ("troops", "artillery troops"):
        return "all"
    (tid,) = [t.id for t in cat.rules.troop_types if t.troop == troops_name]
    return tid


def _base(cat: Catalogue, troop: str) -> str:
    return next(c.id for c in cat if c.pile == "base" and c.troop == troop)


def _clause(text: str, pattern: str) -> re.Match:
    match = re.search(pattern, text)
    assert match, f"{text!r} does not say {pattern!r}"
    return match


def test_every_card_prints_the_generated_text(cat):
    from cardgen.pack import get_pack
    from cardgen.packs.attack_the_tower.text import card_text

    pack = get_pack("attack-the-tower")
    for card in cat:
        assert pack.print.card_text(card) == card_text(card, cat.rules) != ""
    assert {e.kind for c in cat if c.pile == "ability" for e in c.effects} == {
        "power",
        "set_power",
        "damage_manned_bases",
        "cancel_enemy_initiative",
        "strike",
        "special_troop",
    }


# --- abilities in play: until the end of the turn ---------------------------------------------
def test_an_ability_lasts_until_the_end_of_the_turn(cat):
    """ "Until the end of the turn": played in the main phase, it holds for every battle of the
    turn, and is discarded when the turn ends."""
    for card in cat:
        if card.pile != "ability" or card.special is not None:
            continue
        assert card.rules_text.startswith("Until the end of the turn, ")
        st = _state(cat, {"players": [{"hand": [card.id]}, {}]})
        do(st, f"play {card.id}")
        assert [st.design(d).id for d in st.players[0].played] == [card.id]
        do(st, "end")
        assert st.players[0].played == [] and card.id in {
            st.design(d).id for d in st.players[0].discards["ability"]
        }


# --- power and set_power -------------------------------------------------------------------------
POWER = (
    r"the power of allied (?P<who>[\w ]+?) is (?P<way>raised|lowered) by (?P<n>\d+)"
    r"(?: when (?P<when>attacking|defending))?\."
)
SET = r"allied (?P<who>[\w ]+?) have power (?P<v>\d+)\."


def _three_types(cat: Catalogue, named: list[str]) -> list[str]:
    """Three troop types for a territory: those ``named`` first, then others."""
    ids = [t.id for t in cat.rules.troop_types]
    named = [t for t in dict.fromkeys(named) if t != "all"]
    return (named + [t for t in ids if t not in named])[:3]


@pytest.mark.parametrize("seat", [0, 1])
def test_power_texts(cat, seat):
    """Each card played by ``seat`` (0 attacks): the troops it names, and only they, on its
    side only, when it says, have the power it says (a set power first, then what it raises)."""
    cards = _cards(cat, "power") + _cards(cat, "set_power")
    assert len(cards) >= 8
    for card in cards:
        sets = list(re.finditer(SET, card.rules_text, re.I))
        raises = list(re.finditer(POWER, card.rules_text, re.I))
        assert len(sets) + len(raises) == len(card.effects), card.rules_text
        types = _three_types(cat, [_type(cat, m["who"]) for m in sets + raises])
        board = {k: _base(cat, t) for k, t in enumerate(types)}
        sides = [{"board": board, "troops": dict.fromkeys(board, 1)} for _ in (0, 1)]
        sides[seat]["hand"] = [card.id]
        fight = _fight(_state(cat, {"players": sides}), "attack 0 0", [(seat, card.id)])
        role = "attacking" if seat == 0 else "defending"
        for owner in (0, 1):
            for k, t in enumerate(types):
                power = cat.rules.troop(t).power
                mine = owner == seat
                for m in sets:
                    if mine and _type(cat, m["who"]) in ("all", t):
                        power = int(m["v"])
                for m in raises:
                    if mine and _type(cat, m["who"]) in ("all", t) and m["when"] in (None, role):
                        power += int(m["n"]) * (1 if m["way"] == "raised" else -1)
                got = fight.power(owner, "troop", k)
                assert got == [max(power, 0)], (card.id, owner, t, got)


# --- damage_manned_bases -------------------------------------------------------------------------
BYPASS = r"allied (?P<who>[\w ]+?) may damage bases even if they are defended by troops\."


@pytest.mark.parametrize("seat", [0, 1])
def test_bypass_texts(cat, seat):
    """The allied troops it names (artillery) may damage a defended base; the enemy's may not."""
    cards = _cards(cat, "damage_manned_bases")
    assert len(cards) >= 2
    artillery = [t.id for t in cat.rules.troop_types if "artillery" in t.traits]
    for card in cards:
        m = _clause(card.rules_text, BYPASS)
        who = _type(cat, m["who"])
        for troop in artillery if who == "all" else [who]:
            sides = [
                {"board": {0: _base(cat, troop)}, "troops": {0: 2}},
                {"board": {0: _base(cat, "light-infantry")}, "troops": {0: 2}},
            ]
            sides[seat]["hand"] = [card.id]
            fight = _fight(_state(cat, {"players": sides}), "attack 0 0", [(seat, card.id)])
            reached = fight.reached(0, "artillery")
            # the Militias man the base all through: only the card's owner's Catapults reach it
            assert reached == ([{(1, "base", 0)}] if seat == 0 else []), (card.id, reached)
            lost = fight.pools.get((0, "artillery"), 0)
            assert lost == 2 * cat.rules.troop(troop).power


# --- cancel_enemy_initiative ---------------------------------------------------------------------
@pytest.mark.parametrize("seat", [0, 1])
def test_cancel_initiative_text(cat, seat):
    """ "Enemy troops lose the initiative trait": the enemy's initiative troops strike with the
    others; the card owner's keep it."""
    (card,) = _cards(cat, "cancel_enemy_initiative")
    _clause(card.rules_text, r"enemy troops lose the initiative trait\.")
    shooters = [t for t in cat.rules.troop_types if "initiative" in t.traits]
    assert shooters
    enemy = 1 - seat
    for troop in shooters:
        shooting = {"board": {0: _base(cat, troop.id)}, "troops": {0: 2}}
        other = {"board": {0: _base(cat, "heavy-infantry")}, "troops": {0: 2}}
        sides = [dict(shooting), dict(shooting)]
        sides[seat] = {**other, "hand": [card.id]}
        fight = _fight(_state(cat, {"players": sides}), "attack 0 0", [(seat, card.id)])
        assert fight.pools.get((enemy, "troops"), 0) == 0
        bases = cat.rules.base_power * (enemy == 1)
        assert fight.pools[(enemy, "regular")] == 2 * troop.power + bases
        sides[seat] = {**shooting, "hand": [card.id]}
        sides[enemy] = other
        fight = _fight(_state(cat, {"players": sides}), "attack 0 0", [(seat, card.id)])
        assert fight.pools[(seat, "troops")] == 2 * troop.power  # its owner's keep the trait


# --- strike --------------------------------------------------------------------------------------
STRIKE = (
    r"in each battle's initiative step, each of the allied (?P<who>[\w ]+?) in the battle deals "
    r"(?P<n>\d+) damage to (?:enemy infantry \((?P<names>[^)]*)\)|(?P<any>an enemy troop))\."
)


def test_strike_texts(cat):
    """Each allied troop it names deals the damage it says, with initiative, only to the enemy
    troops it names."""
    cards = _cards(cat, "strike")
    assert len(cards) >= 3
    names = {t.troop: t.id for t in cat.rules.troop_types}
    for card in cards:
        m = _clause(card.rules_text, STRIKE)
        who = _type(cat, m["who"])
        mine = [who] if who != "all" else ["heavy-infantry", "cavalry"]
        enemy = ["light-infantry", "cavalry", "heavy-infantry"]
        sides = [
            {"board": {k: _base(cat, t) for k, t in enumerate(mine)}, "hand": [card.id]},
            {"board": {k: _base(cat, t) for k, t in enumerate(enemy)}},
        ]
        sides[0]["troops"] = dict.fromkeys(sides[0]["board"], 2)
        sides[1]["troops"] = dict.fromkeys(sides[1]["board"], 2)
        fight = _fight(_state(cat, {"players": sides}), "attack 0 0", [(0, card.id)])
        assert fight.pools[(0, "infantry")] == int(m["n"]) * 2 * len(mine)
        hit = set(enemy) if m["any"] else {names[n] for n in m["names"].split(" or ")} & set(enemy)
        allowed = {(1, "troop", k) for k, t in enumerate(enemy) if t in hit}
        reached = fight.reached(0, "infantry")
        assert reached and reached[0] == allowed, (card.id, reached, allowed)
        assert all(r <= allowed for r in reached)


# --- special troops ------------------------------------------------------------------------------
RECRUIT = r"Recruit the (?P<name>.+?) on your palace\."
TROOP_LINE = r"^Special troop · power (?P<p>\d+)"
EXTRA = (
    r"(?:each allied troop \(the .+? too\) inflicts (?P<each>\d+) extra points? of damage in "
    r"every battle|your troops in each battle inflict (?P<all>\d+) extra points? of damage in "
    r"all)\."
)
KEEP = r"Keeping the .+? needs a complete territory \((?P<k>\d+) bases\)\."
LOYAL = r"Loyal: keeping the .+? needs no complete territory\."
UNIQUE = r"Unique: one troop with this trait on your field; a newer one destroys the older\."


def _territory(cat: Catalogue, bases: int, troops: int = 0) -> dict:
    board = {k: _base(cat, "heavy-infantry") for k in range(bases)}
    return {"board": board, "troops": {0: troops} if troops else {}}


def test_special_troop_texts(cat):
    """A special ability recruits the troop it names, of the power it says, on the condition it
    says; while alive it adds the damage it says, in the battles it says it fights."""
    cards = _cards(cat, "special_troop")
    assert len(cards) >= 3
    slots = cat.rules.slots
    for card in cards:
        text = card.rules_text
        assert _clause(text, RECRUIT)["name"] == card.name
        power = int(_clause(troop_line(card, cat.rules), TROOP_LINE)["p"])  # printed above
        # the condition: a complete territory (its number of bases), or none if loyal
        loyal = re.search(LOYAL, text) is not None
        if not loyal:
            assert int(_clause(text, KEEP)["k"]) == slots
        for bases in (slots - 1, slots):
            st = _state(cat, {"players": [{**_territory(cat, bases), "hand": [card.id]}, {}]})
            legal = action(st, f"play {card.id}") is not None
            assert legal == (loyal or bases == slots), (card.id, bases)
        # the extra damage, in a battle of its owner's (attacking)
        extra = re.search(EXTRA, text)
        each = int(extra["each"]) if extra and extra["each"] else 0
        in_all = int(extra["all"]) if extra and extra["all"] else 0
        palace_only = re.search(r"fights only for your palace\.", text) is not None
        st = _state(
            cat,
            {
                "players": [
                    {**_territory(cat, slots, troops=2), "specials": [card.id]},
                    _territory(cat, 1, troops=2),
                ]
            },
        )
        fight = _fight(st, "attack 0 0")
        fights = fight.power(0, "special", st.table.by_id[card.id])
        assert fights == ([] if palace_only else [power]), card.id
        templars = 2 * cat.rules.troop("heavy-infantry").power
        dealt = templars + 2 * each + sum(p + each for p in fights) + in_all
        assert fight.pools[(0, "regular")] == dealt, (card.id, fight.pools)
        # defending its palace it always fights
        st = _state(cat, {"players": [_territory(cat, 1, 2), {"specials": [card.id]}]})
        assert _fight(st, "attack 0 1").power(1, "special", st.table.by_id[card.id]) == [power]
        # unique: a newer one destroys the older
        if re.search(UNIQUE, text):
            st = _state(cat, {"players": [{**_territory(cat, slots), "hand": [card.id] * 2}, {}]})
            do(st, f"play {card.id}")
            do(st, f"play {card.id}")
            assert [st.design(d).id for d in st.players[0].specials] == [card.id]


# --- bases ---------------------------------------------------------------------------------------
BASE = (
    r"One new troop each renewal, at most (?P<m>\d+) on this base\. A base can only be damaged "
    r"if undefended\. Its power is (?P<b>\d+)\."
)
INITIATIVE = (
    r"(?<=\. )(?P<troops>[\w ]+?) strike first at enemy troops \(initiative\); facing none, they "
    r"(?P<idle>strike with the others|deal nothing)\."
)
ARTILLERY = (
    r"(?<=\. )(?P<troops>[\w ]+?) damage only bases and palaces \(artillery\), never troops\."
)
PLAIN = r"(?<=\. )(?P<type>[\w ]+?) do not possess special traits\."
RENEW = ["renew", "draw ability", "draw ability", "done", "draw ability", "draw ability", "done"]


def test_base_texts(cat):
    """A base recruits as many troops as it says, has the power it says, can be damaged when
    it says, and its troops strike as their trait says."""
    for card in (c for c in cat if c.pile == "base"):
        text = card.rules_text
        m = _clause(text, BASE)
        most, power = int(m["m"]), int(m["b"])
        troop = cat.rules.troop(card.troop)
        for before in (most - 1, most):
            setup = {"phase": "renew-choice", "players": [{"board": {0: card.id}}, {}]}
            setup["players"][0]["troops"] = {0: before} if before else {}
            st = _state(cat, setup)
            for words in RENEW:
                do(st, words)
            assert st.players[0].troops[0] == most, (card.id, before)
        # its power, and only once undefended
        defended = {"board": {0: card.id}, "troops": {0: 1}}
        attackers = _territory(cat, 1, troops=2)
        fight = _fight(_state(cat, {"players": [attackers, defended]}), "attack 0 0")
        assert fight.power(1, "base", 0) == [power]
        assert fight.reached(0, "regular")[0] == {(1, "troop", 0)}
        undefended = {"board": {0: card.id}}
        fight = _fight(_state(cat, {"players": [attackers, undefended]}), "attack 0 0")
        assert fight.reached(0, "regular")[0] == {(1, "base", 0)}
        # its troops attacking: against troops, and against a base alone
        mine = {"board": {0: card.id}, "troops": {0: 2}}
        facing = _fight(_state(cat, {"players": [mine, _territory(cat, 1, 2)]}), "attack 0 0")
        alone = _fight(_state(cat, {"players": [mine, _territory(cat, 1)]}), "attack 0 0")
        dealt = 2 * troop.power
        if (init := re.search(INITIATIVE, text)) is not None:
            assert init["troops"] == troop.troop
            assert facing.pools[(0, "troops")] == dealt
            idle = dealt if init["idle"] == "strike with the others" else 0
            assert alone.pools.get((0, "regular"), 0) == idle
            assert (0, "troops") not in alone.pools
        elif (art := re.search(ARTILLERY, text)) is not None:
            assert art["troops"] == troop.troop
            assert facing.pools[(0, "artillery")] == dealt and facing.reached(0, "artillery") == []
            assert alone.reached(0, "artillery")[0] == {(1, "base", 0)}
        else:
            assert _clause(text, PLAIN)["type"] == troop.name and not troop.traits
            assert facing.pools[(0, "regular")] == dealt
            assert facing.reached(0, "regular")[0] == {(1, "troop", 0)}
