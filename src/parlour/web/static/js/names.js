// How every page names a seat: "You" to the seat's own viewer, else its name at the table (a
// person's, or a bot's), with its number when another seat has the same name (two greedy bots
// stay apart) or when asked (`numbered`), else "Seat 2". `table` is the table's public info.
export function seatName(table, seat, viewer = null, { numbered = false } = {}) {
  if (seat === viewer) return "You";
  const info = table.seats[seat];
  const name = info?.name || (info?.kind === "bot" ? info.bot : null);
  if (!name) return `Seat ${seat + 1}`;
  const same = table.seats.filter((s) => (s.name || s.bot) === name).length;
  return numbered || same > 1 ? `${name} (seat ${seat + 1})` : name;
}

// A log entry's text with each seat named as above: the kernel's logs say "Seat 2" for another
// seat (and "You" for the viewer's own), so one pass puts the table's names in.
export function logText(table, entry, viewer = null) {
  const text = typeof entry === "string" ? entry : (entry?.text ?? JSON.stringify(entry));
  return text.replace(/\bSeat (\d+)\b/g, (words, number) => {
    const seat = Number(number) - 1;
    return table.seats[seat] ? seatName(table, seat, viewer) : words;
  });
}
