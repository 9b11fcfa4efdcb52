"""Every ROOK- rule as tables of cases with readable ids: legal ones play and cite their
rules, illegal ones are refused with exactly their rule ID and a message in the state's words.
The rules by phase are test_rook_cards.py (the pack and notation), test_rook_auction.py
(teams, deal, auction, nest, trump, all-pass), test_rook_tricks.py (the article's hand played
out), test_rook_scoring.py (scoring, the nest's last trick), test_rook_game.py (a game to 300)
and test_rook_protocol.py."""

from __future__ import annotations

import pytest

from cardlib import RuleViolation
from cardlib.rook import (
    DEFAULT_PLAYERS,
    Event,
    RookGame,
    RookHand,
    RookMove,
    RookOptions,
)
from cardlib.rook.cards import (
    rook_deck,
)
from tests.rook.hands import (
    AUCTION,
    LAID_ASIDE,
    RED_13_LED,
    RED_13_PLAYS,
    ROOK_LED,
    after_tricks,
    article_hand,
    auctioned,
    bird_forced,
    in_play,
    snapshot,
    trumped,
)
from tests.support.rules import check_refusal

# -- refused moves: (id, build, moves before, refused move, player, rule) -----------------
#    move None: building refuses; "result": asking for the result refuses.

REFUSALS = [
    ("deck-duplicate-card", lambda: RookHand(deck=["R14"] * 41), [], None, None, "ROOK-DECK"),
    ("deck-forty-cards", lambda: RookHand(deck=rook_deck()[:40]), [], None, None, "ROOK-DECK"),
    (
        "deck-card-named-twice-in-a-position",
        lambda: RookHand.from_position(DEFAULT_PLAYERS, {"North": "R14 G6", "East": "G6"}),
        [],
        None,
        None,
        "ROOK-DECK",
    ),
    ("teams-three-players", lambda: RookHand(["A", "B", "C"]), [], None, None, "ROOK-TEAMS"),
    ("teams-five-players", lambda: RookGame(list("ABCDE")), [], None, None, "ROOK-TEAMS"),
    (
        "deal-ten-cards-for-one-player",
        lambda: RookHand.from_position(
            DEFAULT_PLAYERS, {"North": "R5 R6 R7 R8 R9 R10 R11 R12 R13 R14"}
        ),
        [],
        None,
        None,
        "ROOK-DEAL",
    ),
    ("deal-card-not-held", trumped, [], "play R13", "North", "ROOK-DEAL"),
    ("bid-order-wrong-player", article_hand, [], "bid 70", "East", "ROOK-BID-ORDER"),
    ("bid-order-card-during-auction", article_hand, [], "play R14", None, "ROOK-BID-ORDER"),
    ("bid-order-trump-during-auction", article_hand, [], "trump red", None, "ROOK-BID-ORDER"),
    ("bid-min-65", article_hand, [], "bid 65", None, "ROOK-BID-MIN"),
    ("bid-min-not-multiple-of-5", article_hand, [], "bid 72", None, "ROOK-BID-MIN"),
    ("bid-min-above-120", article_hand, [], "bid 125", None, "ROOK-BID-MIN"),
    ("bid-min-zero", article_hand, [], "bid 0", None, "ROOK-BID-MIN"),
    ("bid-raise-same-bid", article_hand, ["bid 80"], "bid 80", None, "ROOK-BID-RAISE"),
    ("bid-raise-lower-bid", article_hand, ["bid 80"], "bid 75", None, "ROOK-BID-RAISE"),
    ("bid-raise-after-120", article_hand, ["bid 120"], "bid 120", None, "ROOK-BID-RAISE"),
    ("bid-pass-then-bid", article_hand, AUCTION[:3], "bid 95", "South", "ROOK-BID-PASS"),
    ("bid-pass-then-pass-again", article_hand, AUCTION[:3], "pass", "South", "ROOK-BID-PASS"),
    ("bid-win-bid-after-auction", auctioned, [], "bid 100", None, "ROOK-BID-WIN"),
    ("bid-win-pass-during-play", trumped, [], "pass", None, "ROOK-BID-WIN"),
    (
        "all-pass-dealer-may-not-pass-unagreed",
        article_hand,
        ["pass", "pass", "pass"],
        "pass",
        None,
        "ROOK-ALL-PASS",
    ),
    (
        "all-pass-thrown-in-hand-takes-no-move",
        lambda: article_hand(options=RookOptions(all_pass="redeal")),
        ["pass", "pass", "pass", "pass"],
        "bid 70",
        None,
        "ROOK-ALL-PASS",
    ),
    ("nest-four-cards", auctioned, [], "lay aside R6 R7 R11 B11", None, "ROOK-NEST-TAKE"),
    (
        "nest-six-cards",
        auctioned,
        [],
        "lay aside R6 R7 R11 B11 R5 G6",
        None,
        "ROOK-NEST-TAKE",
    ),
    ("nest-card-not-held", auctioned, [], "lay aside R6 R7 R11 B11 Y5", None, "ROOK-NEST-TAKE"),
    ("nest-same-card-twice", auctioned, [], "lay aside R6 R6 R7 R11 B11", None, "ROOK-NEST-TAKE"),
    (
        "nest-other-player",
        auctioned,
        [],
        "lay aside R6 R7 R11 B11 R5",
        "East",
        "ROOK-NEST-TAKE",
    ),
    ("nest-play-before-exchange", auctioned, [], "play R14", None, "ROOK-NEST-TAKE"),
    (
        "nest-second-exchange",
        auctioned,
        [f"lay aside {LAID_ASIDE}"],
        "lay aside G6 G11 G13 B10 Y10",
        None,
        "ROOK-NEST-TAKE",
    ),
    ("trump-before-exchange", auctioned, [], "trump green", None, "ROOK-TRUMP"),
    (
        "trump-other-player",
        auctioned,
        [f"lay aside {LAID_ASIDE}"],
        "trump red",
        "East",
        "ROOK-TRUMP",
    ),
    (
        "trump-play-before-naming",
        auctioned,
        [f"lay aside {LAID_ASIDE}"],
        "play R14",
        None,
        "ROOK-TRUMP",
    ),
    ("trump-named-twice", trumped, [], "trump red", None, "ROOK-TRUMP"),
    (
        "trump-in-position-without-contract",
        lambda: RookHand.from_position(DEFAULT_PLAYERS, {}, trump="green"),
        [],
        None,
        None,
        "ROOK-TRUMP",
    ),
    ("lead-bidder-is-not-dealers-left", lambda: in_play({}), [], "play R14", "North", "ROOK-LEAD"),
    ("lead-loser-leads-next", lambda: after_tricks(1), [], "play Y13", "North", "ROOK-LEAD"),
    (
        "lead-out-of-turn-mid-trick",
        lambda: after_tricks(0, 1),
        [],
        "play Y12",
        "South",
        "ROOK-LEAD",
    ),
    ("lead-move-after-the-hand", lambda: after_tricks(9), [], "play Y11", None, "ROOK-LEAD"),
    ("lead-result-before-the-end", lambda: after_tricks(8), [], "result", None, "ROOK-LEAD"),
    ("follow-east-holds-y7", lambda: after_tricks(1, 3), [], "play G10", "East", "ROOK-FOLLOW"),
    ("follow-east-discard-black", lambda: after_tricks(1, 3), [], "play B6", "East", "ROOK-FOLLOW"),
    (
        "follow-plain-trump-is-no-excuse",
        lambda: in_play(RED_13_LED),
        RED_13_PLAYS,
        "play G6",
        "North",
        "ROOK-FOLLOW",
    ),
    (
        "follow-trump-led-plain-trumps-held",
        lambda: in_play(
            {"East": "G14 R5 R6 R7 R8 R9 R10 R11 R12", "South": "G5 G6 Y5 Y6 Y7 Y8 Y9 Y10 Y11"}
        ),
        ["play G14"],
        "play Y5",
        "South",
        "ROOK-FOLLOW",
    ),
    (
        "bird-lead-south-holds-g14",
        lambda: in_play(ROOK_LED, dealer="West"),
        ["play Rook", "play R13"],
        "play Y13",
        "South",
        "ROOK-BIRD-LEAD",
    ),
    ("bird-forced-only-trump", bird_forced, ["play G14"], "play Y8", "South", "ROOK-BIRD-FORCED"),
    (
        "bird-forced-no-hiding-in-red",
        bird_forced,
        ["play G14"],
        "play R9",
        "South",
        "ROOK-BIRD-FORCED",
    ),
]


@pytest.mark.parametrize(
    ("build", "before", "move", "player", "rule"),
    [r[1:] for r in REFUSALS],
    ids=[r[0] for r in REFUSALS],
)
def test_refused_with_its_rule(build, before, move, player, rule):
    check_refusal(build, before, move, player, rule, snapshot)


# -- the messages say what is wrong, in the state's words --------------------------------


@pytest.mark.parametrize(
    ("build", "before", "move", "player", "message"),
    [
        (
            lambda: after_tricks(1, 3),
            [],
            "play G10",
            "East",
            "East holds Y7 and must follow yellow",
        ),
        (
            lambda: in_play(RED_13_LED),
            RED_13_PLAYS,
            "play G6",
            "North",
            "North holds R14 and must follow red; a plain trump (G6) does not excuse following",
        ),
        (
            lambda: in_play(ROOK_LED, dealer="West"),
            ["play Rook", "play R13"],
            "play Y13",
            "South",
            "the Rook was led, which counts as a trump lead: South holds G14",
        ),
        (bird_forced, ["play G14"], "play Y8", "South", "South's only trump is the Rook"),
        (article_hand, [], "bid 72", None, "North cannot bid 72"),
        (article_hand, ["bid 80"], "bid 80", None, "the next bid is at least 85"),
        (article_hand, AUCTION[:3], "bid 95", "South", "South has passed"),
        (trumped, [], "play R13", "North", "North does not hold R13"),
        (article_hand, ["pass", "pass", "pass"], "pass", None, "North, East and South have passed"),
    ],
    ids=[
        "follow-yellow",
        "plain-trump",
        "bird-lead",
        "bird-forced",
        "bid-min",
        "bid-raise",
        "bid-pass",
        "not-held",
        "all-pass",
    ],
)
def test_refusal_quotes_the_state(build, before, move, player, message):
    hand = build()
    for m in before:
        hand.play(m)
    with pytest.raises(RuleViolation) as err:
        hand.play(move, player=player)
    assert message in err.value.message


# -- legal moves: (id, build, moves before, the move, player, rules the event cites) --------

LEGAL = [
    ("bid-min-70", article_hand, [], "bid 70", "North", {"ROOK-BID-MIN"}),
    ("bid-min-120", article_hand, [], "bid 120", "North", {"ROOK-BID-MIN"}),
    ("bid-raise-by-5", article_hand, ["bid 70"], "bid 75", "East", {"ROOK-BID-RAISE"}),
    ("bid-raise-by-more", article_hand, ["bid 70"], "bid 100", "East", {"ROOK-BID-RAISE"}),
    ("bid-pass", article_hand, [], "pass", "North", {"ROOK-BID-PASS"}),
    (
        "bid-win-third-pass",
        article_hand,
        AUCTION[:8],
        "pass",
        "West",
        {"ROOK-BID-WIN", "ROOK-NEST-TAKE"},
    ),
    (
        "all-pass-redeal",
        lambda: article_hand(options=RookOptions(all_pass="redeal")),
        ["pass"] * 3,
        "pass",
        "West",
        {"ROOK-ALL-PASS"},
    ),
    (
        "all-pass-dealer-takes-70",
        lambda: article_hand(options=RookOptions(all_pass="dealer-takes-70")),
        ["pass"] * 3,
        "pass",
        "West",
        {"ROOK-ALL-PASS", "ROOK-BID-WIN"},
    ),
    ("all-pass-dealer-may-bid", article_hand, ["pass"] * 3, "bid 70", "West", {"ROOK-BID-MIN"}),
    (
        "nest-counters-laid-aside",
        auctioned,
        [],
        "lay aside Y10 B5 R5 B10 R14",
        "North",
        {"ROOK-NEST-TAKE"},
    ),
    (
        "nest-rook-laid-aside",
        auctioned,
        [],
        "lay aside Rook R6 R7 R11 B11",
        "North",
        {"ROOK-NEST-TAKE"},
    ),
    (
        "trump-green",
        auctioned,
        [f"lay aside {LAID_ASIDE}"],
        "trump green",
        "North",
        {"ROOK-TRUMP", "ROOK-LEAD"},
    ),
    (
        "trump-any-colour",
        auctioned,
        [f"lay aside {LAID_ASIDE}"],
        "trump yellow",
        "North",
        {"ROOK-TRUMP"},
    ),
    (
        "lead-dealers-left-any-card",
        trumped,
        [],
        "play Rook",
        "North",
        {"ROOK-LEAD", "ROOK-BIRD-LEAD"},
    ),
    ("lead-east-on-north-deal", lambda: in_play(RED_13_LED), [], "play R13", "East", {"ROOK-LEAD"}),
    ("lead-trick-winner-leads", lambda: after_tricks(1), [], "play Y13", "South", {"ROOK-LEAD"}),
    ("follow-lower-card", lambda: after_tricks(0, 1), [], "play Y5", "East", {"ROOK-FOLLOW"}),
    ("follow-higher-card", lambda: after_tricks(0, 1), [], "play Y7", "East", {"ROOK-FOLLOW"}),
    ("void-trump-it", lambda: after_tricks(1, 2), [], "play G6", "North", {"ROOK-VOID"}),
    (
        "void-discard-other-colour",
        lambda: after_tricks(1, 2),
        [],
        "play R14",
        "North",
        {"ROOK-VOID"},
    ),
    (
        "bird-anytime-holding-r14",
        lambda: in_play(RED_13_LED),
        RED_13_PLAYS,
        "play Rook",
        "North",
        {"ROOK-BIRD-ANYTIME"},
    ),
    ("bird-anytime-when-void", lambda: after_tricks(1, 2), [], "play Rook", "North", {"ROOK-VOID"}),
    (
        "bird-lead-trump-follows",
        lambda: in_play(ROOK_LED, dealer="West"),
        ["play Rook", "play R13"],
        "play G14",
        "South",
        {"ROOK-BIRD-LEAD", "ROOK-FOLLOW"},
    ),
    (
        "bird-lead-void-of-trump",
        lambda: in_play(ROOK_LED, dealer="West"),
        ["play Rook"],
        "play R13",
        "East",
        {"ROOK-VOID"},
    ),
    (
        "bird-forced-rook-played",
        bird_forced,
        ["play G14"],
        "play Rook",
        "South",
        {"ROOK-BIRD-FORCED"},
    ),
    (
        "trick-win-highest-of-colour",
        lambda: after_tricks(0, 3),
        [],
        "play Y6",
        "West",
        {"ROOK-TRICK-WIN", "ROOK-RANK", "ROOK-COUNT"},
    ),
    (
        "trick-win-trump-beats-colour",
        lambda: after_tricks(1, 3),
        [],
        "play Y7",
        "East",
        {"ROOK-TRICK-WIN", "ROOK-COUNT"},
    ),
    (
        "bird-top-last-trick",
        lambda: after_tricks(8, 3),
        [],
        "play Y11",
        "West",
        {"ROOK-BIRD-TOP", "ROOK-NEST-LAST", "ROOK-SCORE-MADE"},
    ),
]


@pytest.mark.parametrize(
    ("build", "before", "move", "player", "cited"),
    [r[1:] for r in LEGAL],
    ids=[r[0] for r in LEGAL],
)
def test_legal_move_plays_and_cites_its_rules(build, before, move, player, cited):
    hand = build()
    for m in before:
        hand.play(m)
    assert hand.to_move == player
    assert move in hand.legal_moves()
    assert hand.phase == "nest" or RookMove.parse(move) in list(hand.legal_moves())
    event = hand.play(move, player=player)
    assert isinstance(event, Event) and event.player == player
    assert cited <= set(event.rules), event
    assert event.move == RookMove.parse(move)
