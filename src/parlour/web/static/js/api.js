// Talking to the server: JSON requests, the seat token kept per table in this browser.
import { t } from "/static/js/i18n.js";

const TOKENS = "parlour.tokens";

export function tokenFor(tableId) {
  const tokens = JSON.parse(localStorage.getItem(TOKENS) || "{}");
  return tokens[tableId] || null;
}

export function keepToken(tableId, token) {
  const tokens = JSON.parse(localStorage.getItem(TOKENS) || "{}");
  tokens[tableId] = token;
  localStorage.setItem(TOKENS, JSON.stringify(tokens));
}

// Every seat token this browser holds (sent at login, so that those seats become the account's).
export function heldTokens() {
  return Object.values(JSON.parse(localStorage.getItem(TOKENS) || "{}")).slice(-500);
}

export class ApiError extends Error {}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { "Accept": "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) {
    const error = new ApiError(data.error || t("error {status}", { status: response.status }));
    error.status = response.status;
    throw error;
  }
  return data;
}

// Build DOM elements without ever parsing HTML: every text is a text node.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function requestId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
