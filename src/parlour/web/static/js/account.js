// Who is logged in, in the page's header (`#account`): "Log in" and "Create an account"
// (the /account page, coming back here afterwards), or the name, My games and "Log out".
import { api, el } from "/static/js/api.js";
import { t } from "/static/js/i18n.js";

const place = document.getElementById("account");

// Who is logged in ({ name }, or null), asked once for the page.
export const session = api("/api/session").then((answer) => answer.account, () => null);

// A logged-in player sits under their account's name (the server seats an account under no
// other): a name field shows it, read-only, so nobody types it.
export async function accountName(input) {
  const account = await session;
  if (!account) return;
  input.value = account.name;
  input.readOnly = true;
}

async function show() {
  const account = await session;
  const back = encodeURIComponent(location.pathname + location.search);
  if (!account) {
    place.replaceChildren(
      el("a", { href: `/account?next=${back}`, id: "log-in", text: t("Log in") }), " · ",
      el("a", { href: `/account?next=${back}#create`, id: "sign-up", text: t("Create an account") }));
    return;
  }
  const out = el("button", { type: "button", class: "as-link", id: "log-out", text: t("Log out") });
  out.addEventListener("click", async () => {
    await api("/api/session", { method: "DELETE" }).catch(() => {});
    location.reload();
  });
  place.replaceChildren(
    el("span", { id: "logged-in", text: t("Logged in as {name}", { name: account.name }) }), " · ",
    el("a", { href: "/me", id: "my-games-link", text: t("My games") }), " · ", out);
}

if (place) show();
