// A die face drawn with pips (CSS grid), in a colour; shared by the dice games' renderers.
import { el } from "/static/js/api.js";

const PIPS = {
  1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8],
};

export function die(value, colour = "", label = "") {
  const cells = [];
  for (let i = 0; i < 9; i++) {
    cells.push(PIPS[value]?.includes(i) ? el("span", { class: "pip" }) : el("span"));
  }
  return el("span", { class: `die ${colour}`, role: "img", "aria-label": label || `${colour} ${value}`.trim(), "data-value": value }, cells);
}
