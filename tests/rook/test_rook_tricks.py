"""The article's worked hand as golden tests: the auction won at 95, the exchange, the nine
tricks totalling 120 and the play rulings (following, trumping, the Rook)."""

from __future__ import annotations

from cardlib.rook import (
    Team,
)
from cardlib.rook.cards import (
    ROOK,
    Colour,
    counters,
)
from tests.rook.hands import (
    AUCTION,
    BIDDERS,
    EAST,
    LAID_ASIDE,
    NORTH_KEPT,
    RED_13_LED,
    ROOK_LED,
    SOUTH,
    TRICKS,
    WEST,
    after_tricks,
    article_hand,
    auctioned,
    bird_forced,
    cards,
    in_play,
    plays,
    trumped,
)

# -- the article's worked examples (golden) --------------------------------------------------


def test_golden_auction_north_takes_the_contract_at_95():
    hand = article_hand()
    events = [hand.play(m, player=p) for m, p in zip(AUCTION, BIDDERS, strict=True)]
    assert [e.text.split(";")[0] for e in events[:3]] == [
        "North bids 70",
        "East bids 75",
        "South passes and is out of the auction",
    ]
    assert (hand.bidder, hand.bid) == ("North", 95)
    assert "North-South must take at least 95 in counters" in events[-1].text
    assert {"ROOK-BID-WIN", "ROOK-NEST-TAKE"} <= set(events[-1].rules)
    assert hand.high_bid == 95 and hand.bidders == Team.NS


def test_golden_exchange_lays_aside_5_points_and_names_green():
    hand = auctioned()
    event = hand.play(f"lay aside {LAID_ASIDE}")
    assert "(5 in counters" in event.text
    assert counters(hand.nest) == 5
    assert sorted(hand.hand_of("North"), key=lambda c: c.order) == sorted(
        cards(NORTH_KEPT), key=lambda c: c.order
    )
    hand.play("trump green")
    assert hand.trump is Colour.GREEN and hand.to_move == "North"
    for player, text in (("East", EAST), ("South", SOUTH), ("West", WEST)):
        assert set(hand.hand_of(player)) == set(cards(text))


def test_golden_nine_tricks_total_120():
    hand = trumped()
    for number, (text, winner, points) in enumerate(TRICKS, start=1):
        leader = plays(text)[0][0]
        assert hand.to_move == leader, f"trick {number} is led by {leader}"
        for player, move in plays(text):
            event = hand.play(move, player=player)
        trick = hand.tricks[-1]
        assert (trick.number, trick.winner, trick.counters) == (number, winner, points)
        assert trick.leader == leader
        assert f"trick {number} to {winner}" in event.text and f"counters {points}" in event.text
    assert sum(t.counters for t in hand.tricks) == 115
    assert hand.nest_to == "North" and counters(hand.nest) == 5  # ROOK-NEST-LAST
    assert hand.counters_taken() == {"NS": 120, "EW": 0}
    assert hand.result().teams == {"NS": 120, "EW": 0}  # ROOK-SCORE-MADE: 120, not 95
    assert hand.is_over and hand.to_move is None and len(hand.legal_moves()) == 0
    assert "North takes the nest with the last trick" in hand.log[-1].text
    assert "North-South bid 95 and took 120: made, +120" in hand.log[-1].text


def test_golden_narration_of_trick_2():
    hand = after_tricks(1, 3)
    event = hand.play("play Y7", player="East")
    assert event.text == "East plays Y7; trick 2 to North with G6 (trump), counters 0"
    assert event.rules == ("ROOK-FOLLOW", "ROOK-TRICK-WIN", "ROOK-RANK", "ROOK-COUNT")
    assert str(event).endswith("[ROOK-FOLLOW, ROOK-TRICK-WIN, ROOK-RANK, ROOK-COUNT]")
    assert hand.log[-4].text == "South leads Y13"


def test_golden_trick_2_north_may_trump_east_must_follow_yellow():
    hand = after_tricks(1, 2)
    assert "play G6" in hand.legal_moves()  # North has no yellow left: ROOK-VOID
    hand.play("play G6", player="North")
    assert [str(m) for m in hand.legal_moves()] == ["play Y7"]  # East sees trump, still follows
    assert "play G10" not in hand.legal_moves()


def test_golden_trick_6_east_void_plays_g10_and_loses_to_g11():
    hand = after_tricks(5, 3)
    assert "play G10" in hand.legal_moves()
    hand.play("play G10", player="East")
    assert hand.tricks[-1].winner == "North" and hand.tricks[-1].counters == 20  # Y14 + G10


def test_golden_ruling_red_13_led_north_may_play_the_rook_not_g6():
    hand = in_play(RED_13_LED)
    hand.play("play R13", player="East")
    hand.play("play R9", player="South")
    hand.play("play G14", player="West")  # West has no red and trumps with the 14
    moves = hand.legal_moves()
    assert [str(m) for m in moves] == ["play R14", "play Rook"]  # not G6, not B5, ...
    hand.play("play Rook", player="North")
    assert hand.tricks[-1].winner == "North" and hand.tricks[-1].winning_card is ROOK


def test_golden_trick_9_rook_led_south_must_play_g14():
    hand = after_tricks(8, 1)
    assert [str(m) for m in hand.legal_moves()] == ["play B8"]
    hand.play("play B8", player="East")
    assert [str(m) for m in hand.legal_moves()] == ["play G14"]
    event = hand.play("play G14", player="South")
    assert {"ROOK-BIRD-LEAD", "ROOK-FOLLOW"} <= set(event.rules)


def test_rook_led_with_other_trumps_in_hand_forces_trump():
    hand = in_play(ROOK_LED, dealer="West")
    hand.play("play Rook")
    hand.play("play R13")  # East has no green: anything
    assert [str(m) for m in hand.legal_moves()] == ["play G14"]


def test_lone_rook_is_forced_on_a_trump_lead():
    hand = bird_forced()
    hand.play("play G14", player="East")
    assert [str(m) for m in hand.legal_moves()] == ["play Rook"]
    assert "ROOK-BIRD-FORCED" in hand.play("play Rook").rules
    assert hand.tricks == [] and len(hand.current_trick) == 2
