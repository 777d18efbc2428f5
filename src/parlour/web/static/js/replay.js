// Step through a finished game: each step is the spectator's view after that many actions,
// beside the game's moves in words (a list to jump to any of them) and its score breakdowns;
// an analysed decision opens at the board it faced, with the move played and the best one said.
import { api, el, tokenFor } from "/static/js/api.js";
import { showBreakdowns } from "/static/js/breakdown.js";
import { lineItem } from "/static/js/chat.js";
import * as generic from "/static/js/games/generic.js";
import { rendererFor } from "/static/js/games/index.js";
import { t, tn } from "/static/js/i18n.js";
import { seatName } from "/static/js/names.js";

const tableId = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
let renderer = generic;
let steps = 0;
let step = 0;
let info = null;
let moves = [];

function mover(seat) {
  return seat === null ? t("table") : seatName(info, seat);
}

async function show(n, decision = null) {
  step = Math.max(0, Math.min(steps, n));
  const data = await api(`/api/tables/${tableId}/replay?step=${step}`);
  steps = data.steps;
  const where = t("step {step} of {steps}", { step, steps });
  const words = moves[step - 1]?.words ?? data.action?.[1];
  $("step").textContent = data.action ? t("{where} — {who}: {action}", { where, who: mover(data.action[0]), action: words }) : where;
  showDecision(decision);
  for (const item of $("moves").querySelectorAll("button")) {
    const current = Number(item.dataset.step) === step;
    item.classList.toggle("current", current);
    if (current) item.setAttribute("aria-current", "step");
    else item.removeAttribute("aria-current");
  }
  const board = $("board");
  board.replaceChildren();
  const shown = { table: info, seat: null, view: data.view, breakdowns: data.breakdowns, legal: [], now: 0 };
  renderer.render(shown, { board, actions: el("div"), act: () => {}, el });
  showBreakdowns(shown);
}

// The decision an analysis row opened: the board before it is shown, and here what was
// played and what was best.
function showDecision(decision) {
  const box = $("decision");
  box.hidden = !decision;
  if (!decision) return;
  box.replaceChildren(el("h2", { text: t("Decision {number}", { number: decision.number }) }),
    el("p", { text: t("Played: {action}", { action: decision.action_words }) }),
    el("p", { class: "best", text: t("Best: {action} ({points} more points expected)", {
      action: decision.best_words, points: decision.loss.toFixed(2) }) }));
}

// Every move of the game in words, each a button that shows the board after it.
function showMoves() {
  $("moves").replaceChildren(...moves.map((move) => el("li", {}, el("button", {
    class: "link-button", "data-step": String(move.step),
    text: t("{who}: {action}", { who: mover(move.seat), action: move.words }),
    onclick: () => show(move.step),
  }))));
}

// The analysis against the optimum. The first one of a kind waits for the solver to build its
// table (up to a minute): the server answers 202 with the fraction built, shown as a bar.
async function analysis() {
  const section = el("section", { class: "card", id: "analysis" }, el("h2", { text: t("Analysis against the optimum") }));
  document.querySelector("main").append(section);
  let report = await api(`/api/tables/${tableId}/analysis`);
  if ("progress" in report) {
    const bar = el("progress", { id: "analysis-progress", max: 1, value: 0, "aria-label": t("The solver's table, built so far") });
    const note = el("span", { class: "muted" });
    section.append(el("p", { id: "analysis-waiting" }, t("The solver is building its table, once for all games like this one:"), " ", bar, note));
    while ("progress" in report) {
      bar.value = report.progress;
      note.textContent = ` ${Math.floor(report.progress * 100)}%`;
      await new Promise((resolve) => setTimeout(resolve, 500));
      report = await api(`/api/tables/${tableId}/analysis`);
    }
    section.querySelector("#analysis-waiting").remove();
  }
  section.append(el("p", { text: t("Optimal expected score: {score}", { score: report.optimal_expected_score.toFixed(2) }) }));
  for (const seat of report.seats) {
    section.append(el("h3", { text: t("{who}: {lost} points lost, proficiency {proficiency}", {
      who: seatName(info, seat.seat), lost: seat.lost.toFixed(2), proficiency: seat.proficiency.toFixed(1),
    }) }));
    const rows = seat.decisions.filter((d) => d.loss > 1e-9).map((d) => el("tr", {},
      el("td", {}, el("button", { class: "link-button", "data-decision": String(d.number),
        text: t("Decision {number}", { number: d.number }), onclick: () => openDecision(d) })),
      el("td", { text: d.action_words }), el("td", { text: d.best_words }), el("td", { text: d.loss.toFixed(2) })));
    if (!rows.length) {
      section.append(el("p", { class: "muted", text: tn("The one decision was optimal.", "All {count} decisions were optimal.", seat.decisions.length) }));
      continue;
    }
    section.append(el("table", { class: "hints" }, el("thead", {}, el("tr", {}, ["#", t("played"), t("best"), t("lost")].map((h) => el("th", { text: h })))), el("tbody", {}, rows)));
  }
}

async function openDecision(decision) {
  await show(decision.number - 1, decision);
  $("decision").scrollIntoView({ block: "nearest" });
}

// The table's talk beside the replay, for those who sat at the table (the server refuses
// everyone else, and then nothing is shown).
async function showChat() {
  const token = tokenFor(tableId);
  const { lines } = await api(`/api/tables/${tableId}/chat`, { token }).catch(() => ({ lines: [] }));
  const box = $("chat");
  box.hidden = lines.length === 0;
  box.replaceChildren(el("h2", { text: t("Table talk") }), el("ol", { id: "chat-lines", class: "chat-lines" }, lines.map(lineItem)));
}

async function start() {
  try {
    const [table, games] = await Promise.all([api(`/api/tables/${tableId}`), api("/api/games")]);
    info = table;
    const title = games.find((game) => game.name === info.game)?.title || info.game;
    document.title = t("Parlour replay: {game}", { game: title });
    $("title").textContent = t("Replay: {game}", { game: title });
    renderer = await rendererFor(info.game);
    $("download").href = `/api/tables/${tableId}/record`;
    ({ moves } = await api(`/api/tables/${tableId}/moves`));
    showMoves();
    await show(0);
    showChat();
    $("first").addEventListener("click", () => show(0));
    $("back").addEventListener("click", () => show(step - 1));
    $("forward").addEventListener("click", () => show(step + 1));
    $("last").addEventListener("click", () => show(steps));
    document.addEventListener("keydown", (event) => {
      if (event.key === "ArrowLeft") show(step - 1);
      if (event.key === "ArrowRight") show(step + 1);
    });
    if (location.hash === "#analysis") await analysis(); // a game without one: the server says so
  } catch (failure) {
    $("error").textContent = failure.message;
  }
}

start();
