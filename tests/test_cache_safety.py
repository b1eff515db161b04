"""The caches hold data, never code: private folders, entries checked against their own key,
safe temporary files, and keys that cover every input of a check (art files, a pack's code)."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import sys

import pytest
from PIL import Image

from cardgen.catalogue import loader, validate
from cardgen.catalogue.snapshot import checked_catalogue
from cardgen.checks import standard
from cardgen.util.store import (
    private_cache_dir,
    read_cache_file,
    write_cache_file,
)


@pytest.fixture
def project(tmp_path, fixture_catalogue, monkeypatch):
    """A project folder with a copy of the fixture catalogue, a private cache, and a count of
    the catalogue folders read from YAML."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(cache))
    monkeypatch.chdir(tmp_path)
    reads: list = []
    original = loader.read_catalogue

    def counting_read(root):
        reads.append(root)
        return original(root)

    monkeypatch.setattr(loader, "read_catalogue", counting_read)
    shutil.copytree(fixture_catalogue, tmp_path / "cards")
    return tmp_path, cache, reads


def _entries(cache, kind: str) -> set:
    folder = cache / kind
    return set(folder.iterdir()) if folder.is_dir() else set()


class _Plant:
    """Unpickling this creates ``path``: what a pickle-reading cache would run."""

    def __init__(self, path):
        self.path = str(path)

    def __reduce__(self):
        return (open, (self.path, "w"))


def test_a_hostile_pickle_in_the_cache_is_never_executed(project):
    root, cache, reads = project
    assert validate("cards", extra_checks=standard()).ok
    marker = root / "pwned"
    hostile = pickle.dumps(_Plant(marker))
    assert not marker.exists()
    entries = _entries(cache, "catalogue") | _entries(cache, "checks")
    assert entries
    for entry in entries:  # every entry replaced, and one beside it with the old naming
        entry.write_bytes(hostile)
        entry.with_suffix(".pickle").write_bytes(hostile)
    result = validate("cards", extra_checks=standard())
    assert not marker.exists()
    assert result.ok and result.card_count == 32
    assert len(reads) == 2  # the hostile entry was read as no entry: the YAML again
    # what the cache holds now is data: JSON that names the key it is filed under
    for entry in _entries(cache, "catalogue"):
        if entry.suffix == ".json":
            data = json.loads(entry.read_bytes())
            assert data["key"] in entry.name and data["kind"] == "catalogue"


def _invalid(folder):
    deck = folder / "battle.yaml"
    deck.write_text(deck.read_text().replace("cost: 3,", "cost: -3,"))


def test_an_entry_swapped_in_from_another_catalogue_is_rejected_by_its_key(project):
    root, cache, reads = project
    shutil.copytree(root / "cards", root / "broken")
    _invalid(root / "broken")
    assert validate("cards", extra_checks=standard()).ok
    (valid_entry,) = _entries(cache, "catalogue")
    assert not validate("broken", extra_checks=standard()).ok
    (broken_entry,) = _entries(cache, "catalogue") - {valid_entry}
    # the valid catalogue's entry filed under the invalid one's name must not hide its error
    broken_entry.write_bytes(valid_entry.read_bytes())
    again = validate("broken", extra_checks=standard())
    assert "E105" in [d.code for d in again.errors] and not again.ok
    assert len(reads) == 3
    # and the other way round: an invalid catalogue's entry does not fail a valid one
    valid_entry.write_bytes(broken_entry.read_bytes())
    assert validate("cards", extra_checks=standard()).ok


def _role(entry) -> str:
    """A check's entry, or the whole validation's result (which counts the checks)."""
    data = json.loads(entry.read_bytes())
    assert data["kind"] == "checks"
    return "result" if "checks" in data else "check"


def test_a_swapped_check_result_is_rejected_by_its_key(project):
    root, cache, _reads = project
    shutil.copytree(root / "cards", root / "other")
    deck = root / "other" / "battle.yaml"
    deck.write_text(deck.read_text().replace("flavour: Chop.,", "flavour: Chop., art: gone.png,"))
    assert validate("cards", extra_checks=standard()).ok
    mine = _entries(cache, "checks")
    assert "E402" in [d.code for d in validate("other", extra_checks=standard()).errors]
    theirs = {
        _role(p): p.read_bytes()
        for p in _entries(cache, "checks") - mine
        if b"E402" in p.read_bytes()
    }
    assert mine and set(theirs) == {"check", "result"}
    for entry in mine:  # every result of the valid catalogue replaced by the broken one's
        entry.write_bytes(theirs[_role(entry)])
    assert validate("cards", extra_checks=standard()).ok


def test_a_cache_folder_others_may_use_is_refused_with_a_message(
    tmp_path, monkeypatch, capsys, fixture_catalogue
):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o755)
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(shared))
    assert private_cache_dir("catalogue") is None
    err = capsys.readouterr().err
    assert str(shared) in err and "0755" in err and "chmod 700" in err
    assert validate(fixture_catalogue, extra_checks=standard()).ok  # works, without the cache
    assert list(shared.iterdir()) == []
    # a private one is used; a kind folder opened up later is refused too
    shared.chmod(0o700)
    folder = private_cache_dir("catalogue")
    assert folder == shared / "catalogue" and folder.stat().st_mode & 0o777 == 0o700
    folder.chmod(0o775)
    assert private_cache_dir("catalogue") is None
    assert "0775" in capsys.readouterr().err


def test_a_cache_folder_owned_by_another_user_is_refused(tmp_path, monkeypatch, capsys):
    """Root gives the folder to ``nobody``; another user cannot, so cardgen is told it runs as
    a user one past them (their folder is then another user's)."""
    theirs = tmp_path / "theirs"
    theirs.mkdir(mode=0o700)
    if os.geteuid() == 0:
        os.chown(theirs, 65534, 65534)
        owner = 65534
    else:
        owner = os.geteuid()
        monkeypatch.setattr(os, "geteuid", lambda: owner + 1)
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(theirs))
    assert private_cache_dir("checks") is None
    err = capsys.readouterr().err
    assert f"owned by user id {owner}" in err and str(theirs) in err
    assert list(theirs.iterdir()) == []


def test_the_cli_says_why_it_does_not_use_the_cache(
    runner, app, tmp_path, monkeypatch, fixture_catalogue
):
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(shared))
    result = runner.invoke(app, ["validate", str(fixture_catalogue)])
    assert result.exit_code == 0, result.output
    assert "not using the cache" in result.output and "0777" in result.output
    assert list(shared.iterdir()) == []


def test_a_symlink_at_the_target_is_replaced_not_followed(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    folder = private_cache_dir("fonts")
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    entry = folder / "entry.json"
    entry.symlink_to(victim)
    assert read_cache_file(entry) is None  # never read through a symlink
    write_cache_file(entry, b"{}")
    assert victim.read_text() == "precious"
    assert not entry.is_symlink() and entry.read_bytes() == b"{}"
    assert entry.stat().st_mode & 0o777 == 0o600
    assert read_cache_file(entry) == b"{}"


def test_a_symlink_planted_at_the_temporary_name_is_not_followed(tmp_path, monkeypatch):
    """Even a temporary name guessed in advance (the generator made predictable here) is
    created exclusively: the planted symlink makes the write fail, never writes through."""
    import itertools
    import tempfile

    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    folder = private_cache_dir("fonts")
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    monkeypatch.setattr(tempfile, "_get_candidate_names", lambda: itertools.repeat("guess"))
    (folder / ".entry.json.guess.tmp").symlink_to(victim)
    with pytest.raises(FileExistsError):
        write_cache_file(folder / "entry.json", b"{}")
    assert victim.read_text() == "precious" and not (folder / "entry.json").exists()


def test_a_fifo_or_foreign_file_in_the_cache_is_not_read(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    folder = private_cache_dir("checks")
    os.mkfifo(folder / "fifo.json")
    assert read_cache_file(folder / "fifo.json") is None  # no hang
    loose = folder / "loose.json"
    loose.write_bytes(b"{}")
    loose.chmod(0o666)
    assert read_cache_file(loose) is None  # writable by others: not trusted


def _with_art(root, art: str) -> None:
    deck = root / "cards" / "battle.yaml"
    deck.write_text(deck.read_text().replace("flavour: Chop.,", f"flavour: Chop., art: {art},"))


def test_deleting_or_breaking_an_art_file_invalidates_the_cached_checks(project):
    root, _cache, reads = project
    (root / "art").mkdir()
    image = root / "art" / "woodcutter.png"
    Image.new("RGB", (30, 40), "#884422").save(image)
    _with_art(root, "../art/woodcutter.png")  # outside the catalogue folder
    assert validate("cards", extra_checks=standard()).ok
    assert validate("cards", extra_checks=standard()).ok
    image.unlink()
    codes = [d.code for d in validate("cards", extra_checks=standard()).errors]
    assert codes == ["E402"]
    image.write_bytes(b"not an image")
    (error,) = validate("cards", extra_checks=standard()).errors
    assert error.code == "E402" and "not a readable image" in error.message
    Image.new("RGB", (30, 40), "#884422").save(image)
    assert validate("cards", extra_checks=standard()).ok
    assert len(reads) == 1  # the YAML did not change: only the checks ran again


def test_a_change_to_a_pack_outside_cardgen_reads_the_catalogue_again(
    tmp_path, monkeypatch, request
):
    """A pack's own code is part of the key even when it lives outside cardgen."""
    from cardgen.pack import _REGISTERED, register_pack

    src = request.config.rootpath / "tests" / "fixtures" / "toy_pack"
    pack_dir = tmp_path / "toy"
    shutil.copytree(src, pack_dir)
    module = f"toy_pack_{abs(hash(str(tmp_path)))}"
    (pack_dir / "toy_pack.py").rename(pack_dir / f"{module}.py")
    monkeypatch.syspath_prepend(str(pack_dir))
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    __import__(module)
    monkeypatch.setitem(_REGISTERED, "toy", None)
    register_pack(sys.modules[module].PACK)
    reads: list = []
    original = loader.read_catalogue
    monkeypatch.setattr(loader, "read_catalogue", lambda r: reads.append(r) or original(r))
    cards = pack_dir / "cards"
    first = checked_catalogue(cards)[0]
    assert checked_catalogue(cards)[0].cards == first.cards and len(reads) == 1
    code = pack_dir / f"{module}.py"
    code.write_text(code.read_text() + "\n# a change to the pack\n")
    checked_catalogue(cards)
    assert len(reads) == 2


@pytest.mark.parametrize(
    "damage",
    [
        {"diagnostics": [["E105"]]},  # a row cut short
        {"diagnostics": [["E999", "m", "f", 1, 1, None, None]]},  # a code nobody knows
        {"diagnostics": [["E105", "m", "f", "1", 1, None, None]]},  # a line that is text
        {"catalogue": "{}"},  # no cards, no rules
        {"catalogue": "[1, 2"},  # not JSON
        {"count": "32"},
        {"deps": {"/nowhere": "0" * 64}},  # a pack source that is not there any more
    ],
)
def test_a_malformed_entry_under_the_right_key_is_read_again(project, damage):
    """An entry that names the right key but holds nonsense is no entry: no IndexError or
    KeyError traceback, the catalogue is read again from YAML."""
    _root, cache, reads = project
    first = checked_catalogue("cards")
    (entry,) = _entries(cache, "catalogue")
    data = json.loads(entry.read_bytes())
    entry.write_text(json.dumps({**data, **damage}))
    catalogue, diags = checked_catalogue("cards")
    assert catalogue.cards == first[0].cards and diags == first[1]
    assert len(reads) == 2  # (a bad payload is found when the catalogue is first used)


def test_the_store_never_writes_into_a_refused_folder(tmp_path, monkeypatch):
    """A store whose cache folder is refused keeps nothing (nothing is written into the shared
    folder, nothing read back); with a folder of the user's it keeps entries there, private."""
    from cardgen.util.store import Store

    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(shared))
    refused = Store("layout")
    assert refused.folder is None
    assert refused.put("k", {"x": 1}) is False
    assert refused.get("k") is None
    assert list(shared.rglob("*")) == []
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "mine"))
    store = Store("layout")
    assert store.folder == tmp_path / "mine" / "layout"
    assert store.put("k", {"x": 1}) and store.get("k")["x"] == 1
    assert store.folder.parent.stat().st_uid == os.geteuid()
    assert store.folder.parent.stat().st_mode & 0o077 == 0
    assert (store.folder / "k.json").stat().st_mode & 0o077 == 0


def test_the_store_keeps_a_pure_function_s_value_by_its_key(tmp_path, monkeypatch):
    """``keep`` computes once per key, reads the value back, computes again when the kept value
    is not sound, and never returns an entry filed under another key."""
    from cardgen.util.store import Store

    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    store, calls = Store("texts"), []

    def make(text):
        def run():
            calls.append(text)
            return text

        return run

    assert store.keep("k1", make("one"), lambda v: isinstance(v, str)) == "one"
    assert store.keep("k1", make("other"), lambda v: isinstance(v, str)) == "one"
    assert calls == ["one"]
    assert store.keep("k1", make("again"), lambda v: v == "again") == "again"  # unsound: made
    assert calls == ["one", "again"]
    (store.folder / "k2.json").write_bytes((store.folder / "k1.json").read_bytes())
    assert store.get("k2") is None  # names k1
    assert store.keep("k2", make("two"), lambda v: isinstance(v, str)) == "two"
    assert [p.name for p in store.folder.iterdir() if p.name.endswith(".tmp")] == []
