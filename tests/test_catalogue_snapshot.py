"""The checked-catalogue snapshot: replayed while its inputs are unchanged, never stale."""

from __future__ import annotations

import shutil

import pytest

from cardgen.catalogue import loader
from cardgen.catalogue.loader import load_catalogue, read_catalogue
from cardgen.catalogue.snapshot import checked_catalogue


@pytest.fixture
def cat(tmp_path, fixture_catalogue, monkeypatch):
    """A private copy of the fixture catalogue, a private cache, and a count of YAML reads."""
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    reads = []

    def counting_read(root):
        reads.append(root)
        return read_catalogue(root)

    monkeypatch.setattr(loader, "read_catalogue", counting_read)
    root = tmp_path / "cards"
    shutil.copytree(fixture_catalogue, root)
    return root, reads


def test_unchanged_catalogue_is_replayed_with_the_same_cards_and_diagnostics(cat):
    root, reads = cat
    deck = root / "battle.yaml"
    # a warning-level problem, so the replayed diagnostics are not trivially empty
    deck.write_text(deck.read_text().replace("flavour: Chop.", "flavour: ''"))
    fresh, fresh_diags = checked_catalogue(root)
    again, again_diags = checked_catalogue(root)
    assert len(reads) == 1
    assert again is not fresh
    assert again.cards == fresh.cards
    assert again_diags == fresh_diags and fresh_diags
    card = fresh.cards[0]
    assert again.position(card.id, "cost") == fresh.position(card.id, "cost")
    assert again.position(card.id, "cost").line > 0
    assert again.files == fresh.files  # every position, unpacked from the entry's rows
    assert again.rules == fresh.rules


def test_an_edit_makes_a_new_entry(cat):
    root, reads = cat
    load_catalogue(root)
    deck = root / "battle.yaml"
    deck.write_text(deck.read_text().replace("name: Woodcutter", "name: Lumberjack"))
    names = [c.name for c in load_catalogue(root)]
    assert len(reads) == 2 and "Lumberjack" in names and "Woodcutter" not in names
    # the new entry replaced the old one; another catalogue folder has its own
    assert len(list((root.parent / "cache" / "catalogue").iterdir())) == 1
    other = root.parent / "other"
    shutil.copytree(root, other)
    load_catalogue(other)
    assert len(list((root.parent / "cache" / "catalogue").iterdir())) == 2


def test_errors_are_replayed_too(cat):
    root, reads = cat
    deck = root / "battle.yaml"
    deck.write_text(deck.read_text().replace("cost: 3,", "cost: -3,"))
    first = checked_catalogue(root)[1]
    second = checked_catalogue(root)[1]
    assert len(reads) == 1 and "E105" in [d.code for d in second] and first == second


def test_damaged_entries_and_no_cache(cat, tmp_path):
    root, reads = cat
    checked_catalogue(root)
    (entry,) = (tmp_path / "cache" / "catalogue").iterdir()
    entry.write_bytes(b"\x80\x05not a pickle")
    assert checked_catalogue(root)[0] is not None and len(reads) == 2
    checked_catalogue(root, use_cache=False)
    checked_catalogue(root, use_cache=False)
    assert len(reads) == 4


def test_unwritable_cache_only_costs_time(cat, tmp_path, monkeypatch):
    root, reads = cat
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(blocker))
    assert len(checked_catalogue(root)[0].cards) == len(checked_catalogue(root)[0].cards) > 0
    assert len(reads) == 2
