// Dokitto! Ice: a card table. The other players' cones along the top, the felt in the middle
// with the Ice tile stacks and the trick in progress (or the last one), and the viewer's own
// cone and hand at the bottom. The game's pieces are the controls: a card in the hand plays it
// (`play grape 7`), a tile stack is taken from when the trick's winner chooses (`take grape`).
// Anything else the kernel allows falls back to a plain button, so every legal action is
// reachable and nothing outside frame.legal is ever offered. Spectators and the replay page
// (seat null, no legal actions) see every seat along the top and no hand.
// Words are in the page's language (`t`); flavours and cards are named in it, while the
// actions the controls send stay canonical (`play grape 7`). Every card, tile and token has a
// label for screen readers, and two letters, so that a flavour never depends on colour alone.
import { frameContext } from "/static/js/frame.js";
import { moving } from "/static/js/motion.js";
import { t, tn } from "../i18n.js";

// The rules' numbers come from the view: the tiles a cone holds (`view.cone_limit`), and the
// hand arrives in the rulebook's flavour order, then by number.
const FLAVOURS = {
  strawberry: t("strawberry"),
  chocolate: t("chocolate"),
  matcha: t("matcha"),
  grape: t("grape"),
  vanilla: t("vanilla"),
};
const STAR = "★";

// A flavour's name in the page's language, and its two letters (from that name: St, Ch, Ma,
// Gr, Va in English).
const word = (flavour) => FLAVOURS[flavour] ?? flavour;
const short = (flavour) => {
  const name = word(flavour);
  return name.charAt(0).toUpperCase() + name.charAt(1);
};
// "a", "a or b", "a, b or c".
const either = (items) => (items.length > 1 ? t("{some} or {last}", { some: items.slice(0, -1).join(", "), last: items.at(-1) }) : items.join(""));
// "a", "a and b", "a, b and c".
const both = (items) => (items.length > 1 ? t("{some} and {last}", { some: items.slice(0, -1).join(", "), last: items.at(-1) }) : items.join(""));

// A card name from the view, `grape 7`, as its flavour and number.
function parseCard(name) {
  const [flavour, number] = name.split(" ");
  return { flavour, number: Number(number) };
}

// A card as people read it: `grape 7`, `Traube 7`.
function cardWord(name) {
  const { flavour, number } = parseCard(name);
  return `${word(flavour)} ${number}`;
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
    c.el("span", { class: "dk-corner", "aria-hidden": "true", text: short(flavour) }),
    c.el("span", { class: "dk-number", "aria-hidden": "true", text: String(number) }),
    c.el("span", { class: "dk-corner end", "aria-hidden": "true", text: short(flavour) }),
  ];
}

// A card shown, not clicked (the trick, or a hand card that may not be played now: `label`
// then says so).
function card(c, name, extra = "", label = cardWord(name)) {
  const { flavour } = parseCard(name);
  return c.el("span", { class: `dk-card dk-${flavour} ${extra}`.trim(), role: "img", "aria-label": label, title: label }, cardFace(c, name));
}

// An Ice tile on a cone: a scoop in the flavour's colour, its letters, and the star when it
// has one.
function scoop(c, tile) {
  const flavour = word(tile.flavour);
  const label = tile.star ? t("starred {flavour} tile", { flavour }) : t("{flavour} tile", { flavour });
  return c.el("span", { class: `dk-scoop dk-${tile.flavour}${tile.star ? " starred" : ""}`, role: "img", "aria-label": label, title: label },
    c.el("span", { class: "dk-tag", "aria-hidden": "true", text: short(tile.flavour) }),
    tile.star ? c.el("span", { class: "dk-star", "aria-hidden": "true", text: STAR }) : null);
}

// A Topping token: a small round token of its flavour, with its letters.
function topping(c, flavour) {
  const label = t("{flavour} Topping token", { flavour: word(flavour) });
  return c.el("span", { class: `dk-topping dk-${flavour}`, role: "img", "aria-label": label, title: label },
    c.el("span", { "aria-hidden": "true", text: short(flavour) }));
}

// ---- the strip at the top: round, flavours in play, whose turn, the last round's result ------

function strip(c) {
  const { view, el } = c;
  const chips = view.flavours.map((f) => el("li", { class: `dk-chip dk-${f}`, text: word(f) }));
  const facts = [
    t("First player: {who}", { who: c.name(view.first) }),
    tn("{count} card set aside", "{count} cards set aside", view.aside),
  ];
  return el("section", { class: "card dk-strip", "aria-label": t("The round") },
    el("div", { class: "dk-round" },
      el("h2", { text: view.over ? t("Game over") : t("Round {round}", { round: view.round }) }),
      el("ul", { class: "dk-chips", "aria-label": t("Flavours in play") }, chips)),
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
    return names.length ? t("Won: {names}", { names: both(names) }) : t("Nobody wins");
  }
  const seat = view.to_act[0];
  if (seat === undefined) return t("Waiting");
  const who = c.name(seat);
  if (view.phase === "take") {
    return seat === c.me ? t("You won the trick: choose a tile") : t("{who} won the trick and chooses a tile", { who });
  }
  return seat === c.me ? t("Your turn: play a card") : t("{who} is playing a card", { who });
}

// The last round scored: each seat's points, and who had to take a fourth tile.
function lastRound(c) {
  const { view, el } = c;
  const last = view.last_round;
  if (!last) return null;
  const parts = last.points.map((points, s) => (s === last.busted
    ? t("{who} +{points} (fourth tile)", { who: c.name(s), points })
    : `${c.name(s)} +${points}`));
  return el("p", { class: "dk-last muted", text: t("Round {round}: {scored}.", { round: last.round, scored: parts.join(", ") }) });
}

// ---- the players: a cone each, with the hand's size and the points ---------------------------

// One seat: name and badges, the cone drawn with its tiles, the Topping tokens, the numbers.
function seatPanel(c, cone) {
  const { view, el } = c;
  const s = cone.seat;
  const acting = view.to_act.includes(s);
  const badges = [
    acting ? el("span", { class: "dk-badge turn", text: view.phase === "take" ? t("choosing") : t("to play") }) : null,
    view.first === s && !view.over ? el("span", { class: "dk-badge", text: t("first") }) : null,
    view.winners.includes(s) ? el("span", { class: "dk-badge win", text: t("winner") }) : null,
  ];
  const classes = ["card", "dk-seat", s === c.me ? "mine" : "", acting ? "turn" : "", view.winners.includes(s) ? "won" : ""];
  return el("article", { class: classes.filter(Boolean).join(" "), "aria-label": t("{who}: cone and points", { who: c.name(s) }) },
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
  const listed = count
    ? cone.tiles.map((tile) => (tile.star ? t("starred {flavour} tile", { flavour: word(tile.flavour) }) : t("{flavour} tile", { flavour: word(tile.flavour) }))).join(", ")
    : t("no tiles");
  return el("div", { class: `dk-cone${count >= limit ? " full" : ""}`, role: "group", "aria-label": t("Cone: {tiles}", { tiles: listed }) },
    el("span", { class: "dk-stack" }, cone.tiles.map((tile, i) => moving(scoop(c, tile), "land", `${c.view.round}:${cone.seat}:${i}`)), places),
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
    el("p", { class: "dk-total" }, el("strong", { text: String(view.scores[s]) }), " ", t("pts")),
    el("p", { class: "muted", text: roundPoints(c, s, cone) }),
    el("p", { class: `dk-tiles${count >= limit ? " full" : ""}`, text: count >= limit ? t("{count}/{limit} tiles: full!", { count, limit }) : t("{count}/{limit} tiles", { count, limit }) }),
    cone.toppings.length ? el("p", { class: "dk-toppings" }, cone.toppings.map((f) => topping(c, f))) : null,
    el("p", { class: "dk-hand-size" }, el("span", { class: "dk-backs", "aria-hidden": "true" }, backs), tn("{count} card", "{count} cards", cards)));
}

// The round's points: so far while it runs; once scored (the game's last round is still on the
// table at the end), what it gave, which is nothing for a seat that had to take a fourth tile.
function roundPoints(c, s, cone) {
  const last = c.view.last_round;
  if (last && last.round === c.view.round) {
    const points = last.points[s];
    return s === last.busted ? t("+{points} (4th tile)", { points }) : t("+{points} this round", { points });
  }
  return t("+{points} this round", { points: cone.points });
}

// The seats along the top: everyone but the viewer (everyone, for a spectator), clockwise
// from the viewer's left.
function opponents(c) {
  const { view, el } = c;
  const start = c.me === null ? 0 : c.me + 1;
  const order = Array.from({ length: view.players }, (_, i) => (start + i) % view.players).filter((s) => s !== c.me);
  return el("section", { class: "dk-opponents", "aria-label": c.me === null ? t("Players") : t("The other players") },
    order.map((s) => seatPanel(c, view.cones[s])));
}

// ---- the felt: the Ice tile stacks and the trick ---------------------------------------------

function felt(c) {
  const { el } = c;
  return el("section", { class: "card dk-felt", "aria-label": t("The table") }, stacks(c), trick(c));
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
      el("span", { class: "dk-pile-name", "aria-hidden": "true", text: word(flavour) }),
      el("span", { class: "dk-pile-note", "aria-hidden": "true", text: starred ? t("{star} inside", { star: STAR }) : t("{star} taken", { star: STAR }) }),
    ];
    const stack = { flavour: word(flavour), tiles: tn("{count} tile", "{count} tiles", count) };
    const label = starred ? t("{flavour} stack: {tiles}, its starred tile is still in it", stack) : t("{flavour} stack: {tiles}", stack);
    const action = `take ${flavour}`;
    if (c.legal.has(action)) {
      return actionButton(c, action, { class: "dk-stack-pick", "aria-label": t("Take the top tile of the {stack}", { stack: label }) },
        face, el("span", { class: "dk-cta", text: t("Take") }));
    }
    // A stack the trick's winner may choose is dashed and says so, not only by its colour.
    const offeredToOther = choice.has(flavour) && !view.to_act.includes(c.me);
    const shownLabel = offeredToOther ? t("{stack}; may be chosen", { stack: label }) : label;
    return el("div", { class: `dk-stack-show${offeredToOther ? " choice" : ""}`, role: "img", "aria-label": shownLabel },
      face, offeredToOther ? el("span", { class: "dk-cta", "aria-hidden": "true", text: t("may be chosen") }) : null);
  });
  return el("div", { class: "dk-stacks" },
    el("h2", { class: "dk-felt-title", text: t("Ice tiles") }),
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
  const number = showLast ? view.tricks.length : current.number;
  const places = Array.from({ length: view.players }, (_, i) => {
    const seat = (shown.leader + i) % view.players;
    const play = shown.plays[i];
    const place = trickPlace(c, seat, play, { led: i === 0 && Boolean(play), winner: seat === decided });
    const key = `${view.round}:${number}:${seat}`;
    if (play) moving(place.firstChild, "travel", key); // the card comes into the trick
    if (play && decided !== null && decided !== undefined && seat !== decided) {
      moving(place, "gather", key, ".dk-trick .dk-card.winner"); // and goes to its winner's
    }
    return place;
  });
  const title = showLast ? t("Last trick") : t("Trick {number} of {total}", { number: current.number, total: view.round_tricks });
  const follow = !showLast && current.led
    ? el("span", { class: `dk-chip dk-${current.led}` }, t("follow {flavour}", { flavour: word(current.led) }))
    : null;
  return el("div", { class: `dk-trick${showLast ? " past" : ""}`, role: "group", "aria-label": title },
    el("div", { class: "dk-trick-head" }, el("h2", { class: "dk-felt-title", text: title }), follow),
    el("div", { class: "dk-places" }, places),
    el("p", { class: "dk-trick-note", text: trickNote(c, showLast ? last : null) }));
}

// One seat's place in the trick: its card (or an empty outline), its name, led (once its card
// is down) / winner marks.
function trickPlace(c, seat, play, { led, winner }) {
  const { view, el } = c;
  const waiting = !play && view.phase === "play" && view.to_act.includes(seat);
  const marks = [
    led ? el("span", { class: "dk-mark", text: t("led") }) : null,
    winner ? el("span", { class: "dk-mark win", text: t("wins") }) : null,
  ];
  const face = play
    ? card(c, play.card, winner ? "winner" : "")
    : el("span", { class: `dk-card empty${waiting ? " waiting" : ""}`, role: "img", "aria-label": waiting ? t("to play") : t("not played yet") },
      el("span", { "aria-hidden": "true", text: waiting ? "…" : "" }));
  return el("div", { class: "dk-place" }, face, el("span", { class: "dk-place-name", text: c.name(seat) }), el("span", { class: "dk-marks" }, marks));
}

// Under the trick: how it was won and which tile it brought, or the rule that decides it.
function trickNote(c, last) {
  const { view } = c;
  if (last) {
    const { tile } = last;
    const who = c.name(last.winner);
    const mineToo = last.winner === c.me;
    if (tile === null) {
      return mineToo ? t("You had to take a fourth tile: the round ended.") : t("{who} had to take a fourth tile: the round ended.", { who });
    }
    const flavour = word(tile.flavour);
    if (tile.star) {
      return mineToo
        ? t("You took the starred {flavour} tile and the {flavour} Topping token.", { flavour })
        : t("{who} took the starred {flavour} tile and the {flavour} Topping token.", { who, flavour });
    }
    return mineToo ? t("You took a {flavour} tile.", { flavour }) : t("{who} took a {flavour} tile.", { who, flavour });
  }
  if (view.phase === "take") {
    const choices = either(view.tile_choice.map(word));
    return t("{who} may take from {choices}.", { who: c.name(view.trick.winner), choices });
  }
  if (!view.trick.plays.length) {
    if (view.over) return "";
    return view.trick.leader === c.me ? t("You lead: any card.") : t("{who} leads: any card.", { who: c.name(view.trick.leader) });
  }
  return t("One flavour: the highest wins. Mixed: the lowest wins (the last of equals).");
}

// ---- the viewer's own corner: their cone and their hand --------------------------------------

function mine(c) {
  const { view, el } = c;
  if (c.me === null || view.hand === null) return null;
  return el("section", { class: "dk-mine", "aria-label": t("Your cone and hand") }, seatPanel(c, view.cones[c.me]), hand(c));
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
    const shown = cardWord(name);
    const piece = c.legal.has(action)
      ? actionButton(c, action, { class: `dk-card dk-${flavour} playable`, "aria-label": t("Play {card}", { card: shown }), title: shown }, cardFace(c, name))
      : choosing ? card(c, name, "dim", t("{card}, may not be played now", { card: shown })) : card(c, name);
    if (!groups.has(flavour)) groups.set(flavour, []);
    groups.get(flavour).push(piece);
  }
  const rows = [...groups].map(([flavour, pieces]) => el("div", { class: "dk-suit", role: "group", "aria-label": t("{flavour} cards", { flavour: word(flavour) }) }, pieces));
  return el("div", { class: "card dk-hand" },
    el("h2", { class: "dk-felt-title", text: t("Your hand ({count})", { count: view.hand.length }) }),
    rows.length ? el("div", { class: "dk-suits" }, rows) : el("p", { class: "muted", text: t("No cards left.") }));
}

// ---- the actions bar: what to do now, and a plain button for anything not drawn above --------

function prompt(c) {
  const { view, el } = c;
  if (!c.legal.size) return null;
  let text = "";
  if (view.phase === "take") {
    text = t("You won the trick: choose the stack to take a tile from ({choices}).", { choices: either(view.tile_choice.map(word)) });
  } else if (view.phase === "play") {
    const led = view.trick.led;
    const following = led && view.playable.some((name) => parseCard(name).flavour === led);
    const flavour = led ? word(led) : "";
    text = !led ? t("You lead: choose any card in your hand.")
      : following ? t("Follow {flavour}: choose one of your {flavour} cards.", { flavour })
        : t("You have no {flavour}: choose any card.", { flavour });
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

// What the table's sounds (sound.js) hear between two frames: a trick won, by anyone.
export function cues(before, after) {
  const won = (frame) => frame.view.log.filter((entry) => entry.event === "won").length;
  return won(after) > won(before) ? ["won"] : [];
}
