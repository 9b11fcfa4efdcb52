"""Marking an answer: :func:`score` (the points it earns, part by part), :func:`grade` (right
or not), :func:`check` (the feedback, with the hint steps) and :func:`feedback` (the message
of a first try); the kinds of feedback are described in :mod:`cardlib.exercises`.

Every call marks the current student's variant (:func:`cardlib.exercises.student`)."""

from __future__ import annotations

import os
import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardlib.exercises.answers import Played, saved_note
from cardlib.exercises.forms import Reading
from cardlib.exercises.giveaway import Atom, atoms, stated, without
from cardlib.exercises.model import (
    Exercise,
    Feedback,
    FormError,
    Unanswered,
    keys,
    lookup,
)
from cardlib.exercises.students import rng_for, student

HINTS = 3
_wrong_answers: dict[str, int] = {}


def score(exercise_id: str, answer: Any) -> float:
    """The points ``answer`` earns: the exercise's points times the share of its parts that
    are right (3 of 4 entries right: 0.75 of them); 0 for a blank answer or one not of the
    form asked for.  The notebooks' hidden autograder tests end with it, so that nbgrader
    gives the cell that many points."""
    return _mark(lookup(exercise_id), answer).points


def grade(exercise_id: str, answer: Any) -> bool:
    """True if ``answer`` is right in every part (no message, no hint step)."""
    return _mark(lookup(exercise_id), answer).kind == "right"


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
    try: what an autograder test prints beside its points."""
    return _feedback(lookup(exercise_id), answer, lambda _e: 1).message


def answered(exercise_id: str, answer: Callable[[], Any]) -> None:
    """Under nbgrader's Validate (which sets ``NBGRADER_EXECUTION=validate``), raise
    :class:`~cardlib.exercises.model.Unanswered` in the exercise's own words when its answer
    is not written yet, or is not of the form asked for; ``answer`` gives the answer (a
    ``lambda: answer_4``: an answer cell never run, or whose stub left no answer, is
    unanswered).  Anywhere else it does nothing: a learner running the notebook reads
    "not answered yet" from :func:`check`, and the autograder gives a blank answer 0.
    Whether an answer is right is never said here: that is the hidden tests'.

    >>> answered("golf-1", lambda: None)  # not validating: nothing
    """
    if os.environ.get("NBGRADER_EXECUTION") != "validate":
        return
    exercise = lookup(exercise_id)
    try:
        given = answer()
    except NameError:
        given = None
    said = _feedback(exercise, given, lambda _e: 1)
    if said.kind in ("unanswered", "form"):
        # in lines nbgrader shows whole (it cuts a line of an error, "Unanswered: " and all, at 90)
        words = f"{exercise.id} ({exercise.title}) is not ready to hand in. {said}"
        raise Unanswered("\n".join(textwrap.wrap(words, 70)))


def reset_hints(exercise_id: str | None = None) -> None:
    """Start the hint steps again (for one exercise, or for all)."""
    if exercise_id is None:
        _wrong_answers.clear()
    else:
        _wrong_answers.pop(exercise_id, None)


# --------------------------------------------------------------------------- marking


@dataclass(frozen=True)
class Marked:
    """One answer marked against a student's variant ``v``: its kind (``"unanswered"``,
    ``"form"``, ``"wrong"``, ``"right"``), the reading, each part right or not, the right
    answer and the points earned; ``why`` is the reason it was not read."""

    exercise: Exercise
    v: Any
    kind: str
    points: float = 0.0
    reading: Reading | None = None
    right: Any = None
    marks: dict[str, bool] | None = None
    why: str = ""

    @property
    def wrong_parts(self) -> list[str]:
        return [label for label, ok in (self.marks or {}).items() if not ok]


def _mark(e: Exercise, answer: Any, student_id: str | None = None) -> Marked:
    key = keys()[e.id]
    v = key.draw(rng_for(student_id or student(), e.id))
    try:
        reading = key.answer.read(answer, v)
    except Unanswered as why:
        return Marked(e, v, "unanswered", why=str(why))
    except FormError as why:
        return Marked(e, v, "form", why=str(why))
    right = key.solve(v)
    marks = key.answer.marks(reading, right, v)
    share = sum(marks.values()) / len(marks) if marks else 0.0
    points = round(e.points * share, 4)
    if reading.blanks and not any(marks.values()):
        kind = "unanswered"
    elif reading.blanks:
        kind = "blanks"
    elif reading.misread:
        kind = "form"
    else:
        kind = "right" if all(marks.values()) else "wrong"
    return Marked(e, v, kind, points, reading, right, marks)


# --------------------------------------------------------------------------- feedback


def _feedback(
    e: Exercise, answer: Any, step_of: Callable[[str], int], student_id: str | None = None
) -> Feedback:
    key = keys()[e.id]
    marked = _mark(e, answer, student_id)
    if marked.kind == "unanswered":
        template = key.answer.template(marked.v)
        write = f" Write it as {template}, each None replaced." if template else ""
        why = marked.why or "Some of it is still None."
        return Feedback(
            e.id,
            "unanswered",
            f"{e.id}: not answered yet. {why}{write}{saved_note(e, answer, played=False)}",
        )
    if marked.kind == "blanks":
        assert marked.reading is not None
        blank = marked.reading.blanks
        return Feedback(
            e.id,
            "unanswered",
            f"{e.id}: not answered yet: {len(blank)} of the {len(marked.marks or {})} "
            f"{key.answer.noun} are still None ({', '.join(blank)}). Fill them in and run the "
            "cell again.",
            points=marked.points,
        )
    if marked.kind == "form":
        text = marked.why or (marked.reading.misread[0].message if marked.reading else "")
        return Feedback(
            e.id,
            "form",
            f"{e.id}: the answer is not in the form asked for. {text[:1].upper()}{text[1:]} "
            f"Expected {e.form}.",
            points=marked.points,
        )
    if marked.kind == "right":
        assert marked.reading is not None
        return Feedback(
            e.id,
            "right",
            f"{e.id}: right. {key.why(marked.v, marked.reading.value)}{saved_note(e, answer)}",
            points=marked.points,
        )
    step = min(step_of(e.id), HINTS)
    marks = marked.marks or {}
    head = f"{e.id}: not yet."
    if len(marks) > 1:
        # how many parts are right, never which, until the last hint
        right_parts = sum(marks.values())
        verb = "is" if right_parts == 1 else "are"
        head += f" {right_parts} of the {len(marks)} {key.answer.noun} {verb} right."
    if isinstance(key.answer, Played) and key.answer.retry:
        head += f" {key.answer.retry}"
    hints = [e.nudge]
    lines = [head, f"Hint 1 of {HINTS}: {e.nudge}"]
    if step >= 2:
        rule_text = rule_hint(e, key.values(marked.v, marked.right), key.question(marked.v))
        hints.append(rule_text)
        lines.append(f"Hint 2 of {HINTS}, the rule: {rule_text}")
    if step >= HINTS:
        hints.append(f"look again at {e.where}.")
        if len(marks) > 1:
            lines.append(f"Look again at: {'; '.join(marked.wrong_parts)}.")
        lines.append(f"Hint 3 of {HINTS}: look again at {e.where}.")
    else:
        lines.append("Answer again for the next hint.")
    return Feedback(e.id, "wrong", "\n".join(lines), step, marked.points, tuple(hints))


_RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b")


def given_values(right: Any, question: str) -> tuple[set[Atom], set[Atom]]:
    """The values of ``right`` that ``question`` gives, and those it does not."""
    values = atoms(right)
    given = set(stated(question, values))
    return given, values - given


def rule_hint(e: Exercise, right: Any, question: str) -> str:
    """Hint 2: the text of the exercise's rules from the catalogue (a game from outside
    cardlib: its own, read through the registry), without any sentence that states a value
    of the right answer the question does not give (a number, a name, a card...); without
    rule IDs at all when the answer is made of them, so that the hint never names the
    answer."""
    from cardlib.games import GAMES

    _given, hidden = given_values(right, question)
    of_ids = any(_RULE_ID.fullmatch(str(a)) for a in atoms(right))
    said = []
    for rule_id in e.rules:
        rule = GAMES.rule(rule_id)  # the catalogue's, or a game from outside's own
        if rule is None:
            raise KeyError(f"{rule_id!r} is not a rule of any game")
        text, _left = without(rule.text, hidden)
        title = rule.title if not stated(rule.title, hidden) else "one of the exercise's rules"
        if of_ids:
            said.append(_RULE_ID.sub("another rule", f"A rule ({title}): {text}".rstrip(": ")))
        else:
            said.append(f"{rule_id} ({title}): {text}".rstrip(": "))
    return " ".join(s if s.endswith((".", "!", "?")) else s + "." for s in said)
