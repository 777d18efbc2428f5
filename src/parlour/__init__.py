"""Parlour: rules-exact engines, terminal play, bots and simulation for games about ice cream
and dice.

    >>> import parlour
    >>> game = parlour.load("dicetime", players=2)
    >>> state = game.new(seed=1)
    >>> state.legal_actions(0)
    ('roll',)
"""

from parlour.kernel import (
    SPECTATOR,
    TABLE,
    UNDO,
    Action,
    Configuration,
    Game,
    GameInfo,
    IllegalAction,
    OptionError,
    ParlourError,
    Reason,
    RecordError,
    Rng,
    Seat,
    State,
    View,
    games,
    load,
    replay,
)

__all__ = [
    "SPECTATOR",
    "TABLE",
    "UNDO",
    "Action",
    "Configuration",
    "Game",
    "GameInfo",
    "IllegalAction",
    "OptionError",
    "ParlourError",
    "Reason",
    "RecordError",
    "Rng",
    "Seat",
    "State",
    "View",
    "games",
    "load",
    "replay",
]
__version__ = "0.1.0"
