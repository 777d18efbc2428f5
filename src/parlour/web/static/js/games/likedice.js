// Like Dice: a real-time counting race. The challenge card on top with the answer box and the
// clock, the common display of three dice cards, the answers called so far and the last check,
// then every player's own display. Everyone answers at once; the first right answer takes a card.
// Every die and card has a label in the page's language, and every die shows its colour's letter
// too (B, R, G, Y, P, as in the cards' names), so no colour carries meaning alone.
import { die } from "/static/js/dice.js";
import { moving } from "/static/js/motion.js";
import { t, tn } from "/static/js/i18n.js";
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

// The colours' and levels' names in the page's language.
const COLOURS = { blue: t("blue"), red: t("red"), green: t("green"), yellow: t("yellow"), purple: t("purple") };
const LEVELS = { beginner: t("beginner"), intermediate: t("intermediate"), advanced: t("advanced") };

function colourWord(colour) {
  return COLOURS[colour] || colour;
}

function both(first, last) {
  return t("{first} and {last}", { first, last });
}

function listed(words) {
  return words.length > 1 ? both(words.slice(0, -1).join(", "), words.at(-1)) : words.join("");
}

function dieWords(d) {
  return t("{colour} die showing {pips}", { colour: colourWord(d.colour), pips: d.pips });
}

// A die of a dice card, its colour's letter on it (the letter the cards' names use).
function cardDie(d) {
  const node = die(d.pips, d.colour, dieWords(d));
  node.dataset.letter = d.colour[0].toUpperCase();
  return node;
}

function cardWords(card) {
  return t("card {first} and {second}", { first: dieWords(card.dice[0]), second: dieWords(card.dice[1]) });
}

// A dice card as on the table: a white card holding two coloured dice.
function cardFace(card, el, extraClass = "") {
  return el("span", { class: `ld-card ${extraClass}`.trim(), role: "img", "aria-label": cardWords(card), "data-card": card.key },
    card.dice.map(cardDie));
}

// A blank coloured die: how the challenge cards name a colour (its letter on it).
function swatch(colour, el, extraClass = "") {
  return el("span", { class: `ld-swatch ${colour} ${extraClass}`.trim(), role: "img", "aria-label": colourWord(colour),
    "data-letter": colour[0].toUpperCase() });
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
        el("span", { class: "ld-labelled" }, swatch(challenge.big, el, "big"), el("small", { text: t("highest {colour}", { colour: colourWord(challenge.big) }) })),
        plus(),
        el("span", { class: "ld-labelled" }, swatch(challenge.small, el, "little"), el("small", { text: t("lowest {colour}", { colour: colourWord(challenge.small) }) })));
    case "white":
      return el("div", { class: "ld-figure" }, challenge.faces.map((f) => die(f, "ld-white", t("white die showing {pips}", { pips: f }))));
    case "sequence":
      return el("div", { class: "ld-figure" },
        el("ol", { class: "ld-order", "aria-label": t("colour order") }, challenge.order.map((c) => el("li", {}, swatch(c, el)))),
        el("span", { class: "ld-op", "aria-hidden": "true", text: "→" }),
        el("span", { class: "ld-labelled" }, die(challenge.position, "ld-white", t("position {position}", { position: challenge.position })),
          el("small", { text: t("place {position}", { position: challenge.position }) })));
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
  const text = t("{time} left", { time: `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}` });
  if (timer.text.textContent !== text) timer.text.textContent = text;
  timer.bar.style.width = `${Math.min(100, (100 * left) / timer.limit)}%`;
  timer.node.classList.toggle("hurry", left <= 10);
}

function challengeCard(frame, ctx, legalSet) {
  const { view } = frame;
  const { el } = ctx;
  const c = view.challenge;
  const title = view.max_challenges
    ? t("Challenge {number} of {most}", { number: view.number, most: view.max_challenges })
    : t("Challenge {number}", { number: view.number });
  const head = el("div", { class: "ld-challenge-head" }, el("h2", { text: title }), clockNode(frame, el));
  const deck = tn("dice deck {count} card", "dice deck {count} cards", view.dice_deck);
  return el("section", { class: "ld-challenge", "aria-label": t("The challenge") },
    head,
    el("div", { class: "ld-challenge-card" }, challengeFigure(c, el), el("p", { class: "ld-challenge-text", text: c.text })),
    // (t() outside template literals: the catalogue extractor finds a message only there)
    el("p", { class: "ld-meta muted", text: [LEVELS[view.level] || view.level, deck, t("count the common display plus your own")].join(" · ") }),
    answerBox(frame, ctx, legalSet));
}

// -- answering ----------------------------------------------------------------------------------

// The answer box while this seat may answer; otherwise a line saying where the race stands.
function answerBox(frame, ctx, legalSet) {
  const { view } = frame;
  const { el } = ctx;
  const canAnswer = legalSet.has("pass") || [...legalSet].some((a) => a.startsWith("answer "));
  if (frame.seat === null && view.phase === "answer") return el("p", { class: "ld-say", text: t("Everyone is counting.") });
  if (view.phase === "take") {
    const taker = view.take.seat;
    return el("p", { class: "ld-say", text: taker === frame.seat
      ? t("You were right! Choose a card from the common display.")
      : t("{who} was right and is choosing a card.", { who: seatName(frame.table, taker) }) });
  }
  if (!canAnswer) {
    const mine = view.answers.find((a) => a.seat === frame.seat);
    const said = mine ? (mine.answer === null ? t("You passed.") : t("You called {answer}.", { answer: mine.answer })) : "";
    return el("p", { class: "ld-say", text: [said, t("Waiting for the others…")].join(" ").trim() });
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
    autocomplete: "off", value: draft.value, "aria-label": t("Your count, 0 to {most}", { most }),
  });
  const submit = el("button", { type: "submit", class: "action ld-submit" });
  const pass = el("button", { type: "button", class: "action ld-pass", "data-action": "pass", text: t("Pass"), disabled: !legalSet.has("pass"), onclick: () => ctx.act("pass") });
  const typed = () => {
    const text = input.value.trim();
    return /^\d+$/.test(text) && text.length <= digits ? `answer ${Number(text)}` : null;
  };
  const update = () => {
    const action = typed();
    const ok = action !== null && legalSet.has(action);
    submit.disabled = !ok;
    if (ok) submit.dataset.action = action; else delete submit.dataset.action;
    submit.textContent = ok ? t("Answer {answer}", { answer: action.slice(7) }) : t("Answer");
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
  const form = el("form", { class: "ld-answer", "aria-label": t("Your answer") },
    el("label", { for: "ld-answer", text: t("Your count") }), input, submit, pass);
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
    const face = moving(cardFace(card, el), "land", `${index}:${card.key}`); // a card dealt there
    if (legalSet.has(action)) {
      return el("button", { class: "action ld-take", "data-action": action, onclick: () => ctx.act(action),
        "aria-label": t("Take {place}: {card}", { place: index + 1, card: cardWords(card) }) },
        el("span", { class: "ld-place", text: t("Take {place}", { place: index + 1 }) }), face);
    }
    // A card the winner may take says so in words, not by its outline alone.
    const text = choices.has(action) ? t("{place} · may be taken", { place: index + 1 }) : String(index + 1);
    const label = el("span", { class: "ld-place", text });
    return el("div", { class: `ld-slot${choices.has(action) ? " ld-choice" : ""}` }, label, face);
  });
  return el("section", { class: "card ld-common", "aria-label": t("Common display") },
    el("h2", { text: t("Common display") }), el("div", { class: "ld-places" }, places));
}

// The answers called for this challenge, in calling order (the order they are checked in).
function calledList(frame, ctx) {
  const { view } = frame;
  const { el } = ctx;
  const items = view.answers.map((a) => el("li", {},
    el("span", { class: "ld-who", text: nameOf(frame, ctx, a.seat) }),
    el("span", { class: a.answer === null ? "ld-num muted" : "ld-num", text: a.answer === null ? t("pass") : String(a.answer) })));
  const waiting = view.phase === "answer" ? view.seats.filter((s) => !s.answered).map((s) => nameOf(frame, ctx, s.seat)) : [];
  return el("div", {},
    el("h2", { text: t("Answers called") }),
    items.length ? el("ol", { class: "ld-called" }, items) : el("p", { class: "muted", text: t("Nobody has called yet.") }),
    waiting.length ? el("p", { class: "muted", text: t("Still counting: {names}", { names: waiting.join(", ") }) }) : null);
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
    el("span", { class: "ld-mark", text: c.right ? t("✓ right") : t("✗ was {correct}", { correct: c.correct }) })));
  let outcome;
  if (result.winner === null) outcome = t("Nobody was right: no card moves.");
  else if (result.took) {
    const took = result.winner === frame.seat
      ? t("You took {card}")
      : t("{who} took {card}", { who: nameOf(frame, ctx, result.winner) });
    const [before, after] = took.split("{card}");
    outcome = el("span", {}, before, cardFace(result.took, el, "ld-mini"), after || "");
  } else {
    outcome = result.winner === frame.seat
      ? t("You win the challenge and choose a card.")
      : t("{who} wins the challenge and chooses a card.", { who: seatName(frame.table, result.winner) });
  }
  const checked = result.timed_out
    ? t("Challenge {number} checked (time was up)", { number: result.number })
    : t("Challenge {number} checked", { number: result.number });
  return el("div", { class: "ld-result" },
    el("h3", { text: checked }),
    rows.length ? el("ul", { class: "ld-checked" }, rows) : el("p", { class: "muted", text: t("No answers were given.") }),
    el("p", { class: "ld-outcome" }, outcome));
}

// -- the players --------------------------------------------------------------------------------

// What a player is doing now, as a short badge.
function badge(frame, seat) {
  const { view } = frame;
  if (view.over) return view.winners.includes(seat.seat) ? ["won", t("★ winner")] : null;
  if (view.phase === "take") return view.take.seat === seat.seat ? ["turn", t("choosing a card")] : null;
  const called = view.answers.find((a) => a.seat === seat.seat);
  if (called) return ["done", called.answer === null ? t("passed") : t("called {answer}", { answer: called.answer })];
  return ["turn", t("counting…")];
}

function playerPanel(frame, ctx, seat) {
  const { el } = ctx;
  const mine = seat.seat === frame.seat;
  const state = badge(frame, seat);
  const bar = el("span", { class: "ld-progress-bar" });
  bar.style.width = `${Math.min(100, (100 * seat.cards) / seat.target)}%`;
  const who = nameOf(frame, ctx, seat.seat);
  const dots = tn("{count} dot", "{count} dots", seat.pips);
  return el("section", { class: `card ld-player${mine ? " mine" : ""}`, "aria-label": mine ? t("Your display") : t("{who}'s display", { who }) },
    el("div", { class: "ld-player-head" },
      el("h3", { text: who }),
      state ? el("span", { class: `ld-badge ${state[0]}`, text: state[1] }) : null,
      el("span", { class: "ld-tally", text: t("{cards}/{target} cards · {dots}", { cards: seat.cards, target: seat.target, dots }) })),
    el("span", { class: "ld-progress", "aria-hidden": "true" }, bar),
    el("div", { class: "ld-display" }, seat.display.map((card, i) =>
      moving(cardFace(card, el, "ld-small"), "travel", `${seat.seat}:${i}:${card.key}`))));
}

// -- the page -----------------------------------------------------------------------------------

// The end: who won, and why (a display reached its target, the dice deck ran out, or the last
// challenge the game allows was played), as the log's end entry says.
const ENDINGS = {
  target: t("A display reached its target."),
  deck: t("The dice deck ran out: most cards for the target, then most dots."),
  limit: t("The last challenge the game allows was played: most cards for the target, then most dots."),
};

// Who won, in words: "You win.", "Seat 2 wins.", "You and Seat 2 win." (apart: other languages
// conjugate them apart).
function winnersWords(frame, ctx) {
  const { winners } = frame.view;
  if (!winners.length) return t("Nobody wins.");
  if (winners.length === 1 && winners[0] === frame.seat) return t("You win.");
  const names = listed(winners.map((s) => nameOf(frame, ctx, s)));
  return winners.length === 1 ? t("{who} wins.", { who: names }) : t("{names} win.", { names });
}

function gameOver(frame, ctx) {
  const { el } = ctx;
  const { view } = frame;
  const end = view.log.findLast((entry) => entry.event === "end");
  const why = end ? ENDINGS[end.end] : "";
  return el("section", { class: "ld-challenge", "aria-label": t("Game over") },
    el("h2", { text: t("Game over") }),
    el("p", { class: "ld-say", text: winnersWords(frame, ctx) }),
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
    el("section", { class: "card ld-side", "aria-label": t("Answers") }, view.over ? null : calledList(frame, ctx), resultBox(frame, ctx)),
    others);
  ctx.board.append(el("div", { class: "ld-table" }, main, side));
  ctx.actions.append(...otherActions(frame, ctx));
}
