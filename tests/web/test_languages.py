"""The language of a visit: `?lang=` (kept in a cookie), else the cookie, else
`Accept-Language`; pages served translated with `<html lang>` and a switch; the pages'
catalogue; API answers and live frames in each one's own language."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from parlour.i18n import NAMES, page_catalogue, speaking
from parlour.listing import listing
from parlour.web.languages import COOKIE
from tests.web.conftest import create, hdr

PAGES = ("/", "/t/abc", "/replay/abc", "/learn/dicetime", "/ratings/dicetime")
GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


def lang_of(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', html)
    assert found, html[:200]
    return found.group(1)


def test_pages_speak_the_browsers_language(client: TestClient) -> None:
    for path in PAGES:
        english = client.get(path)
        german = client.get(path, headers=GERMAN)
        assert english.status_code == german.status_code == 200, path
        assert lang_of(english.text) == "en" and lang_of(german.text) == "de", path
        assert german.headers["content-language"] == "de"
        assert "Accept-Language" in german.headers["vary"]
    lobby = client.get("/", headers=GERMAN).text
    assert "Tisch" in lobby and "Start a table" not in lobby
    assert "Start a table" in client.get("/").text


def test_lang_asks_for_a_language_and_the_cookie_keeps_it(client: TestClient) -> None:
    asked = client.get("/?lang=de")
    assert lang_of(asked.text) == "de"
    cookie = asked.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=de;") and "SameSite=Lax" in cookie
    assert "Max-Age=31536000" in cookie and "Path=/" in cookie
    assert lang_of(client.get("/t/abc").text) == "de", "the cookie is honoured"
    assert lang_of(client.get("/?lang=en", headers=GERMAN).text) == "en", "lang before all"
    assert lang_of(client.get("/replay/x", headers=GERMAN).text) == "en", "the cookie before"
    client.cookies.clear()
    assert lang_of(client.get("/?lang=fr", headers=GERMAN).text) == "de"
    assert "set-cookie" not in client.get("/?lang=fr").headers


def test_a_malformed_cookie_or_header_is_english_not_an_error(client: TestClient) -> None:
    weird = {"Cookie": 'parlour_lang="; x', "Accept-Language": ";q=x,,*"}
    answer = client.get("/", headers=weird)
    assert answer.status_code == 200 and lang_of(answer.text) == "en"
    client.cookies.set(COOKIE, "xx")
    assert lang_of(client.get("/").text) == "en"


def test_every_page_has_a_switch_that_keeps_the_page(client: TestClient) -> None:
    for path in PAGES:
        html = client.get(path, headers=GERMAN).text
        nav = re.search(r'<nav class="languages" aria-label="([^"]+)">(.*?)</nav>', html)
        assert nav, path
        assert nav.group(1) == "Sprache"
        links = re.findall(r'<a href="\?lang=(\w+)"[^>]*>([^<]+)</a>', nav.group(2))
        assert links == list(NAMES.items())
        assert 'aria-current="true">Deutsch' in nav.group(2)


def test_the_pages_catalogue_is_served_per_language(client: TestClient) -> None:
    german = client.get("/i18n/de.json")
    assert german.status_code == 200 and german.json() == page_catalogue("de")
    assert german.json()["Start a table"] == "Einen Tisch eröffnen"
    assert "max-age" in german.headers["cache-control"]
    assert client.get("/i18n/en.json").json() == {}
    for unknown in ("fr", "..", "de.json"):
        answer = client.get(f"/i18n/{unknown}.json")
        assert answer.status_code == 404 and "de" in answer.json()["error"], unknown


def test_api_answers_in_the_requests_language(client: TestClient) -> None:
    german = client.get("/i18n/fr.json", headers=GERMAN).json()["error"]
    assert german == "Parlour spricht en, de, nicht fr"
    assert client.get("/i18n/fr.json").json()["error"] == "Parlour speaks en, de, not fr"
    missing = client.get("/api/tables/nope", headers=GERMAN)
    assert missing.status_code == 404
    assert missing.json()["error"] == "diesen Tisch gibt es nicht (vielleicht ist er abgelaufen)"
    assert client.get("/api/tables/nope").json()["error"].startswith("no such table")
    made = create(client, "dicetime", ["person", "greedy"])["table"]["id"]
    tokenless = client.post(f"/api/tables/{made}/rematch", headers=GERMAN)
    assert tokenless.status_code == 401 and "Platz-Token" in tokenless.json()["error"]
    with speaking("de"):
        told = listing()
    assert client.get("/api/games", headers=GERMAN).json() == told


def test_each_watcher_gets_its_frames_in_its_own_language(client: TestClient) -> None:
    made = create(client, "dicetime", ["person"])
    table = made["table"]["id"]
    token = made["token"]
    client.post(
        f"/api/tables/{table}/actions",
        json={"action": "roll", "request_id": "r1"},
        headers=hdr(token),
    )
    with (
        client.websocket_connect(f"/ws/tables/{table}?lang=de") as german,
        client.websocket_connect(
            f"/ws/tables/{table}", headers={"Accept-Language": "en"}
        ) as english,
        client.websocket_connect(f"/ws/tables/{table}", headers=GERMAN) as spectator,
    ):
        german.send_json({"token": token})
        english.send_json({"token": token})
        spectator.send_json({"token": None})
        first = [german.receive_json(), english.receive_json(), spectator.receive_json()]
        client.post(
            f"/api/tables/{table}/actions",
            json={"action": "roll", "request_id": "r2"},
            headers=hdr(token),
        )
        second = [german.receive_json(), english.receive_json(), spectator.receive_json()]
    for de, en, watching in (first, second):
        de_log = [entry["text"] for entry in de["view"]["log"]]
        en_log = [entry["text"] for entry in en["view"]["log"]]
        seen = [entry["text"] for entry in watching["view"]["log"]]
        assert de_log and en_log and len(de_log) == len(en_log) == len(seen)
        assert de_log != en_log and seen != en_log
        assert de["view"]["scores"] == en["view"]["scores"]
        assert any("Du" in text for text in de_log) and any("You" in text for text in en_log)
