"""The expression language and the effects, one by one, on a small game of the trick-taking
starter's cards: what each computes, and that its type is checked before anything plays."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine.described import DescriptionError, compile_text
from cardgen.engine.described.expr import ExprError, parse
from cardgen.engine.described.game import make_engine
from cardgen.engine.play import apply_strings, play
from tests.described.conftest import ROOT

GAME = """
game: {id: tiny, name: Tiny, players: [2, 3], max_length: 60}
zones:
  deck: {cards: {suit: moon}, see: nobody}
  pool: {cards: {suit: sun}, see: top}
  hand: {per_seat: true, see: owner}
  pile: {per_seat: true}
counters:
  turn: {type: seat, start: P1}
  mood: {start: 0, min: -3, max: 3}
  score: {per_seat: true, min: 0, max: 50}
events:
  said: {fields: {seat: seat, word: calm|loud}, text: "{seat} says {word}"}
  note: {fields: {value: int}, text: "note {value}"}
values:
  total: {of: {s: seat}, is: "sum(c in pile[s]: c.rank)"}
procedures:
  noted:
    of: {v: int}
    do: [{emit: note, value: v}]
setup:
  - shuffle: deck
  - {deal: 2, from: deck, to: hand}
  - call: "noted(size(pool) * 2 - 1)"
actions:
  say:
    says: "say {choice}"
    choice: [calm, loud]
    when: "choice == 'calm' or mood < 3"
    do:
      - {emit: said, seat: me, word: choice}
      - case: choice
        of:
          loud: [{add: {mood: 5}}]
        else: [{add: {mood: -1}}]
  take:
    says: "take {card}"
    card: {from: "hand[me]"}
    do:
      - {move: card, from: "hand[me]", to: "pile[me]"}
      - add: {"score[me]": "card.rank * 2 // 2 + abs(-1) - 1"}
  pass:
    says: pass
    when: "size(hand[me]) == 0"
    do: [{move: top, from: pool, to: "pile[me]"}]
phases:
  main:
    movers: turn
    actions: [say, take, pass]
    after:
      - set: {turn: "next(turn)"}
end: "size(pool) == 0 or mood <= -3"
result: {rank: ["score[s]", "total(s)"]}
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("tiny") / "cards"
    shutil.copytree(ROOT / "cardgen/scaffold/starters/trick-taking/cards", dest)
    (dest / "play.yaml").write_text(GAME, "utf-8")
    return dest


def _engine(cards: Path, text: str = GAME):
    cat = load_catalogue(cards)
    return cat, make_engine(compile_text(text, "play.yaml", cat), cards / "play.yaml", cards)


def _value(cards: Path, expr: str, given: str = "") -> object:
    """The value of ``expr`` (a number, true/false …) in a new two-player game: the game's
    `note` event records it through a procedure call in the set-up."""
    text = GAME.replace('call: "noted(size(pool) * 2 - 1)"', f'call: "noted({expr})"')
    cat, engine = _engine(cards, text)
    state = engine.new_game(cat, engine.setup(cat, 2)).new_initial_state(1)
    return next(e[1] for e in state.events if e[0] == "note")


@pytest.mark.parametrize(
    ("expr", "value"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("7 // 2 + 7 % 2", 4),
        ("-2 * -3", 6),
        ("if(1 < 2 and not false, 10, 20)", 10),
        ("if(true or 1 // (players - 2) == 0, 1, 2)", 1),  # `or` stops at the first true
        ("min(3, 9) + max(3, 9)", 12),
        ("clamp(15, 0, 10) + abs(0 - 4)", 14),
        ("size(pool) + size(deck)", 12),
        ("count(c in pool: c.rank > 4) + count(c in deck: c.suit == 'sun')", 4),
        ("sum(c in pool: c.rank)", 36),
        ("max(c in pool: c.rank) - min(c in pool: c.rank)", 7),
        ("count(s in seats: size(hand[s]) == 2)", 2),
        ("if(all(s in seats: size(pile[s]) == 0), 1, 0)", 1),
        ("if(any(c in hand[P1]: c.suit == 'sun'), 1, 0)", 0),
        ("if(next(P2) == P1 and prev(P1) == P2, 1, 0)", 1),
        ("if(best(s in seats: size(hand[s])) == P1, 1, 0)", 1),
        ("if(sole_best(s in seats: size(hand[s])) == none, 1, 0)", 1),
        ("if(contains(pool, 'sun-3') and not contains(pool, 'moon-3'), 1, 0)", 1),
        ("if(top(pool) == 'sun-8' and bottom(pool) == 'sun-1', 1, 0)", 1),
        ("players * 100 + total(P1)", 200),
        ("if(phase == 'main', 1, 0)", 1),
    ],
)
def test_an_expression_computes(cards: Path, expr: str, value: object) -> None:
    assert _value(cards, expr) == value


@pytest.mark.parametrize(
    ("text", "offset", "message"),
    [
        ("1 +", 3, "the expression ends where a value is expected"),
        ("a b", 2, "unexpected 'b' after a complete expression"),
        ("1 < 2 < 3", 6, "comparisons do not chain"),
        ("f(x in y)", 8, "expected ':' after the collection"),
        ("a ? b", 2, "unexpected character '?'"),
        ("3x", 0, "a name cannot start with a digit"),
        ("(1", 2, "expected ')' to close the bracket"),
        ("a.1", 2, "expected a field name after `.`"),
        ("a[1](2)", 4, "only a function's name can be called"),
        ("x in y", 2, "unexpected 'in'"),
    ],
)
def test_a_malformed_expression_says_where(text: str, offset: int, message: str) -> None:
    with pytest.raises(ExprError) as info:
        parse(text)
    assert message in str(info.value) and info.value.offset == offset


def test_choice_none_and_card_actions_and_a_top_zone(cards: Path) -> None:
    cat, engine = _engine(cards)
    state = engine.new_game(cat, engine.setup(cat, 2)).new_initial_state(3)
    legal = [state.action_to_string(0, a) for a in state.legal_actions(0)]
    hand = state.observation(None)["players"][0]["hand"]
    assert legal == ["say calm", "say loud", *(f"take {c}" for c in sorted(hand))]
    assert engine.grammar.covers("say loud") == 1 and engine.grammar.covers("pass") == 1
    view = state.observation(1)
    assert view["pool"] == [None] * 7 + ["sun-8"]  # only the top card
    assert view["deck"] == 4 and view["players"][0]["hand"] == 2
    apply_strings(state, {0: "say loud"})
    assert state.observation(None)["mood"] == 3  # 0 + 5, held at its max
    assert [state.action_to_string(1, a) for a in state.legal_actions(1)][:1] == ["say calm"]
    assert "say loud" not in [state.action_to_string(1, a) for a in state.legal_actions(1)]
    other = state.determinise(1, random.Random(2))
    assert other.observation(1) == state.observation(1)
    assert other.observation(None)["pool"][-1] == "sun-8"


@pytest.mark.slow
def test_a_whole_game_plays_with_every_bot(cards: Path) -> None:
    cat, engine = _engine(cards)
    for bots in (["random"] * 3, ["search", "random", "random"]):
        played = play(engine, cat, engine.setup(cat, 3), bots, 4)
        assert played.state.is_terminal()


def test_a_hook_runs_its_python(cards: Path, tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    shutil.copytree(cards, folder)
    (folder / "hooks.py").write_text(
        "def lift(state, names):\n    state.k[1] = 2\n\n"
        "def broken(state, names):\n    raise KeyError('oops')\n\n"
        "def calm_only(state, names):\n    return names['choice'] == 'calm'\n\n"
        "def vague(state, names):\n    return 'yes'\n",
        "utf-8",
    )
    text = GAME.replace("  - shuffle: deck\n", "  - shuffle: deck\n  - hook: lift\n")
    text += "hooks: hooks.py\n"
    cat, engine = _engine(folder, text)
    state = engine.new_game(cat, engine.setup(cat, 2)).new_initial_state(1)
    assert state.observation(None)["mood"] == 2
    with pytest.raises(
        DescriptionError, match=r"no hook 'lifts' in hooks.py \(did you mean 'lift'\?\)"
    ):
        _engine(folder, text.replace("hook: lift", "hook: lifts"))
    cat, engine = _engine(folder, text.replace("hook: lift", "hook: broken"))
    with pytest.raises(Exception, match=r"the hook broken failed: KeyError: 'oops'"):
        engine.new_game(cat, engine.setup(cat, 2))
    calm = text.replace("when: \"choice == 'calm' or mood < 3\"", "when: \"hook('calm_only')\"")
    assert calm != text
    cat, engine = _engine(folder, calm)
    state = engine.new_game(cat, engine.setup(cat, 2)).new_initial_state(1)
    said = [state.action_to_string(0, a) for a in state.legal_actions(0)]
    assert "say calm" in said and "say loud" not in said
    cat, engine = _engine(folder, calm.replace("hook('calm_only')", "hook('vague')"))
    state = engine.new_game(cat, engine.setup(cat, 2)).new_initial_state(1)
    with pytest.raises(Exception, match=r"the hook vague gave 'yes', not true or false"):
        state.legal_actions(0)
    from cardgen.engine.described import check_description

    (folder / "play.yaml").write_text(text, "utf-8")
    (folder / "hooks.py").write_text("raise SystemExit('validate ran me')\n", "utf-8")
    rules = folder / "rules.yaml"
    assert check_description(load_catalogue(folder)) == []  # validate never runs hooks.py
    assert "engine: play.yaml" in rules.read_text("utf-8")


def test_a_type_mistake_in_each_place(cards: Path) -> None:
    cat = load_catalogue(cards)
    bad = GAME.replace("loud: [{add: {mood: 5}}]", "lound: [{add: {mood: 5}}]")
    bad = bad.replace('"sum(c in pile[s]: c.rank)"', '"sum(c in pile[s]: c.suit)"')
    bad = bad.replace("{emit: said, seat: me, word: choice}", "{emit: said, seat: me, word: 3}")
    with pytest.raises(DescriptionError) as info:
        compile_text(bad, "play.yaml", cat)
    messages = [p.message for p in info.value.problems]
    assert "sum() needs a number for each, not a text" in messages
    assert "expected a text, but this is a whole number" in messages
    assert (
        "'lound' is never a value here (did you mean 'loud'?); the values: calm, loud" in messages
    )
    assert len(messages) == 3


CATCH_UP = """      - let: {winner: "sole_best(s in seats: strength(chosen[s]))"}
      - if: "winner == none and options.catch_up and score[P1] != score[P2]"
        then:
          - let: {winner: "sole_best(s in seats: 0 - score[s])"}
"""

CATCH_UP_SCENARIO = """name: With catch_up, a tied bid goes to the merchant with fewer points
setup: {options: {catch_up: true}}
given:
  dock: [saffron]
  cargo_deck: [pepper]
  P1: {hand: [cook], score: 4}
  P2: {hand: [smuggler], score: 1}
steps:
  - {P1: bid cook, P2: bid smuggler}
expect:
  P2: {won: [saffron], score: 4}
  events: [{type: tie, count: 0}, {type: take, seat: P2, card: saffron}]
"""


def test_the_tutorial_s_catch_up_rule_in_data(described_dir: Path, tmp_path: Path) -> None:
    """docs/rules-as-data.md's tutorial: the option and the rule it writes make the engine
    tutorial's scenario pass; without the option the tie stands."""
    from cardgen.engine.scenario import run_file
    from tests.described.conftest import HARBOUR

    docs = (ROOT / "docs/rules-as-data.md").read_text("utf-8")
    assert CATCH_UP in docs and "options: {catch_up: false}" in docs
    cards = tmp_path / "cards"
    shutil.copytree(described_dir, cards)
    text = (HARBOUR / "play.yaml").read_text("utf-8")
    line = '      - let: {winner: "sole_best(s in seats: strength(chosen[s]))"}\n'
    assert line in text
    text = text.replace(line, CATCH_UP) + "options: {catch_up: false}\n"
    (cards / "play.yaml").write_text(text, "utf-8")
    scenario = tmp_path / "scenarios" / "catch-up.yaml"
    scenario.parent.mkdir()
    scenario.write_text(CATCH_UP_SCENARIO, "utf-8")
    assert run_file(scenario).ok, run_file(scenario).problems
    scenario.write_text(CATCH_UP_SCENARIO.replace("catch_up: true", "catch_up: false"), "utf-8")
    assert not run_file(scenario).ok


IDIOMS = """
game: {id: idioms, name: Idioms, players: [2, 4], max_length: 300}
zones:
  deck: {cards: all, see: nobody}
  market: {see: everyone}
  hand: {per_seat: true, see: owner}
  tableau: {per_seat: true}
  discard_pile: {per_seat: true, see: top}
counters:
  turn: {type: seat, start: P1}
  coins: {per_seat: true, start: 3, min: 0}
  score: {per_seat: true}
setup:
  - shuffle: deck
  - {deal: "if(players == 2, 7, 5)", from: deck, to: hand}
  - set: {turn: "random_seat()"}
  - repeat: "4 - size(market)"
    do: [{move: top, from: deck, to: market}]
actions:
  buy:
    says: "buy {card}"
    card: {from: market}
    when: "coins[me] >= card.cost and size(tableau[me]) < 5"
    do:
      - {add: {"coins[me]": "0 - card.cost"}}
      - {move: card, from: market, to: "discard_pile[me]"}
  play:
    says: "play {card}"
    card: {from: "hand[me]"}
    when: "size(tableau[me]) < 5"
    do:
      - {move: card, from: "hand[me]", to: "tableau[me]"}
      - add: {"score[me]": card.rank, "coins[me]": 1}
  pass:
    says: pass
phases:
  main:
    movers: turn
    actions: [buy, play, pass]
    after:
      - repeat: "4 - size(market)"
        do: [{move: top, from: deck, to: market}]
      - set: {turn: "next(turn)"}
end: "size(deck) == 0 or any(s in seats: score[s] >= 20)"
result: {rank: ["score[s]", "size(tableau[s])"]}
"""


def test_the_documented_idioms_compile_and_play(cards: Path) -> None:
    """docs/rules-as-data.md's idioms (deal by player count, a market row refilled, a random
    first player, costs, room, buying, an end by deck or score) in one game."""
    docs = (ROOT / "docs/rules-as-data.md").read_text("utf-8")
    for idiom in (
        'deal: "if(players == 2, 7, 5)"',
        'repeat: "4 - size(market)"',
        'when: "size(tableau[me]) < 5"',
        "any(s in seats: score[s] >= 20)",
    ):
        assert idiom in docs and idiom in IDIOMS, idiom
    cat, engine = _engine(cards, IDIOMS)
    for n, seed in ((2, 1), (3, 2)):
        played = play(engine, cat, engine.setup(cat, n), ["random"] * n, seed)
        assert played.state.is_terminal() and played.steps
        view = played.state.observation(None)
        assert all(len(p["tableau"]) <= 5 for p in view["players"])


@pytest.mark.slow
def test_the_schema_of_a_description_accepts_the_shipped_ones(runner) -> None:
    import json

    import jsonschema
    import yaml

    from cardgen.cli import make_app

    r = runner.invoke(make_app(), ["schema", "--play"])
    assert r.exit_code == 0, r.output
    schema = json.loads(r.output)
    assert {"zones", "phases", "actions", "end", "result"} <= set(schema["required"])
    for path in (
        ROOT / "cardgen/packs/harbour_bid/play.yaml",
        ROOT / "cardgen/scaffold/starters/trick-taking/cards/play.yaml",
        ROOT / "cardgen/scaffold/starters/drafting/cards/play.yaml",
    ):
        jsonschema.validate(yaml.safe_load(path.read_text("utf-8")), schema)
    with pytest.raises(jsonschema.ValidationError, match="'ownr' is not one of"):
        doc = yaml.safe_load((ROOT / "cardgen/packs/harbour_bid/play.yaml").read_text("utf-8"))
        doc["zones"]["hand"]["see"] = "ownr"
        jsonschema.validate(doc, schema)
