// Playtest notes on their cards (the shared table's notes, every playtest of the output): a
// count on each noted card's tile in the gallery, the notes themselves on the card's page.
import { el, on } from "./studio.js";

let notes = {};
const view = document.getElementById("view");

async function load() {
  const r = await fetch("/api/notes");
  if (!r.ok) return;
  notes = (await r.json()).cards;
  decorate();
}

const line = (n) => `${n.by}, step ${n.step} (${n.playtest})${n.text ? `: ${n.text}` : ""}${n.rating ? ` (rated ${n.rating}/5)` : ""}`;

function decorate() {
  watcher.disconnect();
  for (const tile of view.querySelectorAll(".tile[data-design]")) {
    const list = notes[tile.dataset.design] || [];
    let badge = tile.querySelector(".note-count");
    if (!list.length) { if (badge) badge.remove(); continue; }
    if (!badge) {
      badge = el("span", { class: "note-count" });
      (tile.querySelector(".caption") || tile).append(badge);
    }
    badge.textContent = `✎ ${list.length} note${list.length === 1 ? "" : "s"}`;
    badge.title = list.map(line).join("\n");
  }
  const card = view.dataset.card;
  if (card) {
    const list = notes[card] || [];
    let section = view.querySelector("#card-notes");
    if (list.length && !section) {
      section = el("section", { id: "card-notes", class: "card-notes" });
      view.append(section);
    }
    if (section) section.replaceChildren(el("h2", {}, "Playtest notes"), el("ul", {}, list.map((n) => el("li", {}, line(n)))));
  }
  watcher.observe(view, { childList: true, subtree: true });
}

const watcher = new MutationObserver(decorate);
on("notes", load);
load();
