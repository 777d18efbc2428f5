// A table page: seats, live frames over the WebSocket, the game's own renderer, the end.
import { accountName } from "/static/js/account.js";
import { api, el, keepToken, requestId, tokenFor } from "/static/js/api.js";
import { drawBoard } from "/static/js/board.js";
import { showBreakdowns } from "/static/js/breakdown.js";
import { botChoices } from "/static/js/bots.js";
import { tableChat } from "/static/js/chat.js";
import * as generic from "/static/js/games/generic.js";
import { rendererFor } from "/static/js/games/index.js";
import { language, t, tn } from "/static/js/i18n.js";
import { logText, ratedName, seatName } from "/static/js/names.js";
import { showNotices } from "/static/js/notices.js";
import { showRules } from "/static/js/rules.js";
import { playCues } from "/static/js/sound.js";

const tableId = location.pathname.split("/").pop();
let token = tokenFor(tableId);
let renderer = generic;
let frame = null;
let socket = null;
let retry = 500;
let sentAt = null; // the table's version an action in flight was chosen at (see act)
let hintsOn = localStorage.getItem("parlour.hints") === "on";
let advice = false; // whether the game gives advice (hints): /api/games says
let analysis = false; // whether that advice is a solver's, which also analyses a finished game
let gameInfo = null; // this table's game as /api/games lists it (its bots, whether it advises)
let fillBot = null; // the host's choice of bot for the open seats, kept across redraws
let online = false; // whether the socket is open and has sent this table's state since

const $ = (id) => document.getElementById(id);
const chat = tableChat($("chat"), tableId, () => token);

function showError(message) {
  $("error").textContent = message || "";
}

// The game's question before a move that looks like a slip (entering 0 where another row
// scores), asked unless the player turned the questions off (kept in this browser).
const ASK = "parlour-ask-first";
const askFirst = $("ask-first");
askFirst.checked = localStorage.getItem(ASK) !== "off";
askFirst.addEventListener("change", () => localStorage.setItem(ASK, askFirst.checked ? "on" : "off"));

function meant(action) {
  const question = frame?.confirm?.[action];
  return !question || !askFirst.checked || window.confirm(question);
}

// One action per version of the table: a second press while the first is answered is
// dropped, but a newer state (the move applied, the bots answered: the socket may bring it
// before the answer to the request) takes the next press at once.
async function act(action) {
  const at = frame?.table.version;
  if (!online || sentAt === at) return;
  if (!meant(action)) return;
  sentAt = at;
  showError("");
  document.body.classList.add("busy");
  try {
    await api(`/api/tables/${tableId}/actions`, {
      method: "POST", token, body: { action, request_id: requestId() },
    });
  } catch (failure) {
    showError(failure.message);
  } finally {
    if (sentAt === at) settled();
  }
}

function settled() {
  sentAt = null;
  document.body.classList.remove("busy");
}

// A button that copies the table's link: the clipboard where the page may write it (a secure
// context), else the selected text, as a plain http address on a home network allows.
function copyButton(input) {
  const button = el("button", { type: "button", class: "copy", text: t("Copy link") });
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
      document.execCommand("copy");
    }
    button.textContent = t("Copied");
  });
  return button;
}

function showSeating(table) {
  const box = $("seating");
  box.hidden = table.status !== "open";
  if (box.hidden) return;
  const mine = table.seats.find((s) => s.you);
  const shared = el("input", { value: location.href, readonly: true, class: "link", "aria-label": t("Link to this table") });
  const items = table.seats.map((s) => {
    const who = s.kind === "bot" ? t("bot {bot}", { bot: s.label }) : (s.taken ? ratedName(table, s.seat) : t("open"));
    return el("li", {}, t("Seat {number}: {who}", { number: s.seat + 1, who }));
  });
  box.replaceChildren(el("h2", { text: t("Waiting for players") }), el("ul", {}, items),
    el("p", {}, t("Share this link with a friend:"), " ", shared, " ", copyButton(shared)));
  if (!mine) {
    const name = el("input", { id: "join-name", maxlength: 40, required: true, value: localStorage.getItem("parlour.name") || "", "aria-label": t("Your name") });
    accountName(name);
    const form = el("form", { id: "join" }, el("label", {}, t("Your name"), " ", name), el("button", { type: "submit", text: t("Take a seat") }));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        if (!name.readOnly) localStorage.setItem("parlour.name", name.value.trim());
        const joined = await api(`/api/tables/${tableId}/join`, { method: "POST", token, body: { name: name.value.trim() } });
        token = joined.token;
        keepToken(tableId, token);
        connect();
      } catch (failure) { showError(failure.message); }
    });
    box.append(form);
  } else if (mine.host) {
    const choice = el("select", { id: "fill-bot", "aria-label": t("Bot for the open seats") }, gameInfo ? botChoices(gameInfo) : []);
    choice.value = fillBot || gameInfo?.default_bot || "";
    choice.addEventListener("change", () => { fillBot = choice.value; });
    box.append(el("p", {}, el("label", {}, t("Bot for the open seats"), " ", choice), " ",
      el("button", { id: "fill-bots", text: t("Fill the open seats with bots and start"), onclick: async () => {
        const body = choice.value ? { bot: choice.value } : {};
        try { await api(`/api/tables/${tableId}/bots`, { method: "POST", token, body }); } catch (failure) { showError(failure.message); }
      } })));
  } else {
    box.append(el("p", { class: "muted", text: t("You have a seat. The game starts when every seat is taken.") }));
  }
}

function showStatus(current) {
  const { table, view } = current;
  const parts = [];
  if (table.status === "open") parts.push(t("Waiting for players."));
  if (table.rated) parts.push(t("A rated game."));
  if (view) {
    if (view.over) {
      parts.push(t("The game is over."));
    } else {
      const acting = view.to_act.map((s) => (s === current.seat ? t("you") : seatName(table, s)));
      parts.push(acting.length ? t("To act: {who}.", { who: acting.join(", ") }) : "");
    }
    const scores = view.scores.map((score, seat) => `${ratedName(table, seat, current.seat)} ${score}`).join(", ");
    parts.push(t("Scores: {scores}", { scores }));
  }
  if (current.seat === null) parts.push(t("(You are watching.)"));
  if (table.deadline && !view?.over && !renderer.showsClock) {
    parts.push(t("Time left: {time}.", { time: clockText(table.deadline - current.now) }));
  }
  $("status").textContent = parts.filter(Boolean).join(" ");
}

// Whether the status line's clocks move: the game's clock, a person's turn limit or a bot
// thinking.
function ticking(table) {
  return Boolean(table.deadline) || table.seats.some((s) => (s.turn_ends !== null && s.turn_ends !== undefined)
    || (s.kind === "bot" && s.acting_since != null));
}

// "1:05": whole seconds left, never below zero.
function clockText(seconds) {
  const left = Math.max(0, Math.round(seconds));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

// Where the table has a turn limit, how long each person to act has before a bot plays for
// them: the server's time (`turn_ends`), so every page counts down alike; and a bot that has
// thought a second or more says so, with how long (`acting_since`), so nobody waits
// guessing. A timer, not a live region: a screen reader is not told every second.
function showTurnClocks(current) {
  const { table, view } = current;
  const going = view && !view.over;
  const timed = going ? table.seats.filter((s) => s.turn_ends !== null && s.turn_ends !== undefined) : [];
  const thinking = going ? table.seats.filter((s) => s.kind === "bot" && s.acting_since != null
    && current.now - s.acting_since >= 1) : [];
  const box = $("turn-clock");
  box.hidden = timed.length + thinking.length === 0;
  box.replaceChildren(...timed.map((s) => {
    const time = clockText(s.turn_ends - current.now);
    return el("span", { "data-seat": String(s.seat), text: s.seat === current.seat
      ? t("Your turn: {time} left.", { time })
      : t("{who}'s turn: {time} left.", { who: seatName(table, s.seat, current.seat), time }) });
  }), ...thinking.map((s) => el("span", { class: "thinking", "data-seat": String(s.seat),
    text: [t("{who} is thinking… {time}", { who: seatName(table, s.seat, current.seat), time: clockText(current.now - s.acting_since) }),
      tookUpTo(s.longest_move)].filter(Boolean).join(" ") })));
}

// How long a bot's moves have taken so far (`longest_move`, the server's measure), so a
// person knows how long its thinking may go on; nothing before its first move.
function tookUpTo(longest) {
  if (longest === null || longest === undefined) return "";
  const seconds = Math.max(1, Math.round(longest));
  return tn("(Its moves have taken up to {count} second.)", "(Its moves have taken up to {count} seconds.)", seconds);
}

// A dot for each person at a table of several: whether a page of theirs is connected now (the
// server says so in every frame; a closed tab goes grey within seconds).
function showPresence(current) {
  const { table } = current;
  const people = table.seats.filter((s) => s.kind === "person" && s.taken);
  const box = $("presence");
  box.hidden = people.length < 2 || table.status === "finished";
  if (box.hidden) return;
  box.replaceChildren(el("span", { text: t("At the table:") }), ...people.map((s) => {
    const who = seatName(table, s.seat, current.seat);
    const here = s.connected || s.seat === current.seat;
    const said = here ? t("{who}: connected", { who }) : t("{who}: not connected", { who });
    return el("span", { class: `seat-presence ${here ? "here" : "gone"}`, title: said, "data-seat": String(s.seat) },
      el("span", { class: "dot", "aria-hidden": "true" }), el("span", { class: "who", text: who }),
      el("span", { class: "sr-only", text: here ? t("connected") : t("not connected") }));
  }));
}

// Everyone at the table sees who is away and that a bot plays for them, until they are back.
function showAway(current) {
  const { table } = current;
  const away = table.status === "running" ? table.seats.filter((s) => s.absent && s.kind === "person") : [];
  const box = $("away");
  box.hidden = away.length === 0;
  box.replaceChildren(...away.map((s) => el("p", { text: s.you
    ? t("You are away: a bot is playing for you. Choose your next move to take your seat back.")
    : t("{who} is away: a bot is playing for them.", { who: seatName(table, s.seat) }) })));
}

function showLog(current) {
  const entries = current.view?.log || [];
  const told = (at) => tookBack(current, (note) => Math.min(note.after, entries.length) === at);
  $("log").replaceChildren(...entries.flatMap((entry, at) => [...told(at),
    el("li", { text: logText(current.table, entry, current.seat) })]), ...told(entries.length));
}

// The undos `which` picks, as log lines: the move left the game's log, so the page says where
// it was taken back ("Seat 2 took back their move."), after the log entries of the moment.
function tookBack(current, which) {
  const { seat, table } = current;
  return (current.taken_back || []).filter(which).map((note) => el("li", { class: "taken-back",
    text: note.seat === seat ? t("You took back your move.") : t("{who} took back their move.", { who: seatName(table, note.seat, seat) }) }));
}

// The kernel's undo, where the frame says this seat may take back its last move of the turn:
// a button after the game's own choices, sending `undo` as any move is sent.
function showUndo(current) {
  if (!current.can_undo) return;
  $("actions").append(el("button", { type: "button", id: "undo", class: "undo", text: t("Undo"),
    title: t("Take back your last move"), onclick: () => act("undo") }));
}

// What the others did since this seat's own last moves: back from the log's end, past the
// seat's latest entries, up to its earlier ones (at most `most`); a watcher sees the latest.
function othersMoves(log, seat, most = 4) {
  let end = log.length;
  while (seat !== null && end > 0 && log[end - 1].seat === seat) end -= 1;
  let start = end;
  while (start > 0 && end - start < most && (seat === null || log[start - 1].seat !== seat)) start -= 1;
  return log.slice(start, end);
}

// The others' last moves, in view above the board while the game goes on.
function showRecent(current) {
  const { view } = current;
  const moves = view && !view.over ? othersMoves(view.log, current.seat) : [];
  const latest = view && !view.over ? tookBack(current, (note) => note.seat !== current.seat && note.after >= view.log.length) : [];
  const box = $("recent");
  box.hidden = moves.length + latest.length === 0;
  box.replaceChildren(el("h2", { text: t("Last moves") }),
    el("ol", {}, moves.map((entry) => el("li", { text: logText(current.table, entry, current.seat) })), latest));
}

// The result on top once the game is over: who won, the final scores (winners first, then by
// score), and what comes next: a rematch, the replay, the record and, where offered, analysis.
function showEnd(current) {
  const { table, view } = current;
  const box = $("end");
  box.hidden = !(view && view.over);
  if (box.hidden) return;
  const name = (seat) => seatName(table, seat, current.seat);
  const ranked = view.scores.map((score, seat) => ({ seat, score, won: view.winners.includes(seat) }))
    .sort((a, b) => (b.won - a.won) || (b.score - a.score));
  const scores = el("ol", { class: "final-scores", "aria-label": t("Final scores") }, ranked.map((r) =>
    el("li", { class: r.won ? "won" : null }, el("span", { text: ratedName(table, r.seat, current.seat) }), " ", el("strong", { text: String(r.score) }))));
  const next = el("p", { class: "end-actions" });
  if (table.challenge) { // played once; its replays wait for the day's end (the day's page)
    const day = `/challenge/${encodeURIComponent(table.game)}/${table.challenge}`;
    next.append(el("a", { href: day, id: "challenge-day", text: t("The day's leaderboard") }));
  } else if (current.seat !== null) {
    next.append(el("button", { id: "rematch", text: table.rematch ? t("Go to the rematch") : t("Rematch"), onclick: async () => {
      try {
        const rematch = await api(`/api/tables/${tableId}/rematch`, { method: "POST", token });
        keepToken(rematch.table.id, token);
        location.href = `/t/${rematch.table.id}`;
      } catch (failure) { showError(failure.message); }
    } }));
  }
  if (!table.challenge) {
    next.append(el("a", { href: `/replay/${tableId}`, text: t("Replay step by step") }),
      el("a", { href: `/api/tables/${tableId}/record`, download: `parlour-${table.game}.json`, text: t("Download the record") }));
    if (analysis) next.append(el("a", { href: `/replay/${tableId}#analysis`, text: t("Analysis") }));
    else if (advice) next.append(el("a", { href: `/replay/${tableId}#review`, text: t("Review") }));
  }
  box.replaceChildren(el("h2", { text: endHeading(view, view.winners.map(name)) }), scores, next);
}

// The end's heading: who won, or in a game played alone (nobody to beat) the score.
function endHeading(view, winners) {
  const [score] = view.scores;
  if (view.scores.length === 1) return tn("Game over: {score} point", "Game over: {score} points", score, { score });
  if (!winners.length) return t("Nobody wins");
  return tn("Winner: {who}", "Winners: {who}", winners.length, { who: winners.join(", ") });
}

async function showHints(current) {
  const box = $("hints");
  const mine = current.legal.length > 0;
  box.hidden = !(advice && current.table.hints && current.seat !== null && !current.view?.over);
  if (box.hidden) return;
  const toggle = el("label", { class: "check" }, el("input", { type: "checkbox", id: "hints-toggle", checked: hintsOn, onchange: (e) => {
    hintsOn = e.target.checked;
    localStorage.setItem("parlour.hints", hintsOn ? "on" : "off");
    showHints(frame);
  } }), " ", analysis ? t("Show the solver's hints") : t("Show hints"));
  box.replaceChildren(toggle);
  if (!hintsOn || !mine) return;
  const { choices, measure, exact, about } = await api(`/api/tables/${tableId}/hints`, { token });
  if (!choices || frame !== current) return;
  box.append(hintsTable(choices, measure === "win"));
  if (!exact) box.append(el("p", { class: "hints-note", text: about ?? t("Estimated by playing each choice out many times on deals that fit what you can see: each value give or take its margin (95%).") }));
}

// A decision's choices, best first: each one's chance to win (`win`) or expected final score,
// its margin where it has one (a model has none), the points banked and to come where the advice tells
// them apart, and what it gives up to the best.
function hintsTable(choices, win) {
  const worth = (value) => (win ? `${Math.round(100 * value)}%` : value.toFixed(2));
  const detailed = choices[0].banked !== null;
  const spread = choices.some((c) => c.margin > 0); // a model's values have no margin
  const heads = [t("choice"), win ? t("chance to win") : t("expected final"),
    ...(detailed ? [t("banked"), t("to come")] : []), ...(spread ? [t("give or take")] : []), t("gives up")];
  const rows = choices.slice(0, 12).map((c) => el("tr", {},
    el("td", {}, el("button", { class: "link-button", text: c.words, "data-hint": c.action, onclick: () => act(c.action) })),
    el("td", { text: worth(c.expected) }),
    ...(detailed ? [el("td", { text: c.banked.toFixed(0) }), el("td", { text: c.to_come.toFixed(2) })] : []),
    ...(spread ? [el("td", { text: `±${worth(c.margin)}` })] : []),
    el("td", { text: c.loss ? `-${worth(c.loss)}` : t("best") })));
  return el("table", { class: "hints" }, el("thead", {}, el("tr", {}, heads.map((h) => el("th", { text: h })))), el("tbody", {}, rows));
}

// A redraw replaces the board and the actions: the focus they held goes to the same control
// redrawn (the same id, else the same data attributes), else to the result once the game is
// over, else to the first control offered, else to the board, so that a keyboard player is
// never dropped on <body> after a move.
function focusKey(node) {
  if (node.id) return `#${CSS.escape(node.id)}`;
  const data = [...node.attributes].filter((a) => a.name.startsWith("data-"))
    .map((a) => `[${a.name}="${CSS.escape(a.value)}"]`);
  return data.length ? data.join("") : null;
}

function restoreFocus(key, over) {
  if (document.activeElement && document.activeElement !== document.body) return; // the renderer placed it
  const usable = (node) => node && !node.disabled && node.getClientRects().length > 0;
  const areas = [$("actions"), $("board")];
  const same = key ? areas.map((area) => area.querySelector(key)).find(usable) : null;
  const first = areas.map((area) => [...area.querySelectorAll("button, input, select, a[href]")].find(usable)).find(Boolean);
  (same || (over ? $("end") : first) || $("board")).focus();
}

function render(current) {
  const focused = document.activeElement;
  const held = [$("board"), $("actions")].some((area) => area.contains(focused));
  const key = held ? focusKey(focused) : null;
  frame = current;
  if (sentAt !== null && current.table.version !== sentAt) settled();
  window.parlourFrame = current; // for tests and the curious: exactly what the server sent
  const { table } = current;
  const title = gameInfo?.title || table.game;
  showNotices(current, title, t("Parlour: {game}", { game: title }));
  $("title").textContent = t("{game} · table {table}", { game: title, table: table.id.slice(0, 6) });
  showSeating(table);
  showStatus(current);
  showTurnClocks(current);
  showPresence(current);
  showAway(current);
  drawBoard(renderer, current, act);
  showUndo(current);
  showRecent(current);
  showLog(current);
  showEnd(current);
  chat.update(current);
  showBreakdowns(current);
  playCues(current, renderer);
  if (held) restoreFocus(key, Boolean(current.view?.over));
  showHints(current).catch((failure) => showError(failure.message));
}

// While the socket is down, a banner says so and every control of the page is disabled (the
// fieldset around them): a move made then would be lost or made on a stale state.
function setOnline(live) {
  online = live;
  $("connection").textContent = live ? t("live") : t("reconnecting");
  $("offline").hidden = live;
  $("play").disabled = !live;
}

function connect() {
  if (socket) socket.close();
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}?lang=${language}`);
  const mine = socket;
  socket.addEventListener("open", () => {
    mine.send(JSON.stringify({ token }));
    retry = 500;
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") {
      if (!online) {
        setOnline(true);
        chat.caughtUp();
      }
      if (!frame || message.table.version >= frame.table.version || message.table.id !== frame.table.id) render(message);
    } else if (message.type === "chat") {
      chat.heard(message.line);
    } else if (message.type === "error") {
      showError(message.error);
    }
  });
  socket.addEventListener("close", () => {
    if (socket !== mine) return;
    setOnline(false);
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  });
}

async function start() {
  try {
    const [info, games] = await Promise.all([api(`/api/tables/${tableId}`, { token }), api("/api/games")]);
    gameInfo = games.find((game) => game.name === info.game) || null;
    advice = Boolean(gameInfo?.advice);
    analysis = Boolean(gameInfo?.analysis);
    showRules(info.game).catch((failure) => showError(failure.message));
    renderer = await rendererFor(info.game);
    connect();
    setInterval(() => {
      if (frame && ticking(frame.table)) { frame.now += 1; showStatus(frame); showTurnClocks(frame); }
    }, 1000);
  } catch (failure) {
    showError(failure.message);
  }
}

start();
