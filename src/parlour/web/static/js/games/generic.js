// The fallback renderer: the view's plain facts and every legal action as a button.

function facts(view, el) {
  const skip = new Set(["log", "game", "to_act", "over", "winners", "scores", "seat"]);
  const rows = Object.entries(view).filter(([key]) => !skip.has(key)).map(([key, value]) =>
    el("tr", {}, el("th", { text: key }), el("td", {}, el("code", { text: JSON.stringify(value) }))));
  return el("table", { class: "facts" }, el("tbody", {}, rows));
}

export function actionButtons(frame, ctx, label = (action) => action) {
  return frame.legal.map((action) =>
    ctx.el("button", { class: "action", "data-action": action, text: label(action), onclick: () => ctx.act(action) }));
}

export function render(frame, ctx) {
  ctx.board.append(facts(frame.view, ctx.el));
  ctx.actions.append(...actionButtons(frame, ctx));
}
