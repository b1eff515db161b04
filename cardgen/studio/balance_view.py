"""The Balance view: the balance lab (:mod:`cardgen.engine.balance`) run on the studio's
catalogue from the browser, its progress shown live and its report (:mod:`cardgen.engine.
balance_report`: the designs' play against win rate with the outliers marked, the quality
by player count, each proposal with its confirmation) drawn in the page.  A run plays on
every core; the proposals are shown, never applied (``cardgen balance --apply`` does that)."""

from __future__ import annotations

import os
import threading
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardgen.checks import QuickCheck, is_valid, refusal
from cardgen.studio.app import View, not_found

if TYPE_CHECKING:
    from cardgen.studio.session import Studio

NO_STORE = {"cache-control": "no-store"}
#: what a run may ask for: games of the first round, seconds of the search
GAMES = (10, 2000)
BUDGET = (1.0, 3600.0)


class _Balance:
    """One run at a time, its progress and its last report."""

    def __init__(self, studio: Studio) -> None:
        self.studio = studio
        self.lock = threading.Lock()
        self.status: dict[str, Any] = {"status": "idle", "stage": "", "done": 0, "total": 0}
        self.version = 0
        self.doc: dict[str, Any] | None = None
        self.model: Any = None

    def publish(self, **change: Any) -> None:
        with self.lock:
            self.status.update(change)
            data = {**self.status, "version": self.version}
        self.studio.events.publish("balance", data)

    def start(self, games: int, budget: float) -> bool:
        with self.lock:
            if self.status["status"] == "running":
                return False
            self.status = {"status": "running", "stage": "starting", "done": 0, "total": 0}
        threading.Thread(target=self._run, args=(games, budget), daemon=True).start()
        self.publish()
        return True

    def _run(self, games: int, budget: float) -> None:
        from cardgen.catalogue.loader import load_catalogue
        from cardgen.engine.balance import KitRunner, advise, brief_profile, game_title, profile
        from cardgen.engine.balance_report import report_model
        from cardgen.engine.registry import engine_of

        try:
            root = self.studio.cards
            cat = load_catalogue(root)
            lo, hi = engine_of(cat).player_range(cat)

            def tick(n: int) -> None:
                with self.lock:
                    self.status["done"] += n
                self.publish()

            runner = KitRunner(hi, "greedy", os.cpu_count() or 1, None, 30, tick)

            def shown(root: Any, games: int, seed: int, stop: Any = None) -> dict[str, Any]:
                self.publish(done=0, total=games)  # a new run: its own bar
                return runner(root, games, seed, stop)

            summaries: dict[int, dict[str, Any]] = {}
            for n in range(lo, hi + 1):
                self.publish(stage=f"profile: {n} players", done=0, total=games)
                summaries.update(profile(root, runner, [n], games, 0))
            proposal = advise(
                root,
                shown,
                valid=is_valid,
                quick=QuickCheck(),
                why=refusal,
                games=games,
                budget=budget,
                progress=lambda what, seconds: self.publish(stage=what),
                baseline=summaries[hi],
            )
            proposal.profile = brief_profile(summaries)
            doc = {**proposal.to_json(), "game": game_title(cat), "players": hi}
            model = report_model(doc)
            with self.lock:
                self.doc, self.model = doc, model
                self.version += 1
            self.publish(status="done", stage="")
        except Exception as exc:  # an invalid catalogue, a game without an engine …
            self.publish(status="failed", stage="", message=str(exc) or type(exc).__name__)

    def report(self) -> dict[str, Any]:
        with self.lock:
            model, doc = self.model, self.doc
            out: dict[str, Any] = {**self.status, "version": self.version}
        if model is None or doc is None:
            return out
        return {
            **out,
            "title": model.title,
            "intro": model.intro,
            "figures": [f.title for f in model.figures],
            "tables": [asdict(t) for t in model.tables],
            "changes": doc["changes"],
        }


def view(studio: Studio) -> View:
    """The Balance page, its report and its charts."""
    lab = _Balance(studio)

    def page(request: Request) -> Response:
        return request.app.state.pages.render(request, "balance", "balance.js")

    def data(request: Request) -> Response:
        return JSONResponse(lab.report(), headers=NO_STORE)

    async def run(request: Request) -> Response:
        try:
            body = await request.json()
            games = int(body.get("games", 100))
            budget = float(body.get("budget", 60))
        except (ValueError, TypeError, AttributeError):
            return JSONResponse({"error": "games and budget are numbers"}, status_code=400)
        if not (GAMES[0] <= games <= GAMES[1] and BUDGET[0] <= budget <= BUDGET[1]):
            return JSONResponse(
                {"error": f"games {GAMES[0]}–{GAMES[1]}, budget {BUDGET[0]:g}–{BUDGET[1]:g} s"},
                status_code=400,
            )
        if not lab.start(games, budget):
            return JSONResponse({"error": "a run is under way"}, status_code=409)
        return JSONResponse(lab.report(), headers=NO_STORE)

    def figure(request: Request) -> Response:
        from cardgen.charts import svg

        model = lab.model
        try:
            k = int(request.query_params.get("i", ""))
        except ValueError:
            return not_found("figure")
        if model is None or not 0 <= k < len(model.figures):
            return not_found("figure")
        return Response(svg(model.figures[k]), media_type="image/svg+xml", headers=NO_STORE)

    return View(
        "balance",
        "Balance",
        "/balance",
        [
            Route("/balance", page),
            Route("/api/balance", data),
            Route("/api/balance/run", run, methods=["POST"]),
            Route("/api/balance/figure", figure),
        ],
    )
