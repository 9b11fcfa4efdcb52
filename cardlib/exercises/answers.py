"""A widget exercise's answer: the widget, played (:class:`Played`, the form of such an
answer), and its answer file: the moves played in it, saved beside the notebook at every
click and replayed through the engine by a fresh widget (see :func:`widget`).

How each widget is made for a variant, what its file keeps, how that is replayed and what
the goal is is said by the exercise itself (a :class:`Played`, in its game's folder); this
module reads and writes the files, and replays a list of moves for any widget with a
session (:func:`replay_moves`).
"""

from __future__ import annotations

import json
import os
import stat
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from cardlib import files
from cardlib.errors import CardlibError, SaveError
from cardlib.exercises.forms import Form, Reading, placeholder
from cardlib.exercises.model import Exercise, UnknownExercise, keys, lookup, variant_of
from cardlib.exercises.students import student
from cardlib.text import one_line, valid

V = TypeVar("V")


class AnswerFileProblem(CardlibError, ValueError):
    """A saved answer file that does not replay (the message says why, in words)."""


#: the largest answer file read: a widget's moves take a few kilobytes
MAX_ANSWER_BYTES = 1 << 20


@dataclass
class Played(Form[V]):
    """The form of a widget exercise's answer: the exercise's widget, played.

    ``fresh(v)`` makes the widget where the variant starts; ``keep(widget)`` says what its
    answer file keeps of it (None: nothing to keep yet, a place left empty); ``replay(v,
    state)`` makes a widget from what a file kept, through the engine, or raises
    :class:`AnswerFileProblem` saying why it does not replay; ``look(widget, v)`` reads the
    widget's state into the parts of the goal (a :class:`~cardlib.exercises.forms.Reading`,
    raising ``FormError`` or ``Unanswered``); the exercise's ``solve`` gives the goal, part
    by part.  ``line(v)`` is a line of play that reaches the goal, ``astray(v)`` one of the
    right form that does not, and ``enact(widget, line)`` plays a line through the widget's
    own controls (the answer key and the check of the variants use them); ``said(line)``
    says a line of play in words; ``parts_said`` what the parts are (the rubric);
    ``retry`` how to try again, said with a wrong answer.
    """

    fresh: Callable[[V], Any]
    keep: Callable[[Any], dict[str, Any] | None]
    replay: Callable[[V, Mapping[str, Any]], Any]
    look: Callable[[Any, V], Reading]
    line: Callable[[V], Any]
    astray: Callable[[V], Any]
    enact: Callable[[Any, Any], object]
    said: Callable[[Any], str]
    parts_said: str
    retry: str = ""

    noun = "parts of the goal"

    def rubric(self) -> str:
        return self.parts_said

    def read(self, answer: Any, v: V) -> Reading:
        placeholder(answer)
        return self.look(answer, v)

    def split(self, right: Any, v: V) -> dict[str, Any]:
        return dict(right)

    def blank(self, v: V) -> Any:
        return self.fresh(v)

    def literal(self, right: Any, v: V) -> str:
        return self.said(self.line(v))

    def wrong(self, right: Any, v: V) -> Any:
        made = self.fresh(v)
        self.enact(made, self.astray(v))
        return made

    def given(self, right: Any, v: V) -> Any:
        """The widget, with a line of play that reaches the goal played in it."""
        made = self.fresh(v)
        self.enact(made, self.line(v))
        return made


def widget(exercise_id: str, *, save: bool = True) -> Any:
    """The widget of a widget exercise, where the exercise says it starts, or where the
    learner left it.

    Beside a notebook (the kernel's folder holds an ``.ipynb``, as in JupyterLab, nbval
    and nbgrader's autograde), every click saves the learner's moves to the exercise's
    answer file (``<id>.answer.json``: what the exercise keeps of its widget, such as the
    cards chosen or the moves in order), and a fresh widget replays that file through the
    engine: so the answer played survives a restarted kernel, and nbgrader, which
    re-executes the notebook, grades the answer that was played.  The widget starts where
    the student's variant of the exercise starts (:func:`cardlib.exercises.student`); the
    file says whose moves it holds, and a file that does not replay (another student's, or
    one changed by hand) is refused in words (printed) and the widget starts afresh.  ``save=False``
    neither reads nor writes a file (the teacher's solution, scripts).  The widget carries
    the CSS class ``cardlib-exercise`` (to tell it from the notebook's other widgets of the
    same kind).
    """
    e = lookup(exercise_id)
    played = keys()[e.id].answer
    if not isinstance(played, Played):
        raise UnknownExercise(f"{exercise_id} is a {e.kind} exercise, not a widget exercise")
    who = student()
    v = variant_of(e.id, who)
    made = played.fresh(v)
    path = Path(str(e.answer_file))
    if save and any(Path.cwd().glob("*.ipynb")):
        path = Path.cwd() / path
        if path.exists() or path.is_symlink():
            try:
                made = _replayed(e.id, who, v, played, path)
            except AnswerFileProblem as why:
                print(
                    one_line(
                        f"{path.name} is not replayed: {why} The widget starts where the "
                        "exercise starts; your next click in it saves your moves again."
                    )
                )
                made = played.fresh(v)
        saving = made
        made.on_change(lambda: _save(e.id, who, played, saving, path))
        _answer_files[made] = path
    made.add_class("cardlib-exercise")
    return made


#: a saving widget -> its answer file (what check() tells the learner to hand in)
_answer_files: weakref.WeakKeyDictionary[Any, Path] = weakref.WeakKeyDictionary()


def saved_note(e: Exercise, answer: Any, *, played: bool = True) -> str:
    """What a widget exercise's feedback adds: where the moves are saved (what is graded)."""
    if e.kind != "widget" or not hasattr(answer, "add_class"):
        return ""
    path = _answer_files.get(answer)
    if path is None:
        return (
            " This widget saves nothing (no notebook in this folder, or save=False): an answer "
            f"counts when it is played in a widget that saves {e.answer_file} beside the notebook."
        )
    if not played:
        return (
            f" Each click in the widget saves your moves in {path.name}, beside the notebook; "
            "hand it in with the notebook, as it is what is graded."
        )
    return (
        f" Your moves are saved in {path.name}, beside the notebook: hand it in with the "
        "notebook, as it is what is graded."
    )


def _save(exercise_id: str, who: str, played: Played[Any], made: Any, path: Path) -> None:
    """Write what the exercise keeps of ``made`` to its answer file, or print in one line why
    not: a click handler never raises.  The file is written whole or not at all (a new file
    beside it, renamed over it), and never through a link or over a file that is not this
    exercise's answer file."""
    kept = played.keep(made)
    if kept is None:
        return
    state = {"exercise": exercise_id, "student": who, **kept}
    try:
        _refuse_foreign(exercise_id, path)
        files.replace(path, (json.dumps(state, indent=1) + "\n").encode("utf-8"))
    except AnswerFileProblem as why:
        print(one_line(f"Your moves are not saved in {path.name}: {why}"))
    except SaveError as why:  # the file is named in the message
        print(one_line(f"Your moves are not saved: {why}"))


def _refuse_foreign(exercise_id: str, path: Path) -> None:
    """:class:`AnswerFileProblem` if ``path`` is there and is not this exercise's answer file
    (a link, a folder, or a file of other content): it is never overwritten."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISLNK(mode):
        raise AnswerFileProblem("it is a link, and an answer file is never written through one.")
    if not stat.S_ISREG(mode):
        raise AnswerFileProblem("something that is not a file has its name.")
    try:
        state = _read(path)
    except AnswerFileProblem:
        state = None
    if not isinstance(state, dict) or state.get("exercise") != exercise_id:
        raise AnswerFileProblem(
            f"a file that is not the answer file of exercise {exercise_id} has its name; "
            "move it away and click again."
        )


def _read(path: Path) -> Any:
    """The JSON of an answer file, read without following a link and at most
    :data:`MAX_ANSWER_BYTES`, or :class:`AnswerFileProblem` saying why it cannot be."""
    try:
        fd = os.open(
            path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        )
    except OSError as why:
        raise AnswerFileProblem(f"it cannot be opened as a file ({why.strerror or why}).") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise AnswerFileProblem("it is not a file.")
    with os.fdopen(fd, "rb") as file:
        data = file.read(MAX_ANSWER_BYTES + 1)
    if len(data) > MAX_ANSWER_BYTES:
        raise AnswerFileProblem(f"it is larger than {MAX_ANSWER_BYTES} bytes.")
    try:
        state = json.loads(data.decode("utf-8"))
    except RecursionError:
        raise AnswerFileProblem("it nests too deeply to be an answer file.") from None
    except (UnicodeDecodeError, ValueError) as why:
        raise AnswerFileProblem(f"it cannot be read as an answer file ({why}).") from None
    if not _all_text_valid(state):
        raise AnswerFileProblem(
            "it cannot be read as an answer file (it holds a text that is not valid text, "
            "such as an escaped lone surrogate)."
        )
    return state


def _all_text_valid(state: Any) -> bool:
    """Whether every text of a JSON document (keys and values, at any depth) is valid
    text: JSON can escape a lone surrogate (``"\\ud800"``), which no text may hold."""
    stack = [state]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if not valid(value):
                return False
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return True


def _replayed(exercise_id: str, who: str, v: Any, played: Played[Any], path: Path) -> Any:
    """A fresh widget of variant ``v`` with the moves of ``path`` replayed through the
    engine, or :class:`AnswerFileProblem` saying why they do not replay."""
    state = _read(path)
    if not isinstance(state, dict) or state.get("exercise") != exercise_id:
        raise AnswerFileProblem(f"it is not the answer file of exercise {exercise_id}.")
    if state.get("student", who) != who:
        raise AnswerFileProblem(
            f"it holds the moves of student {state.get('student')!r}'s variant of "
            f"{exercise_id}, not of {who!r}'s."
        )
    return played.replay(v, state)


def learner_moves(made: Any) -> list[dict[str, Any]]:
    """The moves the learner made in a widget with a session, in order, as a file keeps them."""
    return [{"player": s.player, "move": s.move} for s in made.session.steps if s.by_learner]


def replay_moves(made: Any, moves: Any, play: Callable[[Any, str], bool]) -> Any:
    """``made`` with ``moves`` (as :func:`learner_moves` kept them) replayed by ``play``,
    each by the player whose turn it is, or :class:`AnswerFileProblem` saying which does not."""
    if not isinstance(moves, list):
        raise AnswerFileProblem("it holds no list of moves.")
    for number, step in enumerate(moves, 1):
        if not isinstance(step, dict) or not isinstance(step.get("move"), str):
            raise AnswerFileProblem(f"move {number} is not a move.")
        mover = made.session.mover
        if step.get("player") != mover:
            raise AnswerFileProblem(
                f"move {number} is {step.get('player')}'s, but it is {mover}'s turn there."
            )
        if not play(made, step["move"]):
            refused = made.session.refusal or made.session.problem or "it is refused"
            raise AnswerFileProblem(f"move {number}, {step['move']!r}, does not replay: {refused}")
    return made
