// What a page renderer's helpers share for one frame: the frame and its view, the page's tools,
// the legal actions, the actions given a control so far (so the rest get fallback buttons) and
// seats named as everywhere on the page. A renderer adds what only it needs.
import { seatName } from "/static/js/names.js";

export function frameContext(frame, ctx) {
  return {
    frame, view: frame.view, ctx, el: ctx.el,
    legal: new Set(frame.legal),
    offered: new Set(),
    me: frame.seat,
    name: (seat) => seatName(frame.table, seat, frame.seat),
  };
}
