"""The course's exercises: each student's variant, the feedback on an answer, its points.

A notebook shows an exercise with ``show("golf-1")``, the current student's variant of it
(who the student is: :func:`student`), and checks an answer with ``check("golf-1",
answer)``.  The feedback comes in four kinds, in this order:

* **unanswered**: the answer is still the placeholder (``None``, an empty list, a widget
  where it started, a YAML template with ``???`` in it), or some of its parts are; nothing
  is counted;
* **form**: the answer is not of the form the exercise asks for (text where a number is
  asked, a list where a table is asked, a rule ID that does not exist); the message says
  which form, plainly, and no rule hint is given, since the rules are not the problem.
  Names, keys and moves are read leniently (any case, an unambiguous beginning, moves
  through the game's own parser), so a right answer is never refused for its spelling;
* **wrong**: the form is right and the answer is not; it says how many of its parts are
  right, never which and never a right value, and each further wrong answer opens the next
  step of the hints: a nudge, then the text of the rule from the catalogue (without any
  sentence that states a value of the answer, and without rule IDs when the answer is made
  of them), then where in the notebook to look, with the parts to look at again;
* **right**: the answer is right, and the message explains why, from the engine.

``score(id, answer)`` is the points an answer earns, part by part (3 of 4 entries right is
0.75 of the exercise's points; a blank answer or one not of the form asked for earns 0):
the notebooks' hidden autograder tests print ``feedback(id, answer)`` (the message of a
first try) and end with it, so that nbgrader gives the test cell that many points.
``grade(id, answer)`` is True when every part is right.  ``variant(id)`` is the data of the
student's variant (what the question says), never its answer.

The right answers are computed by the engines when an answer is marked; they are not
written in these modules or in the notebooks, and nothing public here hands one out
(``EXERCISES`` lists every exercise with its kind, rules and place; the teacher's answer key
is ``python tools/course.py key --student ID``).

>>> from cardlib.exercises import check, score
>>> check("golf-1", None).kind, score("golf-1", None), score("golf-1", "20")
('unanswered', 0.0, 0.0)
>>> EXERCISES["golf-1"].rules
('GOLF-COLUMN', 'GOLF-PAIR-TWOS', 'GOLF-VALUES')

How to write an exercise
========================

An exercise is defined in the folder of the game it teaches (``cardlib/<game>/exercises.py``;
the start page's in :mod:`cardlib.exercises.start_here`), with ``EXERCISES.define(...)`` on
the module's :class:`~cardlib.exercises.model.Chapter` (one a notebook, in the order the
notebook asks them; :mod:`cardlib.exercises.course` lists the chapters).  The models to copy:
golf-1 (a number), golf-5 (a tuple), golf-2 (a dictionary of moves), rook-4 (a list of
cards), golf-4 (a widget), sh-2 (a YAML example).

1. **The variant.**  A small frozen dataclass of the question's data (a layout, the hands,
   the moves asked about), and ``draw(rng)`` that makes one from the student's random
   generator (seeded with the student's ID and the exercise's: :mod:`.students`).  Draw
   only variants that are answerable and unambiguous (no tie where a winner is asked),
   none equal to a worked example the notebook shows before the exercise (the notebook's
   text must never state the answer), and players named from :data:`.drawing.NAMES`.  A
   method that builds the question's position (``v.position()``) serves the teacher's
   solution and learners who want to explore.
2. **The public fields** (:class:`Exercise`): ``id`` (``<game>-<n>``), ``kind`` (one of
   :data:`KINDS`), ``title`` (a few words), ``form`` (the form of an answer in words,
   whatever the variant), ``rules`` (the rule IDs: each taught in the notebook before the
   exercise), ``where`` (where the notebook teaches them: the last hint), ``nudge`` (the
   first hint: a question that points at the rule, the same for every variant, never a
   value), ``points`` (1 unless said).
3. **The key** (private): ``draw``; ``question(v)``, the question of a variant in Markdown
   (cards with their suit symbols and, in backticks, their notation); ``answer``, the
   :class:`~cardlib.exercises.forms.Form` of an answer, which reads it leniently and splits
   it into the parts that score (``Number()``, ``Name(lambda v: v.players)``,
   ``Tuple(("who wins", Name(...)), ("the total", Number()))``, ``Table(lambda v: v.moves,
   Verdict(), Keys.moves(GolfMove.parse))``, ``CardSet(...)``, a widget's
   :class:`~cardlib.exercises.answers.Played`); ``solve(v)``, the right answer asked of the
   engine (play the position, score the layout: never work a rule out again, never write
   an answer down); ``why(v, answer)``, the explanation of a right answer, from the engine
   (for a widget, from the moves as the learner played them).
4. **The notebook's cells**: a Markdown cell ``### Exercise <id> (<kind>)`` that only
   introduces it (what it practises, never its data: those are the student's); a code cell
   ``show("<id>")``; the answer cell, ``answer_N = <placeholder>``, the teacher's solution
   between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` (worked out from
   ``variant("<id>")`` with the engine, so it is right for every student) and
   ``check("<id>", answer_N)`` (nbgrader: autograded answer, ``grade_id`` the exercise's
   ID); the test cell (nbgrader: autograder tests, the exercise's points) whose hidden
   tests import ``feedback`` and ``score`` afresh, print the feedback and end with
   ``score("<id>", answer_N)``.  A widget exercise adds ``answer_N = widget("<id>")``
   above the answer cell, and says what is graded (its answer file).
5. **Check it**: ``python tools/course.py variants --n 50`` draws 50 students' variants
   of every exercise and checks each is asked, answered right (score 1), wrong (less),
   blank (0), and that no hint before the last states its answer; the course's tests
   (``tests/course/``) check the notebooks' text and cells, and the rubric in
   ``docs/teaching.md`` (``python tools/course.py key --rubric``).

A widget exercise is answered by playing in ``widget(id)``; beside a notebook every click
saves the moves to the exercise's answer file, which a fresh ``widget(id)`` replays (see
:func:`widget`): that file, handed in with the notebook, is what nbgrader grades.  Importing
this package imports neither IPython nor ipywidgets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlib.catalogue import rules
from cardlib.exercises import model as _model
from cardlib.exercises.answers import AnswerFileProblem, Played, widget
from cardlib.exercises.forms import (
    BLANK,
    LEGAL,
    TEXT,
    CardSet,
    Form,
    Keys,
    Misread,
    Name,
    Number,
    Reading,
    RuleID,
    Truth,
    Tuple,
    Verdict,
)
from cardlib.exercises.grading import answered, check, feedback, grade, reset_hints, score
from cardlib.exercises.model import (
    KINDS,
    Chapter,
    Exercise,
    Feedback,
    FormError,
    Unanswered,
    UnknownExercise,
)
from cardlib.exercises.replays import ReplayTable, replay_table
from cardlib.exercises.showing import Question, show, variant
from cardlib.exercises.start_here import check_text as _check_text  # noqa: F401 (the tests' use)
from cardlib.exercises.students import DEFAULT_STUDENT, set_student, student

if TYPE_CHECKING:
    EXERCISES: dict[str, Exercise]

__all__ = [
    "BLANK",
    "DEFAULT_STUDENT",
    "EXERCISES",
    "KINDS",
    "LEGAL",
    "TEXT",
    "AnswerFileProblem",
    "CardSet",
    "Chapter",
    "Exercise",
    "Feedback",
    "Form",
    "FormError",
    "Keys",
    "Misread",
    "Name",
    "Number",
    "Played",
    "Question",
    "Reading",
    "ReplayTable",
    "RuleID",
    "Truth",
    "Tuple",
    "Unanswered",
    "UnknownExercise",
    "Verdict",
    "answered",
    "check",
    "feedback",
    "grade",
    "replay_table",
    "reset_hints",
    "rules",
    "score",
    "set_student",
    "show",
    "student",
    "variant",
    "widget",
]


def __getattr__(name: str) -> Any:
    # The registry is gathered from the chapters when first asked for, not when this package
    # is imported: a game's exercises module imports this package for the machinery, and may
    # be imported first (see cardlib.exercises.model).
    if name == "EXERCISES":
        return _model.exercises()
    raise AttributeError(f"module 'cardlib.exercises' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), "EXERCISES"])
