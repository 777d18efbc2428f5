"""The game kernel: the protocol every game implements, its registry, options and records.

It knows no game; games live in `parlour.boxes` and register themselves here.
"""

from parlour.kernel.advice import (
    Advice,
    Choice,
    ExactAdvice,
    Pace,
    Progress,
    Solution,
    advice_of,
    exact_advice_of,
)
from parlour.kernel.breakdown import Breakdown, Row
from parlour.kernel.challenge import Challenge, day_number
from parlour.kernel.encoding import Encoding, Feature
from parlour.kernel.errors import IllegalAction, OptionError, ParlourError, RecordError
from parlour.kernel.learning import (
    Feedback,
    FrontEnd,
    Lesson,
    Section,
    Step,
    Tutorial,
    real_game_players,
    rules_for,
)
from parlour.kernel.options import Option, OptionType
from parlour.kernel.protocol import (
    SPECTATOR,
    TABLE,
    UNDO,
    Action,
    Balance,
    Comparison,
    Concurrency,
    Configuration,
    Game,
    GameInfo,
    Objective,
    Seat,
    State,
    View,
    seat_name,
    standing,
)
from parlour.kernel.reasons import Reason
from parlour.kernel.records import keeps_times, replay, timed_record
from parlour.kernel.registry import game_class, games, load, register
from parlour.kernel.rng import ChanceNeeded, Rng, ScriptedRng, StrictRng

__all__ = [
    "SPECTATOR",
    "TABLE",
    "UNDO",
    "Action",
    "Advice",
    "Balance",
    "Breakdown",
    "Challenge",
    "ChanceNeeded",
    "Choice",
    "Comparison",
    "Concurrency",
    "Configuration",
    "Encoding",
    "ExactAdvice",
    "Feature",
    "Feedback",
    "FrontEnd",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Lesson",
    "Objective",
    "Option",
    "OptionError",
    "OptionType",
    "Pace",
    "ParlourError",
    "Progress",
    "Reason",
    "RecordError",
    "Rng",
    "Row",
    "ScriptedRng",
    "Seat",
    "Section",
    "Solution",
    "State",
    "Step",
    "StrictRng",
    "Tutorial",
    "View",
    "advice_of",
    "day_number",
    "exact_advice_of",
    "game_class",
    "games",
    "keeps_times",
    "load",
    "real_game_players",
    "register",
    "replay",
    "rules_for",
    "seat_name",
    "standing",
    "timed_record",
]
