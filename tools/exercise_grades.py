"""Per-exercise grades out of nbgrader's gradebook: an nbgrader exporter plugin.

``nbgrader export`` writes one row per student and assignment.  This exporter writes one
row per student and exercise, with the rules the exercise teaches, for a school's own
records.  In the teacher's course folder (the one the ``nbgrader`` commands run in, with
the course's clone in ``cardlib/`` as the teacher's guide sets it up)::

    PYTHONPATH=cardlib/tools nbgrader export --exporter=exercise_grades.ExerciseGrades --to exercise-grades.csv

``--assignment`` and ``--student`` limit it as they limit nbgrader's own export.  The
columns are :data:`COLUMNS`:

``student_id``, ``assignment``
    as in nbgrader's gradebook;
``notebook``
    the notebook's name without ``.ipynb`` (``golf``), as nbgrader names it;
``exercise``
    the exercise's ID (``golf-4``): the name of its autograder test cell (``golf-4-test``)
    without ``-test``;
``rules``
    the rule IDs the exercise teaches, joined by spaces, read from
    ``cardlib.exercises.EXERCISES`` (empty for a graded cell that is not one of the
    course's exercises: a cell the teacher added is still listed, so that a student's rows
    add up to nbgrader's score);
``score``, ``max_score``
    the points nbgrader gives the cell (a manual grade, where given, in place of the
    autograder's, plus any extra credit) and the most it gives, before nbgrader's late
    penalty, which nbgrader takes off a whole submission and not off an exercise;
``needs_manual_grade``
    ``yes`` where nbgrader says the cell still needs a grader's look (a submission
    collected but not autograded, say), else ``no``;
``submitted``
    ``yes`` if the gradebook holds the student's submission of the assignment.  A
    student in the gradebook with no submission gets a row for every exercise with score
    0, ``needs_manual_grade`` ``no`` and ``submitted`` ``no``; a notebook missing from a
    submission is scored 0 by nbgrader's autograde itself.

Rows come students by ID, then assignments in nbgrader's order (due date, then name), then
the exercises in the course's order (``cardlib.exercises.EXERCISES``: start-here, golf,
go-fish, rook, then the simulations notebook's golf-lab and gf-lab), then any other graded
cell by notebook and name.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from nbgrader.api import Gradebook, MissingEntry
from nbgrader.plugins import ExportPlugin

COLUMNS = (
    "student_id",
    "assignment",
    "notebook",
    "exercise",
    "rules",
    "score",
    "max_score",
    "needs_manual_grade",
    "submitted",
)
#: how an exercise's autograder test cell is named: its exercise ID and this
TEST_SUFFIX = "-test"
DEFAULT_TO = "exercise-grades.csv"


def exercise_of(cell_name: str) -> str:
    """The exercise a graded cell grades: ``golf-4-test`` grades ``golf-4``."""
    return cell_name.removesuffix(TEST_SUFFIX)


def _points(value: float | None) -> str:
    return f"{value or 0.0:g}"


def _yes(value: bool) -> str:
    return "yes" if value else "no"


def rows(
    gradebook: Gradebook,
    exercises: Mapping[str, Any],
    *,
    students: Iterable[str] = (),
    assignments: Iterable[str] = (),
) -> list[dict[str, str]]:
    """The rows of the export (see the module's doc), as dictionaries keyed by
    :data:`COLUMNS`.  ``exercises`` maps each exercise ID to an object with ``rules`` (a
    sequence of rule IDs), in the course's order; ``students`` and ``assignments``, when
    given, limit the rows to those IDs."""
    only_students, only_assignments = set(map(str, students)), set(map(str, assignments))
    order = {exercise_id: i for i, exercise_id in enumerate(exercises)}
    out: list[dict[str, str]] = []
    everyone = sorted(gradebook.students, key=lambda s: s.id)
    for assignment in gradebook.assignments:
        if only_assignments and assignment.name not in only_assignments:
            continue
        cells = sorted(
            (
                (notebook.name, cell.name, cell.max_score)
                for notebook in assignment.notebooks
                for cell in [*notebook.grade_cells, *notebook.task_cells]
            ),
            key=lambda c: (order.get(exercise_of(c[1]), len(order)), c[0], c[1]),
        )
        for student in everyone:
            if only_students and student.id not in only_students:
                continue
            try:
                submission = gradebook.find_submission(assignment.name, student.id)
            except MissingEntry:
                grades: dict[tuple[str, str], Any] = {}
                submitted = False
            else:
                grades = {(nb.name, g.name): g for nb in submission.notebooks for g in nb.grades}
                submitted = True
            for notebook, cell, max_score in cells:
                grade = grades.get((notebook, cell))
                exercise = exercise_of(cell)
                rules: Sequence[str] = exercises[exercise].rules if exercise in exercises else ()
                out.append(
                    {
                        "student_id": student.id,
                        "assignment": assignment.name,
                        "notebook": notebook,
                        "exercise": exercise,
                        "rules": " ".join(rules),
                        "score": _points(grade.score if grade is not None else 0.0),
                        "max_score": _points(max_score),
                        # a submission without this cell's grade has not been graded
                        "needs_manual_grade": _yes(
                            submitted and (grade is None or grade.needs_manual_grade)
                        ),
                        "submitted": _yes(submitted),
                    }
                )
    # students by ID first, then as built (assignments in nbgrader's order, then exercises)
    return sorted(out, key=lambda row: row["student_id"])


def write(path: str, table: Iterable[Mapping[str, str]]) -> None:
    """The table as CSV in ``path``, written whole or not at all and never through a link
    (:func:`cardlib.files.replace`: a link of that name is a SaveError)."""
    from cardlib.files import replace

    text = io.StringIO(newline="")
    writer = csv.DictWriter(text, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(table)
    replace(Path(path), text.getvalue().encode("utf-8"))


class ExerciseGrades(ExportPlugin):
    """nbgrader's exporter of one row per student and exercise (see the module's doc):
    ``nbgrader export --exporter=exercise_grades.ExerciseGrades --to FILE.csv``, with this
    folder (``tools/``) on ``PYTHONPATH``."""

    def export(self, gradebook: Gradebook) -> None:
        try:
            from cardlib.exercises import EXERCISES
        except ImportError as why:
            raise RuntimeError(
                "the per-exercise export reads the exercises' rules from cardlib.exercises: "
                "install the course (python -m pip install -e ./cardlib) in the environment "
                f"nbgrader runs in ({why})"
            ) from why
        dest = self.to or DEFAULT_TO
        table = rows(gradebook, EXERCISES, students=self.student, assignments=self.assignment)
        unknown = sorted({r["exercise"] for r in table if r["exercise"] not in EXERCISES})
        if unknown:
            self.log.warning(
                "graded cells that are not exercises of the course (listed, with no rules): %s",
                ", ".join(unknown),
            )
        write(dest, table)
        self.log.info(
            "Exported %d rows (%d students, %d graded cells) to %s",
            len(table),
            len({r["student_id"] for r in table}),
            len({(r["assignment"], r["notebook"], r["exercise"]) for r in table}),
            dest,
        )
