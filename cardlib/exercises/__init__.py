"""The course's exercises and the feedback on an answer.

``check("golf-1", answer)`` is all a notebook cell calls.  The feedback comes in four
kinds, in this order:

* **unanswered**: the answer is still the placeholder (``None``, an empty list, a widget
  where it started, a YAML template with ``???`` in it); nothing is counted;
* **form**: the answer is not of the form the exercise asks for (text where a number is
  asked, a list where a table is asked, a rule ID that does not exist); the message says
  which form, plainly, and no rule hint is given, since the rules are not the problem;
* **wrong**: the form is right and the answer is not; it says which part is wrong (an
  entry of a dictionary, a value of a tuple, a claim of an example), never the right
  value, and each further wrong answer opens the next step of the hints: a nudge, then
  the text of the rule from the catalogue (without rule IDs when the answer is made of
  them), then where in the notebook to look;
* **right**: the answer is right, and the message explains why, from the engine.

The right answers are computed by the engines when an answer is checked; they are not
written in these modules or in the notebooks, and nothing public here hands one out
(``EXERCISES`` lists every exercise with its kind, rules and place, for the teacher's
guide, and holds no way to its answer).  ``grade(id, answer)`` is the same check without
messages or hint steps (the notebooks' hidden autograder tests call it), and
``feedback(id, answer)`` the message of a first try (what a failed test says).

A widget exercise is answered by playing in ``widget(id)``; beside a notebook every click
saves the moves to the exercise's answer file, which a fresh ``widget(id)`` replays (see
:func:`widget`): that file, handed in with the notebook, is what nbgrader grades.

Importing this package imports neither IPython nor ipywidgets; a widget exercise reads the
widget's game state through its attributes.

The machinery is shared and names no game: :mod:`~cardlib.exercises.model` (the exercise,
its key, the registry), :mod:`~cardlib.exercises.forms` (reading an answer),
:mod:`~cardlib.exercises.grading` (feedback and hints), :mod:`~cardlib.exercises.answers`
(a widget's answer file) and :mod:`~cardlib.exercises.replays` (the table of worked
examples).  The exercises are in the folders of what they teach (``cardlib/<game>/exercises.py``,
and :mod:`~cardlib.exercises.start_here`), gathered by :mod:`~cardlib.exercises.course`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlib.catalogue import rules
from cardlib.exercises import model as _model
from cardlib.exercises.answers import AnswerFileProblem, widget
from cardlib.exercises.forms import (
    LEGAL,
    Sized,
    as_bool,
    as_int,
    as_name,
    as_rule,
    as_table,
    as_tuple,
    classify,
    legal_or_rule,
)
from cardlib.exercises.grading import check, feedback, grade, reset_hints
from cardlib.exercises.model import KINDS, Exercise, Feedback, FormError, Unanswered
from cardlib.exercises.replays import ReplayTable, replay_table
from cardlib.exercises.start_here import check_text as _check_text  # noqa: F401 (the tests' use)

if TYPE_CHECKING:
    from cardlib.exercises.model import Key

    EXERCISES: dict[str, Exercise]
    _KEYS: dict[str, Key]

__all__ = [
    "EXERCISES",
    "KINDS",
    "LEGAL",
    "AnswerFileProblem",
    "Exercise",
    "Feedback",
    "FormError",
    "ReplayTable",
    "Sized",
    "Unanswered",
    "as_bool",
    "as_int",
    "as_name",
    "as_rule",
    "as_table",
    "as_tuple",
    "check",
    "classify",
    "feedback",
    "grade",
    "legal_or_rule",
    "replay_table",
    "reset_hints",
    "rules",
    "widget",
]


def __getattr__(name: str) -> Any:
    # The registry is gathered from the chapters when first asked for, not when this package
    # is imported: a game's exercises module imports this package for the machinery, and may
    # be imported first (see cardlib.exercises.model).
    if name == "EXERCISES":
        return _model.exercises()
    if name == "_KEYS":
        return _model.keys()
    raise AttributeError(f"module 'cardlib.exercises' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), "EXERCISES"])
