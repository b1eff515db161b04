// The Balance view: the balance lab on the studio's catalogue.  A run (greedy bots, every
// core) profiles every player count, finds the dead and dominant designs, races changes to
// their numbers and confirms the best on fresh seeds; the page shows its progress live, then
// the report: the designs' play against win rate (outliers marked), the quality by player
// count, each proposal with its confirmation.
import { connect, el, on, status, summary } from "./studio.js";

const view = document.getElementById("view");
const games = el("input", { id: "balance-games", type: "number", min: 10, max: 2000, value: 100, "aria-label": "games of the first round" });
const budget = el("input", { id: "balance-budget", type: "number", min: 1, max: 3600, value: 60, "aria-label": "seconds the search may take" });
const run = el("button", { id: "balance-run", type: "button" }, "Run the balance lab");
const head = el("p", { id: "balance-status", class: "balance-status", role: "status" }, "No run yet.");
const bar = el("progress", { id: "balance-progress", max: 1, value: 0, hidden: true });
const report = el("section", { id: "balance-report", class: "balance-report" });
view.append(
  el("section", { class: "balance-setup" },
    el("label", {}, "games ", games), el("label", {}, "budget (s) ", budget), run,
    el("p", { class: "balance-note" }, "Greedy bots on every core; the proposals are shown, not applied (cardgen balance --apply writes them).")),
  head, bar, report);
let shown = -1;

async function api(path, body) {
  const opts = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const r = await fetch(path, opts);
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

function table(t) {
  return el("section", { class: "balance-table", "data-table": t.key },
    el("h3", {}, t.title), el("p", { class: "balance-note" }, t.note),
    el("table", {},
      el("thead", {}, el("tr", {}, t.head.map((h) => el("th", {}, h)))),
      el("tbody", {}, t.rows.map((r) => el("tr", {}, r.map((c) => el("td", {}, c)))))));
}

function draw(r) {
  if (!r.tables || r.version === shown) return;
  shown = r.version;
  report.replaceChildren(
    el("h2", {}, r.title), el("p", {}, r.intro),
    el("div", { class: "balance-figures" }, r.figures.map((title, i) =>
      el("figure", {}, el("figcaption", {}, title), el("img", { src: `/api/balance/figure?i=${i}&v=${r.version}`, alt: title })))),
    ...r.tables.map(table));
}

function show(s) {
  const words = { idle: "No run yet.", running: `Running: ${s.stage || ""}`, done: "Done.", failed: `The run failed: ${s.message || ""}` };
  head.textContent = words[s.status] || s.status;
  head.dataset.status = s.status;
  run.disabled = s.status === "running";
  bar.hidden = s.status !== "running" || !s.total;
  if (s.total) { bar.max = s.total; bar.value = Math.min(s.done, s.total); }
  document.body.dataset.balance = `${s.status}:${s.version}`;
  if (s.status === "done" && s.version !== shown) api("/api/balance").then(draw).catch((e) => { head.textContent = e.message; });
}

run.addEventListener("click", async () => {
  try {
    show(await api("/api/balance/run", { games: Number(games.value), budget: Number(budget.value) }));
  } catch (e) {
    head.textContent = e.message;
    head.dataset.status = "refused";
  }
});

on("balance", show);
on("state", (s) => status(summary(s)));
api("/api/balance").then((r) => { show(r); draw(r); }).catch(() => {});
connect();
