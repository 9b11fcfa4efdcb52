"""Go Fish: the engine, its pictures, its worked-example claims and (in :mod:`cardlib.gofish.widgets`) its widgets.

Importing this package never imports ipywidgets.
"""

from cardlib.game import Event, Fact, LegalMoves
from cardlib.gofish.bot import simple_bot
from cardlib.gofish.engine import GoFishGame
from cardlib.gofish.moves import GoFishMove
from cardlib.gofish.options import (
    BOOKS_IN_PACK,
    DEAL_SIZES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    REFILL_SIZE,
    RULE_SETS,
    GoFishOptions,
    RuleSet,
)
from cardlib.gofish.rules import deal_size

__all__ = [
    "BOOKS_IN_PACK",
    "DEAL_SIZES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "REFILL_SIZE",
    "RULE_SETS",
    "Event",
    "Fact",
    "GoFishGame",
    "GoFishMove",
    "GoFishOptions",
    "LegalMoves",
    "RuleSet",
    "deal_size",
    "simple_bot",
]
