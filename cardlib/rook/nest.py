"""The exchange with the nest and naming trump: the bidder lays five of fourteen cards aside as
the new nest, then names trump; and the bidder's legal moves at the nest, every way to lay
five cards aside."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from typing import overload

from cardlib.cards import find_duplicate
from cardlib.catalogue import enforces
from cardlib.game import Fact
from cardlib.refusal import Refusal
from cardlib.rook.cards import RookCard, counters
from cardlib.rook.moves import HAND_SIZE, NEST_SIZE, RookMove
from cardlib.rook.state import Attempt, Cards, HandState
from cardlib.rook.tricks import listing


class LayAsides(Sequence[RookMove]):
    """Every way to lay five of ``cards`` aside, in the order :func:`itertools.combinations`
    gives, never listed all at once (there are 2002): ``len`` is a binomial coefficient,
    indexing builds just the move at that place (so ``random.choice`` picks uniformly) and
    iteration builds them one by one.  ``in`` asks whether a move is one of them: five
    different cards, all of ``cards`` (a lay-aside keeps its cards in pack order).
    """

    def __init__(self, cards: Sequence[RookCard]) -> None:
        self._cards = tuple(cards)  # in pack order, as a lay-aside keeps them

    def __len__(self) -> int:
        return math.comb(len(self._cards), NEST_SIZE)

    @overload
    def __getitem__(self, index: int) -> RookMove: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[RookMove]: ...
    def __getitem__(self, index: int | slice) -> RookMove | Sequence[RookMove]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        fives = itertools.combinations(self._cards, NEST_SIZE)
        return RookMove("lay aside", cards=next(itertools.islice(fives, index, None)))

    def __iter__(self) -> Iterator[RookMove]:
        for five in itertools.combinations(self._cards, NEST_SIZE):
            yield RookMove("lay aside", cards=five)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, RookMove) or move.kind != "lay aside":
            return False
        five = set(move.cards)
        return len(five) == len(move.cards) == NEST_SIZE and five <= set(self._cards)


# Each rule of a move is ``rule(hand, attempt) -> Refusal | None`` (cardlib.rook.auction).
# Each is the rule of the turn in its phase, asked first (only the bidder moves there), and
# the rule of its kind of move in the phases after it (cardlib.rook.hand.RULES).


@enforces("ROOK-NEST-TAKE")
def nest_take(hand: HandState, attempt: Attempt) -> Refusal | None:
    """The bidder adds the 5 nest cards to their hand, then lays 5 cards aside as the new nest (counters allowed), keeping 9."""
    who, (player, move) = hand.players[hand._turn], attempt
    if hand.phase in ("trump", "play"):  # asked of the bidder's lay-aside once it is done
        return Refusal(
            "ROOK-NEST-TAKE",
            lambda: (
                f"{hand.bidder} has already laid the nest aside; it stays face down until "
                "the last trick"
            ),
        )
    if player != who:
        return Refusal(
            "ROOK-NEST-TAKE",
            lambda: f"only {who}, who won the auction, takes the nest and lays five cards aside",
        )
    if move.kind == "play":
        return Refusal(
            "ROOK-NEST-TAKE",
            lambda: f"{who} must first lay five cards aside as the new nest, then name trump",
        )
    if move.kind != "lay aside":
        return None  # a bid, a pass or trump: the rule of that move refuses it
    cards, held = move.cards, hand._held[hand._turn]
    if len(set(cards)) != len(cards):
        return Refusal(
            "ROOK-NEST-TAKE",
            lambda: f"{find_duplicate(cards)} is named twice: lay aside five different cards",
        )
    stranger = next((c for c in cards if c not in held), None)
    if stranger is not None:
        return Refusal(
            "ROOK-NEST-TAKE",
            lambda: (
                f"{who} does not hold {stranger}: the new nest is five of the fourteen cards "
                f"{who} holds ({listing(held)})"
            ),
        )
    if len(cards) != NEST_SIZE:
        return Refusal(
            "ROOK-NEST-TAKE",
            lambda: (
                f"{who} must lay exactly {NEST_SIZE} cards aside and keep {HAND_SIZE}, "
                f"not {len(cards)} ({listing(cards)})"
            ),
        )
    return None


@enforces("ROOK-TRUMP")
def trump(hand: HandState, attempt: Attempt) -> Refusal | None:
    """After the exchange the bidder names one colour as trump."""
    who, (player, move) = hand.players[hand._turn], attempt
    if hand.phase == "bid":  # asked of a hand set out with trump and no bid (from_position)
        return Refusal(
            "ROOK-TRUMP",
            lambda: "trump is named by the bidder after the auction: give bid=(player, amount)",
        )
    if hand.phase == "nest":  # asked of the bidder's trump before the lay-aside
        return Refusal(
            "ROOK-TRUMP",
            lambda: f"{who} names trump only after laying five cards aside as the new nest",
        )
    if hand.phase == "play":  # asked of the leader's trump once it is named
        return Refusal(
            "ROOK-TRUMP",
            lambda: f"trump is {hand.trump}, named once by {hand.bidder}; it stays",
        )
    if player != who:
        return Refusal("ROOK-TRUMP", lambda: f"only {who}, who won the auction, names trump")
    if move.kind == "play":
        return Refusal("ROOK-TRUMP", lambda: f"{who} must name trump before the first card is led")
    return None  # trump named, or a move whose own rule refuses it


class Exchange(HandState):
    """The exchange with the nest and the naming of trump the rules above allow, made (a
    part of RookHand)."""

    # -- making the moves ---------------------------------------------------------

    def _lay_aside(self, seat: int, move: RookMove) -> tuple[Fact, ...]:
        who, held = self.players[seat], self._held[seat]
        for c in move.cards:
            held.remove(c)
        self.nest = list(move.cards)
        self.phase = "trump"
        text = (
            "{} lays aside {} as the new nest ({} in counters, for whoever wins the last "
            "trick) and keeps {}"
        )
        # the new nest is face down: the others see five cards go down, not which
        public = "{0} lays five cards aside as the new nest (for whoever wins the last trick)"
        points = counters(move.cards)
        words = (who, Cards(move.cards), points, Cards(held))
        return (
            Fact(
                "lay-aside",
                ("ROOK-NEST-TAKE",),
                text,
                words,
                who,
                move.cards,
                value=points,
                seen_by=(who,),
                public=public,
            ),
        )

    def _name_trump(self, seat: int, move: RookMove) -> tuple[Fact, ...]:
        who = self.players[seat]
        self.trump = move.colour
        self.phase = "play"
        self._turn = self._leader = (self._dealer + 1) % 4  # ROOK-LEAD
        leader = self.players[self._turn]
        text = "{}, on the dealer's left, leads the first trick"
        return (
            Fact("trump", ("ROOK-TRUMP",), "{} names {} as trump", (who, self.trump), who),
            Fact("turn", ("ROOK-LEAD",), text, (leader,), leader),
        )
