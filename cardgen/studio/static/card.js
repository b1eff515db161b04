// A card's page: face and back at print size with the trim, bleed and safe zone drawn over
// them, its printed text, fields, diagnostics and the YAML it comes from; redrawn on save.
import { connect, el, on, pictureUrl, SEVERITY_MARK, shown, status, summary, swap, where } from "./studio.js";
import "./notes.js";

const view = document.getElementById("view");
const cardId = view.dataset.card;
const SVG = "http://www.w3.org/2000/svg";
const overlays = { trim: true, bleed: true, safe: true };
let seen = "";

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** A picture with bleed at print size (CSS millimetres), the guides drawn over it. */
function printed(key, size, label, loaded) {
  const w = size.width + 2 * size.bleed, h = size.height + 2 * size.bleed;
  const b = size.bleed, s = size.safe;
  const box = el("div", { class: "print-size" });
  box.style.width = `${w}mm`;
  box.style.height = `${h}mm`;
  if (key) {
    const img = el("img", { alt: label, class: "full" });
    loaded.push(swap(img, pictureUrl(key, "full")));
    box.append(img);
  } else {
    box.append(el("div", { class: "nopic" }, "no picture"));
  }
  const guides = svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "guides", "aria-hidden": "true" });
  guides.append(
    svg("path", { class: "bleed", "fill-rule": "evenodd", d: `M0 0H${w}V${h}H0Z M${b} ${b}V${h - b}H${w - b}V${b}Z` }),
    svg("rect", { class: "trim", x: b, y: b, width: size.width, height: size.height }),
    svg("rect", { class: "safe", x: b + s, y: b + s, width: size.width - 2 * s, height: size.height - 2 * s }));
  box.append(guides);
  return el("figure", {}, box, el("figcaption", {}, label));
}

function toggles() {
  return el("div", { class: "toggles" }, ["trim", "bleed", "safe"].map((k) => {
    const input = el("input", { type: "checkbox", id: `show-${k}`, checked: overlays[k] });
    input.addEventListener("input", () => {
      overlays[k] = input.checked;
      document.body.classList.toggle(`hide-${k}`, !input.checked);
    });
    const names = { trim: "trim (cut line)", bleed: "bleed", safe: "safe zone" };
    return el("label", { class: `toggle ${k}` }, input, ` ${names[k]}`);
  }));
}

async function draw(s) {
  const r = await fetch(`/api/card/${encodeURIComponent(cardId)}`);
  if (!r.ok) {
    view.replaceChildren(el("p", { class: "missing" }, `No card ${cardId} in the catalogue. `, el("a", { href: "/" }, "All cards")));
    return [];
  }
  const c = await r.json();
  const loaded = [];
  const size = c.card_size;
  const mm = `${size.width} × ${size.height} mm, bleed ${size.bleed} mm, safe zone ${size.safe} mm inside the trim`;
  const fields = Object.entries(c.fields).map(([k, v]) => el("tr", {}, el("th", {}, k), el("td", {}, String(v))));
  const rank = { error: 0, warning: 1, info: 2 };
  const marked = new Map(); // line -> the gravest severity of the diagnostics there
  for (const d of c.diagnostics) {
    const was = marked.get(d.line);
    if (!was || rank[d.severity] < rank[was]) marked.set(d.line, d.severity);
  }
  const source = c.source
    ? el("pre", { class: "source" }, c.source.map((l) =>
        el("code", { class: marked.get(l.line) || "", "data-line": l.line }, el("span", { class: "ln" }, String(l.line)), l.text)))
    : el("p", {}, c.where ? `from ${c.where}` : "");
  const parts = [
    el("p", {}, el("a", { href: "/" }, "← all cards")),
    el("h1", {}, c.name, el("small", {}, ` ${c.id} · ×${c.copies} · ${c.pile} · back ${c.back_name}`)),
    c.stale ? el("p", { class: "stale" }, "This card does not load: what you see is its last good version.") : null,
    el("div", { class: "card-page" },
      el("div", { class: "faces" },
        printed(c.face, size, `face · ${mm}`, loaded),
        printed(c.back_picture, size, "back", loaded),
        toggles()),
      el("div", { class: "about" },
        el("section", { class: "card-diagnostics" }, el("h2", {}, "Diagnostics"),
          c.diagnostics.length
            ? el("ul", {}, c.diagnostics.map((d) => el("li", { class: d.severity, "data-code": d.code },
                el("span", { class: "mark" }, SEVERITY_MARK[d.severity]), " ", el("b", {}, d.code), " ", d.message, " ",
                el("span", { class: "where" }, where(d)), d.hint ? el("div", { class: "hint" }, `fix: ${d.hint}`) : null)))
            : el("p", {}, "none")),
        el("section", {}, el("h2", {}, "Printed text"), el("p", { class: "printed-text" }, c.text || "(no rules text)")),
        el("section", {}, el("h2", {}, "Fields"), el("table", { class: "fields" }, fields)),
        el("section", {}, el("h2", {}, "Source ", el("small", {}, c.end ? `${c.where}:${c.line}–${c.end}` : c.where)), source)))];
  view.replaceChildren(...parts.filter(Boolean));
  return loaded;
}

on("state", async (s) => {
  status(summary(s));
  const card = s.cards.find((c) => c.id === cardId);
  const sig = JSON.stringify([card, card && s.pictures[card.id], card && s.pictures[card.back], s.pending.includes(cardId),
    s.diagnostics.filter((d) => d.pin === cardId)]);
  let loaded = [];
  if (sig !== seen) {
    seen = sig;
    loaded = await draw(s);
  }
  shown(s, loaded);
});
connect();
