"""Balance reports: the figures on hand-made results, the set-ups from the games'
declarations, and `parlour report` writing one self-contained page or one clear error."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import parlour
from parlour.bots.registry import bot_info
from parlour.cli.app import app
from parlour.kernel import Game, load
from parlour.report.run import ReportSpec, plan
from parlour.report.stats import by_position, measure, win_shares
from parlour.report.variants import axes, base_variant
from parlour.sim import GameResult, SimSpec, play_one
from tests.command import parlour_main

runner = CliRunner()


def result(won: tuple[bool, ...], first: int | None, scores: tuple[int, ...] = ()) -> GameResult:
    return GameResult(scores or tuple(int(flag) for flag in won), won, 10, first)


def test_the_first_players_edge_and_its_interval_on_a_known_table() -> None:
    """Seat 1 acts first and wins 60 of 100 two-player games: an edge of exactly +10 points,
    whose 95% interval is the binomial's, about 10 +- 1.96 x sqrt(0.24 / 100) = +-9.6."""
    games = [result((True, False), 0)] * 60 + [result((False, True), 0)] * 40
    measures = measure(games, seed=3)
    edge, low, high = measures.first_edge
    assert edge == pytest.approx(0.10)
    assert low == pytest.approx(0.10 - 0.096, abs=0.02)
    assert high == pytest.approx(0.10 + 0.096, abs=0.02)
    assert measures.seat_share[0].tolist() == pytest.approx([0.6, 0.4])
    assert measures.first_known == 100 and measures.length.tolist() == [10, 10, 10]


def test_positions_follow_the_seat_that_acted_first_and_ties_share_the_win() -> None:
    games = [
        result((False, True, False), 1),  # the first player (seat 2) wins
        result((True, False, False), 2),  # seat 1 wins, sitting right after the first player
        result((True, False, False), None),  # seats began together: seat 1 counts as first
        result((True, True, False), 0),  # a tie between the first player and the next
    ]
    shares = by_position(win_shares(games), [game.first for game in games])
    assert shares.tolist() == [[1, 0, 0], [0, 1, 0], [1, 0, 0], [0.5, 0.5, 0]]
    measures = measure(games, seed=0)
    assert measures.first_edge[0] == pytest.approx(2.5 / 4 - 1 / 3)
    assert measures.first_known == 3
    low, high = measures.first_edge[1:]
    assert -1 / 3 - 1e-9 <= low <= measures.first_edge[0] <= high <= 2 / 3 + 1e-9


def test_an_edge_every_game_shows_has_no_width() -> None:
    measures = measure([result((True, False, False), 0)] * 5, seed=0)
    assert measures.first_edge.tolist() == pytest.approx([2 / 3] * 3)
    assert np.all(measures.position_share[:, 1] == 0)


def test_a_game_records_its_length_and_the_seat_that_acted_first() -> None:
    spec = SimSpec("dicetime", 2, ("greedy", "greedy"), 1, seed=4, rotate=True)
    first, second = play_one(spec, 0), play_one(spec, 1)
    assert first.first == 0 and second.first == 1  # seat 1 begins; bots rotate
    assert first.length > 13 * 2 * 2  # at least a roll and an entry a box and a seat
    race = SimSpec("dicetime", 2, ("greedy", "greedy"), 1, seed=4, options={"start": "race"})
    assert play_one(race, 0).first is None


@pytest.mark.every_game
def test_every_declaration_names_a_bot_and_axes_with_several_set_ups() -> None:
    for info in parlour.games():
        if info.balance is None:
            continue
        bot_info(info.name, info.balance.bot)  # raises for an unknown bot
        base = base_variant(info.name, None, {})
        assert base.players == info.balance.players
        found = axes(info.name, base, {})
        assert [axis.name for axis in found] == [c.axis for c in info.balance.compare]


def test_the_compared_values_are_those_the_game_accepts_at_the_chosen_settings() -> None:
    """Ice Cream declares its first dealer: at 3 players seats 1 to 3, not 4 or 5."""
    base = base_variant("icecream", 3, {})
    (axis,) = axes("icecream", base, {})
    assert axis.name == "first_dealer" and axis.values == (1, 2, 3)
    assert [variant.options["first_dealer"] for variant in axis.variants] == [1, 2, 3]


def test_options_given_are_kept_across_the_comparisons() -> None:
    spec = ReportSpec("dokitto", 2, {"next_round_leader": "last_winner"}, None, 2)
    base, compared, sims = plan(spec)
    players, leader = compared
    assert all(v.options["next_round_leader"] == "last_winner" for v in players.variants)
    assert [v.players for v in players.variants] == [2, 3, 4, 5]
    assert len(sims) == 5  # the base appears on both axes but is played once
    assert all(set(sim.bots) == {"mcts:normal"} for sim in sims)
    assert base == players.variants[0] == leader.variants[1]
    assert load("dokitto", 2).options["next_round_leader"] == "rotate"


def test_the_cli_writes_one_self_contained_page_with_every_section(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    args = ["report", "likedice", "--games", "3", "--seed", "2", "--out", str(out)]
    done = runner.invoke(app, args)
    assert done.exit_code == 0, done.output
    page = out.read_text()
    for section in ("scores", "first-player", "length", "comparisons"):
        assert f'<section id="{section}">' in page
    assert "Score distribution per seat" in page and "95% interval" in page
    assert "counter:expert" in page  # the bot the game declares
    assert re.search(r"<th scope=\"row\">advanced</th><td>3</td>", page)  # a level compared
    assert not re.search(r"(src|href)=\"(?!data:)", page)  # nothing loaded from elsewhere
    images = re.findall(r"<img [^>]*>", page)
    assert len(images) == 4  # three of the set-up, one of the comparison
    assert all('src="data:image/png;base64,' in image and 'alt="' in image for image in images)
    assert "parlour report likedice --players 2 --bots counter:expert --games 3" in page


def test_no_compare_plays_the_chosen_set_up_only(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    args = ["report", "likedice", "--games", "2", "--no-compare", "--out", str(out)]
    done = runner.invoke(app, [*args, "--bots", "counter:child"])
    assert done.exit_code == 0, done.output
    assert "--no-compare" in out.read_text()
    assert "2 games of likedice" in " ".join(done.output.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--option", "level=expert"], "option level=expert is not allowed"),
        (["--option", "colour=red"], "colour"),
        (["--players", "9"], "not 9"),
        (["--bots", "nobody"], "likedice has no bot 'nobody'"),
        (["--bots", "counter,random"], "--bots names one bot"),
        (["--games", "1"], "--games must be at least 2"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_code_2(
    tmp_path: Path, args: list[str], message: str
) -> None:
    out = tmp_path / "report.html"
    done = parlour_main("report", "likedice", "--out", str(out), *args)
    assert done.returncode == 2
    assert message in done.stderr
    assert not out.exists()


def test_a_game_that_declares_nothing_is_reported_with_random_and_no_comparison(
    tiny_game: type[Game], tmp_path: Path
) -> None:
    assert tiny_game.info.balance is None
    out = tmp_path / "tiny.html"
    done = runner.invoke(app, ["report", "tiny", "--games", "4", "--out", str(out)])
    assert done.exit_code == 0, done.output
    page = out.read_text()
    assert "<code>random</code>" in page
    assert "declares no option or player count worth comparing" in page
