"""A game of several hands: ROOK-GAME (to 300), ROOK-DEALER and ROOK-SEAT-SWAP, and the
totals and counters a game can stand at."""

from __future__ import annotations

import random

import pytest

from cardlib import RuleViolation
from cardlib.bots import ask, random_bot
from cardlib.check import check_paths
from cardlib.errors import CardlibError as _CardlibError
from cardlib.rook import (
    DEFAULT_PLAYERS,
    RookGame,
    Team,
    game_winner,
    score_hand,
)
from cardlib.rook.scoring import check_totals, hand_scores
from tests.rook.hands import (
    AUCTION,
    EAST,
    LAID_ASIDE,
    NEST,
    NORTH_DEALT,
    SOUTH,
    TRICKS,
    WEST,
    article_game,
    play_article_hand,
    plays,
)

# -- ROOK-GAME, ROOK-DEALER, ROOK-SEAT-SWAP: a game of several hands ------------------------


@pytest.mark.parametrize(
    ("ns", "ew", "winner"),
    [
        (300, 100, Team.NS),
        (310, 200, Team.NS),
        (150, 305, Team.EW),
        (320, 305, Team.NS),
        (305, 320, Team.EW),
        (310, 310, None),
        (290, 295, None),
        (-50, 299, None),
    ],
    ids=[
        "reaches-300",
        "one-over",
        "ew-over",
        "both-over-ns-higher",
        "both-over-ew-higher",
        "tie-over-300",
        "nobody-yet",
        "ew-just-short",
    ],
)
def test_game_winner_table(ns, ew, winner):  # ROOK-GAME
    assert game_winner({"NS": ns, "EW": ew}) == winner


def test_game_one_team_over_300_wins():
    game = article_game(totals={"NS": 200, "EW": 250})
    event = play_article_hand(game)
    assert game.is_over and game.winner == Team.NS and game.result().teams == {"NS": 320, "EW": 250}
    assert "ROOK-GAME" in event.rules and "North-South reach 300" in event.text
    with pytest.raises(RuleViolation) as err:
        game.play("bid 70")
    assert err.value.rule == "ROOK-GAME"
    assert game.to_move is None and len(game.legal_moves()) == 0


def test_game_both_over_300_the_higher_wins():
    game = article_game(totals={"NS": 250, "EW": 275})
    facts = game.record_hand("NS", 70, {"NS": 80, "EW": 40})
    assert game.winner == Team.NS and game.totals == {"NS": 330, "EW": 315}
    assert any("ROOK-GAME" in f.rules for f in facts)


def test_game_tie_over_300_plays_another_hand():
    game = article_game(totals={"NS": 240, "EW": 280})
    facts = game.record_hand("NS", 70, {"NS": 80, "EW": 40})
    text = "; ".join(map(str, facts))
    assert not game.is_over and game.totals == {"NS": 320, "EW": 320}
    assert "another hand" in text and any("ROOK-GAME" in f.rules for f in facts)
    assert game.hand.phase == "bid" and game.hands_played == 1
    with pytest.raises(RuleViolation) as err:
        game.result()
    assert err.value.rule == "ROOK-GAME"


@pytest.mark.parametrize(
    ("totals", "winner"),
    [({"NS": 310, "EW": 290}, Team.NS), ({"NS": 120, "EW": 300}, Team.EW), ({"NS": 410}, Team.NS)],
)
def test_totals_that_already_decide_the_game_are_a_game_over(totals, winner):
    """ROOK-GAME decides the totals a game resumes from as it decides them after a played
    hand: 310 to 290 is over, not "another hand" (issue 33, item 9)."""
    game = RookGame(DEFAULT_PLAYERS, totals=totals, seed=1)
    assert game.is_over and game.winner == winner and game.to_move is None
    assert not list(game.legal_moves()) and game.result().winners
    for refused in (
        lambda: game.play("pass"),
        lambda: game.record_hand("NS", 70, {"NS": 80, "EW": 40}),
    ):
        with pytest.raises(RuleViolation) as err:
            refused()
        assert err.value.rule == "ROOK-GAME"
    assert game.totals == {"NS": 0, "EW": 0, **totals} and game.hands_played == 0
    with pytest.raises(RuleViolation) as err:  # a bot has no move: ROOK-GAME's refusal
        ask(random_bot, game, random.Random(1))
    seen = game.view("North").refusal
    assert seen is not None and (err.value.rule, err.value.message) == (seen.rule, seen.reason)
    assert err.value.rule == "ROOK-GAME" and "the game is over" in err.value.message
    tied = RookGame(DEFAULT_PLAYERS, totals={"NS": 310, "EW": 310}, seed=1)
    assert not tied.is_over and tied.to_move is not None  # a tie over 300 plays another hand


@pytest.mark.parametrize(
    ("totals", "rule"),
    [
        ({"NS": 500}, "ROOK-GAME"),  # 120 a hand at most: past 300 by 200
        ({"NS": 420, "EW": 290}, "ROOK-GAME"),  # 420 needs 300 tied before; then EW lost 10
        ({"NS": 400, "EW": 400}, "ROOK-GAME"),  # a tie over 300 comes from below: 345 at most
        ({"NS": 350, "EW": 350}, "ROOK-GAME"),
        ({"NS": 7}, "ROOK-COUNT"),
        ({"NS": 305, "EW": -3}, "ROOK-COUNT"),
    ],
)
def test_totals_no_game_can_stand_at_are_refused_when_the_game_is_made(totals, rule):
    """Issue 33, item 14: every hand scores multiples of 5 and the game ends in the hand a
    team first reaches 300, so these totals cannot be resumed."""
    with pytest.raises(RuleViolation) as err:
        RookGame(DEFAULT_PLAYERS, totals=totals, seed=1)
    assert err.value.rule == rule


def test_every_total_one_hand_can_give_a_game_in_progress_is_accepted():
    """The refusal is sound: from totals below 300 (near it, where a hand can end the game)
    every score of a hand (made or set, each contract, each take) gives totals a game can be
    resumed from, and from a tie over 300 reached that way one more hand does too."""
    scores = hand_scores()
    assert (120, 0) in scores and (-120, 5) in scores and (70, 50) in scores
    ties = set()
    for ns in range(250, 300, 5):
        for ew in range(200, 300, 5):
            for dns, dew in scores:
                after = {"NS": ns + dns, "EW": ew + dew}
                if max(after.values()) >= 300:
                    check_totals({Team.NS: after["NS"], Team.EW: after["EW"]})
                    if after["NS"] == after["EW"]:
                        ties.add(after["NS"])
    assert max(ties) == 345
    for tie in ties:
        for dns, dew in scores:
            check_totals({Team.NS: tie + dns, Team.EW: tie + dew})


def test_a_worked_example_resuming_from_impossible_totals_is_refused_at_them(tmp_path):
    example = tmp_path / "resume.yaml"
    example.write_text(
        "example: resumed past the end\nsource: a test\ngame: rook\n"
        "players: [North, East, South, West]\nsetup:\n  game:\n"
        "    totals: {NS: 500, EW: 250}\nsteps:\n  - North: pass\n",
        encoding="utf-8",
    )
    (report,) = check_paths([example])
    (problem,) = report.problems
    assert (problem.line, problem.rule) == (7, "ROOK-GAME")


@pytest.mark.parametrize(
    "taken",
    [{"NS": -5, "EW": 125}, {"NS": 130, "EW": -10}, {"NS": 7, "EW": 113}, {"NS": 93, "EW": 27}],
)
def test_counters_no_hand_can_give_are_refused(taken):
    """Every counter is a 5, a 10 or a 14 (worth 10) or the Rook (20): a team takes a
    multiple of 5 from 0 to 120 (ROOK-COUNT), whatever the two add up to (issue 33, item 8)."""
    with pytest.raises(RuleViolation) as err:
        score_hand("NS", 70, taken)
    assert err.value.rule == "ROOK-COUNT"
    game = RookGame(DEFAULT_PLAYERS, seed=2)
    before = (dict(game.totals), game.hands_played, game.dealer)
    with pytest.raises(RuleViolation):
        game.record_hand("NS", 70, taken)
    assert (game.totals, game.hands_played, game.dealer) == before


def test_a_hand_is_not_recorded_over_a_hand_in_play():
    """record_hand() while a hand is in play would throw its moves away: refused, the game
    unchanged, as stack() and record_all_pass() refuse it (issue 33, item 10)."""
    game = RookGame(DEFAULT_PLAYERS, seed=2)
    game.play("pass")
    before = (dict(game.totals), game.hands_played, list(game.history))
    with pytest.raises(_CardlibError):
        game.record_hand("NS", 70, {"NS": 80, "EW": 40})
    assert (game.totals, game.hands_played, list(game.history)) == before


def test_game_the_deal_passes_to_the_left():  # ROOK-DEALER
    game = article_game()
    event = play_article_hand(game)
    assert game.dealer == "North" and game.hand.dealer == "North" and game.to_move == "East"
    assert "ROOK-DEALER" in event.rules and "North deals next" in event.text


def test_game_first_dealer_is_cut_for():  # ROOK-DEALER
    game = RookGame(seed=3)
    final_cut = game.cut[-1]
    assert set(final_cut) <= set(game.players) and game.dealer in final_cut
    high = max(15 if c.number is None else c.number for c in final_cut.values())
    assert [p for p, c in final_cut.items() if (15 if c.number is None else c.number) == high] == [
        game.dealer
    ]
    assert all(len(set(rnd.values())) == len(rnd) for rnd in game.cut)


def test_seats_exchange_after_every_fourth_hand():  # ROOK-SEAT-SWAP
    names = ["Ann", "Ben", "Cy", "Di"]
    game = RookGame.from_position(
        names,
        {"Ann": NORTH_DEALT, "Ben": EAST, "Cy": SOUTH, "Di": WEST},
        NEST,
        dealer="Di",
        hands_played=3,
    )
    for move in [*AUCTION, f"lay aside {LAID_ASIDE}", "trump green"]:
        game.play(move)
    for text, _, _ in TRICKS:
        for _, move in plays(text):
            event = game.play(move)
    assert game.hands_played == 4 and "ROOK-SEAT-SWAP" in event.rules
    assert game.seating == ("Ann", "Di", "Cy", "Ben")  # East and West change places
    assert {game.hand.team_of("Ben"), game.hand.team_of("Di")} == {Team.EW}  # partners stay
    assert game.hand.team_of("Ann") == game.hand.team_of("Cy") == Team.NS
    # the person on the dealer's left deals next: Di dealt and now sits East, so Cy (South)
    assert game.dealer == "Cy"


def test_no_seat_exchange_before_the_fourth_hand():
    game = article_game(hands_played=1)
    event = play_article_hand(game)
    assert game.seating == DEFAULT_PLAYERS and "ROOK-SEAT-SWAP" not in event.rules
