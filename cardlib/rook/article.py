"""The hand the Rook article plays (its section 4): the deal, the nest, North's exchange and
the nine tricks, as positions to start from and as a computer player that follows the article.

The trick trainer (:mod:`cardlib.rook.widgets`) and the exercises start from these hands; a
worked example (examples/rook/full-hand.yaml) replays the same hand through the checker.

>>> article_deal().to_move
'North'
>>> hand = article_play()
>>> (hand.trump.word, hand.bid, str(article_card(hand)))
('green', 95, 'play Y10')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from cardlib.rook.bot import simple_bot
from cardlib.rook.hand import RookHand
from cardlib.rook.moves import RookMove
from cardlib.rook.seats import DEFAULT_PLAYERS
from cardlib.rook.view import RookView

#: The article's deal (section 4): each hand as dealt, and the nest.  West deals.
ARTICLE_DEAL: Mapping[str, Sequence[str]] = {
    "North": ["R14", "G6", "G11", "G13", "B10", "R5", "R6", "R7", "R11"],
    "East": ["G12", "B6", "R13", "B13", "Y7", "B8", "Y5", "R9", "G10"],
    "South": ["G8", "B12", "B14", "Y14", "R10", "Y12", "G14", "G7", "Y13"],
    "West": ["R8", "Y8", "G5", "R12", "Y11", "B9", "Y9", "Y6", "B7"],
}
ARTICLE_NEST: Sequence[str] = ["Y10", "B5", "Rook", "B11", "G9"]
#: North's exchange: the five cards laid aside as the new nest; North then names green.
ARTICLE_LAID_ASIDE: Sequence[str] = ["R6", "R7", "R11", "B11", "R5"]
#: The nine tricks as the article plays them, each in play order from its leader.
ARTICLE_TRICKS: Sequence[Sequence[tuple[str, str]]] = [
    [("North", "Y10"), ("East", "Y5"), ("South", "Y12"), ("West", "Y6")],
    [("South", "Y13"), ("West", "Y8"), ("North", "G6"), ("East", "Y7")],
    [("North", "G13"), ("East", "G12"), ("South", "G7"), ("West", "G5")],
    [("North", "B10"), ("East", "B6"), ("South", "B12"), ("West", "B9")],
    [("South", "B14"), ("West", "B7"), ("North", "B5"), ("East", "B13")],
    [("South", "Y14"), ("West", "Y9"), ("North", "G11"), ("East", "G10")],
    [("North", "G9"), ("East", "R13"), ("South", "G8"), ("West", "R12")],
    [("North", "R14"), ("East", "R9"), ("South", "R10"), ("West", "R8")],
    [("North", "Rook"), ("East", "B8"), ("South", "G14"), ("West", "Y11")],
]


def article_deal() -> RookHand:
    """The article's hand at the start of the auction (West deals, North bids first)."""
    return RookHand.from_position(DEFAULT_PLAYERS, ARTICLE_DEAL, ARTICLE_NEST)


def article_play() -> RookHand:
    """The article's hand after the auction (North 95) and the exchange, green trump."""
    held = {p: list(cs) for p, cs in ARTICLE_DEAL.items()}
    held["North"] = [c for c in [*held["North"], *ARTICLE_NEST] if c not in set(ARTICLE_LAID_ASIDE)]
    return RookHand.from_position(
        DEFAULT_PLAYERS, held, ARTICLE_LAID_ASIDE, bid=("North", 95), trump="green"
    )


def article_card(hand: RookHand | RookView) -> RookMove | None:
    """The card the article plays next for the player to move, if it is legal now."""
    number, player = len(hand.tricks), hand.to_move
    if number >= len(ARTICLE_TRICKS) or player is None:
        return None
    card = dict(ARTICLE_TRICKS[number]).get(player)
    if card is None:
        return None
    move = RookMove.parse(f"play {card}")
    return move if move in hand.legal_moves() else None


def article_bot(seen: RookView, rng: random.Random) -> RookMove:
    """The article's card when it is still legal, else what :func:`simple_bot` plays."""
    return article_card(seen) or simple_bot(seen, rng)
