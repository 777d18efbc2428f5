// A game's bots as the choices of a <select> (the lobby's seats, the table's "fill with bots"):
// each bot by its name for players ("Perfect play"), then the levels it offers ("Hard"),
// grouped under that name; a tooltip says what it does in players' words. The value sent to
// the server is always the registry's name (`mcts:hard`).
import { el } from "/static/js/api.js";

export function botChoices(game) {
  const choices = [];
  for (const bot of game.bots) {
    choices.push(el("option", { value: bot.name, text: bot.label, title: bot.about }));
    if (!bot.levels.length) continue;
    choices.push(el("optgroup", { label: bot.label }, bot.levels.map((level) =>
      el("option", { value: level.name, text: level.label, title: bot.about }))));
  }
  return choices;
}
