"""The spreadsheet as the source (issue 30): source.yaml says which sheet the card files come
from; an import never replaces a hand edit without keeping it and saying so; `cardgen new`'s
README commands work as written; `watch --sheet` re-imports each save of the sheet and
rebuilds, editors' temporary files ignored."""

from __future__ import annotations

import queue
import re
import threading
from pathlib import Path

import pytest

from cardgen.build.watch import Rebuild, Reimport, is_temporary, watch
from cardgen.catalogue.loader import load_catalogue
from cardgen.catalogue.sheet_source import read_source

WAIT = 120
SHEET = """id,name,suit,rank,text,copies
moon-1,Moon One,moon,1,Lead.,1
moon-2,Moon Two,moon,2,,1
sun-1,Sun One,sun,1,Win ties.,2
sun-2,Sun Two,sun,2,,1
"""


@pytest.fixture
def game(runner, app, tmp_path) -> Path:
    root = tmp_path / "game"
    assert runner.invoke(app, ["new", str(root), "-q"]).exit_code == 0
    (root / "cards.csv").write_text(SHEET)
    return root


def test_the_new_games_readme_commands_work_as_written(runner, app, game, monkeypatch):
    readme = (game / "README.md").read_text()
    commands = re.findall(r"^(cardgen (?:export|import) [^#\n]*?)\s*(?:#.*)?$", readme, re.M)
    assert [c.split()[1] for c in commands] == ["export", "import"]
    monkeypatch.chdir(game)
    (game / "cards.csv").unlink()
    for command in commands:  # the example cards out to a sheet and back in
        args = command.split()[1:]
        res = runner.invoke(app, [a.replace("cards.xlsx", "cards.csv") for a in args])
        assert res.exit_code == 0, (command, res.output)
    assert read_source(game / "cards").sheet == "../cards.csv"
    assert "cardgen watch --sheet cards.xlsx" in readme


def test_import_records_the_sheet_and_keeps_a_hand_edit(runner, app, game):
    cards = game / "cards"
    assert read_source(cards).sheet is None  # `cardgen new`'s starter: cardgen's files
    res = runner.invoke(app, ["import", str(game / "cards.csv"), "--to", str(cards)])
    assert res.exit_code == 0, res.output  # no --force: the starter files were untouched
    assert not list(cards.glob("*.bak"))
    source = read_source(cards)
    assert source.sheet == "../cards.csv" and sorted(source.files) == ["heroes.yaml"]
    # a hand edit, then the sheet changes and is imported again
    deck = cards / "heroes.yaml"
    deck.write_text(deck.read_text().replace("Moon One", "Moon Uno"))
    (game / "cards.csv").write_text(SHEET.replace("Win ties.", "Win all ties."))
    res = runner.invoke(app, ["import", str(game / "cards.csv"), "--to", str(cards)])
    assert res.exit_code == 0, res.output
    assert "heroes.yaml was edited by hand: kept as" in res.output
    assert "Moon Uno" in (cards / "heroes.yaml.bak").read_text()
    assert "Win all ties." in deck.read_text() and "Moon Uno" not in deck.read_text()
    # the designer's own card file beside the sheet's stays
    (cards / "extra.yaml").write_text("cards:\n  - {id: comet, name: Comet, suit: sun}\n")
    res = runner.invoke(app, ["import", str(game / "cards.csv"), "--to", str(cards)])
    assert res.exit_code == 0 and "1 of your own kept (extra.yaml)" in res.output
    assert {c.id for c in load_catalogue(cards, use_cache=False)} >= {"comet", "sun-2"}


def test_an_unrecorded_card_file_is_never_replaced_without_force(runner, app, game):
    cards = game / "cards"
    (cards / "source.yaml").unlink()
    res = runner.invoke(app, ["import", str(game / "cards.csv"), "--to", str(cards)])
    assert res.exit_code == 1 and "--force" in res.output and "heroes.yaml" in res.output
    assert "Squire" in (cards / "heroes.yaml").read_text()
    res = runner.invoke(app, ["import", str(game / "cards.csv"), "--to", str(cards), "--force"])
    assert res.exit_code == 0, res.output
    assert "Squire" in (cards / "heroes.yaml.bak").read_text()  # --force keeps a copy too
    assert "Bread" in (cards / "market.yaml.bak").read_text()


@pytest.mark.parametrize(
    ("name", "temporary"),
    [
        ("~$cards.xlsx", True),
        (".~lock.cards.xlsx#", True),
        ("#heroes.yaml#", True),
        ("heroes.yaml~", True),
        (".heroes.yaml.swp", True),
        ("heroes.yaml.bak", True),
        ("heroes.yaml.bak.2", True),
        ("4913", True),
        ("heroes.yaml", False),
        ("cards.xlsx", False),
        ("moon.svg", False),
    ],
)
def test_editors_temporary_files(name, temporary):
    assert is_temporary(name) is temporary


def test_watch_sheet_reimports_each_save_and_rebuilds(game):
    cards, out, sheet = game / "cards", game / "output", game / "cards.csv"
    events: queue.Queue[Rebuild | Reimport] = queue.Queue()
    stop = threading.Event()
    thread = threading.Thread(
        target=watch,
        args=(cards, out),
        kwargs={
            "only": ["cards"],
            "on_build": events.put,
            "on_import": events.put,
            "sheet": sheet,
            "stop": stop,
            "jobs": 1,
        },
        daemon=True,
    )
    thread.start()
    try:
        first = events.get(timeout=WAIT)
        assert isinstance(first, Reimport) and first.error is None, first
        assert first.outcome.written is not None and "suit" in first.outcome.result.new_fields
        built = events.get(timeout=WAIT)
        assert isinstance(built, Rebuild) and built.error is None
        pnp = out / "cards" / "pnp-a4.pdf"
        assert b"Moon One" not in pnp.read_bytes()  # the text is compressed: check the data
        (game / "~$cards.csv").write_text("lock")  # an office program's lock file: no rebuild
        sheet.write_text(SHEET.replace("Moon One", "Moon Prime"))
        seen = []
        while not (
            seen and isinstance(seen[-1], Rebuild) and any(isinstance(e, Reimport) for e in seen)
        ):
            seen.append(events.get(timeout=WAIT))
        again = next(e for e in seen if isinstance(e, Reimport))
        assert again.error is None and again.outcome.written.written == ["heroes.yaml"]
        assert "Moon Prime" in (cards / "heroes.yaml").read_text()
        assert all("~$" not in p for e in seen if isinstance(e, Rebuild) for p in e.changed)
        assert any("cards/pnp-a4.pdf" in e.report.written for e in seen if isinstance(e, Rebuild))
        # a broken save is reported and the cards stay as they were
        sheet.write_text(SHEET.replace("moon-2,Moon Two,moon,2", "moon-2,Moon Two,moon,two"))
        bad = events.get(timeout=WAIT)
        while not isinstance(bad, Reimport):
            bad = events.get(timeout=WAIT)
        assert bad.outcome.written is None and bad.outcome.result.errors
        assert "Moon Prime" in (cards / "heroes.yaml").read_text()
    finally:
        stop.set()
        thread.join(timeout=WAIT)
    assert not thread.is_alive()
