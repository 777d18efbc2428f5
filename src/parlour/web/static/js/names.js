// How every page names a seat: "You" to the seat's own viewer, else its name at the table (a
// person's, or a bot's in players' words: "Planner (Hard)", never "planner:hard"), with its
// number when another seat has the same name (two greedy bots stay apart) or when asked
// (`numbered`), else "Seat 2" ("Platz 2" in German). `table` is the table's public info.
import { t } from "/static/js/i18n.js";

// A seat's own name: a bot's label where the seat bears the bot's registry name.
function ownName(info) {
  if (info?.kind === "bot" && (!info.name || info.name === info.bot)) return info.label || info.bot;
  return info?.name || null;
}

export function seatName(table, seat, viewer = null, { numbered = false } = {}) {
  if (seat === viewer) return t("You");
  const name = ownName(table.seats[seat]);
  if (!name) return t("Seat {number}", { number: seat + 1 });
  const same = table.seats.filter((s) => ownName(s) === name).length;
  return numbered || same > 1 ? t("{name} (seat {number})", { name, number: seat + 1 }) : name;
}

// How the logs name another seat in the page's language ("Seat 2", "Platz 2"): the message
// itself, its number a group.
const SEAT_IN_LOGS = new RegExp(`\\b${t("Seat {number}").split("{number}")
  .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("(\\d+)")}\\b`, "g");

// A log entry's text with each seat named as above: the kernel's logs say "Seat 2" for another
// seat (and "You" for the viewer's own), so one pass puts the table's names in.
export function logText(table, entry, viewer = null) {
  const text = typeof entry === "string" ? entry : (entry?.text ?? JSON.stringify(entry));
  return text.replace(SEAT_IN_LOGS, (words, number) => {
    const seat = Number(number) - 1;
    return table.seats[seat] ? seatName(table, seat, viewer) : words;
  });
}

// A rating as shown beside a name: "1520", or "1500?" while provisional (its player has too
// few rated games of the game for it to say much); "" for none (a seat no account holds).
export function ratingText(rating) {
  if (!rating) return "";
  return rating.provisional ? `${rating.value}?` : String(rating.value);
}

// A seat's name as above with its player's rating at the table's game beside it: "Ann (1520)".
export function ratedName(table, seat, viewer = null, options = {}) {
  const name = seatName(table, seat, viewer, options);
  const rating = ratingText(table.seats[seat]?.rating);
  return rating ? t("{name} ({rating})", { name, rating }) : name;
}
