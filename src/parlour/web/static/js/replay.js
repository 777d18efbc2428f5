// Step through a finished game: each step is the spectator's view after that many actions.
import { api, el } from "/static/js/api.js";
import * as generic from "/static/js/games/generic.js";
import { rendererFor } from "/static/js/games/index.js";

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
  $("step").textContent = `step ${step} of ${steps}` + (data.action ? ` — ${data.action[0] === null ? "table" : `seat ${data.action[0] + 1}`}: ${data.action[1]}` : "");
  const board = $("board");
  board.replaceChildren();
  const seatName = (s) => info.seats[s]?.name || `seat ${s + 1}`;
  renderer.render({ table: info, seat: null, view: data.view, legal: [], now: 0 },
    { board, actions: el("div"), act: () => {}, seatName, el });
}

async function analysis() {
  const report = await api(`/api/tables/${tableId}/analysis`);
  const section = el("section", { class: "card", id: "analysis" }, el("h2", { text: "Analysis against the optimum" }),
    el("p", { text: `Optimal expected score: ${report.optimal_expected_score.toFixed(2)}` }));
  for (const seat of report.seats) {
    section.append(el("h3", { text: `${info.seats[seat.seat]?.name || `Seat ${seat.seat + 1}`}: ${seat.lost.toFixed(2)} points lost, proficiency ${seat.proficiency.toFixed(1)}` }));
    const rows = seat.decisions.filter((d) => d.lost > 1e-9).map((d) => el("tr", {},
      el("td", { text: String(d.number) }), el("td", { text: d.played }), el("td", { text: d.best }), el("td", { text: d.lost.toFixed(2) })));
    section.append(el("table", { class: "hints" }, el("thead", {}, el("tr", {}, ["#", "played", "best", "lost"].map((h) => el("th", { text: h })))), el("tbody", {}, rows)));
  }
  document.querySelector("main").append(section);
}

async function start() {
  try {
    info = await api(`/api/tables/${tableId}`);
    $("title").textContent = `Replay: ${info.game}`;
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
    if (location.hash === "#analysis" && info.game === "dicetime") await analysis();
  } catch (failure) {
    $("error").textContent = failure.message;
  }
}

start();
