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


class LearnerAgainstBots:
    """The learner's move at a table of computer players: the move is shown, or its refusal with
    the rule; then the computer players take their turns and the view is redrawn.

    A widget using it has ``game``, ``you``, ``messages``, ``bot``, ``_rng`` and ``_refresh()``.
    """

    game: Any
    you: str
    messages: list[str]
    _rng: random.Random

    @staticmethod
    def bot(game: Any, rng: random.Random) -> Any:
        raise NotImplementedError

    def _refresh(self) -> None:
        raise NotImplementedError

    def _learner_plays(self, move: Any) -> bool:
        try:
            event = self.game.play(move, player=self.you)
        except RuleViolation as v:
            self.messages = [refusal_text(v)]
            self._refresh()
            return False
        self.messages = [str(event)]
        self._bots_play()
        self._refresh()
        return True

    def _bots_play(self) -> None:
        self.messages += bots_play(self.game, self.you, self.bot, self._rng)
