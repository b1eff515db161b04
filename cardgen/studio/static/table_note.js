// Notes at a shared table (a game's or the sandbox's): anyone notes a card on their table or the
// moment, and rates the game once it has ended.  The note form opens from the bar's ✎ button.
import { el } from "./studio.js";

/** Wire the bar's ✎ button: ``api(path, body)`` posts under the link, ``current()`` is the
 * view shown (its cards, whether the game has ended). */
export function notes(api, current) {
  const noteOpen = document.getElementById("t-note-open");
  const notePanel = el("form", { class: "t-note", id: "t-note", hidden: true });
  document.body.append(notePanel);
  function drawNote(cardId = "") {
    const about = el("select", { id: "t-note-card", "aria-label": "about" },
      el("option", { value: "" }, "the moment (the last move)"),
      Object.entries(current() ? current().cards : {}).sort((a, b) => a[1].name.localeCompare(b[1].name))
        .map(([id, c]) => el("option", { value: id }, c.name)));
    about.value = cardId;
    const text = el("textarea", { id: "t-note-text", rows: 3, maxlength: 2000, placeholder: "what you noticed …", "aria-label": "note" });
    const rating = current() && current().terminal ? el("label", {}, "rate the game ", el("select", { id: "t-note-rating" },
      el("option", { value: "" }, "—"), [5, 4, 3, 2, 1].map((n) => el("option", { value: n }, `${n} / 5`)))) : "";
    const said = el("span", { id: "t-note-said", role: "status" });
    notePanel.replaceChildren(el("b", {}, "Note"), el("label", {}, "about ", about), text, rating,
      el("div", { class: "t-note-buttons" },
        el("button", { type: "submit", id: "t-note-save", class: "t-action" }, "save the note"),
        el("button", { type: "button", class: "t-cancel", onclick: () => { notePanel.hidden = true; } }, "close"), said));
    notePanel.onsubmit = async (e) => {
      e.preventDefault();
      const body = { text: text.value, card: about.value || null };
      if (rating && notePanel.querySelector("#t-note-rating").value) body.rating = +notePanel.querySelector("#t-note-rating").value;
      try {
        const made = await api("/note", body);
        said.textContent = `note ${made.n} saved`;
        text.value = "";
      } catch (err) {
        said.textContent = err.message;
      }
    };
  }
  noteOpen.addEventListener("click", () => {
    if (notePanel.hidden) drawNote();
    notePanel.hidden = !notePanel.hidden;
    if (!notePanel.hidden) notePanel.querySelector("textarea").focus();
  });
}
