"""What one Rook player may know: :meth:`RookHand.view <cardlib.rook.hand.RookHand.view>`.

At a Rook table a player sees their own cards, how many each other player holds, the
auction (every bid and pass is said aloud), trump once named, the cards of every trick and
who took it.  The nest is face down: after the exchange only the bidder knows what was laid
aside.  A view is a copy of just that, so a computer player given a view cannot reach
another player's cards or the nest::

    >>> from cardlib.rook import RookHand
    >>> hand = RookHand(seed=1)
    >>> north = hand.view("North")
    >>> len(north.hand), north.hand_sizes["East"], north.nest
    (9, 9, None)
    >>> north.legal_moves()[:2]
    [RookMove.parse('pass'), RookMove.parse('bid 70')]
    >>> hand.view("East").legal_moves()
    <LegalMoves: >
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from cardlib.game import ViewMoves
from cardlib.refusal import Refusal
from cardlib.rook.cards import Colour, RookCard
from cardlib.rook.moves import RookMove
from cardlib.rook.nest import LayAsides
from cardlib.rook.scoring import HandScore
from cardlib.rook.seats import partner_of as partner_seated
from cardlib.rook.tricks import Trick

if TYPE_CHECKING:
    from cardlib.rook.hand import RookHand


@dataclass(frozen=True)
class RookView(ViewMoves[RookMove]):
    """One player's view of a hand: their cards (``hand``, in pack order), every player's
    number of cards, the auction (``history`` holds its bids and passes, trump and the
    cards played; a lay-aside only for the bidder), the high bid and its bidder, the
    contract, trump, the finished tricks and the trick in progress, the nest if this
    player laid it aside (or it is turned up with the last trick), the nest's size, the
    counters each team has taken, the score once the hand is over, and the player's legal
    moves now with the rule that decides them."""

    game: ClassVar[str] = "rook"
    move_type: ClassVar[type[RookMove]] = RookMove

    player: str
    players: tuple[str, ...]
    dealer: str
    to_move: str | None
    phase: str
    hand: tuple[RookCard, ...]
    hand_sizes: dict[str, int]
    passed: dict[str, bool]
    high_bid: int | None
    high_bidder: str | None
    bidder: str | None
    bid: int | None
    trump: Colour | None
    tricks: tuple[Trick, ...]
    current_trick: tuple[tuple[str, RookCard], ...]
    nest: tuple[RookCard, ...] | None
    history: tuple[tuple[str, RookMove], ...]
    legal: Sequence[RookMove]
    #: the rule that decides the player's moves now (the hand's ``legal_rule`` on their
    #: turn, the rule of the turn when it is someone else's)
    legal_rule: str
    #: with no move to make, the refusal of any (the rule of the turn's, or once the hand is
    #: over the rule that ended it), its words written; None when it is the player's turn
    refusal: Refusal | None
    #: how many cards lie in the nest (none while the bidder holds it)
    nest_size: int
    #: the counters each team has taken ("NS", "EW"; the nest's once the last trick is won)
    counters: dict[str, int]
    #: the hand's score once it is over (None before, and for a hand thrown in)
    score: HandScore | None
    #: all four passed and the cards were thrown in (ROOK-ALL-PASS's house rule)
    thrown_in: bool

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def partner_of(self, player: str) -> str:
        """The player's partner, who sits opposite (:func:`cardlib.rook.seats.partner_of`)."""
        return partner_seated(self.players, player)


def view_of(hand: RookHand, player: str) -> RookView:
    """What ``player`` may know of ``hand`` now (see :class:`RookView`)."""
    mine = tuple(hand.hand_of(player))
    on_turn = player == hand.to_move
    if not on_turn:
        legal: Sequence[RookMove] = ()
    elif hand.phase == "nest":
        legal = LayAsides(mine)  # the bidder's every way to lay five aside
    else:
        legal = tuple(hand._legal())
    # The bidder laid the nest aside; it is turned up for everyone with the last trick
    # (ROOK-NEST-LAST).
    knows_nest = (player == hand.bidder and hand.phase in ("trump", "play", "over")) or (
        hand.nest_to is not None
    )
    return RookView(
        player=player,
        players=hand.players,
        dealer=hand.dealer,
        to_move=hand.to_move,
        phase=hand.phase,
        hand=mine,
        hand_sizes={p: len(hand.hand_of(p)) for p in hand.players},
        passed={p: hand.passed(p) for p in hand.players},
        high_bid=hand.high_bid,
        high_bidder=hand.high_bidder,
        bidder=hand.bidder,
        bid=hand.bid,
        trump=hand.trump,
        tricks=tuple(hand.tricks),
        current_trick=tuple(hand.current_trick),
        nest=tuple(hand.nest) if knows_nest else None,
        history=tuple(
            (who, move) for who, move in hand.history if move.kind != "lay aside" or who == player
        ),
        legal=legal,
        legal_rule=hand.legal_rule if on_turn or hand.is_over else hand.turn_rule,
        refusal=hand._turn_refusal(player),
        nest_size=len(hand.nest),
        counters=hand.counters_taken(),
        score=hand.score,
        thrown_in=hand.thrown_in,
    )


__all__ = ["RookView", "view_of"]
