// The gallery: every card face and back as rendered for print, grouped, filtered, searched,
// with every diagnostic pinned on its card and listed; patched in place on every save.
import { connect, el, on, pictureUrl, SEVERITY_MARK, shown, status, summary, swap, where } from "./studio.js";
import "./notes.js";

const view = document.getElementById("view");
const tiles = new Map(); // design id -> {node, img, key, sig}
const sketches = new Map(); // design id -> the key of its thumbnail sketched, not stored yet
let state = null;

// --- the toolbar ---------------------------------------------------------------------------
const search = el("input", { type: "search", id: "search", placeholder: "search names, text, any field…", "aria-label": "search" });
const groupBy = el("select", { id: "group-by", "aria-label": "group by" });
const filterField = el("select", { id: "filter-field", "aria-label": "filter field" });
const filterValue = el("select", { id: "filter-value", "aria-label": "filter value" });
const problems = el("select", { id: "problems", "aria-label": "cards with diagnostics" },
  el("option", { value: "" }, "every card"),
  el("option", { value: "error" }, "cards with errors"),
  el("option", { value: "warning" }, "cards with errors or warnings"),
  el("option", { value: "any" }, "cards with any diagnostic"));
const counts = el("span", { id: "counts", class: "counts" });
const toolbar = el("section", { class: "toolbar" },
  search,
  el("label", {}, "group by ", groupBy),
  el("label", {}, "show ", filterField, " = ", filterValue),
  problems, counts);
const diagnostics = el("details", { id: "diagnostics", class: "diagnostics" });
const groups = el("div", { id: "groups" });
view.append(toolbar, diagnostics, groups);
for (const control of [search, groupBy, filterValue, problems]) control.addEventListener("input", layout);
filterField.addEventListener("input", () => { fillValues(); layout(); });

function options(select, values) {
  const current = select.dataset.filled ? select.value : null;
  select.replaceChildren(...values.map(([v, label]) => el("option", { value: v }, label)));
  if (current !== null && values.some(([v]) => v === current)) select.value = current;
  select.dataset.filled = "1";
}

function fieldNames() {
  const names = new Set();
  for (const c of state.cards) for (const k of Object.keys(c.fields)) names.add(k);
  return [...names].filter((n) => n !== "id" && n !== "name");
}

function fillControls() {
  const fields = fieldNames();
  options(groupBy, [["pile", "pile"], ["back", "back"], ["", "nothing"], ...fields.map((f) => [`field:${f}`, f])]);
  options(filterField, [["", "all cards"], ...fields.map((f) => [f, f])]);
  fillValues();
}

function fillValues() {
  const f = filterField.value;
  const values = f ? [...new Set(state.cards.map((c) => String(c.fields[f] ?? "")))].sort() : [];
  options(filterValue, values.map((v) => [v, v === "" ? "(empty)" : v]));
  filterValue.disabled = !f;
}

// --- tiles ---------------------------------------------------------------------------------
function pinned() {
  const byCard = new Map();
  for (const d of state.diagnostics) {
    if (!d.pin) continue;
    if (!byCard.has(d.pin)) byCard.set(d.pin, []);
    byCard.get(d.pin).push(d);
  }
  return byCard;
}

function badges(diags) {
  const out = [];
  for (const sev of ["error", "warning", "info"]) {
    const n = diags.filter((d) => d.severity === sev).length;
    if (n) out.push(el("span", { class: `badge ${sev}`, title: `${n} ${sev}` }, `${SEVERITY_MARK[sev]} ${n}`));
  }
  return out;
}

function pins(diags) {
  return el("ul", { class: "pins" }, diags.map((d) =>
    el("li", { class: d.severity, "data-code": d.code },
      el("b", {}, d.code), " ", d.message, " ", el("span", { class: "where" }, where(d)))));
}

/** Make or patch the tile of one design; returns the promise of its new picture shown. */
function tile(id, name, copies, href, diags, extra, loaded) {
  const pending = state.pending.includes(id);
  const key = (pending && sketches.get(id)) || (state.pictures[id] ?? null);
  let t = tiles.get(id);
  if (!t) {
    const img = el("img", { alt: name, width: 200, height: 280, decoding: "async" });
    const node = el("a", { class: "tile", href, "data-design": id });
    t = { node, img, key: undefined, sig: "" };
    tiles.set(id, t);
  }
  if (t.key !== key) {
    // a picture just drawn has no thumbnail yet: its full size, the bleed cropped away
    const full = key && state.previews.includes(key);
    t.img.classList.toggle("bleed", !!full);
    if (full) crop(t.img);
    if (key) loaded.push(swap(t.img, pictureUrl(key, full ? "full" : "thumb")));
    else t.img.removeAttribute("src");
    t.node.dataset.picture = key || "";
    t.key = key;
  }
  const sig = JSON.stringify([name, copies, diags, extra, pending, !!key]);
  if (t.sig !== sig) {
    t.sig = sig;
    const pic = el("div", { class: "pic" }, key ? t.img : el("div", { class: "nopic" }, pending ? "rendering…" : "no picture: see its errors"));
    if (state.card_size.width) pic.style.aspectRatio = `${state.card_size.width} / ${state.card_size.height}`;
    const parts = [
      pic,
      el("div", { class: "caption" }, el("span", { class: "name" }, name), copies ? el("span", { class: "copies" }, `×${copies}`) : null, badges(diags)),
      extra,
      diags.length ? pins(diags) : null];
    t.node.replaceChildren(...parts.filter(Boolean));
    t.node.classList.toggle("pending", pending);
    t.node.classList.toggle("has-error", diags.some((d) => d.severity === "error"));
  }
  return t.node;
}

/** Place a full-size picture (with bleed) so that its trim fills the tile. */
function crop(img) {
  const { width: w, height: h, bleed: b } = state.card_size;
  img.style.width = `${(100 * (w + 2 * b)) / w}%`;
  img.style.height = `${(100 * (h + 2 * b)) / h}%`;
  img.style.left = `${(-100 * b) / w}%`;
  img.style.top = `${(-100 * b) / h}%`;
}

function groupOf(card) {
  const g = groupBy.value;
  if (g === "pile") return card.pile;
  if (g === "back") return `${card.pile} · ${card.back_name}`;
  if (g.startsWith("field:")) return String(card.fields[g.slice(6)] ?? "");
  return "all cards";
}

function matches(card, diags) {
  const q = search.value.trim().toLowerCase();
  if (q) {
    const hay = [card.name, card.id, card.text, ...Object.values(card.fields).map(String)].join("\n").toLowerCase();
    if (!q.split(/\s+/).every((w) => hay.includes(w))) return false;
  }
  const f = filterField.value;
  if (f && String(card.fields[f] ?? "") !== filterValue.value) return false;
  const p = problems.value;
  if (p === "error" && !diags.some((d) => d.severity === "error")) return false;
  if (p === "warning" && !diags.some((d) => d.severity !== "info")) return false;
  if (p === "any" && !diags.length) return false;
  return true;
}

/** Lay the tiles out in their groups (reusing every tile: no picture is loaded again). */
function layout() {
  if (!state) return [];
  const loaded = [];
  const byCard = pinned();
  const sections = new Map();
  let designs = 0, cards = 0;
  for (const c of state.cards) {
    const diags = byCard.get(c.id) || [];
    const extra = c.stale ? el("div", { class: "stale" }, "last good picture: the card does not load") : null;
    const node = tile(c.id, c.name, c.copies, `/card/${encodeURIComponent(c.id)}`, diags, extra, loaded);
    node.dataset.card = c.id;
    if (!matches(c, diags)) continue;
    designs += 1;
    cards += c.copies;
    const g = groupOf(c);
    if (!sections.has(g)) sections.set(g, { nodes: [], designs: 0, cards: 0 });
    const s = sections.get(g);
    s.nodes.push(node);
    s.designs += 1;
    s.cards += c.copies;
  }
  const out = [...sections].map(([name, s]) =>
    el("section", { class: "group", "data-group": name },
      el("h2", {}, name || "(empty)", el("small", {}, ` ${s.designs} design${s.designs > 1 ? "s" : ""} · ${s.cards} card${s.cards > 1 ? "s" : ""}`)),
      el("div", { class: "tiles" }, s.nodes)));
  const backNodes = state.backs.map((b) =>
    tile(b.id, `back: ${b.name}`, 0, "#", [], el("div", { class: "back-of" }, `${b.pile} · printed on ${b.cards} cards`), loaded));
  out.push(el("section", { class: "group backs", "data-group": "backs" },
    el("h2", {}, "Backs", el("small", {}, ` ${state.backs.length} designs`)), el("div", { class: "tiles" }, backNodes)));
  groups.replaceChildren(...out);
  const live = new Set([...state.cards.map((c) => c.id), ...state.backs.map((b) => b.id)]);
  for (const id of tiles.keys()) if (!live.has(id)) tiles.delete(id);
  const total = state.cards.reduce((n, c) => n + c.copies, 0);
  counts.textContent = `showing ${designs} of ${state.cards.length} designs · ${cards} of ${total} cards`;
  return loaded;
}

// --- the diagnostics list -----------------------------------------------------------------
function listDiagnostics() {
  const ds = state.diagnostics;
  const n = (s) => ds.filter((d) => d.severity === s).length;
  const head = el("summary", {}, `Diagnostics: ${n("error")} errors, ${n("warning")} warnings, ${n("info")} info`);
  const rank = { error: 0, warning: 1, info: 2 };
  const items = [...ds].sort((a, b) => rank[a.severity] - rank[b.severity] || a.id - b.id).map((d) =>
    el("li", { class: d.severity, "data-code": d.code },
      el("span", { class: "mark" }, SEVERITY_MARK[d.severity]), " ",
      el("b", {}, d.code), " ",
      d.pin ? el("a", { href: `/card/${encodeURIComponent(d.pin)}` }, d.pin) : null, d.pin ? " " : null,
      d.message, " ", el("span", { class: "where" }, where(d)),
      d.hint ? el("div", { class: "hint" }, `fix: ${d.hint}`) : null));
  diagnostics.replaceChildren(head, ds.length ? el("ol", {}, items) : el("p", {}, "none: the catalogue is valid"));
  if (n("error") && !diagnostics.dataset.seen) {
    diagnostics.open = true;
    diagnostics.dataset.seen = "1";
  }
}

on("state", (s) => {
  state = s;
  if (!s.pending.length) sketches.clear(); // every design drawn: no sketch stands for one
  document.getElementById("game").textContent = s.game;
  if (s.game) document.title = `${s.game} · cardgen studio`;
  fillControls();
  listDiagnostics();
  const loaded = layout();
  status(summary(s));
  document.body.dataset.version = s.version;
  document.body.dataset.phase = s.phase;
  shown(s, loaded);
});
// one picture just drawn (the state it patches is the one shown): its tiles filled at once
on("picture", (p) => {
  if (!state || p.version !== state.version) return;
  if (p.sketch) {
    for (const d of p.designs) sketches.set(d, p.key);
  } else {
    for (const d of p.designs) { state.pictures[d] = p.key; sketches.delete(d); }
    state.pending = state.pending.filter((d) => !p.designs.includes(d));
  }
  layout();
});
connect();
