"""Before the first trick: teams, the deal, the auction, the nest and trump, all passing
(ROOK-TEAMS, ROOK-DEAL, ROOK-BID-*, ROOK-LEAD, ROOK-NEST-TAKE, ROOK-TRUMP, ROOK-ALL-PASS)."""

from __future__ import annotations

import pytest

from cardlib import NotationError
from cardlib.rook import (
    DEFAULT_PLAYERS,
    RookGame,
    RookHand,
    RookMove,
    RookOptions,
    Seat,
    Team,
)
from cardlib.rook.cards import (
    counters,
    rook_deck,
)
from tests.rook.hands import (
    AUCTION,
    BIDDERS,
    LAID_ASIDE,
    NEST,
    NORTH_DEALT,
    article_hand,
    auctioned,
    cards,
)

# -- ROOK-TEAMS, ROOK-DEAL, ROOK-BID-ORDER, ROOK-LEAD --------------------------------------


def test_teams_north_south_against_east_west():
    hand = RookHand(["Ann", "Ben", "Cy", "Di"])
    assert [hand.team_of(p) for p in hand.players] == [Team.NS, Team.EW, Team.NS, Team.EW]
    assert hand.partner_of("Ann") == "Cy" and hand.partner_of("Di") == "Ben"
    assert [s.team for s in Seat] == [Team.NS, Team.EW, Team.NS, Team.EW]
    assert RookHand().players == DEFAULT_PLAYERS == ("North", "East", "South", "West")
    # the hand, a seat's view and the result all ask the one seating: partners share a team
    seen = hand.view("Ben")
    for p in hand.players:
        partner = hand.partner_of(p)
        assert partner != p and hand.team_of(partner) == hand.team_of(p)
        assert seen.partner_of(p) == partner
    done = RookHand.from_position(hand.players, {}, bid=("Ben", 70), trump="red")
    while not done.is_over:
        done.make(done.legal_moves().now()[0])
    scores = done.result()
    assert all(scores[p] == scores.teams[done.team_of(p)] for p in done.players)


@pytest.mark.parametrize("dealer", DEFAULT_PLAYERS)
def test_deal_from_the_dealers_left_with_the_nest_interleaved(dealer):
    deck = rook_deck()  # in pack order, so we know where each card went
    hand = RookHand(dealer=dealer, deck=deck)
    first = (DEFAULT_PLAYERS.index(dealer) + 1) % 4
    order = [DEFAULT_PLAYERS[(first + i) % 4] for i in range(4)]
    # rounds 1-5: four players then the nest; rounds 6-9: the four players
    expected = {
        p: [deck[5 * r + i] for r in range(5)] + [deck[25 + 4 * r + i] for r in range(4)]
        for i, p in enumerate(order)
    }
    assert hand.nest == [deck[5 * r + 4] for r in range(5)]
    for p in DEFAULT_PLAYERS:
        assert sorted(hand.hand_of(p), key=lambda c: c.order) == expected[p]
    assert hand.to_move == order[0]  # ROOK-BID-ORDER: the dealer's left bids first


def test_seeded_deal_is_reproducible():
    assert RookHand(seed=5).hands == RookHand(seed=5).hands != RookHand(seed=6).hands


def test_bidding_goes_clockwise_and_skips_who_passed():
    hand = article_hand()
    for move, who in zip(AUCTION, BIDDERS, strict=True):
        assert hand.to_move == who
        hand.play(move, player=who)
    assert hand.passed("South") and hand.passed("East") and not hand.passed("North")


def test_first_lead_is_the_dealers_left_not_the_bidder():  # ROOK-LEAD
    hand = RookHand.from_position(
        DEFAULT_PLAYERS, {}, dealer="South", bid=("East", 80), trump="red"
    )
    assert hand.to_move == "West" and hand.bidder == "East"


# -- ROOK-BID-WIN, ROOK-NEST-TAKE, ROOK-TRUMP ----------------------------------------------


def test_auction_won_the_bidder_picks_up_the_nest():
    hand = auctioned()
    assert (hand.bidder, hand.bid, hand.bidders) == ("North", 95, Team.NS)
    assert hand.phase == "nest" and hand.to_move == "North" and hand.nest == []
    assert sorted(hand.hand_of("North"), key=lambda c: c.order) == sorted(
        cards(f"{NORTH_DEALT} {NEST}"), key=lambda c: c.order
    )


def test_counters_may_be_laid_aside_and_the_bidder_keeps_nine():
    hand = auctioned()
    hand.play("lay aside Rook Y10 R14 B5 R5")  # 20 + 10 + 10 + 5 + 5
    assert counters(hand.nest) == 50 and len(hand.hand_of("North")) == 9
    assert hand.phase == "trump" and hand.to_move == "North"


def test_a_bid_of_120_ends_the_bidding_only_when_the_others_pass():
    hand = article_hand()
    hand.play("bid 120")
    assert list(hand.legal_moves()) == [RookMove.parse("pass")]
    for _ in range(3):
        hand.play("pass")
    assert (hand.bidder, hand.bid) == ("North", 120)


def test_from_position_after_the_auction_puts_the_nest_in_the_bidders_hand():
    hand = RookHand.from_position(
        DEFAULT_PLAYERS, {"North": NORTH_DEALT}, NEST, dealer="West", bid=("North", 95)
    )
    assert hand.phase == "nest" and len(hand.hand_of("North")) == 14
    assert f"lay aside {LAID_ASIDE}" in hand.legal_moves()


# -- ROOK-ALL-PASS --------------------------------------------------------------------------


def test_all_pass_unagreed_the_dealer_must_bid():
    hand = article_hand()
    for _ in range(3):
        hand.play("pass")
    moves = hand.legal_moves()
    assert "pass" not in moves and len(moves) == 11 and "bid 70" in moves


def test_all_pass_redeal_throws_the_cards_in():
    hand = article_hand(options=RookOptions(all_pass="redeal"))
    for _ in range(4):
        event = hand.play("pass")
    assert hand.is_over and hand.thrown_in and hand.to_move is None
    assert hand.result().teams == {"NS": 0, "EW": 0} and len(hand.legal_moves()) == 0
    assert "thrown in" in event.text and "ROOK-ALL-PASS" in event.rules


def test_all_pass_dealer_takes_70():
    hand = article_hand(options=RookOptions(all_pass="dealer-takes-70"))
    for _ in range(4):
        hand.play("pass")
    assert (hand.bidder, hand.bid, hand.bidders) == ("West", 70, Team.EW)
    assert hand.phase == "nest" and len(hand.hand_of("West")) == 14


def test_all_pass_options_are_checked():
    with pytest.raises(NotationError):
        RookOptions(all_pass="shuffle")  # type: ignore[arg-type]
    assert "not agreed" not in RookOptions().describe()
    assert "dealer" in RookOptions().describe()


def test_a_thrown_in_hand_is_dealt_again_by_the_same_dealer():
    game = RookGame.from_position(
        DEFAULT_PLAYERS,
        {"North": NORTH_DEALT},
        NEST,
        dealer="West",
        options=RookOptions(all_pass="redeal"),
    )
    for _ in range(4):
        event = game.play("pass")
    assert game.dealer == "West" and game.hands_played == 0 and not game.is_over
    assert game.hand.phase == "bid" and game.to_move == "North" and game.hand.log == []
    assert "ROOK-ALL-PASS" in event.rules
