"""The plain state of a Rook hand, which its rules read and its moves change.

:class:`HandState` is the base of :class:`cardlib.rook.hand.RookHand`; the rules of each part
of the hand are written beside the moves they judge, in :mod:`cardlib.rook.auction` (the
bidding), :mod:`cardlib.rook.nest` (the exchange with the nest and trump) and
:mod:`cardlib.rook.hand` (the tricks).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal, NamedTuple, TypedDict

from cardlib import arguments
from cardlib.arguments import flag
from cardlib.errors import NotationError
from cardlib.game import Event
from cardlib.rook.cards import Colour, RookCard
from cardlib.rook.moves import RookMove
from cardlib.rook.seats import RookOptions, seated
from cardlib.rook.tricks import Trick, listing

if TYPE_CHECKING:
    from cardlib.rook.scoring import HandScore

Phase = Literal["bid", "nest", "trump", "play", "over"]


class Position(TypedDict, total=False):
    """The keywords of :meth:`RookHand.from_position` (and :meth:`RookGame.from_position`).

    ``dealer`` (default: the last player, West); ``bid=(player, amount)``: the auction is
    over; ``trump``: and the exchange with the nest is done; ``options``; ``seed`` for the
    cards not named; ``record`` (default True): keep the log of events.
    """

    dealer: str | None
    bid: tuple[str, int] | None
    trump: Colour | str | None
    options: RookOptions | None
    seed: int | str | float | None
    record: bool


class Attempt(NamedTuple):
    """A move tried: who tries it, and the move.  Every rule of a move is asked
    ``rule(hand, attempt) -> Refusal | None``."""

    who: str
    move: RookMove


class Cards(tuple[RookCard, ...]):
    """Cards in a fact's words, written out (``R5 G14 Rook``) when the narration is read."""

    def __str__(self) -> str:
        return listing(self)


class HandState:
    """Who sits where, the cards of each seat, the nest, the auction so far, trump and the
    tricks: plain lists and values."""

    def _setup(
        self,
        players: Sequence[str],
        dealer: str | None,
        options: RookOptions | None,
        seed: int | str | float | None,
        record: bool = True,
    ) -> None:
        self.players: tuple[str, ...] = seated(players)
        self.dealer: str = self.players[-1] if dealer is None else self._player(dealer)
        self._dealer = self.players.index(self.dealer)
        self.options = RookOptions.of(options)
        self.seed = arguments.seed(seed)
        self._record = flag(record, "record")
        #: every move's event, in order (kept empty with ``record=False``)
        self.log: list[Event] = []
        #: each seat's cards, in pack order (by colour, low to high, the Rook last)
        self._held: list[list[RookCard]] = [[], [], [], []]
        self.nest: list[RookCard] = []
        self.phase: Phase = "bid"
        self._turn = (self._dealer + 1) % 4  # ROOK-BID-ORDER
        # the auction
        self.high_bid: int | None = None
        self._high = -1  # the seat of the highest bid
        self._passed = [False, False, False, False]
        #: True once all four passed and a house rule settled it (ROOK-ALL-PASS)
        self.all_passed = False
        self.bidder: str | None = None
        self.bid: int | None = None
        # the tricks
        self.trump: Colour | None = None
        self.tricks: list[Trick] = []
        self._trick: list[RookCard] = []  # the trick in progress, the lead first
        self._leader = 0
        self.nest_to: str | None = None
        self.thrown_in = False
        self.score: HandScore | None = None

    def _player(self, name: str | None) -> str:
        if name not in self.players:
            raise NotationError(
                f"{name!r} is not a player here: the players are {', '.join(self.players)}"
            )
        return name

    def _pick_up_nest(self, seat: int) -> list[RookCard]:
        nest = self.nest
        self._held[seat] = sorted([*self._held[seat], *nest], key=lambda c: c.order)
        self.nest = []
        return nest


def and_words(words: Iterable[str]) -> str:
    w = list(words)
    return w[0] if len(w) == 1 else f"{', '.join(w[:-1])} and {w[-1]}"
