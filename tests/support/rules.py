"""The check every engine's table of refused moves shares."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from cardlib import RuleViolation


def check_refusal(
    build: Callable[[], Any],
    before: Sequence[str],
    move: str | None,
    player: str | None,
    rule: str,
    snapshot: Callable[[Any], Any],
    *,
    min_message: int = 20,
    legal_check_any_player: bool = False,
) -> None:
    """A refused move names its rule, says why, is not a legal move, and changes nothing.

    ``move`` None means building the game is what is refused; ``"result"`` asks for the
    result too early.
    """
    if move is None:
        with pytest.raises(RuleViolation) as err:
            build()
        assert err.value.rule == rule
        return
    game = build()
    for m in before:
        game.play(m)
    before_refusal = snapshot(game)
    if move != "result" and (legal_check_any_player or player in (None, game.to_move)):
        assert move not in game.legal_moves()
    with pytest.raises(RuleViolation) as err:
        game.result() if move == "result" else game.play(move, player=player)
    assert err.value.rule == rule
    assert str(err.value).startswith(f"{rule}: ") and len(err.value.message) > min_message
    assert snapshot(game) == before_refusal, "a refused move changes nothing"
