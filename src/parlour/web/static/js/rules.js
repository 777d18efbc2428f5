// The "How to play" panel of the table page and the tutorial: the game's rules, section by
// section, in the page's language (the server tells them), inside a <details> the keyboard
// opens and a screen reader reads as headings and paragraphs.
import { api, el } from "/static/js/api.js";
import { t } from "/static/js/i18n.js";

export async function showRules(game) {
  const sections = await api(`/api/games/${encodeURIComponent(game)}/rules`);
  const shown = sections.map((section) => el("section", {},
    el("h3", { text: section.title }), section.paragraphs.map((text) => el("p", { text }))));
  document.getElementById("rules-text").replaceChildren(...(shown.length ? shown
    : [el("p", { class: "muted", text: t("The rules of this game are not written here yet.") })]));
}
