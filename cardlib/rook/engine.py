"""Rook's engine, by the names other modules import it under (``from cardlib.rook.engine
import RookHand``).  It lives in modules by concept:

* :mod:`cardlib.rook.seats`: the seats, the partnerships and the table's options;
* :mod:`cardlib.rook.moves`: the moves' notation;
* :mod:`cardlib.rook.tricks`: which card may be played to a trick, and who wins it;
* :mod:`cardlib.rook.scoring`: a hand's score and the game to 300;
* :mod:`cardlib.rook.nest`: the bidder's ways to lay five cards aside;
* :mod:`cardlib.rook.hand`: one hand (:class:`RookHand`);
* :mod:`cardlib.rook.game`: a game of hands (:class:`RookGame`).
"""

from cardlib.game import Event, LegalMoves
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
    "DEFAULT_PLAYERS",
    "GAME_TARGET",
    "HANDS_PER_SEAT_SWAP",
    "HAND_SIZE",
    "MAX_BID",
    "MIN_BID",
    "NEST_SIZE",
    "PASS",
    "RULE_SET",
    "TRICKS",
    "Event",
    "HandScore",
    "LegalMoves",
    "MoveKind",
    "Phase",
    "Position",
    "RookGame",
    "RookHand",
    "RookMove",
    "RookOptions",
    "Seat",
    "Team",
    "Trick",
    "game_winner",
    "led_colour",
    "score_hand",
    "trick_winner",
]
