"""What the game widgets share: how a refusal reads, and letting the computer players move."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardlib.catalogue import rules
from cardlib.errors import RuleViolation


def refusal_text(v: RuleViolation) -> str:
    """``Refused: RULE-ID (title): the engine's reason``: how every widget shows a refusal."""
    return f"Refused: {v.rule} ({rules[v.rule].title}): {v.message}"


def bots_play(
    game: Any,
    you: str,
    bot: Callable[[Any, random.Random], Any],
    rng: random.Random,
    said: Callable[[Any], str] = str,
) -> list[str]:
    """The computer players move until it is ``you``'s turn or the game is over; their narration."""
    narration = []
    while not game.is_over and game.to_move != you:
        narration.append(said(game.play(bot(game, rng))))
    return narration
