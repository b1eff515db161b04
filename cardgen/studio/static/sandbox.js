// A sandbox table (the page of one link of a shared sandbox): the catalogue's piles face down,
// the table and the discard in the centre, each seat's hand (private) and area (public).  Tap a
// pile to shuffle, draw or deal from it; tap a card you may move for where it goes (or to flip
// it); counters as badges with − and +.  Every move is logged.  Nothing of another seat's hand
// reaches this page but its count.
import { el } from "./studio.js";
import { linkApi } from "./table_link.js";
import { notes } from "./table_note.js";

const token = location.pathname.split("/")[2];
const base = `/t/${token}`;
const root = document.getElementById("t-table");
const statusLine = document.getElementById("t-status");
let view = null, asked = 0, drawn = 0;
// the last move's changes stay marked through redraws of the same version
let baseLog = null, baseSeen = null;

const api = linkApi(base);

async function refresh() {
  const seq = ++asked;
  try {
    const v = await api("/view");
    if (seq >= drawn) { drawn = seq; show(v); }
  } catch (e) { statusLine.textContent = e.message; }
}

async function act(body) {
  closeSheet();
  try {
    const seq = ++asked;
    const v = await api("/act", body);
    if (seq >= drawn) { drawn = seq; show(v); }
    statusLine.textContent = "";
  } catch (e) { statusLine.textContent = e.message; }
}

const pic = (key) => `${base}/picture/thumb/${key}.png`;
const label = (zone) => {
  const [kind, rest] = zone.split(":");
  if (kind === "pile") return `${rest} pile`;
  if (kind === "hand") return rest === view.viewer ? "your hand" : `${rest}'s hand`;
  if (kind === "area") return rest === view.viewer ? "your area" : `${rest}'s area`;
  return zone;
};

function closeSheet() { document.querySelectorAll(".t-menu").forEach((m) => m.remove()); }
function sheet(title, choices) {
  closeSheet();
  const m = el("div", { class: "t-menu", role: "menu", "aria-label": title }, el("b", {}, title),
    choices.map(([text, body, id]) => el("button", { class: "t-action", "data-move": id || text, onclick: (e) => { e.stopPropagation(); act(body); } }, text)),
    el("button", { class: "t-cancel", onclick: closeSheet }, "cancel"));
  document.body.append(m);
}

function face(c, zone) {
  if (c.card) {
    const info = view.cards[c.card];
    const fig = el("figure", { class: `t-card playable${c.fresh ? " fresh" : ""}`, "data-card": c.card, "data-uid": c.uid, tabindex: 0, title: info.name },
      info.key ? el("img", { src: pic(info.key), alt: info.name }) : el("div", { class: "t-nopic" }, info.name),
      el("figcaption", {}, info.name));
    fig.addEventListener("click", () => cardSheet(c, zone, info.name));
    return fig;
  }
  const key = view.backs[c.back];
  const fig = el("figure", { class: "t-card back", "data-uid": c.uid || null, title: "face down" },
    key ? el("img", { src: pic(key), alt: "face down" }) : el("div", { class: "t-nopic" }, "face down"));
  if (c.uid) { fig.classList.add("playable"); fig.addEventListener("click", () => cardSheet(c, zone, "a face-down card")); }
  return fig;
}

function cardSheet(c, zone, name) {
  if (!view.viewer) return;  // a spectator moves nothing
  const me = view.viewer;
  const to = (z, up, text) => [text, { op: "move", uid: c.uid, to: z, ...(up === undefined ? {} : { up }) }, `to ${z}${up === false ? " down" : ""}`];
  const choices = [
    to("table", true, "to the table, face up"),
    to("table", false, "to the table, face down"),
    to(`area:${me}`, true, "to your area"),
    to("discard", true, "to the discard"),
    to(`hand:${me}`, undefined, "to your hand"),
    ...view.piles.map((p) => to(`pile:${p}`, undefined, `onto the ${p} pile`)),
    ...view.seats.filter((s) => s !== me).map((s) => to(`hand:${s}`, undefined, `give to ${s}`)),
  ].filter(([, b]) => b.to !== zone || b.up !== undefined);
  if (!zone.startsWith("hand:")) choices.push(["flip it", { op: "flip", uid: c.uid }, "flip"]);
  sheet(name, choices);
}

function pileSheet(z) {
  if (!view.viewer) return;
  const p = z.zone;
  sheet(`${label(p)} (${z.count})`, [
    ["draw 1", { op: "draw", zone: p, count: 1 }, "draw"],
    ["deal 1 to each hand", { op: "deal", zone: p, count: 1 }, "deal 1"],
    ["deal 5 to each hand", { op: "deal", zone: p, count: 5 }, "deal 5"],
    ["top card to the table", { op: "move", from: p, to: "table", up: true }, "top to table"],
    ["shuffle", { op: "shuffle", zone: p }, "shuffle"],
  ]);
}

function zoneEl(z) {
  const head = el("h4", {}, `${label(z.zone)} (${z.count})`);
  if (z.zone.startsWith("pile:")) {
    const top = z.top ? face(z.top, z.zone) : el("figure", { class: "t-card empty" }, el("div", { class: "t-nopic" }, "empty"));
    const pile = el("section", { class: "t-zone sb-pile", "data-zone": z.zone, tabindex: 0, role: "button" }, head, el("div", { class: "t-cards" }, top));
    pile.addEventListener("click", (e) => { if (!z.top || !z.top.card) pileSheet(z); e.stopPropagation(); });
    return pile;
  }
  if (z.backs) {  // another's hand: its count only
    const key = view.backs[z.backs[0]];
    return el("section", { class: "t-zone", "data-zone": z.zone }, head,
      el("div", { class: "t-backs" }, Array.from({ length: Math.min(z.count, 5) }, () => el("span", { class: "t-back" }, key ? el("img", { src: pic(key), alt: "" }) : el("span", { class: "t-back-plain" }))),
        el("span", { class: "t-count" }, `${z.count} hidden`)));
  }
  return el("section", { class: "t-zone", "data-zone": z.zone }, head,
    z.cards.length ? el("div", { class: "t-cards" }, z.cards.map((c) => face(c, z.zone))) : el("div", { class: "t-empty" }, "none"));
}

function counters() {
  const row = el("div", { class: "t-badges sb-counters" }, Object.entries(view.counters).map(([name, v]) =>
    el("span", { class: "t-badge", "data-counter": name }, el("b", {}, name), ` ${v} `,
      view.viewer ? [el("button", { class: "sb-step", "aria-label": `${name} minus one`, onclick: () => act({ op: "counter", name, delta: -1 }) }, "−"),
        el("button", { class: "sb-step", "aria-label": `${name} plus one`, onclick: () => act({ op: "counter", name, delta: 1 }) }, "+")] : "")));
  if (view.viewer) {
    const name = el("input", { id: "sb-counter-name", placeholder: "new counter", maxlength: 30, "aria-label": "new counter" });
    row.append(el("form", { class: "sb-new-counter", onsubmit: (e) => { e.preventDefault(); if (name.value.trim()) act({ op: "counter", name: name.value.trim(), value: 0 }); } },
      name, el("button", { class: "sb-step" }, "add")));
  }
  return row;
}

function show(v) {
  const before = view;
  if (!before) { baseLog = v.log.length; baseSeen = null; }
  else if (before.version !== v.version) {
    baseLog = before.log.length;
    baseSeen = new Set();
    for (const z of before.zones) for (const c of z.cards || []) baseSeen.add(`${z.zone}/${c.uid}`);
  }  view = v;
  document.getElementById("t-game").textContent = v.game;
  for (const z of v.zones) for (const c of z.cards || []) c.fresh = baseSeen && !baseSeen.has(`${z.zone}/${c.uid}`);
  const zone = (name) => v.zones.find((z) => z.zone === name);
  const me = v.viewer;
  const seatArea = (s) => el("section", { class: `t-seat ${s === me ? "own" : "other"}`, "data-seat": s },
    el("h3", {}, s, s === me ? " (you)" : ""),
    zoneEl(zone(`area:${s}`)),
    s === me ? el("section", { class: "t-hand", "data-field": `hand:${s}` }, el("h4", {}, "your hand"), zoneEl(zone(`hand:${s}`)).lastChild) : zoneEl(zone(`hand:${s}`)));
  const old = baseLog;
  root.replaceChildren(
    el("div", { class: "t-turn" }, me ? "Tap a pile to draw, deal or shuffle; tap a card to move or flip it." : "Watching the sandbox table."),
    el("div", { class: "t-layout" },
      el("div", { class: "t-board", id: "t-board" },
        el("div", { class: "t-others" }, v.seats.filter((s) => s !== me).map(seatArea)),
        el("div", { class: "t-centre" }, counters(), v.zones.filter((z) => z.zone.startsWith("pile:")).map(zoneEl), zoneEl(zone("table")), zoneEl(zone("discard"))),
        me ? seatArea(me) : ""),
      el("details", { class: "t-log", open: window.innerWidth > 900 }, el("summary", {}, `Log (${v.log.length})`),
        el("ol", { id: "t-log" }, v.log.map((line, k) => el("li", { class: k >= old ? "fresh" : null }, line))))));
  document.body.dataset.table = `${v.version}:sandbox`;
}

notes(api, () => view);
document.addEventListener("click", (e) => { if (!e.target.closest(".t-menu, .t-card.playable, .sb-pile")) closeSheet(); });
const source = new EventSource(`${base}/events`);
source.addEventListener("play", refresh);
source.addEventListener("open", () => { document.body.classList.remove("offline"); refresh(); });
source.addEventListener("error", () => { document.body.classList.add("offline"); statusLine.textContent = "reconnecting …"; });
refresh();
