"""The print guide (``output/README.md``): what each file of the kit is and how to print it.

Written from the manifest data, with the instructions of the kit settings' ``guide``
(:func:`cardgen.build.manifest.kit_settings`).
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import PurePosixPath

from cardgen.render.geometry import PAPERS

GUIDE_FILE = "README.md"
LIST_AT_MOST = 12  # longer variants are summarised folder by folder


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def guide_markdown(manifest: dict, settings: dict) -> str:
    """The guide as markdown, from :func:`cardgen.build.manifest.manifest_data`'s result and
    the kit settings' ``guide``."""
    paper = manifest["paper"]
    # a variant of every paper: the print-and-play sheets may be on several
    howto: dict[str, str] = {}
    for k, v in (settings.get("variants") or {}).items():
        for each in dict.fromkeys((paper, *PAPERS)):
            howto.setdefault(k.format(paper=each), v.format(paper=each.upper()))
    lines = [f"# {settings.get('title', '{game}').format(game=manifest['game'])}", ""]
    if settings.get("intro"):
        lines += [settings["intro"], ""]
    sets = manifest.get("sets")
    if sets:
        times = "twice" if sets["count"] == 2 else f"{sets['count']} times"
        lines += [f"**Print this kit {times}**: {sets['why']} The counts below are per set.", ""]
    lines += ["## Components", "", "| component | rulebook | in the kit |", "|---|---:|---|"]
    for c in manifest["components"]:
        found = ", ".join(f"{v}: {n}" for v, n in c["variants"].items())
        found = found or f"not printed: {c.get('external', 'missing')}"
        lines.append(f"| {c['component'].replace('_', ' ')} | {c['rulebook']} | {_cell(found)} |")
    by_variant: dict[str, list[dict]] = defaultdict(list)
    for f in manifest["files"]:
        by_variant[f["variant"]].append(f)
    order = [v for v in howto if v in by_variant] + sorted(set(by_variant) - set(howto))
    for variant in order:
        files = by_variant[variant]
        lines += ["", f"## {variant}", ""]
        if variant in howto:
            lines += [howto[variant], ""]
        if len(files) > LIST_AT_MOST:
            folders: dict[str, int] = defaultdict(int)
            for f in files:
                folders[str(PurePosixPath(f["path"]).parent)] += 1
            lines += ["| folder | files |", "|---|---:|"]
            lines += [f"| `{d}/` | {n} |" for d, n in sorted(folders.items())]
            continue
        lines += ["| file | pages | what it holds |", "|---|---:|---|"]
        for f in files:
            pages = f["pages"] if f["pages"] is not None else ""
            lines.append(f"| `{f['path']}` | {pages} | {_cell(f['description'])} |")
    return "\n".join(lines) + "\n"
