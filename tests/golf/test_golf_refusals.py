"""Every refusal of a Golf move is raised by the function ``cardlib rules ID --code`` prints.

In random positions of every configuration, every move the notation can write is tried by
the player to move and by another player; for each one ``play`` refuses (every one not
listed), the rule of :data:`cardlib.golf.turn.RULES` that refuses it is found by asking
them in order, and the refusal's ID must be that function's mark (``fn.rule_id``), the function the catalogue
names for the ID (``rules[ID].enforced_by``, whose source ``--code`` prints).  Once the hand
is over every move is refused by the rule that ended it (``hand_over`` names the game's
``end_rule``: GOLF-END, or GOLF-STOCK-OUT's house rule that ends the hand).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cardlib.catalogue import rule_of, rules
from cardlib.cli import main
from cardlib.errors import RuleViolation
from cardlib.golf import GolfGame, GolfMove, turn
from tests.golf.invariants import CONFIGS, candidates


def _refusing_rule(game: GolfGame, who: str, move: GolfMove) -> Callable[..., object]:
    """The first rule of a turn that refuses ``move`` by ``who``, asked in play's order."""
    attempt = turn.Attempt(who, move)
    return next(rule for rule in turn.RULES if rule(game, attempt) is not None)


@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_every_refusal_comes_from_its_marked_function(config: str) -> None:
    game = CONFIGS[config](1)
    rng = random.Random(config)
    seen: set[str] = set()
    while True:
        mover = game.to_move or game.players[0]
        other = rng.choice([p for p in game.players if p != mover])
        legal = game.legal_moves().now()
        for who in (mover, other):
            for move in candidates(game, rng):
                if who == game.to_move and move in legal:
                    continue  # accepted: the random-play tests hold the listing against play
                with pytest.raises(RuleViolation) as refused:
                    game.play(move, player=who)  # refused, so the game is unchanged
                fn = _refusing_rule(game, who, move)
                if fn is turn.hand_over:
                    assert refused.value.rule == game.end_rule, (move, refused.value)
                    continue
                assert rule_of(fn) == refused.value.rule, (move, who, refused.value)
                assert rules[refused.value.rule].enforced_by is fn, refused.value.rule
                seen.add(refused.value.rule)
        if game.is_over:
            break
        game.make(rng.choice(game.legal_moves().now()))
    # the rules every hand meets: the turn, the moves never allowed, the opening, the draw
    assert {"GOLF-ORDER", "GOLF-NO-REARRANGE", "GOLF-NO-PEEK", "GOLF-FLIP-TWO", "GOLF-DRAW"} <= seen


def test_rules_code_prints_the_refusing_function(capsys: pytest.CaptureFixture[str]) -> None:
    """``cardlib rules GOLF-TAKE-MUST-REPLACE --code`` prints the rule that refuses a discard
    of a card taken from the discard pile, and that rule's refusal says so."""
    game = GolfGame(["Ann", "Ben"], seed=1)
    for move in ("flip TL", "flip TM", "flip TL", "flip TM", "take"):
        game.play(move)
    with pytest.raises(RuleViolation) as refused:
        game.play("discard")
    assert refused.value.rule == "GOLF-TAKE-MUST-REPLACE"
    assert _refusing_rule(game, "Ann", GolfMove("discard")) is turn.take_must_replace
    assert main(["rules", "GOLF-TAKE-MUST-REPLACE", "--code"]) == 0
    assert "def take_must_replace(game: GolfGame, attempt: Attempt)" in capsys.readouterr().out
