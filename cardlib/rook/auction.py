"""The auction of a Rook hand: bids and passes, clockwise from the dealer's left, until all but
one have passed; the bidder then picks up the nest.

Each rule is ``rule(hand, attempt) -> Refusal | None``, as :meth:`RookHand.refusal` asks them:
the phase is settled once, by the rules it asks (:data:`cardlib.rook.hand.RULES`), so a
rule of the auction's turn is asked only while the auction goes on.
"""

from __future__ import annotations

from cardlib.catalogue import enforces
from cardlib.game import Fact
from cardlib.refusal import Refusal
from cardlib.rook.moves import BID_STEP, MAX_BID, MIN_BID, RookMove
from cardlib.rook.seats import team_of_seat as team
from cardlib.rook.state import Attempt, Cards, HandState, and_words

# Each rule of a move is ``rule(hand, attempt) -> Refusal | None`` (asked in order by
# RookHand.refusal, through cardlib.refusal.first_refusal): its refusal, the words written
# when read, or None when it lets the move through.


@enforces("ROOK-BID-PASS")
def bid_pass(hand: HandState, attempt: Attempt) -> Refusal | None:
    """A player who passes may not bid again in that hand."""
    # (the turn skips everyone who has passed: Auction._next_bidder)
    who, player = hand.players[hand._turn], attempt.who
    if player == who or not hand._passed[hand.players.index(player)]:
        return None
    return Refusal(
        "ROOK-BID-PASS",
        lambda: f"{player} has passed and may not bid again this hand; it is {who}'s turn",
    )


@enforces("ROOK-BID-ORDER")
def bid_order(hand: HandState, attempt: Attempt) -> Refusal | None:
    """Bidding starts at the dealer's left and goes clockwise."""
    # The auction comes first, in turn (the turn goes clockwise from the dealer's left: see
    # Auction._next_bidder): until it is won only bids and passes are made.
    who, (player, move) = hand.players[hand._turn], attempt
    if player != who:
        return Refusal(
            "ROOK-BID-ORDER",
            lambda: (
                f"it is {who}'s turn to bid, not {player}'s: the auction goes clockwise "
                f"from the dealer's left ({hand.dealer} deals)"
            ),
        )
    if move.kind in ("bid", "pass"):
        return None
    doing = "lay cards aside" if move.kind == "lay aside" else move.kind
    return Refusal(
        "ROOK-BID-ORDER",
        lambda: f"the auction comes first: {who} must bid or pass before anyone can {doing}",
    )


@enforces("ROOK-BID-MIN")
def bid_min(hand: HandState | None, attempt: Attempt) -> Refusal | None:
    """The opening bid is at least 70; bids are multiples of 5 (120 is the most that can be taken)."""
    # every bid, the opening and each raise (ROOK-BID-RAISE), and every contract set out
    # without an auction (scoring.contract asks with no hand)
    who, amount = attempt.who, attempt.move.amount
    assert amount is not None
    if MIN_BID <= amount <= MAX_BID and amount % BID_STEP == 0:
        return None
    if hand is None:
        return Refusal(
            "ROOK-BID-MIN",
            lambda: (
                f"a contract of {amount} is impossible: bids are multiples of {BID_STEP} "
                f"from {MIN_BID} to {MAX_BID}"
            ),
        )
    return Refusal(
        "ROOK-BID-MIN",
        lambda: (
            f"{who} cannot bid {amount}: bids are multiples of {BID_STEP} from "
            f"{MIN_BID} to {MAX_BID} (all the counters in the pack)"
        ),
    )


@enforces("ROOK-BID-RAISE")
def bid_raise(hand: HandState, attempt: Attempt) -> Refusal | None:
    """Each bid is at least 5 more than the highest bid so far."""
    high, who, amount = hand.high_bid, attempt.who, attempt.move.amount
    assert amount is not None
    if high is None or amount >= high + BID_STEP:  # the opening bid, or a raise
        return None
    return Refusal(
        "ROOK-BID-RAISE",
        lambda: (
            f"{who} cannot bid {amount}: the bid stands at {high} "
            f"({hand.players[hand._high]}), so the next bid is at least {high + BID_STEP}"
        ),
    )


@enforces("ROOK-BID-WIN")
def bid_win(hand: HandState, attempt: Attempt) -> Refusal | None:
    """When all others have passed, the highest bidder's team must take at least the bid in counters (a team target, not tricks)."""
    # Once the auction is won it is over: no more bids or passes.  (The contract is
    # scored by HandScore.made.)
    if hand.phase == "bid":
        return None
    return Refusal(
        "ROOK-BID-WIN",
        lambda: f"the auction is over: {hand.bidder} won it at {hand.bid}; no more bids or passes",
    )


@enforces("ROOK-ALL-PASS")
def all_pass(hand: HandState, attempt: Attempt | None) -> Refusal | None:
    """If nobody bids, the sources do not say what happens: a house rule (for example a redeal) made explicit as an option."""
    # Asked with no move (RookGame.record_all_pass): a hand recorded as all four passing, its
    # four passes made.  Thrown in (redeal), it is recorded; under "dealer-takes-70" the
    # hand is played, so it is recorded by its bid and what each team took instead.
    if attempt is None:
        if hand.thrown_in:
            return None
        return Refusal(
            "ROOK-ALL-PASS",
            lambda: (
                f"when all four pass the dealer's team takes the contract at {hand.bid} "
                "(the house rule agreed), so the hand is played: record its bid and what "
                "each team took"
            ),
        )
    # Under the house rule "redeal" the cards of a hand all four passed are thrown in
    # (Auction._pass): the hand is over, and every move is refused.
    if hand.thrown_in:
        return Refusal(
            "ROOK-ALL-PASS",
            lambda: (
                "all four passed and the cards were thrown in (house rule): this hand is over; "
                "the same dealer deals again"
            ),
        )
    # With no house rule agreed, the dealer may not be the fourth to pass: what would
    # happen is what nobody agreed.  (The agreed rules are applied in Auction._pass.)
    if not (sum(hand._passed) == 3 and hand._high < 0 and hand.options.all_pass is None):
        return None
    who, seat = attempt.who, hand._turn
    others = and_words(hand.players[(seat + i) % 4] for i in (1, 2, 3))
    return Refusal(
        "ROOK-ALL-PASS",
        lambda: (
            f"{others} have passed and nobody has bid; what happens if {who} passes too is a "
            f"house rule nobody agreed: {who} must bid at least {MIN_BID}, or the table "
            "agrees RookOptions(all_pass='redeal' or 'dealer-takes-70')"
        ),
    )


class Auction(HandState):
    """The bids and passes the rules above allow, made (a part of RookHand)."""

    def _next_bidder(self, seat: int) -> int:
        # the turn goes clockwise (ROOK-BID-ORDER) and skips everyone who has passed
        # (ROOK-BID-PASS)
        nxt = (seat + 1) % 4
        while self._passed[nxt]:
            nxt = (nxt + 1) % 4
        return nxt

    # -- making bids and passes ---------------------------------------------------

    def _bid(self, seat: int, move: RookMove) -> tuple[Fact, ...]:
        who, amount = self.players[seat], move.amount
        # the opening bid stands by ROOK-BID-MIN, every later one by ROOK-BID-RAISE
        rules = ("ROOK-BID-MIN",) if self.high_bid is None else ("ROOK-BID-RAISE",)
        self.high_bid, self._high = amount, seat
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
