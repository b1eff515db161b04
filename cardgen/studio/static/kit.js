// The kit: every page of the print-and-play sheets, print files, components and rulebook of
// the last build, redrawn when the kit build rewrites a file.
import { connect, el, on, status, summary } from "./studio.js";

const view = document.getElementById("view");
const THUMB = 280, PAGE = 1100;
const head = el("p", { id: "kit-status", class: "kit-status" }, "waiting for the first build…");
const list = el("div", { id: "kit-files" });
const zoom = el("dialog", { id: "zoom", class: "zoom" });
view.append(head, list, zoom);
const shown = new Map(); // path -> {version, node}
const GROUPS = { cards: "Cards", components: "Components", rulebook: "Rulebook", appendix: "Appendices" };

function pageUrl(f, page, width) {
  return `/kit/page?file=${encodeURIComponent(f.path)}&page=${page}&w=${width}&v=${f.version}`;
}

function open(f, page) {
  const img = el("img", { src: pageUrl(f, page, PAGE), alt: `${f.path} page ${page + 1}` });
  zoom.replaceChildren(el("form", { method: "dialog" }, el("button", {}, "close")),
    el("p", {}, `${f.path} · page ${page + 1} of ${f.pages}`), img);
  zoom.showModal();
}

function fileNode(f) {
  const pages = [];
  for (let i = 0; i < f.pages; i++) {
    const [w, h] = f.sizes[i] || [1, 1.414];
    const img = el("img", { src: pageUrl(f, i, THUMB), alt: `${f.path} page ${i + 1}`, loading: "lazy", width: THUMB, height: Math.round((THUMB * h) / w) });
    pages.push(el("button", { class: "page", title: `page ${i + 1}`, onclick: () => open(f, i) }, img, el("span", {}, String(i + 1))));
  }
  return el("section", { class: "kit-file", "data-path": f.path, "data-version": f.version },
    el("h3", {}, f.path, el("small", {}, ` ${f.description} · ${f.pages} page${f.pages > 1 ? "s" : ""}`)),
    el("div", { class: "pages" }, pages));
}

on("kit", (k) => {
  const words = { waiting: "waiting for the catalogue…", building: `building the kit… ${k.step || ""}`, done: "kit up to date",
    failed: `the kit build failed: ${k.message}`, invalid: k.message, stopped: "build stopped (a newer save)" };
  head.textContent = words[k.status] || k.status;
  head.dataset.status = k.status;
  const groups = new Map();
  for (const f of k.files) {
    let s = shown.get(f.path);
    if (!s || s.version !== f.version) {
      s = { version: f.version, node: fileNode(f) };
      shown.set(f.path, s);
    }
    if (!groups.has(f.group)) groups.set(f.group, []);
    groups.get(f.group).push(s.node);
  }
  for (const path of shown.keys()) if (!k.files.some((f) => f.path === path)) shown.delete(path);
  const order = Object.keys(GROUPS);
  const rank = (g) => (order.includes(g) ? order.indexOf(g) : order.length);
  const sorted = [...groups].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  list.replaceChildren(...sorted.map(([g, nodes]) => el("section", { class: "kit-group" }, el("h2", {}, GROUPS[g] || g), nodes)));
  if (!k.files.length) list.replaceChildren(el("p", {}, "No kit yet: it appears here as soon as the first build is done."));
});
on("state", (s) => status(summary(s)));
connect();
