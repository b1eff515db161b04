// The Play table: a seeded game of the catalogue on the engine kit's protocol.  The page shows
// what the chosen seat may see (its observation, drawn generically: lists of card ids as the
// kit's card pictures), its legal actions as buttons, the log as that seat saw it and every
// step (time travel: go to any step; choosing there continues the game as a branch).
import { connect, el, on, pictureUrl, status, summary } from "./studio.js";

const view = document.getElementById("view");
let about = null, cards = new Map(), table = null, viewer = "";

async function api(path, body) {
  const opts = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) };
  const r = await fetch(path, opts);
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

// --- set-up ------------------------------------------------------------------------------
const setup = el("section", { class: "play-setup", id: "play-setup" });
const board = el("section", { class: "play-table", id: "play-table" });
const problem = el("p", { class: "play-problem", id: "play-problem", role: "alert" });
// shown while the server works on a question: the bots think there, never in this page
const thinking = el("p", { class: "play-thinking", id: "thinking", role: "status", hidden: true }, "the bots are thinking (on the server: the page stays live) …");
view.append(setup, problem, thinking, board);

function seatSelect(k) {
  const choices = [[about.person, "a person"], ...about.bots.map((b) => [b, `bot: ${b}`])];
  const s = el("select", { id: `seat-${k + 1}`, "aria-label": `seat P${k + 1}` },
    choices.map(([v, label]) => el("option", { value: v }, label)));
  s.value = k === 0 ? about.person : (about.bots.includes("greedy") ? "greedy" : about.bots[0]);
  return s;
}

// a sandbox table for any catalogue, rules or not: its cards moved by hand, shared by links
async function sandboxControls() {
  const seats = el("select", { id: "sandbox-seats", "aria-label": "sandbox seats" },
    [1, 2, 3, 4, 5, 6].map((n) => el("option", { value: n }, `${n} seat${n > 1 ? "s" : ""}`)));
  seats.value = "2";
  const seed = el("input", { id: "sandbox-seed", type: "number", value: "1", min: "0", "aria-label": "sandbox seed" });
  const start = el("button", { id: "sandbox-start", onclick: async () => {
    try { await api("/api/sandbox/start", { seats: +seats.value, seed: +seed.value }); drawShare(); } catch (e) { problem.textContent = e.message; }
  } }, "Start a sandbox table (no rules)");
  let saved = [];
  try { saved = (await api("/api/sandbox/saved")).saved; } catch (e) { saved = []; }
  const pick = el("select", { id: "sandbox-saved", "aria-label": "a saved sandbox table" }, saved.map((n) => el("option", { value: n }, n)));
  const reopen = el("button", { id: "sandbox-open", disabled: !saved.length, onclick: async () => {
    try { await api("/api/sandbox/open", { name: pick.value }); drawShare(); } catch (e) { problem.textContent = e.message; }
  } }, "reopen");
  return el("p", { class: "sandbox" }, "Or a sandbox table: ", seats, el("label", {}, " seed ", seed), " ", start,
    saved.length ? [" · saved tables: ", pick, reopen] : "");
}

async function drawSetup() {
  const sandbox = await sandboxControls();
  if (!about.available) {
    setup.replaceChildren(el("p", {}, `No game to play: ${about.reason}`), sandbox, sharePanel);
    drawShare();
    return;
  }
  const [lo, hi] = about.players;
  const players = el("select", { id: "players", "aria-label": "players" },
    Array.from({ length: hi - lo + 1 }, (_, i) => el("option", { value: lo + i }, `${lo + i} players`)));
  const seats = el("span", { class: "seats" });
  const fill = () => seats.replaceChildren(...Array.from({ length: +players.value }, (_, k) => el("label", {}, `P${k + 1} `, seatSelect(k))));
  players.addEventListener("input", fill);
  fill();
  const seed = el("input", { id: "seed", type: "number", value: "1", min: "0", "aria-label": "seed" });
  const settings = el("input", { id: "settings", placeholder: "settings: name=value …", "aria-label": "settings",
    title: `this game's settings: ${Object.entries(about.settings).map(([k, v]) => `${k}=${v}`).join(" ")}` });
  const start = el("button", { id: "start", onclick: async () => {
    const chosen = {};
    for (const pair of settings.value.split(/\s+/).filter(Boolean)) {
      const [k, v] = pair.split("=");
      chosen[k] = /^-?\d+$/.test(v) ? +v : v === "true" ? true : v === "false" ? false : v;
    }
    const body = { seats: [...seats.querySelectorAll("select")].map((s) => s.value), seed: +seed.value, settings: chosen };
    viewer = body.seats.includes(about.person) ? `P${body.seats.indexOf(about.person) + 1}` : "designer";
    await act("/api/play/start", body);
  } }, "Start a game");
  const file = el("input", { type: "file", id: "open-log", accept: ".json,.yaml,.yml", "aria-label": "open a game log or a scenario" });
  file.addEventListener("change", async () => {
    if (!file.files.length) return;
    viewer = "designer";
    await act(`/api/play/open?name=${encodeURIComponent(file.files[0].name)}`, await file.files[0].text());
    file.value = "";
  });
  setup.replaceChildren(el("h2", {}, about.name), players, seats, el("label", {}, "seed ", seed), settings, start,
    el("label", { class: "open" }, "or open a game log or a scenario ", file), sandbox, table ? "" : sharePanel);
  drawShare();
}

async function act(path, body) {
  try {
    problem.textContent = "";
    boardArea.classList.add("busy");
    thinking.hidden = false;
    const seq = ++asked;
    const data = await api(`${path}${path.includes("?") ? "&" : "?"}seat=${encodeURIComponent(viewer)}`, body);
    answered(seq, data.table);
  } catch (e) {
    problem.textContent = e.message;
  } finally {
    boardArea.classList.remove("busy");
    thinking.hidden = true;
  }
}

async function refresh() {
  const seq = ++asked;
  const data = await api(`/api/play/view?seat=${encodeURIComponent(viewer)}`);
  answered(seq, data.table);
}

// Answers may arrive out of order (a click's, and the refresh an earlier change announced, for
// another viewer): only an answer to a later question than the one shown is drawn.
let asked = 0, shownAnswer = 0;
function answered(seq, t) {
  if (seq < shownAnswer) return;
  shownAnswer = seq;
  // the same table at the same step for the same viewer (a page's own click, then the event
  // announcing it): drawn once, not replaced under the pointer
  if (t && table && t.version === table.version && t.viewer === table.viewer && t.position === table.position) {
    drawShare();  // who is connected may have changed
    return;
  }
  show(t);
}

// --- the table ----------------------------------------------------------------------------
function card(id) {
  const c = cards.get(id);
  if (!c) return null;
  // the full picture replaces the thumbnail when the pointer first rests on the card (zoomed)
  const sharpen = (e) => {
    const img = e.currentTarget.querySelector("img"), url = pictureUrl(c.key, "full");
    if (!img || !url || img.src.endsWith(url)) return;
    const full = new Image();
    full.onload = () => { img.src = url; };
    full.src = url;
  };
  return el("figure", { class: "play-card", "data-card": id, onmouseenter: sharpen },
    c.key ? el("img", { src: pictureUrl(c.key), alt: c.name, width: 100, height: 140 }) : el("div", { class: "nopic" }, c.name),
    el("figcaption", {}, c.name));
}

const isCard = (v) => typeof v === "string" && cards.has(v);
const HIDDEN_ZONE = /^(hand|hands|deck|decks|pile|piles|draw|hand_piles|draw_pile|discard)$/;
const isObject = (v) => v && typeof v === "object" && !Array.isArray(v);
const join = (name, k) => (name ? `${name}.${k}` : String(k));
// the engine's layout hints of the table shown (TableLayout), and the seats it has
const NO_HINTS = { seats: null, centre: [], stacks: {}, piles: [], face_down: [], counters: {} };
let hints = NO_HINTS, seatCount = 0, cardFields = [];
/** Whether ``path`` (``players.1.discard``) is one of ``patterns`` (``*`` any one part). */
const hinted = (patterns, path) => patterns.some((p) => {
  const a = p.split("."), b = path.split(".");
  return a.length === b.length && a.every((x, i) => x === "*" || x === b[i]);
});
const faceDown = (v, path) => Array.isArray(v) && v.length > 0 && hinted(hints.face_down, path);
// a fact: a value drawn as words in a line (no card, no mapping, no seat panels)
const isFact = (v, path) => !isCard(v) && !isObject(v) && !faceDown(v, path) &&
  !(Array.isArray(v) && v.some((x) => isCard(x) || (x && typeof x === "object")));

const emptyPlace = () => el("figure", { class: "play-card empty" }, el("div", { class: "nopic" }, "—"));
const backOfCard = () => el("figure", { class: "play-card back", title: "a face-down card" }, el("div", { class: "nopic" }, "face down"));

/** A pile: its top card (the list's last) and its count; the cards under it folded. */
function pile(value, name) {
  const under = value.slice(0, -1).reverse();
  return el("div", { class: "pile", "data-zone": name },
    el("div", { class: "cards" }, card(value[value.length - 1]),
      el("span", { class: "pile-count" }, `${value.length} card${value.length === 1 ? "" : "s"}`)),
    under.length ? el("details", {}, el("summary", {}, `the ${under.length} under it`), el("div", { class: "cards" }, under.map(card))) : "");
}

/** Draw any JSON of an observation: card ids as pictures (a list of cards and empty places as
 * a row of slots), lists of seats as panels, a count in a hand, deck or pile as hidden cards. */
function draw(value, name, marks = null) {
  if (isCard(value)) return el("div", { class: "cards", "data-zone": name }, card(value));
  if (Array.isArray(value)) {
    const slot = (v, k) => {
      const place = isCard(v) ? card(v) : faceDown(value, name) ? backOfCard() : emptyPlace();
      for (const [f, v, g] of place && marks ? marks(k) : [])  // what is set: not 0, none, false
        if (v !== 0 && v !== null && v !== false) place.append(el("span", { class: "counter", "data-counter": `${f}:${g}` }, `${f} ${v}`));
      return place;
    };
    if (value.length && value.every((v) => isCard(v)) && hinted(hints.piles, name))
      return pile(value, name);
    if (value.length && value.every((v) => isCard(v)) && !marks)
      return el("div", { class: "cards", "data-zone": name }, value.map(card));
    if (faceDown(value, name) || marks || (value.some(isCard) && value.every((v) => v === null || v === "" || isCard(v))))
      return el("div", { class: "cards slots", "data-zone": name }, value.map(slot));
    if (value.length && value.every((v) => v === null || v === ""))
      return el("span", { class: "value", "data-zone": name }, value.map(() => "—").join(" "));
    if (value.length && value.every((v) => isObject(v) && isCard(v.card)))  // cards and their marks
      return el("div", { class: "cards", "data-zone": name }, value.map((v, k) => {
        const { card: id, ...marks } = v;
        const figure = card(id);
        figure.append(el("div", { class: "marks" }, fields(marks, join(name, k + 1))));
        return figure;
      }));
    if (value.length && value.every(isObject)) {
      const seats = !name.includes(".") && value.length === seatCount;  // one mapping a seat
      return el("div", { class: "seat-panels" }, value.map((v, k) =>
        el("section", { class: "seat-panel", "data-seat": seats ? `P${k + 1}` : null }, el("h3", {}, seats ? `P${k + 1}` : `${name.split(".").pop()} ${k + 1}`), fields(v, join(name, k + 1)))));
    }
    if (value.some((v) => isCard(v) || (v && typeof v === "object")))  // each item its own way
      return el("div", { class: "items", "data-zone": name }, value.map((v, k) => draw(v, join(name, k + 1))));
    return el("span", { class: "value", "data-zone": name }, value.length ? value.join(", ") : "(none)");
  }
  if (isObject(value)) return el("div", { class: "fields" }, fields(value, name));
  if (typeof value === "number" && (hinted(cardFields, name) || name.split(".").some((part) => HIDDEN_ZONE.test(part))))
    return el("span", { class: "value count", "data-zone": name }, `${value} hidden`);
  return el("span", { class: "value", "data-zone": name }, value === null ? "—" : String(value));
}

/** A mapping's fields: its facts in one line, then its zones side by side (``skip``: drawn
 * elsewhere). */
function fields(value, name, skip = []) {
  // the marks on a zone's places (its counters hint; their fields are not drawn again)
  const marked = {};
  for (const [k, v] of Object.entries(value))
    if (Array.isArray(v) && !skip.includes(k)) { const m = marksOf(value, k, v.length, 0); if (m) marked[k] = m; }
  const hidden = [...skip, ...Object.values(marked).flatMap((m) => m.fields)];
  const entries = Object.entries(value).filter(([k]) => !hidden.includes(k));
  const facts = entries.filter(([k, v]) => isFact(v, join(name, k)) && !(k in marked));
  const zones = entries.filter(([k, v]) => !isFact(v, join(name, k)) || k in marked);
  return [
    facts.length ? el("div", { class: "facts" }, facts.map(([k, v]) =>
      el("div", { class: "fact", "data-field": join(name, k) }, el("b", {}, k), " ", draw(v, join(name, k))))) : "",
    zones.length ? el("div", { class: "zones" }, zones.map(([k, v]) => zone(k, v, join(name, k), marked[k] ? marked[k].at : null))) : "",
  ];
}

/** The marks lying on ``places`` places of the zone or stack ``key`` of ``value`` (the fields its
 * counters hint names, one item a place; ``from``: the index of its first place among them):
 * ``at(k)`` gives place k's [field, value, index] marks; null when no field fits. */
function marksOf(value, key, places, from) {
  const fields = (hints.counters[key] || []).filter((f) => Array.isArray(value[f]) && value[f].length === places);
  return fields.length ? { fields, at: (k) => fields.map((f) => [f, value[f][from + k], from + k]) } : null;
}

function zone(label, value, path, marks = null) {
  return el("section", { class: "zone", "data-field": path }, el("h4", {}, label), draw(value, path, marks));
}

/** The table by the engine's layout hints: the facts, the other seats' areas, the centre
 * zones, the viewer's own area at the bottom; without hints, the observation drawn as it is. */
function drawTable(t) {
  const seen = t.shown;
  const seats = hints.seats && seen[hints.seats];
  if (!Array.isArray(seats) || !seats.every(isObject)) return draw(seen, "");
  const me = t.viewer ? +t.viewer.slice(1) - 1 : 0;
  const centre = hints.centre.filter((k) => k in seen);
  const area = (k) => el("section", { class: `seat-panel seat-area ${k === me ? "own" : "other"}`, "data-seat": `P${k + 1}` },
    el("h3", {}, `P${k + 1}${k === me && t.viewer ? " (you)" : ""}`), seatFields(seats[k], join(hints.seats, k + 1), hints.stacks));
  return el("div", { class: "laid-out" },
    el("div", { class: "table-facts" }, fields(seen, "", [hints.seats, ...centre])),
    el("div", { class: "seat-row others" }, seats.map((_, k) => k).filter((k) => k !== me).map(area)),
    el("div", { class: "centre zones" }, centre.map((k) => zone(k, seen[k], k))),
    el("div", { class: "seat-row mine" }, area(me)));
}

function seatFields(value, name, stacks) {
  const marked = {}, skip = Object.values(stacks).flat();
  for (const [label, rows] of Object.entries(stacks)) {
    const places = rows.filter((r) => Array.isArray(value[r])).reduce((n, r) => n + value[r].length, 0);
    const m = marksOf(value, label, places, 0);
    if (m) { marked[label] = m; skip.push(...m.fields); }
  }
  const parts = fields(value, name, skip);
  for (const [label, rows] of Object.entries(stacks)) {
    const here = rows.filter((r) => r in value);
    const m = marked[label];
    let from = 0;
    const row = (r) => {  // a row's places are the next ones of the stack's marks
      const start = from, places = Array.isArray(value[r]) ? value[r].length : 0;
      from += places;
      return el("div", { class: "stack-row" }, el("span", { class: "row-name" }, r),
        draw(value[r], join(name, r), m && places ? (k) => m.at(start + k) : null));
    };
    if (here.length) parts.push(el("section", { class: "stack", "data-field": join(name, label) }, el("h4", {}, label), here.map(row)));
  }
  return parts;
}

function actionButton(text, named, small) {
  const size = small ? { width: 30, height: 42 } : { width: 50, height: 70 };
  const names = named.filter((c) => cards.has(c));
  const spelled = names.some((c) => !text.split(/\s+/).includes(c));  // named by a number
  return el("button", { class: "action", "data-action": text, onclick: () => act("/api/play/choose", { seat: viewer, action: text }) },
    names.map((c) => el("img", { src: pictureUrl(cards.get(c).key), alt: cards.get(c).name, ...size })),
    el("span", {}, text, spelled ? el("small", {}, names.map((c) => cards.get(c).name).join(", ")) : ""));
}

// The table's parts made once and kept: each answer redraws the board (what the step shows)
// and appends to the log and the steps only what they lack, so a click costs the same at the
// game's first step as at its thousandth (the whole log redrawn each click made a game
// quadratic in its length).
const head = el("header", { class: "play-head" });
const seatsLine = el("p", { class: "seats-line" });
const boardArea = el("div", { class: "play-board", id: "board" });
const logList = el("ol", { id: "log", class: "log" });
const stepList = el("ol", { id: "steps", class: "steps" });
const side = el("aside", { class: "play-side" }, el("h3", {}, "Log"), logList, el("h3", {}, "Steps"), stepList);
const tableParts = [head, seatsLine, el("div", { class: "play-main" }, boardArea, side)];
let logShown = [], stepsShown = [], positionShown = 0;

/** ``list`` (showing the texts ``shown``) made to show ``texts``: the items after the texts both
 * begin with are replaced by the rest of ``texts``, each drawn by ``item(text, index)``; the
 * texts now shown. */
function follow(list, shown, texts, item) {
  let same = 0;
  while (same < shown.length && same < texts.length && shown[same] === texts[same]) same++;
  while (list.childElementCount > same) list.lastElementChild.remove();
  list.append(...texts.slice(same).map((text, k) => item(text, same + k)));
  return texts;
}

function drawSteps(t) {
  const texts = t.steps.map((s, k) => Object.entries(s).map(([p, a]) =>
    `${p}: ${a}${p in t.thinking[k] ? ` (${t.thinking[k][p].toFixed(3)} s)` : ""}`).join(" · "));
  const old = Math.min(positionShown, stepsShown.length);
  stepsShown = follow(stepList, stepsShown, texts, (text, k) =>
    el("li", { class: k < t.position ? "done" : "ahead", "data-step": JSON.stringify(t.steps[k]) },
      el("a", { href: "#", onclick: (e) => { e.preventDefault(); act("/api/play/go", { position: k + 1 }); } }, text)));
  // the steps kept whose side of the position shown changed
  const items = stepList.children;
  for (let k = Math.min(old, t.position); k < Math.max(old, t.position) && k < items.length; k++)
    items[k].className = k < t.position ? "done" : "ahead";
  positionShown = t.position;
}

function show(t) {
  if (t && table && t.version < table.version) return;  // another window's older table
  table = t;
  hints = (t && t.layout) || NO_HINTS;
  seatCount = t ? t.seats.length : 0;
  cardFields = (t && t.card_fields) || [];
  if (!t) {
    logShown = follow(logList, logShown, [], null);
    stepsShown = follow(stepList, stepsShown, [], null);
    board.replaceChildren(el("p", {}, "No game yet: choose the seats and start one, or open a game log."));
    return;
  }
  if (head.parentNode !== board) board.replaceChildren(...tableParts);
  if (sharePanel.parentNode !== side) side.prepend(sharePanel);
  const seats = t.seats.map((s) => el("option", { value: s.seat }, `${s.seat} (${s.who})`));
  const pick = el("select", { id: "viewer", "aria-label": "view as" }, seats, el("option", { value: "designer" }, "designer (everything)"));
  pick.value = viewer || "designer";
  pick.addEventListener("input", () => { viewer = pick.value; refresh(); });
  const n = t.steps.length;
  const nav = el("span", { class: "travel" },
    el("button", { id: "back", disabled: t.position === 0, onclick: () => act("/api/play/go", { position: t.position - 1 }) }, "◀ back"),
    el("span", { id: "position" }, `step ${t.position} of ${n}`),
    el("button", { id: "forward", disabled: t.position >= n, onclick: () => act("/api/play/go", { position: t.position + 1 }) }, "forward ▶"),
    el("a", { href: "/api/play/log", download: "", id: "save-log" }, "save the game log"));
  const who = t.seats.map((s) => `${s.seat}: ${s.who}${s.logged !== s.who ? ` (${s.logged} in the log)` : ""}${s.thinking !== null ? ` (thought ${s.thinking.toFixed(3)} s)` : ""}`).join(" · ");
  let turn;
  if (t.terminal) turn = el("p", { id: "result", class: "result" }, `game over: ${t.result_lines.join(" · ")}`);
  else if (t.legal.length) turn = el("div", { id: "actions", class: "actions" }, el("p", {}, `${t.viewer} to choose${t.chosen.length ? ` (${t.chosen.join(", ")} chose, hidden)` : ""}:`), t.legal.map((a) => actionButton(a, t.action_cards[a] || [], t.legal.length > 12)));
  else turn = el("p", { id: "waiting" }, `to move: ${t.to_move.join(", ") || t.movers.join(", ")}${t.chosen.length ? ` (${t.chosen.join(", ")} chose, hidden until all have)` : ""}`);
  head.replaceChildren(el("h2", {}, `${t.name} · seed ${t.seed}`), el("label", {}, "view as ", pick), nav);
  seatsLine.textContent = who;
  boardArea.dataset.viewer = t.viewer || "designer";
  boardArea.replaceChildren(turn, drawTable(t));
  logShown = follow(logList, logShown, t.log, (line) => el("li", {}, line));
  drawSteps(t);
  drawShare();
  document.body.dataset.play = `${t.version}:${t.position}:${t.viewer || "designer"}`;
}

// --- the table shared with a group: a private link for each person's seat, one for spectators
const sharePanel = el("section", { class: "share", id: "share" });
async function drawShare() {
  let links;
  try { links = await api("/api/play/share"); } catch (e) { return; }
  const share = el("button", { id: "share-table", onclick: async () => {
    try { await api("/api/play/share", {}); drawShare(); } catch (e) { problem.textContent = e.message; }
  } }, links.shared ? "new links (the old ones end)" : "share this table: a link for each person");
  const bots = (about && about.bots) || [];
  const bot = bots.includes("greedy") ? "greedy" : bots[0] || "random";
  const sandbox = links.kind === "sandbox";
  const rows = links.links.map((k) => el("li", { "data-link": k.seat },
    el("b", {}, k.seat), " ", el("input", { readonly: true, value: k.url, "aria-label": `link of ${k.seat}`, onfocus: (e) => e.target.select() }),
    el("span", { class: "code", title: `or open ${k.join}` }, ` code ${k.code}`),
    el("span", { class: k.connected ? "online" : "offline" }, k.connected ? " connected" : " not connected"),
    !sandbox && k.seat !== "spectator" && !k.connected ? el("button", { class: "to-bot", onclick: async () => {
      try { await api("/api/play/give-to-bot", { seat: k.seat, bot }); } catch (e) { problem.textContent = e.message; }
    } }, `give ${k.seat} to the ${bot} bot`) : ""));
  const exports = el("p", { class: "notes-export" }, "playtest notes: ",
    el("a", { href: "/api/notes.md", download: "", id: "notes-md" }, "Markdown"), " · ",
    el("a", { href: "/api/notes.csv", download: "", id: "notes-csv" }, "CSV"));
  sharePanel.replaceChildren(el("h3", {}, sandbox ? "Sandbox table" : "Playtest"), table && !sandbox ? share : "", el("ul", { class: "links" }, rows), exports);
}

on("state", (s) => {
  status(summary(s));
  cards = new Map(s.cards.map((c) => [c.id, { name: c.name, key: s.pictures[c.id] }]));
  if (table) show(table);
});
on("play", () => { if (about && about.available) refresh(); });
connect();
about = await api("/api/play/about");
await drawSetup();
await refresh();
