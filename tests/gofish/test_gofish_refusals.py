"""Every refusal of Go Fish is raised by the function ``cardlib rules ID --code`` prints.

In random positions of every configuration, requests the notation can write (the
candidates of the random-play tests: each player and a stranger, each rank and card) are
tried by the player to ask, by another player and by nobody named; for each one ``play``
refuses (every one not listed), the rule that refuses it is found by asking
:data:`cardlib.gofish.rules.REQUEST_RULES` in order, and the refusal must be that rule's
(the same ID and the same words), its ID the function's mark (``fn.rule_id``), and the
function the one the catalogue names for the ID (``rules[ID].enforced_by``, whose source
``--code`` prints).  That holds once the game is over too: the rule that ended it
(GF-END-EMPTY or GF-END-ALL-BOOKS) refuses every request.  The setups a game refuses (the
players, the deal, the pack, the first to ask) are refused by their rules' functions the
same way.  One refusal is not yet its rule's function: a rank already laid aside as a book
is refused as GF-BOOK by ``gf_ask_hold``, while GF-BOOK's function lays books aside (the
go-fish notebook prints its code, and is checked without being run again).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cardlib.catalogue import rule_of, rules
from cardlib.cli import main
from cardlib.errors import RuleViolation
from cardlib.gofish import GoFishGame, GoFishMove, GoFishOptions
from cardlib.gofish import rules as gofish
from cardlib.gofish.rules import FirstAsker, Request
from cardlib.refusal import Refusal
from tests.gofish.invariants import CONFIGS, candidates

NAMES = ["Ann", "Ben", "Cy"]


def _refusing_rule(game: GoFishGame, who: str, move: GoFishMove) -> gofish.RequestRule:
    """The first request rule that refuses ``move`` by ``who``, asked in play's order."""
    table = game._table  # the rules' state: the cards, the turn, the end
    request = Request(who, move)
    return next(rule for rule in gofish.REQUEST_RULES if rule(table, request) is not None)


def _marked(fn: Callable[..., object], refused: RuleViolation, again: Refusal | None) -> None:
    """``refused`` is ``fn``'s refusal (``again``, asked of the same request), and ``fn`` is
    the function that marks its rule."""
    assert again is not None
    assert (again.rule, again.reason) == (refused.rule, refused.message), refused
    assert rule_of(fn) == refused.rule, (fn, refused)
    assert rules[refused.rule].enforced_by is fn, refused.rule


@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_every_refusal_comes_from_its_marked_function(config: str) -> None:
    game = CONFIGS[config](1)
    rng = random.Random(config)
    seen: set[str] = set()
    while True:
        mover = game.to_move or game.players[0]
        other = rng.choice([p for p in game.players if p != mover])
        legal = game.legal_moves().now()
        for who in (mover, other, None):
            asker = (game.to_move or gofish.NOBODY) if who is None else who
            for text in candidates(game, rng)[:20]:
                move = GoFishMove.parse(text)
                if asker == game.to_move and move in legal:
                    continue  # accepted: the random-play tests hold the listing against play
                with pytest.raises(RuleViolation) as refused:
                    game.play(move, player=who)  # refused, so the game is unchanged
                fn = _refusing_rule(game, asker, move)
                again = fn(game._table, Request(asker, move))
                if fn is gofish.gf_ask_hold and refused.value.rule == "GF-BOOK":
                    assert again is not None and again.reason == refused.value.message
                    continue
                _marked(fn, refused.value, again)
                seen.add(refused.value.rule)
        if game.is_over:
            break
        game.make(rng.choice(game.legal_moves().now()))
    assert game.end_rule in seen  # the end refuses every request
    assert {"GF-ASK-TARGET", "GF-ASK-HOLD"} <= seen
    assert {"GF-FIRST", "GF-NEXT"} & seen


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
    assert _refusing_rule(game, "Ann", GoFishMove.parse("ask Ben 9")) is gofish.gf_next
    assert main(["rules", "GF-NEXT", "--code"]) == 0
    assert "def gf_next(table: Table, request: Request)" in capsys.readouterr().out
