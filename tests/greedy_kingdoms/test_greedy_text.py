"""Printed text and engine agree, by construction: every line of every card's generated text
(the shipped cards and a variant of each effect kind) is read back — whose, how many of which
Resource, when — and played in the engine.

The expectations come from the words: a line the reader does not know fails, so a new effect
kind or wording needs its check here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine import Setup
from cardgen.packs.greedy_kingdoms.engine import ENGINE
from cardgen.packs.greedy_kingdoms.engine.actions import (
    COMMIT,
    OBTAIN,
    PALACE,
    PASS,
    PROMOTE,
    RESOLVE,
)
from cardgen.packs.greedy_kingdoms.engine.state import DEVELOP2, ORDER, OVER, State
from cardgen.packs.greedy_kingdoms.model import RESOURCES, GreedyCard

CARDS = Path(__file__).resolve().parents[2] / "games" / "greedy-kingdoms" / "cards"
CAT = load_catalogue(CARDS, use_cache=False)
CITIZEN = "citizen-farmer"  # the stand-in given each variant's effects

VARIANTS = [
    [{"kind": "start_income", "honor": 1, "land": 2}],
    [{"kind": "start_income", "gold": 3}],
    [{"kind": "success_bonus", "number": 2, "food": 2}],
    [{"kind": "success_bonus", "number": 6, "honor": 1, "gold": 1}],
    [{"kind": "block_income", "land": 1}],
    [{"kind": "block_income", "honor": 2, "food": 1}],
    [{"kind": "promote_discount", "amount": 1}],
    [{"kind": "promote_discount", "amount": 2}],
    [{"kind": "start_income", "food": 1}, {"kind": "block_income", "gold": 1}],
]


class _Catalogue(list):
    """The shipped catalogue with one card replaced (what the engine's Game reads)."""

    def __init__(self, cards, rules) -> None:
        super().__init__(cards)
        self.rules = rules


def _catalogue(card: GreedyCard) -> _Catalogue:
    return _Catalogue([card if c.id == card.id else c for c in CAT], CAT.rules)


def _amounts(words: str) -> tuple[int, int, int, int]:
    """``1 {gold} 2 {food}`` as a vector in the manual's order; ``none`` is nothing."""
    if words == "none":
        return (0, 0, 0, 0)
    found = dict((r, int(n)) for n, r in re.findall(r"(\d+) \{(\w+)\}", words))
    assert " ".join(f"{found[r]} {{{r}}}" for r in RESOURCES if r in found) == words, words
    return tuple(found.get(r, 0) for r in RESOURCES)  # type: ignore[return-value]


def _chips(v) -> dict[str, int]:
    return {r: n for r, n in zip(RESOURCES, v, strict=True) if n}


def _state(cat, **given) -> State:
    """A new game (seed 0) in the described position (a scenario's ``given``, seats' fields
    given by field: ``kingdom={"P1": [...]}``); by default Turn 1's first Development Phase."""
    st = ENGINE.new_game(cat, Setup(2)).new_initial_state(0)
    players: dict[int, dict] = {}
    for key in ("resources", "promoted", "kingdom"):
        for seat, value in given.pop(key, {}).items():
            players.setdefault(int(seat[1:]) - 1, {})[key] = value
    ENGINE.arrange(st, {"phase": "develop", "turn": 1, **given, "players": players})
    return st


def _battle(st: State, mine: list[int], theirs: list[int]) -> State:
    """Commit both sides, resolve the Successful Characters in number order."""
    g = st.game
    st.apply(
        {
            st.attacker: COMMIT + g.combo_index[tuple(sorted(mine))],
            st.defender: COMMIT + g.combo_index[tuple(sorted(theirs))],
        }
    )
    while st.phase == ORDER:
        st.apply(_mine(st, RESOLVE + min(st.pending)))
    return st


def _mine(st: State, action: int) -> dict[int, int]:
    return {st.attacker: action}


def _taken(st: State, seat: int, why: str) -> tuple[int, ...]:
    """What ``seat`` took for the reason ``why`` (``start:<card>``, ``block:<card>``)."""
    out = [0, 0, 0, 0]
    for kind, *a in st.events:
        if kind == "gain" and a[0] == seat and f"{a[2]}:{a[3]}" == why:
            out = [x + y for x, y in zip(out, a[1], strict=True)]
    return tuple(out)


# --- each line read back and played ---------------------------------------------------------
def _start_income(cat, card_id: str, gain) -> None:
    """At the start of its owner's turn (only), the owner takes ``gain``."""
    why = f"start:{card_id}"
    st = _state(cat, phase="develop2", attacker="P2", kingdom={"P1": [card_id]})
    st.apply(_mine(st, PASS))  # P2's turn ends, P1's starts
    assert st.attacker == 0 and _taken(st, 0, why) == gain and st.res[1] == [0, 0, 0, 0]
    st = _state(cat, phase="develop2", attacker="P1", kingdom={"P1": [card_id]})
    st.apply(_mine(st, PASS))  # P2's start of turn: nothing for P1
    assert st.res[0] == [0, 0, 0, 0]


def _block_income(cat, card_id: str, gain) -> None:
    """Nothing in the battle; at the owner's next start of turn ``gain`` per Failed Character
    of the battle it defended."""
    for failed in range(4):
        st = _state(cat, phase="commit", attacker="P1", kingdom={"P2": [card_id]})
        _battle(st, [1, 2, 3], [1, 2, 3][:failed] + [6, 7, 8][: 3 - failed])
        assert st.phase == DEVELOP2 and st.res[1] == [0, 0, 0, 0]  # the Defender does nothing
        st.apply(_mine(st, PASS))  # P2's turn starts
        assert _taken(st, 1, f"block:{card_id}") == tuple(failed * x for x in gain), failed


def _alone(st: State, number: int) -> tuple[list[int], list[int]]:
    """Two free Characters beside ``number`` and a third number: committing them with
    ``number`` against the Defender's ``[*free, third]`` leaves ``number`` the only one to
    succeed (the free ones fail and pay nothing); ``[number, *free]`` makes all three fail."""
    g = st.game
    free = [n for n in g.numbers if n != number and g.ordinary[n].cost == (0, 0, 0, 0)][:2]
    third = next(n for n in g.numbers if n not in (number, *free))
    return [number, *free], [*free, third]


def _success_bonus(cat, card_id: str, number: int, gain) -> None:
    """When the owner's Character ``number`` succeeds and is paid in full: ``gain`` more."""
    ch = _state(cat).game.ordinary[number]
    cases = [("paid", ch.cost), ("failed", ch.cost)]
    if any(ch.cost):
        cases.append(("unpaid", (0, 0, 0, 0)))
    for why, res in cases:
        st = _state(cat, phase="commit", attacker="P1", kingdom={"P1": [card_id]},
                    resources={"P1": _chips(res)})  # fmt: skip
        mine, theirs = _alone(st, number)
        _battle(st, mine, mine if why == "failed" else theirs)
        want = [a + b for a, b in zip(ch.income, gain, strict=True)] if why == "paid" else [0] * 4
        assert st.res[0] == want, (why, st.res[0], want)


def _promote_discount(cat, card_id: str, less: int) -> None:
    """Promoting returns ``less`` fewer Resources than the rules' two."""
    st = _state(cat, phase="develop", attacker="P1", kingdom={"P1": [card_id]},
                resources={"P1": {"gold": 2, "food": 2}})  # fmt: skip
    size = max(0, st.game.promotion_cost - less)
    promotions = [a for a in st.legal_actions(0) if PROMOTE <= a < PROMOTE + 100]
    assert promotions and {st.game.payment_sizes[a - PROMOTE] for a in promotions} == {size}
    st.apply(_mine(st, promotions[0]))
    assert sum(st.res[0]) == 4 - size


def _character(cat, card: GreedyCard, cost, income) -> None:
    """Its Cost paid and its Income received when it succeeds and is paid in full; when it
    fails or cannot be paid in full, as much of the Cost as possible and no Income."""
    n = card.number
    for case in ("paid", "failed", "unpaid"):
        have = list(cost)
        if case == "unpaid":
            if not any(cost):
                continue
            have[next(i for i, c in enumerate(cost) if c)] -= 1
        promoted = {"P1": [n]} if card.kind.value == "special" else {}
        st = _state(cat, phase="commit", attacker="P1", resources={"P1": _chips(have)},
                    promoted=promoted)  # fmt: skip
        mine, theirs = _alone(st, n)
        _battle(st, mine, mine if case == "failed" else theirs)
        want = list(income) if case == "paid" else [0, 0, 0, 0]
        assert st.res[0] == want, (card.id, case, st.res[0], want)


def _palace(cat, cost) -> None:
    """The Cost is paid; the second one placed wins at once."""
    st = _state(cat, phase="develop", attacker="P1", resources={"P1": _chips(cost)},
                kingdom={"P1": ["royal-palace"]})  # fmt: skip
    st.apply(_mine(st, PALACE))
    assert st.res[0] == [0, 0, 0, 0] and st.palaces[0] == 2
    assert st.phase == OVER and st.winner == 0


LINES = [
    (r"\{start\} Start of your turn: \{income\} (?P<a>.+?) for each Failed Character of the "
     r"battle you last defended\.", "block"),
    (r"\{start\} Start of your turn: \{income\} (?P<a>[^.]+)\.", "start"),
    (r"\{battle\} When your Character (?P<n>\d) succeeds and is paid in full: \{income\} "
     r"(?P<a>[^.]+)\.", "bonus"),
    (r"Promoting a Character costs you (?P<n>\d) Resources? less\.", "discount"),
    (r"\{palace\} Your second Royal Palace wins the game\.", "palace"),
]  # fmt: skip


def check_card(card: GreedyCard) -> None:
    """Read every line of ``card``'s text and play it."""
    cat = _catalogue(card)
    lines = card.rules_text.splitlines()
    if card.is_character:
        cost_line, income_line = lines
        assert cost_line.startswith("{cost} ") and income_line.startswith("{income} ")
        _character(cat, card, _amounts(cost_line[7:]), _amounts(income_line[9:]))
        return
    cost = (0, 0, 0, 0)
    if lines and lines[0].startswith("{cost} "):
        cost = _amounts(lines.pop(0)[7:])
    for line in lines:
        m, kind = next(((re.fullmatch(p, line), k) for p, k in LINES if re.fullmatch(p, line)),
                       (None, None))  # fmt: skip
        assert m is not None, f"no reading of {line!r}"
        if kind == "start":
            _start_income(cat, card.id, _amounts(m["a"]))
        elif kind == "block":
            _block_income(cat, card.id, _amounts(m["a"]))
        elif kind == "bonus":
            _success_bonus(cat, card.id, int(m["n"]), _amounts(m["a"]))
        elif kind == "discount":
            _promote_discount(cat, card.id, int(m["n"]))
        elif kind == "palace":
            _palace(cat, cost)
    if card.kind.value != "palace":  # obtaining it from the line costs what it prints
        st = _state(cat, phase="develop", attacker="P1", resources={"P1": _chips(cost)},
                    line=[card.id, None, None, None])  # fmt: skip
        assert OBTAIN in st.legal_actions(0)
        if any(cost):  # one chip short of the Cost: not on offer
            short = _state(cat, phase="develop", attacker="P1", line=[card.id, None, None, None],
                           resources={"P1": _chips([max(0, c - 1) for c in cost])})  # fmt: skip
            assert OBTAIN not in short.legal_actions(0)
        st.apply(_mine(st, OBTAIN))
        assert st.res[0] == [0, 0, 0, 0]
        assert [st.game.upgrades[u].card_id for u in st.kingdom[0]] == [card.id]


@pytest.mark.parametrize("card_id", [c.id for c in CAT], ids=str)
def test_every_shipped_card_does_what_it_prints(card_id):
    check_card(CAT.card(card_id))


@pytest.mark.parametrize("effects", VARIANTS, ids=lambda e: "+".join(x["kind"] for x in e))
def test_every_effect_kind_does_what_it_prints(effects):
    base = CAT.card(CITIZEN)
    card = GreedyCard.model_validate(base.model_dump() | {"effects": effects})
    check_card(card)
