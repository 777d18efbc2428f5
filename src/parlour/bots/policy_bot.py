"""The `policy` bot: plays a learned policy (`parlour.learn.policy`) from its seat's view,
the legal action of highest value. `policy:path=FILE` plays a file (the terminal, `arena`,
ladders: whoever names the bot chooses the file); `policy:NAME` a committed policy
(`src/parlour/policies/NAME.npz`), which is also what a web table may offer, since the web
offers a game's levels and never the bare name or a path."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

from parlour.bots.registry import Bot, BotFactory, BotInfo, View, register_bot
from parlour.kernel import Action, Game, OptionError, Rng
from parlour.kernel.encoding import Encoding
from parlour.learn.policy import Policy, read_policy

POLICIES = Path(__file__).resolve().parents[1] / "policies"
"""Where the committed policies are, one `NAME.npz` each."""
NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


class PolicyBot(Bot):
    """Plays `policy`: the view encoded by the game's encoding, the legal action of highest
    value (the first listed among equals)."""

    name = "policy"

    def __init__(self, seat: int, rng: Rng, policy: Policy) -> None:
        super().__init__(seat, rng)
        self.policy = policy
        self._encoding: Encoding | None = None
        self._index: dict[Action, int] = {}

    def sit(self, game: Game) -> None:
        self.policy.check_game(game)
        self._encoding = game.encoding()
        self._index = {action: number for number, action in enumerate(game.all_actions())}

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if self._encoding is None:
            raise OptionError("the policy bot plays only once seated at a loaded game")
        values = self.policy.values(self._encoding.encode(view)[None, :])[0]
        index = self._index
        return max(legal, key=lambda action: values[index[action]])


def policy_factory(settings: str) -> BotFactory:
    """The factory of `policy:SETTINGS`: `path=FILE` or the name of a committed policy."""
    key, equals, value = settings.partition("=")
    if equals:
        if key != "path" or not value:
            raise OptionError(f"the policy bot takes path=FILE or a policy's name: {settings!r}")
        policy = read_policy(Path(value))
    else:
        if not NAME.fullmatch(settings) or not (POLICIES / f"{settings}.npz").is_file():
            known = ", ".join(committed()) or "none"
            raise OptionError(f"no committed policy {settings!r} (committed: {known})")
        policy = read_policy(POLICIES / f"{settings}.npz")
    made: Callable[[int, Rng], Bot] = lambda seat, rng: PolicyBot(seat, rng, policy)  # noqa: E731
    return made


def committed() -> list[str]:
    """The names of the committed policies."""
    return sorted(path.stem for path in POLICIES.glob("*.npz"))


def committed_for(game: str, players: int) -> list[str]:
    """The committed policies that play `game` at `players` seats, by their bot names."""
    return [
        f"policy:{name}"
        for name in committed()
        if (meta := read_policy(POLICIES / f"{name}.npz").meta)["game"] == game
        and meta["players"] == players
    ]


def _needs_settings(seat: int, rng: Rng) -> Bot:
    raise OptionError("the policy bot needs a policy: policy:NAME or policy:path=FILE")


DESCRIPTION = "a learned policy (policy:NAME, committed, or policy:path=FILE)"
register_bot(
    BotInfo(
        "policy",
        DESCRIPTION,
        _needs_settings,
        configure=policy_factory,
        listed=False,
        needs_settings=True,
    )
)
by_game: dict[str, list[str]] = {}
for _name in committed():
    by_game.setdefault(read_policy(POLICIES / f"{_name}.npz").meta["game"], []).append(_name)
for _game, _names in by_game.items():
    register_bot(
        BotInfo(
            "policy",
            DESCRIPTION,
            _needs_settings,
            game=_game,
            configure=policy_factory,
            levels=tuple(f"policy:{name}" for name in _names),
            listed=False,  # a policy plays one player count; menus offer bots for any
            needs_settings=True,
        )
    )
