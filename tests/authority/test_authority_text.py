"""Printed text and engine agree, by construction: for every kind of ability on every trigger
and role the engine runs, the generated card text is read back (when it acts, what, how many,
on whom) and each thing it says is played in the engine and checked.

The expectations come from the words, not from the ability's data: a sentence the reader does
not know fails, so a new kind or wording needs its check here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine.chance import settle
from cardgen.engine.play import apply_strings
from cardgen.engine.protocol import Setup
from cardgen.packs.authority.engine import ENGINE
from cardgen.packs.authority.engine.actions import Act, decode, encode
from cardgen.packs.authority.engine.game import Game
from cardgen.packs.authority.engine.state import State
from cardgen.packs.authority.model import (
    KIND_TRIGGERS,
    ROLE_TRIGGERS,
    Ability,
    Kind,
    Role,
    Scale,
    Settings,
    Trigger,
)
from cardgen.packs.authority.text import ability_text, unit_text

CARDS = Path(__file__).resolve().parents[2] / "games" / "authority" / "cards"
CAT = load_catalogue(CARDS, use_cache=False)
STAND_IN = "barbarian"  # a Bloodrunner with no ability: given each ability in turn
POWER = 3


def _cases() -> list[tuple[Kind, Trigger, Role, int, Scale]]:
    out = []
    for kind, triggers in KIND_TRIGGERS.items():
        for trigger in sorted(triggers):
            for role in Role:
                if trigger not in ROLE_TRIGGERS[role]:
                    continue
                scales = (
                    [Scale.one, Scale.x, Scale.two_x] if trigger is Trigger.defend else [Scale.one]
                )
                for amount in (1, 2):
                    out += [(kind, trigger, role, amount, s) for s in scales]
    return out


CASES = _cases()
READINGS = [Settings(), Settings(bonus_retroactive=True, disable_lasts="until_next_turn")]


def _catalogue(ability: Ability, role: Role, settings: Settings):
    """The shipped catalogue with the stand-in given ``ability`` and ``role``."""
    power = None if role in (Role.leader, Role.superpower) else POWER
    cards = [
        c.model_copy(update={"abilities": [ability], "role": role, "power": power, "cost": 5})
        if c.id == STAND_IN
        else c
        for c in CAT.cards
    ]
    rules = CAT.rules.model_copy(update={"settings": settings})
    return SimpleNamespace(cards=cards, rules=rules, pack=CAT.pack)


def _play(cat, given: dict, steps: list[str], *, players: int = 2) -> State:
    """The game ``given`` describes (a scenario's ``given``: the start of P1's first turn)
    after ``steps`` (each the action of the seat whose turn it is), on catalogue ``cat``."""
    st = Game(cat, Setup(players)).new_initial_state(0)
    table = {k: v for k, v in given.items() if not k.startswith("P")}
    seats = {int(k[1:]) - 1: v for k, v in given.items() if k.startswith("P")}
    ENGINE.arrange(st, {"phase": "start", "turn": 0, "current": "P1", **table, "players": seats})
    settle(st)  # the described turn begins
    seat = 0
    for words in steps:
        apply_strings(st, {seat: words})
        settle(st)
        if words == "end turn":
            seat = (seat + 1) % players
    return st


def _step(st: State, action: int) -> None:
    st.apply({st.current: action})


def _legal(st: State, act: Act, unit: str, seat: int | None = None) -> list[int]:
    """The legal ``act`` actions on units named ``unit`` (of ``seat`` when given)."""
    out = []
    for a in st.legal_actions():
        d = decode(a)
        if d.kind is not act or st.unit(d.subject).id != unit:
            continue
        if seat is None or st.row_of(d.subject)[0] == seat:
            out.append(a)
    return out


# --- reading the text back --------------------------------------------------------------------
WHEN = {
    "When attacking": "attack",
    "When recruiting": "recruit",
    "When defending, at the start of your turn": "defend",
    "Discard": "discard",
    "When recruited and at the start of each of your turns": "leader",
    "From when recruited": "leader",
    "In your general zone, at the start of your turn": "zone",
    "In your general zone, from the start of your turn": "zone",
}
WHAT = [
    ("authority", r"gain (?P<n>\d*)(?P<x>X?) \{authority\}"),
    ("bonus_after", r"your units attacking after it this turn deal \+(?P<n>\d+)"),
    ("bonus_all", r"your other units attacking this turn deal \+(?P<n>\d+), those before it too"),
    ("bonus_always", r"your attacking units deal \+(?P<n>\d+)"),
    ("bonus_all", r"your attacking units deal \+(?P<n>\d+), this turn's earlier ones too"),
    ("direct", r"deal (?P<n>\d+) damage to an enemy Monarch, past its defence"),
    ("direct_attacked", r"deal (?P<n>\d+) damage to that player's Monarch"),
    ("ignore", r"ignore up to (?P<n>\d+) enemy defending units? this turn"),
    (
        "disable",
        r"disable up to (?P<n>\d+) enemy defending units? (?P<until>this turn|until "
        r"your next turn)",
    ),
    ("annihilate", r"the next (?:unit|(?P<n>\d+) units) you kill this turn (?:is|are) annihilated"),
    ("retire", r"retire up to (?P<n>\d+) units? from your hand"),
    ("draw", r"draw (?P<n>\d+) units?"),
    ("heal", r"heal your Monarch (?P<n>\d*)(?P<x>X?) HP, up to its starting HP"),
]


def read(text: str) -> tuple[str, str, dict[str, str | None]]:
    """(when, what, its numbers) of one ability's sentence; AssertionError if unknown."""
    when, _, rest = text.partition(": ")
    assert when in WHEN, f"unknown timing {when!r} in {text!r}"
    assert rest.endswith("."), text
    rest = rest[:-1]
    scaled = rest.endswith(" (X: its row)")
    rest = rest.removesuffix(" (X: its row)")
    for what, pattern in WHAT:
        m = re.fullmatch(pattern, rest)
        if m:
            nums = m.groupdict()
            assert bool(nums.get("x")) == scaled, text
            return WHEN[when], what, nums
    raise AssertionError(f"no reading of {rest!r}")


# --- firing it --------------------------------------------------------------------------------
@dataclass
class Case:
    """One ability's text read back, and the catalogue whose stand-in has it."""

    cat: SimpleNamespace
    role: Role
    when: str
    n: int
    nums: dict

    @property
    def bought(self) -> bool:
        """A leader reaches the general zone by being bought (this turn, in these plays)."""
        return self.role is Role.leader

    @property
    def now(self) -> bool:
        """Whether the text says the ability acts in the turn it is fired in: a leader bought
        this turn whose text says "at the start of your turn" does not."""
        return not (self.bought and self.when == "zone")

    @property
    def every_turn(self) -> bool:
        return self.when in ("leader", "zone")

    def fire(self, *, rows: dict | None = None, extra_hand=(), target: int | None = None):
        """The state and steps that put the stand-in to work as its role does (``target``:
        the seat a discard ability aims at)."""
        p1: dict = {"hand": [STAND_IN, *extra_hand]}
        steps: list[str] = []
        rows = {f"row{r}": units for r, units in sorted((rows or {}).items())}
        state: dict = {"P1": p1, "P2": rows}
        if self.bought:
            p1["hand"] = list(extra_hand)
            state |= {"generals": [STAND_IN], "authority": 5}
            steps = [f"buy general {STAND_IN}"]
        elif self.when == "attack":
            steps = [f"attack P2 with {STAND_IN}"]
        elif self.when == "recruit":
            steps = [f"recruit with {STAND_IN}"]
        elif self.when == "discard":
            steps = [f"use {STAND_IN}" + (f" on P{target}" if target not in (None, 1) else "")]
        elif self.when == "zone":
            p1["hand"] = list(extra_hand)
            p1["general"] = [STAND_IN]
        elif self.when == "defend":
            p1["hand"] = list(extra_hand)
            p1["row1"] = [STAND_IN]
        return state, steps


NEXT_TURN = ["end turn", "end turn"]  # to the start of P1's next turn (two players)


@pytest.mark.parametrize("settings", READINGS, ids=["default", "other-readings"])
@pytest.mark.parametrize(
    ("kind", "trigger", "role", "amount", "scale"),
    CASES,
    ids=[f"{k.value}-{t.value}-{r.value}-{a}-{s.value}" for k, t, r, a, s in CASES],
)
def test_the_text_says_what_the_engine_does(kind, trigger, role, amount, scale, settings):
    ability = Ability(kind=kind, trigger=trigger, amount=amount, scale=scale)
    text = ability_text(ability, role, settings)
    when, what, nums = read(text)
    case = Case(_catalogue(ability, role, settings), role, when, int(nums.get("n") or 1), nums)
    CHECKS[what](case)


def _defending(c: Case, hp: int = 40) -> list[tuple[int, State]]:
    """(X, the state at the start of the owner's turn) with the stand-in in rows 1, 2, 3."""
    out = []
    for row in (1, 2, 3):
        rows = {1: ["squire"] * 3, 2: ["squire"] * 2, 3: []}
        rows[row] = [STAND_IN, *rows[row][1:]]
        st = _play(c.cat, {"P1": {"hp": hp} | {f"row{r}": u for r, u in rows.items()}}, [])
        out.append((row if c.nums["x"] else 1, st))
    return out


def _authority(c: Case) -> None:
    if c.when == "defend":  # X: the row's number
        for x, st in _defending(c):
            assert st.authority == c.n * x
        return
    state, steps = c.fire()
    st = _play(c.cat, state, steps)
    power = POWER if c.when == "recruit" else 0
    spent = 5 if c.bought else 0
    assert st.authority == state.get("authority", 0) - spent + power + c.n * c.now
    if c.every_turn:  # and at the start of each of its owner's turns
        st = _play(c.cat, state, [*steps, *NEXT_TURN])
        assert st.current == 0 and st.authority == c.n


def _bonus(c: Case, *, after_only: bool) -> None:
    """Squires attack before and after the stand-in acts: who deals the +n ("from the start
    of your turn": both)."""
    squire = "attack P2 with squire"
    state, steps = c.fire(extra_hand=["squire", "squire"])
    state["P2"] = {"row0": []}
    st = _play(c.cat, state, [squire, *steps, squire])
    own = POWER if c.when == "attack" else 0  # a bonus is for the others
    after = 2 + c.n * c.now
    before = 2 if after_only and not (c.when == "zone" and c.now) else after
    assert st.players[1].hp == 40 - before - own - after
    if c.every_turn:  # every later turn, all of its owner's attackers
        later = _play(c.cat, state, [*steps, *NEXT_TURN, squire, squire])
        assert later.current == 0 and later.players[1].hp == 40 - 2 * (2 + c.n)


def _direct(c: Case) -> None:
    """n damage to the Monarch, past a full defence; never to one's own Monarch."""
    rows = {1: ["knight"] * 3, 2: ["knight"] * 2, 3: ["knight"]}
    state, steps = c.fire(rows=rows, target=2)
    st = _play(c.cat, state, steps)
    assert st.players[1].hp == 40 - c.n
    assert len(st.players[1].defenders()) == 7  # the defence is untouched
    assert st.players[0].hp == 40
    if c.when == "discard":  # "an enemy": not one's own
        own = _play(c.cat, state, [])
        assert encode(Act.USE, own.players[0].hand[0], 0) not in own.legal_actions()


def _ignore_or_disable(c: Case, *, act: Act) -> None:
    """Up to n of the enemy's defenders, and of no one else; for how long."""
    rows = {1: ["squire"] * 3, 2: ["squire"] * 2, 3: ["squire"]}
    state, steps = c.fire(rows=rows)
    state["P1"]["row1"] = ["man-at-arms"]
    st = _play(c.cat, state, steps)
    for _ in range(c.n):
        assert _legal(st, act, "man-at-arms") == [], "one's own defenders are not enemies"
        _step(st, _legal(st, act, "squire", seat=1)[0])
    assert _legal(st, act, "squire") == [], f"only {c.n}"
    chosen = [u for u in st.players[1].defenders() if u in st.ignored or u in st.disabled]
    assert len(chosen) == c.n
    _step(st, encode(Act.END))  # the enemy's turn
    lasting = c.nums.get("until") == "until your next turn"
    still = [u for u in chosen if u in st.ignored or u in st.disabled]
    assert len(still) == (c.n if lasting else 0)


def _annihilate(c: Case) -> None:
    """The next n units killed this turn leave the game; the one after goes to the discard."""
    state, steps = c.fire(rows={1: ["squire"] * 3}, extra_hand=["legion"])
    st = _play(c.cat, state, [*steps, "attack P2 with legion"])
    for _ in range(3):
        _step(st, _legal(st, Act.STRIKE, "squire")[0])
    assert len(st.players[1].defenders()) == 1  # the three Squires killed, the Kingsguard left
    assert len(st.annihilated) == c.n
    assert len(st.players[1].discard) == 3 - c.n


def _retire(c: Case) -> None:
    state, steps = c.fire(extra_hand=["squire"] * 3)
    st = _play(c.cat, state, steps)
    for _ in range(c.n):
        _step(st, _legal(st, Act.RETIRE, "squire")[0])
    assert _legal(st, Act.RETIRE, "squire") == [], f"up to {c.n}"
    assert len(st.annihilated) == c.n


def _draw(c: Case) -> None:
    state, steps = c.fire()
    state["P1"]["deck"] = ["squire"] * 4
    st = _play(c.cat, state, steps)
    assert sorted(st.unit(i).id for i in st.players[0].hand) == ["squire"] * c.n


def _heal(c: Case) -> None:
    if c.when == "defend":
        for hp in (20, 40):  # "up to its starting HP"
            for x, st in _defending(c, hp):
                assert st.players[0].hp == min(40, hp + c.n * x)
        return
    for hp in (30, 40):  # "up to its starting HP"
        state, steps = c.fire()
        state["P1"]["hp"] = hp
        st = _play(c.cat, state, steps)
        assert st.players[0].hp == min(40, hp + c.n * c.now)
        assert st.players[1].hp == 40  # your Monarch, no one else's
    if c.every_turn:  # and again at the start of each of its owner's turns
        state["P1"]["hp"] = 30
        st = _play(c.cat, state, [*steps, *NEXT_TURN])
        assert st.current == 0 and st.players[0].hp == 30 + c.n * (1 + c.now)


CHECKS = {
    "authority": _authority,
    "bonus_after": lambda c: _bonus(c, after_only=True),
    "bonus_all": lambda c: _bonus(c, after_only=False),
    "bonus_always": lambda c: _bonus(c, after_only=True),
    "direct": _direct,
    "direct_attacked": _direct,
    "ignore": lambda c: _ignore_or_disable(c, act=Act.IGNORE),
    "disable": lambda c: _ignore_or_disable(c, act=Act.DISABLE),
    "annihilate": _annihilate,
    "retire": _retire,
    "draw": _draw,
    "heal": _heal,
}


def test_every_card_of_the_catalogue_reads_back():
    """Every printed sentence of the shipped catalogue is one the checks above play."""
    for card in CAT.cards:
        lines = unit_text(card, CAT.rules.settings).splitlines()
        for a in card.abilities:
            line = ability_text(a, card.role, CAT.rules.settings)
            assert line in lines
            read(line)
