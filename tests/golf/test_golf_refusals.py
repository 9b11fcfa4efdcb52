"""``cardlib rules ID --code`` prints the function that refuses a Golf move.

That every refusal, in random positions of every configuration, is its rule's function is
tested once over every game (tests/core/test_refusals_are_the_rules.py, with
:func:`tests.golf.invariants.refusing_rule`).
"""

from __future__ import annotations

import pytest

from cardlib.cli import main
from cardlib.errors import RuleViolation
from cardlib.golf import GolfGame, GolfMove, turn
from tests.golf.invariants import refusing_rule


def test_rules_code_prints_the_refusing_function(capsys: pytest.CaptureFixture[str]) -> None:
    """``cardlib rules GOLF-TAKE-MUST-REPLACE --code`` prints the rule that refuses a discard
    of a card taken from the discard pile, and that rule's refusal says so."""
    game = GolfGame(["Ann", "Ben"], seed=1)
    for move in ("flip TL", "flip TM", "flip TL", "flip TM", "take"):
        game.play(move)
    with pytest.raises(RuleViolation) as refused:
        game.play("discard")
    assert refused.value.rule == "GOLF-TAKE-MUST-REPLACE"
    assert refusing_rule(game, "Ann", GolfMove("discard"))[0] is turn.take_must_replace
    assert main(["rules", "GOLF-TAKE-MUST-REPLACE", "--code"]) == 0
    assert "def take_must_replace(game: GolfGame, attempt: Attempt)" in capsys.readouterr().out
