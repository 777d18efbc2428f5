// Finding a game's page renderer: its module and stylesheet, or the generic one for a game that
// has no renderer. A renderer that exists but fails to load (a syntax error, a failing import)
// is reported, in the console and to the page through the error thrown, never hidden.
import { el } from "/static/js/api.js";
import * as generic from "/static/js/games/generic.js";
import { t } from "/static/js/i18n.js";

export async function rendererFor(game) {
  const path = `/static/js/games/${encodeURIComponent(game)}.js`;
  const found = await fetch(path, { method: "HEAD" });
  if (found.status === 404) return generic;
  try {
    if (!found.ok) throw new Error(`${path} answered ${found.status}`);
    const module = await import(path);
    document.head.append(el("link", { rel: "stylesheet", href: `/static/css/games/${encodeURIComponent(game)}.css` }));
    return module;
  } catch (failure) {
    console.error(`The ${game} page renderer failed to load:`, failure);
    throw new Error(t("This {game} page cannot be drawn: its renderer failed to load ({failure}).", { game, failure }));
  }
}
