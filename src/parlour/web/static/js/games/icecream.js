// Ice Cream: the day and its decks, the scoop just turned over, the cones drawn as stacked
// scoops, and every player's Ice Cream cards. The game's own pieces are the controls: a cone is
// the button to put the scoop on or to serve it, an empty cone starts a new one, the player's
// face-down card carries keep and discard, and the Ice Cream deck is the draw button. Anything
// else the kernel allows (nothing today) falls back to a plain button, so every legal action is
// reachable and nothing outside frame.legal is ever offered.
import { frameContext } from "/static/js/frame.js";
import { moving } from "/static/js/motion.js";
import { logText, seatName } from "/static/js/names.js";
import { t, tn } from "../i18n.js";

// Two letters on each scoop and card so flavours never depend on colour alone, the initials of
// the flavour's name in the page's language.
const INITIALS = {
  strawberry: () => t("St"), "black raspberry": () => t("BR"), "chocolate chip": () => t("CC"),
  chocolate: () => t("Ch"), pistachio: () => t("Pi"), vanilla: () => t("Va"),
};
const initials = (flavour) => (INITIALS[flavour] ? INITIALS[flavour]() : "?");
// A flavour's name in the page's language (views name flavours in English, as keys).
const NAMES = {
  strawberry: () => t("strawberry"), "black raspberry": () => t("black raspberry"),
  "chocolate chip": () => t("chocolate chip"), chocolate: () => t("chocolate"),
  pistachio: () => t("pistachio"), vanilla: () => t("vanilla"),
};
const named = (flavour) => (NAMES[flavour] ? NAMES[flavour]() : flavour);
const PHASES = [["deliveries", () => t("Deliveries")], ["cones", () => t("Cones")], ["serving", () => t("Serving")]];
const WAITING = {
  deliveries: (who) => t("{who} is keeping or discarding a delivery", { who }),
  cones: (who) => t("{who} is placing a scoop", { who }),
  serving: (who) => t("{who} is serving a cone or drawing", { who }),
};

// The CSS class of a flavour: `f-black-raspberry`.
const flavourClass = (flavour) => `f-${flavour.replace(/ /g, "-")}`;
const cardCount = (n) => tn("{count} card", "{count} cards", n);
const pointCount = (n) => tn("{count} point", "{count} points", n);
const joinNames = (names) => (names.length < 2 ? names.join("")
  : t("{names} and {last}", { names: names.slice(0, -1).join(", "), last: names.at(-1) }));

// Whether a name already says its seat (the table page adds it when names repeat).
const namesSeat = (name, seat) => name.toLowerCase().includes(t("seat {number}", { number: seat + 1 }).toLowerCase());

// Everything the helpers below share for one frame; seats also labelled with their number, as
// the log counts seats (bots often share a name).
function context(frame, ctx) {
  const label = (seat) => seatName(frame.table, seat, frame.seat, { numbered: true });
  return { ...frameContext(frame, ctx), label };
}

// A control that applies one legal action; records it as offered.
function actionButton(c, action, attrs, ...children) {
  c.offered.add(action);
  const cls = ["action", attrs.class].filter(Boolean).join(" ");
  return c.el("button", { ...attrs, class: cls, "data-action": action, onclick: () => c.ctx.act(action) }, ...children);
}

// One scoop: a coloured ball with its flavour's initials.
function scoop(c, flavour, extra = "") {
  const label = t("{flavour} scoop", { flavour: named(flavour) });
  return c.el("span", { class: `ic-scoop ${flavourClass(flavour)} ${extra}`.trim(), role: "img", "aria-label": label, title: label },
    c.el("span", { class: "ic-tag", "aria-hidden": "true", text: initials(flavour) }));
}

// ---- the strip at the top: day, phase, whose turn, the decks --------------------------------

function strip(c) {
  const { view, el } = c;
  const steps = PHASES.map(([key, label]) => el("li", { class: key === view.phase ? "now" : "", "aria-current": key === view.phase ? "step" : null, text: label() }));
  const day = el("div", { class: "ic-day" },
    el("h2", { text: view.over ? t("Game over") : t("Day {day} of {days}", { day: view.day, days: view.days }) }),
    view.over ? null : el("ol", { class: "ic-phases", "aria-label": t("Phases of the day") }, steps));
  const last = view.log.at(-1);
  const turn = el("div", { class: "ic-turn" },
    el("p", { class: "ic-who", text: turnText(c) }),
    el("p", { class: "muted", text: t("Dealer: {who}", { who: c.label(view.dealer) }) }),
    last ? el("p", { class: "ic-last muted", text: logText(c.frame.table, last, c.me) }) : null);
  return el("section", { class: "card ic-strip", "aria-label": t("The day") }, day, turn, piles(c));
}

// Who acts now, or who won.
function turnText(c) {
  const { view } = c;
  if (view.over) {
    const names = view.winners.map(c.label);
    return names.length ? t("Won: {names}", { names: joinNames(names) }) : t("Nobody wins");
  }
  if (view.active === null) return t("Waiting");
  if (view.active === c.me) return t("Your turn");
  const who = c.label(view.active);
  return WAITING[view.phase] ? WAITING[view.phase](who) : t("{who} is acting", { who });
}

// The Ice Cream deck (the draw button when drawing is legal) and the Scoop deck's count.
function piles(c) {
  const { view, el } = c;
  const deckFace = [
    el("span", { class: "ic-back", "aria-hidden": "true" }, el("span", { text: String(view.ice_cream_deck) })),
    el("span", { class: "ic-pile-label", text: t("Ice Cream deck") }),
  ];
  const cards = cardCount(view.ice_cream_deck);
  const deck = c.legal.has("draw")
    ? actionButton(c, "draw", { class: "ic-pile ic-draw", "aria-label": t("Draw an Ice Cream card face up ({cards} in the deck)", { cards }) },
      deckFace, el("span", { class: "ic-cta", text: t("Draw") }))
    : el("div", { class: "ic-pile", role: "img", "aria-label": t("Ice Cream deck: {cards}", { cards }) }, deckFace);
  const left = tn("{count} scoop left to turn over today", "{count} scoops left to turn over today", view.scoops_left);
  const out = t("{count} out of the game", { count: view.scoops_removed });
  const scoops = el("div", { class: "ic-pile", role: "img", "aria-label": `${left}; ${out}` },
    el("span", { class: "ic-back scoops", "aria-hidden": "true" }, el("span", { text: String(view.scoops_left) })),
    el("span", { class: "ic-pile-label", "aria-hidden": "true", text: t("Scoops today") }),
    el("span", { class: "ic-pile-note muted", "aria-hidden": "true", text: out }));
  return el("div", { class: "ic-piles" }, deck, scoops);
}

// ---- the counter: the scoop just turned over and the cones -----------------------------------

function counter(c) {
  const { view, el } = c;
  const cones = view.cones.map((cone) => coneView(c, cone));
  if (c.legal.has("new cone")) cones.push(newCone(c));
  const row = cones.length
    ? el("div", { class: "ic-cones" }, cones)
    : el("p", { class: "muted", text: view.phase === "deliveries" ? t("No cones yet: they are made after the deliveries.") : t("No cones on the counter.") });
  return el("section", { class: "card ic-counter", "aria-label": t("Cones") },
    el("div", { class: "ic-counter-head" },
      el("h2", { text: t("Cones") }),
      el("span", { class: "muted", text: t("{started} of {limit} started today · up to {most} scoops", { started: view.cones_started, limit: view.cones_limit, most: view.max_scoops }) })),
    turnedOver(c), row);
}

// The scoop the active player turned over, shown big while it waits for a cone.
function turnedOver(c) {
  const { view, el } = c;
  if (view.phase !== "cones" || !view.scoop) return null;
  const mine = view.active === c.me;
  const said = mine ? t("You turned over {scoop}.", { scoop: named(view.scoop) })
    : t("{who} turned over {scoop}.", { who: c.label(view.active), scoop: named(view.scoop) });
  const hint = mine ? t("Choose where it goes.") : "";
  const turned = moving(scoop(c, view.scoop, "big"), "land", `${view.day}:${view.scoops_left}`);
  return el("div", { class: "ic-turned", "aria-live": "polite" }, turned,
    el("p", {}, el("strong", { text: said }), " ", el("span", { class: "muted", text: hint })));
}

// The points a cone would give its server: every scoop, less the one they lack.
const servePoints = (cone) => cone.scoops.length - (cone.fit === "near" ? 1 : 0);

// One cone: its scoops stacked from the bottom, its number, how the viewer's cards fit it; a
// button when the viewer may put the scoop on it or serve it.
function coneView(c, cone) {
  const { view, el } = c;
  const n = cone.cone;
  const lacking = cone.fit === "near" ? cone.scoops.indexOf(cone.missing[0]) : -1;
  const stack = el("span", { class: "ic-stack" }, cone.scoops.map((f, i) =>
    moving(scoop(c, f, i === lacking ? "lacking" : ""), "land", `${view.day}:${n}:${i}`)));
  const place = `cone ${n}`;
  const serve = `serve ${n}`;
  const fit = fitWords(cone);
  const listed = cone.scoops.map(named).join(", ") + (fit ? `; ${fit}` : "");
  const parts = (cta) => [stack, el("span", { class: "ic-cone-shape", "aria-hidden": "true" }),
    el("span", { class: "ic-cone-name" }, t("Cone {cone}", { cone: n }), " ", el("span", { class: "muted", text: `${cone.scoops.length}/${view.max_scoops}` })),
    fitNote(c, cone), cta];
  if (c.legal.has(place)) {
    stack.append(scoop(c, view.scoop, "ghost")); // a preview of the scoop on top, on hover
    return actionButton(c, place, { class: "ic-cone playable", "aria-label": t("Put the {flavour} scoop on cone {cone} ({scoops})", { flavour: named(view.scoop), cone: n, scoops: listed }) },
      parts(el("span", { class: "ic-cta", text: t("Put here") })));
  }
  if (c.legal.has(serve)) {
    const points = servePoints(cone);
    return actionButton(c, serve, { class: "ic-cone playable", "aria-label": t("Serve cone {cone} ({scoops})", { cone: n, scoops: listed }) },
      parts(el("span", { class: "ic-cta", text: t("Serve +{points}", { points }) })));
  }
  return el("div", { class: "ic-cone", role: "group", "aria-label": t("Cone {cone}: {scoops}", { cone: n, scoops: listed }) }, parts(null));
}

// What the viewer's cards make of a cone, short under the cone and in full for screen readers.
function fitWords(cone) {
  const points = pointCount(servePoints(cone));
  if (cone.fit === "exact") return t("you can serve it exactly for {points}", { points });
  if (cone.fit === "near") return t("you lack its {flavour} scoop; serving it gives {points}", { flavour: named(cone.missing[0]), points });
  return "";
}

function fitNote(c, cone) {
  const { el } = c;
  if (cone.fit === "exact") return el("span", { class: "ic-fit exact", "aria-hidden": "true", text: t("✓ exact") });
  if (cone.fit === "near") return el("span", { class: "ic-fit near", "aria-hidden": "true", text: t("✕ 1 short") });
  return el("span", { class: "ic-fit", "aria-hidden": "true" });
}

// The empty cone that starts a new one with the turned-over scoop.
function newCone(c) {
  const { view, el } = c;
  const stack = el("span", { class: "ic-stack" }, view.scoop ? scoop(c, view.scoop, "ghost shown") : null);
  return actionButton(c, "new cone", { class: "ic-cone playable new", "aria-label": t("Start cone {cone} with the {flavour} scoop", { cone: view.cones_started + 1, flavour: named(view.scoop) }) },
    stack, el("span", { class: "ic-cone-shape", "aria-hidden": "true" }),
    el("span", { class: "ic-cone-name", text: t("New cone") }), el("span", { class: "ic-fit", text: "" }),
    el("span", { class: "ic-cta", text: t("Start here") }));
}

// ---- the players: their Ice Cream cards, face-down card and points ---------------------------

function players(c) {
  const { view, el } = c;
  const order = [...view.seats].sort((a, b) => (b.seat === c.me) - (a.seat === c.me)); // yours first
  return el("section", { class: "ic-players", "aria-label": t("Players") }, order.map((s) => player(c, s)));
}

function player(c, s) {
  const { view, el } = c;
  const badges = [
    view.dealer === s.seat ? el("span", { class: "ic-badge", text: t("dealer") }) : null,
    view.to_act.includes(s.seat) ? el("span", { class: "ic-badge turn", text: t("to act") }) : null,
    view.winners.includes(s.seat) ? el("span", { class: "ic-badge win", text: t("winner") }) : null,
  ];
  const classes = ["card", "ic-player", s.seat === c.me ? "mine" : "", view.to_act.includes(s.seat) ? "turn" : ""];
  const title = s.seat === c.me ? t("Your cards") : t("Cards of {who}", { who: c.label(s.seat) });
  return el("article", { class: classes.filter(Boolean).join(" "), "aria-label": title },
    el("header", { class: "ic-player-head" },
      el("h3", {}, c.name(s.seat), namesSeat(c.name(s.seat), s.seat) ? null : el("span", { class: "ic-seat muted", text: " " + t("seat {number}", { number: s.seat + 1 }) })), badges,
      points(c, s)),
    el("div", { class: "ic-hand" }, handCards(c, s), faceDown(c, s)));
}

// The running total; today's served scoops while serving; the unopened cards (the tie-break) at the end.
function points(c, s) {
  const { view, el } = c;
  const notes = [];
  if (view.phase === "serving" || s.served) notes.push(t("+{count} today", { count: s.served }));
  if (view.over) notes.push(t("{count} unopened", { count: s.unopened }));
  return el("span", { class: "ic-points", "aria-label": [pointCount(s.total), ...notes].join(", ") },
    el("strong", { text: String(s.total) }), " ", t("pts"), notes.length ? el("span", { class: "muted", text: ` (${notes.join(", ")})` }) : null);
}

// The face-up cards, one per flavour with a count: all of a flavour's scoops go on one card.
function handCards(c, s) {
  const { el } = c;
  if (!s.cards.length && !s.face_down) return el("p", { class: "muted", text: t("No Ice Cream cards.") });
  const groups = new Map();
  for (const card of s.cards) {
    const group = groups.get(card.flavour) ?? { count: 0, scoops: 0 };
    group.count += 1;
    group.scoops += card.scoops;
    groups.set(card.flavour, group);
  }
  return [...groups].map(([flavour, { count, scoops }]) => {
    const cards = count > 1 ? t("{count} {flavour} cards", { count, flavour: named(flavour) }) : t("{flavour} card", { flavour: named(flavour) });
    const label = scoops ? t("{cards}, {scoops} served on it today", { cards, scoops: tn("{count} scoop", "{count} scoops", scoops) }) : cards;
    return el("span", { class: `ic-card ${flavourClass(flavour)}${count > 1 ? " many" : ""}${scoops ? " opened" : ""}`, role: "img", "aria-label": label, title: label },
      el("span", { class: "ic-card-top", "aria-hidden": "true" }, el("span", { text: initials(flavour) })),
      el("span", { class: "ic-card-name", "aria-hidden": "true", text: named(flavour) }),
      count > 1 ? el("span", { class: "ic-count", "aria-hidden": "true", text: `×${count}` }) : null,
      scoops ? el("span", { class: "ic-served", "aria-hidden": "true", text: `+${scoops}` }) : null);
  });
}

// A face-down card: yours by flavour (with keep / discard while you choose), the others' as a back.
function faceDown(c, s) {
  const { el } = c;
  if (!s.face_down) return null;
  if (s.delivery === null) {
    return el("span", { class: "ic-card back", role: "img", "aria-label": t("a face-down card") },
      el("span", { class: "ic-card-top", "aria-hidden": "true", text: "?" }), el("span", { class: "ic-card-name", "aria-hidden": "true", text: t("face down") }));
  }
  const choices = ["keep", "discard"].filter((a) => c.legal.has(a)).map((a) =>
    actionButton(c, a, { class: `ic-choice ${a}`, "aria-label": a === "keep" ? t("Keep the face-down {flavour} card", { flavour: named(s.delivery) }) : t("Discard the {flavour} card and take the next one face down", { flavour: named(s.delivery) }) },
      a === "keep" ? t("Keep") : t("Discard")));
  return el("span", { class: "ic-delivery" },
    el("span", { class: `ic-card facedown ${flavourClass(s.delivery)}`, role: "img", "aria-label": t("your face-down card: {flavour}", { flavour: named(s.delivery) }) },
      el("span", { class: "ic-card-top", "aria-hidden": "true" }, el("span", { text: initials(s.delivery) })),
      el("span", { class: "ic-card-name", "aria-hidden": "true", text: named(s.delivery) }),
      el("span", { class: "ic-down", "aria-hidden": "true", text: t("face down") })),
    choices.length ? el("span", { class: "ic-choices" }, choices) : null);
}

// ---- the actions bar: what to do now, and a plain button for anything not drawn above --------

function prompt(c) {
  const { view, el } = c;
  if (!c.legal.size) return null;
  const mine = view.seats[c.me];
  let text = "";
  if (view.phase === "deliveries") {
    text = c.legal.has("discard")
      ? t("Keep your face-down {flavour} card, or discard it and take the next one face down (that one you must keep).", { flavour: mine?.delivery ? named(mine.delivery) : "" })
      : t("The deck is empty: keep your face-down card.");
  } else if (view.phase === "cones") {
    const onCone = [...c.legal].some((a) => a.startsWith("cone "));
    const fresh = c.legal.has("new cone");
    const flavour = named(view.scoop);
    text = !onCone ? t("Start a new cone with the {flavour} scoop.", { flavour })
      : fresh ? t("Choose a cone to put the {flavour} scoop on it, or start a new cone.", { flavour })
        : t("Choose a cone to put the {flavour} scoop on it (no new cones today).", { flavour });
  } else if (view.phase === "serving") {
    const exact = view.cones.some((cone) => cone.fit === "exact" && c.legal.has(`serve ${cone.cone}`));
    const serves = [...c.legal].some((a) => a.startsWith("serve "));
    if (exact) text = t("You can serve a cone exactly, so you must serve one: choose it.");
    else if (!serves) text = t("No cone fits your cards: draw from the Ice Cream deck.");
    else if (c.legal.has("draw")) text = t("Serve a cone that lacks one of your flavours, or draw from the Ice Cream deck.");
    else text = t("Serve a cone that lacks one of your flavours.");
  }
  return el("p", { class: "ic-prompt", text });
}

export function render(frame, ctx) {
  const c = context(frame, ctx);
  const root = c.el("div", { class: `ic phase-${c.view.phase}` }, strip(c), counter(c), players(c));
  ctx.board.append(root);
  const rest = frame.legal.filter((a) => !c.offered.has(a));
  ctx.actions.append(...[prompt(c)].filter(Boolean),
    ...rest.map((a) => actionButton(c, a, { class: "", text: a })));
}
