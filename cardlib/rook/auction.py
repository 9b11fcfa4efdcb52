"""The auction of a Rook hand: bids and passes, clockwise from the dealer's left, until all but
one have passed; the bidder then picks up the nest.

Each rule is a verdict on (who moves, the move), as :meth:`RookHand.rules_for` asks them.
"""

from __future__ import annotations

from cardlib.catalogue import enforces
from cardlib.game import Fact
from cardlib.rook.moves import BID_STEP, MAX_BID, MIN_BID, RookMove
from cardlib.rook.scoring import bid_amount_ok
from cardlib.rook.seats import team_of_seat as team
from cardlib.rook.state import Cards, HandState, and_words
from cardlib.rook.tricks import Refusal, Verdict


class Auction(HandState):
    """The rules of the auction and the bids and passes they allow (a part of RookHand)."""

    @enforces("ROOK-BID-ORDER")
    def _bid_order(self, who: str, move: RookMove) -> Verdict:
        """Bidding starts at the dealer's left and goes clockwise."""
        # The auction comes first: until it is won only bids and passes are made (the turn
        # goes clockwise from the dealer's left: see _next_bidder).
        if self.phase != "bid":
            return None
        doing = "lay cards aside" if move.kind == "lay aside" else move.kind
        return Refusal(
            "ROOK-BID-ORDER",
            lambda: f"the auction comes first: {who} must bid or pass before anyone can {doing}",
        )

    @enforces("ROOK-BID-PASS")
    def _next_bidder(self, seat: int) -> int:
        """A player who passes may not bid again in that hand."""
        # the turn goes clockwise (ROOK-BID-ORDER) and skips everyone who has passed
        nxt = (seat + 1) % 4
        while self._passed[nxt]:
            nxt = (nxt + 1) % 4
        return nxt

    def _bid_min(self, who: str, move: RookMove) -> Verdict:
        # ROOK-BID-MIN (bid_amount_ok): a bid is a multiple of 5 from 70 to 120
        amount = move.amount
        assert amount is not None
        if not bid_amount_ok(amount):
            return Refusal(
                "ROOK-BID-MIN",
                lambda: (
                    f"{who} cannot bid {amount}: bids are multiples of {BID_STEP} from "
                    f"{MIN_BID} to {MAX_BID} (all the counters in the pack)"
                ),
            )
        return ("ROOK-BID-MIN",) if self.high_bid is None else None  # the opening bid

    @enforces("ROOK-BID-RAISE")
    def _bid_raise(self, who: str, move: RookMove) -> Verdict:
        """Each bid is at least 5 more than the highest bid so far."""
        high, amount = self.high_bid, move.amount
        assert high is not None and amount is not None
        if amount >= high + BID_STEP:
            return ("ROOK-BID-RAISE",)
        return Refusal(
            "ROOK-BID-RAISE",
            lambda: (
                f"{who} cannot bid {amount}: the bid stands at {high} "
                f"({self.players[self._high]}), so the next bid is at least {high + BID_STEP}"
            ),
        )

    @enforces("ROOK-BID-WIN")
    def _bid_win(self, who: str, move: RookMove) -> Verdict:
        """When all others have passed, the highest bidder's team must take at least the bid in counters (a team target, not tricks)."""
        # Once the auction is won it is over: no more bids or passes.  (The contract is
        # scored by HandScore.made.)
        if self.phase == "bid":
            return None
        return Refusal(
            "ROOK-BID-WIN",
            lambda: (
                f"the auction is over: {self.bidder} won it at {self.bid}; no more bids or passes"
            ),
        )

    @enforces("ROOK-ALL-PASS")
    def _all_pass(self, who: str, move: RookMove) -> Verdict:
        """If nobody bids, the sources do not say what happens: a house rule (for example a redeal) made explicit as an option."""
        # With no house rule agreed, the dealer may not be the fourth to pass: what would
        # happen is what nobody agreed.  (The agreed rules are applied in _pass.)
        if not self._fourth_pass_barred():
            return None
        seat = self._turn
        others = and_words(self.players[(seat + i) % 4] for i in (1, 2, 3))
        return Refusal(
            "ROOK-ALL-PASS",
            lambda: (
                f"{others} have passed and nobody has bid; what happens if {who} passes too is a "
                f"house rule nobody agreed: {who} must bid at least {MIN_BID}, or the table "
                "agrees RookOptions(all_pass='redeal' or 'dealer-takes-70')"
            ),
        )

    def _fourth_pass_barred(self) -> bool:
        return sum(self._passed) == 3 and self._high < 0 and self.options.all_pass is None

    # -- making bids and passes ---------------------------------------------------

    def _bid(self, seat: int, move: RookMove, rules: tuple[str, ...]) -> tuple[Fact, ...]:
        who, amount = self.players[seat], move.amount
        self.high_bid, self._high, self.high_bid_rule = amount, seat, rules[0]
        said = Fact("bid", rules, "{} bids {}", (who, amount), who, value=amount)
        self._turn = self._next_bidder(seat)
        if self._turn == seat:  # everyone else has passed already
            return (said, *self._win_auction())
        return (said, self._next_fact())

    def _next_fact(self) -> Fact:
        nxt = self.players[self._turn]
        return Fact("turn", (), "{} is next", (nxt,), nxt)

    def _pass(self, seat: int) -> tuple[Fact, ...]:
        who = self.players[seat]
        self._passed[seat] = True
        said = Fact("pass", ("ROOK-BID-PASS",), "{} passes and is out of the auction", (who,), who)
        passes = sum(self._passed)
        if passes == 3 and self._high >= 0:
            return (said, *self._win_auction())
        if passes < 4:
            self._turn = self._next_bidder(seat)
            return (said, self._next_fact())
        # ROOK-ALL-PASS: all four passed, so the house rule the table agreed applies
        self.all_passed = True
        if self.options.all_pass == "redeal":
            self.phase, self.thrown_in = "over", True
            text = "all four have passed: the cards are thrown in and {} deals again (house rule)"
            return (said, Fact("hand-end", ("ROOK-ALL-PASS",), text, (self.dealer,), self.dealer))
        self.high_bid, self._high = MIN_BID, self._dealer
        text = "all four have passed, so {} (the dealer) takes the contract at {} (house rule)"
        takes = Fact(
            "all-pass", ("ROOK-ALL-PASS",), text, (self.dealer, MIN_BID), self.dealer, value=MIN_BID
        )
        return (said, takes, *self._win_auction())

    def _win_auction(self) -> tuple[Fact, Fact]:
        seat = self._high
        bidder = self.players[seat]
        self.bidder, self.bid = bidder, self.high_bid
        nest = self._pick_up_nest(seat)
        self.phase, self._turn = "nest", seat
        text = "{} wins the auction at {}: {} must take at least {} in counters"
        words = (bidder, self.bid, team(seat).label, self.bid)
        # ROOK-NEST-TAKE: the nest goes into the bidder's hand unseen by the others
        text2 = "{} picks up the nest ({}) and lays five cards aside"
        public = "{0} picks up the nest and lays five cards aside"
        return (
            Fact("auction-won", ("ROOK-BID-WIN",), text, words, bidder, value=self.bid),
            Fact(
                "nest",
                ("ROOK-NEST-TAKE",),
                text2,
                (bidder, Cards(nest)),
                bidder,
                tuple(nest),
                seen_by=(bidder,),
                public=public,
            ),
        )
