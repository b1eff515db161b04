"""Broken and hostile rules descriptions: each gives a clear error at its line (a
did-you-mean for a typo), never a traceback or a hang."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.engine.described import DescriptionError, compile_text
from cardgen.engine.errors import EngineError
from tests.described.conftest import HARBOUR

TEXT = (HARBOUR / "play.yaml").read_text("utf-8")

# (id, replacements (old, new), what the first error says, the text on its line)
CASES = [
    ("zone", [("to: dock}", "to: dok}")], "unknown name 'dok' (did you mean 'dock'?)", "to: dok}"),
    (
        "seat-zone-bare",
        [('to: "hand[p]"}', "to: hand}")],
        "hand is a zone of each seat: write hand[SEAT]",
        "to: hand}",
    ),
    (
        "card-field",
        [("c.points}", "c.pionts}")],
        "no card field 'pionts' (did you mean 'points'?)",
        "c.pionts",
    ),
    (
        "nested-field",
        [("c.ability.rescue and", "c.ability.rescu and")],
        "no card field 'ability.rescu' (did you mean 'ability.rescue'?)",
        "rescu and",
    ),
    (
        "field-group",
        [("c.ability.rescue and", "c.ability and")],
        "ability is a group of fields",
        "c.ability and",
    ),
    (
        "counter",
        [("add: {round: 1}", "add: {rnd: 1}")],
        "no counter 'rnd' (did you mean 'round'?)",
        "rnd: 1",
    ),
    (
        "procedure",
        [("- call: next_cargo\n\nend", "- call: next_carg\n\nend")],
        "no procedure 'next_carg' (did you mean 'next_cargo'?)",
        "next_carg\n",
    ),
    (
        "value",
        [('"strength(card)"', '"strenght(card)"')],
        "unknown function 'strenght' (did you mean 'strength'?)",
        "strenght(card)",
    ),
    (
        "event",
        [("{emit: tie,", "{emit: tei,")],
        "no event 'tei' (did you mean 'tie'?)",
        "emit: tei",
    ),
    (
        "event-field",
        [("{emit: tie, strength:", "{emit: tie, strenght:")],
        "`emit` takes no key 'strenght' (did you mean 'strength'?)",
        "strenght:",
    ),
    (
        "action",
        [("actions: [bid]", "actions: [bdi]")],
        "no action 'bdi' (did you mean 'bid'?)",
        "[bdi]",
    ),
    (
        "phase-key",
        [("movers: all", "mover: all")],
        "unknown key 'mover' (did you mean 'movers'?)",
        "mover: all",
    ),
    (
        "effect",
        [("  - shuffle: cargo_deck", "  - shufle: cargo_deck")],
        "unknown effect 'shufle' (did you mean 'shuffle'?)",
        "shufle",
    ),
    (
        "visibility",
        [("see: owner}", "see: ownr}")],
        "unknown value 'ownr' (did you mean 'owner'?)",
        "see: ownr",
    ),
    (
        "wrong-type-counter",
        [("add: {round: 1}", "add: {round: \"'one'\"}")],
        "expected a whole number, but this is a text",
        "'one'",
    ),
    (
        "wrong-type-condition",
        [('if: "winner == none"', 'if: "winner"')],
        "expected true or false, but this is a seat",
        'if: "winner"',
    ),
    (
        "compare-kinds",
        [("s != winner", "c != winner")],
        "cannot compare a card with a seat",
        "c != winner",
    ),
    (
        "card-literal",
        [("c.ability.rescue and", "c == 'captian' and")],
        "unknown card 'captian' (did you mean 'captain'?)",
        "captian",
    ),
    (
        "setting-word",
        [("== 'discard'", "== 'discrad'")],
        "'discrad' is never a value here (did you mean 'discard'?)",
        "discrad",
    ),
    (
        "rules-field",
        [("players * rules.hand_size", "players * rules.hand_sise")],
        "no rules field 'hand_sise' (did you mean 'hand_size'?)",
        "hand_sise",
    ),
    ("divide-by-zero", [("/ 10", "/ 0")], "`/` by zero", "/ 0"),
    ("divide-by-zero-folded", [("/ 10", "/ (2 - 2)")], "`/` by zero", "(2 - 2)"),
    (
        "value-recursion",
        [('"c.strength + if(', '"strength(c) + if(')],
        "the value 'strength' refers to itself (strength → strength)",
        "strength(c) +",
    ),
    (
        "procedure-cycle",
        [
            ("- emit: reshuffle", "- call: next_cargo"),
            (
                "- clear: dock\n          - {emit: close",
                '- call: "draw(P1, 1)"\n          - {emit: close',
            ),
        ],
        "refers to itself",
        "",
    ),
    (
        "huge-bound",
        [("max_length: 200", "max_length: 99999999999")],
        "less than or equal to 100000",
        "max_length: 9",
    ),
    (
        "huge-literal",
        [("c.ability.bonus, 0)", "c.ability.bonus, 99999999999)")],
        "larger than 1,000,000,000",
        "99999999999",
    ),
    (
        "duplicate-key",
        [("  dock: {see: everyone}\n", "  dock: {see: everyone}\n  dock: {see: nobody}\n")],
        "duplicate key 'dock'",
        "dock: {see: nobody}",
    ),
    (
        "single-equals",
        [("size(crew_deck) == 0 and", "size(crew_deck) = 0 and")],
        "`=` is not a comparison: write `==`",
        "size(crew_deck) = 0",
    ),
    (
        "unclosed-index",
        [('"top(hand[p])"', '"top(hand[p)"')],
        "expected ']' to close the index",
        "hand[p)",
    ),
    (
        "chained-comparison",
        [('end: "round < 0"', 'end: "-1 < round < 0"')],
        "comparisons do not chain",
        "end:",
    ),
    (
        "top-level-key",
        [("evaluate: >-", "evaluat: >-")],
        "unknown key 'evaluat' (did you mean 'evaluate'?)",
        "evaluat:",
    ),
    (
        "arity",
        [('"draw(s, rules.hand_size)"', '"draw(s)"')],
        "draw takes 2 value(s) (p, n), not 1",
        '"draw(s)"',
    ),
    (
        "argument-type",
        [('"draw(s, rules.hand_size)"', '"draw(rules.hand_size, s)"')],
        "draw: p is a seat, not a whole number",
        "draw(rules.hand_size, s)",
    ),
    (
        "says-slot",
        [('says: "bid {card}"', 'says: "bid {crd}"')],
        "must write the card as {card}",
        "bid {crd}",
    ),
    (
        "deck-field",
        [("cards: {kind: crew}", "cards: {knd: crew}")],
        "no card field 'knd' (did you mean 'kind'?)",
        "knd: crew",
    ),
    (
        "deck-value",
        [("cards: {kind: crew}", "cards: {kind: crews}")],
        "no card has kind: 'crews' (did you mean 'crew'?)",
        "kind: crews",
    ),
    ("seat-literal", [('"score[P2]"', '"score[P3]"')], "no seat P3", "score[P3]"),
    (
        "let-clash",
        [('let: {winner: "sole_best', 'let: {dock: "sole_best')],
        "'dock' cannot be a local name",
        "let: {dock:",
    ),
    (
        "let-type-clash",
        [
            (
                '      - if: "winner == none"',
                '      - let: {winner: 3}\n      - if: "winner == none"',
            )
        ],
        "'winner' already names a seat here, not a whole number",
        "let: {winner: 3}",
    ),
    (
        "option",
        [("if: \"settings.tie == 'discard'\"", 'if: "options.tie"')],
        "no option 'tie'",
        "options.tie",
    ),
    (
        "chosen-outside-after",
        [('strength: "strength(card)"}', 'strength: "strength(chosen[me])"}')],
        "chosen[SEAT] is what a mover chose, read in a phase's `after:`",
        "strength(chosen[me])",
    ),
    (
        "same-words",
        [
            (
                "actions:\n  bid:\n",
                'actions:\n  offer:\n    says: "bid {card}"\n'
                '    card: {from: "hand[me]"}\n  bid:\n',
            )
        ],
        "actions 'offer' and 'bid' say the same words",
        'says: "bid {card}"\n    text',
    ),
    (
        "binder-body",
        [("all(s in seats: size(hand[s]) > 0)", "all(s in seats: size(hand[s]))")],
        "all() needs a true-or-false test, not a whole number",
        "all(s in seats",
    ),
    (
        "unknown-binder",
        [("all(s in seats: size", "every(s in seats: size")],
        "unknown binder 'every'",
        "every(s in seats",
    ),
    (
        "unclosed-text",
        [("== 'discard'", "== 'discard")],
        "a text is not closed",
        "'discard",
    ),
    (
        "deep-nesting",
        [('end: "round < 0"', 'end: "' + "(" * 60 + "round" + ")" * 60 + ' < 0"')],
        "nested more than 40 levels deep",
        "end:",
    ),
    (
        "not-a-list",
        [("setup:\n  - require:", "setup: 3\nxsetup:\n  - require:")],
        "setup: Input should be a valid list",
        "setup: 3",
    ),
    (
        "hook-without-file",
        [("  - shuffle: cargo_deck", "  - hook: deal_cargo")],
        "a hook needs `hooks: FILE.py`",
        "hook: deal_cargo",
    ),
    (
        "tab",
        [("  round: {start: 0", "\tround: {start: 0")],
        "tab character in indentation",
        "round: {start",
    ),
]


def _line_of(text: str, fragment: str) -> int:
    return text[: text.index(fragment)].count("\n") + 1


@pytest.mark.parametrize(("case", "edits", "message", "where"), CASES, ids=[c[0] for c in CASES])
def test_a_broken_description_names_its_line(
    described, case: str, edits: list, message: str, where: str
) -> None:
    cat, _ = described
    text = TEXT
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    with pytest.raises(DescriptionError) as info:
        compile_text(text, "play.yaml", cat)
    messages = [str(p) for p in info.value.problems]
    assert any(message in m for m in messages), messages
    if where:
        first = next(p for p in info.value.problems if message in p.message)
        assert first.position.file == "play.yaml"
        assert first.position.line == _line_of(text, where), (messages, where)


def test_there_are_thirty_cases_or_more() -> None:
    assert len(CASES) >= 30


def test_an_alias_bomb_is_refused_quickly(described) -> None:
    cat, _ = described
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for k in range(1, 10):
        bomb += f"{chr(97 + k)}: &{chr(97 + k)} [" + ", ".join([f"*{chr(96 + k)}"] * 10) + "]\n"
    with pytest.raises(DescriptionError, match="too many values"):
        compile_text(bomb, "play.yaml", cat)


def test_a_document_that_is_not_a_mapping(described) -> None:
    cat, _ = described
    with pytest.raises(DescriptionError, match=r"play.yaml:1:1: a rules description is a mapping"):
        compile_text("- a\n- b\n", "play.yaml", cat)


def test_an_unreachable_end_is_a_warning(described) -> None:
    cat, _ = described
    text = TEXT.replace('end: "round < 0"', "end: \"phase == 'bidding' and closed > 0\"")
    text = text.replace(
        "  round: {start: 0, min: -1}", "  round: {start: 0, min: -1}\n  closed: {}"
    )
    program = compile_text(text, "play.yaml", cat)
    warnings = [str(w) for w in program.warnings]
    line = _line_of(text, "end:")
    assert warnings == [
        f"play.yaml:{line}:7: the end can never be reached: no effect changes closed, phase"
    ]
    assert compile_text(TEXT, "play.yaml", cat).warnings == []


def test_a_deal_larger_than_the_deck_is_an_error_at_its_line(described_dir: Path) -> None:
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.engine.described import check_description

    cards = described_dir.parent / "deal"
    import shutil

    shutil.copytree(described_dir, cards)
    play_yaml = cards / "play.yaml"
    text = TEXT.replace(
        "  - shuffle: cargo_deck\n",
        "  - shuffle: cargo_deck\n  - {deal: 20, from: cargo_deck, to: won}\n",
    )
    play_yaml.write_text(text, "utf-8")
    diags = check_description(load_catalogue(cards))
    assert len(diags) == 1 and diags[0].code == "E020"
    assert "dealing 20 to each of 2 seats needs 40 cards; the zone holds 11" in diags[0].message
    assert diags[0].position.line == _line_of(text, "{deal: 20")


@pytest.mark.slow
def test_validate_reports_a_description_s_errors_and_warnings(described_dir: Path, runner) -> None:
    from cardgen.cli import make_app

    cards = described_dir.parent / "validate"
    import shutil

    shutil.copytree(described_dir, cards)
    text = TEXT.replace('end: "round < 0"', 'end: "closed > 0"')
    text = text.replace(
        "  round: {start: 0, min: -1}", "  round: {start: 0, min: -1}\n  closed: {}"
    )
    (cards / "play.yaml").write_text(text, "utf-8")
    r = runner.invoke(make_app(), ["validate", str(cards)])
    assert r.exit_code == 0 and "W020" in r.output and "no effect changes closed" in r.output
    (cards / "play.yaml").write_text(text.replace("see: owner}", "see: ownr}"), "utf-8")
    r = runner.invoke(make_app(), ["validate", str(cards)])
    assert r.exit_code == 1 and "E020" in r.output and "did you mean 'owner'?" in r.output
    line = _line_of(text, "see: owner}")
    assert f"play.yaml:{line}:" in r.output


def test_an_endless_game_is_stopped_by_the_length_bound_naming_it(described) -> None:
    from cardgen.engine.described.game import make_engine
    from cardgen.engine.play import play

    cat, _ = described
    text = TEXT.replace('end: "round < 0"', 'end: "players > 5"')
    text = text.replace('if: "c.ability.rescue and s != winner"', 'if: "true"')
    engine = make_engine(compile_text(text, "play.yaml", cat), Path("play.yaml"), cat.root)
    with pytest.raises(
        EngineError,
        match=r"did not end within 200 steps \(the bound is "
        r"game.max_length \(play.yaml:7:",
    ):
        play(engine, cat, engine.setup(cat, 2), ["random", "random"], 1)


def test_a_division_by_zero_in_play_names_its_place(described) -> None:
    from cardgen.engine.described.game import make_engine
    from cardgen.engine.play import play

    cat, _ = described
    text = TEXT.replace("c.ability.bonus, 0)", "c.ability.bonus, 0) // (size(dock) - 1)")
    engine = make_engine(compile_text(text, "play.yaml", cat), Path("play.yaml"), cat.root)
    line = _line_of(text, "// (size(dock) - 1)")
    with pytest.raises(EngineError, match=rf"play.yaml:{line}:\d+: a division by zero"):
        play(engine, cat, engine.setup(cat, 2), ["random", "random"], 1)


def test_a_mover_without_a_legal_action_is_an_error(described) -> None:
    from cardgen.engine.described.game import make_engine
    from cardgen.engine.play import play

    cat, _ = described
    text = TEXT.replace('end: "round < 0"', 'end: "players > 5"')
    text = text.replace('"draw(s, c.ability.draw + rules.draw_per_round)"', '"draw(s, 0)"')
    text = text.replace('if: "c.ability.rescue and s != winner"', 'if: "false"')
    engine = make_engine(compile_text(text, "play.yaml", cat), Path("play.yaml"), cat.root)
    line = _line_of(text, "  bidding:")
    with pytest.raises(
        EngineError, match=rf"play.yaml:{line}:3: P1 moves in phase bidding but has no legal action"
    ):
        play(engine, cat, engine.setup(cat, 2), ["random", "random"], 1)


@pytest.mark.slow
def test_random_damage_to_a_description_never_raises_anything_else(described) -> None:
    """400 seeded mutations of Harbour Bid's play.yaml (characters changed, dropped, added):
    each compiles and plays a game, or fails with a rules error; never another exception."""
    import random

    from cardgen.engine.described.game import make_engine
    from cardgen.engine.play import play

    cat, _ = described
    rng = random.Random(20261129)
    alphabet = "abcdeghiklmnoprstuvwxyz_.:()[]{}'\"-+*/0123456789 \n<>=,"
    outcomes = {"compiled": 0, "refused": 0}
    for seed in range(400):
        chars = list(TEXT)
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.4:
                chars[k] = rng.choice(alphabet)
            elif op < 0.7:
                del chars[k]
            else:
                chars.insert(k, rng.choice(alphabet))
        try:
            program = compile_text("".join(chars), "play.yaml", cat)
            engine = make_engine(program, Path("play.yaml"), cat.root)
            play(engine, cat, engine.setup(cat, 2), ["random", "random"], seed)
            outcomes["compiled"] += 1
        except EngineError:
            outcomes["refused"] += 1
    assert outcomes["compiled"] > 0 and outcomes["refused"] > 0


def test_nested_loops_stop_with_an_error_never_a_hang(described) -> None:
    from cardgen.engine.described.game import make_engine

    cat, _ = described
    text = TEXT.replace(
        "  - call: next_cargo\n\nactions:",
        "  - repeat: 10000\n    do:\n      - repeat: 10000\n        do:\n"
        "          - add: {round: 0}\n  - call: next_cargo\n\nactions:",
    )
    assert text != TEXT
    engine = make_engine(compile_text(text, "play.yaml", cat), Path("play.yaml"), cat.root)
    line = _line_of(text, "repeat: 10000\n        do")
    with pytest.raises(EngineError, match=rf"play.yaml:{line}:\d+: more than 200,000 loop rounds"):
        engine.new_game(cat, engine.setup(cat, 2))
