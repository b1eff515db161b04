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
from cardgen.util.files import describe_os_error
from cardgen.util.resources import data_path

TEMPLATES = data_path("cardgen.scaffold", "templates")
#: games whose rules are data (``starters/ID/cards/play.yaml``): starters with no Python,
#: each on a pack's cards (its ``rules.yaml`` names the pack)
STARTERS = data_path("cardgen.scaffold", "starters")
CARDS = "cards"


class ScaffoldError(Exception):
    """The game folder cannot be made (unknown pack, pack without a starter, folder in use)."""


@dataclass(frozen=True)
class NewGame:
    """What :func:`new_game` made: the folder and its files (relative, sorted)."""

    folder: Path
    files: tuple[str, ...]


def starter_packs() -> list[str]:
    """The ids of the installed packs that ship a starter catalogue, then of the starters
    whose rules are data (``--game trick-taking``)."""
    packs = [p.game_type.id for p in installed_packs() if p.catalogue.starter is not None]
    return packs + [s for s in data_starters() if s not in packs]


def data_starters() -> list[str]:
    """The starters whose rules are described in data (a folder of :data:`STARTERS` holding
    ``cards/rules.yaml``), by id."""
    if not STARTERS.is_dir():
        return []
    return sorted(p.name for p in STARTERS.iterdir() if (p / CARDS / "rules.yaml").is_file())


def new_game(folder: str | os.PathLike[str], pack_id: str, *, name: str | None = None) -> NewGame:
    """Make ``folder`` a new game of pack ``pack_id`` (named ``name``, else the starter's name).

    The folder must not exist or be an empty folder (a symlink to one: the game is made
    there); raises :class:`ScaffoldError` otherwise, and when it cannot be written, leaving
    nothing behind."""
    target = Path(folder)
    starter = None
    if pack_id in data_starters() and pack_id not in [p.game_type.id for p in installed_packs()]:
        starter = STARTERS / pack_id
        m = re.search(r"(?m)^pack:\s*(\S+)", (starter / CARDS / "rules.yaml").read_text("utf-8"))
        pack_id = m.group(1) if m else pack_id
    try:
        pack = get_pack(pack_id)
    except PackError as exc:
        raise ScaffoldError(str(exc)) from None
    if pack.catalogue.starter is None and starter is None:
        raise ScaffoldError(
            f"the {pack.game_type.name} pack has no starter catalogue; "
            f"packs with one: {', '.join(starter_packs())}"
        )
    if name is not None and (why := name_problem(name)):
        raise ScaffoldError(f"the name {name!r} {why}")
    try:
        target = _free_target(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=".cardgen-new-", dir=target.parent))
    except OSError as exc:
        raise ScaffoldError(f"cannot make {folder}: {describe_os_error(exc, folder)}") from None
    try:
        stage.chmod(0o777 & ~_umask())  # a game folder, not a private one (mkdtemp: 0700)
        _write(stage, pack, name, starter)
        if target.exists():
            target.rmdir()
        os.replace(stage, target)
    except OSError as exc:
        shutil.rmtree(stage, ignore_errors=True)
        raise ScaffoldError(f"cannot make {folder}: {describe_os_error(exc, folder)}") from None
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    files = sorted(p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file())
    return NewGame(Path(folder), tuple(files))


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a game's name (``validate`` would refuse it, or it would break
    the README's title), or None."""
    from cardgen.catalogue.text_checks import bad_character, describe

    if not name.strip():
        return "is empty"
    longest = _max_name_length()
    if len(name) > longest:
        return f"has {len(name)} characters; a game's name has at most {longest}"
    for ch in name:
        if ch == "\n" or bad_character(ch):
            return f"holds {describe(ch)}; a name is one line of printable text"
    return None


def _max_name_length() -> int:
    """The longest name ``rules.yaml``'s ``game:`` takes (the rules model's bound)."""
    from annotated_types import MaxLen

    from cardgen.catalogue.models import RulesBase

    field = RulesBase.model_fields["game"]
    return next(m.max_length for m in field.metadata if isinstance(m, MaxLen))


def _free_target(target: Path) -> Path:
    """The folder to make the game in: ``target``, or the folder a symlink there points to;
    raises :class:`ScaffoldError` when it is taken."""
    if target.is_symlink():
        if not target.exists():
            raise ScaffoldError(
                f"{target} is a broken symlink (to {os.readlink(target)!r}, which does not exist)"
            )
        target = target.resolve()
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise ScaffoldError(f"{target} already exists and is not an empty folder")
    for parent in target.parents:  # a part of the path that is a file
        if parent.exists() and not parent.is_dir():
            raise ScaffoldError(f"cannot make {target}: {parent} is a file, not a folder")
    return target


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write(root: Path, pack: Pack, name: str | None, starter: Path | None = None) -> None:
    """The game folder in ``root``: the pack's starter, or ``starter`` (a folder of
    :data:`STARTERS`: its cards, rules described in data, and scenarios) on the pack's
    layout and icons."""
    import jinja2

    cards = root / CARDS
    shutil.copytree(starter / CARDS if starter else pack.data / str(pack.catalogue.starter), cards)
    rules_file = cards / "rules.yaml"
    rules = rules_file.read_text("utf-8")
    if name:
        line = f"game: {_yaml_str(name)}"
        rules, n = re.subn(r"(?m)^game:.*$", lambda _: line, rules, count=1)
        if not n:
            rules += f"{line}\n"
        rules_file.write_text(rules, "utf-8")
    game = name or _game_name(rules) or root.name
    described_rules = cards / "play.yaml"
    if starter and name and described_rules.is_file():  # the rules' own name of the game
        text = described_rules.read_text("utf-8")
        quoted = _yaml_str(name)
        text = re.sub(r"(?m)^(  name:[ \t]*).*$", lambda m: m.group(1) + quoted, text, count=1)
        described_rules.write_text(text, "utf-8")
    engine = _engine_file(rules)
    if engine and not (cards / engine).exists() and (pack.data / engine).is_file():
        shutil.copy2(pack.data / engine, cards / engine)  # the game's own copy of its rules
    described = pack.data / "play.yaml"  # the same rules described in data (Harbour Bid's)
    if starter is None and described.is_file() and not (cards / "play.yaml").exists():
        shutil.copy2(described, cards / "play.yaml")
    scenarios = (starter or pack.data) / "scenarios"
    if scenarios.is_dir():
        shutil.copytree(scenarios, root / "scenarios")
    if not (cards / pack.print.layout_file).exists():  # a starter may draw its own cards
        shutil.copy2(pack.data / pack.print.layout_file, cards / pack.print.layout_file)
    icons = pack.data / "icons"
    if icons.is_dir():
        shutil.copytree(icons, cards / "icons")
    from cardgen.catalogue.sheet_source import record_files

    record_files(cards)  # the starter's card files: cardgen's, so an import may replace them
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
            p.name
            for p in cards.glob("*.yaml")
            if p.name not in ("rules.yaml", "layout.yaml", "source.yaml", "play.yaml")
        ),
        "icons": (cards / "icons").is_dir(),
        "engine": engine if engine and (cards / engine).is_file() else None,
        "described": bool(engine and engine.endswith((".yaml", ".yml"))),
        "also_described": bool(engine and engine.endswith(".py"))
        and (cards / "play.yaml").is_file(),
        "scenarios": (root / "scenarios").is_dir(),
    }
    for template, out in (
        ("README.md.j2", "README.md"),
        ("pre-commit-config.yaml.j2", ".pre-commit-config.yaml"),
        ("gitignore.j2", ".gitignore"),
    ):
        (root / out).write_text(env.get_template(template).render(context), "utf-8")


def _engine_file(rules: str) -> str | None:
    """The ``engine:`` file a starter's ``rules.yaml`` names (its own rules), or None."""
    m = re.search(r"(?m)^engine:\s*(\S+?)\s*(#.*)?$", rules)
    return m.group(1).strip("\"'") if m else None


def _game_name(rules: str) -> str | None:
    m = re.search(r"(?m)^game:\s*(.+?)\s*$", rules)
    return m.group(1).strip("\"'") if m else None


def _yaml_str(text: str) -> str:
    """``text`` as a YAML scalar (quoted, so any name is read back as written)."""
    import json

    return json.dumps(text, ensure_ascii=False)
