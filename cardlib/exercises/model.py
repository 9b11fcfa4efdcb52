"""What an exercise is, how it is marked, and the registry of the course's exercises.

An exercise is defined in the folder of what it teaches (``cardlib/<game>/exercises.py``;
``start_here.py`` here for the start-here notebook), in a :class:`Chapter`, the exercises
of one notebook in their order; :mod:`cardlib.exercises.course` lists the chapters, and the
registry (:func:`exercises`) is gathered from them.  Nothing in this module names a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from cardlib.errors import CardlibError

if TYPE_CHECKING:
    from cardlib.exercises.forms import Form

KINDS = ("compute", "classify", "predict", "widget", "yaml")


class FormError(CardlibError, ValueError):
    """The answer is not of the form the exercise asks for (the message says which)."""


class Unanswered(CardlibError):
    """The answer is still the placeholder."""


class UnknownExercise(CardlibError, LookupError):
    """An exercise ID that is not one of the course's (the message lists them)."""


@dataclass(frozen=True)
class Feedback:
    """What ``check`` says about one answer: its kind (``"unanswered"``, ``"form"``,
    ``"wrong"`` or ``"right"``), the message, the hint step it opened, the points it
    earns and the hints given (the nudge, the rule's text, where to look)."""

    exercise: str
    kind: str
    message: str
    hint_step: int = 0
    points: float = 0.0
    hints: tuple[str, ...] = ()

    @property
    def correct(self) -> bool:
        return self.kind == "right"

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:  # what a notebook shows: the message itself
        return self.message


@dataclass(frozen=True)
class Exercise:
    """One exercise as a learner and a teacher see it whoever the student is: its title, the
    form of an answer, its rules, where the notebook teaches them, a nudge, its points and
    the notebook it is in.  What it asks a student is that student's variant (see
    :func:`cardlib.exercises.show`).

    It holds no way to an answer: how an answer is read, the right answer and why it is
    right are kept by the course alone (see :func:`cardlib.exercises.check`), so that
    nothing public in a learner's install hands out an answer.
    """

    id: str
    kind: str
    title: str
    form: str
    rules: tuple[str, ...]
    where: str
    nudge: str
    points: float = 1
    notebook: str = field(kw_only=True)

    @property
    def answer_file(self) -> str | None:
        """Where a widget exercise saves the learner's moves, beside the notebook (this
        file is what is graded, with the notebook); None for the other kinds."""
        return f"{self.id}.answer.json" if self.kind == "widget" else None


@dataclass(frozen=True)
class Key:
    """How one exercise is drawn and marked (private to the course: the right answer is
    computed here).

    ``draw(rng)`` makes a student's variant (the question's data) from the student's
    generator; ``question(v)`` says what the variant asks (Markdown: backticks for
    notation); ``answer`` is the :class:`~cardlib.exercises.forms.Form` of an answer (how
    it is read and split into parts); ``solve(v)`` computes the right answer from the
    engine; ``why(v, answer)`` explains a right answer (as read: a widget's game, say);
    ``values(v, right)`` is what the answer states, which no hint before the last may state
    (by default the right answer itself; a widget's goal says what it is worth instead,
    such as the lowest score).
    """

    draw: Callable[[random.Random], Any]
    question: Callable[[Any], str]
    answer: Form[Any]
    solve: Callable[[Any], Any]
    why: Callable[[Any, Any], str]
    values: Callable[[Any, Any], Any] = lambda _v, right: right


_PUBLIC = {f.name for f in fields(Exercise)}


class Chapter:
    """The exercises of one notebook, in the order it asks them."""

    def __init__(self, notebook: str) -> None:
        self.notebook = notebook
        self._defined: list[tuple[Exercise, Key]] = []

    def define(self, **spec: Any) -> Exercise:
        """Add an exercise: its public fields (:class:`Exercise`) and its key (:class:`Key`)."""
        from cardlib.exercises.answers import Played

        public = Exercise(notebook=self.notebook, **{k: v for k, v in spec.items() if k in _PUBLIC})
        key = Key(**{k: v for k, v in spec.items() if k not in _PUBLIC})
        # a widget exercise is graded from its saved answer file, so its answer says how to
        # make, save and replay its widget; no other kind has a widget
        assert public.kind in KINDS, public.kind
        assert (public.kind == "widget") == isinstance(key.answer, Played), public.id
        assert all(public.id != e.id for e, _k in self._defined), public.id
        self._defined.append((public, key))
        return public

    def __iter__(self) -> Iterator[tuple[Exercise, Key]]:
        return iter(self._defined)


_EXERCISES: dict[str, Exercise] = {}
_KEYS: dict[str, Key] = {}


def _gathered() -> None:
    """Fill the registry from the course's chapters, once, when it is first asked for: a
    game's exercises module imports this package for the machinery, so the package cannot
    ask for the game's exercises while it is itself being imported."""
    if _EXERCISES:
        return
    from cardlib.exercises.course import chapters

    defined = [pair for chapter in chapters() for pair in chapter]
    ids = [public.id for public, _key in defined]
    assert len(set(ids)) == len(ids), f"an exercise ID is defined twice: {ids}"
    _KEYS.update((public.id, key) for public, key in defined)
    _EXERCISES.update((public.id, public) for public, _key in defined)


def exercises() -> dict[str, Exercise]:
    """Every exercise of the course, by ID, in the course's order."""
    _gathered()
    return _EXERCISES


def keys() -> dict[str, Key]:
    """How each exercise is drawn and marked, by ID (private to the course)."""
    _gathered()
    return _KEYS


def lookup(exercise_id: str) -> Exercise:
    """The exercise ``exercise_id``, or :class:`UnknownExercise` listing those there are."""
    known = exercises()
    if not isinstance(exercise_id, str) or exercise_id not in known:
        raise UnknownExercise(
            f"{exercise_id!r} is not an exercise; the exercises are {', '.join(known)}"
        )
    return known[exercise_id]


def variant_of(exercise_id: str, student_id: str) -> Any:
    """``exercise_id``'s variant for ``student_id`` (drawn from the student's seed)."""
    from cardlib.exercises.students import rng_for

    e = lookup(exercise_id)
    return keys()[e.id].draw(rng_for(student_id, e.id))
