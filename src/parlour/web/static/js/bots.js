// A game's bots as the choices of a <select> (the lobby's seats, the table's "fill with bots"):
// each bot by its name, then the levels it offers in words ("hard (mcts)"), grouped under it.
// The value sent to the server is always the registry's name (`mcts:hard`).
import { el } from "/static/js/api.js";
import { t } from "/static/js/i18n.js";

export function botChoices(game) {
  const choices = [];
  for (const bot of game.bots) {
    choices.push(el("option", { value: bot.name, text: t("bot: {bot}", { bot: bot.name }), title: bot.description }));
    if (!bot.levels.length) continue;
    choices.push(el("optgroup", { label: t("{bot} by level", { bot: bot.name }) }, bot.levels.map((level) =>
      el("option", { value: level.name, text: t("{level} ({bot})", { level: level.label, bot: bot.name }), title: bot.description }))));
  }
  return choices;
}
