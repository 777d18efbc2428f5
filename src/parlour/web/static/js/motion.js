// Movement on the board, so that a move (a bot's too) can be followed: a renderer marks what
// may move with `moving(node, kind, key)`; after each drawing, `markArrivals` gives the class
// `arrive-KIND` to each marked thing whose key the previous drawing did not show (a die just
// rolled, a card just played, a tile or scoop just placed), and the stylesheet animates it
// (parlour.css: every animation off under `prefers-reduced-motion: reduce`). A thing that
// gathers to another (`to`: a selector on the board) is given the way there as --to-x, --to-y.
// Nothing moves on the first drawing: the page has just opened.

let shown = null; // the keys of the previous drawing (null: nothing drawn yet)

export function moving(node, kind, key, to = null) {
  node.dataset.motion = kind;
  node.dataset.motionKey = `${kind}:${key}`;
  if (to) node.dataset.motionTo = to;
  return node;
}

export function markArrivals(board) {
  const marked = [...board.querySelectorAll("[data-motion-key]")];
  const before = shown;
  shown = new Set(marked.map((node) => node.dataset.motionKey));
  if (before === null) return;
  for (const node of marked) {
    if (before.has(node.dataset.motionKey)) continue;
    const target = node.dataset.motionTo ? board.querySelector(node.dataset.motionTo) : null;
    if (target && target !== node) {
      const from = node.getBoundingClientRect();
      const to = target.getBoundingClientRect();
      node.style.setProperty("--to-x", `${Math.round(to.left - from.left)}px`);
      node.style.setProperty("--to-y", `${Math.round(to.top - from.top)}px`);
    }
    node.classList.add(`arrive-${node.dataset.motion}`);
  }
}
