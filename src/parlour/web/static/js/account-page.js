// The account page: log in, or create an account; either sends this browser's seat tokens
// (their seats become the account's), then goes back where the player came from.
import { api, heldTokens } from "/static/js/api.js";

// Where to go after: `next` read as the browser reads a link (it drops tabs and newlines, and
// takes a backslash for "/"), and only if it stays on this site; else My games.
function next() {
  const asked = new URLSearchParams(location.search).get("next") || "/me";
  const target = new URL(asked, location.origin);
  return target.origin === location.origin ? target.pathname + target.search + target.hash : "/me";
}

for (const form of document.querySelectorAll("form[data-path]")) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = form.querySelector("[role=alert]");
    const button = form.querySelector("button");
    error.textContent = "";
    button.disabled = true;
    try {
      await api(form.dataset.path, { method: "POST", body: {
        name: form.elements.name.value, password: form.elements.password.value, tokens: heldTokens(),
      } });
      location.assign(next());
    } catch (failure) {
      error.textContent = failure.message;
      button.disabled = false;
    }
  });
}
