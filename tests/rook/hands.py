"""The article's Rook hand (section 4: West deals, North wins the auction at 95) and the
positions built from it, shared by the Rook rule tests (tests/rook/test_rook_*.py)."""

from __future__ import annotations

from cardlib.rook import (
    DEFAULT_PLAYERS,
    RookGame,
    RookHand,
)
from cardlib.rook.cards import (
    RookCard,
    parse_rook_cards,
)
from tests.rook.invariants import hand_state

# -- the article's hand (section 4): West deals, North wins the auction at 95 ---------------

NORTH_DEALT = "R14 G6 G11 G13 B10 R5 R6 R7 R11"
NEST = "Y10 B5 Rook B11 G9"
EAST = "G12 B6 R13 B13 Y7 B8 Y5 R9 G10"
SOUTH = "G8 B12 B14 Y14 R10 Y12 G14 G7 Y13"
WEST = "R8 Y8 G5 R12 Y11 B9 Y9 Y6 B7"
AUCTION = ["bid 70", "bid 75", "pass", "bid 80", "bid 85", "pass", "bid 90", "bid 95", "pass"]
BIDDERS = ["North", "East", "South", "West", "North", "East", "West", "North", "West"]
LAID_ASIDE = "R6 R7 R11 B11 R5"
NORTH_KEPT = "R14 G6 G11 G13 B10 Y10 B5 Rook G9"
# trick: (the four cards in play order, the winner, its counters), from the article's table
TRICKS = [
    ("N Y10, E Y5, S Y12, W Y6", "South", 15),
    ("S Y13, W Y8, N G6, E Y7", "North", 0),
    ("N G13, E G12, S G7, W G5", "North", 5),
    ("N B10, E B6, S B12, W B9", "South", 10),
    ("S B14, W B7, N B5, E B13", "South", 15),
    ("S Y14, W Y9, N G11, E G10", "North", 20),
    ("N G9, E R13, S G8, W R12", "North", 0),
    ("N R14, E R9, S R10, W R8", "North", 20),
    ("N Rook, E B8, S G14, W Y11", "North", 30),
]
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def cards(text: str) -> list[RookCard]:
    return parse_rook_cards(text)


def article_hand(**kw) -> RookHand:
    """The deal of the article: North's nine, the nest and the others' hands; West deals."""
    return RookHand.from_position(
        DEFAULT_PLAYERS,
        {"North": NORTH_DEALT, "East": EAST, "South": SOUTH, "West": WEST},
        NEST,
        dealer="West",
        **kw,
    )


def auctioned() -> RookHand:
    hand = article_hand()
    for move in AUCTION:
        hand.play(move)
    return hand


def trumped() -> RookHand:
    """The article's hand after the exchange, green trump, North to lead."""
    hand = auctioned()
    hand.play(f"lay aside {LAID_ASIDE}")
    hand.play("trump green")
    return hand


def plays(trick_text: str) -> list[tuple[str, str]]:
    return [(SEAT_NAMES[p], f"play {c}") for p, c in (x.split() for x in trick_text.split(", "))]


def after_tricks(n: int, extra: int = 0) -> RookHand:
    """The article's hand after ``n`` whole tricks and ``extra`` cards of the next."""
    hand = trumped()
    moves = [m for text, _, _ in TRICKS for m in plays(text)]
    for player, move in moves[: 4 * n + extra]:
        hand.play(move, player=player)
    return hand


def in_play(hands: dict[str, str], *, dealer: str = "North", trump: str = "green") -> RookHand:
    """Tricks about to start: North holds the contract at 95, the dealer's left leads.

    With North dealing, East leads the first trick; cards not named are dealt at random.
    """
    return RookHand.from_position(
        DEFAULT_PLAYERS, hands, dealer=dealer, bid=("North", 95), trump=trump
    )


# The hypothetical ruling of the article: green is trump, East leads red 13; North holds
# the red 14, the Rook and the green 6.
RED_13_LED = {
    "North": "R14 Rook G6 B5 B6 B7 Y5 Y6 Y7",
    "East": "R13 R5 R6 R7 R8 B8 B9 B10 B11",
    "South": "R9 R10 R11 R12 Y8 Y9 Y10 Y11 Y12",
    "West": "G5 G7 G8 G9 G10 G11 G12 G13 G14",
}
# East leads the red 13, South follows with the red 9 and West (no red) trumps low.
RED_13_PLAYS = ["play R13", "play R9", "play G5"]
# The Rook led with green trump: South holds the green 14 among other cards.
ROOK_LED = {
    "North": "Rook R5 R6 R7 R8 R9 R10 R11 R12",
    "East": "R13 R14 Y5 Y6 Y7 Y8 Y9 Y10 Y11",
    "South": "G14 Y13 Y12 Y14 B5 B6 B7 B8 B9",
    "West": "G5 G6 G7 G8 G9 G10 G11 G12 G13",
}


def bird_forced() -> RookHand:
    """Green is trump and East, on the dealer's left, leads; South's only trump is the Rook."""
    return in_play(
        {
            "East": "G14 R13 R5 R6 R7 R8 B8 B9 B10",
            "South": "Rook Y8 Y9 Y10 Y11 Y12 R9 R10 R11",
            "West": "G5 G7 G8 G9 G10 G11 G12 G13 G6",
            "North": "R14 R12 B5 B6 B7 Y5 Y6 Y7 B11",
        }
    )


def snapshot(hand: RookHand) -> tuple:
    """Everything a refused move must leave as it was: the invariants' state of a hand and
    its log."""
    return (*hand_state(hand), len(hand.log))


# -- a game of several hands -----------------------------------------------------------------


def article_game(**kw) -> RookGame:
    return RookGame.from_position(
        DEFAULT_PLAYERS,
        {"North": NORTH_DEALT, "East": EAST, "South": SOUTH, "West": WEST},
        NEST,
        dealer="West",
        **kw,
    )


def play_article_hand(game: RookGame):
    for move in [*AUCTION, f"lay aside {LAID_ASIDE}", "trump green"]:
        game.play(move)
    for text, _, _ in TRICKS:
        for player, move in plays(text):
            event = game.play(move, player=player)
    return event
