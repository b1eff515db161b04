"""docs/tutorial.md, run as written (issue 30): every file it shows is written, every command
run in order, and the kit it builds is the one it describes.  This is also the issue's "done
when": a game from a sheet with columns no pack declares (id, name, suit, rank, text, flavour,
copies), suit mapped to a band colour and a recoloured icon, a font and icons by paths
relative to the game, a rotated corner index, mini and poker cards in one game, tokens and a
board from YAML and a rulebook.md, built."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT, open_pdf, pdf_page_sizes, pdf_text, pdf_texts, terminal_sigint

TUTORIAL = ROOT / "docs" / "tutorial.md"
FENCE = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```$", re.M | re.S)
WAIT = 300
SUITS = {"Moons": "#2F4F7A", "Suns": "#946312", "Stars": "#7A2E3A"}


def blocks() -> list[tuple[str, str, str]]:
    """The tutorial's fenced blocks in order: (language, info after it, body)."""
    return [
        (m.group(1), m.group(2).strip(), m.group(3)) for m in FENCE.finditer(TUTORIAL.read_text())
    ]


def _cardgen() -> list[str]:
    return [sys.executable, "-m", "cardgen"]


def test_every_block_is_a_file_a_command_or_shown_output():
    kinds = [(lang, info.split("=")[0]) for lang, info, _ in blocks()]
    assert all(info in ("", "file", "watch") for _, info in kinds), kinds
    assert sum(lang == "sh" for lang, _ in kinds) >= 5


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    """The tutorial followed from an empty folder: the game folder it makes."""
    cwd = tmp_path_factory.mktemp("tutorial")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"  # python
    ran = []
    for lang, info, body in blocks():
        if info.startswith("file="):
            path = cwd / info.split("=", 1)[1]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(body)
            continue
        if lang != "sh" or info == "watch":
            continue
        for line in body.splitlines():
            if not line.strip():
                continue
            if line.startswith("cd "):
                cwd = cwd / line.split(maxsplit=1)[1]
                continue
            args = shlex.split(line)
            command = [*_cardgen(), *args[1:]] if args[0] == "cardgen" else ["bash", "-c", line]
            res = subprocess.run(
                command, cwd=cwd, env=env, capture_output=True, text=True, timeout=WAIT
            )
            assert res.returncode == 0, (line, res.stdout, res.stderr)
            ran.append((line, res.stdout + res.stderr))
    imported = next(out for line, out in ran if line.startswith("cardgen import"))
    shown = next(b for lang, _, b in blocks() if lang == "text")
    assert imported.strip().splitlines()[-3:] == [
        s.replace("tricks.csv into cards/", "tricks.csv into cards/") for s in shown.splitlines()
    ], imported  # the output the tutorial shows is the output
    return cwd


def test_the_tutorial_builds_the_kit_it_describes(kit):
    out = kit / "output"
    for rel in (
        "cards/pnp-a4.pdf",
        "cards/pnp-a4-mini.pdf",
        "cards/print/suits.pdf",
        "cards/print/eclipses.pdf",
        "components/tokens-a4.pdf",
        "components/table-a3.pdf",
        "components/table-tiled-a4.pdf",
        "rulebook/rulebook.pdf",
        "README.md",
    ):
        assert (out / rel).is_file(), rel
    # poker and mini cards in one game, each at its size with 1/8 in of bleed
    mm = 25.4 / 72
    suits = {
        (round(w * mm, 1), round(h * mm, 1))
        for w, h in pdf_page_sizes(out / "cards/print/suits.pdf")
    }
    eclipses = {
        (round(w * mm, 1), round(h * mm, 1))
        for w, h in pdf_page_sizes(out / "cards/print/eclipses.pdf")
    }
    assert suits == {(69.8, 95.2)} and eclipses == {(50.8, 69.8)}
    # the rulebook's numbers are the cards'
    rulebook = (out / "rulebook" / "rulebook.md").read_text()
    assert "30 cards in\n24 designs" in rulebook
    assert (
        "- [moon] **Moon**: 10 cards, its eclipse among them" in rulebook
        and "Shuffle the 3 eclipse cards" in rulebook
    )
    # the appendix's icon glossary knows the game's own icons
    assert "The moon suit." in rulebook
    text = pdf_text(out / "cards/print/suits.pdf")
    assert "Ace of Moons" in text and "Lead this card" in text


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _count(im, box_mm, colour: str, scale: float) -> int:
    k = scale * 72 / 25.4
    x, y, w, h = box_mm
    want = _rgb(colour)
    data = im.crop((round(x * k), round(y * k), round((x + w) * k), round((y + h) * k))).tobytes()
    px = (data[i : i + 3] for i in range(0, len(data), 3))
    return sum(1 for p in px if all(abs(a - b) <= 16 for a, b in zip(p, want, strict=True)))


def test_the_cards_have_the_games_own_look(kit):
    """Rasterised and measured: the band in the suit's colour, the suit icon white on it and
    the big one in the suit's colour, the corner index turned in the bottom-right corner."""
    pdf = kit / "output" / "cards" / "print" / "suits.pdf"
    b, scale = 3.175, 4.0
    texts = pdf_texts(pdf)
    aces = [next(i for i, t in enumerate(texts) if f"Ace of {s}" in t) for s in SUITS]
    with open_pdf(pdf) as doc:
        pages = {i: doc[i].render(scale=scale).to_pil().convert("RGB") for i in aces}
        tp = doc[0].get_textpage()
        search = tp.search("A", match_case=True)
        boxes = []
        while (hit := search.get_next()) is not None:
            boxes.append(tp.get_charbox(hit[0]))
        search.close()
        tp.close()
    for page, colour in zip(aces, SUITS.values(), strict=True):
        im = pages[page]
        band = (b + 1, b + 1, 30, 12)
        assert _count(im, band, colour, scale) > 5000, page
        icon = (b + 63.5 - 4 - 10.8, b + 3.6, 10.8, 10.7)  # the suit icon on the band: white
        assert _count(im, icon, "#FFFFFF", scale) > 300, page
        emblem = (b + 63.5 * 0.3, b + 88.9 * 0.33, 63.5 * 0.4, 88.9 * 0.26)
        assert _count(im, emblem, colour, scale) > 3000, page
    # the index "A" twice on the Ace of Moons: top-left, and turned in the bottom-right corner
    to_mm = 25.4 / 72
    corners = sorted(
        (round(left * to_mm, 1), round(bottom * to_mm, 1)) for left, bottom, _, _ in boxes
    )
    assert len(corners) >= 2
    (x1, y1), (x2, y2) = corners[0], corners[-1]
    assert x1 < b + 15 and y1 > 60  # top-left (PDF y grows upwards)
    assert x2 > b + 63.5 - 15 and y2 < b + 15  # bottom-right


def test_watch_sheet_as_the_tutorial_runs_it(kit):
    """`cardgen watch --sheet tricks.csv`: a save of the sheet is imported and rebuilt."""
    line = next(b for lang, info, b in blocks() if info == "watch").strip()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [*_cardgen(), *shlex.split(line)[1:], "--only", "cards"],
        cwd=kit,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=terminal_sigint,
    )
    lines: list[str] = []
    try:
        _wait_for(proc, lines, "built")
        sheet = kit / "tricks.csv"
        sheet.write_text(sheet.read_text().replace("Ace of Moons", "Ace of the Moon"))
        _wait_for(proc, lines, "rebuilt")
        assert any("tricks.csv" in x and "imported 21 card designs" in x for x in lines), lines
        assert "Ace of the Moon" in (kit / "cards" / "suits.yaml").read_text()
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, lines


def _wait_for(proc: subprocess.Popen, lines: list[str], word: str) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        line = proc.stdout.readline()  # type: ignore[union-attr]
        if not line:
            break
        lines.append(line)
        if line.startswith(word):
            return
    raise AssertionError(f"no {word!r} line: {lines}")
