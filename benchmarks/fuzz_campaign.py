"""The fuzz campaign of the hardening: many hostile inputs, counted.

It drives the strategies of ``tests/test_fuzz_inputs.py`` (hypothesis, derandomised, so a
campaign is repeatable) far beyond the test suite's examples, and its explicit cases of files:

* ``rules``: rules.yaml with values replaced by huge, fractional, boolean, hostile-text or
  nested ones, or deleted;
* ``texts``: card names and flavours of hostile text (control and invisible characters, CJK,
  emoji, right-to-left, malformed icon tokens, markdown/HTML), with structural damage to the
  file (600 nested brackets, tabs, NUL, aliases) in half of them;
* ``fields``: card fields given hostile values of every type;
* ``files``: FIFOs, sockets, broken symlinks, symlink loops, binary, huge and 100000-deep
  files, alias bombs, each through ``validate``, ``render`` and ``build`` in a subprocess;
* ``surfaces``: the surfaces of the second round (``benchmarks/_fuzz_surfaces.py``): ``cardgen
  new`` into odd places and names, hostile icons through validate and appendix, layouts and
  fonts, art and scenario ``cards:`` paths in every pack, the rules numbers that set the work,
  spreadsheets past the limits, an import that cannot be written whole, comments and formula
  cells through export and import, ``simulate --dask`` against servers that are not Dask, and
  files linked to a secret that no error may echo.  Each also counts *data lost*: a refused
  command that changed the designer's files, or a round trip that dropped what they wrote.

Every in-process input is validated (``texts`` with the print preflight) under a 60 s alarm;
one in ``--sample`` also goes through ``cardgen validate``, ``render -p pnp`` and ``build --only
appendix`` in subprocesses under a timeout, which must agree with the in-process verdict.  An
input counts as

* a clean rejection: errors, each at a file (and a line of a YAML file), exit 1;
* accepted: valid — and *wrongly accepted* if it breaks what the checks promise (the oracle of
  the tests: bounds and cross-checks of the rules, no refused character, no malformed token,
  every character drawable);
* a traceback: an exception in process, or "Traceback" from a subprocess;
* a hang: the alarm or a subprocess timeout.

    nice -n 10 python benchmarks/fuzz_campaign.py --examples 600 --sample 40

It ends with a table, per surface: inputs tried / clean / traceback / hang / wrongly accepted /
data lost.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import yaml  # noqa: E402
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from test_fuzz_inputs import (  # noqa: E402
    BAD_INPUTS,
    FIXTURE,
    mutated_card_fields,
    mutated_cards,
    mutated_rules,
    validated_text,
    wrongly_accepted_rules,
)

from cardgen.catalogue.text_checks import bad_character, token_problems  # noqa: E402
from cardgen.checks import standard  # noqa: E402

ALARM = 60
counts: Counter = Counter()
examples: dict[str, list] = {"tracebacks": [], "hangs": [], "wrongly_accepted": []}


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang


def _subprocess_agrees(work: Path, file: str, text: str, valid: bool, kind: str) -> None:
    """Run the input through the three commands; count tracebacks, hangs and disagreements."""
    import subprocess

    from catalogue_edits import copy_catalogue

    for command in ("validate", "render", "build"):
        base = work / f"sub-{counts['subprocess runs']}"
        cat = copy_catalogue(FIXTURE, base)
        (cat / file).write_text(text, encoding="utf-8")
        args = [sys.executable, "-m", "cardgen", command, str(cat)]
        if command == "render":
            args += ["-o", str(base / "out"), "-p", "pnp"]
        elif command == "build":
            args += ["-o", str(base / "out"), "--only", "appendix"]
        counts["subprocess runs"] += 1
        try:
            proc = subprocess.run(args, capture_output=True, text=True, timeout=600, check=False)
        except subprocess.TimeoutExpired:
            counts["hangs"] += 1
            examples["hangs"].append((kind, command, text[:200]))
            continue
        if "Traceback" in proc.stderr:
            counts["tracebacks"] += 1
            examples["tracebacks"].append((kind, command, proc.stderr[-800:]))
        elif proc.returncode != (0 if valid else 1):
            counts["subprocess disagreements"] += 1
            examples.setdefault("disagreements", []).append(
                (kind, command, proc.returncode, proc.stderr[-400:])
            )
        shutil.rmtree(base, ignore_errors=True)


def _texts_ok(texts: list[str]) -> bool:
    from test_fuzz_inputs import _drawable

    return all(
        not any(bad_character(ch) for ch in s) and not list(token_problems(s)) and _drawable(s)
        for s in texts
    )


def run_one(kind: str, file: str, text: str, work: Path, checks, oracle, sample: int) -> None:
    counts["inputs"] += 1
    counts[f"inputs:{kind}"] += 1
    signal.alarm(ALARM)
    try:
        result = validated_text(work / f"in-{counts['inputs']}", file, text, checks)
    except Hang:
        counts["hangs"] += 1
        examples["hangs"].append((kind, "validate", text[:200]))
        return
    except AssertionError as exc:  # an error without a position
        counts["rejected without a position"] += 1
        examples.setdefault("no position", []).append((kind, str(exc)[:300]))
        return
    except Exception:
        counts["tracebacks"] += 1
        examples["tracebacks"].append((kind, "validate", traceback.format_exc()[-800:]))
        return
    finally:
        signal.alarm(0)
        shutil.rmtree(work / f"in-{counts['inputs']}", ignore_errors=True)
    if result.ok:
        counts["accepted"] += 1
        bad = oracle(result)
        if bad:
            counts["wrongly accepted"] += 1
            examples["wrongly_accepted"].append((kind, bad, text[:300]))
    else:
        counts["clean rejections"] += 1
        counts.update(f"code:{d.code}" for d in result.errors)
    if sample and counts["inputs"] % sample == 0:
        _subprocess_agrees(work, file, text, result.ok, kind)


def campaign(kind: str, strategy, n: int, work: Path, sample: int) -> None:
    """Run ``n`` derandomised examples of ``strategy`` through :func:`run_one`."""
    file = "rules.yaml" if kind == "rules" else "battle.yaml"
    checks = standard() if kind == "texts" else ()

    def oracle(result):
        if kind == "rules":
            return wrongly_accepted_rules(result.catalogue.rules, current["raw"])
        if kind == "texts":
            return [] if _texts_ok(current["texts"]) else ["texts"]
        return []

    current: dict = {}

    @settings(
        max_examples=n,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def drive(case):
        text, texts = case if isinstance(case, tuple) else (case, [])
        current["texts"] = texts
        try:
            current["raw"] = yaml.safe_load(text) if kind == "rules" else None
        except yaml.YAMLError:
            current["raw"] = None
        run_one(kind, file, text, work, checks, oracle, sample)

    drive()


def files_campaign(work: Path) -> None:
    """The explicit bad files, each through the three commands in subprocesses."""
    import subprocess

    from catalogue_edits import copy_catalogue

    for case, (setup, _at_line) in sorted(BAD_INPUTS.items()):
        for command in ("validate", "render", "build"):
            base = work / f"file-{counts['inputs']}"
            cat = copy_catalogue(FIXTURE, base)
            setup(cat)
            args = [sys.executable, "-m", "cardgen", command, str(cat)]
            if command != "validate":
                args += ["-o", str(base / "out")]
            counts["inputs"] += 1
            counts["inputs:files"] += 1
            try:
                proc = subprocess.run(args, capture_output=True, text=True, timeout=600)
            except subprocess.TimeoutExpired:
                counts["hangs"] += 1
                examples["hangs"].append(("files", case, command))
                continue
            if "Traceback" in proc.stderr:
                counts["tracebacks"] += 1
                examples["tracebacks"].append(("files", case, proc.stderr[-800:]))
            elif proc.returncode == 1:
                counts["clean rejections"] += 1
            else:
                counts["wrongly accepted"] += 1
                examples["wrongly_accepted"].append(("files", case, command, proc.returncode))
            shutil.rmtree(base, ignore_errors=True)


def _tally(surface: str, before: Counter) -> None:
    """The counts of one of the first round's kinds as a surface's row."""
    d = counts.copy()
    d.subtract(before)
    per[surface] = Counter(
        {
            "tried": d["inputs"],
            "clean": d["clean rejections"] + d["accepted"] - d["wrongly accepted"],
            "traceback": d["tracebacks"],
            "hang": d["hangs"],
            "wrongly accepted": d["wrongly accepted"] + d["rejected without a position"],
        }
    )


def surfaces_campaign(work: Path, only: str | None) -> None:
    """Every case of :mod:`_fuzz_surfaces`, counted per surface."""
    import subprocess

    from _fuzz_surfaces import Traceback, surfaces

    for surface, cases in surfaces().items():
        if only and only not in surface:
            continue
        for name, case in cases.items():
            folder = work / f"case-{counts['inputs']}"
            folder.mkdir()
            counts["inputs"] += 1
            per[surface]["tried"] += 1
            try:
                outcome = case(folder)
            except subprocess.TimeoutExpired as exc:
                outcome = "hang"
                examples["hangs"].append((surface, name, str(exc.cmd)[-200:]))
            except Traceback as exc:
                outcome = "traceback"
                examples["tracebacks"].append((surface, name, str(exc)))
            except Exception:  # the case itself failed: counted apart, never as clean
                outcome = "harness error"
                examples.setdefault("harness", []).append((surface, name, traceback.format_exc()))
            if outcome == "wrongly accepted":
                examples["wrongly_accepted"].append((surface, name))
            elif outcome == "data lost":
                examples.setdefault("data_lost", []).append((surface, name))
            per[surface][outcome] += 1
            _chmod_back(folder)
            shutil.rmtree(folder, ignore_errors=True)
        print(f"{surface}: {dict(per[surface])}", file=sys.stderr, flush=True)


def _chmod_back(folder: Path) -> None:
    for path in folder.rglob("*"):
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)


COLUMNS = ["tried", "clean", "traceback", "hang", "wrongly accepted", "data lost"]
per: dict[str, Counter] = defaultdict(Counter)


def table() -> str:
    """The per-surface counts as a markdown table."""
    rows = ["| surface | " + " | ".join(COLUMNS) + " |", "|---" * (len(COLUMNS) + 1) + "|"]
    total: Counter = Counter()
    for surface, c in per.items():
        total.update(c)
        rows.append(f"| {surface} | " + " | ".join(str(c[k]) for k in COLUMNS) + " |")
    rows.append("| **all** | " + " | ".join(f"**{total[k]}**" for k in COLUMNS) + " |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--examples", type=int, default=600, help="per in-process kind")
    parser.add_argument("--sample", type=int, default=40, help="every Nth also in subprocesses")
    parser.add_argument(
        "--kinds", default="rules,fields,texts,files,surfaces", help="comma-separated"
    )
    parser.add_argument("--surface", default=None, help="only the surfaces whose name has this")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    signal.signal(signal.SIGALRM, _alarm)
    work = Path(tempfile.mkdtemp(prefix="cardgen-fuzz-"))
    start = time.monotonic()
    try:
        for kind, strategy in (
            ("rules", mutated_rules()),
            ("fields", mutated_card_fields()),
            ("texts", mutated_cards()),
        ):
            if kind in kinds:
                before = counts.copy()
                campaign(kind, strategy, args.examples, work, args.sample)
                _tally(f"{kind} (hypothesis, in process)", before)
                print(f"{kind}: done, {dict(counts)}", file=sys.stderr, flush=True)
        if "files" in kinds:
            before = counts.copy()
            files_campaign(work)
            _tally("files (FIFO, socket, loop, binary, huge, deep, alias bomb)", before)
        if "surfaces" in kinds:
            os.environ.setdefault("CARDGEN_CACHE_DIR", str(work / "cache"))
            surfaces_campaign(work, args.surface)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    summary = {
        "inputs tried": counts["inputs"],
        "by kind": {k.split(":")[1]: v for k, v in counts.items() if k.startswith("inputs:")},
        "clean rejections": counts["clean rejections"],
        "accepted (valid)": counts["accepted"],
        "wrongly accepted": counts["wrongly accepted"],
        "tracebacks": counts["tracebacks"],
        "hangs": counts["hangs"],
        "rejected without a position": counts["rejected without a position"],
        "subprocess runs": counts["subprocess runs"],
        "subprocess disagreements": counts["subprocess disagreements"],
        "codes": dict(sorted((k[5:], v) for k, v in counts.items() if k.startswith("code:"))),
        "seconds": round(time.monotonic() - start),
        "per surface": {k: dict(v) for k, v in per.items()},
    }
    print(json.dumps(summary, indent=2))
    print(table())
    for name, items in examples.items():
        for item in items[:5]:
            print(name, json.dumps(item, ensure_ascii=False)[:1000])
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "examples": examples}, indent=2))


if __name__ == "__main__":
    main()
