// Drawing a view with its game's page renderer, the same way on the table page and in the
// tutorial: the board and the choices are emptied, then the renderer draws the frame into them
// (a frame is what the live socket sends: table, seat, view, legal, now); then what arrived
// since the last drawing moves (see motion.js).
import { el } from "/static/js/api.js";
import { markArrivals } from "/static/js/motion.js";

export function drawBoard(renderer, frame, act) {
  const board = document.getElementById("board");
  const actions = document.getElementById("actions");
  board.replaceChildren();
  actions.replaceChildren();
  if (frame.view) renderer.render(frame, { board, actions, act, el });
  markArrivals(board);
}
