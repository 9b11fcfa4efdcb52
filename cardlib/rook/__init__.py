"""Rook: its coloured cards, the engine, a simple computer player, its pictures, its worked-example claims and (in :mod:`cardlib.rook.widgets`) its widgets.

Importing this package never imports ipywidgets.
"""

from cardlib.game import Event, LegalMoves
from cardlib.rook.bot import simple_bot
from cardlib.rook.cards import (
    COUNTERS,
    HIGHEST,
    LOWEST,
    ROOK,
    ROOK_COUNTER,
    TOTAL_COUNTERS,
    Colour,
    RookCard,
    counters,
    parse_rook_cards,
    rook_deck,
    shuffled_rook_deck,
)
from cardlib.rook.game import HANDS_PER_SEAT_SWAP, RookGame
from cardlib.rook.hand import Position, RookHand
from cardlib.rook.moves import (
    BID_STEP,
    HAND_SIZE,
    MAX_BID,
    MIN_BID,
    NEST_SIZE,
    PASS,
    TRICKS,
    MoveKind,
    RookMove,
)
from cardlib.rook.scoring import GAME_TARGET, HandScore, game_winner, score_hand
from cardlib.rook.seats import DEFAULT_PLAYERS, RULE_SET, RookOptions, Seat, Team
from cardlib.rook.state import Phase
from cardlib.rook.tricks import Trick, led_colour, trick_winner

__all__ = [
    "BID_STEP",
    "COUNTERS",
    "DEFAULT_PLAYERS",
    "GAME_TARGET",
    "HANDS_PER_SEAT_SWAP",
    "HAND_SIZE",
    "HIGHEST",
    "LOWEST",
    "MAX_BID",
    "MIN_BID",
    "NEST_SIZE",
    "PASS",
    "ROOK",
    "ROOK_COUNTER",
    "RULE_SET",
    "TOTAL_COUNTERS",
    "TRICKS",
    "Colour",
    "Event",
    "HandScore",
    "LegalMoves",
    "MoveKind",
    "Phase",
    "Position",
    "RookCard",
    "RookGame",
    "RookHand",
    "RookMove",
    "RookOptions",
    "Seat",
    "Team",
    "Trick",
    "counters",
    "game_winner",
    "led_colour",
    "parse_rook_cards",
    "rook_deck",
    "score_hand",
    "shuffled_rook_deck",
    "simple_bot",
    "trick_winner",
]
