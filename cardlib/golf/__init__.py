"""Six Card Golf: the engine, its pictures, its worked-example claims and (in :mod:`cardlib.golf.widgets`) its widgets.

Importing this package never imports ipywidgets.
"""

from cardlib.game import Event, LegalMoves
from cardlib.golf.bot import simple_bot
from cardlib.golf.engine import (
    COLUMNS,
    HOLES_IN_MATCH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHASE_RULES,
    RULE_SET,
    VALUES,
    ColumnScore,
    GolfGame,
    GolfMatch,
    GolfMove,
    GolfOptions,
    Layout,
    LayoutScore,
    MoveKind,
    Phase,
    Position,
    column_points,
    column_score,
    score_layout,
)

__all__ = [
    "COLUMNS",
    "HOLES_IN_MATCH",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PHASE_RULES",
    "RULE_SET",
    "VALUES",
    "ColumnScore",
    "Event",
    "GolfGame",
    "GolfMatch",
    "GolfMove",
    "GolfOptions",
    "Layout",
    "LayoutScore",
    "LegalMoves",
    "MoveKind",
    "Phase",
    "Position",
    "column_points",
    "column_score",
    "score_layout",
    "simple_bot",
]
