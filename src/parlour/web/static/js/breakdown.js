// The score breakdowns a frame carries (the game computes them: see `State.breakdowns`): the
// last round's or day's while the game goes on, and the game's at its end, each a table with a
// column a seat, a row a label and the totals below. The page adds up nothing.
import { el } from "/static/js/api.js";
import { t } from "/static/js/i18n.js";
import { seatName } from "/static/js/names.js";

function breakdownTable(breakdown, table, viewer) {
  const seats = breakdown.totals.map((_, seat) => el("th", { scope: "col", text: seatName(table, seat, viewer) }));
  const line = (label, points, cell = "td") => el("tr", {}, el("th", { scope: "row", text: label }),
    points.map((value) => el(cell, { text: String(value) })));
  return el("table", { class: "breakdown", "data-kind": breakdown.kind },
    el("caption", { text: breakdown.title }),
    el("thead", {}, el("tr", {}, el("td", {}), seats)),
    el("tbody", {}, breakdown.rows.map((row) => line(row.label, row.points))),
    el("tfoot", {}, line(t("Total"), breakdown.totals)));
}

// Called with every frame: the panel shows the frame's breakdowns, and is hidden while it has
// none (before the first round or day is scored, or a game's end).
export function showBreakdowns(current) {
  const box = document.getElementById("breakdowns");
  const shown = current.breakdowns || [];
  box.hidden = shown.length === 0;
  box.replaceChildren(...(box.hidden ? [] : [el("h2", { text: t("Score breakdown") }),
    ...shown.map((breakdown) => breakdownTable(breakdown, current.table, current.seat))]));
}
