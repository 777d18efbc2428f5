// Dicetime: five dice to hold and roll, and a score sheet per seat with what each row would score.
import { die } from "/static/js/dice.js";
import { seatName } from "/static/js/names.js";

const ROWS = [
  ["ones", "Ones"], ["twos", "Twos"], ["threes", "Threes"], ["fours", "Fours"], ["fives", "Fives"],
  ["sixes", "Sixes"], ["three_of_a_kind", "Three of a kind"], ["four_of_a_kind", "Four of a kind"],
  ["full_house", "Full house"], ["small_straight", "Small straight"], ["large_straight", "Large straight"],
  ["five_of_a_kind", "Five of a kind"], ["chance", "Chance"],
];

let held = new Set();
let heldKey = "";

function turnOf(view) {
  const mine = view.seat !== null ? view.seats[view.seat] : null;
  if (mine && mine.turn) return mine;
  return view.seats.find((s) => s.turn && s.turn.rolled) || null;
}

export function render(frame, ctx) {
  const { view, legal } = frame;
  const { el } = ctx;
  const legalSet = new Set(legal);
  const active = turnOf(view);
  const turn = active?.turn;
  const key = `${frame.table.id}:${view.log.length}`;
  if (key !== heldKey) { held = new Set(); heldKey = key; }

  const diceRow = el("div", { class: "dice-row", "aria-label": "Dice" });
  const canHold = turn && turn.rolled && active.seat === view.seat && legal.some((a) => a.startsWith("keep"));
  const rollButton = el("button", { class: "action", id: "roll" });
  const rollAction = () => {
    const kept = [...held].sort((a, b) => a - b);
    return kept.length ? `keep ${kept.join(",")}` : "roll";
  };
  const updateRoll = () => {
    const action = rollAction();
    rollButton.dataset.action = action;
    rollButton.textContent = action === "roll" ? (turn && turn.rolled ? "Roll all again" : "Roll") : `Roll the others (${action})`;
    rollButton.disabled = !legalSet.has(action);
  };
  rollButton.addEventListener("click", () => ctx.act(rollAction()));
  if (turn && turn.rolled) {
    turn.dice.forEach((value, index) => {
      const face = die(value, turn.kept?.[index] ? "held" : "", `die ${index + 1}: ${value}`);
      if (!canHold) { diceRow.append(face); return; }
      const button = el("button", { class: "die-button", "data-die": index + 1, "aria-pressed": String(held.has(index + 1)), "aria-label": `hold die ${index + 1} (${value})` }, face);
      button.addEventListener("click", () => {
        if (held.has(index + 1)) held.delete(index + 1); else held.add(index + 1);
        button.setAttribute("aria-pressed", String(held.has(index + 1)));
        updateRoll();
      });
      diceRow.append(button);
    });
  } else {
    diceRow.append(el("p", { class: "muted", text: "No dice rolled yet." }));
  }
  const left = turn ? (view.mode === "puzzle" ? `Rerolls left in the pool: ${turn.rerolls_left}` : `Rolls left: ${turn.rolls_left}`) : "";
  const sheet = el("table", { class: "sheet" });
  const head = el("tr", {}, el("th", { text: "" }), view.seats.map((s) => el("th", { text: seatName(frame.table, s.seat, view.seat) })));
  const body = ROWS.map(([name, label]) => el("tr", {}, el("th", { text: label }), view.seats.map((s) => {
    const value = s.sheet[name];
    if (value !== null) return el("td", { text: String(value) });
    const action = `enter ${name}`;
    if (s.seat === view.seat && legalSet.has(action)) {
      const would = s.turn?.would_score?.[name] ?? 0;
      return el("td", {}, el("button", { class: "action enter", "data-action": action, text: `+${would}`, "aria-label": `enter ${label} for ${would}`, onclick: () => ctx.act(action) }));
    }
    return el("td", { class: "muted", text: "·" });
  })));
  const totals = [
    ["Upper bonus", (s) => (s.bonus ? `${s.bonus} (${s.upper})` : `0 (${s.upper}, ${s.bonus_needed} to go)`)],
    ["Total", (s) => String(s.total)],
  ].map(([label, f]) => el("tr", { class: "total" }, el("th", { text: label }), view.seats.map((s) => el("td", { text: f(s) }))));
  sheet.append(el("thead", {}, head), el("tbody", {}, body, totals));

  const dice = el("div", { class: "card" }, el("h2", { text: active ? `${active.seat === view.seat ? "Your" : seatName(frame.table, active.seat) + "'s"} dice` : "Dice" }), diceRow, el("p", { class: "muted", text: left }));
  ctx.board.append(...(view.over ? [] : [dice]), el("div", { class: "card sheet-box" }, sheet)); // no dice at the end
  if (legal.includes("roll")) {
    updateRoll();
    ctx.actions.append(rollButton);
  }
  for (const other of legal.filter((a) => !a.startsWith("keep") && !a.startsWith("enter") && a !== "roll")) {
    ctx.actions.append(el("button", { class: "action", "data-action": other, text: other, onclick: () => ctx.act(other) }));
  }
  if (canHold) ctx.actions.append(el("span", { class: "muted", text: "Click dice to hold them, then roll the others; or enter the roll in a row of your sheet." }));
}
