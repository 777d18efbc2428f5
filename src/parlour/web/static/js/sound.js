// The table's sounds, off unless the player turns them on (one switch, kept in this browser):
// a call when it becomes their turn while they look at the page (the turn notice's chime tells
// one who looks elsewhere), a fanfare at the game's end, and the cues a game's renderer hears
// between two frames (its optional `cues(before, after)`: a trick won, say). Tones are
// made with the Web Audio API (tones.js). `window.parlourSounds` counts each cue played, for
// tests and the curious.
import { away } from "/static/js/notices.js";
import { hearing, tones } from "/static/js/tones.js";

const KEY = "parlour.table-sounds"; // "on" once the player turned the sounds on
const CUES = { turn: [523, 784], won: [659, 880, 1047], end: [392, 523, 659, 784] };
const toggle = document.getElementById("table-sounds");
let last = null; // the frame heard before

window.parlourSounds = Object.fromEntries(Object.keys(CUES).map((cue) => [cue, 0]));
toggle.checked = localStorage.getItem(KEY) === "on";
toggle.addEventListener("change", () => {
  localStorage.setItem(KEY, toggle.checked ? "on" : "off");
  if (toggle.checked) hearing();
});

const mine = (frame) => frame.seat !== null && Boolean(frame.view) && !frame.view.over
  && frame.view.to_act.includes(frame.seat);

// Called with every frame: what changed since the frame before, heard (never on the first).
export function playCues(frame, renderer) {
  const before = last;
  last = frame;
  if (!toggle.checked || !before?.view || !frame.view || before.table.id !== frame.table.id) return;
  const cues = renderer.cues?.(before, frame) || [];
  if (mine(frame) && !mine(before) && !away()) cues.push("turn");
  if (frame.view.over && !before.view.over) cues.push("end");
  for (const cue of cues.filter((name) => name in CUES)) {
    window.parlourSounds[cue] += 1;
    tones(CUES[cue], 0.12);
  }
}
