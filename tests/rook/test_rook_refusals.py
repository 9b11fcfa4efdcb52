"""Every function of Rook's rule tables that can refuse is its rule's, a card not held is
refused by ROOK-DEAL's own function, ``cardlib rules ID --code`` prints the function that
refuses a bid, and the trusted ``make`` does what ``play`` does.

That every refusal, in random positions of every hand configuration, is its rule's function
is tested once over every game (tests/core/test_refusals_are_the_rules.py, with
:func:`tests.rook.invariants.refusing_rule`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cardlib.catalogue import rule_of, rules
from cardlib.cli import main
from cardlib.errors import RuleViolation
from cardlib.refusal import Refusal
from cardlib.rook import RookGame, RookHand, RookMove, RookOptions, Team, hand, score_hand, tricks
from cardlib.rook.cards import Counted, rook_deck
from cardlib.rook.state import Attempt
from cardlib.rook.tricks import Dealt
from tests.rook.invariants import CONFIGS, refusing_rule


def test_every_rule_a_move_is_asked_is_marked_with_its_id() -> None:
    """Every function of the rule tables that can refuse is the catalogue's function for
    the ID it refuses with: the rules of the tricks, and the rules of each kind of move
    (save ``card``, which asks the rules of the tricks)."""
    asked = {
        *tricks.PLAY_RULES,
        *(rule for kinds in hand.RULES.values() for judged in kinds.values() for rule in judged),
    }
    for fn in asked - {hand.card}:
        assert rules[rule_of(fn)].enforced_by is fn, fn
    assert rules["ROOK-DEAL"].enforced_by is tricks.own_card


@pytest.mark.parametrize("seed", range(4))
def test_a_card_not_held_is_refused_by_rook_deal_s_function(seed: int) -> None:
    """A card another player holds, offered by the player to move, is refused by the
    function ``cardlib rules ROOK-DEAL --code`` prints, in its words."""
    game = CONFIGS["rook-hand"](seed)
    assert isinstance(game, RookHand)
    rng = random.Random(seed)
    while game.phase != "play":
        game.make(rng.choice(game.legal_moves().now()))
    who = game.to_move
    assert who is not None
    other = next(p for p in game.players if p != who)
    card = game.hand_of(other)[0]
    with pytest.raises(RuleViolation) as refused:
        game.play(RookMove.parse(f"play {card}"))
    assert refused.value.rule == "ROOK-DEAL"
    assert f"{who} does not hold {card}" in str(refused.value)
    assert refusing_rule(game, who, RookMove.parse(f"play {card}"))[0] is tricks.own_card


def test_rules_code_prints_the_refusing_function(capsys: pytest.CaptureFixture[str]) -> None:
    """``cardlib rules ROOK-BID-PASS --code`` prints the rule that refuses a bid by a player
    who has passed, and that rule's refusal says so."""
    game = RookHand(seed=1)
    game.play("pass")  # North passes; East is next
    with pytest.raises(RuleViolation) as refused:
        game.play("bid 80", player="North")
    assert refused.value.rule == "ROOK-BID-PASS"
    assert "North has passed and may not bid again" in str(refused.value)
    assert refusing_rule(game, "North", RookMove.parse("bid 80"))[0] is hand.bid_pass
    assert main(["rules", "ROOK-BID-PASS", "--code"]) == 0
    assert "def bid_pass(hand: HandState, attempt: Attempt)" in capsys.readouterr().out


def test_make_does_what_play_does_on_every_listed_move() -> None:
    """The trusted path and the checked door make the same move the same way."""
    for seed in range(6):
        checked, trusted = RookHand(seed=seed), RookHand(seed=seed)
        rng = random.Random(seed)
        while not checked.is_over:
            move = rng.choice(checked.legal_moves().now())
            said, made = checked.play(move), trusted.make(move)
            assert said == made
            assert checked.describe() == trusted.describe()
        assert checked.result() == trusted.result()


@pytest.mark.parametrize("seed", range(3))
def test_a_game_s_make_does_what_play_does_on_every_listed_move(seed: int) -> None:
    """A game to its end, hand after hand (from totals near 300, so that random bids end
    it in a few hands): the trusted path and the checked door make every listed move the
    same way, the end of each hand told with it; once the game is won ``make`` refuses as
    ``play`` does (ROOK-GAME), and a refused make changes nothing."""
    checked, trusted = (
        RookGame(
            seed=seed,
            options=RookOptions(all_pass="redeal"),
            totals={"NS": 250, "EW": 240},
            hands_played=3,
        )
        for _ in range(2)
    )
    rng = random.Random(seed)
    while not checked.is_over:
        listed = checked.legal_moves().now()
        move = rng.choice(listed)
        said, made = checked.play(move), trusted.make(move)
        assert said == made
        assert checked.describe() == trusted.describe()
        assert trusted.legal_moves() == checked.legal_moves()
    assert trusted.is_over and checked.result() == trusted.result()
    assert trusted.log == checked.log and trusted.totals == checked.totals
    before = trusted.describe()
    with pytest.raises(RuleViolation) as refused:
        trusted.make(move)
    assert refused.value.rule == "ROOK-GAME" and trusted.describe() == before


def test_a_refused_make_changes_nothing() -> None:
    """A move not listed goes through ``play``: refused by its rule, the game unchanged."""
    game = RookGame(seed=4)
    game.make("bid 70")
    before, log = game.describe(), list(game.log)
    for move in ("bid 70", "play R5", "trump red"):
        with pytest.raises(RuleViolation) as refused:
            game.make(move)
        with pytest.raises(RuleViolation) as checked:
            game.play(move)
        assert refused.value.rule == checked.value.rule
        assert str(refused.value) == str(checked.value)
        assert game.describe() == before and game.log == log


# -- refusals of what is not a move: a game's setup, a record, a result -----------------------

WON = {"NS": 410, "EW": 290}  # a game that can end so (scoring.check_totals)
PLAYERS = RookHand().players
TEN = rook_deck()[:10]


def _passed_four(options: RookOptions) -> RookHand:
    trial = RookGame(options=options).hand.copy()
    for _ in range(4):
        trial.play("pass")
    return trial


#: what is refused, and the question its rule's function is asked: id -> (rule ID, what is
#: done, the function's arguments)
NOT_MOVES: dict[str, tuple[str, Callable[[], object], Callable[[], tuple[object, ...]]]] = {
    "move-after-the-game": (
        "ROOK-GAME",
        lambda: RookGame(totals=WON).play("pass"),
        lambda: (WON, "move"),
    ),
    "hand-after-the-game": (
        "ROOK-GAME",
        lambda: RookGame(totals=WON).record_hand("NS", 70, {"NS": 70, "EW": 50}),
        lambda: (WON, "hand"),
    ),
    "result-before-the-end": (
        "ROOK-GAME",
        lambda: RookGame().result(),
        lambda: ({"NS": 0, "EW": 0}, "result"),
    ),
    "totals-no-game-stands-at": (
        "ROOK-GAME",
        lambda: RookGame(totals={"NS": 500, "EW": 0}),
        lambda: ({Team.NS: 500, Team.EW: 0}, "start"),
    ),
    "total-not-a-multiple-of-5": (
        "ROOK-COUNT",
        lambda: RookGame(totals={"NS": 103}),
        lambda: (Counted({Team.NS: 103}, hand=False),),
    ),
    "take-not-a-multiple-of-5": (
        "ROOK-COUNT",
        lambda: score_hand("NS", 95, {"NS": 92, "EW": 28}),
        lambda: (Counted({Team.NS: 92, Team.EW: 28}, hand=True),),
    ),
    "takes-not-120": (
        "ROOK-COUNT",
        lambda: score_hand("NS", 95, {"EW": 30, "NS": 100}),
        lambda: (Counted({Team.EW: 30, Team.NS: 100}, hand=True),),
    ),
    "hand-of-ten": (
        "ROOK-DEAL",
        lambda: RookHand.from_position(PLAYERS, {"East": TEN}),
        lambda: (Dealt("East", TEN),),
    ),
    "nest-of-six": (
        "ROOK-DEAL",
        lambda: RookHand.from_position(PLAYERS, {}, TEN[:6]),
        lambda: (Dealt(None, TEN[:6]),),
    ),
    "trump-without-a-bid": (
        "ROOK-TRUMP",
        lambda: RookHand.from_position(PLAYERS, {}, trump="red"),
        lambda: (RookHand(), Attempt("", RookMove.parse("trump red"))),
    ),
    "hand-result-before-the-last-trick": (
        "ROOK-LEAD",
        lambda: RookHand(seed=1).result(),
        lambda: (RookHand(seed=1), None),
    ),
    "all-pass-recorded-when-the-dealer-takes-70": (
        "ROOK-ALL-PASS",
        lambda: RookGame(options=RookOptions(all_pass="dealer-takes-70")).record_all_pass(),
        lambda: (_passed_four(RookOptions(all_pass="dealer-takes-70")), None),
    ),
}


@pytest.mark.parametrize("case", NOT_MOVES)
def test_what_is_not_a_move_is_refused_by_its_rule_s_function(case: str) -> None:
    """A setup, a record or a result refused is refused by the function ``cardlib rules ID
    --code`` prints, asked the question, in its words."""
    rule_id, done, question = NOT_MOVES[case]
    with pytest.raises(RuleViolation) as raised:
        done()
    refused = raised.value
    assert refused.rule == rule_id
    fn = rules[rule_id].enforced_by
    assert fn is not None and rule_of(fn) == rule_id
    answer = fn(*question())
    assert isinstance(answer, Refusal)
    assert (answer.rule, answer.reason) == (refused.rule, refused.message)
