"""Scoring a hand: made and set, the 120 counters, a contract's number, and ROOK-NEST-LAST
(the nest goes to whoever wins the last trick)."""

from __future__ import annotations

import pytest

from cardlib import NotationError, RuleViolation
from cardlib.rook import (
    DEFAULT_PLAYERS,
    RookHand,
    score_hand,
)
from cardlib.rook.cards import (
    counters,
)


@pytest.mark.parametrize(
    ("bidders", "bid", "taken", "points", "rule"),
    [
        ("NS", 95, {"NS": 120, "EW": 0}, {"NS": 120, "EW": 0}, "ROOK-SCORE-MADE"),
        ("NS", 95, {"NS": 100, "EW": 20}, {"NS": 100, "EW": 20}, "ROOK-SCORE-MADE"),
        ("NS", 95, {"NS": 90, "EW": 30}, {"NS": -95, "EW": 30}, "ROOK-SCORE-SET"),
        ("NS", 95, {"NS": 95, "EW": 25}, {"NS": 95, "EW": 25}, "ROOK-SCORE-MADE"),
        ("EW", 120, {"NS": 5, "EW": 115}, {"NS": 5, "EW": -120}, "ROOK-SCORE-SET"),
        ("East-West", 70, {"NS": 50, "EW": 70}, {"NS": 50, "EW": 70}, "ROOK-SCORE-MADE"),
    ],
    ids=[
        "article-took-120",
        "article-took-100",
        "article-took-90",
        "exactly-the-bid",
        "ew-set-at-120",
        "ew-made-70",
    ],
)
def test_scoring_made_and_set(bidders, bid, taken, points, rule):
    score = score_hand(bidders, bid, taken)
    assert score.points == points and score.rule == rule
    assert score.made is (rule == "ROOK-SCORE-MADE")


def test_set_explained_not_taken_minus_bid():
    text = score_hand("NS", 95, {"NS": 90, "EW": 30}).explain()
    assert "set, -95" in text and "not added" in text and "-5" not in text
    assert "East-West took 30: +30" in text


def test_scores_need_120_counters():
    with pytest.raises(RuleViolation) as err:
        score_hand("NS", 95, {"NS": 100, "EW": 30})
    assert err.value.rule == "ROOK-COUNT"
    with pytest.raises(NotationError):
        score_hand("NS", 95, {"NS": 120})
    with pytest.raises(NotationError):
        score_hand("XY", 95, {"NS": 120, "EW": 0})


@pytest.mark.parametrize("bid", [95.0, True, None, "9 5", b"95"])
def test_a_contract_is_a_whole_number_as_the_counters_are(bid):
    """Given as a number it is a whole one (95.0 was taken, while a take of 60.0 was
    refused); written as text, the digits of one ("95")."""
    with pytest.raises(NotationError):
        score_hand("NS", bid, {"NS": 90, "EW": 30})
    assert (
        score_hand("NS", " 95 ", {"NS": 90, "EW": 30}).points
        == score_hand("NS", 95, {"NS": 90, "EW": 30}).points
    )


# -- ROOK-NEST-LAST: the nest goes to whoever wins the last trick ---------------------------


def test_nest_goes_to_the_last_trick_not_to_the_bidder():
    # North bids, but West holds every green and green is trump: West wins all nine tricks
    # (everyone plays their highest legal card), so the nest's 60 go to East-West.
    deal = {
        "North": "R5 R6 R7 R8 R9 R10 R11 R12 R13",
        "East": "Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13",
        "South": "B5 B6 B7 B8 B9 B10 B11 B12 B13",
        "West": "G5 G6 G7 G8 G9 G10 G11 G12 G13",
    }
    hand = RookHand.from_position(
        DEFAULT_PLAYERS,
        deal,
        "R14 Y14 B14 G14 Rook",
        dealer="West",
        bid=("North", 70),
        trump="green",
    )
    while not hand.is_over:
        hand.play(max(hand.legal_moves(), key=lambda m: m.card.order))
    assert [t.winner for t in hand.tricks] == ["West"] * 9
    assert hand.nest_to == "West" and counters(hand.nest) == 60  # ROOK-NEST-LAST
    assert hand.counters_taken() == {"NS": 0, "EW": 120}
    assert hand.result().teams == {"NS": -70, "EW": 120}  # ROOK-SCORE-SET: the bidders are set
    assert "ROOK-SCORE-SET" in hand.log[-1].rules and "ROOK-NEST-LAST" in hand.log[-1].rules
