"""Printed text and engine agree, by construction (issue 28).

Every sentence an effect prints is read back by :func:`read` (who is affected, how many, of
what, per what, when), and the engine plays the effect on a card standing in a seeded 3-player
position; each number and target the words name must be what the engine did.  The effects
are every variant of every kind's parameters on a host card (:data:`VARIANTS`), and every
effect of every card of the shipped catalogue where its placement puts it.  A new effect kind,
or a new wording, fails :func:`test_every_kind_and_wording_is_read` until it is read here.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from cardgen.catalogue.loader import Catalogue, load_catalogue
from cardgen.packs.attack_right.cards import Card
from cardgen.packs.attack_right.effects import KINDS
from cardgen.packs.attack_right.engine.actions import END, play_action, save_action
from cardgen.packs.attack_right.engine.compiled import ATTACK, DEFENCE, ZONES
from cardgen.packs.attack_right.engine.executors import card_power, total_power
from tests.attack_right.engine_helpers import Game, advance, build_state, moves, phases

CARDS = Path(__file__).resolve().parents[1] / "cards"
CAT = load_catalogue(CARDS)
OWNER, LEFT, RIGHT = 0, 1, 2  # seat 0's left Neighbour is seat 1, its right one seat 2
ZONE_NEIGHBOURS = {"left": {LEFT}, "middle": {LEFT, RIGHT}, "right": {RIGHT}}  # C7: both
HOST = {"unit": "battle-iron-vanguard", "building": "battle-palisade"}  # no effects of their own


# ------------------------------------------------------------------ reading the words
@dataclass
class Claim:
    """What one sentence says: its kind of change and the numbers and targets it names."""

    trigger: str
    when: str | None
    what: str
    who: frozenset[int] = frozenset()
    amount: int = 0
    noun: str = ""
    per: str | None = None
    extra: dict = field(default_factory=dict)


PREFIX = {
    "{when-played} ": "played",
    "{phase-battle} ": "battle",
    "{phase-income} ": "income",
    "{phase-age} ": "age_start",
    "{when-dies} ": "dies",
    "{upkeep} ": "upkeep",
    "{phase-play} ": "play",
}
WHEN = {
    "If you win your attack: ": "attack_won",
    "If you lose your attack: ": "attack_lost",
    "If you win your defence: ": "defence_won",
    "If you lose your defence: ": "defence_lost",
}
NUMBER = r"([+\u2212]?\d+)"
PER = (
    r"(?: per (other )?(unit|building|card) in your Kingdom"
    r"| per \{(\w+(?:-\w+)?)\} (?:you produce|on this card))?"
)
SENTENCES: list[tuple[str, str]] = [
    ("produce", r"Produces (?:(\d+) )?\{(\w+)\}\."),
    ("discount", r"Your (units|buildings|cards) cost (\d+) \{coin\} less\."),
    ("power_zone", rf"Other cards in this zone get {NUMBER} \{{(attack|defence)\}}{PER}\."),
    ("power_neighbour", rf"This card's Neighbour has {NUMBER} \{{(attack|defence)\}}{PER}\."),
    ("power_self", rf"{NUMBER} \{{(attack|defence)\}}{PER}\."),
    (
        "gain",
        r"(Gain|Lose|Your Neighbour gains|Your Neighbour loses|Each of your Neighbours gains"
        rf"|Each of your Neighbours loses) (\d+) \{{(coin|glory)\}}{PER}\.",
    ),
    ("store", r"Put (\d+) \{coin\} on this card\."),
    ("pay", r"Pay (\d+) \{coin\}\."),
    (
        "tokens",
        r"(Add|Remove) (\d+) \{age-token\} (?:to|from) (this card|each of your other units"
        r"|each unit of your Neighbour facing you)\.",
    ),
    ("save", r"Save this card for your next Play Phase\."),
    ("steal", r"Take (\d+) \{coin\} from (your Neighbour|each of your Neighbours)\."),
    (
        "discard",
        r"(Your Neighbour discards|Each of your Neighbours discards) (?:a random card|(\d+) random"
        r" cards) from their hand\.",
    ),
    ("peek", r"Look at (your Neighbour's hand|both your Neighbours' hands)\."),
    (
        "intercept",
        r"Once per round, before a flip: look at the card (your Neighbour|a Neighbour) is about"
        r" to play\. You may discard it\.",
    ),
    ("move", r"You may move one of your other (unit|building|card)s to another zone\."),
    ("hidden", r"Hidden: stays face down until the Battle Phase\."),
    ("flank", r"Flank: counts for \{attack\} and \{defence\} in any zone\."),
]


def _signed(text: str) -> int:
    return int(text.replace("\u2212", "-"))


def _per(m: re.Match, first: int) -> str | None:
    other, counter, token = m[first], m[first + 1], m[first + 2]
    if counter:
        return ("other " if other else "") + counter
    return token


def read(sentence: str, zone: str) -> Claim:
    """The claim of one effect's printed sentence, for a card standing in ``zone``."""
    trigger, when, body = "ongoing", None, sentence
    for prefix, name in PREFIX.items():
        if body.startswith(prefix):
            trigger, body = name, body[len(prefix) :]
    for prefix, name in WHEN.items():
        if body.startswith(prefix):
            when, body = name, body[len(prefix) :]
    if trigger == "battle" and when is None:
        when = "always"
    mine = ZONE_NEIGHBOURS[zone]
    both = frozenset({LEFT, RIGHT})
    for what, pattern in SENTENCES:
        m = re.fullmatch(pattern, body)
        if m is None:
            continue
        c = Claim(trigger, when, what)
        if what == "produce":
            c.amount, c.noun = int(m[1] or 1), m[2]
        elif what == "discount":
            c.noun, c.amount = m[1], int(m[2])
        elif what.startswith("power"):
            c.amount, c.noun, c.per = _signed(m[1]), m[2], _per(m, 3)
            c.who = frozenset(mine) if what == "power_neighbour" else frozenset({OWNER})
        elif what == "gain":
            who, c.amount, c.noun, c.per = m[1], int(m[2]), m[3], _per(m, 4)
            if "lose" in who.lower():
                c.amount = -c.amount
            c.who = (
                frozenset({OWNER})
                if who in ("Gain", "Lose")
                else frozenset(mine)
                if who.startswith("Your")
                else both
            )
        elif what in ("store", "pay"):
            c.amount = int(m[1])
        elif what == "tokens":
            c.amount = int(m[2]) * (1 if m[1] == "Add" else -1)
            c.noun = {"this card": "self", "each of your other units": "own_units"}.get(
                m[3], "neighbour_units"
            )
            c.who = frozenset(mine) if c.noun == "neighbour_units" else frozenset({OWNER})
        elif what == "steal":
            c.amount = int(m[1])
            c.who = frozenset(mine) if m[2] == "your Neighbour" else both
        elif what == "discard":
            c.amount = int(m[2] or 1)
            c.who = frozenset(mine) if m[1].startswith("Your") else both
        elif what == "peek":
            c.who = frozenset(mine) if m[1] == "your Neighbour's hand" else both
        elif what == "intercept":
            c.who = frozenset(mine) if m[1] == "your Neighbour" else both
        elif what == "move":
            c.noun = m[1]
        return c
    raise AssertionError(f"no reading for the printed sentence {sentence!r}")


# ------------------------------------------------------------------ the position
def catalogue_with(card: Card) -> Catalogue:
    """The shipped catalogue with ``card`` in place of the design of the same id."""
    cards = [card if c.id == card.id else c for c in CAT.cards]
    return dataclasses.replace(CAT, cards=cards)


def host_with(effects: list[dict], zone: str, kind: str = "unit") -> Card:
    """A host design (no effects of its own) standing in ``zone`` with ``effects``."""
    base = CAT.card(HOST[kind])
    data = base.model_dump(mode="json", exclude_none=True)
    data.update(placement=[zone], effects=effects, defence=1, attack=1, cost=0, season="spring")
    return Card.model_validate(data, context={"rules": CAT.rules})


def position(
    card: Card,
    zone: str,
    *,
    in_hand: bool,
    tokens: int = 0,
    strong: bool = True,
    live: bool = False,
    aged: bool = False,
):
    """Seat 0 holds ``card`` (in hand, or in ``zone`` with ``tokens``), a Woodcutter in the
    middle and, if ``strong``, 4 defence left and 5 attack right (enough to win both its
    battles; else it loses both); its Neighbours have 6 coins, 6 glory, two cards in hand and a
    unit facing seat 0 (stronger ones if not ``strong``).  Everyone but seat 0 has ended the
    Play Phase, unless ``live`` (then seat 0 also holds Hill Archers to play).  Seat 0 has 12
    coins (a fall card's price); ``aged``: every other unit carries an age token."""
    cat = catalogue_with(card)
    decks = (
        ["battle", "resource", "age"]
        if card.deck in ("battle", "resource")
        else [
            "battle",
            "resource",
            card.deck,
        ]
    )
    game = Game(cat, decks, seed=3, deal=False)
    own: dict[str, list] = {"middle": ["resource-woodcutter"]}
    if strong:
        own |= {"left": ["battle-veteran-pikemen"], "right": ["battle-tidebreaker-cavalry"]}
    if not in_hand:
        own[zone] = [*own.get(zone, []), {"card": card.id, "tokens": tokens}]
    # weak: the Neighbours' 9 attack and 9 defence beat any card of seat 0 with its Woodcutter
    facing = ["battle-spear-levy"] + ([] if strong else ["battle-tidebreaker-cavalry"])
    guard = ["battle-shieldbearer"] + ([] if strong else ["resource-wall"])
    centre = {} if strong else {"middle": ["resource-well-fed-garrison"]}
    players = [
        {
            "coins": 12,
            "glory": 6,
            "hand": ([card.id] if in_hand else []) + (["battle-hill-archers"] if live else []),
            "tableau": own,
        },
        {
            "coins": 6,
            "glory": 6,
            "ended": not live,
            "hand": ["battle-dune-riders", "battle-oathsworn-blades"],
            "tableau": {"right": facing, "left": ["battle-shieldbearer"], **centre},
        },
        {
            "coins": 6,
            "glory": 6,
            "ended": not live,
            "hand": ["resource-ironclad-sentinels", "resource-oxcart-lancers"],
            "tableau": {"left": guard, "right": ["battle-spear-levy"]}
            | ({} if strong else {"middle": ["battle-shield-wall"]}),
        },
    ]
    st = build_state(game, players, first_end_done=True)
    host = next(i for p in range(3) for i in st.hands[p] + st.tab[p] if st.card[i].id == card.id)
    if aged:
        for p in range(3):
            for i in st.tab[p]:
                if st.card[i].is_unit and i != host:
                    st.tokens[i] = 1
    return st, host


# ------------------------------------------------------------------ playing it
def count(st, host: int, per: str | None, *, played: bool) -> int:
    """What ``per`` counts in seat 0's Kingdom as the words say ("other": not the card)."""
    if per is None:
        return 1
    if per == "age-token":
        return st.tokens[host]
    if per in CAT.rules.resource_ids:
        return st.prod[OWNER][CAT.rules.resource_ids.index(per)]
    other = per.startswith("other ")
    kind = per.removeprefix("other ")
    cards = [i for i in st.tab[OWNER] if not (other and i == host)]
    if played and not other:
        cards.append(host)  # a played card is in the Kingdom once flipped
    if kind == "card":
        return len(cards)
    return sum(1 for i in cards if st.card[i].is_unit == (kind == "unit"))


def facing(st, q: int) -> list[int]:
    """Seat ``q``'s units in the zone that faces seat 0."""
    z = "right" if q == LEFT else "left"  # seat 0 is seat 1's right Neighbour, seat 2's left
    return [i for i in st.zone_cards(q, ZONES.index(z)) if st.card[i].is_unit]


def snapshot(st, host: int) -> dict:
    return {
        "coins": list(st.coins),
        "glory": list(st.glory),
        "battle_glory": list(st.battle_glory),
        "stored": st.stored[host],
        "tokens": {i: st.tokens[i] for p in range(st.n) for i in st.tab[p]},
        "hands": [len(h) for h in st.hands],
    }


def expected(claims: list[Claim], st, host: int, *, played: bool) -> dict:
    """The change to each pile the claims name (coins and glory per seat, coins on the card,
    tokens per card, hand sizes), worked out from the words and the position before."""
    coins, glory, hands = [0] * 3, [0] * 3, [0] * 3
    tokens: dict[int, int] = {}
    stored = 0
    for c in claims:
        n = c.amount * count(st, host, c.per, played=played)
        if c.what == "gain":
            for q in c.who:
                pile = coins if c.noun == "coin" else glory
                have = (st.coins if c.noun == "coin" else st.glory)[q]
                pile[q] += max(n, -have)
        elif c.what == "steal":
            for q in c.who:
                took = min(n, st.coins[q])
                coins[q] -= took
                coins[OWNER] += took
        elif c.what == "store":
            stored += n
        elif c.what == "pay":
            coins[OWNER] -= n
        elif c.what == "discard":
            for q in c.who:
                hands[q] -= min(n, len(st.hands[q]))
        elif c.what == "tokens":
            if c.noun == "self":
                units = [host]
            elif c.noun == "own_units":
                units = [i for i in st.tab[OWNER] if st.card[i].is_unit and i != host]
            else:
                units = [u for q in c.who for u in facing(st, q)]
            for u in units:
                tokens[u] = tokens.get(u, 0) + max(n, -st.tokens[u])
    tokens = {u: t for u, t in tokens.items() if t}
    return {"coins": coins, "glory": glory, "stored": stored, "tokens": tokens, "hands": hands}


def changes(before: dict, after: dict) -> dict:
    """What changed between two snapshots, in the form of :func:`expected`."""
    glory = [
        a - b - (ab - bb)  # battle glory is the battle's, not the card's
        for a, b, ab, bb in zip(
            after["glory"],
            before["glory"],
            after["battle_glory"],
            before["battle_glory"],
            strict=True,
        )
    ]
    tokens = {
        i: t - before["tokens"].get(i, 0)
        for i, t in after["tokens"].items()
        if t != before["tokens"].get(i, 0)
    }
    return {
        "coins": [a - b for a, b in zip(after["coins"], before["coins"], strict=True)],
        "glory": glory,
        "stored": after["stored"] - before["stored"],
        "tokens": tokens,
        "hands": [a - b for a, b in zip(after["hands"], before["hands"], strict=True)],
    }


WON = {"attack_won", "defence_won", "always"}
LOST = {"attack_lost", "defence_lost", "always"}


def run_triggered(card: Card, zone: str, trigger: str, claims: list[Claim], *, strong=True):
    """Play the card's ``trigger`` effects in the position; (what the words say, what the
    engine did, the state after, the card)."""
    played = trigger == "played"
    unit = card.type.value == "unit"
    tokens = 1 if unit and trigger in ("age_start", "dies") else 0
    aged = any(c.what == "tokens" and c.amount < 0 for c in claims)
    st, host = position(card, zone, in_hand=played, tokens=tokens, strong=strong, aged=aged)
    if trigger == "battle":
        claims = [c for c in claims if c.when in (WON if strong else LOST)]
    want = expected(claims, st, host, played=played)
    before = snapshot(st, host)
    if played:
        want["coins"][OWNER] -= st.price(OWNER, host)
        want["hands"][OWNER] -= 1
        advance(st, {0: play_action(host, ZONES.index(zone), -1, st.game.num_instances)})
        if st.decision == "move":
            advance(st, {0: END})
    elif trigger == "battle":
        phases.battle(st, phases.battle_start(st))
        won = {(b.attacker, b.defender): b.winner for b in st.battles}
        assert (won[(OWNER, RIGHT)] == OWNER) == strong == (won[(LEFT, OWNER)] == OWNER), won
    elif trigger in ("income", "upkeep"):
        want["coins"] = [x + st.game.income for x in want["coins"]]
        phases.income(st)
    elif trigger == "age_start":
        phases._age_start(st)
    elif trigger == "dies":
        phases._deaths(st)
    else:  # pragma: no cover - every trigger is played above
        raise AssertionError(trigger)
    return want, changes(before, snapshot(st, host)), st, host


def inst(st, card_id: str, p: int) -> int:
    """``p``'s instance of ``card_id`` in hand or tableau."""
    return next(i for i in st.hands[p] + st.tab[p] if st.card[i].id == card_id)


def play(st, p: int, card_id: str, zone: str) -> int:
    return play_action(inst(st, card_id, p), ZONES.index(zone), -1, st.game.num_instances)


def play_host(st, host: int, zone: str) -> None:
    """Seat 0 flips the card into ``zone`` (and makes no move it may offer)."""
    advance(st, {0: play_action(host, ZONES.index(zone), -1, st.game.num_instances)})
    if st.decision == "move":
        advance(st, {0: END})


def check_ongoing(card: Card, zone: str, c: Claim) -> None:
    """An ongoing sentence: the Kingdom with the card standing in ``zone`` against the same
    Kingdom with the card in hand."""
    tokens = 2 if card.type.value == "unit" else 0
    on, host = position(card, zone, in_hand=False, tokens=tokens)
    off, _ = position(card, zone, in_hand=True)
    n = c.amount * count(on, host, c.per, played=False)
    stat = ATTACK if c.noun == "attack" else DEFENCE
    if c.what == "produce":
        r = CAT.rules.resource_ids.index(c.noun)
        assert on.prod[OWNER][r] - off.prod[OWNER][r] == c.amount
    elif c.what == "discount":
        for probe in ("battle-tidebreaker-cavalry", "resource-wall"):  # a unit, a building (3)
            i = next(i for i in range(on.game.num_instances) if on.card[i].id == probe)
            kind = "units" if on.card[i].is_unit else "buildings"
            applies = c.noun in ("cards", kind)
            assert off.price(OWNER, i) - on.price(OWNER, i) == (c.amount if applies else 0)
    elif c.what == "power_self":
        base = card.attack_value if stat == ATTACK else card.defence_value
        assert card_power(on, OWNER, host, stat) == base + n
    elif c.what == "power_zone":
        others = [i for i in on.zone_cards(OWNER, ZONES.index(zone)) if i != host]
        assert others, "the zone holds another card"
        for i in others:
            printed = on.card[i].power(stat)
            want = None if printed is None else printed + n  # "-" gets nothing (C15)
            assert card_power(on, OWNER, i, stat) == want
    elif c.what == "power_neighbour":
        for q in (LEFT, RIGHT):
            other = RIGHT if q == LEFT else LEFT
            before = total_power(off, q, stat, OWNER)
            change = total_power(on, q, stat, OWNER) - before
            assert change == (max(n, -before) if q in c.who else 0), q
            # only in the battles between that Neighbour and the card's owner (C11)
            assert total_power(on, q, stat, other) == total_power(off, q, stat, other)
    elif c.what == "flank":
        for stat, against, printed in (
            (ATTACK, RIGHT, card.attack_value),
            (DEFENCE, LEFT, card.defence_value),
        ):
            change = total_power(on, OWNER, stat, against) - total_power(off, OWNER, stat, against)
            assert change == (printed or 0)
    elif c.what == "hidden":
        st, host = position(card, zone, in_hand=True)
        play_host(st, host, zone)
        for viewer, shown in ((OWNER, card.id), (LEFT, None), (RIGHT, None)):
            seen = [t["card"] for t in st.observation(viewer)["players"][OWNER]["tableau"]]
            assert shown in seen and (shown is not None or card.id not in seen)
        advance(st, {0: END})  # seat 0 ends: the Battle Phase turns it face up
        assert card.id in [t["card"] for t in st.observation(LEFT)["players"][OWNER]["tableau"]]
    else:  # pragma: no cover
        raise AssertionError(c.what)


def check_intercept(card: Card, zone: str, c: Claim) -> None:
    """Once per round, before a flip: a look at the card of one Neighbour the words reach."""
    st, host = position(card, zone, in_hand=False, live=True)
    mine = "middle" if len(st.zone_cards(OWNER, 1)) < 2 else "right"
    advance(
        st,
        {
            0: play(st, OWNER, "battle-hill-archers", mine),
            1: play(st, LEFT, "battle-dune-riders", "right"),
            2: play(st, RIGHT, "resource-ironclad-sentinels", "left"),
        },
    )
    assert st.decision == "look" and st.movers() == [OWNER]
    looks = {st.decode_reaction(a): a for a in st.legal_actions(OWNER)[1:]}
    seats = {RIGHT if side else LEFT: a for (_i, side), a in looks.items()}
    assert {i for i, _side in looks} == {host} and set(seats) == set(c.who)
    target = min(c.who)
    advance(st, {0: seats[target]})
    glimpsed = st.observation(OWNER)["glimpses"]
    assert [g["seat"] for g in glimpsed] == [f"P{target + 1}"]  # one Neighbour's card, not both
    assert st.decision == "intercept"
    advance(st, {0: st.legal_actions(OWNER)[1]})  # discard it: not played
    gone = "battle-dune-riders" if target == LEFT else "resource-ironclad-sentinels"
    assert gone in [st.card[i].id for i in st.discard] and st.coins[target] == 6  # not paid
    # seat 0 ends at this flip (it could still look, had it a look left), the other saves
    acts = [END if not st.hands[p] else save_action(st.hands[p][0]) for p in range(3)]
    again = (
        ("battle-oathsworn-blades", "middle")
        if target == LEFT
        else ("resource-oxcart-lancers", "right")
    )
    acts[target] = play(st, target, *again)
    advance(st, moves(acts))
    assert st.decision == "play"  # once per round: no second look, discard or not


def check_move(card: Card, zone: str, c: Claim) -> None:
    """When played: a move of one other card of the kind the words name, to another zone it
    may stand in with a free spot (C20); no decision when there is none."""
    st, host = position(card, zone, in_hand=True)
    advance(st, {0: play_action(host, ZONES.index(zone), -1, st.game.num_instances)})
    cap = st.game.capacity[st.season]
    may = {
        (i, ZONES.index(z))
        for i in st.tab[OWNER]
        if i != host and c.noun in ("card", "unit" if st.card[i].is_unit else "building")
        for z in CAT.card(st.card[i].id).placement
        if ZONES.index(z) != st.zone[i]
        and len(st.zone_cards(OWNER, ZONES.index(z))) < cap[ZONES.index(z)]
    }
    assert st.decision == ("move" if may else "play")
    if may:
        assert {st.decode_reaction(a) for a in st.legal_actions(OWNER)[1:]} == may


def check_card(card: Card, zone: str) -> None:
    """Every sentence of ``card``'s printed text, played with the card in ``zone``."""
    assert card.text is None and card.rules_text == " ".join(e.text() for e in card.effects)
    claims = [read(e.text(), zone) for e in card.effects]
    for trigger in dict.fromkeys(c.trigger for c in claims):
        group = [c for c in claims if c.trigger == trigger]
        if trigger == "ongoing":
            for c in group:
                check_ongoing(card, zone, c)
            continue
        if trigger == "play":
            for c in group:
                check_intercept(card, zone, c)
            continue
        for strong in (True, False) if trigger == "battle" else (True,):
            want, got, st, host = run_triggered(card, zone, trigger, group, strong=strong)
            assert got == want, (trigger, strong)
            for c in group:
                if c.what == "peek":
                    looked = {q: seen for v, q, seen in st.peeks if v == OWNER}
                    assert set(looked) == set(c.who)
                    for q, seen in looked.items():
                        assert sorted(seen) == sorted(st.hands[q])
                elif c.what == "save":
                    assert host in st.saved[OWNER] and host not in st.discard
                elif c.what == "move":
                    check_move(card, zone, c)


def variants() -> list[tuple[str, list[dict], str, str]]:
    """(id, effects, zone, host kind): every kind with each of its parameters' values."""
    out: list[tuple[str, list[dict], str, str]] = []

    def add(effect: dict, zones=("left",), kind: str = "unit") -> None:
        for zone in zones:
            label = ",".join(f"{k}={v}" for k, v in effect.items())
            out.append((f"{label}@{zone}", [effect], zone, kind))

    sides = ("left", "right")
    for r in CAT.rules.resource_ids:
        add({"kind": "produce", "resource": r, "amount": 2})
    for applies in ("unit", "building", "any"):
        add({"kind": "discount", "applies_to": applies, "amount": 2})
    for stat in ("attack", "defence"):
        for per in (None, "age_token", "unit", "wood"):
            extra = {"per": per} if per else {}
            add({"kind": "power", "stat": stat, "amount": 2, **extra}, ("left", "middle", "right"))
            add({"kind": "power", "stat": stat, "amount": -1, "target": "zone", **extra}, sides)
            add(
                {"kind": "power", "stat": stat, "amount": -2, "target": "neighbour", **extra}, sides
            )
    for kind in ("gain_coins", "gain_glory"):
        for trigger in ("played", "income", "age_start", "dies"):
            for target in ("owner", "neighbour", "neighbours"):
                for amount in (2, -1):
                    e = {"kind": kind, "trigger": trigger, "amount": amount, "target": target}
                    add(e, sides if target == "neighbour" else ("middle",))
        for when in ("attack_won", "attack_lost", "defence_won", "defence_lost"):
            add({"kind": kind, "trigger": "battle", "when": when, "amount": 2, "target": "owner"})
        add({"kind": kind, "trigger": "battle", "amount": -1, "target": "neighbours"}, ("middle",))
        for per in ("unit", "building", "card", "wood", "age_token"):
            add({"kind": kind, "trigger": "played", "amount": 1, "per": per})
            add(
                {"kind": kind, "trigger": "income", "amount": 1, "per": per},
                kind="building" if per == "building" else "unit",
            )
    for trigger, extra in (
        ("played", {}),
        ("battle", {"when": "attack_won"}),
        ("income", {}),
        ("age_start", {}),
    ):
        add({"kind": "store_coins", "trigger": trigger, "amount": 2, **extra})
    add({"kind": "upkeep", "amount": 2})
    for trigger in ("played", "age_start"):
        for target in ("self", "own_units", "neighbour_units"):
            for amount in (1, -1):
                e = {"kind": "age_tokens", "trigger": trigger, "amount": amount, "target": target}
                add(e, sides if target == "neighbour_units" else ("left",))
    add({"kind": "return_to_hand"})
    for target in ("neighbour", "neighbours"):
        zones = sides if target == "neighbour" else ("middle",)
        add({"kind": "steal_coins", "trigger": "played", "amount": 2, "target": target}, zones)
        add(
            {
                "kind": "steal_coins",
                "trigger": "battle",
                "when": "attack_won",
                "amount": 7,
                "target": target,
            },
            zones,
        )
        add({"kind": "discard_from_hand", "amount": 1, "target": target}, zones)
        add({"kind": "discard_from_hand", "amount": 3, "target": target}, zones)
        add({"kind": "peek_hand", "target": target}, zones)
        add({"kind": "intercept", "target": target}, zones)
    for what in ("unit", "building", "card"):
        add({"kind": "move_card", "what": what}, ("left", "right"))
    add({"kind": "hidden"}, ("left", "right"))
    add({"kind": "flank"}, ("left", "middle", "right"))
    return out


VARIANTS = variants()


@pytest.mark.parametrize(
    ("effects", "zone", "kind"), [v[1:] for v in VARIANTS], ids=[v[0] for v in VARIANTS]
)
def test_every_variant_of_every_kind_does_what_it_prints(effects, zone, kind):
    check_card(host_with(effects, zone, kind), zone)


SHIPPED = [(c.id, z.value) for c in CAT if c.effects for z in c.placement]


@pytest.mark.parametrize(("card_id", "zone"), SHIPPED, ids=[f"{c}@{z}" for c, z in SHIPPED])
def test_every_shipped_card_does_what_it_prints(card_id, zone):
    check_card(CAT.card(card_id), zone)


def test_every_kind_and_wording_is_read():
    kinds = {e[0]["kind"] for _id, e, _z, _k in VARIANTS}
    assert kinds == set(KINDS)
    for c in CAT:
        for e in c.effects:
            for z in c.placement:
                read(e.text(), z.value)  # raises on a sentence no reading knows
