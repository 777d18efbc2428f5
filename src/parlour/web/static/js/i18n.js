// The pages' words in the page's language: the server serves each page with `<html lang>`
// set to the language it speaks to this browser, and its catalogue at `/i18n/LANG.json`
// (English is the messages' own text, and needs none). `t("{who} rolled", {who})` tells a
// message; `tn(singular, plural, count, params)` one that counts. Messages are plain string
// literals, so that the catalogues' extraction finds them.
export const language = document.documentElement.lang || "en";

const catalogue =
  language === "en" ? {} : await fetch(`/i18n/${language}.json`).then((r) => (r.ok ? r.json() : {}));

function filled(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

export function t(message, params = {}) {
  const told = catalogue[message];
  return filled(typeof told === "string" ? told : message, params);
}

export function tn(singular, plural, count, params = {}) {
  const forms = catalogue[singular];
  const english = count === 1 ? singular : plural;
  const told = Array.isArray(forms) ? forms[count === 1 ? 0 : 1] : english;
  return filled(told, { count, ...params });
}
