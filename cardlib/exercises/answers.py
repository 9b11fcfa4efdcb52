"""A widget exercise's answer file: the moves played in its widget, saved beside the notebook
at every click and replayed through the engine by a fresh widget (see :func:`widget`).

How each widget is made, what its file keeps and how that is replayed is said by the
exercise itself (:class:`~cardlib.exercises.model.Played`, in its game's folder); this
module reads and writes the files, and replays a list of moves for any widget with a
session (:func:`replay_moves`).
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardlib.exercises.model import Exercise, Played, keys, lookup


class AnswerFileProblem(ValueError):
    """A saved answer file that does not replay (the message says why, in words)."""


def widget(exercise_id: str, *, save: bool = True) -> Any:
    """The widget of a widget exercise, where the exercise says it starts, or where the
    learner left it.

    Beside a notebook (the kernel's folder holds an ``.ipynb``, as in JupyterLab, nbval
    and nbgrader's autograde), every click saves the learner's moves to the exercise's
    answer file (``<id>.answer.json``: what the exercise keeps of its widget, such as the
    cards chosen or the moves in order), and a fresh widget replays that file through the
    engine: so the answer played survives a restarted kernel, and nbgrader, which
    re-executes the notebook, grades the answer that was played.  A file that does not
    replay is refused in words (printed) and the widget starts afresh.  ``save=False``
    neither reads nor writes a file (the teacher's solution, scripts).  The widget carries
    the CSS class ``cardlib-exercise`` (to tell it from the notebook's other widgets of the
    same kind).
    """
    e = lookup(exercise_id)
    played = keys()[e.id].played
    if played is None:
        raise ValueError(f"{exercise_id} is a {e.kind} exercise, not a widget exercise")
    made = played.fresh()
    path = Path(str(e.answer_file))
    if save and any(Path.cwd().glob("*.ipynb")):
        path = Path.cwd() / path
        if path.exists():
            try:
                made = _replayed(e.id, played, path)
            except AnswerFileProblem as why:
                print(
                    f"{path.name} is not replayed: {why} The widget starts where the exercise "
                    "starts; your next click in it saves your moves again."
                )
                made = played.fresh()
        saving = made
        made.on_change(lambda: _save(e.id, played, saving, path))
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


def _save(exercise_id: str, played: Played, made: Any, path: Path) -> None:
    kept = played.keep(made)
    if kept is not None:
        state = {"exercise": exercise_id, **kept}
        path.write_text(json.dumps(state, indent=1) + "\n", encoding="utf-8")


def _replayed(exercise_id: str, played: Played, path: Path) -> Any:
    """A fresh widget with the moves of ``path`` replayed through the engine, or
    :class:`AnswerFileProblem` saying why they do not replay."""
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as why:
        raise AnswerFileProblem(f"it cannot be read as an answer file ({why}).") from None
    if not isinstance(state, dict) or state.get("exercise") != exercise_id:
        raise AnswerFileProblem(f"it is not the answer file of exercise {exercise_id}.")
    return played.replay(state)


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
