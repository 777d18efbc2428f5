// A game's leaderboard: its rated players, best first (provisional ratings after the others).
import { api, el } from "/static/js/api.js";
import { t } from "/static/js/i18n.js";
import { ratingText } from "/static/js/names.js";

const game = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);

async function show() {
  const [games, board] = await Promise.all([api("/api/games"), api(`/api/ratings/${encodeURIComponent(game)}`)]);
  const title = games.find((g) => g.name === board.game)?.title || board.game;
  document.title = t("Parlour: {game} leaderboard", { game: title });
  $("title").textContent = t("Leaderboard: {game}", { game: title });
  $("about").textContent = t("Ratings change with each rated game. A rating marked ? is provisional: its player has played fewer than {count} rated games of {game}.",
    { count: board.provisional_games, game: title });
  $("ranked").replaceChildren(...board.ratings.map((entry) => el("tr", { class: entry.provisional ? "provisional" : null },
    el("td", { text: String(entry.rank) }), el("td", { text: entry.name }),
    el("td", { text: ratingText(entry), title: entry.provisional ? t("provisional") : null }),
    el("td", { text: String(entry.games) }))));
  $("board").hidden = board.ratings.length === 0;
  $("empty").hidden = board.ratings.length > 0;
}

show().catch((failure) => { $("error").textContent = failure.message; });
