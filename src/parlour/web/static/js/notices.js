// Telling a player it is their turn while they look elsewhere: when a frame makes it this
// seat's turn (it was not in the frame before; never for the first frame, when the player has
// just opened the page) and the page is hidden or not focused, the tab's title says so until
// the page is seen again, a short chime plays (unless turned off) and, where the player allowed
// it, the browser shows a notification. Also the table's turn limit, in words.
import { t, tn } from "/static/js/i18n.js";
import { tones } from "/static/js/tones.js";

const SOUND = "parlour.turn-sound"; // "off" once the player turned the chime off (default: on)
const $ = (id) => document.getElementById(id);
let title = document.title; // the page's own title, without the notice
let told = false; // whether the title tells the player it is their turn
let wasMine = null; // whether the last frame was this seat's turn (null: no frame yet)

export const away = () => document.hidden || !document.hasFocus();

function showTitle() {
  document.title = told ? t("(Your turn) {title}", { title }) : title;
}

function seen() {
  if (!told || away()) return;
  told = false;
  showTitle();
}

function notify(gameTitle, table) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  const notice = new Notification(t("Your turn at {game}", { game: gameTitle }), {
    body: t("Table {table} awaits your move.", { table: table.id.slice(0, 6) }), tag: table.id,
  });
  notice.addEventListener("click", () => { window.focus(); notice.close(); });
}

// A turn limit in words: whole days, hours or minutes where it is one, else seconds.
function duration(seconds) {
  if (seconds % 86400 === 0) return tn("{count} day", "{count} days", seconds / 86400);
  if (seconds % 3600 === 0) return tn("{count} hour", "{count} hours", seconds / 3600);
  if (seconds % 60 === 0) return tn("{count} minute", "{count} minutes", seconds / 60);
  return tn("{count} second", "{count} seconds", Math.round(seconds));
}

// The controls: sound on or off, and the button asking the browser for notifications (only
// where it has them and the player has neither allowed nor refused them yet).
function showControls(current) {
  const { table, view } = current;
  const playing = current.seat !== null && !view?.over;
  const limit = Boolean(table.turn_limit) && !view?.over;
  $("turn-limit").hidden = !limit;
  if (limit) $("turn-limit").textContent = t("A bot plays for a player after {time} away.", { time: duration(table.turn_limit) });
  $("turn-alerts").hidden = !playing;
  $("turn-notify").hidden = !("Notification" in window && Notification.permission === "default");
  $("notices").hidden = !limit && !playing;
}

// Called with every frame: the page's title (`pageTitle`), the notice if the turn came to
// this seat while the player is away, and the controls.
export function showNotices(current, gameTitle, pageTitle) {
  title = pageTitle;
  const { view, seat } = current;
  const mine = seat !== null && Boolean(view) && !view.over && view.to_act.includes(seat);
  const came = mine && wasMine === false;
  wasMine = mine;
  if (!mine) told = false; // played meanwhile (elsewhere, or by the stand-in)
  if (came && away()) {
    told = true;
    if (localStorage.getItem(SOUND) !== "off") tones([660, 880]); // the chime
    notify(gameTitle, current.table);
  }
  showTitle();
  showControls(current);
}

document.addEventListener("visibilitychange", seen);
window.addEventListener("focus", seen);
const sound = $("turn-sound");
sound.checked = localStorage.getItem(SOUND) !== "off";
sound.addEventListener("change", () => localStorage.setItem(SOUND, sound.checked ? "on" : "off"));
$("turn-notify").addEventListener("click", async () => {
  await Notification.requestPermission();
  $("turn-notify").hidden = Notification.permission !== "default";
});
