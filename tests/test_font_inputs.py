"""Hostile fonts: a layout's font naming a FIFO, a device, /proc/self/environ, a path outside the
font folder, a file that is not a font or one past the size bound.  Each is an error naming
the font and the layout line, quickly, and never echoing what the file holds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from catalogue_edits import copy_catalogue
from conftest import FIXTURES

from cardgen.catalogue import validate
from cardgen.checks import standard
from cardgen.diagnostics import DiagnosticError
from cardgen.render.fonts import FONT_DIR, register_font

PLAIN_LAYOUT = Path(__file__).resolve().parents[1] / "cardgen" / "packs" / "plain" / "layout.yaml"


def _with_font(tmp_path: Path, font: str) -> Path:
    cards = copy_catalogue(FIXTURES / "plain", tmp_path)
    text = PLAIN_LAYOUT.read_text(encoding="utf-8")
    assert "regular: DejaVuSansCondensed.ttf" in text
    text = text.replace("regular: DejaVuSansCondensed.ttf", f"regular: {font}", 1)
    (cards / "layout.yaml").write_text(text, encoding="utf-8")
    return cards


@pytest.mark.parametrize(
    "font, why",
    [
        ("/proc/self/environ", "not a path"),
        ("/dev/zero", "not a path"),
        (str(FONT_DIR / "DejaVuSansCondensed.ttf"), "not a path"),
        ("../../../../../../../etc/hostname", "not a path"),
        ("NoSuchFont.ttf", "not found"),
    ],
)
def test_a_font_outside_the_font_folder_is_an_error_at_the_layout_line(tmp_path, font, why):
    register_font("DejaVuSansCondensed", "DejaVuSansCondensed.ttf")  # as after any render
    cards = _with_font(tmp_path, font)
    result = validate(cards, extra_checks=standard(), use_cache=False)
    errors = [d for d in result.errors if d.code == "E001"]
    assert errors, result.diagnostics
    (error,) = errors
    assert why in error.message, error
    assert error.position.file.endswith("layout.yaml") and error.position.line > 1, error
    for value in os.environ.values():  # nothing of /proc/self/environ is shown
        if len(value) > 6 and value not in font:
            assert value not in error.message


def _fonts_folder(tmp_path: Path, name: str, make) -> Path:
    folder = tmp_path / "fonts"
    folder.mkdir()
    make(folder / name)
    return folder


CASES = {
    "fifo": (lambda p: os.mkfifo(p), "FIFO"),
    "device": (lambda p: p.symlink_to("/dev/zero"), "character device"),
    "text": (lambda p: p.write_text("SHELL=/bin/secret-value\n"), "not a TrueType font"),
    "too large": (lambda p: p.write_bytes(b"") or os.truncate(p, 40 * 2**20), "over"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_font_file_that_is_not_a_font_is_refused_quickly(tmp_path, case):
    """In a child process under a timeout: a FIFO font hung validate and render, /dev/zero
    read until memory ran out; reportlab's error showed the file's first bytes."""
    make, why = CASES[case]
    folder = _fonts_folder(tmp_path, "Mine.ttf", make)
    code = (
        "import sys; from pathlib import Path\n"
        "from cardgen.diagnostics import DiagnosticError\n"
        "from cardgen.render.fonts import register_font\n"
        "try:\n"
        f"    register_font('Mine{case.replace(' ', '')}', 'Mine.ttf', Path({str(folder)!r}))\n"
        "except DiagnosticError as exc:\n"
        "    print(exc.diagnostics[0].message)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0 and why in done.stdout, done.stdout + done.stderr
    assert "secret-value" not in done.stdout and "0x" not in done.stdout


def test_a_good_font_in_a_folder_is_registered(tmp_path):
    import shutil

    folder = tmp_path / "fonts"
    folder.mkdir()
    shutil.copy(FONT_DIR / "DejaVuSansCondensed-Bold.ttf", folder / "MyBold.ttf")
    assert register_font("MyBoldTest", "MyBold.ttf", folder) == "MyBoldTest"
    with pytest.raises(DiagnosticError):
        register_font("Escapes", "../fonts/MyBold.ttf", folder)
