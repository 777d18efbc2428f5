"""Learned policies: the npz format round-trips and refuses what is not a policy by name, the
`policy` bot plays one from its seat's view (in the arena too), and a web table can never name
a file: the bare name is refused and never offered."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from parlour.arena import ArenaSpec, run_arena
from parlour.bots.registry import bot_info, make_bot, offered_bots
from parlour.kernel import OptionError, load
from parlour.learn.policy import Policy, read_policy


def random_policy(game: str, players: int, seed: int = 0) -> Policy:
    """A one-hidden-layer policy with random weights for `game`, as a trainer would save it."""
    loaded = load(game, players)
    rng = np.random.default_rng(seed)
    size, actions = loaded.encoding().size, len(loaded.all_actions())
    layers = [
        (rng.normal(size=(size, 16)).astype(np.float32), np.zeros(16, np.float32)),
        (
            rng.normal(size=(16, actions)).astype(np.float32),
            rng.normal(size=actions).astype(np.float32),
        ),
    ]
    meta = {"game": game, "players": players, "options": {}, "encoding": loaded.encoding().name}
    return Policy(layers, meta)


def test_a_policy_round_trips_through_its_file(tmp_path: Path) -> None:
    policy = random_policy("dokitto", 2)
    policy.save(tmp_path / "p.npz")
    again = read_policy(tmp_path / "p.npz")
    assert again.meta == policy.meta
    rows = np.random.default_rng(1).random((5, policy.layers[0][0].shape[0]), dtype=np.float32)
    assert np.array_equal(again.values(rows), policy.values(rows))
    masks = np.zeros((5, policy.layers[-1][0].shape[1]), np.int8)
    masks[:, [3, 7]] = 1
    assert set(again.choose(rows, masks).tolist()) <= {3, 7}


def test_what_is_not_a_policy_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="no policy file"):
        read_policy(tmp_path / "none.npz")
    (tmp_path / "text.npz").write_text("hello", encoding="utf-8")
    with pytest.raises(OptionError, match="not a policy file"):
        read_policy(tmp_path / "text.npz")
    np.savez(tmp_path / "bare.npz", w0=np.zeros((2, 2)))
    with pytest.raises(OptionError, match="no policy header"):
        read_policy(tmp_path / "bare.npz")
    policy = random_policy("dokitto", 2)
    policy.layers[1] = (np.zeros((9, 3), np.float32), np.zeros(3, np.float32))
    policy.save(tmp_path / "bad.npz")
    with pytest.raises(OptionError, match="layer 1 does not follow layer 0"):
        read_policy(tmp_path / "bad.npz")


def test_the_bot_plays_the_policys_best_legal_action(tmp_path: Path) -> None:
    policy = random_policy("dokitto", 2)
    policy.save(tmp_path / "p.npz")
    game = load("dokitto", 2)
    bot = make_bot(game, f"policy:path={tmp_path / 'p.npz'}", 0, 1)
    state = game.new(3)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    values = policy.values(game.encoding().encode(state.view(seat))[None, :])[0]
    index = {action: number for number, action in enumerate(game.all_actions())}
    best = max(legal, key=lambda action: values[index[action]])
    bot.seat = seat
    assert bot.choose(state.view(seat), legal) == best
    with pytest.raises(OptionError, match="plays dokitto for 2 players"):
        make_bot(load("dokitto", 3), f"policy:path={tmp_path / 'p.npz'}", 0, 1)


def test_a_policy_plays_in_the_arena(tmp_path: Path) -> None:
    random_policy("dicecream", 2).save(tmp_path / "p.npz")
    spec = ArenaSpec(
        game="dicecream",
        players=2,
        bots=(f"policy:path={tmp_path / 'p.npz'}", "random"),
        deals=2,
        seed=1,
    )
    result = run_arena(spec)
    assert sum(standing.games for standing in result.standings) == 8


def test_the_web_can_name_no_file() -> None:
    assert "policy" not in offered_bots("dokitto")
    assert not any(name.startswith("policy:path") for name in offered_bots("dokitto"))
    with pytest.raises(OptionError, match="needs settings"):
        bot_info("dokitto", "policy")
    with pytest.raises(OptionError, match="no committed policy 'nothing-here'"):
        bot_info("dokitto", "policy:nothing-here")
    with pytest.raises(OptionError, match="no committed policy"):
        bot_info("dokitto", "policy:../../etc/passwd")
