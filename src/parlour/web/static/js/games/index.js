// Finding a game's page renderer: its module and stylesheet, or the generic one.
import { el } from "/static/js/api.js";
import * as generic from "/static/js/games/generic.js";

export async function rendererFor(game) {
  try {
    const module = await import(`/static/js/games/${game}.js`);
    document.head.append(el("link", { rel: "stylesheet", href: `/static/css/games/${game}.css` }));
    return module;
  } catch {
    return generic;
  }
}
