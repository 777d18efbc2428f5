// The tutorial page: a scripted game the server walks (it keeps nothing: each request sends the
// learner's accepted moves), drawn by the game's own renderer as on the table page, with the
// step's text, what the others did, why a move was not the one asked for, and at the end the
// way on to a real game against the game's easiest bot.
import { api, el, keepToken } from "/static/js/api.js";
import { drawBoard } from "/static/js/board.js";
import { rendererFor } from "/static/js/games/index.js";
import { t } from "/static/js/i18n.js";
import { showRules } from "/static/js/rules.js";

const game = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);
let renderer = null;
let moves = [];
let lesson = null;
let busy = false;

function showError(message) {
  $("error").textContent = message || "";
}

// The lesson as a table for the renderers and names.js: one seat a player, named as the
// tutorial's texts call it ("Ben"; a seat it leaves unnamed is "Seat 2").
function tableOf(answer) {
  const seats = answer.view.scores.map((_score, seat) => ({
    seat, kind: "person", bot: null, name: answer.names?.[seat] ?? null, taken: true, host: seat === answer.seat, absent: false, you: seat === answer.seat,
  }));
  return { id: `learn-${game}`, game, players: seats.length, status: answer.done ? "finished" : "running", deadline: null, seats };
}

function show(answer) {
  lesson = answer;
  moves = answer.moves;
  const frame = { type: "state", table: tableOf(answer), seat: answer.seat, view: answer.view, legal: answer.legal, now: null };
  window.parlourLesson = answer; // for tests and the curious: exactly what the server answered
  window.parlourFrame = frame;
  $("intro").textContent = moves.length ? "" : answer.intro;
  $("said").replaceChildren(...answer.said.map((text) => el("li", { text })));
  $("say").textContent = answer.say || "";
  $("press").textContent = answer.press || "";
  const refused = answer.feedback && !answer.feedback.accepted;
  $("feedback").textContent = refused ? answer.feedback.text : "";
  // Once the tutorial is over and nothing is left to say, no empty box stays on top.
  $("lesson").hidden = !["intro", "said", "say", "feedback"].some((id) => $(id).textContent);
  drawBoard(renderer, frame, attempt);
  // The correction sits above the board: scrolled to, the least, from a wrong move below.
  if (refused) $("feedback").scrollIntoView({ block: "nearest" });
  $("typed").hidden = answer.done;
  $("finale").hidden = !answer.done;
  $("finale-text").textContent = answer.finale || "";
}

async function attempt(action) {
  if (busy || !lesson || lesson.done) return;
  busy = true;
  showError("");
  try {
    show(await api(`/api/learn/${encodeURIComponent(game)}`, { method: "POST", body: { moves, attempt: action } }));
  } catch (failure) {
    showError(failure.message);
  } finally {
    busy = false;
  }
}

// The real game (as many seats as the server says): the learner's seat and the easiest bot at
// every other, started at once.
async function playForReal() {
  const players = lesson.players;
  const seats = ["person", ...Array(players - 1).fill(lesson.bot)];
  const name = localStorage.getItem("parlour.name") || t("Learner");
  try {
    const created = await api("/api/tables", { method: "POST", body: { game, players, seats, name, listed: false } });
    keepToken(created.table.id, created.token);
    location.href = `/t/${created.table.id}`;
  } catch (failure) {
    showError(failure.message);
  }
}

async function start() {
  $("real-game").addEventListener("click", playForReal);
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("typed-move");
    attempt(move.value.trim()).then(() => { if (!$("feedback").textContent) move.value = ""; });
  });
  showRules(game).catch((failure) => showError(failure.message));
  try {
    const [games, first] = await Promise.all([api("/api/games"), api(`/api/learn/${encodeURIComponent(game)}`, { method: "POST", body: {} })]);
    const info = games.find((g) => g.name === game);
    if (info) {
      $("title").textContent = t("Learn to play {game}", { game: info.title });
      document.title = t("Parlour: learn to play {game}", { game: info.title });
    }
    renderer = await rendererFor(game);
    show(first);
  } catch (failure) {
    showError(failure.message);
  }
}

start();
