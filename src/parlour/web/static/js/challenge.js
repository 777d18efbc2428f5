// The daily challenge: today's (`/challenge`: play it once, its leaderboard, the past days) or
// one day's (`/challenge/GAME/DAY`: its leaderboard, and once the day is over each replay).
// The play itself is the table page; the server says what the day is and who may play.
import { api, el, keepToken } from "/static/js/api.js";
import { t } from "/static/js/i18n.js";

const [, , gamePart, dayPart] = location.pathname.split("/").map(decodeURIComponent);
const error = document.getElementById("error");
let titles = {};
let account = null;
let page = 0;

async function start() {
  try {
    const [games, session] = await Promise.all([api("/api/games"), api("/api/session")]);
    titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
    account = session.account;
    if (dayPart) {
      await showDays([{ game: gamePart, day: dayPart }]);
      document.getElementById("heading").textContent = t("Daily challenge of {day}", { day: dayPart });
    } else {
      const listing = await api("/api/challenges");
      await showDays(listing.today);
      if (!listing.today.length) document.getElementById("days").append(el("p", { text: t("No game offers a challenge today.") }));
      showPast(listing);
    }
  } catch (failure) {
    error.textContent = failure.message;
  }
}

async function showDays(days) {
  const box = document.getElementById("days");
  for (const { game, day } of days) {
    const detail = await api(`/api/challenges/${encodeURIComponent(game)}/${encodeURIComponent(day)}`);
    box.append(dayCard(detail));
  }
}

function dayCard(detail) {
  const title = [titles[detail.game] || detail.game, detail.label].filter(Boolean).join(": ");
  const heading = el("h2", { id: `day-${detail.game}` }, title, " ", el("span", { class: "muted", text: detail.day }));
  return el("section", { class: "card challenge", "aria-labelledby": `day-${detail.game}`, "data-day": detail.day },
    heading, yourPart(detail), el("h3", { text: t("Leaderboard") }), leaderboard(detail),
    detail.over ? null : el("p", { class: "muted", text: t("Each player's game can be replayed once the day is over.") }));
}

// Play, continue the attempt, or the word that it has been played (or that the day is over).
function yourPart(detail) {
  if (detail.over) return el("p", { text: t("This day is over.") });
  if (detail.running) return el("p", {}, el("a", { href: detail.running, id: "continue", text: t("Continue your attempt") }));
  if (detail.played) return el("p", { id: "played", text: t("You have played today's challenge. Come back tomorrow!") });
  if (!account) {
    const next = encodeURIComponent(location.pathname);
    return el("p", {}, el("a", { href: `/account?next=${next}`, id: "log-in-to-play", text: t("Log in to play (one attempt a day)") }));
  }
  const button = el("button", { type: "button", id: "play", text: t("Play today's challenge") });
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const started = await api(`/api/challenges/${encodeURIComponent(detail.game)}`, { method: "POST" });
      if (started.token) keepToken(started.table.id, started.token);
      location.href = started.link;
    } catch (failure) {
      error.textContent = failure.message;
      button.disabled = false;
    }
  });
  return el("p", {}, button);
}

function leaderboard(detail) {
  if (!detail.leaderboard.length) return el("p", { class: "muted", text: t("Nobody has finished this challenge yet.") });
  const judging = t("being judged");
  const rows = detail.leaderboard.map((entry) => el("tr", {},
    el("td", { text: String(entry.rank) }),
    el("td", { text: entry.name }),
    el("td", { text: entry.lost === null ? judging : entry.lost.toFixed(1) }),
    el("td", { text: String(entry.score) }),
    el("td", { text: entry.optimal_score === null ? judging : String(entry.optimal_score) }),
    el("td", {}, entry.replay ? el("a", { href: entry.replay, text: t("Replay") }) : "")));
  const heads = [t("Rank"), t("Player"), t("Points lost"), t("Score"), t("Perfect play's score"), t("Replay")];
  return el("table", { class: "hints leaderboard" },
    el("thead", {}, el("tr", {}, heads.map((h) => el("th", { scope: "col", text: h })))), el("tbody", {}, rows));
}

function showPast(listing) {
  const list = document.getElementById("past");
  list.append(...listing.past.map((past) => el("li", {},
    el("a", { href: past.link, text: `${past.day}: ${titles[past.game] || past.game}` }))));
  document.getElementById("past-box").hidden = !list.children.length;
  document.getElementById("older").hidden = !listing.more;
}

document.getElementById("older").addEventListener("click", async () => {
  try {
    page += 1;
    showPast(await api(`/api/challenges?page=${page}`));
  } catch (failure) {
    error.textContent = failure.message;
  }
});

start();
