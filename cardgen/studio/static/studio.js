// cardgen studio: what every view's page shares: the event stream, the status line, the
// save-to-update timing and small DOM helpers.  Plain ES modules: no build step, no network.

const handlers = new Map();
let source = null;

/** Call fn(data) for every event of this kind (the newest one first, on connecting). */
export function on(kind, fn) {
  if (!handlers.has(kind)) {
    handlers.set(kind, []);
    if (source) listen(kind);
  }
  handlers.get(kind).push(fn);
}

function listen(kind) {
  source.addEventListener(kind, (e) => {
    const data = JSON.parse(e.data);
    for (const fn of handlers.get(kind)) fn(data);
  });
}

/** Open the event stream (it reconnects by itself after a restart of the server). */
export function connect() {
  source = new EventSource("/events");
  for (const kind of handlers.keys()) listen(kind);
  source.addEventListener("open", () => document.body.classList.remove("offline"));
  source.addEventListener("error", () => {
    document.body.classList.add("offline");
    status("studio not reachable: is `cardgen studio` running?");
  });
}

/** Make an element: el("a", {href: "/", class: "x"}, "text", child…). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function status(text) {
  document.getElementById("status").textContent = text;
}

export function pictureUrl(key, part = "thumb") {
  return key ? `/picture/${part}/${key}.png` : null;
}

/** Where a diagnostic is: file:line:column (or the sheet cell), the file as the server
 * names it for the page (relative to the folder holding the catalogue). */
export function where(d) {
  if (d.where) return d.where;
  if (d.cell) return `${d.file}:${d.cell}`;
  if (!d.line) return d.file;
  return `${d.file}:${d.line}:${d.column}`;
}

export const SEVERITY_MARK = { error: "✖", warning: "▲", info: "ℹ" };

/** A one-line summary of the catalogue's state for the status line. */
export function summary(state) {
  const count = (s) => state.diagnostics.filter((d) => d.severity === s).length;
  const cards = state.cards.reduce((n, c) => n + c.copies, 0);
  const parts = [
    state.valid ? "valid" : "invalid",
    `${state.cards.length} designs`,
    `${cards} cards`,
  ];
  const errors = count("error"), warnings = count("warning"), infos = count("info");
  if (errors) parts.push(`${errors} error${errors > 1 ? "s" : ""}`);
  if (warnings) parts.push(`${warnings} warning${warnings > 1 ? "s" : ""}`);
  if (infos) parts.push(`${infos} info`);
  const phase = { loading: "loading…", rendering: "rendering…", checking: "checking…" }[state.phase];
  if (phase) parts.push(phase);
  if (state.message) parts.push(`⚠ ${state.message}`);
  return parts.join(" · ");
}

// --- save-to-update timing ---------------------------------------------------------------
// Each save is timed from its file's modification time to the moment the page shows its
// outcome (its new pictures loaded and decoded).  Kept in window.studioTimings.
const timings = [];
window.studioTimings = timings;
const timed = new Set();

/** Record the update of `state` once it is shown (`loaded`: its new images' promises). */
export async function shown(state, loaded) {
  const u = state.update;
  if (!u || state.pending.length) return;
  const id = `${u.saved}|${u.files.join(",")}`;
  if (timed.has(id)) return;
  timed.add(id);
  await Promise.all(loaded);
  const seconds = Date.now() / 1000 - u.saved;
  timings.push({ files: u.files, saved: u.saved, seconds, rendered: u.rendered });
  const what = u.rendered.length ? `${u.rendered.length} picture${u.rendered.length > 1 ? "s" : ""}` : "no picture";
  document.getElementById("timing").textContent =
    `saved ${u.files.join(", ")} → shown in ${seconds.toFixed(2)} s (${what} redrawn)`;
}

/** Point img at src and give the promise of its being shown. */
export function swap(img, src) {
  img.src = src;
  return img.decode().catch(() => undefined);
}
