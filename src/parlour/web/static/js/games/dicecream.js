// Dicecream: every player's sheet of four sundaes (toppings, cream, ice cream cubes, bowl), the
// current roll, the bonus cards. The seat's legal placements, picks and bonus uses are buttons on
// the spaces of its own sheet (and its bowls unlock sundaes); a die or a bonus card can also be
// selected first, to light up and list where it may go. Rerolls are composed by picking dice.
import { die } from "/static/js/dice.js";
import { moving } from "/static/js/motion.js";
import { seatName } from "/static/js/names.js";
import { t, tn } from "/static/js/i18n.js";

// Each colour's name for people (the actions keep their keys: `red cube of blue`), and its
// initial in the page's language, shown on every die and space so that colour never carries
// meaning alone: the shortest start of its name that no other colour's shares (B, Y, R, G, W
// in English; B, Ge, R, Gr, W in German, where yellow and green both begin with G).
const NAMES = { blue: t("Blue"), yellow: t("Yellow"), red: t("Red"), green: t("Green"), white: t("White") };
const INITIALS = Object.fromEntries(Object.entries(NAMES).map(([colour, name]) => {
  const others = Object.values(NAMES).filter((other) => other !== name).map((other) => other.toLowerCase());
  let length = 1;
  while (others.some((other) => other.startsWith(name.slice(0, length).toLowerCase()))) length += 1;
  return [colour, name.slice(0, length)];
}));

const sundaeName = (colour) => t("{colour} sundae", { colour: NAMES[colour] });
const dieName = (colour, face) => t("{colour} die showing {face}", { colour: NAMES[colour], face });

// A space of the sheet in words, from its canonical name (`red cube of blue`, `left cream of blue`).
function spaceName(name) {
  const [what, kind, , sundae] = name.split(" ");
  const params = { colour: NAMES[what], sundae: sundaeName(sundae) };
  if (kind === "cube") return t("{colour} cube on the {sundae}", params);
  if (kind === "topping") return t("{colour} topping on the {sundae}", params);
  return what === "left" ? t("left cream space on the {sundae}", params) : t("right cream space on the {sundae}", params);
}

// A legal action that fills one space: a placement, a pick (`take …`) or a bonus (`bonus [N in] …`).
const SPACE_ACTION = /^(?:take |bonus (?:(\d) in )?)?((?:left|right) cream of \w+|\w+ (?:cube|topping) of \w+)$/;

// What the player has selected on this page, kept across redraws of the same decision.
const ui = { key: "", pick: null, reroll: null }; // pick: a die colour or a card key; reroll: Set of colours
let last = null; // the latest frame and ctx, to redraw after a selection

export function render(frame, ctx) {
  last = { frame, ctx };
  const s = situation(frame, ctx);
  forgetStaleSelection(s);
  ctx.board.append(tray(s), sheets(s));
  ctx.actions.append(...leftovers(s));
}

// Everything the drawing functions need, computed once per frame.
function situation(frame, ctx) {
  const { view } = frame;
  const legal = new Set(frame.legal);
  const faces = Object.fromEntries((view.turn?.dice || []).map((d) => [d.colour, d.face]));
  const moves = {}; // the view's moves, by die colour or card key, limited to what is legal
  for (const [key, actions] of Object.entries(view.moves || {})) {
    const usable = actions.filter((a) => legal.has(a));
    if (usable.length) moves[key] = usable;
  }
  const name = (seat) => seatName(frame.table, seat, frame.seat);
  return { frame, ctx, el: ctx.el, view, legal, faces, moves, targets: targetsOf(frame.legal), name };
}

// The legal actions that fill a space on the seat's own sheet, by the space's name.
function targetsOf(legal) {
  const targets = new Map();
  for (const action of legal) {
    const match = SPACE_ACTION.exec(action);
    if (match) targets.set(match[2], { action, number: match[1] ? Number(match[1]) : null });
  }
  return targets;
}

// A new decision (another log entry, other legal actions) drops the old selection.
function forgetStaleSelection(s) {
  const key = `${s.frame.table.id}:${s.view.log.length}:${s.frame.legal.join("|")}`;
  if (key !== ui.key) Object.assign(ui, { key, pick: null, reroll: null });
  if (ui.pick && !s.moves[ui.pick]) ui.pick = null;
}

// Redraw the board after a selection, keeping the keyboard focus on the same control.
function redraw(focusKey) {
  const { frame, ctx } = last;
  ctx.board.replaceChildren();
  ctx.actions.replaceChildren();
  render(frame, ctx);
  if (focusKey) ctx.board.querySelector(`[data-key="${focusKey}"]`)?.focus();
}

// A button that applies `action`: always marked with data-action, never offered unless legal.
function actionButton(s, action, text, attrs = {}) {
  const { class: extra = "", ...rest } = attrs;
  return s.el("button", {
    class: `action ${extra}`.trim(), "data-action": action, type: "button",
    disabled: !s.legal.has(action), onclick: () => s.ctx.act(action), ...rest,
  }, text);
}

// ---- the tray: headline, dice, bonus cards and the turn's buttons ---------------------------

function tray(s) {
  const { el, view } = s;
  const box = el("section", { class: `card dc-tray phase-${view.phase}`, "aria-label": t("The table") },
    el("h2", { class: "dc-headline", text: headline(s) }),
    el("p", { class: "muted dc-round", text: roundLine(view) }));
  if (view.turn) box.append(diceRow(s));
  if (view.bonus_cards.length) box.append(bonusCards(s));
  box.append(chooser(s), controls(s));
  const hint = hintLine(s);
  if (hint) box.append(hint);
  const waiting = choosingLine(s);
  if (waiting) box.append(waiting);
  return box;
}

function headline(s) {
  const { view, frame } = s;
  if (view.over) {
    const names = view.winners.map(s.name);
    if (view.winners.length === 1 && view.winners[0] === frame.seat) return t("Game over: you win");
    if (names.length === 1) return t("Game over: {names} wins", { names: names[0] });
    return t("Game over: {names} win", { names: names.join(t(" and ")) });
  }
  const mine = view.active !== null && view.active === frame.seat;
  const who = mine ? "" : s.name(view.active);
  if (view.phase === "roll") return mine ? t("Your turn: roll the dice") : t("{who}'s turn: rolling", { who });
  if (view.phase === "place") return mine ? t("Your turn: place your dice") : t("{who}'s turn: placing dice", { who });
  if (view.phase === "take") {
    if (mine) return t("The others may take one of your placed dice");
    return s.legal.size ? t("Take one of {who}'s placed dice, or pass", { who }) : t("The others may take one of {who}'s dice", { who });
  }
  return t("Round over: everyone may use one bonus card");
}

function roundLine(view) {
  const cards = tn("{count} bonus card face down", "{count} bonus cards face down", view.stack);
  return t("Round {round} of {rounds} · {cards}", { round: view.round, rounds: view.rounds, cards });
}

// The five dice with what each is used for; selectable to place, take or reroll.
function diceRow(s) {
  const { el, view } = s;
  const turn = view.turn;
  if (!turn.rolled) return el("p", { class: "muted dc-dice", text: t("The dice are not rolled yet.") });
  const row = el("div", { class: "dc-dice", role: "group", "aria-label": t("The roll") });
  for (const d of turn.dice) {
    row.append(el("div", { class: `dc-slot ${d.use}` }, dieControl(s, d),
      el("span", { class: "dc-name", text: NAMES[d.colour] }), el("span", { class: "dc-use", text: useText(view, d) })));
  }
  return row;
}

// A die's caption: where it went this turn; nothing while it is still free to place.
function useText(view, d) {
  if (d.use === "bowl") return t("in the {sundae}'s bowl", { sundae: sundaeName(d.colour) });
  if (d.use === "placed") return spaceName(d.space);
  return view.phase === "take" ? t("forfeited") : "";
}

// Which entry of the log last rolled the die of `colour` (a roll, or a reroll of it): its
// key, so that it rolls on the page once, and a die not rerolled stays still.
function lastRoll(log, colour) {
  return log.findLastIndex((entry) => (entry.event === "roll" || entry.event === "reroll") && colour in entry.dice);
}

// A die of the roll: its picture, labelled with its colour, face and use; a button where it may be picked.
function dieControl(s, d) {
  const label = dieName(d.colour, d.face);
  const use = useText(s.view, d);
  const face = die(d.face, d.colour, use ? `${label}, ${use}` : label);
  face.dataset.initial = INITIALS[d.colour];
  moving(face, "roll", `${lastRoll(s.view.log, d.colour)}:${d.colour}`);
  if (ui.reroll) {
    const chosen = ui.reroll.has(d.colour);
    return s.el("button", { class: "dc-die", type: "button", "data-key": d.colour, "aria-pressed": String(chosen), "aria-label": t("reroll the {die}", { die: label }),
      onclick: () => { if (chosen) ui.reroll.delete(d.colour); else ui.reroll.add(d.colour); redraw(d.colour); } }, face);
  }
  if (!s.moves[d.colour]) return face;
  const named = s.view.phase === "take" ? t("take the {die}", { die: label }) : t("place the {die}", { die: label });
  return s.el("button", { class: "dc-die", type: "button", "data-key": d.colour, "aria-pressed": String(ui.pick === d.colour), "aria-label": named,
    onclick: () => { ui.pick = ui.pick === d.colour ? null : d.colour; redraw(d.colour); } }, face);
}

// The two revealed bonus cards (selectable when usable) beside the face-down stack.
function bonusCards(s) {
  const { el, view } = s;
  const row = el("div", { class: "dc-cards", role: "group", "aria-label": t("Bonus cards") });
  for (const card of view.bonus_cards) {
    const text = el("span", { text: card.text });
    if (!s.moves[card.key]) { row.append(el("div", { class: "dc-card" }, text)); continue; }
    row.append(el("button", { class: "dc-card", type: "button", "data-key": card.key, "aria-pressed": String(ui.pick === card.key),
      onclick: () => { ui.pick = ui.pick === card.key ? null : card.key; redraw(card.key); } }, text));
  }
  const stack = tn("{count} card face down", "{count} cards face down", view.stack);
  row.append(el("div", { class: "dc-card back", role: "img", "aria-label": stack, text: `×${view.stack}` }));
  return row;
}

// Where the selected die or card may go, as buttons; or the reroll being composed.
function chooser(s) {
  const { el } = s;
  const box = el("div", { class: "dc-chooser", "aria-live": "polite" });
  if (ui.reroll) {
    const dice = s.view.turn.dice.map((d) => d.colour).filter((c) => ui.reroll.has(c)); // the actions' order
    const action = `reroll ${dice.join(",")}`;
    const named = dice.map((c) => NAMES[c]).join(", ");
    box.append(el("span", { text: dice.length ? t("Reroll these dice with a bean:") : t("Pick the dice to reroll.") }),
      actionButton(s, action, dice.length ? t("Reroll {dice}", { dice: named }) : t("Reroll"), { class: "dc-go" }),
      el("button", { type: "button", class: "dc-cancel", text: t("Cancel"), onclick: () => { ui.reroll = null; redraw("reroll"); } }));
    return box;
  }
  if (!ui.pick) return box;
  const card = s.view.bonus_cards.find((c) => c.key === ui.pick);
  const picked = { die: dieName(ui.pick, s.faces[ui.pick]) };
  let what = s.view.phase === "take" ? t("Take the {die} for:", picked) : t("Put the {die} on:", picked);
  if (card) what = t("Use “{card}” on:", { card: card.text });
  box.append(el("span", { text: what }),
    ...s.moves[ui.pick].map((a) => actionButton(s, a, optionText(a))),
    el("button", { type: "button", class: "dc-cancel", text: t("Cancel"), onclick: () => { const key = ui.pick; ui.pick = null; redraw(key); } }));
  return box;
}

// `unlock blue` → "the Blue sundae's bowl"; `take red cube of green` → "Red cube on the Green sundae".
function optionText(action) {
  if (action.startsWith("unlock ")) return t("the {sundae}'s bowl", { sundae: sundaeName(action.slice(7)) });
  return spaceName(SPACE_ACTION.exec(action)[2]);
}

// Roll, end the turn, pass, start a reroll: the turn's plain buttons.
function controls(s) {
  const { el, legal, view } = s;
  const row = el("div", { class: "dc-controls" });
  if (legal.has("roll")) row.append(actionButton(s, "roll", t("Roll the dice"), { class: "dc-go" }));
  const rerolls = [...legal].some((a) => a.startsWith("reroll "));
  if (rerolls && !ui.reroll) {
    const beans = view.seats[view.active].beans;
    row.append(el("button", { type: "button", class: "dc-bean-button", "data-key": "reroll",
      text: t("Spend a bean to reroll… ({beans} left)", { beans }), onclick: () => { ui.reroll = new Set(); ui.pick = null; redraw(view.turn.dice[0].colour); } }));
  }
  if (legal.has("done")) {
    const left = view.turn.dice.filter((d) => d.use === "unused").length;
    row.append(actionButton(s, "done", left ? tn("End turn (forfeit {count} die)", "End turn (forfeit {count} dice)", left) : t("End turn")));
  }
  if (legal.has("pass")) row.append(actionButton(s, "pass", view.phase === "take" ? t("Take no die") : t("Use no bonus card")));
  return row;
}

// How to play the seat's spaces, while nothing is selected.
function hintLine(s) {
  if (ui.pick || ui.reroll || !Object.keys(s.moves).length) return null;
  let text = t("Choose a ringed space on your sheet, or a die first to see where it can go.");
  if (s.view.phase === "place") text = t("Choose a ringed bowl or space on your sheet, or a die first to see where it can go.");
  if (s.view.phase === "bonus") text = t("Choose a ringed space on your sheet, or a card first to see where it can go.");
  return s.el("p", { class: "muted dc-hint", text });
}

// Who still chooses when seats choose at once, and this seat's sealed choice.
function choosingLine(s) {
  const { view, frame } = s;
  const choosing = view.choosing;
  if (!choosing) return null;
  const waiting = choosing.waiting.map(s.name).join(", ") || t("nobody");
  let text = t("Choosing at once; waiting for: {waiting}.", { waiting });
  if (choosing.yours) text += " " + t("You chose: {action} (shown to the others when all have chosen).", { action: choosing.yours });
  else if (frame.seat !== null && !choosing.eligible.includes(frame.seat)) text += " " + t("You have nothing to choose this time.");
  return s.el("p", { class: "muted dc-waiting", text });
}

// Any legal action the board does not offer (there should be none) as a plain button.
function leftovers(s) {
  const offered = (a) => a === "roll" || a === "done" || a === "pass" || a.startsWith("reroll ") || a.startsWith("unlock ") || SPACE_ACTION.test(a);
  return s.frame.legal.filter((a) => !offered(a)).map((a) => actionButton(s, a, a));
}

// ---- the sheets: four sundaes each ----------------------------------------------------------

function sheets(s) {
  const { view, frame } = s;
  const order = [...view.seats].sort((a, b) => (b.seat === frame.seat) - (a.seat === frame.seat) || a.seat - b.seat);
  return s.el("div", { class: "dc-sheets" }, order.map((seat) => sheet(s, seat)));
}

function sheet(s, seat) {
  const { el, view } = s;
  const own = seat.seat === s.frame.seat;
  const turn = view.turn && view.turn.seat === seat.seat ? view.turn : null;
  const badges = [];
  if (view.active === seat.seat) badges.push(el("span", { class: "dc-badge turn", text: t("turn") }));
  if (!view.over && view.to_act.includes(seat.seat) && view.choosing) badges.push(el("span", { class: "dc-badge", text: t("choosing") }));
  if (view.over && view.winners.includes(seat.seat)) badges.push(el("span", { class: "dc-badge turn", text: t("winner") }));
  const head = el("header", { class: "dc-sheet-head" },
    el("h3", {}, s.name(seat.seat), el("span", { class: "dc-seat", text: t("seat {number}", { number: seat.seat + 1 }) }), ...badges),
    el("span", { class: "dc-stats" }, beans(s, seat.beans),
      el("span", { role: "img", title: t("toppings ticked"), "aria-label": tn("{count} topping ticked", "{count} toppings ticked", seat.toppings), text: `✓${seat.toppings}` }),
      " · ", el("strong", { text: t("{total} pts", { total: seat.total }) }), beanPoints(s, seat)));
  const sundaes = el("div", { class: "dc-sundaes" }, seat.sundaes.map((sundae) => sundaeColumn(s, sundae, own, turn)));
  return el("section", { class: `card dc-sheet${own ? " own" : ""}${view.active === seat.seat ? " active" : ""}`, "aria-label": t("{who}: sheet", { who: s.name(seat.seat) }) }, head, sundaes);
}

// What of a seat's points its unspent beans give (its total less its sundaes', both from the
// view), said beside the total: a new game starts at beans' points alone, which puzzled players.
function beanPoints(s, seat) {
  const points = seat.total - seat.sundaes.reduce((sum, sundae) => sum + sundae.score, 0);
  return points ? s.el("small", { class: "dc-bean-points", text: t("({points} from beans)", { points }) }) : "";
}

function beans(s, left) {
  const icons = [];
  for (let i = 0; i < s.view.beans_per_sheet; i++) icons.push(s.el("span", { class: `dc-bean${i < left ? "" : " spent"}` }));
  return s.el("span", { class: "dc-beans", role: "img", "aria-label": tn("{count} chocolate bean left", "{count} chocolate beans left", left) }, icons);
}

// One sundae drawn top to bottom: toppings, the two cream spaces, three cubes, the bowl, its score.
function sundaeColumn(s, sundae, own, turn) {
  const { el } = s;
  const of = ` of ${sundae.colour}`;
  const fresh = new Set((turn?.dice || []).map((d) => d.space).filter(Boolean)); // placed this turn
  const space = (name, kind, colour, value) => spaceCell(s, { name, kind, colour, value, own, fresh: fresh.has(name) });
  const toppings = Object.entries(sundae.toppings).map(([c, ticked]) => space(`${c} topping${of}`, "topping", c, ticked));
  const cream = Object.entries(sundae.cream).map(([side, value]) => space(`${side} cream${of}`, `cream ${side}`, "white", value));
  const cubes = Object.entries(sundae.cubes).map(([c, value]) => space(`${c} cube${of}`, "cube", c, value));
  const doubled = Object.values(sundae.toppings).every(Boolean);
  const named = tn("{sundae}, {count} point", "{sundae}, {count} points", sundae.score, { sundae: sundaeName(sundae.colour) });
  return el("div", { class: `dc-sundae ${sundae.colour}`, role: "group", "aria-label": named },
    el("span", { class: "dc-sundae-name", "aria-hidden": "true", text: NAMES[sundae.colour] }),
    el("div", { class: "dc-toppings" }, toppings),
    el("div", { class: "dc-cream" }, cream),
    el("div", { class: "dc-cubes" }, cubes),
    bowl(s, sundae.colour, own, turn),
    el("div", { class: "dc-score" }, `${sundae.score}`, doubled ? el("span", { class: "dc-double", text: "×2" }) : null));
}

// A cube, cream space or topping: a button when the seat may fill it now, else its content.
function spaceCell(s, { name, kind, colour, value, own, fresh }) {
  const topping = kind === "topping";
  const filled = topping ? value : value !== null;
  const classes = `dc-space ${kind} ${colour}${filled ? " filled" : ""}${fresh ? " fresh" : ""}`;
  const shown = topping ? (value ? "✓" : "") : value ?? (kind.startsWith("cream") ? faceRange(s.view.cream_faces[kind.slice(6)]) : "");
  const target = own ? s.targets.get(name) : null;
  const space = spaceName(name);
  const initial = INITIALS[colour];
  if (!target) {
    const state = topping ? (value ? t("ticked") : t("not ticked")) : (value ?? t("empty"));
    return s.el("span", { class: classes, role: "img", "aria-label": `${space}: ${state}`, "data-initial": initial, text: String(shown) });
  }
  const entered = target.number ?? (topping ? null : s.faces[kind === "cube" ? colour : "white"]);
  const lit = ui.pick ? (s.moves[ui.pick].includes(target.action) ? " lit" : " dim") : "";
  let does = topping ? t("tick the {space}", { space }) : t("enter {number} in the {space}", { number: entered, space });
  if (target.action.startsWith("take ")) does = t("take a die: {does}", { does });
  else if (target.action.startsWith("bonus")) does = t("bonus: {does}", { does });
  return actionButton(s, target.action, topping ? "✓" : String(entered),
    { class: `${classes} target${lit}`, "aria-label": does, "data-initial": initial });
}

// The faces a cream space takes, as the view gives them: "1–3".
function faceRange(faces) {
  return `${faces[0]}–${faces[faces.length - 1]}`;
}

// The bowl: the unlocking die and the sum so far during a turn, or a button to unlock it.
function bowl(s, colour, own, turn) {
  const { el } = s;
  const action = `unlock ${colour}`;
  const unlocked = turn?.unlocked.find((u) => u.sundae === colour);
  const sundae = sundaeName(colour);
  const label = el("span", { class: "dc-bowl-name", text: t("bowl") });
  if (own && s.legal.has(action)) {
    const lit = ui.pick ? (s.moves[ui.pick].includes(action) ? " lit" : " dim") : "";
    const named = t("unlock the {sundae} with the {die}", { sundae, die: dieName(colour, s.faces[colour]) });
    return actionButton(s, action, [die(s.faces[colour], colour, ""), el("span", { text: t("unlock") })],
      { class: `dc-bowl ${colour} target${lit}`, "aria-label": named });
  }
  if (unlocked) {
    const named = t("{sundae}'s bowl, unlocked with a {limit}; {spent} of {limit} used", { ...unlocked, sundae });
    return el("div", { class: `dc-bowl ${colour} unlocked`, role: "img", "aria-label": named },
      die(unlocked.limit, colour, ""), el("span", { class: "dc-sum", text: `${unlocked.spent}/${unlocked.limit}` }));
  }
  return el("div", { class: `dc-bowl ${colour}`, role: "img", "aria-label": t("the {sundae}'s bowl", { sundae }) }, label);
}
