"""How a Golf layout scores: card values (GOLF-VALUES), columns (GOLF-COLUMN) and the pair of
2s (GOLF-PAIR-TWOS), with the words that explain a score::

    >>> score = score_layout("2S 7H JC 2H 7D QS".split())
    >>> score.total, [c.rule for c in score.columns]
    (20, ['GOLF-PAIR-TWOS', 'GOLF-COLUMN', 'GOLF-COLUMN'])
    >>> column_score(Card.parse("JC"), Card.parse("QS")).reason
    'J and Q are worth the same but are not the same rank: 10 + 10 = 20'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import TypeVar

from cardlib.arguments import card, shown
from cardlib.arguments import card as as_card
from cardlib.cards import Card, Rank, Suit, standard_deck
from cardlib.catalogue import enforces
from cardlib.errors import NotationError
from cardlib.golf.moves import COLUMNS, Position

T = TypeVar("T")

# GOLF-VALUES, as the article's table gives them.
VALUES: Mapping[Rank, int] = {
    Rank.ACE: 1,
    Rank.TWO: -2,
    Rank.THREE: 3,
    Rank.FOUR: 4,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 10,
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 0,
}


@enforces("GOLF-VALUES")
def value(card: Card | str) -> int:
    """A = 1, 2 = -2, 3 to 10 face value, J = Q = 10, K = 0; suits never matter."""
    return VALUES[as_card(card).rank]


@enforces("GOLF-PAIR-TWOS")
def pair_points(rank: Rank) -> int:
    """Two 2s in one column score 0, not -4; 2s in different columns each keep -2."""
    # Bicycle and Pagat both rule that 2s pair like every other rank: a pair is never worth
    # its two values, whatever the rank, so a column of two 2s scores 0 (2s apart are not a
    # pair and keep their values: see column_points).
    del rank
    return 0


@enforces("GOLF-COLUMN")
def column_points(top: Card | str, bottom: Card | str) -> int:
    """A column is the top and bottom card of one position: same rank scores 0, else the values add."""
    # Same rank, not same value: a jack over a queen adds to 20.  Only the two cards of one
    # column are compared, so cards side by side or on a diagonal never pair.
    top, bottom = as_card(top), as_card(bottom)
    if top.rank == bottom.rank:
        return pair_points(top.rank)
    return value(top) + value(bottom)


#: which places of a layout make its columns, left to right: (top, bottom) (GOLF-COLUMN)
COLUMN_PLACES: tuple[tuple[Position, Position], ...] = (
    (Position.TL, Position.BL),
    (Position.TM, Position.BM),
    (Position.TR, Position.BR),
)


#: the least and the most one column can score: :func:`column_points` over every two cards
#: of the pack (GOLF-COLUMN, with GOLF-VALUES and GOLF-PAIR-TWOS); a column's points depend
#: on its ranks alone, so a card of each rank over one of each rank in another suit is all of
#: them
_COLUMN_POINTS = {
    column_points(top, bottom)
    for top, bottom in product(
        [c for c in standard_deck() if c.suit is Suit.CLUBS],
        [c for c in standard_deck() if c.suit is Suit.HEARTS],
    )
}
COLUMN_LEAST, COLUMN_MOST = min(_COLUMN_POINTS), max(_COLUMN_POINTS)
#: the least and the most a hand (a hole) can score: its three columns at their least or most
HOLE_LEAST, HOLE_MOST = len(COLUMN_PLACES) * COLUMN_LEAST, len(COLUMN_PLACES) * COLUMN_MOST


def columns(six: Sequence[T]) -> list[tuple[T, T]]:
    """Six things in the layout's order (TL, TM, TR, BL, BM, BR: its cards, or a player's
    sight of them with None where a card is face down) as its three columns, left to
    right, each (top, bottom) (:data:`COLUMN_PLACES`)."""
    return [(six[top], six[bottom]) for top, bottom in COLUMN_PLACES]


def worth_so_far(top: Card | None, bottom: Card | None) -> int:
    """What the face-up cards of a column (None: face down) are worth so far, as a player
    at the table sees them: the column's points (:func:`column_points`) once both are up,
    else the value of the card up, if any."""
    if top is not None and bottom is not None:
        return column_points(top, bottom)
    return sum(value(c) for c in (top, bottom) if c is not None)


def seen_worth(seen: Sequence[Card | None]) -> int:
    """What the face-up cards of a layout (in the layout's order, None where a card is face
    down) are worth so far: each column's :func:`worth_so_far`.  Once every card is up, the
    layout's score."""
    return sum(worth_so_far(top, bottom) for top, bottom in columns(seen))


@dataclass(frozen=True, slots=True)
class ColumnScore:
    """One column's points and the rule that decided them, in words."""

    top: Card
    bottom: Card
    points: int
    rule: str
    reason: str


def column_score(top: Card | str, bottom: Card | str) -> ColumnScore:
    """Score one column with :func:`column_points` and say which rule decided it and why
    (the cards as :class:`Card` or their notation, ``"8H"``)."""
    top, bottom = card(top), card(bottom)
    points = column_points(top, bottom)
    t, b = value(top), value(bottom)
    if top.rank == bottom.rank == Rank.TWO:
        return ColumnScore(top, bottom, points, "GOLF-PAIR-TWOS", "two 2s pair: 0, not -4")
    if top.rank == bottom.rank:
        return ColumnScore(top, bottom, points, "GOLF-COLUMN", f"pair of {top.rank}s: 0")
    if t == b:
        return ColumnScore(
            top,
            bottom,
            points,
            "GOLF-COLUMN",
            f"{top.rank} and {bottom.rank} are worth the same but are not the same rank: "
            f"{t} + {b} = {points}",
        )
    named = f"{top.rank} + {bottom.rank}"
    valued = f"{t} + {_signed(b)}"
    sums = f"{named} = {valued}" if named != valued else named
    return ColumnScore(top, bottom, points, "GOLF-VALUES", f"{sums} = {points}")


def _signed(n: int) -> str:
    return f"({n})" if n < 0 else str(n)


@dataclass(frozen=True, slots=True)
class LayoutScore:
    """A layout's three column scores, left to right."""

    columns: tuple[ColumnScore, ColumnScore, ColumnScore]

    @property
    def total(self) -> int:
        return sum(c.points for c in self.columns)

    def explain(self) -> str:
        parts = [f"{COLUMNS[i]} {c.top}/{c.bottom}: {c.reason}" for i, c in enumerate(self.columns)]
        sums = " + ".join(_signed(c.points) for c in self.columns)
        return "; ".join(parts) + f". Total {sums} = {self.total}"


def score_layout(cards: Sequence[Card | str]) -> LayoutScore:
    """Score six cards given top row then bottom row (TL, TM, TR, BL, BM, BR)."""
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise NotationError(f"a layout is a list of six cards, not {shown(cards)}")
    six = [card(c) for c in cards]
    if len(six) != 6:
        raise NotationError(f"a layout has six cards, got {len(six)}")
    left, middle, right = (column_score(top, bottom) for top, bottom in columns(six))
    return LayoutScore((left, middle, right))
