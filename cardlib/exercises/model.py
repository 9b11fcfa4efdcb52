"""What an exercise is, how it is marked, and the registry of the course's exercises.

An exercise is defined in the folder of what it teaches (``cardlib/<game>/exercises.py``;
``start_here.py`` here for the start-here notebook), in a :class:`Chapter`, the exercises
of one notebook in their order; :mod:`cardlib.exercises.course` lists the chapters, and the
registry (:func:`exercises`) is gathered from them.  Nothing in this module names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

KINDS = ("compute", "classify", "predict", "widget", "yaml")


class FormError(Exception):
    """The answer is not of the form the exercise asks for (the message says which)."""


class Unanswered(Exception):
    """The answer is still the placeholder."""


@dataclass(frozen=True)
class Feedback:
    """What ``check`` says about one answer: its kind, the message and the hint step."""

    exercise: str
    kind: str  # "unanswered" | "form" | "wrong" | "right"
    message: str
    hint_step: int = 0

    @property
    def correct(self) -> bool:
        return self.kind == "right"

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:  # what a notebook shows: the message itself
        return self.message


@dataclass(frozen=True)
class Exercise:
    """One exercise as a learner and a teacher see it: what it asks, the form of an answer,
    its rules, where the notebook teaches them, and the notebook it is in.

    It holds no way to an answer: how an answer is read, the right answer and why it is
    right are kept by the course alone (see :func:`cardlib.exercises.check`), so that
    nothing public in a learner's install hands out an answer.  ``parts`` names the values
    of a tuple answer, so that feedback can say which part is wrong.
    """

    id: str
    kind: str
    question: str
    form: str
    rules: tuple[str, ...]
    where: str
    nudge: str
    parts: tuple[str, ...] = ()
    notebook: str = field(kw_only=True)

    @property
    def answer_file(self) -> str | None:
        """Where a widget exercise saves the learner's moves, beside the notebook (this
        file is what is graded, with the notebook); None for the other kinds."""
        return f"{self.id}.answer.json" if self.kind == "widget" else None


@dataclass(frozen=True)
class Played:
    """How a widget exercise's widget is made, saved and replayed (see
    :func:`cardlib.exercises.widget`): ``fresh`` makes it where the exercise starts;
    ``keep`` says what its answer file keeps of it, beside the exercise's ID (None: nothing
    to keep yet, a place left empty); ``replay`` makes a widget from what a file kept,
    through the engine, or raises :class:`~cardlib.exercises.answers.AnswerFileProblem`
    saying why it does not replay."""

    fresh: Callable[[], Any]
    keep: Callable[[Any], dict[str, Any] | None]
    replay: Callable[[Mapping[str, Any]], Any]


@dataclass(frozen=True)
class Key:
    """How one exercise is marked (private to the course: the right answer is computed here).

    ``read`` turns an answer into its normal form (raising :class:`Unanswered` or
    :class:`FormError`); ``solve`` computes the right answer from the engine; ``why``
    explains a right answer; ``differences`` (optional) says, for a wrong answer of the
    right form, which parts are wrong, without giving the right ones; ``played`` is how a
    widget exercise's widget is made and replayed.
    """

    read: Callable[[Any], Any]
    solve: Callable[[], Any]
    why: Callable[[Any], str]
    same: Callable[[Any, Any], bool] = lambda answer, right: answer == right
    differences: Callable[[Any, Any], str] | None = None
    played: Played | None = None


_PUBLIC = {f.name for f in fields(Exercise)}


class Chapter:
    """The exercises of one notebook, in the order it asks them."""

    def __init__(self, notebook: str) -> None:
        self.notebook = notebook
        self._defined: list[tuple[Exercise, Key]] = []

    def define(self, **spec: Any) -> Exercise:
        """Add an exercise: its public fields (:class:`Exercise`) and its key (:class:`Key`)."""
        public = Exercise(notebook=self.notebook, **{k: v for k, v in spec.items() if k in _PUBLIC})
        key = Key(**{k: v for k, v in spec.items() if k not in _PUBLIC})
        # a widget exercise is graded from its saved answer file, so it must say how to
        # make, save and replay its widget; no other kind has a widget
        assert public.kind in KINDS and (public.kind == "widget") == (key.played is not None)
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
    """How each exercise is marked, by ID (private to the course)."""
    _gathered()
    return _KEYS


def lookup(exercise_id: str) -> Exercise:
    """The exercise ``exercise_id``, or a KeyError listing the exercises there are."""
    known = exercises()
    try:
        return known[exercise_id]
    except KeyError:
        raise KeyError(
            f"{exercise_id!r} is not an exercise; the exercises are {', '.join(known)}"
        ) from None
