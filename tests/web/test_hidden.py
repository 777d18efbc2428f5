"""The leak scanner: over random games of every game, of every mode and option that changes
what is dealt or hidden, each frame a watcher receives is exactly the kernel's view for its
seat (a spectator's, without a token) at some point of the game's record, with that seat's own
legal actions and the table's public facts: never another seat's view, a token, or the seed of
an unfinished game. Chat lines said along the way reach each watcher as messages of their own,
each exactly its words and who said it when (`LINE_KEYS`), a seat's page only the players'
channel. Games played by stand-ins (bots deciding from the absent seat's view) and
rematches (the same tokens at a new table) are scanned the same way. Default options run on
both databases; the option matrix, stand-ins and rematches on SQLite (the frames do not depend
on the database)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

import parlour
from parlour.kernel import UNDO, State
from parlour.web.app import Settings
from parlour.web.tables import Tables
from tests.web.conftest import QUICK, hdr, hello, make_client
from tests.web.test_chat import LINE_KEYS

GAMES = sorted(info.name for info in parlour.games())


def default_players(info: parlour.GameInfo) -> int:
    """The player count of the default scan: two, or the game's least."""
    return max(2, info.min_players)


def configurations() -> list[Any]:
    """Every configuration each game declares (`GameInfo.configurations`: the player counts
    and options that change the deal or what a view shows), but the default scan's."""
    return [
        pytest.param(info.name, c.players, dict(c.options), id=f"{info.name}-{c.players}-{i}")
        for info in parlour.games()
        for i, c in enumerate(info.configurations)
        if (c.players, dict(c.options)) != (default_players(info), {})
    ]


FRAME_KEYS = {
    "type",
    "table",
    "seat",
    "view",
    "legal",
    "confirm",
    "can_undo",
    "taken_back",
    "breakdowns",
    "now",
}
STAND_IN_LIMIT = 0.2
"""Seconds before a stand-in plays (in the table layer's memory: the API's minimum is 5 s)."""
UNDO_RATE = 0.3
"""How often a person who may take back a move does (the others' frames then say so)."""
SCANNED = {"frames": 0, "chat lines": 0}
TALK_EVERY = 20
"""Steps between chat lines said at a scanned table (within the chat's limit of 5 in 10 s)."""


@pytest.fixture(scope="module", autouse=True)
def count_frames() -> Iterator[None]:
    """Say how many frames the module scanned (shown with `pytest -s`)."""
    yield
    print(f"\nframes scanned: {SCANNED['frames']}, chat lines: {SCANNED['chat lines']}")


@pytest.fixture
def sqlite_client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(Settings(db_url=f"sqlite:///{tmp_path / 'parlour.db'}", **QUICK)) as client:
        yield client


@dataclass
class Watch:
    """A table's watchers: one WebSocket per token (a seat) and one without (a spectator)."""

    client: TestClient
    table_id: str
    tokens: list[str]
    sockets: dict[int | None, WebSocketTestSession] = field(default_factory=dict)
    frames: dict[int | None, list[dict[str, Any]]] = field(default_factory=dict)
    chats: dict[int | None, list[dict[str, Any]]] = field(default_factory=dict)
    """The chat lines each watcher received (messages apart from the frames)."""
    said: list[dict[str, Any]] = field(default_factory=list)
    """The lines said at the table, in order: channel, seat, name and words."""

    def open(self, stack: ExitStack) -> None:
        viewers: list[tuple[int | None, str | None]] = [*enumerate(self.tokens), (None, None)]
        for seat, token in viewers:
            socket = stack.enter_context(
                self.client.websocket_connect(f"/ws/tables/{self.table_id}")
            )
            socket.send_text(hello(token))
            self.sockets[seat] = socket
            self.frames[seat] = []
            self.chats[seat] = []

    def read_until(self, done: Any) -> None:
        """Read every watcher's frames until `done(frame)` holds for its latest one."""
        for seat, socket in self.sockets.items():
            frames = self.frames[seat]
            while not (frames and done(frames[-1])):
                message = socket.receive_json()
                (self.chats[seat] if message["type"] == "chat" else frames).append(message)

    def verify(self, layer: Tables) -> None:
        """Each watcher's frames, in order, are views of successive states of the record."""
        table = layer.shelf.get(self.table_id)
        record = table.state.record
        secrets_ = [str(record["seed"]), *self.tokens]
        for seat, frames in self.frames.items():
            scan_frames(record, seat, frames, secrets_)
            scan_chat(seat, self.chats[seat], self.said)

    def talk(self, rng: random.Random, step: int) -> None:
        """A random seat says a line in the players' channel, or a spectator in theirs."""
        seat = rng.choice([*range(len(self.tokens)), None])
        body = {"text": f"line {step} \u00e9 <b>&amp;</b>"}
        headers = hdr(self.tokens[seat]) if seat is not None else {}
        if seat is None:
            body["name"] = "Onlooker"
        answer = self.client.post(f"/api/tables/{self.table_id}/chat", json=body, headers=headers)
        assert answer.status_code == 200, answer.text
        channel = "players" if seat is not None else "spectators"
        self.said.append({"channel": channel, "seat": seat, "text": body["text"]})


def scan_chat(seat: int | None, chats: list[dict[str, Any]], said: list[dict[str, Any]]) -> None:
    """A watcher got every line of the channels it reads, in order, each exactly its words
    and who said it when: a seat's page the players' channel only, a spectator's both."""
    for message in chats:
        assert set(message) == {"type", "line"} and set(message["line"]) == LINE_KEYS
    got = [{k: m["line"][k] for k in ("channel", "seat", "text")} for m in chats]
    assert got == [line for line in said if seat is None or line["channel"] == "players"]
    SCANNED["chat lines"] += len(chats)


def scan_frames(
    record: dict[str, Any], seat: int | None, frames: list[dict[str, Any]], secrets_: list[str]
) -> None:
    """Every frame is what `seat` may see after some prefix of `record`, later frames after
    longer prefixes; no frame holds a secret (the seed only once the game is over)."""
    state = parlour.load(record["game"], record["players"], **record["options"]).new(record["seed"])
    actions = record["actions"]
    done = 0
    expected = _seen(state, seat)
    for frame in frames:
        assert set(frame) == FRAME_KEYS and frame["type"] == "state" and frame["seat"] == seat
        assert [s["seat"] for s in frame["table"]["seats"] if s["you"]] == (
            [] if seat is None else [seat]
        )
        if frame["view"] is None:
            assert frame["table"]["status"] == "open"
            assert frame["legal"] == [] and frame["confirm"] == {} and frame["breakdowns"] == []
            assert frame["can_undo"] is False and frame["taken_back"] == []
            continue
        while (frame["view"], frame["legal"]) != expected:
            assert done < len(actions), f"seat {seat}: a frame that no state of the game shows"
            state.apply(*actions[done])
            done += 1
            expected = _seen(state, seat)
        asked = {a: state.game.confirm(frame["view"], a) for a in frame["legal"]}
        assert frame["confirm"] == {a: q for a, q in asked.items() if q}  # from the view alone
        may_undo = bool(frame["legal"]) and state.undo_refusal(seat) is None
        assert frame["can_undo"] is may_undo  # a fact of the seat's own turn, never another's
        notes = [{"seat": who, "after": after} for who, after in state.taken_back]
        assert frame["taken_back"] == notes  # who took a move back, and where: public
        assert frame["breakdowns"] == [shown.describe() for shown in state.breakdowns(seat)]
        assert all(  # the game's adds up to the scores the view shows: no point it may not see
            shown["totals"] == frame["view"]["scores"]
            for shown in frame["breakdowns"]
            if shown["kind"] == "game"
        )
        text = json.dumps(frame)
        for secret in secrets_[0 if not state.over else 1 :]:
            assert secret not in text
        SCANNED["frames"] += 1


def _seen(state: State, seat: int | None) -> tuple[Any, list[str]]:
    legal = list(state.legal_actions(seat)) if seat is not None and seat in state.to_act else []
    return json.loads(json.dumps(state.view(seat))), legal


def seat_everyone(
    client: TestClient, game: str, players: int, options: dict[str, Any], **extra: Any
) -> tuple[str, list[str]]:
    """An open table of people only (the host's token first), the others not yet joined."""
    body = {"game": game, "players": players, "seats": ["person"] * players, "name": "P0"}
    created = client.post("/api/tables", json={**body, "options": options, **extra})
    assert created.status_code == 201, created.text
    return created.json()["table"]["id"], [created.json()["token"]]


def join_the_rest(client: TestClient, table_id: str, tokens: list[str], players: int) -> None:
    for number in range(1, players):
        joined = client.post(f"/api/tables/{table_id}/join", json={"name": f"P{number}"})
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])


def play_randomly(
    client: TestClient, game: str, players: int, options: dict[str, Any], steps: int, seed: str
) -> None:
    """People play random legal actions for up to `steps`, now and then taking a move back
    where they may, every frame read and scanned."""
    layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
    rng = random.Random(seed)
    table_id, tokens = seat_everyone(client, game, players, options)
    join_the_rest(client, table_id, tokens, players)
    watch = Watch(client, table_id, tokens)
    with ExitStack() as stack:
        watch.open(stack)
        version = layer.shelf.get(table_id).version
        for step in range(steps):
            watch.read_until(lambda frame, v=version: frame["table"]["version"] >= v)
            state = layer.shelf.get(table_id).state
            if state.over:
                break
            if step % TALK_EVERY == 1:
                watch.talk(rng, step)
            seat = rng.choice(state.to_act)
            undo = state.undo_refusal(seat) is None and rng.random() < UNDO_RATE
            response = client.post(
                f"/api/tables/{table_id}/actions",
                json={
                    "action": UNDO if undo else rng.choice(list(state.legal_actions(seat))),
                    "request_id": f"s{step}",
                },
                headers=hdr(tokens[seat]),
            )
            assert response.status_code == 200, response.text
            version = response.json()["version"]
        watch.read_until(lambda frame, v=version: frame["table"]["version"] >= v)
    watch.verify(layer)


@pytest.mark.parametrize("game", GAMES)
def test_frames_hold_only_the_seats_own_view(client: TestClient, game: str) -> None:
    info = next(i for i in parlour.games() if i.name == game)
    play_randomly(client, game, default_players(info), {}, 150, game)


@pytest.mark.parametrize(("game", "players", "options"), configurations())
def test_every_mode_and_option_hides_the_same(
    sqlite_client: TestClient, game: str, players: int, options: dict[str, Any]
) -> None:
    play_randomly(sqlite_client, game, players, options, 60, f"{game}{players}{options}")


def test_a_newly_registered_game_is_scanned_the_same(
    sqlite_client: TestClient, tiny_game: type[parlour.Game]
) -> None:
    """Tiny Duel (hidden hands, a sealed choice), registered by the test: its frames hide
    the same, played by people and by stand-ins."""
    play_randomly(sqlite_client, tiny_game.info.name, 2, {}, 40, "tiny")
    play_by_stand_ins(sqlite_client, tiny_game.info.name, 2)


def play_by_stand_ins(client: TestClient, game: str, players: int) -> None:
    """Everyone is away: stand-ins play the whole game from their seats' views; then the
    rematch (the same tokens, now at the new table) is played by stand-ins too."""
    layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
    options = {"targets": [2] * players} if game == "likedice" else {}
    table_id, tokens = seat_everyone(client, game, players, options, turn_limit=5)
    layer.shelf.get(table_id).turn_limit = STAND_IN_LIMIT
    join_the_rest(client, table_id, tokens, players)
    for round_ in range(2):
        watch = Watch(client, table_id, tokens)
        with ExitStack() as stack:
            watch.open(stack)
            watch.read_until(lambda frame: frame["table"]["status"] == "finished")
        watch.verify(layer)
        assert all(
            s.bot is None for s in layer.shelf.get(table_id).seats
        )  # stand-ins made every move
        if round_ == 0:
            rematch = client.post(f"/api/tables/{table_id}/rematch", headers=hdr(tokens[-1]))
            assert rematch.status_code == 200, rematch.text
            table_id = rematch.json()["table"]["id"]


@pytest.mark.parametrize("game", GAMES)
def test_stand_ins_and_rematches_leak_nothing(sqlite_client: TestClient, game: str) -> None:
    info = next(i for i in parlour.games() if i.name == game)
    play_by_stand_ins(sqlite_client, game, default_players(info))
