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

async function show(n, decision = null, measure = "points") {
  step = Math.max(0, Math.min(steps, n));
  const data = await api(`/api/tables/${tableId}/replay?step=${step}`);
  steps = data.steps;
  const where = t("step {step} of {steps}", { step, steps });
  const words = moves[step - 1]?.words ?? data.action?.[1];
  $("step").textContent = data.action ? t("{where} — {who}: {action}", { where, who: mover(data.action[0]), action: words }) : where;
  showDecision(decision, measure);
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

// The decision an analysis or review row opened: the board before it is shown, and here what
// was played and what was best, by what the advice measures (points, or the chance to win).
function showDecision(decision, measure = "points") {
  const box = $("decision");
  box.hidden = !decision;
  if (!decision) return;
  const best = measure === "win"
    ? t("Best: {action} ({chance} more chance to win)", { action: decision.best_words, chance: percent(decision.loss) })
    : t("Best: {action} ({points} more points expected)", { action: decision.best_words, points: decision.loss.toFixed(2) });
  box.replaceChildren(el("h2", { text: t("Decision {number}", { number: decision.number }) }),
    el("p", { text: t("Played: {action}", { action: decision.action_words }) }),
    el("p", { class: "best", text: best }), ...(decision.why ? [el("p", { class: "why", text: decision.why })] : []));
}

const percent = (value) => `${Math.round(100 * value)}%`;

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

async function openDecision(decision, measure = "points") {
  await show(decision.number - 1, decision, measure);
  $("decision").scrollIntoView({ block: "nearest" });
}

// A seat's review by the game's advice (a search's, where the game has no solver): asked for
// the chosen seat, it takes minutes, so the server answers 202 with the share of decisions
// judged, shown as a bar; then the chance to win before each decision as a chart, and the
// costliest decisions, each opening the board it faced.
function reviewOffer(open) {
  const section = el("section", { class: "card", id: "review" }, el("h2", { text: t("Review") }));
  const seats = el("select", { id: "review-seat", "aria-label": t("Whose play") },
    info.seats.map((s) => el("option", { value: String(s.seat), text: seatName(info, s.seat) })));
  // A refusal (two reviews of yours under way, say) is said where the page says errors.
  const ask = () => review(section, Number(seats.value)).catch((failure) => { $("error").textContent = failure.message; });
  const start = el("button", { id: "review-start", text: t("Review this seat's play"), onclick: ask });
  section.append(el("p", {}, seats, " ", start));
  document.querySelector("main").append(section);
  if (open) ask();
}

async function review(section, seat) {
  for (const old of section.querySelectorAll(".review-body")) old.remove();
  const body = el("div", { class: "review-body", "aria-live": "polite" });
  section.append(body);
  let report = await api(`/api/tables/${tableId}/review?seat=${seat}`);
  if ("progress" in report) {
    const bar = el("progress", { id: "review-progress", max: 1, value: 0, "aria-label": t("Decisions judged so far") });
    body.append(el("p", { id: "review-waiting" }, t("Each decision is searched from what this seat could see: a few minutes for a game."), " ", bar));
    while ("progress" in report) {
      bar.value = report.progress;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      report = await api(`/api/tables/${tableId}/review?seat=${seat}`);
    }
    body.querySelector("#review-waiting").remove();
  }
  const { decisions, measure } = report;
  const worth = (value) => (measure === "win" ? percent(value) : value.toFixed(2));
  const mean = decisions.length ? report.lost / decisions.length : 0;
  body.append(el("h3", { text: measure === "win"
    ? t("{who}: {lost} chance to win given up per decision, on average", { who: seatName(info, seat), lost: percent(mean) })
    : t("{who}: {lost} points given up per decision, on average", { who: seatName(info, seat), lost: mean.toFixed(2) }) }));
  if (measure === "win" && decisions.length > 1) body.append(chanceChart(decisions));
  const costliest = [...decisions].sort((a, b) => b.loss - a.loss).slice(0, 5).filter((d) => d.loss > 0);
  const spread = decisions.some((d) => d.margin > 0); // a model's values have no margin
  const told = costliest.some((d) => d.why); // the game says why the best is better
  const rows = costliest.map((d) => el("tr", {},
    el("td", {}, el("button", { class: "link-button", "data-decision": String(d.number),
      text: t("Decision {number}", { number: d.number }), onclick: () => openDecision(d, measure) })),
    el("td", { text: d.action_words }), el("td", { text: d.best_words }), el("td", { text: worth(d.expected) }),
    el("td", { text: worth(d.best_expected) }), ...(spread ? [el("td", { text: `±${worth(d.margin)}` })] : []),
    ...(told ? [el("td", { class: "why", text: d.why ?? "" })] : [])));
  if (rows.length) {
    body.append(el("table", { class: "hints" }, el("thead", {}, el("tr", {},
      ["#", t("played"), t("best"), t("kept"), t("best's"), ...(spread ? [t("give or take")] : []), ...(told ? [t("why")] : [])]
        .map((h) => el("th", { text: h })))), el("tbody", {}, rows)));
    if (spread) body.append(el("p", { class: "hints-note", text: t("Estimates: a loss within its margin may be noise.") }));
  } else {
    body.append(el("p", { id: "review-nothing-lost", text: t("No decision gave anything up.") }));
  }
  if (report.speed) body.append(...speedSection(report.speed));
}

// A review's speed and accuracy (a game where speed is part of play): per kind of task, the
// answers, errors, passes and median time, and the bot level the seat answered like.
function speedSection(speed) {
  const rows = speed.rows.map((row) => el("tr", {},
    [row.label, String(row.answers), String(row.wrong), String(row.passed),
      row.seconds === null ? "" : t("{seconds} s", { seconds: row.seconds.toFixed(1) }), row.like ?? ""]
      .map((text) => el("td", { text }))));
  return [
    el("h3", { text: t("Speed and accuracy") }),
    el("table", { class: "hints", id: "review-speed" }, el("thead", {}, el("tr", {},
      [t("kind"), t("answers"), t("wrong"), t("passed"), t("median time"), t("answers like")].map((h) => el("th", { text: h })))),
    el("tbody", {}, rows)),
    el("p", { id: "review-speed-summary", text: speed.summary }),
  ];
}

// The seat's chance to win before each of its decisions (the best choice's value), as a line.
function chanceChart(decisions) {
  const width = 320;
  const height = 80;
  const x = (i) => (i / (decisions.length - 1)) * width;
  const y = (v) => height - v * height;
  const points = decisions.map((d, i) => `${x(i).toFixed(1)},${y(d.best_expected).toFixed(1)}`).join(" ");
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "chance-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("Chance to win before each decision: from {first} to {last}", {
    first: percent(decisions[0].best_expected), last: percent(decisions.at(-1).best_expected) }));
  const line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
  line.setAttribute("points", points);
  svg.append(line);
  return el("figure", {}, svg, el("figcaption", { class: "muted", text: t("Chance to win before each decision") }));
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
    const game = games.find((entry) => entry.name === info.game);
    const title = game?.title || info.game;
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
    for (const id of ["first", "back", "forward", "last"]) $(id).disabled = false; // usable now
    document.addEventListener("keydown", (event) => {
      if (event.key === "ArrowLeft") show(step - 1);
      if (event.key === "ArrowRight") show(step + 1);
    });
    if (location.hash === "#analysis") await analysis(); // a game without one: the server says so
    if (game?.advice && !game.analysis) reviewOffer(location.hash === "#review");
  } catch (failure) {
    $("error").textContent = failure.message;
  }
}

start();
