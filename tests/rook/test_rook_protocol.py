"""The Rook engine and the protocol: history, copies, results, odd input getting cardlib's
errors only (issue 11), and every ROOK- rule enforced by one marked function and asserted by
a case of the Rook rule tests."""

from __future__ import annotations

import pickle
import random
import re
from pathlib import Path

import pytest

from cardlib import NotationError, RuleViolation, rules
from cardlib.errors import CardlibError as _CardlibError
from cardlib.rook import (
    DEFAULT_PLAYERS,
    RookGame,
    RookHand,
    RookMove,
    RookOptions,
)
from cardlib.rook import RookGame as _RookGame
from cardlib.rook import RookHand as _RookHand
from cardlib.rook.cards import Colour as _Colour
from cardlib.rook.cards import (
    RookCard,
    rook_deck,
)
from cardlib.rook.cards import counters as _counters
from cardlib.rook.scoring import game_winner as _game_winner
from cardlib.rook.scoring import score_hand as _score_hand
from cardlib.rook.tricks import trick_winner as _trick_winner
from tests.rook.hands import (
    AUCTION,
    after_tricks,
    article_hand,
)

# -- the protocol -------------------------------------------------------------------------


def test_history_log_describe_and_copy():
    hand = after_tricks(2)
    assert len(hand.history) == len(hand.log) == len(AUCTION) + 2 + 8
    assert hand.history[0] == ("North", RookMove.parse("bid 70"))
    assert "green is trump; trick 3" in hand.describe() and "North to play" in hand.describe()
    twin = hand.copy()
    twin.play("play G13")
    assert len(twin.log) == len(hand.log) + 1 and "play G13" in hand.legal_moves()
    assert repr(hand).startswith("<RookHand Rook (tournament-1988)")


def test_unknown_player_is_a_notation_error():
    with pytest.raises(NotationError):
        article_hand().play("bid 70", player="Nobody")


#: the Rook rule tests, by phase
PARTS = ["rules", "cards", "auction", "tricks", "scoring", "game", "protocol"]


def test_every_rook_rule_is_enforced_by_one_marked_function_and_tested_here():
    """Each rule has its one function in the engine (marked with ``enforces``), whose
    docstring is the rule in a line, and a case of the rule tests (split by phase) asserting it."""
    here = "".join((Path(__file__).parent / f"test_rook_{part}.py").read_text() for part in PARTS)
    ids = [r.id for r in rules.for_game("rook")]
    assert len(ids) == 27
    for rule_id in ids:
        fn = rules[rule_id].enforced_by
        assert fn is not None, f"{rule_id} has no function marked as enforcing it"
        assert fn.__module__.startswith("cardlib.rook."), (rule_id, fn.__module__)
        assert fn.__doc__ and "\n" not in fn.__doc__.strip(), f"{rule_id}: a one-line docstring"
        assert re.search(rf'"{rule_id}"', here), f"{rule_id} has no case asserting it"


# -- odd input gets cardlib's errors only (issue 11) ----------------------------------------

HUGE = "9" * 5000


@pytest.mark.parametrize(
    "text",
    [f"play r{HUGE}", f"r{HUGE}", f"bid {HUGE}", f"lay aside R5 r{HUGE}", "bid ²", "play G²"],
)
def test_odd_notation_is_a_notation_error_and_not_a_legal_move(text):
    with pytest.raises(NotationError):
        RookMove.parse(text)
    hand = RookHand(seed=1)
    assert text not in hand.legal_moves()
    with pytest.raises(NotationError):
        hand.play(text)


def test_a_card_of_many_digits_is_not_a_card():
    with pytest.raises(NotationError):
        RookCard.parse("r" + HUGE)


@pytest.mark.parametrize("who", [[], {}, 5, None.__class__])
def test_odd_player_is_a_notation_error(who):
    hand = RookHand(seed=1)
    with pytest.raises(NotationError):
        hand.play("bid 70", player=who)
    assert hand.history == []


@pytest.mark.parametrize("thing", [[], {}, 5, None, ("bid", 70)])
def test_odd_objects_are_not_in_the_legal_moves(thing):
    assert thing not in RookHand(seed=1).legal_moves()


def test_the_engines_conform_to_the_protocol():
    from cardlib.game import Game

    hand, game = RookHand(seed=1), RookGame(seed=1)
    assert isinstance(hand, Game) and isinstance(game, Game)
    assert hand.game == game.game == "rook"


def test_result_is_per_player_with_teams_and_winners():
    hand = RookHand.from_position(
        DEFAULT_PLAYERS, {}, dealer="South", bid=("East", 80), trump="red", seed=4
    )
    rng = random.Random(4)
    while not hand.is_over:
        hand.play(rng.choice(hand.legal_moves()))
    result = hand.result()
    assert result["North"] == result["South"] == result.teams["NS"]
    assert result["East"] == result["West"] == result.teams["EW"]
    top = max(result.teams.values())
    assert {p for p in result.winners} == {p for p in hand.players if result[p] == top}


def test_copy_is_independent_of_the_original():
    hand = RookHand(seed=2)
    other = hand.copy()
    other.play("bid 70")
    assert hand.history == [] and hand.high_bid is None and other.high_bid == 70
    assert "bid 70" in hand.legal_moves() and "bid 70" not in other.legal_moves()


def test_a_view_kept_across_a_move_is_live():
    hand = RookHand(seed=1)
    view = hand.legal_moves()
    hand.play("bid 70")
    assert "bid 70" not in view and RookMove.parse("bid 70") not in list(view)


def test_a_recorded_hand_deals_the_next_when_it_is_first_looked_at(monkeypatch):
    """After a hand ends the next is dealt: its seed is drawn at once, its cards laid out when
    first looked at, so a game replayed from records lays out no hand it never plays, and
    the hands are the same whenever they are looked at."""
    import cardlib.rook.game as engine  # where RookGame makes its hands

    records = [("NS", 120, {"NS": 60, "EW": 60}), ("EW", 120, {"NS": 60, "EW": 60})] * 3

    def replay(look: bool) -> RookGame:
        game = RookGame(seed=11)
        for bidders, bid, taken in records:
            game.record_hand(bidders, bid, taken)
            if look:
                game.hand.hand_of(game.hand.players[0])
        return game

    eager, lazy = replay(True), replay(False)
    made: list[object] = []
    real = engine.RookHand.__init__

    def counting(self, *args, **kwargs):
        made.append(self)
        real(self, *args, **kwargs)

    monkeypatch.setattr(engine.RookHand, "__init__", counting)
    lazy_copy = replay(False)
    assert len(made) == 1  # the first hand only; the six after the records are not laid out
    for game in (lazy, lazy_copy, lazy.copy()):
        assert game.dealer == eager.dealer and game.seating == eager.seating
        for p in eager.players:
            assert game.hand.hand_of(p) == eager.hand.hand_of(p)
        assert game.hand.nest == eager.hand.nest
    assert len(made) == 4  # laid out when looked at: lazy's, lazy_copy's and the copy's


# -- issue 19: the reproductions, each refused in cardlib's words and changing nothing ------

_N4 = ["North", "East", "South", "West"]


@pytest.mark.parametrize(
    "call",
    [
        lambda: _RookGame(_N4, dealer="West", hands_played="x"),
        lambda: _RookGame(_N4, dealer="D"),
        lambda: _RookGame(_N4, cut={"North": "R5"}),
        lambda: _RookGame(_N4, dealer="West", totals={"NS": "1e3"}),
        lambda: _RookHand(options="redeal"),
        lambda: _RookHand(seed=[1]),
        lambda: _RookHand.from_position(_N4, {}, bid={"North": 95}, trump="green"),
        lambda: _RookHand.from_position(_N4, {}, bid=("North",)),
        lambda: _RookHand.from_position(_N4, {}, bid=("North", 95), trump="purple"),
        lambda: _game_winner({"NS": 310}),
        lambda: _trick_winner([], _Colour.RED),
        lambda: _score_hand("NS", 95, {"NS": "lots", "EW": 1}),
        lambda: _counters(5),
    ],
)
def test_the_issues_reproductions_are_refused_in_cardlibs_words(call):
    with pytest.raises(_CardlibError):
        call()


def test_cards_may_be_written_in_notation_where_the_rules_take_cards():
    assert _counters("R5 R10") == 15
    assert _trick_winner(["R5", "R6", "R7", "R8"], "green") == 3
    assert _trick_winner(["R5", "G6"], _Colour.GREEN) == 1


def test_a_refused_hand_record_changes_nothing():
    """``record_hand`` used to change the totals and then raise half-way."""
    game = _RookGame(_N4, dealer="West")
    game.record_hand("NS", 95, {"NS": 100, "EW": 20})
    before = (dict(game.totals), list(game.scores), game.hands_played, game.dealer)
    for taken in ({"NS": "x", "EW": 20}, {"NS": 100}, {"NS": 100, "EW": 30}, [100, 20]):
        with pytest.raises(_CardlibError):
            game.record_hand("NS", 95, taken)  # type: ignore[arg-type]
        assert (dict(game.totals), list(game.scores), game.hands_played, game.dealer) == before


# -- issue 20: a game played on across hands from named deals; a hand everybody passed ----


def test_a_game_deals_its_hands_from_the_deals_given_in_turn_then_from_the_seed():
    deck = [str(c) for c in rook_deck()]
    game = RookGame(seed=5)
    game.stack([{"hands": {"North": ["R5", "R6"]}}, deck])
    assert game.hand.hand_of("North")[:2] == [RookCard.parse("R5"), RookCard.parse("R6")]
    dealt = RookHand(game.seating, dealer=game.dealer, deck=deck)
    game.record_hand("NS", 70, {"NS": 70, "EW": 50})
    # the second deal is the second hand's, dealt by the next dealer from the deck as given
    second = RookHand(game.seating, dealer=game.dealer, deck=deck)
    assert game.hand.hands == second.hands and dealt.hands != second.hands
    game.record_hand("NS", 70, {"NS": 70, "EW": 50})
    assert game.hand.hands != second.hands  # the third from the seed


@pytest.mark.parametrize(
    "deals",
    [
        [["R5"] * 41],
        [[str(c) for c in RookHand().hand_of("North")]],
        [{"hands": {"North": ["R5"] * 2}}],
        [{"hands": {"North": [str(c) for c in RookHand().hand_of("North")] + ["R5"]}}],
        [{"cards": []}],
        "R5 R6",
    ],
)
def test_deals_the_rules_refuse_change_nothing(deals):
    game = RookGame(seed=5)
    before = pickle.dumps(game)
    with pytest.raises(_CardlibError):
        game.stack(deals)
    assert pickle.dumps(game) == before


def test_deals_are_given_before_the_hand_in_play_has_a_move():
    game = RookGame(seed=5)
    game.play("bid 70")
    with pytest.raises(NotationError, match="before the first move"):
        game.stack([{"hands": {}}])


def test_a_hand_everybody_passed_is_thrown_in_under_redeal_and_the_same_dealer_deals_again():
    game = RookGame(seed=2, dealer="South", options=RookOptions(all_pass="redeal"))
    first = game.hand.hands
    facts = game.record_all_pass()
    assert [f.kind for f in facts].count("pass") == 4 and "ROOK-ALL-PASS" in facts[-2].rules
    assert game.dealer == "South" and game.dealers == ["South"] and game.hands_played == 0
    assert game.hand.history == [] and game.hand.hands != first  # dealt anew


@pytest.mark.parametrize(
    ("all_pass", "rule"), [(None, "ROOK-ALL-PASS"), ("dealer-takes-70", "ROOK-ALL-PASS")]
)
def test_a_hand_everybody_passed_is_refused_where_no_redeal_was_agreed(all_pass, rule):
    game = RookGame(seed=2, options=RookOptions(all_pass=all_pass))
    before = pickle.dumps(game)
    with pytest.raises(RuleViolation) as err:
        game.record_all_pass()
    assert err.value.rule == rule and pickle.dumps(game) == before
