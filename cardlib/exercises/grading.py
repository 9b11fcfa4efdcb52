"""Marking an answer: :func:`grade` (right or not), :func:`check` (the feedback, with the
hint steps) and :func:`feedback` (the message of a first try); the kinds of feedback are
described in :mod:`cardlib.exercises`."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from cardlib.catalogue import rules
from cardlib.exercises.answers import saved_note
from cardlib.exercises.forms import placeholder
from cardlib.exercises.model import (
    Exercise,
    Feedback,
    FormError,
    Unanswered,
    keys,
    lookup,
)

_wrong_answers: dict[str, int] = {}


def grade(exercise_id: str, answer: Any) -> bool:
    """True if ``answer`` is right (no message, no hint step): for autograder tests."""
    e = lookup(exercise_id)
    key = keys()[e.id]
    try:
        placeholder(answer)
        return key.same(key.read(answer), key.solve())
    except (Unanswered, FormError):
        return False


def check(exercise_id: str, answer: Any) -> Feedback:
    """The feedback on ``answer`` to exercise ``exercise_id`` (see :mod:`cardlib.exercises`);
    each wrong answer in a row opens the next hint."""
    said = _feedback(lookup(exercise_id), answer, lambda e: _wrong_answers.get(e, 0) + 1)
    if said.kind == "right":
        _wrong_answers.pop(said.exercise, None)
    elif said.kind == "wrong":
        _wrong_answers[said.exercise] = said.hint_step
    return said


def feedback(exercise_id: str, answer: Any) -> str:
    """What :func:`check` says about ``answer`` at its first hint, without counting it as a
    try: the message an autograder test carries when it fails."""
    return _feedback(lookup(exercise_id), answer, lambda _e: 1).message


def reset_hints(exercise_id: str | None = None) -> None:
    """Start the hint steps again (for one exercise, or for all)."""
    if exercise_id is None:
        _wrong_answers.clear()
    else:
        _wrong_answers.pop(exercise_id, None)


_RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b")


def _feedback(e: Exercise, answer: Any, step_of: Callable[[str], int]) -> Feedback:
    key = keys()[e.id]
    try:
        placeholder(answer)
        value = key.read(answer)
    except Unanswered as why:
        return Feedback(
            e.id,
            "unanswered",
            f"{e.id}: not answered yet. {why}{saved_note(e, answer, played=False)}",
        )
    except FormError as why:
        text = str(why)
        return Feedback(
            e.id,
            "form",
            f"{e.id}: the answer is not in the form asked for. {text[:1].upper()}{text[1:]} "
            f"Expected {e.form}.",
        )
    right = key.solve()
    if key.same(value, right):
        return Feedback(e.id, "right", f"{e.id}: right. {key.why(right)}{saved_note(e, answer)}")
    step = min(step_of(e.id), 3)
    lines = [f"{e.id}: not yet."]
    if key.differences is not None:
        lines[0] += " " + key.differences(value, right)
    elif e.parts and isinstance(right, tuple):
        lines[0] += " " + _wrong_parts(e.parts, value, right)
    lines.append(f"Hint 1 of 3: {e.nudge}")
    if step >= 2:
        lines.append("Hint 2 of 3, the rule: " + " ".join(_rule_hint(r, right) for r in e.rules))
    if step >= 3:
        lines.append(f"Hint 3 of 3: look again at {e.where}.")
    else:
        lines.append("Answer again for the next hint.")
    return Feedback(e.id, "wrong", "\n".join(lines), step)


def _rule_hint(rule_id: str, right: Any) -> str:
    """The rule's text; without its ID (nor any other) when the answer is made of rule IDs,
    so that the hint never names the answer."""
    rule = rules[rule_id]
    if not _RULE_ID.search(str(right)):
        return str(rule)
    return _RULE_ID.sub("another rule", f"A rule ({rule.title}): {rule.text}")


_ORDINALS = ("first", "second", "third", "fourth")


def _wrong_parts(parts: Sequence[str], value: Sequence[Any], right: Sequence[Any]) -> str:
    """Which values of a tuple answer are right and which to look at again (not the right ones)."""
    said = [
        f"the {_ORDINALS[i]} value ({what}) is {'right' if v == r else 'not'}"
        for i, (what, v, r) in enumerate(zip(parts, value, right, strict=True))
    ]
    text = "; ".join(said) + "."
    return text[:1].upper() + text[1:]
