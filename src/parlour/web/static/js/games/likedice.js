// Like Dice: a real-time counting race. The challenge card on top with the answer box and the
// clock, the common display of three dice cards, the answers called so far and the last check,
// then every player's own display. Everyone answers at once; the first right answer takes a card.
import { die } from "/static/js/dice.js";
import { seatName } from "/static/js/names.js";

// What this seat is typing survives redraws: every answer anyone calls sends a new frame and the
// table page redraws the whole board, so the input is rebuilt with the draft and its focus.
const draft = { key: "", value: "", focused: false, start: 0, end: 0 };

// One ticking clock for the page; it updates whichever timer the latest frame drew.
let timer = null;
let ticker = null;

// -- small pieces -------------------------------------------------------------------------------

function nameOf(frame, ctx, seat) {
  return seatName(frame.table, seat, frame.seat);
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function dieWords(d) {
  return `${d.colour} ${d.pips}`;
}

// A dice card as on the table: a white card holding two coloured dice.
function cardFace(card, el, extraClass = "") {
  const label = `card ${card.dice.map(dieWords).join(" and ")}`;
  return el("span", { class: `ld-card ${extraClass}`.trim(), role: "img", "aria-label": label, "data-card": card.key },
    card.dice.map((d) => die(d.pips, d.colour, dieWords(d))));
}

// A blank coloured die: how the challenge cards name a colour.
function swatch(colour, el, extraClass = "") {
  return el("span", { class: `ld-swatch ${colour} ${extraClass}`.trim(), role: "img", "aria-label": colour });
}

// -- the challenge card -------------------------------------------------------------------------

// The picture on the challenge card, one layout per kind of challenge.
function challengeFigure(challenge, el) {
  const plus = () => el("span", { class: "ld-op", "aria-hidden": "true", text: "+" });
  switch (challenge.kind) {
    case "colours":
      return el("div", { class: "ld-figure" }, challenge.colours.flatMap((c, i) => (i ? [plus(), swatch(c, el)] : [swatch(c, el)])));
    case "big+small":
      return el("div", { class: "ld-figure" },
        el("span", { class: "ld-labelled" }, swatch(challenge.big, el, "big"), el("small", { text: `highest ${challenge.big}` })),
        plus(),
        el("span", { class: "ld-labelled" }, swatch(challenge.small, el, "little"), el("small", { text: `lowest ${challenge.small}` })));
    case "white":
      return el("div", { class: "ld-figure" }, challenge.faces.map((f) => die(f, "ld-white", `white ${f}`)));
    case "sequence":
      return el("div", { class: "ld-figure" },
        el("ol", { class: "ld-order", "aria-label": "colour order" }, challenge.order.map((c) => el("li", {}, swatch(c, el)))),
        el("span", { class: "ld-op", "aria-hidden": "true", text: "→" }),
        el("span", { class: "ld-labelled" }, die(challenge.position, "ld-white", `position ${challenge.position}`), el("small", { text: `place ${challenge.position}` })));
    default:
      return el("div", { class: "ld-figure" }, el("code", { text: challenge.key }));
  }
}

// The time left, as text and a shrinking bar; `skew` turns this browser's clock into the server's.
function clockNode(frame, el) {
  const deadline = frame.table?.deadline;
  if (!deadline || !frame.now || frame.view.over || !frame.view.time_limit) return null;
  const text = el("span", { class: "ld-time-text", role: "timer" });
  const bar = el("span", { class: "ld-time-bar" });
  const node = el("div", { class: "ld-time" }, text, el("span", { class: "ld-time-track", "aria-hidden": "true" }, bar));
  timer = { node, text, bar, deadline, limit: frame.view.time_limit, skew: frame.now - Date.now() / 1000 };
  tick();
  if (!ticker) ticker = setInterval(tick, 250);
  return node;
}

function tick() {
  if (!timer) return;
  const left = Math.max(0, timer.deadline - (Date.now() / 1000 + timer.skew));
  const whole = Math.ceil(left);
  const text = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")} left`;
  if (timer.text.textContent !== text) timer.text.textContent = text;
  timer.bar.style.width = `${Math.min(100, (100 * left) / timer.limit)}%`;
  timer.node.classList.toggle("hurry", left <= 10);
}

function challengeCard(frame, ctx, legalSet) {
  const { view } = frame;
  const { el } = ctx;
  const c = view.challenge;
  const head = el("div", { class: "ld-challenge-head" },
    el("h2", { text: `Challenge ${view.number}${view.max_challenges ? ` of ${view.max_challenges}` : ""}` }), clockNode(frame, el));
  return el("section", { class: "ld-challenge", "aria-label": "The challenge" },
    head,
    el("div", { class: "ld-challenge-card" }, challengeFigure(c, el), el("p", { class: "ld-challenge-text", text: c.text })),
    el("p", { class: "ld-meta muted", text: `${view.level} · dice deck ${plural(view.dice_deck, "card")} · count the common display plus your own` }),
    answerBox(frame, ctx, legalSet));
}

// -- answering ----------------------------------------------------------------------------------

// The answer box while this seat may answer; otherwise a line saying where the race stands.
function answerBox(frame, ctx, legalSet) {
  const { view } = frame;
  const { el } = ctx;
  const canAnswer = legalSet.has("pass") || [...legalSet].some((a) => a.startsWith("answer "));
  if (frame.seat === null && view.phase === "answer") return el("p", { class: "ld-say", text: "Everyone is counting." });
  if (view.phase === "take") {
    const taker = view.take.seat;
    return el("p", { class: "ld-say", text: taker === frame.seat
      ? "You were right! Choose a card from the common display."
      : `${seatName(frame.table, taker)} was right and is choosing a card.` });
  }
  if (!canAnswer) {
    const mine = view.answers.find((a) => a.seat === frame.seat);
    const said = mine ? (mine.answer === null ? "You passed." : `You called ${mine.answer}.`) : "";
    return el("p", { class: "ld-say", text: `${said} Waiting for the others…`.trim() });
  }
  return answerForm(frame, ctx, legalSet);
}

// A numeric input and a submit button whose data-action follows what is typed, plus a pass button.
function answerForm(frame, ctx, legalSet) {
  const { el } = ctx;
  const most = frame.view.max_answer;
  const digits = String(most).length;
  const key = `${frame.table.id}:${frame.view.number}`;
  if (draft.key !== key) {
    // A new challenge: start from a legal answer, and on a desktop put the caret in the box.
    Object.assign(draft, { key, value: "0", focused: matchMedia("(pointer: fine)").matches, start: 0, end: 1 });
  }
  const input = el("input", {
    id: "ld-answer", type: "text", inputmode: "numeric", pattern: "[0-9]*", maxlength: digits,
    autocomplete: "off", value: draft.value, "aria-label": `Your count, 0 to ${most}`,
  });
  const submit = el("button", { type: "submit", class: "action ld-submit" });
  const pass = el("button", { type: "button", class: "action ld-pass", "data-action": "pass", text: "Pass", disabled: !legalSet.has("pass"), onclick: () => ctx.act("pass") });
  const typed = () => {
    const text = input.value.trim();
    return /^\d+$/.test(text) && text.length <= digits ? `answer ${Number(text)}` : null;
  };
  const update = () => {
    const action = typed();
    const ok = action !== null && legalSet.has(action);
    submit.disabled = !ok;
    if (ok) submit.dataset.action = action; else delete submit.dataset.action;
    submit.textContent = ok ? `Answer ${action.slice(7)}` : "Answer";
  };
  const remember = () => { draft.start = input.selectionStart; draft.end = input.selectionEnd; };
  input.addEventListener("input", () => {
    // Digits only, and no leading zero: typing 7 after the prefilled 0 means 7.
    const cleaned = input.value.replace(/\D/g, "").replace(/^0(?=\d)/, "").slice(0, digits);
    if (cleaned !== input.value) input.value = cleaned;
    draft.value = cleaned;
    remember();
    update();
  });
  input.addEventListener("keyup", remember);
  input.addEventListener("select", remember);
  // Focusing the box by hand selects its number, so typing replaces it (a redraw restores the caret).
  let restoring = false;
  input.addEventListener("focus", () => { draft.focused = true; if (!restoring) { input.select(); remember(); } });
  // Leaving the box by a redraw is not leaving it: only a blur that leaves the input in the page counts.
  input.addEventListener("blur", () => setTimeout(() => { if (input.isConnected) draft.focused = document.activeElement === input; }, 0));
  const form = el("form", { class: "ld-answer", "aria-label": "Your answer" },
    el("label", { for: "ld-answer", text: "Your count" }), input, submit, pass);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const action = typed();
    if (action !== null && legalSet.has(action)) ctx.act(action);
  });
  update();
  if (draft.focused) {
    // Drawn into the page by render() right after; focus once it is there.
    queueMicrotask(() => {
      if (!input.isConnected) return;
      restoring = true;
      input.focus({ preventScroll: true });
      input.setSelectionRange(draft.start, draft.end);
      restoring = false;
    });
  }
  return form;
}

// -- the common display and the answers ---------------------------------------------------------

// The three cards everyone counts; while this seat chooses, the cards it may take are buttons.
function commonDisplay(frame, ctx, legalSet) {
  const { view } = frame;
  const { el } = ctx;
  const choices = new Set((view.take?.choices || []).map((c) => c.action));
  const places = view.common.map((card, index) => {
    const action = `take ${index + 1}`;
    if (legalSet.has(action)) {
      return el("button", { class: "action ld-take", "data-action": action, onclick: () => ctx.act(action),
        "aria-label": `take card ${index + 1}: ${card.dice.map(dieWords).join(" and ")}` },
        el("span", { class: "ld-place", text: `Take ${index + 1}` }), cardFace(card, el));
    }
    const label = el("span", { class: "ld-place", text: String(index + 1) });
    return el("div", { class: `ld-slot${choices.has(action) ? " ld-choice" : ""}` }, label, cardFace(card, el));
  });
  return el("section", { class: "card ld-common", "aria-label": "Common display" },
    el("h2", { text: "Common display" }), el("div", { class: "ld-places" }, places));
}

// The answers called for this challenge, in calling order (the order they are checked in).
function calledList(frame, ctx) {
  const { view } = frame;
  const { el } = ctx;
  const items = view.answers.map((a) => el("li", {},
    el("span", { class: "ld-who", text: nameOf(frame, ctx, a.seat) }),
    el("span", { class: a.answer === null ? "ld-num muted" : "ld-num", text: a.answer === null ? "pass" : String(a.answer) })));
  const waiting = view.phase === "answer" ? view.seats.filter((s) => !s.answered).map((s) => nameOf(frame, ctx, s.seat)) : [];
  return el("div", {},
    el("h2", { text: "Answers called" }),
    items.length ? el("ol", { class: "ld-called" }, items) : el("p", { class: "muted", text: "Nobody has called yet." }),
    waiting.length ? el("p", { class: "muted", text: `Still counting: ${waiting.join(", ")}` }) : null);
}

// The check of the last challenge: each answer checked against that player's own right count.
function resultBox(frame, ctx) {
  const { view } = frame;
  const { el } = ctx;
  const result = view.result;
  if (!result) return null;
  const rows = result.checked.map((c) => el("li", { class: c.right ? "right" : "wrong" },
    el("span", { class: "ld-who", text: nameOf(frame, ctx, c.seat) }),
    el("span", { class: "ld-num", text: String(c.answer) }),
    el("span", { class: "ld-mark", text: c.right ? "✓ right" : `✗ was ${c.correct}` })));
  let outcome;
  if (result.winner === null) outcome = "Nobody was right: no card moves.";
  else if (result.took) outcome = el("span", {}, `${nameOf(frame, ctx, result.winner)} took `, cardFace(result.took, el, "ld-mini"));
  else outcome = result.winner === frame.seat ? "You win the challenge and choose a card." : `${seatName(frame.table, result.winner)} wins the challenge and chooses a card.`;
  return el("div", { class: "ld-result" },
    el("h3", { text: `Challenge ${result.number} checked${result.timed_out ? " (time was up)" : ""}` }),
    rows.length ? el("ul", { class: "ld-checked" }, rows) : el("p", { class: "muted", text: "No answers were given." }),
    el("p", { class: "ld-outcome" }, outcome));
}

// -- the players --------------------------------------------------------------------------------

// What a player is doing now, as a short badge.
function badge(frame, seat) {
  const { view } = frame;
  if (view.over) return view.winners.includes(seat.seat) ? ["won", "★ winner"] : null;
  if (view.phase === "take") return view.take.seat === seat.seat ? ["turn", "choosing a card"] : null;
  const called = view.answers.find((a) => a.seat === seat.seat);
  if (called) return ["done", called.answer === null ? "passed" : `called ${called.answer}`];
  return ["turn", "counting…"];
}

function playerPanel(frame, ctx, seat) {
  const { el } = ctx;
  const mine = seat.seat === frame.seat;
  const state = badge(frame, seat);
  const bar = el("span", { class: "ld-progress-bar" });
  bar.style.width = `${Math.min(100, (100 * seat.cards) / seat.target)}%`;
  return el("section", { class: `card ld-player${mine ? " mine" : ""}`, "aria-label": `${nameOf(frame, ctx, seat.seat)}'s display` },
    el("div", { class: "ld-player-head" },
      el("h3", { text: nameOf(frame, ctx, seat.seat) }),
      state ? el("span", { class: `ld-badge ${state[0]}`, text: state[1] }) : null,
      el("span", { class: "ld-tally", text: `${seat.cards}/${seat.target} cards · ${plural(seat.pips, "dot")}` })),
    el("span", { class: "ld-progress", "aria-hidden": "true" }, bar),
    el("div", { class: "ld-display" }, seat.display.map((card) => cardFace(card, el, "ld-small"))));
}

// -- the page -----------------------------------------------------------------------------------

// The end: who won, and why (a display reached its target, the dice deck ran out, or the last
// challenge the game allows was played), as the log's end entry says.
const ENDINGS = {
  target: "A display reached its target.",
  deck: "The dice deck ran out: most cards for the target, then most dots.",
  limit: "The last challenge the game allows was played: most cards for the target, then most dots.",
};

function gameOver(frame, ctx) {
  const { el } = ctx;
  const { view } = frame;
  const names = view.winners.map((s) => nameOf(frame, ctx, s));
  const verb = names.length === 1 && names[0] !== "You" ? "wins" : "win";
  const end = view.log.findLast((entry) => entry.event === "end");
  const why = end ? ENDINGS[end.end] : "";
  return el("section", { class: "ld-challenge", "aria-label": "Game over" },
    el("h2", { text: "Game over" }),
    el("p", { class: "ld-say", text: names.length ? `${names.join(" and ")} ${verb}.` : "Nobody wins." }),
    el("p", { class: "muted", text: why }));
}

// Any legal action the board does not show on its own elements, as a plain button (a safety net).
function otherActions(frame, ctx) {
  const places = new Set(frame.view.common.map((_, index) => `take ${index + 1}`));
  const shown = (a) => a === "pass" || a.startsWith("answer ") || places.has(a);
  return frame.legal.filter((a) => !shown(a)).map((action) =>
    ctx.el("button", { class: "action", "data-action": action, text: action, onclick: () => ctx.act(action) }));
}

/** The challenge card shows its own clock, so the page's status line leaves it out. */
export const showsClock = true;

// Two columns on a desktop, one on a phone: what a player counts from (the challenge, the common
// display, their own display) first, then the answers called and the other players.
export function render(frame, ctx) {
  const { view } = frame;
  const { el } = ctx;
  const legalSet = new Set(frame.legal);
  timer = null;
  const mine = view.seats.find((s) => s.seat === frame.seat);
  const others = view.seats.filter((s) => s !== mine).map((s) => playerPanel(frame, ctx, s));
  const main = el("div", { class: "ld-col ld-main" },
    view.over ? gameOver(frame, ctx) : challengeCard(frame, ctx, legalSet),
    commonDisplay(frame, ctx, legalSet),
    mine ? playerPanel(frame, ctx, mine) : null);
  const side = el("div", { class: "ld-col ld-aside" },
    el("section", { class: "card ld-side", "aria-label": "Answers" }, view.over ? null : calledList(frame, ctx), resultBox(frame, ctx)),
    others);
  ctx.board.append(el("div", { class: "ld-table" }, main, side));
  ctx.actions.append(...otherActions(frame, ctx));
}
