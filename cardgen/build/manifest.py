"""The kit manifest: every file, its pages and contents, checked against the rulebook's list.

The rulebook's COMPONENTS section is the rules model's ``components``.  For each component,
every variant (edition) of the kit that holds it must hold exactly that many; a component no
built file holds is missing.  Components listed in ``templates/kit.yaml`` under ``external``
(e.g. the printed rulebook itself) are reported, not required.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import yaml

from cardgen.build.steps import Output
from cardgen.rules.model import RulesModel

KIT_FILE = Path(__file__).resolve().parents[2] / "templates" / "kit.yaml"
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


def external_components(path: Path = KIT_FILE) -> dict[str, str]:
    """Components the kit deliberately does not print, with the reason (``templates/kit.yaml``)."""
    if not path.is_file():
        return {}
    data = yaml.safe_load(path.read_text("utf-8")) or {}
    return {str(k): str(v) for k, v in (data.get("external") or {}).items()}


def check_components(
    outputs: list[Output], rules: RulesModel, components: set[str] | None = None
) -> list[ComponentCheck]:
    """Compare the outputs' contents with the rulebook's component counts.

    ``components`` limits the check (for a partial build); ``None`` checks them all.
    """
    external = external_components()
    expected = rules.components.model_dump()
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


def manifest_data(
    outputs: list[Output],
    records: dict[str, str],
    checks: list[ComponentCheck],
    rules: RulesModel,
    paper: str,
) -> dict:
    """The manifest as JSON-able data (sorted, so identical kits give identical manifests)."""
    return {
        "game": rules.game,
        "rulebook_version": rules.rulebook_version,
        "paper": paper,
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
