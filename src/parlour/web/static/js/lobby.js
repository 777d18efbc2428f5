// The lobby: pick a game, its players, seats and options; join or watch other tables.
import { accountName } from "/static/js/account.js";
import { api, el, keepToken, tokenFor } from "/static/js/api.js";
import { botChoices } from "/static/js/bots.js";
import { t, tn } from "/static/js/i18n.js";
import { ratedName } from "/static/js/names.js";

const form = document.getElementById("create");
const nameInput = document.getElementById("name");
const rated = document.getElementById("rated");
let games = [];
let current = null;

// A name typed while the page was still loading (the language's catalogue comes first) stays.
if (!nameInput.value) nameInput.value = localStorage.getItem("parlour.name") || "";
accountName(nameInput);

function chosenGame() {
  return games.find((g) => g.name === form.querySelector("input[name=game]:checked")?.value);
}

function showGame() {
  current = chosenGame();
  if (!current) return;
  const players = document.getElementById("players");
  players.replaceChildren();
  for (let n = current.min_players; n <= current.max_players; n++) {
    players.append(el("option", { value: n, text: String(n) }));
  }
  players.value = String(Math.min(Math.max(2, current.min_players), current.max_players));
  showSeats();
  showOptions();
}

// A rated table seats only people and has a turn limit (a bot finishes for whoever leaves):
// while "Rated" is ticked every seat is a person's and "never" is not offered.
function showSeats() {
  const never = document.querySelector("#turn-limit option[value='']");
  never.disabled = rated.checked;
  if (rated.checked && never.selected) document.getElementById("turn-limit").value = "300";
  const count = Number(document.getElementById("players").value);
  const seats = document.getElementById("seats");
  seats.replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const select = el("select", { "data-seat": seat, "aria-label": t("Seat {number}", { number: seat + 1 }) });
    if (seat === 0) select.append(el("option", { value: "person", text: t("you") }));
    else {
      select.append(el("option", { value: "person", text: t("a person (share the link)") }));
      select.append(...botChoices(current));
      select.value = rated.checked ? "person" : current.default_bot;
      select.disabled = rated.checked;
    }
    seats.append(el("label", {}, t("Seat {number}", { number: seat + 1 }), " ", select));
  }
}

// Each option by its label for players, its choices by theirs (the values sent stay the
// identifiers); a per-seat list is asked seat by seat (a colour picker, say), another list of
// choices as a box a choice.
function showOptions() {
  document.getElementById("options").replaceChildren(...current.options.map(optionRow));
  showApplicable();
}

// The per-seat options again, one control a seat for the players now chosen.
function showSeatOptions() {
  for (const option of current.options.filter((o) => o.per_seat)) {
    document.querySelector(`[data-for-option="${option.name}"]`).replaceWith(optionRow(option));
  }
  showApplicable();
}

function optionRow(option) {
  const id = `option-${option.name}`;
  const about = el("span", { class: "muted", text: ` ${option.description}` });
  const parts = option.per_seat ? perSeat(option) : (option.type === "list of choice" ? ticks(option) : null);
  if (parts) {
    return el("fieldset", { id, class: "option-list", "data-for-option": option.name, "data-option": option.name },
      el("legend", { text: option.label }), ...parts, range(option), about);
  }
  return el("label", { for: id, "data-for-option": option.name },
    `${option.label} `, optionInput(option, { id, "data-option": option.name }), range(option), about);
}

// The control for one value of `option` (a list's whole text where not asked seat by seat).
function optionInput(option, attributes, value = option.default) {
  let input;
  if (option.type === "boolean") {
    input = el("select", attributes,
      el("option", { value: "true", text: t("yes") }), el("option", { value: "false", text: t("no") }));
  } else if (option.choices) {  // one choice (a per-seat list asks one a seat)
    input = el("select", attributes, option.choices.map((c) => el("option", { value: c, text: option.value_labels[c] })));
  } else {
    const number = option.type.endsWith("integer")
      ? { type: "number", min: option.minimum, max: option.maximum, step: 1, inputmode: "numeric" } : {};
    input = el("input", { ...attributes, placeholder: t("default"), ...number });
  }
  input.value = Array.isArray(value) ? value.join(",") : String(value ?? "");
  return input;
}

// A per-seat list's value for each of `count` seats by default: its default's, where the
// listing gives one, else (a list of choices left empty) the choices in their order.
function seatDefaults(option, count) {
  if (Array.isArray(option.default) && option.default.length) return option.default;
  return option.type === "list of choice" ? option.choices.slice(0, count) : [];
}

// One control a seat for a per-seat list, seat 1 first, showing its default for that seat.
function perSeat(option) {
  const count = Number(document.getElementById("players").value);
  const defaults = seatDefaults(option, count);
  return Array.from({ length: count }, (_, seat) => {
    const name = t("Seat {number}", { number: seat + 1 });
    const input = optionInput(option, { "data-value-of": option.name, "data-seat-index": seat, "aria-label": `${option.label}: ${name}` }, defaults[seat] ?? "");
    return el("label", {}, `${name} `, input);
  });
}

// A box for each choice of a list of choices (none ticked: the default).
function ticks(option) {
  return option.choices.map((choice) => el("label", {},
    el("input", { type: "checkbox", value: choice, "data-value-of": option.name, checked: Array.isArray(option.default) && option.default.includes(choice) }),
    ` ${option.value_labels[choice]}`));
}

// A list's value as the form sends it: its seats' values or its ticked choices joined, or ""
// for its default.
function listValue(option, box) {
  const inputs = Array.from(box.querySelectorAll("[data-value-of]"));
  const values = inputs.filter((input) => input.type !== "checkbox" || input.checked).map((input) => input.value.trim());
  const defaults = option.per_seat ? seatDefaults(option, values.length) : [];
  const text = values.join(",");
  return text === defaults.join(",") || values.every((value) => value === "") ? "" : text;
}

// The bounds of an integer option (of each integer of a list option), as the kernel checks them.
function range(option) {
  if (option.minimum === undefined || option.maximum === undefined) return null;
  const text = `${option.minimum}-${option.maximum}`;
  const shown = option.type === "integer" ? text : t("each {range}", { range: text });
  return el("span", { class: "range", text: ` ${shown}` });
}

// An option that applies only for some values of another (say, a time limit for one mode)
// is shown, and sent, only then; the kernel would refuse it otherwise.
function showApplicable() {
  for (const option of current.options) {
    const label = document.querySelector(`[data-for-option="${option.name}"]`);
    if (!label) continue;
    let applies = true;
    for (const [other, allowed] of Object.entries(option.applies_when || {})) {
      const input = document.querySelector(`[data-option="${other}"]`);
      applies = applies && allowed.map(String).includes(input.value);
    }
    label.hidden = !applies;
    const input = label.matches("[data-option]") ? label : label.querySelector("[data-option]");
    input.disabled = !applies;
  }
}

// How many may play a game: "2 players" where the rules fix the number, else "2-4 players".
function playerRange(game) {
  if (game.min_players === game.max_players) {
    return tn("{count} player", "{count} players", game.min_players);
  }
  return t("{low}-{high} players", { low: game.min_players, high: game.max_players });
}

async function loadGames() {
  games = await api("/api/games");
  document.getElementById("games-loading").remove();
  const box = document.getElementById("games");
  for (const [index, game] of games.entries()) {
    const radio = el("input", { type: "radio", name: "game", value: game.name, checked: index === 0, id: `game-${game.name}` });
    radio.addEventListener("change", showGame);
    box.append(el("label", { class: "game-choice", for: `game-${game.name}` }, radio,
      el("span", {}, el("strong", { text: game.title }),
        " ", el("span", { class: "muted", text: playerRange(game) }),
        el("span", { class: "summary", text: game.summary }))));
  }
  showGame();
  // "Learn to play" lists only the games that have a tutorial (the listing says which).
  document.getElementById("learn-games").replaceChildren(...games.filter((game) => game.tutorial).map((game) =>
    el("li", {}, el("a", { href: `/learn/${encodeURIComponent(game.name)}`, "data-learn": game.name, text: game.title }))));
  // The daily challenge is there only where a game offers one (the listing says which).
  document.getElementById("challenge-section").hidden = !games.some((game) => game.challenge);
  document.getElementById("rating-games").replaceChildren(...games.filter((game) => game.max_players > 1).map((game) =>
    el("li", {}, el("a", { href: `/ratings/${encodeURIComponent(game.name)}`, "data-ratings": game.name, text: game.title }))));
}

// Rated tables are for players with accounts: the choice shows once this browser is logged in.
async function showRated() {
  const { account } = await api("/api/session");
  document.getElementById("rated-box").hidden = !account;
  if (!account && rated.checked) {
    rated.checked = false;
    showSeats();
  }
}

form.addEventListener("change", (event) => {
  if (event.target.id === "players" || event.target === rated) showSeats();
  if (event.target.id === "players") showSeatOptions();
  if (event.target.dataset.option) showApplicable();
});

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = document.getElementById("create-error");
  error.textContent = "";
  const name = nameInput.value.trim();
  if (!nameInput.readOnly) localStorage.setItem("parlour.name", name);
  const options = {};
  for (const input of form.querySelectorAll("[data-option]:not([disabled])")) {
    const spec = current.options.find((o) => o.name === input.dataset.option);
    const value = input.tagName === "FIELDSET" ? listValue(spec, input) : input.value.trim();
    const defaultText = Array.isArray(spec.default) ? spec.default.join(",") : String(spec.default);
    if (value !== "" && value !== defaultText) options[spec.name] = value;
  }
  const seats = Array.from(form.querySelectorAll("[data-seat]"), (s) => s.value);
  const limit = document.getElementById("turn-limit").value;
  try {
    const created = await api("/api/tables", {
      method: "POST",
      body: {
        game: current.name, players: seats.length, options, seats, name,
        listed: document.getElementById("listed").checked,
        turn_limit: limit ? Number(limit) : null,
        rated: rated.checked,
      },
    });
    keepToken(created.table.id, created.token);
    location.href = `/t/${created.table.id}`;
  } catch (failure) {
    error.textContent = failure.message;
  }
});

function tableItem(table, action) {
  const game = games.find((g) => g.name === table.game);
  const people = table.seats.map((s) => (s.name ? ratedName(table, s.seat) : (s.taken ? "?" : t("open seat")))).join(", ");
  return el("li", { class: "card" },
    el("strong", { text: game ? game.title : table.game }), " ",
    table.rated ? el("span", { class: "rated", text: t("rated") }) : null, table.rated ? " " : null,
    tn("({count} player):", "({count} players):", table.players), " ",
    el("span", { text: people }), " ", action);
}

async function loadTables() {
  const tables = await api("/api/tables");
  const open = document.getElementById("open-tables");
  const running = document.getElementById("running-tables");
  open.replaceChildren();
  running.replaceChildren();
  for (const table of tables) {
    const mine = tokenFor(table.id);
    if (table.status === "open") {
      open.append(tableItem(table, el("a", { href: `/t/${table.id}`, text: mine ? t("back to your seat") : t("join") })));
    } else {
      running.append(tableItem(table, el("a", { href: `/t/${table.id}`, text: mine ? t("back to your seat") : t("watch") })));
    }
  }
  if (!open.children.length) open.append(el("li", { class: "muted", text: t("No open table right now.") }));
  if (!running.children.length) running.append(el("li", { class: "muted", text: t("No game is being played.") }));
}

await loadGames();
await showRated();
await loadTables();
setInterval(loadTables, 5000);
