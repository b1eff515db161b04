"""Icon tokens in card text: ``{name}`` stands for the pack's icon ``name``, drawn from the SVG
file ``icons/<name>.svg`` beside the catalogue's ``rules.yaml`` or, failing that, in the pack."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.util.icon_names import ICON_FOLDER, TOKEN, tokens_in

if TYPE_CHECKING:
    from cardgen.pack import Pack

__all__ = ["ICON_FOLDER", "TOKEN", "catalogue_icons", "own_icons", "tokens_in"]

_TITLE = re.compile(rb"<title[^>]*>\s*([^<]{1,80}?)\s*</title>")


def own_icons(root: Path, *, titled: bool = False) -> dict[str, str]:
    """The icons of a catalogue folder's own ``icons/`` (name -> what it stands for: the SVG's
    ``<title>``, else its name), by name; ``titled``: only those with a ``<title>``."""
    folder = Path(root) / ICON_FOLDER
    try:
        paths = sorted(
            p for p in folder.iterdir() if p.suffix == ".svg" and TOKEN.fullmatch(f"{{{p.stem}}}")
        )
    except OSError:
        return {}
    out = {}
    for path in paths:
        try:
            head = path.read_bytes()[:4096]
        except OSError:
            head = b""
        m = _TITLE.search(head)
        if titled and m is None:
            continue
        out[path.stem] = m.group(1).decode("utf-8", "replace") if m else path.stem.replace("-", " ")
    return out


def catalogue_icons(pack: Pack, rules: Any, root: Path | None) -> dict[str, str]:
    """Every ``{token}`` a catalogue may use, with what it stands for: the pack's, then the
    catalogue's own icons (``icons/<name>.svg`` beside rules.yaml) that the pack lacks."""
    labels = dict(pack.print.icon_tokens(rules))
    if root is not None:
        for name, label in own_icons(root, titled=True).items():
            labels[name] = label  # a drawing of the game's own says what it means
        for name, label in own_icons(root).items():
            labels.setdefault(name, label)
    return labels
