"""The setups Go Fish refuses are refused by their rules' functions, and ``cardlib rules ID
--code`` prints the function that refuses a request.

That every refusal of a request, in random positions of every configuration and once the
game is over, is its rule's function is tested once over every game
(tests/core/test_refusals_are_the_rules.py, with
:func:`tests.gofish.invariants.refusing_rule`).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardlib.catalogue import rule_of, rules
from cardlib.cli import main
from cardlib.errors import RuleViolation
from cardlib.gofish import GoFishGame, GoFishMove, GoFishOptions
from cardlib.gofish import rules as gofish
from cardlib.gofish.rules import FirstAsker
from cardlib.refusal import Refusal
from tests.gofish.invariants import refusing_rule

NAMES = ["Ann", "Ben", "Cy"]


def _marked(fn: Callable[..., object], refused: RuleViolation, again: Refusal | None) -> None:
    """``refused`` is ``fn``'s refusal (``again``, asked of the same request), and ``fn`` is
    the function that marks its rule."""
    assert again is not None
    assert (again.rule, again.reason) == (refused.rule, refused.message), refused
    assert rule_of(fn) == refused.rule, (fn, refused)
    assert rules[refused.rule].enforced_by is fn, refused.rule


def _setup_refusal(make: Callable[[], object]) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        make()
    return refused.value


def test_every_setup_refusal_comes_from_its_marked_function() -> None:
    """Too few or too many players, a rule set without a deal size, a pack that is not one
    whole pack, and a first player the rule set does not choose: each is refused by the
    function its rule marks, with that function's words."""
    bicycle = GoFishOptions(rule_set="bicycle")
    cases: list[tuple[Callable[[], object], Callable[..., object], Refusal | None]] = [
        (lambda: GoFishGame(["Ann"]), gofish.gf_players, gofish.gf_players(1)),
        (lambda: GoFishGame([f"P{i}" for i in range(9)]), gofish.gf_players, gofish.gf_players(9)),
        (
            lambda: GoFishGame([f"P{i}" for i in range(6)], options=bicycle),
            gofish.gf_deal,
            gofish.gf_deal("bicycle", 6),
        ),
        (lambda: gofish.deal_size("bicycle", 6), gofish.gf_deal, gofish.gf_deal("bicycle", 6)),
        (lambda: gofish.deal_size("pagat", 7), gofish.gf_players, gofish.gf_players(7)),
    ]
    short = GoFishGame(NAMES).stock
    cases.append(
        (
            lambda: GoFishGame(NAMES, deck=short),
            gofish.gf_deck,
            gofish.gf_deck(short, whole=True),
        )
    )
    twice = GoFishGame(NAMES).hand("Ann") + GoFishGame(NAMES).stock
    twice += twice[:1]
    cases.append(
        (
            lambda: GoFishGame(NAMES, deck=[str(c) for c in twice]),
            gofish.gf_deck,
            gofish.gf_deck(twice, whole=True),
        )
    )
    game = GoFishGame(NAMES, options=bicycle)  # the dealer is Cy: Ann, on Cy's left, asks first
    cases.append(
        (
            lambda: GoFishGame(NAMES, options=bicycle, first="Ben"),
            gofish.gf_first,
            gofish.gf_first(game._table, FirstAsker("Ben")),
        )
    )
    for make, fn, again in cases:
        _marked(fn, _setup_refusal(make), again)


def test_rules_code_prints_the_refusing_function(capsys: pytest.CaptureFixture[str]) -> None:
    """``cardlib rules GF-NEXT --code`` prints the rule that refuses a request out of turn
    once the turn has passed, and that rule's refusal says so."""
    game = GoFishGame(NAMES, seed=1)
    game.play("ask Cy 9")  # Ann misses: the turn passes to Ben
    assert game.to_move == "Ben" and game.turn_rule == "GF-NEXT"
    with pytest.raises(RuleViolation) as refused:
        game.play("ask Ben 9", player="Ann")
    assert refused.value.rule == "GF-NEXT"
    assert "it is Ben's turn, not Ann's" in str(refused.value)
    assert refusing_rule(game, "Ann", GoFishMove.parse("ask Ben 9"))[0] is gofish.gf_next
    assert main(["rules", "GF-NEXT", "--code"]) == 0
    assert "def gf_next(table: Table, request: Request | AnyRequest)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("rule_set", "fn"), [("pagat", gofish.gf_end_empty), ("bicycle", gofish.gf_end_all_books)]
)
def test_the_result_before_the_end_is_refused_by_the_rule_sets_end(
    rule_set: str, fn: Callable[..., Refusal | None]
) -> None:
    """Issue 29: ``result()`` of a game still going is refused by the function of the rule
    that will end it (GF-END-EMPTY, GF-END-ALL-BOOKS), with its words; once over, not."""
    game = GoFishGame(NAMES, seed=1, options=GoFishOptions(rule_set=rule_set))
    asked = gofish.ResultAsked(game._table)
    _marked(fn, _setup_refusal(game.result), fn(game._table, asked))
    assert "the game is not over yet: Ann is to ask and 0 of 13 books are made" in str(
        _setup_refusal(game.result)
    )
    while not game.is_over:
        game.make(game.legal_moves().now()[0])
    assert fn(game._table, asked) is None and game.result()
