"""The pack, the deal and a player's six cards (:class:`Layout`)::

>>> from cardlib.cards import standard_deck
>>> layouts, discard, stock = deal(["Ann", "Ben", "Cy"], standard_deck())
>>> len(stock), len(discard), layouts["Ann"].cards[:2], layouts["Ann"].all_up
(33, 1, [Card.parse('AC'), Card.parse('4C')], False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from cardlib.arguments import shown
from cardlib.cards import Card, find_duplicate, seeded, shuffle
from cardlib.catalogue import enforces
from cardlib.errors import NotationError
from cardlib.golf.moves import Position
from cardlib.golf.scoring import LayoutScore, column_points, columns, score_layout
from cardlib.refusal import Refusal, refuse

MIN_PLAYERS, MAX_PLAYERS = 2, 4


class Unnamed(NamedTuple):
    """What a position takes from the pack besides the cards it names, asked of
    :func:`one_pack`: the ``blanks`` of the layouts (cards not named), and a stock of
    ``stock_size`` cards (None: the rest of the pack) of which ``stock_named`` are named."""

    blanks: int
    stock_size: int | None = None
    stock_named: int = 0


@enforces("GOLF-DECK")
def one_pack(
    players: Sequence[str] | None,
    cards: Sequence[Card] = (),
    *,
    complete: bool = False,
    unnamed: Unnamed | None = None,
) -> Refusal | None:
    """One 52-card pack without jokers, so every card once; 2 to 4 players."""
    # ``complete``: a deal uses the whole pack; a position from an article names only some,
    # and takes its ``unnamed`` cards from what the pack has left.  ``players`` None: only
    # the cards are asked about (one layout's six).
    if players is not None and not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        count = len(players)
        return Refusal("GOLF-DECK", lambda: f"Six Card Golf is for 2 to 4 players, not {count}")
    dup = find_duplicate(cards)
    if dup is not None:
        return Refusal(
            "GOLF-DECK", lambda: f"{dup} appears twice, but the one pack has each card once"
        )
    if complete and len(cards) != 52:
        return Refusal(
            "GOLF-DECK",
            lambda: f"a Golf deal uses the whole 52-card pack, got {len(cards)} cards",
        )
    if unnamed is None:
        return None
    left = 52 - len(cards) - unnamed.blanks  # once the layouts are filled
    if left < 0:
        return Refusal("GOLF-DECK", lambda: "there are not enough cards in the pack")
    size = unnamed.stock_size
    if size is not None and size - unnamed.stock_named > left:
        return Refusal(
            "GOLF-DECK",
            lambda: (
                f"a stock of {size} cards does not fit: only {left + unnamed.stock_named} "
                "cards are left once the layouts and the discard pile are counted"
            ),
        )
    return None


@dataclass(slots=True)
class Layout:
    """A player's six cards and which of them are face up."""

    cards: list[Card]
    up: list[bool] = field(default_factory=lambda: [False] * 6)

    def __post_init__(self) -> None:
        # six cards in their places, each face up or down (GOLF-DEAL's two rows of three)
        cards, up = self.cards, self.up
        if not (
            isinstance(cards, list) and len(cards) == 6 and all(isinstance(c, Card) for c in cards)
        ):
            raise NotationError(f"a layout is a list of six cards, not {shown(cards)}")
        if not (isinstance(up, list) and len(up) == 6 and all(type(u) is bool for u in up)):
            raise NotationError(f"a layout's faces are six True or False, not {shown(up)}")
        refuse(one_pack(None, cards))  # six cards of the one pack: none of them twice

    def visible(self, pos: Position) -> Card | None:
        return self.cards[pos] if self.up[pos] else None

    @property
    def all_up(self) -> bool:
        return all(self.up)

    def score(self) -> LayoutScore:
        """The layout's score column by column, with the reasons (all six cards counted)."""
        return score_layout(self.cards)

    def columns(self) -> list[tuple[Card, Card]]:
        """The layout's three columns, left to right, each (top card, bottom card)
        (:func:`~cardlib.golf.scoring.columns`)."""
        return columns(self.cards)

    def points(self) -> int:
        """The layout's score (GOLF-COLUMN), all six cards counted."""
        return sum(column_points(top, bottom) for top, bottom in self.columns())

    def shown_by(self, pos: Position) -> str:
        """The rule that says what is seen at ``pos``: a face-up card was put there face up
        (GOLF-REPLACE), a face-down one stays unseen (GOLF-NO-PEEK)."""
        return "GOLF-REPLACE" if self.up[pos] else "GOLF-NO-PEEK"

    def _repr_html_(self) -> str:
        from cardlib.golf import render

        return render.golf_layout_html(self)


@enforces("GOLF-DEAL")
def deal(
    seats: Sequence[str], pack: Sequence[Card]
) -> tuple[dict[str, Layout], list[Card], list[Card]]:
    """Six cards face down to each player in two rows of three; the rest is the stock, its top card turned up to start the discard pile."""
    # ``seats`` start at the dealer's left.  The sources do not say how the cards go out:
    # one at a time clockwise, six rounds (the catalogue's interpretation).  The layout
    # fills top row then bottom row, so a player's n-th card lies at Position(n).
    # Returns (layouts, discard pile bottom to top, stock with its top card last).
    rest = iter(pack)
    hands: dict[str, list[Card]] = {p: [] for p in seats}
    for _ in range(6):
        for p in seats:
            hands[p].append(next(rest))
    discard = [next(rest)]
    stock = list(rest)[::-1]
    return {p: Layout(cards) for p, cards in hands.items()}, discard, stock


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """``cards`` in a new order drawn from the game's generator (a seeded shuffle: the same
    seed gives the same deal and the same reshuffles)."""
    order = list(cards)
    shuffle(order, seeded(rng.random()))
    return order
