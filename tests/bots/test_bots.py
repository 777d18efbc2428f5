"""The bot registry and Dicetime's bots: they play only legal actions from their seat's view,
the greedy bot plays far better than chance, and unknown names are refused."""

from __future__ import annotations

from statistics import mean

import pytest

import parlour
from parlour import OptionError, State
from parlour.bots import Bot, BotInfo, bots_for, make_bot, register_bot
from parlour.bots.random_bot import RandomBot
from parlour.bots.registry import bot_label, default_bot, describe_bots, offered_bots
from parlour.boxes.likedice.timing import PRESETS
from parlour.i18n import speaking

CONFIGS: list[tuple[int, dict[str, object]]] = [
    (1, {}),
    (3, {}),
    (3, {"start": "race"}),
    (2, {"mode": "simultaneous"}),
    (1, {"mode": "puzzle"}),
    (2, {"five_of_a_kind_is_full_house": False}),
]


def play_out(state: State, bots: list[Bot], limit: int = 2000) -> int:
    """Let the bots play the game to its end, checking that every choice is legal; return the
    number of actions played."""
    for step in range(limit):
        if state.over:
            return step
        seat = state.to_act[step % len(state.to_act)]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal)
        assert action in legal, (seat, action, legal)
        state.apply(seat, action)
    raise AssertionError(f"the game did not end within {limit} actions")


def solo_mean(name: str, games: int) -> float:
    """The mean final score of `name` over `games` seeded one-player games."""
    scores = []
    for seed in range(games):
        state = parlour.load("dicetime").new(seed)
        play_out(state, [make_bot("dicetime", name, 0, seed)])
        scores.append(state.scores[0])
    return mean(scores)


@pytest.mark.parametrize("name", ["random", "greedy"])
@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_bots_play_only_legal_actions(name: str, players: int, options: dict[str, object]) -> None:
    """In every mode each bot's choice is one of its seat's legal actions, to the game's end."""
    for seed in range(3):
        state = parlour.load("dicetime", players=players, **options).new(seed)
        bots = [make_bot("dicetime", name, seat, seed * 10 + seat) for seat in range(players)]
        play_out(state, bots)
        assert state.over
        assert state.winners


def test_greedy_beats_random_by_far() -> None:
    """Over 200 seeded solo games the greedy bot's mean is more than 50 points above the
    random bot's."""
    greedy, random = solo_mean("greedy", 200), solo_mean("random", 200)
    assert greedy > random + 50, (greedy, random)


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_are_deterministic_given_their_seed(name: str) -> None:
    """The same bot seed and game seed give the same game."""
    records = []
    for _ in range(2):
        state = parlour.load("dicetime", players=2).new(17)
        play_out(state, [make_bot("dicetime", name, seat, 5 + seat) for seat in range(2)])
        records.append(state.record)
    assert records[0] == records[1]


def test_make_bot_refuses_unknown_names() -> None:
    """An unknown bot name is an OptionError listing the game's bots; so is an unknown game."""
    with pytest.raises(OptionError, match=r"dicetime has no bot 'genius'; its bots are: .*greedy"):
        make_bot("dicetime", "genius", 0, 1)
    with pytest.raises(OptionError, match="unknown game"):
        make_bot("yahtzee", "random", 0, 1)
    with pytest.raises(OptionError, match="unknown game"):
        bots_for("yahtzee")


def test_bots_for_dicetime() -> None:
    """Dicetime offers its own greedy bot first, then the game-agnostic random bot; each has a
    description and makes a bot for the seat asked."""
    infos = bots_for("dicetime")
    names = [info.name for info in infos]
    assert {"greedy", "random"} <= set(names)
    assert names.index("greedy") < names.index("random")
    assert len(names) == len(set(names))
    by_name = {info.name: info for info in infos}
    assert by_name["greedy"].game == "dicetime"
    assert by_name["random"].game is None
    for info in infos:
        assert info.description
        if info.needs_settings:  # the policy bot: a policy file or name (tests/learn)
            continue
        bot = make_bot("dicetime", info.name, 2, 0)
        assert bot.seat == 2
        assert bot.name == info.name


DEFAULTS = {
    "dicecream": "greedy",
    "dicetime": "greedy",
    "dokitto": "greedy",
    "icecream": "greedy",
    "likedice": "counter",
}
"""The built-in games' declared defaults (what the web server guessed before, trying greedy,
then counter)."""


@pytest.mark.parametrize("game", [info.name for info in parlour.games()])
def test_every_game_has_a_default_bot_and_levels_that_resolve(game: str) -> None:
    """The default fills seats and stands in for absent people: one a game, offered; every
    level is a bot name."""
    assert default_bot(game) in offered_bots(game)
    assert sum(bot.default for bot in bots_for(game)) <= 1
    for name in offered_bots(game):
        assert make_bot(game, name, 0, 1).seat == 0


def test_the_built_in_games_declare_their_defaults() -> None:
    assert {name: default_bot(name) for name in DEFAULTS} == DEFAULTS
    listed = describe_bots("likedice")
    counter = next(bot for bot in listed["bots"] if bot["name"] == "counter")
    words = ("Child", "Teenager", "Adult", "Skilled", "Expert")
    assert counter["levels"] == [
        {"name": f"counter:{preset}", "label": word}
        for preset, word in zip(PRESETS, words, strict=True)
    ]
    assert [bot["name"] for bot in listed["bots"]] == ["counter", "random"]  # no aliases
    assert listed["default_bot"] == "counter"


@pytest.mark.parametrize("game", [info.name for info in parlour.games()])
def test_every_listed_bot_and_level_has_words_for_players(game: str) -> None:
    """Menus and seats name bots and levels in players' words, in the language of the moment,
    never by their registry names (`mcts:hard`, `counter:adult`) nor with the words of search
    ("Monte Carlo"); the API and the terminal keep the names."""
    for language in ("en", "de"):
        with speaking(language):
            for bot in describe_bots(game)["bots"]:
                words = [bot["label"], *(level["label"] for level in bot["levels"])]
                assert bot["label"] != bot["name"] and "Monte Carlo" not in bot["about"], bot
                assert not any(":" in word or "_" in word for word in words), words
                assert "_" not in bot["about"] and "=" not in bot["about"], bot
            for name in offered_bots(game):
                assert ":" not in bot_label(game, name)
    with speaking("de"):
        assert bot_label("dicecream", "planner:hard") == "Planer (Schwer)"
        assert bot_label("likedice", "counter:child") == "Zähler (Kind)"
    assert bot_label("dicetime", "optimal") == "Perfect play"
    assert bot_label("dicetime", "gone:hard") == "gone:hard"  # a bot that went stays named


def test_a_game_declares_one_default_bot_at_most() -> None:
    assert default_bot("dicetime") == "greedy"
    twice = BotInfo("second", "a second default", RandomBot, game="dicetime", default=True)
    with pytest.raises(ValueError, match="dicetime has a default bot already: greedy"):
        register_bot(twice)
    assert "second" not in {bot.name for bot in bots_for("dicetime")}
