// Who is logged in, in the page's header (`#account`): "Log in" and "Create an account"
// (the /account page, coming back here afterwards), or the name, My games and "Log out".
import { api, el } from "/static/js/api.js";
import { t } from "/static/js/i18n.js";

const place = document.getElementById("account");

async function show() {
  const { account } = await api("/api/session").catch(() => ({ account: null }));
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
