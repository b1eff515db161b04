"""The studio's kit build, in a process of its own: ``cardgen build`` of the catalogue into the
output folder, each step reported as a JSON line on stdout as soon as it ends.

It dies with the studio (``PR_SET_PDEATHSIG``), leaves Ctrl-C to it, and stops cleanly on
SIGTERM, which the studio sends when a save makes the build out of date.
"""

from __future__ import annotations

import json
import signal
import sys
from typing import Any

from cardgen.build.pipeline import BuildError, build
from cardgen.util.procs import worker_setup


def _emit(obj: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def main(argv: list[str]) -> int:
    """Build ``argv[0]`` (JSON: cards, out, paper, jobs, ppid) and report every step."""
    args = json.loads(argv[0])

    worker_setup(args["ppid"])
    signal.signal(signal.SIGTERM, _terminated)

    def step(r) -> None:
        _emit({"event": "step", "id": r.step_id, "title": r.title, "written": list(r.written)})

    try:
        report = build(
            args["cards"], args["out"], paper=args["paper"], jobs=args["jobs"], on_step=step
        )
    except BuildError as exc:
        diags = [d.to_dict() for d in exc.diagnostics]
        _emit({"event": "failed", "message": str(exc), "diagnostics": diags})
        return 1
    _emit({"event": "done", "seconds": report.seconds, "written": len(report.written)})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
