// Dokitto! Ice: a card table. The other players' cones along the top, the felt in the middle
// with the Ice tile stacks and the trick in progress (or the last one), and the viewer's own
// cone and hand at the bottom. The game's pieces are the controls: a card in the hand plays it
// (`play grape 7`), a tile stack is taken from when the trick's winner chooses (`take grape`).
// Anything else the kernel allows falls back to a plain button, so every legal action is
// reachable and nothing outside frame.legal is ever offered. Spectators and the replay page
// (seat null, no legal actions) see every seat along the top and no hand.
import { frameContext } from "/static/js/frame.js";

// Two letters on every card, tile and token so that a flavour never depends on colour alone.
// The rules' numbers come from the view: the tiles a cone holds (`view.cone_limit`), and the
// hand arrives in the rulebook's flavour order, then by number.
const SHORT = { strawberry: "St", chocolate: "Ch", matcha: "Ma", grape: "Gr", vanilla: "Va" };
const STAR = "★";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
// "a", "a or b", "a, b or c".
const either = (items) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} or ${items.at(-1)}` : items.join(""));

// A card name from the view, `grape 7`, as its flavour and number.
function parseCard(name) {
  const [flavour, number] = name.split(" ");
  return { flavour, number: Number(number) };
}


// A control that applies one legal action; records it as offered.
function actionButton(c, action, attrs, ...children) {
  c.offered.add(action);
  const cls = ["action", attrs.class].filter(Boolean).join(" ");
  return c.el("button", { ...attrs, class: cls, "data-action": action, onclick: () => c.ctx.act(action) }, ...children);
}

// ---- pieces: cards, scoops (Ice tiles on a cone), Topping tokens -----------------------------

// The face of a Flavor card: its number large, the flavour's letters in the corners.
function cardFace(c, name) {
  const { flavour, number } = parseCard(name);
  return [
    c.el("span", { class: "dk-corner", "aria-hidden": "true", text: SHORT[flavour] }),
    c.el("span", { class: "dk-number", "aria-hidden": "true", text: String(number) }),
    c.el("span", { class: "dk-corner end", "aria-hidden": "true", text: SHORT[flavour] }),
  ];
}

// A card shown, not clicked (the trick, or a hand card that may not be played now).
function card(c, name, extra = "") {
  const { flavour } = parseCard(name);
  return c.el("span", { class: `dk-card dk-${flavour} ${extra}`.trim(), role: "img", "aria-label": name, title: name }, cardFace(c, name));
}

// An Ice tile on a cone: a scoop in the flavour's colour, with the star when it has one.
function scoop(c, tile) {
  const label = `${tile.star ? "starred " : ""}${tile.flavour} tile`;
  return c.el("span", { class: `dk-scoop dk-${tile.flavour}${tile.star ? " starred" : ""}`, role: "img", "aria-label": label, title: label },
    c.el("span", { class: "dk-tag", "aria-hidden": "true", text: SHORT[tile.flavour] }),
    tile.star ? c.el("span", { class: "dk-star", "aria-hidden": "true", text: STAR }) : null);
}

// A Topping token: a small round token of its flavour.
function topping(c, flavour) {
  return c.el("span", { class: `dk-topping dk-${flavour}`, role: "img", "aria-label": `${flavour} Topping token`, title: `${flavour} Topping token` },
    c.el("span", { "aria-hidden": "true", text: STAR }));
}

// ---- the strip at the top: round, flavours in play, whose turn, the last round's result ------

function strip(c) {
  const { view, el } = c;
  const chips = view.flavours.map((f) => el("li", { class: `dk-chip dk-${f}`, text: f }));
  const facts = [
    `First player: ${c.name(view.first)}`,
    `${plural(view.aside, "card")} set aside`,
  ];
  return el("section", { class: "card dk-strip", "aria-label": "The round" },
    el("div", { class: "dk-round" },
      el("h2", { text: view.over ? "Game over" : `Round ${view.round}` }),
      el("ul", { class: "dk-chips", "aria-label": "Flavours in play" }, chips)),
    el("div", { class: "dk-turn" },
      el("p", { class: "dk-who", text: turnText(c) }),
      el("p", { class: "muted", text: facts.join(" · ") }),
      lastRound(c)));
}

// Who acts now and what they decide, or who won.
function turnText(c) {
  const { view } = c;
  if (view.over) {
    const names = view.winners.map(c.name);
    return names.length ? `Won: ${names.join(" and ")}` : "Nobody wins";
  }
  const seat = view.to_act[0];
  if (seat === undefined) return "Waiting";
  if (view.phase === "take") {
    return seat === c.me ? "You won the trick: choose a tile" : `${c.name(seat)} won the trick and chooses a tile`;
  }
  return seat === c.me ? "Your turn: play a card" : `${c.name(seat)} is playing a card`;
}

// The last round scored: each seat's points, and who had to take a fourth tile.
function lastRound(c) {
  const { view, el } = c;
  const last = view.last_round;
  if (!last) return null;
  const parts = last.points.map((points, s) => `${c.name(s)} +${points}${s === last.busted ? " (fourth tile)" : ""}`);
  return el("p", { class: "dk-last muted", text: `Round ${last.round}: ${parts.join(", ")}.` });
}

// ---- the players: a cone each, with the hand's size and the points ---------------------------

// One seat: name and badges, the cone drawn with its tiles, the Topping tokens, the numbers.
function seatPanel(c, cone) {
  const { view, el } = c;
  const s = cone.seat;
  const acting = view.to_act.includes(s);
  const badges = [
    acting ? el("span", { class: "dk-badge turn", text: view.phase === "take" ? "choosing" : "to play" }) : null,
    view.first === s && !view.over ? el("span", { class: "dk-badge", text: "first" }) : null,
    view.winners.includes(s) ? el("span", { class: "dk-badge win", text: "winner" }) : null,
  ];
  const classes = ["card", "dk-seat", s === c.me ? "mine" : "", acting ? "turn" : "", view.winners.includes(s) ? "won" : ""];
  return el("article", { class: classes.filter(Boolean).join(" "), "aria-label": `${c.name(s)}: cone and points` },
    el("header", { class: "dk-seat-head" }, el("h3", { text: c.name(s) }), badges),
    el("div", { class: "dk-seat-body" }, coneDrawing(c, cone), seatNumbers(c, cone)));
}

// A waffle cone with its tiles stacked as scoops, and dashed places for the ones it can still
// take, so how close a fourth tile is shows at a glance.
function coneDrawing(c, cone) {
  const { el } = c;
  const count = cone.tiles.length;
  const limit = c.view.cone_limit;
  const places = Array.from({ length: Math.max(0, limit - count) }, () => el("span", { class: "dk-scoop empty", "aria-hidden": "true" }));
  const listed = count ? cone.tiles.map((t) => `${t.flavour}${t.star ? " " + STAR : ""}`).join(", ") : "no tiles";
  return el("div", { class: `dk-cone${count >= limit ? " full" : ""}`, role: "group", "aria-label": `Cone: ${listed}` },
    el("span", { class: "dk-stack" }, cone.tiles.map((t) => scoop(c, t)), places),
    el("span", { class: "dk-waffle", "aria-hidden": "true" }));
}

// Total, this round's points so far, tiles on the cone, Topping tokens, cards in hand (a few
// card backs and the count).
function seatNumbers(c, cone) {
  const { view, el } = c;
  const s = cone.seat;
  const count = cone.tiles.length;
  const limit = view.cone_limit;
  const cards = view.hand_sizes[s];
  const backs = Array.from({ length: Math.min(cards, 3) }, () => el("span", { class: "dk-back" }));
  return el("div", { class: "dk-numbers" },
    el("p", { class: "dk-total" }, el("strong", { text: String(view.scores[s]) }), " pts"),
    el("p", { class: "muted", text: roundPoints(c, s, cone) }),
    el("p", { class: `dk-tiles${count >= limit ? " full" : ""}`, text: count >= limit ? `${count}/${limit} tiles: full!` : `${count}/${limit} tiles` }),
    cone.toppings.length ? el("p", { class: "dk-toppings" }, cone.toppings.map((f) => topping(c, f))) : null,
    el("p", { class: "dk-hand-size" }, el("span", { class: "dk-backs", "aria-hidden": "true" }, backs), plural(cards, "card")));
}

// The round's points: so far while it runs; once scored (the game's last round is still on the
// table at the end), what it gave, which is nothing for a seat that had to take a fourth tile.
function roundPoints(c, s, cone) {
  const last = c.view.last_round;
  if (last && last.round === c.view.round) {
    return s === last.busted ? `+${last.points[s]} (4th tile)` : `+${last.points[s]} this round`;
  }
  return `+${cone.points} this round`;
}

// The seats along the top: everyone but the viewer (everyone, for a spectator), clockwise
// from the viewer's left.
function opponents(c) {
  const { view, el } = c;
  const start = c.me === null ? 0 : c.me + 1;
  const order = Array.from({ length: view.players }, (_, i) => (start + i) % view.players).filter((s) => s !== c.me);
  return el("section", { class: "dk-opponents", "aria-label": c.me === null ? "Players" : "The other players" },
    order.map((s) => seatPanel(c, view.cones[s])));
}

// ---- the felt: the Ice tile stacks and the trick ---------------------------------------------

function felt(c) {
  const { el } = c;
  return el("section", { class: "card dk-felt", "aria-label": "The table" }, stacks(c), trick(c));
}

// A face-down stack a flavour with its count, and whether its starred tile (and Topping token)
// is still in it. When the trick's winner may choose, the stacks allowed are buttons.
function stacks(c) {
  const { view, el } = c;
  const choice = new Set(view.tile_choice);
  const items = Object.entries(view.stacks).map(([flavour, count]) => {
    const starred = view.toppings.includes(flavour);
    const layers = Array.from({ length: Math.max(count, 1) }, (_, i) => el("span", { class: `dk-tile-back${count ? "" : " gone"}`, "aria-hidden": "true" },
      i === 0 ? el("span", { text: String(count) }) : null));
    const face = [
      el("span", { class: `dk-pile dk-${flavour}`, "aria-hidden": "true" }, layers),
      el("span", { class: "dk-pile-name", "aria-hidden": "true", text: flavour }),
      el("span", { class: "dk-pile-note", "aria-hidden": "true", text: starred ? `${STAR} inside` : `${STAR} taken` }),
    ];
    const label = `${flavour} stack: ${plural(count, "tile")}${starred ? ", its starred tile is still in it" : ""}`;
    const action = `take ${flavour}`;
    if (c.legal.has(action)) {
      return actionButton(c, action, { class: "dk-stack-pick", "aria-label": `Take the top tile of the ${label}` },
        face, el("span", { class: "dk-cta", text: "Take" }));
    }
    const offeredToOther = choice.has(flavour) && !view.to_act.includes(c.me);
    return el("div", { class: `dk-stack-show${offeredToOther ? " choice" : ""}`, role: "img", "aria-label": label }, face);
  });
  return el("div", { class: "dk-stacks" },
    el("h2", { class: "dk-felt-title", text: "Ice tiles" }),
    el("div", { class: "dk-piles" }, items));
}

// The trick in progress: a place for every seat clockwise from the leader, filled as they play.
// Between tricks (nothing played yet), the last trick of the round, faded, with the tile it won.
function trick(c) {
  const { view, el } = c;
  const current = view.trick;
  const last = view.tricks.at(-1);
  const showLast = current.plays.length === 0 && last;
  const shown = showLast ? last : current;
  const decided = showLast ? last.winner : current.winner;
  const places = Array.from({ length: view.players }, (_, i) => {
    const seat = (shown.leader + i) % view.players;
    const play = shown.plays[i];
    return trickPlace(c, seat, play, { led: i === 0, winner: seat === decided });
  });
  // Tricks in a round: those played plus the cards a seat yet to play this trick still holds.
  const total = view.tricks.length + Math.max(...view.hand_sizes);
  const number = Math.min(view.tricks.length + 1, total);
  const title = showLast ? "Last trick" : `Trick ${number} of ${total}`;
  const follow = !showLast && current.led
    ? el("span", { class: `dk-chip dk-${current.led}` }, `follow ${current.led}`)
    : null;
  return el("div", { class: `dk-trick${showLast ? " past" : ""}`, role: "group", "aria-label": title },
    el("div", { class: "dk-trick-head" }, el("h2", { class: "dk-felt-title", text: title }), follow),
    el("div", { class: "dk-places" }, places),
    el("p", { class: "dk-trick-note", text: trickNote(c, showLast ? last : null) }));
}

// One seat's place in the trick: its card (or an empty outline), its name, led / winner marks.
function trickPlace(c, seat, play, { led, winner }) {
  const { view, el } = c;
  const waiting = !play && view.phase === "play" && view.to_act.includes(seat);
  const marks = [
    led ? el("span", { class: "dk-mark", text: "led" }) : null,
    winner ? el("span", { class: "dk-mark win", text: "wins" }) : null,
  ];
  const face = play
    ? card(c, play.card, winner ? "winner" : "")
    : el("span", { class: `dk-card empty${waiting ? " waiting" : ""}`, role: "img", "aria-label": waiting ? "to play" : "not played yet" },
      el("span", { "aria-hidden": "true", text: waiting ? "…" : "" }));
  return el("div", { class: "dk-place" }, face, el("span", { class: "dk-place-name", text: c.name(seat) }), el("span", { class: "dk-marks" }, marks));
}

// Under the trick: how it was won and which tile it brought, or the rule that decides it.
function trickNote(c, last) {
  const { view } = c;
  if (last) {
    const tile = last.tile;
    const took = tile === null ? "had to take a fourth tile: the round ended" : `took a ${tile.flavour} tile${tile.star ? ` ${STAR} and its Topping token` : ""}`;
    return `${c.name(last.winner)} ${took}.`;
  }
  if (view.phase === "take") {
    return `${c.name(view.trick.winner)} may take from ${either(view.tile_choice)}.`;
  }
  if (!view.trick.plays.length) return view.over ? "" : `${c.name(view.trick.leader)} ${view.trick.leader === c.me ? "lead" : "leads"}: any card.`;
  return "One flavour: the highest wins. Mixed: the lowest wins (the last of equals).";
}

// ---- the viewer's own corner: their cone and their hand --------------------------------------

function mine(c) {
  const { view, el } = c;
  if (c.me === null || view.hand === null) return null;
  return el("section", { class: "dk-mine", "aria-label": "Your cone and hand" }, seatPanel(c, view.cones[c.me]), hand(c));
}

// The hand by flavour, in the view's order (a small gap between flavours), the cards that may
// be played as buttons, the others dimmed while it is the viewer's turn.
function hand(c) {
  const { view, el } = c;
  const sorted = view.hand.map(parseCard);
  const choosing = view.phase === "play" && view.to_act.includes(c.me);
  const groups = new Map();
  for (const { flavour, number } of sorted) {
    const name = `${flavour} ${number}`;
    const action = `play ${name}`;
    const piece = c.legal.has(action)
      ? actionButton(c, action, { class: `dk-card dk-${flavour} playable`, "aria-label": `Play ${name}`, title: name }, cardFace(c, name))
      : card(c, name, choosing ? "dim" : "");
    if (!groups.has(flavour)) groups.set(flavour, []);
    groups.get(flavour).push(piece);
  }
  const rows = [...groups].map(([flavour, pieces]) => el("div", { class: "dk-suit", role: "group", "aria-label": `${flavour} cards` }, pieces));
  return el("div", { class: "card dk-hand" },
    el("h2", { class: "dk-felt-title", text: `Your hand (${view.hand.length})` }),
    rows.length ? el("div", { class: "dk-suits" }, rows) : el("p", { class: "muted", text: "No cards left." }));
}

// ---- the actions bar: what to do now, and a plain button for anything not drawn above --------

function prompt(c) {
  const { view, el } = c;
  if (!c.legal.size) return null;
  let text = "";
  if (view.phase === "take") {
    text = `You won the trick: click the stack to take a tile from (${either(view.tile_choice)}).`;
  } else if (view.phase === "play") {
    const led = view.trick.led;
    const following = led && view.playable.some((card) => parseCard(card).flavour === led);
    text = !led ? "You lead: click any card in your hand."
      : following ? `Follow ${led}: click one of your ${led} cards.`
        : `You have no ${led}: click any card.`;
  }
  return text ? el("p", { class: "dk-prompt", text }) : null;
}

export function render(frame, ctx) {
  const c = frameContext(frame, ctx);
  const root = c.el("div", { class: "dk" }, strip(c), opponents(c), felt(c), mine(c));
  ctx.board.append(root);
  const rest = frame.legal.filter((a) => !c.offered.has(a));
  ctx.actions.append(...[prompt(c)].filter(Boolean), ...rest.map((a) => actionButton(c, a, { text: a })));
}
