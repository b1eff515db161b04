"""The surfaces of the second hardening round (issue 35), as cases for ``fuzz_campaign.py``.

Each case prepares hostile input in a fresh folder and runs ``cardgen`` on it in subprocesses
under a timeout; it returns ``clean`` (refused with exit 1 or 2 and no traceback, or accepted
and then working), ``wrongly accepted`` (accepted, but a later command fails or an output is
unsafe) or ``data lost`` (a failed command changed the designer's files, or a round trip
dropped what they wrote).  A traceback in any output, or a timeout, is counted by the driver.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import socket
import stat
import struct
import subprocess
import sys
import threading
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLAIN = ROOT / "tests" / "fixtures" / "plain"
GAMES = {
    "attack-right": ROOT / "cards",
    "plain": PLAIN,
    **{p.parent.name: p for p in sorted((ROOT / "games").glob("*/cards"))},
}
SCENARIOS = {
    "attack-right": ROOT / "tests" / "scenarios",
    **{p.parent.name: p for p in sorted((ROOT / "games").glob("*/scenarios"))},
}
TIMEOUT = 120
SECRET = "SECRET-7f3a9c"  # a file's content that no output may echo


class Traceback(Exception):
    """A command printed a traceback (or died of a signal)."""


def run(
    *args: str, cwd: Path | None = None, timeout: float = TIMEOUT
) -> subprocess.CompletedProcess:
    """``cardgen ARGS``; Traceback when it printed one or was killed by a signal (the driver
    counts a TimeoutExpired as a hang)."""
    proc = subprocess.run(
        [sys.executable, "-m", "cardgen", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        check=False,
        errors="replace",
    )
    if "Traceback" in proc.stderr or "Traceback" in proc.stdout or proc.returncode < 0:
        raise Traceback(
            f"cardgen {' '.join(args)[:200]}: exit {proc.returncode}\n{proc.stderr[-600:]}"
        )
    return proc


def refused(proc: subprocess.CompletedProcess) -> bool:
    return proc.returncode in (1, 2)


def _copy(src: Path, work: Path, name: str = "cards") -> Path:
    dest = work / name
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns("tavern", "*.bak"))
    return dest


def _tree(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


Case = Callable[[Path], str]


# --- cardgen new ------------------------------------------------------------------------------


def _new(prepare: Callable[[Path], tuple[str, list[str]]]) -> Case:
    """``cardgen new``: refused cleanly, or a game that validates as made."""

    def case(work: Path) -> str:
        target, extra = prepare(work)
        proc = run("new", target, *extra, cwd=work)
        if refused(proc):
            return "clean"
        made = work / target
        if proc.returncode != 0 or run("validate", str(made / "cards"), cwd=work).returncode:
            return "wrongly accepted"
        if stat.S_IMODE(made.resolve().stat().st_mode) & 0o055 == 0:  # private: 0700
            return "wrongly accepted"
        return "clean"

    return case


def _symlink_to_folder(work: Path) -> tuple[str, list[str]]:
    (work / "real").mkdir()
    (work / "game").symlink_to(work / "real")
    return "game", []


def _dangling(work: Path) -> tuple[str, list[str]]:
    (work / "game").symlink_to(work / "nowhere")
    return "game", []


def _under_a_file(work: Path) -> tuple[str, list[str]]:
    (work / "file").write_text("x")
    return "file/game", []


def _read_only_parent(work: Path) -> tuple[str, list[str]]:
    (work / "ro").mkdir()
    (work / "ro").chmod(0o555)
    return "ro/game", []


NEW_CASES: dict[str, Case] = {
    "symlink to a folder": _new(_symlink_to_folder),
    "dangling symlink": _new(_dangling),
    "under a file": _new(_under_a_file),
    "255-character name": _new(lambda w: ("g" * 255, [])),
    "256-character name": _new(lambda w: ("g" * 256, [])),
    "read-only parent": _new(_read_only_parent),
    **{
        f"--name {name!r}": _new(lambda w, n=name: ("game", ["--name", n]))
        for name in [
            "C:\\games\\x",
            'a "quote"\nand a newline',
            "{{ rules.game }}",
            "{x}",
            "a: b",
            "#",
            "'",
            "- x",
            "\\1",
            "é" * 80,
        ]
    },
}


# --- icons, through validate and appendix --------------------------------------------------------

_NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
SVG = f'<svg {_NS} viewBox="0 0 100 100">{{}}</svg>'
_DTD = '<?xml version="1.0"?><!DOCTYPE s [<!ENTITY a {}>]>'


def _nested_use(depth: int, width: int) -> str:
    parts = ['<defs><rect id="u0" width="1" height="1"/>']
    for level in range(1, depth + 1):
        uses = "".join(f'<use xlink:href="#u{level - 1}"/>' for _ in range(width))
        parts.append(f'<g id="u{level}">{uses}</g>')
    return "".join(parts) + f'</defs><use xlink:href="#u{depth}"/>'


ICONS: dict[str, bytes | None] = {
    "empty": b"",
    "not xml": b"not xml",
    "truncated": SVG.format("<path d='M 0 0 L").encode()[:-12],
    "no viewBox": b'<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9"/></svg>',
    "zero viewBox": SVG.replace("0 0 100 100", "0 0 0 0")
    .format('<rect width="9" height="9"/>')
    .encode(),
    "not svg": b'<html xmlns="http://www.w3.org/1999/xhtml"/>',
    "nothing drawn": SVG.format("").encode(),
    "text only": SVG.format("<text>x</text>").encode(),
    "binary": bytes(range(256)) * 4,
    "1e308 coordinate": SVG.format('<circle r="1e308"/>').encode(),
    "nan coordinate": SVG.format('<rect width="nan" height="9"/>').encode(),
    "huge transform": SVG.format('<rect width="9" height="9" transform="scale(1e300)"/>').encode(),
    "nested use 10x7": SVG.format(_nested_use(7, 10)).encode(),
    "use of itself": SVG.format('<g id="a"><use xlink:href="#a"/></g>').encode(),
    "entity": (_DTD.format('"aaaa"') + SVG.format("<text>&a;</text>")).encode(),
    "external entity": (
        _DTD.format('SYSTEM "/etc/hostname"') + SVG.format("<text>&a;</text>")
    ).encode(),
    "image href": SVG.format('<image href="/etc/passwd" width="9" height="9"/>').encode(),
    "2 MB": SVG.format("<!--" + "x" * 2_000_000 + "-->" + '<rect width="9" height="9"/>').encode(),
    "5000 elements": SVG.format('<rect width="1" height="1"/>' * 5000).encode(),
    "FIFO": None,
}


def _icon(content: bytes | None) -> Case:
    """Attack Right's coin icon replaced: validate refuses; appendix html/pdf refuses too."""

    def case(work: Path) -> str:
        cards = _copy(GAMES["attack-right"], work)
        (cards / "icons").mkdir()
        icon = cards / "icons" / "coin.svg"
        if content is None:
            os.mkfifo(icon)
        else:
            icon.write_bytes(content)
        if not refused(run("validate", str(cards), timeout=60)):
            return "wrongly accepted"
        for fmt in ("html", "pdf"):
            if not refused(run("appendix", str(cards), "-f", fmt, "-o", str(work / "app"))):
                return "wrongly accepted"
        return "clean"

    return case


# --- layouts: validate refuses what render would fail on ----------------------------------------


def _layout(old: str, new: str) -> Case:
    def case(work: Path) -> str:
        cards = _copy(PLAIN, work)
        text = (ROOT / "cardgen" / "packs" / "plain" / "layout.yaml").read_text()
        assert old in text, old
        (cards / "layout.yaml").write_text(text.replace(old, new, 1))
        if refused(run("validate", str(cards), timeout=60)):
            return "clean"
        render = run("render", str(cards), "-p", "pnp", "-o", str(work / "out"), timeout=300)
        return "clean" if render.returncode == 0 else "wrongly accepted"

    return case


LAYOUTS: dict[str, Case] = {
    "width .inf": _layout("width: 63.5", "width: .inf"),
    "width .nan": _layout("width: 63.5", "width: .nan"),
    "width 100000 mm": _layout("width: 63.5", "width: 100000"),
    "width -63.5": _layout("width: 63.5", "width: -63.5"),
    "bleed 1e6 mm": _layout("bleed: 3.175", "bleed: 1000000.0"),
    "colour #GGGGGG": _layout('ink: "#1F1A17"', 'ink: "#GGGGGG"'),
    "colour 'red;'": _layout('ink: "#1F1A17"', "ink: 'red;'"),
    "NaN box": _layout("box: [3.5, 3.5, 44.0, 8.0]", "box: [.nan, 3.5, 44.0, 8.0]"),
    "box 1e308": _layout("box: [3.5, 3.5, 44.0, 8.0]", "box: [1e308, 3.5, 44.0, 8.0]"),
    "size 1000000000.0": _layout("size: 11.0", "size: 1000000000.0"),
    "min_size 0": _layout("min_size: 6.0", "min_size: 0.0"),
    "font /proc/self/environ": _layout(
        "regular: DejaVuSansCondensed.ttf", "regular: /proc/self/environ"
    ),
    "font /dev/zero": _layout("regular: DejaVuSansCondensed.ttf", "regular: /dev/zero"),
    "font ../../../etc/passwd": _layout(
        "regular: DejaVuSansCondensed.ttf", "regular: ../../../../etc/passwd"
    ),
    "font missing": _layout("regular: DejaVuSansCondensed.ttf", "regular: Nope.ttf"),
}


def _font_file(make: Callable[[Path], None]) -> Case:
    """A font beside the game (fonts/Mine.ttf) that is no font: refused quickly, unechoed."""

    def case(work: Path) -> str:
        cards = _copy(PLAIN, work)
        (cards / "fonts").mkdir()
        make(cards / "fonts" / "Mine.ttf")
        text = (ROOT / "cardgen" / "packs" / "plain" / "layout.yaml").read_text()
        (cards / "layout.yaml").write_text(
            text.replace("regular: DejaVuSansCondensed.ttf", "regular: Mine.ttf")
        )
        proc = run("validate", str(cards), timeout=60)
        if SECRET in proc.stdout + proc.stderr:
            return "wrongly accepted"
        return "clean" if refused(proc) else "wrongly accepted"

    return case


FONTS: dict[str, Case] = {
    "FIFO": _font_file(os.mkfifo),
    "symlink to /dev/zero": _font_file(lambda p: p.symlink_to("/dev/zero")),
    "text": _font_file(lambda p: p.write_text(f"{SECRET}=1\n")),
    "33 MB": _font_file(lambda p: p.write_bytes(b"\0" * (33 * 2**20))),
    "symlink loop": _font_file(lambda p: p.symlink_to(p)),
}


# --- card art, every pack ------------------------------------------------------------------------


def _png(width: int, height: int) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("L", (width, height)).save(buf, "PNG")
    return buf.getvalue()


def _jpeg_truncated() -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (200, 200), "red").save(buf, "JPEG")
    return buf.getvalue()[:400]


ARTS: dict[str, Callable[[Path], str]] = {
    "symlink loop": lambda d: (d / "loop.png").symlink_to(d / "loop.png") or "loop.png",
    "5000 characters": lambda d: "x" * 5000 + ".png",
    "truncated JPEG": lambda d: (d / "a.jpg").write_bytes(_jpeg_truncated()) and "a.jpg",
    "EPS": lambda d: (
        (d / "a.eps").write_bytes(b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nshowpage\n")
        and "a.eps"
    ),
    "12000x12000 PNG": lambda d: (d / "big.png").write_bytes(_png(12000, 12000)) and "big.png",
    "FIFO": lambda d: os.mkfifo(d / "f.png") or "f.png",
    "NUL in the path": lambda d: "a\0b.png",
}


def _art(game: str, make: Callable[[Path], str]) -> Case:
    def case(work: Path) -> str:
        import yaml

        cards = _copy(GAMES[game], work)
        art = make(cards)
        deck = next(
            p
            for p in sorted(cards.glob("*.yaml"))
            if p.name not in ("rules.yaml", "layout.yaml", "components.yaml", "source.yaml")
        )
        data = yaml.safe_load(deck.read_text())
        data["cards"][0]["art"] = art
        deck.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
        proc = run("validate", str(cards), timeout=90)
        return "clean" if refused(proc) else "wrongly accepted"

    return case


# --- scenarios, every pack -----------------------------------------------------------------------


def _scenario(game: str, cards_value: Callable[[Path], str]) -> Case:
    def case(work: Path) -> str:
        import yaml

        source = sorted(SCENARIOS[game].glob("*.yaml"))[0]
        data = yaml.safe_load(source.read_text())
        data.pop("cards", None)
        body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
        path = work / "sc.yaml"
        path.write_text(f"{body}cards: {cards_value(work)}\n")
        proc = run("scenario", "run", str(path), timeout=60)
        return "clean" if proc.returncode == 1 else "wrongly accepted"

    return case


SCENARIO_VALUES: dict[str, Callable[[Path], str]] = {
    "NUL": lambda w: '"../ca\\0rds"',
    "5000 characters": lambda w: "x" * 5000,
    "symlink loop": lambda w: (w / "loop").symlink_to(w / "loop") or str(w / "loop"),
    "a file": lambda w: (w / "f").write_text("x") or str(w / "f"),
    "a FIFO": lambda w: os.mkfifo(w / "p") or str(w / "p"),
}


# --- rules numbers that set the work --------------------------------------------------------------


def _rules(game: str, old: str, new: str) -> Case:
    def case(work: Path) -> str:
        cards = _copy(GAMES[game], work)
        text = (cards / "rules.yaml").read_text()
        assert old in text, old
        (cards / "rules.yaml").write_text(text.replace(old, new, 1))
        proc = run("validate", str(cards), timeout=60)
        return "clean" if refused(proc) else "wrongly accepted"

    return case


RULES: dict[str, Case] = {
    "castle-rampage samples 10000000": _rules(
        "castle-rampage", "samples: 10000", "samples: 10000000"
    ),
    "castle-rampage 500 situations": _rules(
        "castle-rampage",
        '    - {name: "Opening", gate: 4, castle: 4}',
        "\n".join(f'    - {{name: "S{i}", gate: 4, castle: 4}}' for i in range(500)),
    ),
    "castle-rampage strengths 1e30": _rules(
        "castle-rampage", "  samples: 10000", "  strengths: [1e30]\n  samples: 10000"
    ),
    "castle-rampage 10000 strengths": _rules(
        "castle-rampage",
        "  samples: 10000",
        f"  strengths: {list(range(1, 10001))}\n  samples: 10000",
    ),
    "authority turn_limit 1e30": _rules("authority", "turn_limit: 300", "turn_limit: 1e30"),
    "authority turn_limit 10**9": _rules("authority", "turn_limit: 300", "turn_limit: 1000000000"),
}


# --- spreadsheets: import and export -------------------------------------------------------------


def _import_refused(make: Callable[[Path], Path], *args: str) -> Case:
    """An import of a hostile sheet into a copy of cards/: refused, the folder unchanged."""

    def case(work: Path) -> str:
        cards = _copy(GAMES["attack-right"], work)
        before = _tree(cards)
        proc = run("import", str(make(work)), "--to", str(cards), "--force", *args, timeout=90)
        if _tree(cards) != before:
            return "data lost"
        return "clean" if refused(proc) else "wrongly accepted"

    return case


def _xlsx(work: Path, cells: dict[tuple[int, int], str]) -> Path:
    import xlsxwriter

    path = work / "s.xlsx"
    book = xlsxwriter.Workbook(str(path))
    sheet = book.add_worksheet("Cards")
    for (r, c), v in cells.items():
        sheet.write_string(r, c, v)
    book.close()
    return path


def _bomb(work: Path) -> Path:
    """An .xlsx of a few hundred KB whose one cell unpacks to 100 MB (past the bound)."""
    from sheet_files import bomb_xlsx

    return bomb_xlsx(work / "bomb.xlsx", 100)


def _export_sheet(work: Path, fmt: str = "xlsx") -> Path:
    sheet = work / f"cards.{fmt}"
    proc = run("export", str(GAMES["attack-right"]), "-o", str(sheet))
    assert proc.returncode == 0, proc.stderr
    return sheet


def _csv_with(work: Path, column: str, value: str) -> Path:
    import csv

    sheet = _export_sheet(work, "csv")
    rows = list(csv.reader(io.StringIO(sheet.read_text(), newline="")))
    if column not in rows[0]:
        rows = [[*r, column if i == 0 else ""] for i, r in enumerate(rows)]
    rows[1][rows[0].index(column)] = value
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    sheet.write_text(buf.getvalue())
    return sheet


def _file_column(work: Path, value: str) -> Path:
    import csv

    sheet = _export_sheet(work, "csv")
    rows = list(csv.reader(io.StringIO(sheet.read_text(), newline="")))
    rows = [
        [*r, "file" if i == 0 else (value if i == 1 else r[rows[0].index("deck")])]
        for i, r in enumerate(rows)
    ]
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    sheet.write_text(buf.getvalue())
    return sheet


def _folder_at_4th(work: Path) -> str:
    cards = _copy(GAMES["attack-right"], work)
    sheet = _export_sheet(work)
    (cards / "battle.yaml").write_text((cards / "battle.yaml").read_text() + "\n")
    (cards / "spy.yaml").unlink()
    (cards / "spy.yaml").mkdir()
    before = _tree(cards)
    proc = run("import", str(sheet), "--to", str(cards), "--force")
    if _tree(cards) != before or list(cards.glob(".*.tmp")):
        return "data lost"
    return "clean" if refused(proc) else "wrongly accepted"


def _comments_kept(game: str) -> Case:
    def case(work: Path) -> str:
        cards = _copy(GAMES[game], work)
        comments = {
            p.name: [ln.strip() for ln in p.read_text().splitlines() if ln.lstrip().startswith("#")]
            for p in cards.glob("*.yaml")
            if p.name != "rules.yaml"
        }
        sheet = work / "cards.xlsx"
        run("export", str(cards), "-o", str(sheet))
        proc = run("import", str(sheet), "--to", str(cards), "--force")
        if proc.returncode != 0:
            return "wrongly accepted"
        for name, lines in comments.items():
            after = (cards / name).read_text()
            if any(line not in after for line in lines):
                return "data lost"
        return "clean"

    return case


FORMULAS = ["=1+2", "+1", "-1", "@SUM(A1)", '=HYPERLINK("http://x")', "\t=1", "'=1"]


def _csv_export(work: Path) -> str:
    import csv

    cards = _copy(PLAIN, work)
    lines = "".join(
        f"  - {{id: f{i}, name: {v!r}, type: goblin, cost: 1, flavour: {v!r}}}\n"
        for i, v in enumerate(FORMULAS)
    )
    (cards / "goblins.yaml").write_text((cards / "goblins.yaml").read_text() + lines)
    proc = run("export", str(cards), "--format", "csv")
    if proc.returncode != 0:
        return "wrongly accepted"
    cells = [c for r in csv.reader(io.StringIO(proc.stdout, newline="")) for c in r]
    if any(c[:1] in ("=", "+", "-", "@", "\t", "\r") for c in cells):
        return "wrongly accepted"
    sheet = work / "x.csv"
    sheet.write_text(proc.stdout)
    back = work / "back"
    back.mkdir()
    shutil.copy(cards / "rules.yaml", back / "rules.yaml")
    if run("import", str(sheet), "--to", str(back)).returncode != 0:
        return "data lost"
    a = run("export", str(cards), "--format", "json").stdout
    b = run("export", str(back), "--format", "json").stdout
    return "clean" if a == b else "data lost"


def _xlsb_far(work: Path) -> Path:
    path = work / "far.xlsb"
    rec = (
        bytes([0, 4])
        + struct.pack("<I", 1048575)
        + bytes([7, 12])
        + struct.pack("<III", 16383, 0, 0)
    )
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("xl/workbook.bin", b"")
        z.writestr("xl/worksheets/sheet1.bin", rec)
    return path


SHEETS: dict[str, Case] = {
    "cell at XFD1048576": _import_refused(
        lambda w: _xlsx(w, {(0, 0): "id", (1048575, 16383): "x"})
    ),
    "zip-bomb cell": _import_refused(_bomb),
    "xlsb cell at XFD1048576": _import_refused(_xlsb_far),
    "1,000,001 columns of CSV": _import_refused(
        lambda w: (w / "w.csv").write_text("id" + "," * 1_000_001 + "\n") and w / "w.csv"
    ),
    "21 MB CSV": _import_refused(
        lambda w: (w / "b.csv").write_bytes(b"id\n" + b"x\n" * (11 * 2**20)) and w / "b.csv"
    ),
    ".xls": _import_refused(
        lambda w: (w / "o.xls").write_bytes(b"\xd0\xcf\x11\xe0" + b"\0" * 512) and w / "o.xls"
    ),
    "not a zip": _import_refused(
        lambda w: (w / "n.xlsx").write_bytes(b"PK\x03\x04junk") and w / "n.xlsx"
    ),
    "FIFO sheet": _import_refused(lambda w: os.mkfifo(w / "p.csv") or w / "p.csv"),
    "300-character file cell": _import_refused(lambda w: _file_column(w, "a" * 300)),
    "file cell ../escape": _import_refused(lambda w: _file_column(w, "../escape")),
    "unknown column": _import_refused(lambda w: _csv_with(w, "nope", "x")),
    "NUL in a name": _import_refused(lambda w: _csv_with(w, "name", "a\0b")),
    "4th card file is a folder": _folder_at_4th,
    "CSV export of formula cells": _csv_export,
    **{
        f"comments kept: {g}": _comments_kept(g)
        for g in ("attack-right", "castle-rampage", "greedy-kingdoms", "authority")
    },
}


# --- simulate --dask against servers that are not Dask ------------------------------------------


def _server(reply: Callable[[socket.socket], None]) -> tuple[str, Callable[[], None]]:
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(4)
    stop = threading.Event()
    conns: list[socket.socket] = []

    def serve() -> None:
        srv.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = srv.accept()
            except OSError:
                continue
            conns.append(conn)
            with contextlib.suppress(OSError):
                reply(conn)

    threading.Thread(target=serve, daemon=True).start()

    def close() -> None:
        stop.set()
        for c in conns:
            c.close()
        srv.close()

    return f"tcp://127.0.0.1:{srv.getsockname()[1]}", close


def _dask(reply: Callable[[socket.socket], None]) -> Case:
    def case(work: Path) -> str:
        address, close = _server(reply)
        try:
            proc = run(
                "simulate",
                str(GAMES["attack-right"]),
                "--games",
                "4",
                "--dask",
                address,
                timeout=60,
            )
        finally:
            close()
        return "clean" if proc.returncode == 1 else "wrongly accepted"

    return case


DASK: dict[str, Case] = {
    "HTTP server": _dask(
        lambda c: c.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
    ),
    "huge frame": _dask(lambda c: c.sendall(struct.pack("<Q", 2**63) + b"x" * 64)),
    "silent server": _dask(lambda c: None),
    "closes at once": _dask(lambda c: c.close()),
    "random bytes": _dask(lambda c: c.sendall(bytes(range(256)) * 300)),
}


# --- errors never echo file contents -------------------------------------------------------------


def _echo(setup: Callable[[Path, Path], list[str]]) -> Case:
    """A catalogue whose file links to a secret: no output of the command holds the secret."""

    def case(work: Path) -> str:
        secret = work / "secret.txt"
        secret.write_text(f"{SECRET}: {SECRET}\nPASSWORD={SECRET}\n")
        cards = _copy(PLAIN, work)
        proc = run(*setup(cards, secret), timeout=60)
        if SECRET in proc.stdout + proc.stderr:
            return "wrongly accepted"
        return "clean" if refused(proc) else "wrongly accepted"

    return case


def _link(name: str, command: str = "validate") -> Callable[[Path, Path], list[str]]:
    def setup(cards: Path, secret: Path) -> list[str]:
        target = cards / name
        target.parent.mkdir(exist_ok=True)
        if target.exists():
            target.unlink()
        target.symlink_to(secret)
        return [command, str(cards)]

    return setup


def _font_at(path: str) -> Callable[[Path, Path], list[str]]:
    def setup(cards: Path, secret: Path) -> list[str]:
        text = (ROOT / "cardgen" / "packs" / "plain" / "layout.yaml").read_text()
        (cards / "layout.yaml").write_text(
            text.replace("regular: DejaVuSansCondensed.ttf", f"regular: {path or secret}")
        )
        return ["validate", str(cards)]

    return setup


def _rules_option(cards: Path, secret: Path) -> list[str]:
    sheet = cards.parent / "s.csv"
    sheet.write_text("id,name,back\nx,X,goblin\n")
    return ["import", str(sheet), "--to", str(cards.parent / "new"), "--rules", str(secret)]


ECHO: dict[str, Case] = {
    "layout.yaml -> secret": _echo(_link("layout.yaml")),
    "rules.yaml -> secret": _echo(_link("rules.yaml")),
    "goblins.yaml -> secret": _echo(_link("goblins.yaml")),
    "components.yaml -> secret": _echo(_link("components.yaml")),
    "icons/coin.svg -> secret": _echo(_link("icons/coin.svg")),
    "layout.yaml -> secret (render)": _echo(_link("layout.yaml", "render")),
    "font at the secret's absolute path": _echo(_font_at("")),
    "font /proc/self/environ": _echo(_font_at("/proc/self/environ")),
    "import --rules secret": _echo(_rules_option),
}


def surfaces() -> dict[str, dict[str, Case]]:
    """Every surface of issue 35 and its cases."""
    return {
        "new": NEW_CASES,
        "icons (validate, appendix)": {k: _icon(v) for k, v in ICONS.items()},
        "layouts and fonts": {**LAYOUTS, **{f"font file: {k}": v for k, v in FONTS.items()}},
        "art (every pack)": {
            f"{g}: {k}": _art(g, m) for g in GAMES if g != "attack-right" for k, m in ARTS.items()
        },
        "scenario cards: (every pack)": {
            f"{g}: {k}": _scenario(g, v) for g in SCENARIOS for k, v in SCENARIO_VALUES.items()
        },
        "rules bounds": RULES,
        "import and export": SHEETS,
        "simulate --dask": DASK,
        "errors echo no file": ECHO,
    }
