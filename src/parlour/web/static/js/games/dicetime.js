// Dicetime: the dice of the seat to play, kept dice in a tray apart from those to roll, the
// rolls left as lamps (the app's yellow lamps), the Roll button under them; then the score sheet,
// a column per seat in the seat's colour (the colour named too), the seat to play's column
// marked, "+N" on each open row for what the roll would score. Every number comes from the
// view; a die, an open row or the Roll button is the control, and nothing outside frame.legal is
// ever offered. Every word in the page's language (`t`); every die says in words what it shows
// and whether it is kept, and colour is never the only sign (words, stars and badges beside it).
import { die } from "/static/js/dice.js";
import { frameContext } from "/static/js/frame.js";
import { moving } from "/static/js/motion.js";
import { t, tn } from "/static/js/i18n.js";

const ROWS = [
  ["ones", t("Ones")], ["twos", t("Twos")], ["threes", t("Threes")], ["fours", t("Fours")], ["fives", t("Fives")],
  ["sixes", t("Sixes")], ["three_of_a_kind", t("3 of a kind")], ["four_of_a_kind", t("4 of a kind")],
  ["full_house", t("Full house")], ["small_straight", t("Small straight")], ["large_straight", t("Large straight")],
  ["five_of_a_kind", t("5 of a kind")], ["chance", t("Chance")],
];
const FACES = [t("one"), t("two"), t("three"), t("four"), t("five"), t("six")];
const COLOURS = {
  red: t("red"), blue: t("blue"), green: t("green"), yellow: t("yellow"),
  purple: t("purple"), orange: t("orange"), pink: t("pink"), teal: t("teal"),
};
const UPPER = 6; // the rows above the bonus line: ones to sixes

// The dice the viewer holds for the next roll (positions 1-5), kept across redraws of one roll.
let held = new Set();
let heldKey = "";

// Everything the helpers below share for one frame, and the seats to act.
function context(frame, ctx) {
  return { ...frameContext(frame, ctx), acting: new Set(frame.view.over ? [] : frame.view.to_act) };
}

// A control that applies one legal action; records it as offered.
function actionButton(c, action, attrs, ...children) {
  c.offered.add(action);
  const cls = ["action", attrs.class].filter(Boolean).join(" ");
  return c.el("button", { ...attrs, class: cls, "data-action": action, onclick: () => c.ctx.act(action) }, ...children);
}

// The seat whose dice are shown: the viewer's while it is to act, else the seat that rolled.
function shownSeat(view) {
  const mine = view.seat !== null ? view.seats[view.seat] : null;
  if (mine && mine.turn) return mine;
  return view.seats.find((s) => s.turn && s.turn.rolled) || view.seats.find((s) => s.turn) || null;
}

const colourWord = (colour) => COLOURS[colour] || colour;
const colourName = (colour) => colourWord(colour).charAt(0).toUpperCase() + colourWord(colour).slice(1);

// A die in words, for screen readers: its position, its face and whether it is kept.
function dieLabel(position, value, kept) {
  const face = FACES[value - 1];
  return kept ? t("die {position} showing {face}, kept", { position, face }) : t("die {position} showing {face}", { position, face });
}

// A seat's colour as a small token with its name, so it never depends on colour alone.
function colourChip(c, colour) {
  return c.el("span", { class: `dt-chip dt-${colour}` }, c.el("span", { class: "dt-swatch", "aria-hidden": "true" }), colourWord(colour));
}

// ---- the dice: kept apart from those to roll -------------------------------------------------

function diceCard(c) {
  const { view, el } = c;
  const active = shownSeat(view);
  if (!active || view.over) return null;
  const turn = active.turn;
  const own = active.seat === c.me;
  const canHold = own && turn.rolled && [...c.legal].some((a) => a.startsWith("keep"));
  const key = `${c.frame.table.id}:${view.log.length}`;
  if (key !== heldKey) { // a new roll: what it kept stays held until released
    heldKey = key;
    held = new Set((turn.kept || []).flatMap((k, i) => (k ? [i + 1] : [])));
  }
  const who = own ? t("Your dice") : t("Dice of {who}", { who: c.name(active.seat) });
  const head = el("header", { class: "dt-turn-head" },
    el("h2", { text: who }), colourChip(c, active.colour), lamps(c, active.seat, turn));
  const body = el("div", { class: "dt-trays" });
  const roll = own && c.legal.has("roll") ? el("button", { class: "action dt-roll", id: "roll" }) : null;
  const hint = el("p", { class: "dt-hint muted" });
  const draw = () => {
    // A die toggled from the keyboard moves to the other tray: the focus goes with it.
    const focused = body.contains(document.activeElement) ? document.activeElement.dataset.die : null;
    body.replaceChildren(...trays(c, active.seat, turn, canHold, draw));
    if (focused) body.querySelector(`button[data-die="${focused}"]`)?.focus();
    if (roll) updateRoll(c, roll, turn);
    hint.textContent = hintText(c, turn, canHold);
  };
  draw();
  if (roll) {
    c.offered.add("roll");
    roll.addEventListener("click", () => c.ctx.act(roll.dataset.action));
  }
  return el("section", { class: `card dt-turn dt-${active.colour}`, "aria-label": who }, head, body,
    el("div", { class: "dt-roll-row" }, roll, hint));
}

// The kept tray and the to-roll tray of `seat`'s turn; before the first roll, a note.
function trays(c, seat, turn, canHold, redraw) {
  const { el } = c;
  if (!turn.rolled) return [el("p", { class: "dt-none muted", text: t("No dice rolled yet this turn.") })];
  const keptHere = (i) => (canHold ? held.has(i + 1) : Boolean(turn.kept?.[i]));
  const rolled = c.view.log.findLastIndex((entry) => entry.event === "roll" && entry.seat === seat); // which roll
  const dieOf = (value, i) => {
    const kept = keptHere(i);
    const label = dieLabel(i + 1, value, kept);
    const face = die(value, kept ? "held" : "", label);
    if (!turn.kept?.[i]) moving(face, "roll", `${rolled}:${i}`); // rolled by the last roll
    if (!canHold) return el("span", { class: "dt-die", "data-die": i + 1 }, face, kept ? star(c) : null);
    return el("button", { class: "die-button dt-die", type: "button", "data-die": i + 1, "aria-pressed": String(kept),
      "aria-label": label,
      onclick: () => { if (held.has(i + 1)) held.delete(i + 1); else held.add(i + 1); redraw(); } }, face, kept ? star(c) : null);
  };
  const dice = turn.dice.map((value, i) => ({ value, i }));
  const tray = (cls, label, items, empty) => el("div", { class: `dt-tray ${cls}`, role: "group", "aria-label": label },
    el("span", { class: "dt-tray-label", text: label }),
    el("div", { class: "dt-tray-dice" }, items.length ? items.map((d) => dieOf(d.value, d.i)) : el("span", { class: "dt-empty muted", text: empty })));
  return [
    tray("kept", t("Kept"), dice.filter((d) => keptHere(d.i)), canHold ? t("tap a die to keep it") : t("none")),
    tray("to-roll", t("To roll"), dice.filter((d) => !keptHere(d.i)), t("none")),
  ];
}

// The app's star on a kept die: a shape, so that keeping never shows by colour alone.
const star = (c) => c.el("span", { class: "dt-star", "aria-hidden": "true", text: "★" });

// The rolls left as lamps, lit for each roll still to come (the turn's rolls: those made, from
// the log, and those left); the puzzle's pool as a number.
function lamps(c, seat, turn) {
  const { el } = c;
  if (turn.rerolls_left !== undefined) {
    return el("span", { class: "dt-lamps", text: tn("{count} reroll left in the pool", "{count} rerolls left in the pool", turn.rerolls_left) });
  }
  const left = turn.rolls_left;
  const all = left + (turn.rolled ? rollsThisTurn(c.view, seat) : 0);
  return el("span", { class: "dt-lamps", role: "img", "aria-label": tn("{count} roll left", "{count} rolls left", left) },
    Array.from({ length: all }, (_, i) => el("span", { class: `dt-lamp${i < left ? " lit" : ""}`, "aria-hidden": "true" })),
    el("span", { class: "dt-lamps-text", "aria-hidden": "true", text: t("{count} left", { count: left }) }));
}

// How often `seat` has rolled this turn: its rolls in the log since its last other event.
function rollsThisTurn(view, seat) {
  let rolls = 0;
  for (let i = view.log.length - 1; i >= 0; i--) {
    const entry = view.log[i];
    if (entry.seat !== seat) continue;
    if (entry.event !== "roll") break;
    rolls += 1;
  }
  return rolls;
}

function rollAction() {
  const kept = [...held].sort((a, b) => a - b);
  return kept.length ? `keep ${kept.join(",")}` : "roll";
}

function updateRoll(c, button, turn) {
  const action = turn.rolled ? rollAction() : "roll";
  const count = 5 - held.size;
  button.dataset.action = action;
  button.textContent = !turn.rolled ? t("Roll the dice") : action === "roll" ? t("Roll all five again") : tn("Roll {count} die", "Roll {count} dice", count);
  button.disabled = !c.legal.has(action);
  c.offered.add(action);
}

function hintText(c, turn, canHold) {
  if (!turn.rolled) return c.legal.has("roll") ? t("Roll all five dice to begin your turn.") : "";
  if (!canHold) return turn.dice.length && c.legal.size ? t("No rolls left: enter the roll in an open row of your column.") : "";
  if (held.size === 5) return t("Release a die to roll it, or enter the roll in a row.");
  return t("Tap a die to keep or release it; or enter the roll in an open row.");
}

// ---- the sheet: a column per seat, in its colour ---------------------------------------------

function sheet(c) {
  const { view, el } = c;
  const seats = view.seats;
  const mark = (s) => (c.acting.has(s.seat) ? " current" : "") + (view.winners.includes(s.seat) ? " won" : "") + (s.seat === c.me ? " mine" : "");
  const cols = el("colgroup", {}, el("col", { class: "dt-label-col" }), seats.map((s) => el("col", { class: `dt-${s.colour}${mark(s)}` })));
  const head = el("tr", {}, el("th", { scope: "col", class: "dt-corner", text: view.round ? t("Round {round}", { round: view.round }) : "" }), seats.map((s) => {
    const badge = view.winners.includes(s.seat) ? t("winner") : c.acting.has(s.seat) ? (s.seat === c.me ? t("your turn") : t("to play")) : "";
    return el("th", { scope: "col", class: `dt-seat dt-${s.colour}${mark(s)}`, "data-seat": s.seat, "aria-current": c.acting.has(s.seat) ? "true" : null },
      el("span", { class: "dt-name", text: c.name(s.seat) }),
      el("span", { class: "dt-colour", text: colourName(s.colour) }),
      badge ? el("span", { class: "dt-badge", text: badge }) : null);
  }));
  const row = ([key, label], index) => el("tr", { class: index === UPPER - 1 ? "dt-upper-end" : "" },
    el("th", { scope: "row", text: label }), seats.map((s) => cell(c, s, key, label, mark(s))));
  const bonus = el("tr", { class: "dt-bonus" }, el("th", { scope: "row", text: t("Bonus") }), seats.map((s) =>
    el("td", { class: `dt-${s.colour}${mark(s)}`, title: t("upper section: {points}", { points: s.upper }) },
      s.bonus ? el("strong", { text: `+${s.bonus}` }) : el("span", { class: "muted", text: `${s.upper}/${s.upper + s.bonus_needed}` }))));
  const totals = el("tr", { class: "dt-total" }, el("th", { scope: "row", text: t("Total") }), seats.map((s) =>
    el("td", { class: `dt-${s.colour}${mark(s)}`, text: String(s.total) })));
  const body = [...ROWS.slice(0, UPPER).map(row), bonus, ...ROWS.slice(UPPER).map((r, i) => row(r, i + UPPER)), totals];
  return el("section", { class: "card dt-sheet-box", "aria-label": t("Score sheets") },
    el("table", { class: "dt-sheet" }, cols, el("thead", {}, head), el("tbody", {}, body)));
}

// One row of a seat's column: its entry, "+N" where the viewer may enter it now, else a dot.
function cell(c, s, key, label, mark) {
  const { el } = c;
  const value = s.sheet[key];
  const cls = `dt-${s.colour}${mark}`;
  if (value !== null) return el("td", { class: `${cls} filled`, text: String(value) });
  const action = `enter ${key}`;
  if (s.seat === c.me && c.legal.has(action)) {
    const would = s.turn?.would_score?.[key] ?? 0;
    return el("td", { class: cls }, actionButton(c, action, { class: `dt-enter${would ? "" : " zero"}`, text: `+${would}`, "aria-label": t("enter {row} for {points}", { row: label, points: would }) }));
  }
  const would = c.acting.has(s.seat) ? s.turn?.would_score?.[key] : undefined;
  return el("td", { class: `${cls} open muted` }, would === undefined ? "·" : el("span", { class: "dt-would", text: `+${would}` }));
}

export function render(frame, ctx) {
  const c = context(frame, ctx);
  ctx.board.append(c.el("div", { class: "dt" }, diceCard(c), sheet(c)));
  for (const other of frame.legal.filter((a) => !c.offered.has(a) && !a.startsWith("keep"))) {
    ctx.actions.append(actionButton(c, other, { text: other }));
  }
}
