"""`cardgen build`: validate, plan every product step, rebuild what changed, write the manifest."""

from __future__ import annotations

import contextlib
import filecmp
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cardgen.build.products  # noqa: F401  (the built-in providers register themselves)
from cardgen.build.cache import BuildCache
from cardgen.build.guide import GUIDE_FILE, guide_markdown
from cardgen.build.manifest import (
    MANIFEST_FILE,
    ComponentCheck,
    check_components,
    kit_settings,
    manifest_data,
    manifest_json,
    read_checks,
)
from cardgen.build.steps import (
    PRIVATE_DIR,
    PROVIDERS,
    BuildContext,
    Output,
    Step,
    Unavailable,
    no_progress,
    options_digest,
)
from cardgen.catalogue.extra_checks import check_inputs
from cardgen.catalogue.snapshot import snapshot
from cardgen.checks import validated
from cardgen.diagnostics import Diagnostic, DiagnosticError, Severity
from cardgen.render.options import SERVICE_IDS
from cardgen.util.atomic import atomic_write_text, remove_stale_temporaries
from cardgen.util.files import describe_os_error
from cardgen.util.hashing import code_digest, digest_data
from cardgen.util.locks import LockBusy, exclusive_lock
from cardgen.util.store import trim

PAPERS = ("a4", "letter")


class BuildError(Exception):
    """The build cannot finish: invalid catalogue, failed step or a manifest mismatch."""

    def __init__(self, message: str, diagnostics: list[Diagnostic] | None = None):
        super().__init__(message)
        self.diagnostics = diagnostics or []


@dataclass(frozen=True)
class StepResult:
    step_id: str
    title: str
    outputs: tuple[Output, ...]
    written: tuple[str, ...]  # files whose content changed and were replaced
    ran: bool  # the step ran (its inputs changed) rather than being up to date
    seconds: float
    why: str = ""  # why it ran: "first build", "card x changed", "code changed" …

    @property
    def group(self) -> str:
        return self.step_id.split("/", 1)[0]


@dataclass
class BuildReport:
    out_dir: Path
    paper: str
    results: list[StepResult] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)  # group -> why
    checks: list[ComponentCheck] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def written(self) -> list[str]:
        """Every file this build wrote (content changed or new)."""
        return [p for r in self.results for p in r.written]

    @property
    def problems(self) -> list[str]:
        return [p for ch in self.checks for p in ch.problems]


def product_groups() -> tuple[str, ...]:
    """The product groups a build makes, in build order (``only=`` picks some of them)."""
    return tuple(PROVIDERS)


def plan(ctx: BuildContext, only: Iterable[str] | None = None) -> tuple[list[Step], dict[str, str]]:
    """The steps of the selected groups, and the groups skipped with the reason."""
    groups = list(PROVIDERS) if only is None else list(only)
    unknown = [g for g in groups if g not in PROVIDERS]
    if unknown:
        raise BuildError(
            f"unknown product group(s) {', '.join(unknown)}; choose from {', '.join(PROVIDERS)}"
        )
    steps: list[Step] = []
    skipped: dict[str, str] = {}
    for group in groups:
        try:
            steps += PROVIDERS[group](ctx)
        except Unavailable as exc:
            skipped[group] = str(exc)
        except DiagnosticError as exc:  # e.g. a broken layout template
            raise BuildError(f"cannot plan the {group} products", exc.diagnostics) from None
    skipped.update(ctx.skipped)
    return steps, skipped


def input_digest(
    cards_dir: Path,
    paper: str,
    only: list[str] | None,
    service: str = "home",
    card_options: Any = None,
) -> str:
    """Everything a build reads: the catalogue folder, the cards' art files wherever they are,
    the pack's code, all of the cardgen package (code, templates, fonts, the rulebook source)
    and the options."""

    return digest_data(
        {
            "inputs": check_inputs(snapshot(cards_dir)),
            "code": code_digest(""),
            "paper": paper,
            "only": only,
            "service": service,
            "card options": options_digest(card_options) if card_options else None,
        }
    )


def build(
    cards_dir: str | os.PathLike[str],
    out_dir: str | os.PathLike[str],
    *,
    paper: str = "a4",
    only: Iterable[str] | None = None,
    jobs: int | None = None,
    service: str = "home",
    on_plan: Callable[[list[Step]], None] | None = None,
    on_step: Callable[[StepResult], None] | None = None,
    on_start: Callable[[Step], None] | None = None,
    on_progress: Callable[[str, int], None] | None = None,
    card_options: Any = None,
) -> BuildReport:
    """Build the kit into ``out_dir``; raise :class:`BuildError` on any problem.

    A step runs into a staging folder; a file replaces its old version only if its bytes
    differ, so an unchanged output is never rewritten.  ``jobs`` processes rasterise the card
    images (None: the machine's cores); the kit is the same for every number.  ``service``
    (``tgc``, ``mpc``, ``dtc``) adds that print service's files to the kit, and its warnings
    to the report (the same as ``cardgen render --service``'s).  ``on_progress`` gets the work
    a step does as it goes (``"images", 1`` for each card design rasterised).
    ``card_options`` (a :class:`cardgen.render.api.RenderOptions`) are the card files' print
    options, as `cardgen render` takes them: the print-and-play papers (default: A4 and
    Letter), duplex, bleed, CMYK, ICC profile and Tabletop Simulator address.
    """
    started = time.perf_counter()
    if paper not in PAPERS:
        raise BuildError(f"unknown paper {paper!r}; choose from {', '.join(PAPERS)}")
    if jobs is not None and jobs < 1:
        raise BuildError(f"jobs must be at least 1, not {jobs}")

    if service not in SERVICE_IDS:
        raise BuildError(f"unknown print service {service!r}; choose from {', '.join(SERVICE_IDS)}")
    out, cards = Path(out_dir), Path(cards_dir)
    if out.exists() and not out.is_dir():
        raise BuildError(f"cannot write {out}: it is a file, not a folder")
    selected = None if only is None else list(dict.fromkeys(only))
    try:
        cache = BuildCache.load(out)
        inputs = input_digest(cards, paper, selected, service, card_options)
        indexes = (out / MANIFEST_FILE).is_file() and (out / GUIDE_FILE).is_file()
        if inputs == cache.inputs and cache.intact() and indexes:
            # what an interrupted build left, unless a build is running (it sweeps then)
            with contextlib.suppress(LockBusy), exclusive_lock(out / PRIVATE_DIR / "lock"):
                _sweep(out)
            return _unchanged(cache, out, paper, on_plan, on_step, started)
        catalogue, warnings = _validated(cards)
        warnings = [*warnings, *_service_warnings(catalogue, service)]
        ctx = BuildContext(
            catalogue,
            out,
            paper,
            service=service,
            jobs=jobs,
            card_options=card_options,
            progress=_here_only(on_progress) if on_progress else no_progress,
        )
        steps, skipped = plan(ctx, selected)
        out.mkdir(parents=True, exist_ok=True)
        with _locked(out):
            cache = BuildCache.load(out)  # what a build that held the lock left
            _sweep(out)
            report = BuildReport(out, paper, skipped=skipped, warnings=warnings)
            if on_plan:
                on_plan(steps)
            _run_steps(cache, ctx, steps, selected, report, on_start, on_step)
            report.seconds = time.perf_counter() - started
            if report.problems:
                cache.inputs = ""
                cache.save()
                problems = "; ".join(report.problems)
                raise BuildError(
                    f"the kit does not match the rulebook's component list: {problems}"
                )
            cache.inputs = inputs if not skipped else ""
            cache.save()

        trim()  # each edit keeps new entries: the least recently used go past the budget
    except OSError as exc:  # a read-only or full disk, a file where a folder should be
        raise BuildError(f"cannot write {out}: {describe_os_error(exc, out)}") from None
    return report


def _here_only(progress: Callable[[str, int], None]) -> Callable[[str, int], None]:
    """``progress`` as steps report it in this process; a step running in a worker
    (:mod:`cardgen.build._aside`) reports to no one."""
    pid = os.getpid()

    def report(what: str, count: int) -> None:
        if os.getpid() == pid:
            progress(what, count)

    return report


#: Seconds a build waits for another build of the same output folder to finish.
LOCK_WAIT = 10.0


@contextlib.contextmanager
def _locked(out: Path) -> Iterator[None]:
    """Hold the output folder's build lock (wait :data:`LOCK_WAIT` seconds for another build
    to finish, then stop with a :class:`BuildError` naming the folder)."""
    try:
        with exclusive_lock(out / PRIVATE_DIR / "lock", wait=LOCK_WAIT):
            yield
    except LockBusy as exc:
        by = f"process {exc.holder}" if exc.holder else "another process"
        raise BuildError(
            f"{out} is being built by another cardgen ({by}); wait for it to finish, "
            "or build into another folder with -o"
        ) from None


def _sweep(out: Path) -> None:
    """Remove what an interrupted build left in ``out``: staging folders and half-written
    temporary files (no other build runs: the lock is held)."""
    for old in out.glob(".stage-*"):
        shutil.rmtree(old, ignore_errors=True)
    for folder, _, _ in os.walk(out):
        remove_stale_temporaries(Path(folder))


def _run_steps(cache, ctx, steps, selected, report, on_start, on_step) -> None:
    """Run every step whose key changed, recording each in the cache as it ends (the aside
    steps in a worker while the others run: :mod:`cardgen.build._aside`); then drop what no
    planned step makes and write the manifest.

    While an aside step's worker is still busy, the build runs the steps after it that are
    its own into their staging folders (``ahead``), rather than wait; every step's files are
    still moved in, and the step recorded, in the steps' order."""
    from cardgen.build._aside import Aside, AsideFailed  # not for a kit found up to date

    out = ctx.out_dir
    stale = [s for s in steps if cache.fresh(s.id, s.key) is None]
    aside = Aside.start(stale, out, ctx.jobs, _run_into)
    # the build's own stale steps not run yet, in order; those run ahead of their turn
    own = [s for s in stale if s not in aside]
    ahead: dict[str, tuple[list[Output], Path, float]] = {}
    try:
        for step in steps:
            t0 = time.perf_counter()
            if on_start:
                on_start(step)
            entry = cache.fresh(step.id, step.key)
            ran = entry is None
            written: tuple[str, ...] = ()
            why = ""
            if entry is None:
                before = cache.entries.get(step.id)
                why = "first build" if before is None else before.why_stale(step, out)
                if step in aside:
                    while own and not aside.done(step):
                        next_own = own.pop(0)
                        ahead[next_own.id] = _run_ahead(next_own, out)
                        t0 += ahead[next_own.id][2]  # that step's time, not this one's
                    try:
                        outputs = aside.outputs(step)
                    except AsideFailed as exc:
                        raise BuildError(str(exc)) from None
                    written = _move_in(outputs, aside.stages[step.id], out)
                elif step.id in ahead:
                    outputs, stage, took = ahead.pop(step.id)
                    t0 -= took
                    written = _move_in(outputs, stage, out)
                    shutil.rmtree(stage, ignore_errors=True)
                else:
                    own.remove(step)
                    outputs, written = _run_staged(step, out)
                entry = cache.record(step, outputs)
                if before is not None:  # files the step no longer makes (a card was removed)
                    _remove(out, set(before.files) - set(entry.files))
                cache.inputs = ""
                cache.save()  # an interrupted build keeps what it finished
            seconds = time.perf_counter() - t0
            result = StepResult(step.id, step.title, entry.outputs, written, ran, seconds, why)
            report.results.append(result)
            if on_step:
                on_step(result)
    finally:
        aside.close()
        for _, stage, _ in ahead.values():
            shutil.rmtree(stage, ignore_errors=True)
    _forget_stale(cache, steps, selected, out)
    _write_manifest(cache, ctx, report, selected)


def _run_ahead(step: Step, out: Path) -> tuple[list[Output], Path, float]:
    """Run ``step`` into a staging folder of its own before its turn: its outputs, the
    folder (the caller moves the files in and removes it) and the seconds it took."""
    t0 = time.perf_counter()
    stage = Path(tempfile.mkdtemp(prefix=".stage-", dir=out))
    try:
        return _run_into(step, stage), stage, time.perf_counter() - t0
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise


def _unchanged(cache, out, paper, on_plan, on_step, started) -> BuildReport:
    """Nothing changed since the last successful build: report it from the cache."""
    report = BuildReport(out, paper)
    report.checks = read_checks(out / MANIFEST_FILE)
    if on_plan:
        on_plan([])
    for sid, e in cache.entries.items():
        result = StepResult(sid, e.title, e.outputs, (), False, 0.0)
        report.results.append(result)
        if on_step:
            on_step(result)
    report.seconds = time.perf_counter() - started
    return report


def _run_staged(step: Step, out: Path) -> tuple[list[Output], tuple[str, ...]]:
    """Run ``step`` into a staging folder, then move in the files whose content changed."""
    stage = Path(tempfile.mkdtemp(prefix=".stage-", dir=out))
    try:
        outputs = _run_into(step, stage)
        return outputs, _move_in(outputs, stage, out)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def _run_into(step: Step, stage: Path) -> list[Output]:
    """Run ``step`` into the folder ``stage``; a BuildError if it fails."""
    try:
        return step.run(stage)
    except DiagnosticError as exc:
        raise BuildError(f"{step.title} failed", exc.diagnostics) from None
    except ValueError as exc:
        raise BuildError(f"{step.title} failed: {exc}") from None
    except OSError as exc:
        raise BuildError(f"{step.title} failed: {describe_os_error(exc)}") from None


def _move_in(outputs: list[Output], stage: Path, out: Path) -> tuple[str, ...]:
    """Move the files ``outputs`` name from ``stage`` into ``out`` where their content changed;
    the paths moved."""
    written = []
    for o in outputs:
        src, dst = stage / o.path, out / o.path
        if dst.is_file() and _same(src, dst):
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        os.replace(src, dst)
        written.append(o.path)
    return tuple(written)


def _same(a: Path, b: Path) -> bool:
    return a.stat().st_size == b.stat().st_size and filecmp.cmp(a, b, shallow=False)


def _service_warnings(catalogue, service: str) -> list[Diagnostic]:
    """What the print service says of the catalogue (as ``cardgen render --service`` does);
    its errors (another card size) stop the build."""
    from cardgen.render.services import service as spec
    from cardgen.render.services import service_diagnostics

    told = service_diagnostics(catalogue, spec(service).products)
    errors = [d for d in told if d.severity is Severity.ERROR]
    if errors:
        raise BuildError(f"the cards do not suit {spec(service).name}", errors)
    return told


def _validated(cards_dir: str | os.PathLike[str]):

    try:
        return validated(cards_dir)
    except DiagnosticError as exc:
        raise BuildError("the catalogue is invalid", exc.diagnostics) from None


def _forget_stale(cache: BuildCache, steps: list[Step], selected, out: Path) -> None:
    """Delete files of steps that are no longer planned in the built groups (renamed outputs,
    another paper) so ``output/`` holds exactly what the manifest lists."""
    planned = {s.id for s in steps}
    groups = set(PROVIDERS) if selected is None else set(selected)
    keep = {p for sid in planned if sid in cache.entries for p in cache.entries[sid].files}
    for sid in list(cache.entries):
        if sid in planned or sid.split("/", 1)[0] not in groups:
            continue
        _remove(out, set(cache.entries.pop(sid).files) - keep)


def _remove(out: Path, paths: set[str]) -> None:
    for p in sorted(paths):
        with contextlib.suppress(FileNotFoundError):
            (out / p).unlink()


def _write_manifest(cache: BuildCache, ctx: BuildContext, report: BuildReport, selected) -> None:
    from cardgen.catalogue.components_file import kit_counts

    outputs = [o for e in cache.entries.values() for o in e.outputs]
    records = {p: r.sha256 for e in cache.entries.values() for p, r in e.files.items()}
    built = {c for r in report.results for o in r.outputs for c in o.contains}
    # a partial build (--only, or a product library missing) checks what it built
    scope = None if selected is None and not report.skipped else built
    pack = ctx.catalogue.pack
    kit = kit_settings(pack.data)
    expected = kit_counts(ctx.catalogue)
    report.checks = check_components(outputs, expected, kit["external"], scope)
    data = manifest_data(outputs, records, report.checks, ctx.rules, ctx.paper, kit["sets"])
    guide = guide_markdown(data, kit["guide"])
    for name, text in ((MANIFEST_FILE, manifest_json(data)), (GUIDE_FILE, guide)):
        path = ctx.out_dir / name
        if not path.is_file() or path.read_text("utf-8") != text:
            atomic_write_text(path, text)
