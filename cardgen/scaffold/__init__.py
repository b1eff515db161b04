"""`cardgen new`: a designer's own game folder, started from a pack's example catalogue.

The folder holds the catalogue (the pack's starter: ``rules.yaml`` and a few card files), a copy
of the pack's card layout and icons to edit, a README with the two commands (build the kit;
validate) and a pre-commit configuration.  It is written to a temporary folder beside the target
and renamed into place, so a failure leaves nothing half made.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from cardgen.pack import Pack, PackError, get_pack, installed_packs
from cardgen.util.resources import data_path

TEMPLATES = data_path("cardgen.scaffold", "templates")
CARDS = "cards"


class ScaffoldError(Exception):
    """The game folder cannot be made (unknown pack, pack without a starter, folder in use)."""


@dataclass(frozen=True)
class NewGame:
    """What :func:`new_game` made: the folder and its files (relative, sorted)."""

    folder: Path
    files: tuple[str, ...]


def starter_packs() -> list[str]:
    """The ids of the installed packs that ship a starter catalogue."""
    return [p.game_type.id for p in installed_packs() if p.starter is not None]


def new_game(folder: str | os.PathLike[str], pack_id: str, *, name: str | None = None) -> NewGame:
    """Make ``folder`` a new game of pack ``pack_id`` (named ``name``, else the starter's name).

    The folder must not exist or be empty; raises :class:`ScaffoldError` otherwise."""
    target = Path(folder)
    try:
        pack = get_pack(pack_id)
    except PackError as exc:
        raise ScaffoldError(str(exc)) from None
    if pack.starter is None:
        raise ScaffoldError(
            f"the {pack.game_type.name} pack has no starter catalogue; "
            f"packs with one: {', '.join(starter_packs())}"
        )
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise ScaffoldError(f"{target} already exists and is not an empty folder")
    target.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        _write(stage, pack, name)
        if target.exists():
            target.rmdir()
        os.replace(stage, target)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    files = sorted(p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file())
    return NewGame(target, tuple(files))


def _write(root: Path, pack: Pack, name: str | None) -> None:
    import jinja2

    cards = root / CARDS
    shutil.copytree(pack.data / str(pack.starter), cards)
    rules_file = cards / "rules.yaml"
    rules = rules_file.read_text("utf-8")
    if name:
        rules, n = re.subn(r"(?m)^game:.*$", f"game: {_yaml_str(name)}", rules, count=1)
        if not n:
            rules += f"game: {_yaml_str(name)}\n"
        rules_file.write_text(rules, "utf-8")
    game = name or _game_name(rules) or root.name
    shutil.copy2(pack.data / pack.layout_file, cards / pack.layout_file)
    icons = pack.data / "icons"
    if icons.is_dir():
        shutil.copytree(icons, cards / "icons")
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        keep_trailing_newline=True,
        autoescape=False,
        undefined=jinja2.StrictUndefined,
    )
    context = {
        "game": game,
        "pack_name": pack.game_type.name,
        "rules_summary": pack.game_type.description,
        "card_files": sorted(
            p.name for p in cards.glob("*.yaml") if p.name not in ("rules.yaml", "layout.yaml")
        ),
        "icons": (cards / "icons").is_dir(),
    }
    for template, out in (
        ("README.md.j2", "README.md"),
        ("pre-commit-config.yaml.j2", ".pre-commit-config.yaml"),
        ("gitignore.j2", ".gitignore"),
    ):
        (root / out).write_text(env.get_template(template).render(context), "utf-8")


def _game_name(rules: str) -> str | None:
    m = re.search(r"(?m)^game:\s*(.+?)\s*$", rules)
    return m.group(1).strip("\"'") if m else None


def _yaml_str(text: str) -> str:
    """``text`` as a YAML scalar (quoted, so any name is read back as written)."""
    import json

    return json.dumps(text, ensure_ascii=False)
