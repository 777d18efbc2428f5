// Talk at the table: the players' chat (spectators read it too) and the spectators' own, quick
// reactions told in the reader's language, a mute per person kept in this browser, and the
// host's switch for the spectators' chat. Every word is a text node: never parsed as HTML.
import { api, el } from "/static/js/api.js";
import { t } from "/static/js/i18n.js";

// The quick reactions' codes, as the server knows them, and their words here.
export function reactionText(code) {
  const words = {
    hello: t("Hello!"), good_move: t("Good move!"), well_played: t("Well played!"),
    oops: t("Oops!"), thanks: t("Thanks!"), sorry: t("Sorry!"),
  };
  return words[code] || code;
}

// Who is muted at a table, kept per table in this browser: players by seat, spectators by name.
function mutedKey(tableId) {
  return `parlour.muted.${tableId}`;
}

function mutedAt(tableId) {
  return new Set(JSON.parse(localStorage.getItem(mutedKey(tableId)) || "[]"));
}

function speaker(line) {
  return line.seat === null ? `spectator:${line.name}` : `seat:${line.seat}`;
}

// One line as a list item: who (a spectator marked so), then the words or the reaction.
export function lineItem(line) {
  const who = line.seat === null ? t("{name} (watching)", { name: line.name }) : line.name;
  return el("li", { class: `chat-line ${line.channel}`, "data-number": String(line.number) },
    el("span", { class: "who", text: `${who}: ` }),
    el("span", { class: line.reaction ? "reaction" : "words", text: line.reaction ? reactionText(line.reaction) : line.text }));
}

// The chat panel of a table page in `box`: `token()` is the page's seat token now.
export function tableChat(box, tableId, token) {
  const lines = new Map(); // by number
  const muted = mutedAt(tableId);
  let frame = null;
  let mutable = ""; // the mute choices drawn, as their keys
  const muteBox = el("details", { class: "chat-mute", hidden: true });
  const list = el("ol", { id: "chat-lines", class: "chat-lines", "aria-live": "polite", "aria-label": t("Messages") });
  const error = el("p", { id: "chat-error", class: "error", role: "alert" });
  const said = (body) => api(`/api/tables/${tableId}/chat`, { method: "POST", token: token(), body })
    .then(() => { error.textContent = ""; })
    .catch((failure) => { error.textContent = failure.message; });

  function showLines() {
    const shown = [...lines.values()].sort((a, b) => a.number - b.number).filter((line) => !muted.has(speaker(line)));
    list.replaceChildren(...shown.map(lineItem));
    list.hidden = shown.length === 0;
    if (frame) muting(frame);
  }

  // A new line at the end is appended (a screen reader announces it alone); else redrawn.
  function heard(line) {
    if (lines.has(line.number)) return; // loaded already
    const newest = Math.max(0, ...lines.keys());
    lines.set(line.number, line);
    if (line.number < newest || lines.size === 1) {
      showLines();
    } else if (!muted.has(speaker(line))) {
      list.append(lineItem(line));
      list.hidden = false;
      if (line.seat === null && frame) muting(frame);
    }
  }

  async function reload() {
    try {
      const { lines: latest } = await api(`/api/tables/${tableId}/chat`, { token: token() });
      latest.forEach((line) => lines.set(line.number, line));
      showLines();
    } catch (failure) { error.textContent = failure.message; }
  }

  // Whom this reader may mute: everyone else at the table, and the spectators who spoke (drawn
  // again only when they change, so an open list stays open).
  function muting(current) {
    const others = current.table.seats.filter((s) => s.kind === "person" && s.taken && s.seat !== current.seat)
      .map((s) => ({ key: `seat:${s.seat}`, name: s.name }));
    const watching = [...new Set([...lines.values()].filter((l) => l.seat === null).map((l) => l.name))]
      .map((name) => ({ key: `spectator:${name}`, name: t("{name} (watching)", { name }) }));
    const choices = [...others, ...watching];
    const keys = JSON.stringify(choices.map((c) => [c.key, c.name]));
    if (keys === mutable) return;
    mutable = keys;
    muteBox.hidden = choices.length === 0;
    muteBox.replaceChildren(el("summary", { text: t("Mute") }), ...choices.map((c) =>
      el("label", { class: "check" }, el("input", { type: "checkbox", checked: muted.has(c.key), "data-mute": c.key, onchange: (event) => {
        if (event.target.checked) muted.add(c.key); else muted.delete(c.key);
        localStorage.setItem(mutedKey(tableId), JSON.stringify([...muted]));
        showLines();
      } }), " ", t("Mute {name}", { name: c.name }))));
  }

  function form(current) {
    const spectator = current.seat === null;
    if (spectator && !current.table.spectator_chat) {
      return el("p", { id: "chat-closed", class: "muted", text: t("The host has turned the spectators' chat off.") });
    }
    const text = el("input", { id: "chat-text", maxlength: 300, autocomplete: "off" });
    const name = spectator ? el("input", { id: "chat-name", maxlength: 40, value: localStorage.getItem("parlour.name") || "" }) : null;
    const send = el("form", { id: "chat-form", class: "chat-form" },
      name ? el("label", {}, t("Your name"), " ", name) : null,
      el("label", {}, spectator ? t("Say something to the other spectators") : t("Say something to the table"), " ", text),
      el("button", { type: "submit", text: t("Send") }));
    const named = () => (name?.value.trim() ? { name: name.value.trim() } : {}); // logged in: the account's
    send.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (!text.value.trim()) return;
      if (name) localStorage.setItem("parlour.name", name.value.trim());
      await said({ text: text.value, ...named() });
      if (!error.textContent) text.value = "";
    });
    const quick = el("p", { class: "chat-reactions", role: "group", "aria-label": t("Quick reactions") },
      ["hello", "good_move", "well_played", "oops", "thanks", "sorry"].map((code) =>
        el("button", { type: "button", class: "reaction-button", "data-reaction": code, text: reactionText(code),
          onclick: () => said({ reaction: code, ...named() }) })));
    return el("div", {}, quick, send);
  }

  // The host's switch for the spectators' chat.
  function hostSwitch(current) {
    const mine = current.table.seats.find((s) => s.you);
    if (!mine?.host) return null;
    return el("label", { class: "check" }, el("input", { type: "checkbox", id: "spectator-chat", checked: current.table.spectator_chat,
      onchange: async (event) => {
        try {
          await api(`/api/tables/${tableId}/chat/spectators`, { method: "POST", token: token(), body: { allowed: event.target.checked } });
        } catch (failure) { error.textContent = failure.message; }
      } }), " ", t("Spectators may chat among themselves"));
  }

  const lasts = (current) => ["open", "running"].includes(current.table.status);

  // Redrawn when who the page is, or the switch, changes (not on every move: a half-typed
  // line stays).
  function update(current) {
    const key = (f) => f && JSON.stringify([f.seat, lasts(f), f.table.spectator_chat, f.table.seats.map((s) => [s.name, s.taken])]);
    if (key(current) === key(frame)) return;
    const seatChanged = !frame || frame.seat !== current.seat;
    frame = current;
    box.hidden = current.seat === null && !lasts(current); // after the game: for those who sat
    if (box.hidden) return;
    muting(current);
    box.replaceChildren(el("h2", { text: t("Table talk") }), list, form(current), hostSwitch(current), muteBox, error);
    if (seatChanged) reload();
  }

  // Back after the socket was down: the lines said meanwhile (each kept once, by number).
  function caughtUp() {
    if (frame && !box.hidden) reload();
  }

  return { caughtUp, heard, update };
}
