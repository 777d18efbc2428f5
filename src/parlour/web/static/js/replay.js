// Step through a finished game: each step is the spectator's view after that many actions,
// with its score breakdowns.
import { api, el } from "/static/js/api.js";
import { showBreakdowns } from "/static/js/breakdown.js";
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

async function show(n) {
  step = Math.max(0, Math.min(steps, n));
  const data = await api(`/api/tables/${tableId}/replay?step=${step}`);
  steps = data.steps;
  const where = t("step {step} of {steps}", { step, steps });
  const who = data.action && (data.action[0] === null ? t("table") : seatName(info, data.action[0]));
  $("step").textContent = data.action ? t("{where} — {who}: {action}", { where, who, action: data.action[1] }) : where;
  const board = $("board");
  board.replaceChildren();
  const shown = { table: info, seat: null, view: data.view, breakdowns: data.breakdowns, legal: [], now: 0 };
  renderer.render(shown, { board, actions: el("div"), act: () => {}, el });
  showBreakdowns(shown);
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
      el("td", { text: String(d.number) }), el("td", { text: d.action }), el("td", { text: d.best }), el("td", { text: d.loss.toFixed(2) })));
    if (!rows.length) {
      section.append(el("p", { class: "muted", text: tn("The one decision was optimal.", "All {count} decisions were optimal.", seat.decisions.length) }));
      continue;
    }
    section.append(el("table", { class: "hints" }, el("thead", {}, el("tr", {}, ["#", t("played"), t("best"), t("lost")].map((h) => el("th", { text: h })))), el("tbody", {}, rows)));
  }
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
    await show(0);
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
