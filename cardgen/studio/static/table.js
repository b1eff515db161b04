// A playtester's table (the page of one link of a shared game): the seat's own hand along the
// bottom at a readable size, the other seats' public areas at the top, the shared zones in the
// centre, counters as labelled badges, the cards and log lines the last moves changed marked,
// a card the seat may play clickable in its hand (other actions as buttons), hidden cards as
// card backs.  Everything comes from /t/<token>/…: the page never sees another seat's cards.
import { el } from "./studio.js";
import { linkApi } from "./table_link.js";
import { notes } from "./table_note.js";

const token = location.pathname.split("/")[2];
const base = `/t/${token}`;
const root = document.getElementById("t-table");
const statusLine = document.getElementById("t-status");
let view = null, asked = 0, drawn = 0;
// the last moves: what changed at the table's last change (a redraw of the same version, as a
// seat connecting, keeps them marked)
let baseLog = null;

const api = linkApi(base);

async function refresh() {
  const seq = ++asked;
  try {
    const v = await api("/view");
    if (seq >= drawn) {
      drawn = seq;
      document.body.dataset.views = seq; // how many views the page has been given
      // the same table asked again (a reconnection, another seat's news): nothing redrawn, so a
      // card under the pointer is not replaced while a player clicks it
      if (view && JSON.stringify(v) === JSON.stringify(view)) statusLine.textContent = status(v);
      else show(v);
    }
  } catch (e) {
    statusLine.textContent = e.message;
  }
}

const status = (t) => (t.terminal ? "game over" : t.legal.length ? "your turn" : "waiting");

// only the board and the turn's choices dim while a choice is on its way: the log is left alone
// (a class toggled on the whole table restyled and repainted every log line twice a click)
function busy(on) {
  for (const part of [boardArea, root.querySelector(".t-turn")]) if (part) part.classList.toggle("busy", on);
}

async function choose(action) {
  busy(true);
  try {
    const seq = ++asked;
    const v = await api("/choose", { action });
    if (seq >= drawn) { drawn = seq; show(v); }
  } catch (e) {
    statusLine.textContent = e.message;
  } finally {
    busy(false);
  }
}

// --- what a value is ---------------------------------------------------------------------------
const isObject = (v) => v && typeof v === "object" && !Array.isArray(v);
const isCard = (v) => typeof v === "string" && view && v in view.cards;
const join = (path, k) => (path ? `${path}.${k}` : String(k));
const HIDDEN = /^(hand|hands|deck|decks|pile|piles|draw|pack|hand_piles|draw_pile|discard|kept|saved)$/;
const label = (k) => String(k).replace(/_/g, " ");
const hinted = (patterns, path) => (patterns || []).some((p) => {
  const a = p.split("."), b = path.split(".");
  return a.length === b.length && a.every((x, i) => x === "*" || x === b[i]);
});
/** A number where the game keeps cards: that many hidden cards. */
const isCount = (v, path) => typeof v === "number" && (hinted(view.card_fields, path) || path.split(".").some((p) => HIDDEN.test(p)));
/** A fact: a value shown as a badge (not a card, not a zone of cards, not a mapping). */
const isFact = (v, path) => !isCard(v) && !isObject(v) && !isCount(v, path) &&
  !(Array.isArray(v) && (v.some((x) => isCard(x) || (x && typeof x === "object")) ||
    hinted(view.layout.face_down, path) || hinted(view.card_fields, path)));

// --- cards -----------------------------------------------------------------------------------
/** The cards a click may play: card id -> the actions naming that card alone. */
let playable = new Map();
const pictureUrl = (key) => `${base}/picture/thumb/${key}.png`;

function card(id, path) {
  const c = view.cards[id];
  const acts = playable.get(id) || [];
  const fig = el("figure", { class: `t-card${acts.length ? " playable" : ""}${fresh(path, id) ? " fresh" : ""}`, "data-card": id, title: c.name },
    c.key ? el("img", { src: pictureUrl(c.key), alt: c.name, loading: "lazy" }) : el("div", { class: "t-nopic" }, c.name),
    el("figcaption", {}, c.name));
  if (acts.length) {
    fig.tabIndex = 0;
    fig.setAttribute("role", "button");
    fig.setAttribute("aria-label", acts.length === 1 ? acts[0] : `${c.name}: ${acts.length} choices`);
    const go = () => (acts.length === 1 ? choose(acts[0]) : menu(fig, acts));
    fig.addEventListener("click", go);
    fig.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
    offered.add(id);
  }
  return fig;
}

/** The choices a card offers when it offers more than one: a sheet at the bottom of the screen. */
function menu(fig, acts) {
  document.querySelectorAll(".t-menu").forEach((m) => m.remove());
  const m = el("div", { class: "t-menu", role: "menu", "aria-label": fig.title },
    el("b", {}, fig.title),
    acts.map((a) => el("button", { class: "t-action", "data-action": a, onclick: (e) => { e.stopPropagation(); m.remove(); choose(a); } }, a)),
    el("button", { class: "t-cancel", onclick: (e) => { e.stopPropagation(); m.remove(); } }, "cancel"));
  document.body.append(m);
}

function backs(n, path) {
  const shown = Math.min(n, 5);
  const pic = view.back ? (k) => el("img", { src: pictureUrl(view.back), alt: "", class: "t-back-img", style: null, "data-k": k }) : () => el("div", { class: "t-back-plain" });
  return el("div", { class: "t-backs", "data-zone": path, title: `${n} hidden card${n === 1 ? "" : "s"}` },
    n ? Array.from({ length: shown }, (_, k) => el("span", { class: "t-back" }, pic(k))) : "",
    el("span", { class: "t-count" }, `${n} hidden`));
}

// the places of the cards shown before this view (path -> ids): a card not there before is fresh
let places = new Map(), previous = null;
function fresh(path, id) {
  const seen = places.get(path) || new Map();
  seen.set(id, (seen.get(id) || 0) + 1);
  places.set(path, seen);
  if (!previous) return false;
  const was = previous.get(path);
  return !was || (was.get(id) || 0) < seen.get(id);
}

// --- zones -----------------------------------------------------------------------------------
function badge(k, v, path) {
  const text = v === true ? "yes" : v === false ? "no" : v === null ? "—" : Array.isArray(v) ? (v.length ? v.join(", ") : "none") : String(v);
  return el("span", { class: "t-badge", "data-field": path }, el("b", {}, label(k)), " ", text);
}

/** The places of a zone with their marks: ``marks(k)`` gives [field, value] of place k. */
function zoneCards(value, path, marks) {
  return el("div", { class: "t-cards", "data-zone": path }, value.map((v, k) => {
    let place;
    if (isCard(v)) place = card(v, path);
    else if (v === null && hinted(view.layout.face_down, path)) place = el("figure", { class: "t-card back" }, view.back ? el("img", { src: pictureUrl(view.back), alt: "face down" }) : el("div", { class: "t-nopic" }, "face down"));
    else if (isObject(v) && isCard(v.card)) {
      const { card: id, ...rest } = v;
      place = card(id, path);
      place.append(el("div", { class: "t-marks" }, Object.entries(rest).map(([f, x]) => badge(f, x, join(join(path, k + 1), f)))));
    } else place = el("figure", { class: "t-card empty" }, el("div", { class: "t-nopic" }, v === null || v === "" ? "—" : String(v)));
    for (const [f, x] of marks ? marks(k) : [])
      if (x !== 0 && x !== null && x !== false) place.append(el("span", { class: "t-badge t-mark" }, el("b", {}, label(f)), " ", String(x)));
    return place;
  }));
}

function draw(value, path, marks = null) {
  if (isCard(value)) return el("div", { class: "t-cards", "data-zone": path }, card(value, path));
  if (isCount(value, path)) return backs(value, path);
  if (Array.isArray(value)) {
    if (!value.length) return el("div", { class: "t-empty", "data-zone": path }, "none");
    if (!marks && value.every(isCard) && hinted(view.layout.piles, path)) {  // a pile: its top card
      const under = value.slice(0, -1).reverse();
      return el("div", { class: "t-pile", "data-zone": path },
        el("div", { class: "t-cards" }, card(value[value.length - 1], path),
          el("span", { class: "t-count" }, `${value.length} card${value.length === 1 ? "" : "s"}`)),
        // unfolded when a card under the top is one the seat may play now
        under.length ? el("details", { open: under.some((c) => playable.has(c)) }, el("summary", {}, `the ${under.length} under it`),
          el("div", { class: "t-cards" }, under.map((c) => card(c, path)))) : "");
    }
    if (value.every((v) => isCard(v) || v === null || v === "" || (isObject(v) && isCard(v.card))))
      return zoneCards(value, path, marks);
    if (value.every(isObject))
      return el("div", { class: "t-items" }, value.map((v, k) => el("section", { class: "t-item" }, el("h4", {}, `${label(path.split(".").pop())} ${k + 1}`), fields(v, join(path, k + 1)))));
    return el("div", { class: "t-items" }, value.map((v, k) => draw(v, join(path, k + 1))));
  }
  if (isObject(value)) return el("div", { class: "t-fields" }, fields(value, path));
  return el("span", { class: "t-value", "data-zone": path }, value === null ? "—" : String(value));
}

/** A mapping: its facts as badges, then its zones, each under its name (``skip``: drawn elsewhere). */
function fields(value, path, skip = []) {
  const counters = view.layout.counters || {};
  const markFields = [];
  const marksOf = (k) => {
    const fs = (counters[k] || []).filter((f) => Array.isArray(value[f]) && Array.isArray(value[k]) && value[f].length === value[k].length);
    markFields.push(...fs);
    return fs.length ? (i) => fs.map((f) => [f, value[f][i]]) : null;
  };
  const marks = Object.fromEntries(Object.keys(value).map((k) => [k, marksOf(k)]));
  const entries = Object.entries(value).filter(([k]) => !skip.includes(k) && !markFields.includes(k));
  const facts = entries.filter(([k, v]) => isFact(v, join(path, k)));
  const zones = entries.filter(([k, v]) => !isFact(v, join(path, k)));
  return [
    facts.length ? el("div", { class: "t-badges" }, facts.map(([k, v]) => badge(k, v, join(path, k)))) : "",
    ...zones.map(([k, v]) => zone(k, v, join(path, k), marks[k])),
  ];
}

function zone(name, value, path, marks = null) {
  return el("section", { class: "t-zone", "data-field": path }, el("h4", {}, label(name)), draw(value, path, marks));
}

/** The key of a seat's mapping that is its hand (drawn along the bottom, large): a zone named
 * hand holding cards, else the zone with the most cards the seat may play now (then the most
 * cards); once found it stays (the table does not jump between turns). */
let handChoice = null;
function handKey(mine) {
  const keys = Object.keys(mine).filter((k) => Array.isArray(mine[k]));
  if (handChoice && keys.includes(handChoice)) return handChoice;
  const named = keys.find((k) => /hand/.test(k) && mine[k].some(isCard));
  const playing = (k) => mine[k].filter((c) => playable.has(c)).length;
  const best = keys.filter((k) => playing(k) > 0)
    .sort((a, b) => playing(b) - playing(a) || mine[b].length - mine[a].length)[0];
  handChoice = named || best || null;
  return handChoice || keys.find((k) => /hand/.test(k));
}

// --- the table -------------------------------------------------------------------------------
let offered = new Set();

function seatArea(t, k, seats, own) {
  const info = t.seats[k];
  const path = join(t.layout.seats, k + 1);
  const state = info.who === "person" ? (info.connected ? "connected" : "away") : `bot: ${info.who}`;
  const head = el("h3", {}, info.seat, own ? " (you)" : "",
    el("span", { class: `t-who ${info.connected ? "on" : "off"}` }, state),
    t.to_move.includes(info.seat) ? el("span", { class: "t-turn-mark" }, t.chosen.includes(info.seat) ? "chose" : "to move") : "",
    !t.to_move.includes(info.seat) && t.chosen.includes(info.seat) ? el("span", { class: "t-turn-mark" }, "chose") : "");
  if (!own) return el("section", { class: "t-seat other", "data-seat": info.seat }, head, fields(seats[k], path));
  const hk = handKey(seats[k]);
  const hand = hk ? el("section", { class: "t-hand", "data-field": join(path, hk) }, el("h4", {}, `your ${label(hk)}`), draw(seats[k][hk], join(path, hk))) : "";
  return el("section", { class: "t-seat own", "data-seat": info.seat }, head, el("div", { class: "t-own-zones" }, fields(seats[k], path, hk ? [hk] : [])), hand);
}

// the parts built once and kept: the board is redrawn at each view, the log's list only gets its
// new lines (a redraw of the whole log made a game's cost grow with the square of its length)
const boardArea = el("div", { class: "t-board", id: "t-board" });
const logCount = el("summary", {}, "Log (0)");
const logList = el("ol", { id: "t-log" });
const layout = el("div", { class: "t-layout" }, boardArea,
  el("details", { class: "t-log", open: window.innerWidth > 900 }, logCount, logList));
let logShown = [], freshShown = 0;

/** The log's list made to show ``lines``, those from ``freshFrom`` on marked fresh: the lines
 * both begin with are kept (only those changing mark change class), the rest drawn anew, and the
 * list scrolled to its last line when lines came. */
function drawLog(lines, freshFrom) {
  let same = 0;
  while (same < logShown.length && same < lines.length && logShown[same] === lines[same]) same++;
  while (logList.childElementCount > same) logList.lastElementChild.remove();
  const items = logList.children;
  for (let k = Math.min(freshShown, freshFrom); k < Math.max(freshShown, freshFrom) && k < same; k++)
    items[k].classList.toggle("fresh", k >= freshFrom);
  logList.append(...lines.slice(same).map((line, k) => el("li", { class: same + k >= freshFrom ? "fresh" : null }, line)));
  if (lines.length > same) logList.scrollTop = logList.scrollHeight;
  logCount.textContent = `Log (${lines.length})`;
  logShown = lines;
  freshShown = freshFrom;
}

function show(t) {
  if (!view) { previous = null; baseLog = t.log.length; }
  else if (view.version !== t.version) { previous = places; baseLog = view.log.length; }
  places = new Map();
  view = t;
  document.getElementById("t-game").textContent = t.game;
  // the cards a click plays: an action naming one card alone
  playable = new Map();
  for (const a of t.legal) {
    const cs = t.action_cards[a] || [];
    if (cs.length === 1) playable.set(cs[0], [...(playable.get(cs[0]) || []), a]);
  }
  offered = new Set();
  const seen = t.shown;
  const seatsKey = t.layout.seats;
  const seats = seatsKey && Array.isArray(seen[seatsKey]) && seen[seatsKey].length === t.seats.length && seen[seatsKey].every(isObject) ? seen[seatsKey] : null;
  const me = t.viewer ? +t.viewer.slice(1) - 1 : -1;
  let body;
  if (seats) {
    const centre = (t.layout.centre || []).filter((k) => k in seen);
    body = [
      el("div", { class: "t-others" }, seats.map((_, k) => k).filter((k) => k !== me).map((k) => seatArea(t, k, seats, false))),
      el("div", { class: "t-centre" }, fields(seen, "", [seatsKey])),
      me >= 0 ? seatArea(t, me, seats, true) : "",
    ];
  } else {
    body = [el("div", { class: "t-centre" }, fields(seen, ""))];
  }
  // the actions no card on the table plays: buttons
  const buttons = t.legal.filter((a) => { const cs = t.action_cards[a] || []; return !(cs.length === 1 && offered.has(cs[0])); });
  let turn;
  if (t.terminal) turn = el("div", { class: "t-turn over", id: "t-result" }, el("b", {}, "Game over"), el("ul", {}, t.result_lines.map((l) => el("li", {}, l))));
  else if (t.legal.length) turn = el("div", { class: "t-turn mine", id: "t-actions" },
    el("b", {}, offered.size ? "Your turn: tap a highlighted card" : "Your turn"),
    buttons.length ? [offered.size ? " or choose:" : ": choose", el("div", { class: "t-buttons" }, buttons.map((a) => {
      const cs = (t.action_cards[a] || []).map((c) => (t.cards[c] ? t.cards[c].name : c));
      return el("button", { class: "t-action", "data-action": a, onclick: () => choose(a) }, a, cs.length ? el("small", {}, cs.join(", ")) : "");
    }))] : "");
  else turn = el("div", { class: "t-turn", id: "t-waiting" }, t.viewer && t.chosen.includes(t.viewer) ? "You chose; waiting for " : "Waiting for ",
    (t.to_move.filter((s) => !t.chosen.includes(s)).join(", ") || "the bots"), " …");
  // an open sheet of choices stays while its choices are still the seat's (another's move came)
  document.querySelectorAll(".t-menu").forEach((m) => {
    const acts = [...m.querySelectorAll("[data-action]")].map((b) => b.dataset.action);
    if (!acts.every((a) => t.legal.includes(a))) m.remove();
  });
  if (!layout.isConnected) root.replaceChildren(turn, layout);
  else root.firstElementChild.replaceWith(turn);
  boardArea.replaceChildren(...body);
  drawLog(t.log, baseLog);
  document.body.dataset.table = `${t.version}:${t.legal.length}:${t.terminal}`;
  statusLine.textContent = status(t);
}

notes(api, () => view);

document.addEventListener("click", (e) => {
  if (!e.target.closest(".t-card.playable, .t-menu")) document.querySelectorAll(".t-menu").forEach((m) => m.remove());
});

// the table's changes: a version number; a dropped connection reconnects by itself (the seat
// stays the link's), and the view is asked again
const source = new EventSource(`${base}/events`);
source.addEventListener("play", refresh);
source.addEventListener("open", () => { document.body.classList.remove("offline"); refresh(); });
source.addEventListener("error", () => { document.body.classList.add("offline"); statusLine.textContent = "reconnecting …"; });
refresh();
