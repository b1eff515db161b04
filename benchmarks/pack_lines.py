"""Lines of Python per game pack, by role, now and at an earlier commit.

    python benchmarks/pack_lines.py                 # this checkout
    python benchmarks/pack_lines.py --baseline REV  # REV's figures beside (git show, no checkout)

Roles, by file:

* rules — the game's rules: the engine's state, phases, actions, its compiled game;
* declaration — the engine's definition on the kit (facts, grammar, events, vocabulary);
* ai — the game's own heuristics: evaluation, rollout policy, its own bots;
* metrics — balance figures only this game has (beyond the kit's per-design figures);
* migration — the reader of the pack's old scenario format (``cardgen scenario upgrade``,
  retired after cardgen 0.1.0: only an older ``--baseline`` has it);
* plumbing — what only wires the game to the tool: logs, replays, bot registries, search
  adapters, scenario runners, simulation loops, re-exports;
* models, checks, text, layout, components, docs, pack — the catalogue and print side.

Counted: physical lines (``wc -l``), as the issue that asked for these figures counted them.
"""

from __future__ import annotations

import argparse
import re
import subprocess
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKS = ("attack_right", "attack_the_tower", "greedy_kingdoms", "authority", "castle_rampage",
         "harbour_bid")  # fmt: skip
ROLES = ("rules", "declaration", "ai", "metrics", "migration", "plumbing", "models", "checks",
         "text", "layout", "components", "docs", "pack")  # fmt: skip

#: (pattern of the path inside the pack, role): the first match wins
RULES: tuple[tuple[str, str], ...] = (
    (r"^engine/definition\.py$", "declaration"),
    (r"^engine/(ai|heuristics)\.py$", "ai"),
    (r"^engine/(bots|search)\.py$", "plumbing"),  # the old packs: registries and adapters
    (r"^engine/metrics\.py$", "metrics"),
    (r"^engine/upgrade\.py$", "migration"),
    (r"^engine/(log|views)\.py$", "plumbing"),
    (r"^engine/__init__\.py$", "plumbing"),
    (r"^engine/", "rules"),
    (r"^rules\.py$", "rules"),
    (r"^_?scenario", "plumbing"),
    (r"^simulation/(balance|report|targets|warnings)\.py$", "metrics"),
    (r"^simulation/(seat_bots|search_bot)\.py$", "plumbing"),
    (r"^simulation", "plumbing"),
    (r"^odds\.py$", "docs"),
    (r"^(model|types|cards|effects)\.py$", "models"),
    (r"^(checks|card_checks|codes|clarifications)\.py$", "checks"),
    (r"^(text|icon_tokens|reference)\.py$", "text"),
    (r"^(fields|face|back|layout)\.py$", "layout"),
    (r"^components", "components"),
    (r"^docs", "docs"),
    (r"^(pack|__init__)\.py$", "pack"),
)


def role_of(path: str) -> str:
    for pattern, role in RULES:
        if re.search(pattern, path):
            return role
    return "other"


def count(text: str) -> int:
    return len(text.splitlines())


def measure(rev: str | None) -> dict[str, dict[str, int]]:
    """Lines per role of every pack, in this checkout (``rev`` None) or at ``rev``."""
    out: dict[str, dict[str, int]] = {}
    for pack in PACKS:
        base = f"cardgen/packs/{pack}"
        if rev is None:
            files = {p.relative_to(ROOT / base).as_posix(): p.read_text("utf-8")
                     for p in (ROOT / base).rglob("*.py")}  # fmt: skip
        else:
            cmd = ["git", "ls-tree", "-r", "--name-only", rev, base]
            listed = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, check=True)
            files = {}
            for name in listed.stdout.split():
                if name.endswith(".py"):
                    shown = subprocess.run(["git", "show", f"{rev}:{name}"], capture_output=True,
                                           text=True, cwd=ROOT, check=True)  # fmt: skip
                    files[name[len(base) + 1 :]] = shown.stdout
        if not files:
            continue
        roles: dict[str, int] = defaultdict(int)
        for path, text in files.items():
            roles[role_of(path)] += count(text)
        out[pack] = dict(roles)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", help="a git revision to count beside this checkout")
    ap.add_argument("--files", action="store_true", help="list each file with its role")
    args = ap.parse_args()
    if args.files:
        for pack in PACKS:
            for p in sorted((ROOT / "cardgen/packs" / pack).rglob("*.py")):
                rel = p.relative_to(ROOT / "cardgen/packs" / pack).as_posix()
                print(f"{role_of(rel):12} {pack}/{rel}")
        return
    now = measure(None)
    before = measure(args.baseline) if args.baseline else {}
    roles = [r for r in (*ROLES, "other") if any(r in v for v in (*now.values(), *before.values()))]
    print(f"{'pack':18} " + " ".join(f"{r[:11]:>11}" for r in roles))
    for pack in PACKS:
        for label, table in (("before", before), ("now", now)):
            if pack not in table:
                continue
            row = table[pack]
            name = f"{pack} ({label})" if before else pack
            print(f"{name:18} " + " ".join(f"{row.get(r, 0):>11}" for r in roles))


if __name__ == "__main__":
    main()
