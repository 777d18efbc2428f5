// My games: the logged-in account's running tables (where it is awaited first), its open
// ones, and its finished games with results, replay, download and analysis links.
import { ApiError, api, el } from "/static/js/api.js";
import { t, tn } from "/static/js/i18n.js";

const $ = (id) => document.getElementById(id);
let titles = {};
let shown = 0;

function duration(seconds) {
  if (seconds < 60) return t("less than a minute");
  if (seconds < 3600) return tn("{count} minute", "{count} minutes", Math.floor(seconds / 60));
  if (seconds < 86400) return tn("{count} hour", "{count} hours", Math.floor(seconds / 3600));
  return tn("{count} day", "{count} days", Math.floor(seconds / 86400));
}

function players(entry) {
  return entry.seats.map((s) => (s.seat === entry.seat ? t("you") : s.label || s.name || t("an open seat"))).join(", ");
}

function results(entry) {
  const scores = entry.seats.map((s) => t("{name}: {score}", {
    name: s.seat === entry.seat ? t("you") : s.label || s.name, score: entry.scores[s.seat],
  })).join(" · ");
  const parts = [el("span", { class: "place", text: t("place {place} of {count}", { place: entry.place, count: entry.seats.length }) }), " — ", scores];
  if (entry.rating) {
    const change = entry.rating.after - entry.rating.before;
    parts.push(" · ", el("span", { class: "rating", text: t("rating {before} → {after} ({change})", {
      before: entry.rating.before.toFixed(1), after: entry.rating.after.toFixed(1),
      change: (change >= 0 ? "+" : "") + change.toFixed(1),
    }) }));
  }
  return el("p", { class: "results" }, parts);
}

function links(entry) {
  const made = [];
  if (entry.links.replay) made.push(el("a", { href: entry.links.replay, text: t("Replay") }));
  if (entry.links.record) made.push(el("a", { href: entry.links.record, download: true, text: t("Download the record") }));
  if (entry.links.analysis) made.push(el("a", { href: entry.links.analysis, text: t("Analysis") }));
  return made.length ? el("p", { class: "links" }, made.flatMap((link, i) => (i ? [" · ", link] : [link]))) : null;
}

function item(entry) {
  const title = `${titles[entry.game] || entry.game} · ${players(entry)}`;
  const notes = [];
  if (entry.awaited) notes.push(el("strong", { class: "your-turn", text: t("It is your turn") }));
  if (entry.waited !== undefined) notes.push(t("waiting for {time}", { time: duration(entry.waited) }));
  if (entry.turn_limit) notes.push(t("turn limit {time}", { time: duration(entry.turn_limit) }));
  if (entry.rated) notes.push(t("rated"));
  if (entry.challenge) notes.push(t("daily challenge of {day}", { day: entry.challenge }));
  if (entry.closed) notes.push(t("its day is over: it takes no more moves"));
  return el("li", { class: entry.awaited ? "card awaited" : "card", "data-table": entry.id },
    el("a", { href: entry.links.table, class: "table-link", text: title }),
    notes.length ? el("p", { class: "notes" }, notes.flatMap((n, i) => (i ? [" · ", n] : [n]))) : null,
    entry.scores ? results(entry) : null,
    links(entry));
}

function fill(list, entries, empty) {
  if (!entries.length && !list.children.length) list.append(el("li", { class: "muted", text: empty }));
  list.append(...entries.map(item));
}

async function load() {
  try {
    const [games, mine] = await Promise.all([api("/api/games"), api(`/api/me/games?offset=${shown}`)]);
    titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
    if (!shown) {
      fill($("running"), mine.running, t("No running games."));
      fill($("open"), mine.open, t("No table waits for players."));
    }
    fill($("finished"), mine.finished, t("No finished games yet."));
    shown += mine.finished.length;
    $("more").hidden = !mine.more;
    $("mine").hidden = false;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) $("logged-out").hidden = false;
    else $("me-error").textContent = error.message;
  }
}

$("more").addEventListener("click", load);
load();
