"""Who the student is, and the seed of each exercise's variant for that student.

Each graded exercise draws its position, deal or numbers from a random generator seeded with
the student's ID and the exercise's ID (:func:`rng_for`), as PrairieLearn's ``generate``
does: neighbours get different questions, and the same student always gets the same one,
in their session, under nbgrader's autograde and in the teacher's answer key.

:func:`student` says who the student is, first found of:

1. under nbgrader's autograde (nbgrader sets ``NBGRADER_EXECUTION=autograde`` while it runs a
   submission), the student's ID from the kernel's folder: nbgrader runs the notebook in
   ``<course>/autograded/<student_id>/<assignment>/`` (its default ``directory_structure``);
2. the environment variable ``CARDLIB_STUDENT``;
3. ``JUPYTERHUB_USER``, set by JupyterHub in a learner's server: nbgrader's exchange files a
   submission under the hub user's name, so the learner's session and the autograder agree;
4. the ID set with :func:`set_student` (a learner outside a hub: JupyterLite, Binder, their
   own machine), for the kernel's session;
5. :data:`DEFAULT_STUDENT`, so that a notebook run outside any of these (the teacher's
   notebooks under nbval) always shows the same variants.

>>> rng_for("ana", "golf-1").random() == rng_for("ana", "golf-1").random()
True
>>> rng_for("ana", "golf-1").random() == rng_for("bo", "golf-1").random()
False
"""

from __future__ import annotations

import hashlib
import os
import random
from pathlib import Path

from cardlib.arguments import shown
from cardlib.errors import CardlibError
from cardlib.text import one_line, valid

#: who the student is when nothing says otherwise (the committed notebooks show this
#: student's variants)
DEFAULT_STUDENT = "learner"

#: nbgrader's name of the folder it autogrades in (``CourseDirectory.autograded_directory``)
AUTOGRADED = "autograded"

_set: str | None = None


def rng_for(student_id: str, exercise_id: str) -> random.Random:
    """The random generator of ``exercise_id``'s variant for ``student_id``: seeded from the
    first 8 bytes of the SHA-256 of ``"<student>/<exercise>"``, the same on every runtime
    (CPython, Pyodide) and in every process (never ``hash()``, which is salted)."""
    digest = hashlib.sha256(f"{student_id}/{exercise_id}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def student() -> str:
    """The student whose variants the exercises show and grade (see the module's text); an
    ID found that is not valid text (bytes that are not UTF-8) is a
    :class:`~cardlib.errors.CardlibError` that says where it was found."""
    if os.environ.get("NBGRADER_EXECUTION") == "autograde":
        graded = _autograded_student(Path.cwd())
        if graded:
            return _checked(graded, "the name of nbgrader's submission folder")
    for variable in ("CARDLIB_STUDENT", "JUPYTERHUB_USER"):
        value = os.environ.get(variable, "").strip()
        if value:
            return _checked(value, f"the environment variable {variable}")
    return _set or DEFAULT_STUDENT


def where_from() -> str:
    """Where :func:`student` found the ID, in words (what the notebooks print)."""
    if os.environ.get("NBGRADER_EXECUTION") == "autograde" and _autograded_student(Path.cwd()):
        return "nbgrader's autograde, from the submission's folder"
    if os.environ.get("CARDLIB_STUDENT", "").strip():
        return "the environment variable CARDLIB_STUDENT"
    if os.environ.get("JUPYTERHUB_USER", "").strip():
        return "your JupyterHub user name"
    if _set:
        return "set_student(...) in this session"
    return "nobody has said who you are: the default student"


def set_student(student_id: str) -> str:
    """Say who you are, outside a JupyterHub (JupyterLite, Binder, your own machine): your
    exercises become your own variants for the rest of this session.  Use the ID your
    teacher grades you under (the name of your folder of submissions).  Returns who the
    exercises are now for: on a hub, or where ``CARDLIB_STUDENT`` is set, that ID wins.

    >>> set_student("")
    Traceback (most recent call last):
    ...
    cardlib.errors.CardlibError: a student ID is a name such as 'ana', not ''
    """
    global _set
    name = student_id.strip() if isinstance(student_id, str) else ""
    if not name or not valid(name):
        raise CardlibError(f"a student ID is a name such as 'ana', not {shown(student_id)}")
    _set = name
    return said()


def _checked(name: str, where: str) -> str:
    """A student ID found ``where`` (an environment variable, a folder's name), if it is
    valid text: one that is not (bytes that are not UTF-8) is said in words, as no
    exercise could be drawn for it."""
    if not valid(name):
        raise CardlibError(
            f"the student ID in {where} is not valid text ({one_line(name)}): set it to a "
            "name such as 'ana'"
        )
    return name


def said() -> str:
    """Whose exercises these are, and how that was found, in one sentence."""
    return f"Your exercises are student {student()!r}'s ({where_from()})."


def _autograded_student(folder: Path) -> str | None:
    """The student ID of nbgrader's ``<course>/autograded/<student_id>/<assignment>``, or None."""
    folder = folder.resolve()
    return folder.parent.name if folder.parent.parent.name == AUTOGRADED else None
