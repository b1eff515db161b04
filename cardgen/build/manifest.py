"""The kit manifest: every file, its pages and contents, checked against the rulebook's list.

The pack says how many of each component the game has (``Pack.component_counts``; Attack
Right's rulebook COMPONENTS are its rules model's ``components``).  For each component, every
variant (edition) of the kit that holds it must hold exactly that many; a component no built
file holds is missing.  Components listed under ``external`` in the kit settings
(:func:`kit_settings`) are reported, not required.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from cardgen.build.steps import Output
from cardgen.util.resources import data_path

KIT_FILE = data_path("cardgen.build", "kit.yaml")
MANIFEST_FILE = "manifest.json"


@dataclass(frozen=True)
class ComponentCheck:
    component: str
    expected: int
    found: dict[str, int]  # variant -> count
    external: str | None = None  # why the kit does not print it

    @property
    def problems(self) -> list[str]:
        if self.external is not None:
            return []
        if not self.found:
            return [f"{self.component}: the rulebook lists {self.expected}, the kit has none"]
        return [
            f"{self.component}: the rulebook lists {self.expected}, variant {v!r} has {n}"
            for v, n in sorted(self.found.items())
            if n != self.expected
        ]


def _read(path: Path) -> dict:
    import yaml

    return (yaml.safe_load(path.read_text("utf-8")) or {}) if path.is_file() else {}


def kit_settings(pack_data: Path | None = None) -> dict:
    """The kit settings: cardgen's ``build/kit.yaml``, with the pack's ``kit.yaml`` (if any)
    replacing its ``external`` components and adding to its ``guide``; its ``sets`` (``count``
    and ``why``) says how many times a game prints the kit (Attack the Tower: an army per
    player), None for once."""
    base = _read(KIT_FILE)
    own = _read(pack_data / "kit.yaml") if pack_data is not None else {}
    base_guide, own_guide = base.get("guide") or {}, own.get("guide") or {}
    guide = {**base_guide, **own_guide}
    guide["variants"] = {**base_guide.get("variants", {}), **own_guide.get("variants", {})}
    external = own["external"] if "external" in own else base.get("external")
    sets = own.get("sets")
    return {
        "external": {str(k): str(v) for k, v in (external or {}).items()},
        "guide": guide,
        "sets": {"count": int(sets["count"]), "why": str(sets["why"])} if sets else None,
    }


def check_components(
    outputs: list[Output],
    expected: dict[str, int],
    external: dict[str, str],
    components: set[str] | None = None,
) -> list[ComponentCheck]:
    """Compare the outputs' contents with the game's component counts (``expected``).

    ``components`` limits the check (for a partial build); ``None`` checks them all.
    """
    found: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for out in outputs:
        for comp, n in out.contains.items():
            found[comp][out.variant] += n
    checks = [
        ComponentCheck(comp, n, dict(found.get(comp, {})), external.get(comp))
        for comp, n in expected.items()
        if components is None or comp in components
    ]
    unknown = sorted(set(found) - set(expected))
    checks += [ComponentCheck(comp, 0, dict(found[comp])) for comp in unknown]
    return checks


class _Rules(Protocol):
    """What the manifest reads of a game's rules model."""

    @property
    def game(self) -> str: ...


def manifest_data(
    outputs: list[Output],
    records: dict[str, str],
    checks: list[ComponentCheck],
    rules: _Rules,
    paper: str,
    sets: dict | None = None,
) -> dict:
    """The manifest as JSON-able data (sorted, so identical kits give identical manifests);
    ``sets``: how many times a game prints the kit, and why (the counts are per set)."""
    version = getattr(rules, "rulebook_version", None)
    return {
        "game": rules.game,
        **({"rulebook_version": version} if version is not None else {}),
        "paper": paper,
        **({"sets": sets} if sets else {}),
        "components": [
            {
                "component": ch.component,
                "rulebook": ch.expected,
                "variants": dict(sorted(ch.found.items())),
                **({"external": ch.external} if ch.external else {}),
                "ok": not ch.problems,
            }
            for ch in checks
        ],
        "files": [
            {**o.to_dict(), "sha256": records.get(o.path, "")}
            for o in sorted(outputs, key=lambda o: o.path)
        ],
    }


def manifest_json(data: dict) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def read_checks(path: Path) -> list[ComponentCheck]:
    """The component checks recorded in a manifest file (empty if unreadable)."""
    try:
        data = json.loads(path.read_text("utf-8"))
        return [
            ComponentCheck(c["component"], c["rulebook"], dict(c["variants"]), c.get("external"))
            for c in data["components"]
        ]
    except (OSError, ValueError, KeyError, TypeError):
        return []
