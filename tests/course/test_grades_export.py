"""Grades a school can use (issue 21): nbgrader's exporter plugin in tools/exercise_grades.py
writes one row per student and exercise, with the exercise's rules.

These fast tests run the exporter on a gradebook made of plain objects; test_autograde.py
grades a class for real and runs ``nbgrader export --exporter ...`` in the course folder as
the teacher's guide says, checking every row against the gradebook."""

from __future__ import annotations

import csv
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cardlib.exercises import EXERCISES
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import course

exercise_grades = pytest.importorskip("exercise_grades", reason="nbgrader is not installed")
from nbgrader.api import MissingEntry  # noqa: E402

ASSIGNMENT = course.ASSIGNMENT
#: the command of docs/teaching.md, run in the course folder with the clone in cardlib/
COMMAND = "nbgrader export --exporter=exercise_grades.ExerciseGrades --to exercise-grades.csv"


def _read(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        return list(reader.fieldnames or []), list(reader)


def _by_student(table: list[dict[str, str]]) -> dict[str, list[dict[str, str]]]:
    found: dict[str, list[dict[str, str]]] = {}
    for row in table:
        found.setdefault(row["student_id"], []).append(row)
    return found


# --------------------------------------------------------------------------- fast


class FakeGradebook:
    """What the exporter reads of nbgrader's Gradebook: assignments with their notebooks
    and graded cells, students, and each student's submission with its grades."""

    def __init__(self, notebooks: dict[str, list[tuple[str, float]]]) -> None:
        # as nbgrader lists them: notebooks by name, cells in no particular order
        self.assignments = [
            SimpleNamespace(
                name=ASSIGNMENT,
                notebooks=[
                    SimpleNamespace(
                        name=nb,
                        grade_cells=[SimpleNamespace(name=n, max_score=m) for n, m in cells],
                        task_cells=[],
                    )
                    for nb, cells in sorted(notebooks.items())
                ],
            )
        ]
        self.students: list[Any] = []
        self.submissions: dict[str, Any] = {}

    def add(self, student: str, scores: dict[str, tuple[float | None, bool]] | None) -> None:
        """A student, with ``{cell: (score, needs manual grade)}`` as submitted, or none."""
        self.students.append(SimpleNamespace(id=student))
        if scores is None:
            return
        self.submissions[student] = SimpleNamespace(
            notebooks=[
                SimpleNamespace(
                    name=nb.name,
                    grades=[
                        SimpleNamespace(
                            name=cell.name,
                            score=scores.get(cell.name, (0.0, False))[0],
                            needs_manual_grade=scores.get(cell.name, (0.0, False))[1],
                        )
                        for cell in nb.grade_cells
                    ],
                )
                for nb in self.assignments[0].notebooks
            ]
        )

    def find_submission(self, assignment: str, student: str) -> Any:
        if assignment != ASSIGNMENT or student not in self.submissions:
            raise MissingEntry()
        return self.submissions[student]


def _fake() -> FakeGradebook:
    notebooks: dict[str, list[tuple[str, float]]] = {}
    for e in reversed(EXERCISES.values()):  # the exporter must not keep this order
        notebooks.setdefault(e.notebook.removesuffix(".ipynb"), []).append((f"{e.id}-test", 1.0))
    notebooks["golf"].insert(0, ("bonus", 2.0))  # a graded cell the teacher added
    gb = FakeGradebook(notebooks)
    gb.add("zoe", {f"{e}-test": (1.0, False) for e in EXERCISES} | {"bonus": (2.0, False)})
    gb.add("ana", {"golf-4-test": (1.0, False), "rook-5-test": (None, True)})
    gb.add("bo", None)  # in the gradebook, nothing handed in
    return gb


def test_one_row_per_student_and_exercise_with_its_rules_in_the_course_order():
    table = exercise_grades.rows(_fake(), EXERCISES)
    assert all(tuple(row) == exercise_grades.COLUMNS for row in table)
    students = _by_student(table)
    assert list(students) == ["ana", "bo", "zoe"]
    for rows in students.values():
        assert [r["exercise"] for r in rows] == [*EXERCISES, "bonus"]
        for row in rows[:-1]:
            e = EXERCISES[row["exercise"]]
            assert row["rules"] == " ".join(e.rules) and row["rules"]
            assert f"{row['notebook']}.ipynb" == e.notebook and row["max_score"] == "1"
        assert rows[-1]["rules"] == "" and rows[-1]["max_score"] == "2"
    zoe = students["zoe"]
    assert {r["score"] for r in zoe[:-1]} == {"1"} and zoe[-1]["score"] == "2"
    ana = {r["exercise"]: r for r in students["ana"]}
    assert [e for e, r in ana.items() if r["score"] != "0"] == ["golf-4"]
    # not graded yet: 0 points, and nbgrader's word that it needs a grader's look
    assert ana["rook-5"]["score"] == "0" and ana["rook-5"]["needs_manual_grade"] == "yes"
    assert [e for e, r in ana.items() if r["needs_manual_grade"] == "yes"] == ["rook-5"]
    assert {r["submitted"] for r in students["ana"] + students["zoe"]} == {"yes"}
    # handed nothing in: every exercise at 0, not submitted, nothing to grade by hand
    assert {(r["score"], r["submitted"], r["needs_manual_grade"]) for r in students["bo"]} == {
        ("0", "no", "no")
    }


def test_two_assignments_come_student_by_student_and_limit_the_rows():
    gb = _fake()
    homework = SimpleNamespace(name="homework", grade_cells=[], task_cells=[])
    homework.grade_cells.append(SimpleNamespace(name="hw-1", max_score=3.0))
    gb.assignments.append(SimpleNamespace(name="extra", notebooks=[homework]))
    table = exercise_grades.rows(gb, EXERCISES)
    seen = [(r["student_id"], r["assignment"]) for r in table]
    assert list(dict.fromkeys(seen)) == [
        (student, assignment)
        for student in ("ana", "bo", "zoe")
        for assignment in (ASSIGNMENT, "extra")
    ]
    extra = [r for r in table if r["assignment"] == "extra"]
    assert {
        (r["exercise"], r["rules"], r["score"], r["max_score"], r["submitted"]) for r in extra
    } == {("hw-1", "", "0", "3", "no")}
    assert exercise_grades.rows(gb, EXERCISES, assignments=["extra"]) == extra
    only_ana = exercise_grades.rows(gb, EXERCISES, students=["ana"])
    assert only_ana == [r for r in table if r["student_id"] == "ana"]
    assert exercise_grades.rows(gb, EXERCISES, assignments=["another"]) == []


def test_the_plugin_writes_the_csv(tmp_path, monkeypatch):
    gb = _fake()
    exercise_grades.ExerciseGrades(to=str(tmp_path / "out.csv"), student=["zoe"]).export(gb)
    header, table = _read(tmp_path / "out.csv")
    assert header == list(exercise_grades.COLUMNS)
    assert table == exercise_grades.rows(gb, EXERCISES, students=["zoe"])
    monkeypatch.chdir(tmp_path)  # no --to: a file of its own, never nbgrader's grades.csv
    exercise_grades.ExerciseGrades().export(gb)
    assert _read(tmp_path / exercise_grades.DEFAULT_TO)[1] == exercise_grades.rows(gb, EXERCISES)
    assert exercise_grades.DEFAULT_TO != "grades.csv"


def test_the_guide_gives_the_command_the_test_runs():
    guide = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    assert f"PYTHONPATH=cardlib/tools {COMMAND}" in guide
    for column in exercise_grades.COLUMNS:
        assert f"`{column}`" in guide, column


# --------------------------------------------------------------------------- nbgrader
