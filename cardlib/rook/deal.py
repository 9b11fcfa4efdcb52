"""ROOK-DEAL: how the 41 cards are dealt, four hands of nine and the nest of five.

The rule's function, the one that refuses (a card the player does not hold, a hand or a
nest set out with more cards than are dealt to it), is :func:`cardlib.rook.tricks.own_card`;
``cardlib rules ROOK-DEAL --code`` prints it.

>>> from cardlib.rook.cards import rook_deck
>>> hands, nest = deal(rook_deck(), dealer=3)
>>> [len(h) for h in hands], len(nest)
([9, 9, 9, 9], 5)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardlib.rook.cards import RookCard
from cardlib.rook.moves import NEST_SIZE


def deal(order: Sequence[RookCard], dealer: int) -> tuple[list[list[RookCard]], list[RookCard]]:
    """Deal one at a time clockwise from the dealer's left; after each round one card goes face down to the centre until the nest holds 5; then the rest to the players: 9 each, nest 5."""
    # So the k-th player from the dealer's left gets cards k, k+5, ... of the first 25 and
    # k, k+4, ... of the last 16; the nest gets every fifth card of the first 25.
    with_nest = (4 + 1) * NEST_SIZE
    hands: list[list[RookCard]] = [[], [], [], []]
    for k in range(4):
        hands[(dealer + 1 + k) % 4] = sorted(
            [*order[k:with_nest:5], *order[with_nest + k :: 4]], key=lambda c: c.order
        )
    return hands, list(order[4:with_nest:5])
