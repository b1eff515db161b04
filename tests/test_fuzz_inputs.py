"""The fuzz suite of the hardening: hostile rules.yaml and card files (hypothesis), and hostile
files, folders, outputs and concurrent builds (explicit cases) through `validate`, `render`
and `build`.  Whatever the input: no traceback, no hang (subprocesses run under a timeout), a
bad input is a clean exit 1 with diagnostics at file:line, and nothing invalid is accepted
(each accepted input is checked against what the checks promise).

The suite tries 15 derandomised inputs a hypothesis test (it tried 40); the larger campaign, with
counts, is ``benchmarks/fuzz_campaign.py``, and ``python benchmarks/soak.py`` runs these tests
at campaign size."""

from __future__ import annotations

import json
import os
import re
import subprocess
import threading
from pathlib import Path

import pytest
import yaml
from catalogue_edits import copy_catalogue, run_cardgen
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.catalogue import validate
from cardgen.catalogue.icon_tokens import TOKEN
from cardgen.catalogue.text_checks import bad_character, token_problems
from cardgen.checks import standard

FIXTURE = Path(__file__).parent / "fixtures" / "catalogue"
RULES = yaml.safe_load((FIXTURE / "rules.yaml").read_text())
BATTLE = yaml.safe_load((FIXTURE / "battle.yaml").read_text())
#: a diagnostic at a position of a YAML file (the human format)
AT_LINE = re.compile(r"\S+\.yaml:\d+:\d+: error [EW]\d{3} ")
FUZZ = settings(
    max_examples=int(os.environ.get("CARDGEN_FUZZ_EXAMPLES", "15")),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    deadline=None,
)


def _paths(node, path=()):
    """Every path into a parsed YAML document (mappings' keys and lists' indices)."""
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*path, i))


RULE_PATHS = [p for p in _paths(RULES) if p]

numbers = st.one_of(
    st.integers(-3, 40),
    st.sampled_from([0, 1, 2, 4, 8, 12, 13, 99, 100, 10**6, 10**30, -(10**30), 2**63]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1e30, 2.0, 0.5, -0.0]),
    st.booleans(),
)
hostile_text = st.one_of(
    st.text(max_size=20),
    st.sampled_from(
        [
            "",
            "   ",
            "\u202eevil",
            "zero\u200bwidth",
            "nul\x00",
            "{Coin}",
            "{coin",
            "{}",
            "}",
            "盾",
            "🛡",
            "שלום",
            "*",
            "<script>",
            "[a](javascript:x)",
            "a" * 500,
        ]
    ),
)
leaf = st.one_of(st.none(), numbers, hostile_text)
values = st.recursive(
    leaf,
    lambda kids: st.one_of(
        st.lists(kids, max_size=3), st.dictionaries(hostile_text, kids, max_size=3)
    ),
    max_leaves=8,
)


def _set(doc, path, value):
    node = doc
    for part in path[:-1]:
        node = node[part]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value


_DELETE = object()


@st.composite
def mutated_rules(draw) -> str:
    doc = json.loads(json.dumps(RULES))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p]
        path = draw(st.sampled_from(paths))
        value = draw(st.one_of(numbers, values, st.just(_DELETE)))
        _set(doc, path, value)
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)


def _strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v)


def wrongly_accepted_rules(rules, raw) -> list[str]:
    """What an accepted rules model breaks of the promises of its schema (empty if none)."""
    bad = []
    if not (1 <= rules.players.min <= rules.players.max <= 8):
        bad.append("players")
    d = rules.draft
    if d.keep_last > min(d.hand_size, d.first_game_hand_size) or d.hand_size > 30:
        bad.append("draft")
    if any(v > 12 for s in rules.seasons for v in s.slots.values()):
        bad.append("slots")
    if not rules.game.strip():
        bad.append("game")
    numbers_ = [rules.economy.model_dump(), rules.components.model_dump(), d.model_dump()]
    if any(type(v) is not int for group in numbers_ for v in group.values()):
        bad.append("not whole numbers")
    if any(bad_character(ch) for s in _strings(raw) for ch in s):
        bad.append("characters")
    return bad


def validated_text(tmp: Path, file: str, text: str, checks=()):
    """Validate the fixture catalogue with ``file`` replaced by ``text``; every error it
    reports must name its file, and a line of a YAML file."""
    cat = copy_catalogue(FIXTURE, tmp)
    (cat / file).write_text(text, encoding="utf-8")
    result = validate(cat, extra_checks=checks, use_cache=False)
    for d in result.errors:
        assert d.position.file, d
        if d.position.file.endswith(".yaml"):
            assert d.position.line >= 1, d
    return result


@FUZZ
@given(text=mutated_rules())
def test_fuzzed_rules_are_rejected_at_a_line_or_keep_their_promises(tmp_path_factory, text):
    result = validated_text(tmp_path_factory.mktemp("rules"), "rules.yaml", text)
    if result.ok:
        raw = yaml.safe_load(text)
        assert not wrongly_accepted_rules(result.catalogue.rules, raw), text


CARD_FIELDS = ["name", "flavour"]


def _drawable(text: str) -> bool:
    import unicodedata

    from cardgen.render.fonts import font_chars, register_font

    fonts = [
        register_font(Path(f).stem, f)
        for f in ("DejaVuSansCondensed.ttf", "DejaVuSerifCondensed-Bold.ttf")
    ]
    stripped = TOKEN.sub("", text)
    for ch in stripped:
        if ch.isspace():
            continue
        if unicodedata.bidirectional(ch) in ("R", "AL"):
            return False
        if any(ord(ch) not in (font_chars(f) or set()) for f in fonts):
            return False
    return True


@st.composite
def mutated_cards(draw) -> tuple[str, list[str]]:
    doc = json.loads(json.dumps(BATTLE))
    changed = set()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(doc["cards"]) - 1))
        field = draw(st.sampled_from(CARD_FIELDS))
        doc["cards"][i][field] = draw(hostile_text)
        changed.add((i, field))
    texts = [doc["cards"][i][field] for i, field in sorted(changed)]  # as finally given
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    if draw(st.booleans()):  # structural damage: deep brackets, aliases, tabs, junk
        pos = draw(st.integers(0, len(text)))
        junk = draw(
            st.sampled_from(["[" * 600, "{a: " * 300, "- " * 300, "\t", "&a [*a]", "\x00", ": :"])
        )
        text = text[:pos] + junk + text[pos:]
    return text, texts


@FUZZ
@given(case=mutated_cards())
def test_fuzzed_card_texts_are_rejected_at_a_line_or_printable(tmp_path_factory, case):
    text, texts = case
    result = validated_text(tmp_path_factory.mktemp("cards"), "battle.yaml", text, standard())
    if result.ok:
        for s in texts:
            assert not any(bad_character(ch) for ch in s), s
            assert not list(token_problems(s)), s
            assert s.strip() or s == "", s
            assert _drawable(s), s


CARD_KEYS = sorted({k for c in BATTLE["cards"] for k in c} | {"effects", "star", "bogus"})


@st.composite
def mutated_card_fields(draw, base: dict | None = None) -> str:
    """A card file (``base``, default the fixture's battle.yaml) with some fields of its cards
    (or the file's own keys) given hostile values: huge, fractional and boolean numbers,
    hostile text, nested collections."""
    doc = json.loads(json.dumps(BATTLE if base is None else base))
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.integers(0, 5)) == 0:
            doc[draw(st.sampled_from(["deck", "cards", "extra"]))] = draw(values)
            continue
        cards = doc["cards"] if isinstance(doc.get("cards"), list) else []
        cards = [c for c in cards if isinstance(c, dict)]  # another draw may have put others
        if not cards:
            break
        card = draw(st.sampled_from(cards))
        key = draw(st.sampled_from(CARD_KEYS))
        card[key] = draw(st.one_of(numbers, values))
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)


@settings(max_examples=200, derandomize=True, database=None, deadline=None)
@given(text=mutated_card_fields({"deck": "battle", "cards": [BATTLE["cards"][0], None, 3]}))
def test_the_card_field_strategy_never_fails_itself(text):
    """Once the strategy has replaced ``cards`` by a list holding a dict first and other values
    after, it must still only edit dicts (it picked None: the suite was flaky)."""
    assert isinstance(text, str) and yaml.safe_load(text) is not None


@FUZZ
@given(text=mutated_card_fields())
def test_fuzzed_card_fields_are_rejected_at_a_line(tmp_path_factory, text):
    validated_text(tmp_path_factory.mktemp("fields"), "battle.yaml", text)


# --- explicit cases: files, folders, outputs, disk and concurrency, in subprocesses ---------


def _fifo(cat: Path) -> None:
    os.mkfifo(cat / "extra.yaml")


def _broken_link(cat: Path) -> None:
    (cat / "gone.yaml").symlink_to(cat / "nowhere.yaml")


def _rules_folder(cat: Path) -> None:
    (cat / "rules.yaml").unlink()
    (cat / "rules.yaml").mkdir()


def _socket(cat: Path) -> None:
    import socket

    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(cat / "sock.yaml"))
    sock.close()


def _binary(cat: Path) -> None:
    (cat / "battle.yaml").write_bytes(os.urandom(4096))


def _huge(cat: Path) -> None:
    (cat / "battle.yaml").write_text("cards:\n" + "# padding\n" * 300_000)


def _deep(cat: Path) -> None:
    (cat / "battle.yaml").write_text("deck: battle\ncards: " + "[" * 100_000 + "]" * 100_000)


def _deep_block(cat: Path) -> None:
    (cat / "battle.yaml").write_text("deck: battle\ncards:\n" + "- " * 50_000 + "x\n")


def _alias_bomb(cat: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    (cat / "battle.yaml").write_text("\n".join(lines) + "\ncards: *a8\n")


def _slots(cat: Path) -> None:
    rules = cat / "rules.yaml"
    rules.write_text(rules.read_text().replace("left: 2,", "left: 1.0e+30,", 1))


def _rules_link_loop(cat: Path) -> None:
    (cat / "rules.yaml").unlink()
    (cat / "rules.yaml").symlink_to(cat / "rules.yaml")


#: bad catalogues: (setup, whether the diagnostic is at a line of a YAML file)
BAD_INPUTS = {
    "fifo": (_fifo, False),
    "broken symlink": (_broken_link, False),
    "rules.yaml a folder": (_rules_folder, False),
    "a socket": (_socket, False),
    "binary bytes": (_binary, True),
    "file too large": (_huge, False),
    "100000 nested brackets": (_deep, True),
    "50000 nested block sequences": (_deep_block, True),
    "alias bomb": (_alias_bomb, True),
    "slots 1e30": (_slots, True),
    "rules.yaml a symlink loop": (_rules_link_loop, False),
}


@pytest.mark.parametrize("command", ["validate", "render", "build"])
@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_catalogue_is_a_clean_exit_1(tmp_path, case, command):
    setup, at_line = BAD_INPUTS[case]
    cat = copy_catalogue(FIXTURE, tmp_path)
    setup(cat)
    args = [command, str(cat)] + ([] if command == "validate" else ["-o", str(tmp_path / "out")])
    proc = run_cardgen(*args)
    output = proc.stdout + proc.stderr
    assert "Traceback" not in output, output[-3000:]
    assert proc.returncode == 1, output[-3000:]
    assert re.search(r" error E\d{3} ", output), output[-3000:]
    if at_line:
        assert AT_LINE.search(output), output[-3000:]


def _out_is_a_file(tmp_path: Path) -> Path:
    out = tmp_path / "out"
    out.write_text("a file")
    return out


def _out_inside_a_file(tmp_path: Path) -> Path:
    return _out_is_a_file(tmp_path) / "inner"


def _out_read_only_filesystem(tmp_path: Path) -> Path:
    return Path("/proc/cardgen-out")


def _out_full_disk(tmp_path: Path) -> Path:
    return Path("/dev/full/out")


BAD_OUTPUTS = {
    "a file": _out_is_a_file,
    "inside a file": _out_inside_a_file,
    "read-only file system": _out_read_only_filesystem,
    "a device": _out_full_disk,
}


@pytest.mark.parametrize("command", ["render", "build"])
@pytest.mark.parametrize("case", sorted(BAD_OUTPUTS))
def test_unwritable_output_is_a_clean_exit_1(tmp_path, case, command):
    out = BAD_OUTPUTS[case](tmp_path)
    proc = run_cardgen(command, str(FIXTURE), "-o", str(out), *_light(command))
    output = proc.stdout + proc.stderr
    assert "Traceback" not in output, output[-3000:]
    assert proc.returncode == 1, output[-3000:]
    assert f"cannot write {out}" in output or str(out) in output, output[-3000:]


def _light(command: str) -> list[str]:
    """The quickest products of a command (the output error comes first either way)."""
    return ["-p", "pnp"] if command == "render" else ["--only", "appendix"]


def test_concurrent_builds_into_one_folder_end_cleanly(tmp_path):
    """Two builds into one folder at once: each finishes or stops with a message, none with a
    traceback, and the folder is whole afterwards."""
    out = tmp_path / "out"
    results: list[subprocess.CompletedProcess] = []

    def build() -> None:
        results.append(
            run_cardgen("build", str(FIXTURE), "-o", str(out), "--only", "appendix", "-q")
        )

    threads = [threading.Thread(target=build) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for proc in results:
        assert "Traceback" not in proc.stderr, proc.stderr
        assert proc.returncode in (0, 1)
        if proc.returncode:
            assert str(out) in proc.stderr
    assert any(p.returncode == 0 for p in results)
    assert not list(out.glob(".stage-*"))
    again = run_cardgen("build", str(FIXTURE), "-o", str(out), "--only", "appendix", "-q")
    assert again.returncode == 0, again.stderr
