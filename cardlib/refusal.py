"""One shape for a rule's answer, and one loop that asks the rules in order.

A rule of a move is a function ``rule(state, move) -> Refusal | None``, marked with its ID
(:func:`~cardlib.catalogue.enforces`): ``None`` lets the move through, a :class:`Refusal`
names the rule and says why.  The words are written only when they are read (when
``play`` raises the refusal as a :class:`~cardlib.errors.RuleViolation`), so asking
whether a move is legal costs no text.  :func:`first_refusal` asks the rules in order and
returns the first refusal (Rook's lazy refusal in :mod:`cardlib.rook.tricks` is the model)::

    >>> def hand_over(state, move):
    ...     return Refusal("DEMO-OVER", lambda: f"{move} comes after the end") if state else None
    >>> def anything(state, move):
    ...     return None
    >>> first_refusal((hand_over, anything), False, "draw") is None
    True
    >>> refused = first_refusal((hand_over, anything), True, "draw")
    >>> refused.rule, refused.reason
    ('DEMO-OVER', 'draw comes after the end')
    >>> raise refused.error()
    Traceback (most recent call last):
    ...
    cardlib.errors.RuleViolation: DEMO-OVER: draw comes after the end

A rule of the setup (the pack, the players) has the same shape; the constructor that asks
it raises its refusal with :func:`refuse`::

    >>> refuse(None)
    >>> refuse(refused)
    Traceback (most recent call last):
    ...
    cardlib.errors.RuleViolation: DEMO-OVER: draw comes after the end
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from cardlib.errors import RuleViolation


class Refusal(NamedTuple):
    """A rule's refusal of a move: the rule's ID, and its words as a function that writes
    them when they are read."""

    rule: str
    words: Callable[[], str]

    @property
    def reason(self) -> str:
        """Why the rule refuses the move, in a learner's words (written now)."""
        return self.words()

    def error(self) -> RuleViolation:
        """The refusal as the error ``play`` raises."""
        return RuleViolation(self.rule, self.words())

    def written(self) -> Refusal:
        """The same refusal with its words written now, holding nothing but them: what a
        seat's view keeps (the words' function may hold the whole game, which a view must
        not reach)."""
        words = self.words()
        return Refusal(self.rule, lambda: words)


#: a rule of a move: its refusal, or None when it lets the move through
Rule = Callable[..., Refusal | None]


def first_refusal(rules: Iterable[Rule], *args: Any) -> Refusal | None:
    """The first of ``rules`` (asked in order, each with ``args``) that refuses, or None
    when none does: the move is legal."""
    for rule in rules:
        refused = rule(*args)
        if refused is not None:
            return refused
    return None


def refuse(refused: Refusal | None) -> None:
    """Raise a rule's refusal as its :class:`~cardlib.errors.RuleViolation`, if it refuses
    (a rule of the setup, asked by a constructor)."""
    if refused is not None:
        raise refused.error()


__all__ = ["Refusal", "Rule", "first_refusal", "refuse"]
