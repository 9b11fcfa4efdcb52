"""nbgrader grading a class for real, once for the module: the student edition generated,
five students' submissions autograded by ``tools/course.py autograde`` (``make autograde``)
with the course folder kept (``--keep``), then each student's marks checked, and the
teacher's ``nbgrader export`` commands (docs/teaching.md) run in that folder, every row
checked against the gradebook that autograde wrote and against nbgrader's own export.

Some students hand in only the notebooks of the exercises their case is about (the cheat
and the tampered one the first exercise's, the blank one all but the slowest,
:data:`SLOWEST`): what nbgrader's autograde does with a missing notebook (scores it 0) is
then checked on the way, and the class runs the slowest notebook twice (the two tests once
graded a class each: ten times).  The teacher's solutions to every exercise earn full marks
through nbgrader on the hub's route (tests/course/test_nbgrader_route.py) and are right for
every student's variant (tests/course/test_variants.py); here they answer half the
exercises.  Slow (nbgrader runs the graded notebooks each student hands in), so ``make
quick`` leaves this file out."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from cardlib import exercises
from cardlib.exercises import EXERCISES, widget
from cardlib.exercises import key as answer_keys
from cardlib.exercises.grading import _mark
from cardlib.exercises.students import DEFAULT_STUDENT
from tests.conftest import ROOT
from tests.course.test_course import _submission, _write_answers
from tests.course.test_grades_export import COMMAND, _read

sys.path.insert(0, str(ROOT / "tools"))
import course

pytestmark = pytest.mark.skipif(not course.has_nbgrader(), reason="nbgrader is not installed")
exercise_grades = pytest.importorskip("exercise_grades", reason="nbgrader is not installed")
from nbgrader.api import Gradebook  # noqa: E402

ASSIGNMENT = course.ASSIGNMENT


def _keyed(student_id: str, exercise_ids: set[str]) -> dict[str, str]:
    """Each of ``exercise_ids``' right answer for ``student_id``, from the teacher's key."""
    return {
        entry.exercise.id: entry.answer
        for entry in answer_keys.answer_key(student_id)
        if entry.exercise.id in exercise_ids
    }


def _as_told(folder: Path, submission: dict[str, dict], student_id: str) -> None:
    """What a learner who does as the notebooks say hands in: each answer, right for their
    own variant, written in place of its placeholder, and each widget exercise played in its
    widget beside the notebook, in a session that knows who they are (the answer files the
    clicks saved)."""
    values = {e.id for e in EXERCISES.values() if e.kind != "widget"}
    _write_answers(submission, _keyed(student_id, values))
    here, was = Path.cwd(), os.environ.get("CARDLIB_STUDENT")
    os.chdir(folder)  # the kernel's folder in JupyterLab: the notebook's
    os.environ["CARDLIB_STUDENT"] = student_id  # a hub's JUPYTERHUB_USER does the same
    try:
        for e in (e for e in EXERCISES.values() if e.kind == "widget"):
            key = exercises.model.keys()[e.id]
            v = exercises.model.variant_of(e.id, student_id)
            key.answer.enact(widget(e.id), key.answer.line(v))
    finally:
        os.chdir(here)
        os.environ.pop("CARDLIB_STUDENT")
        if was is not None:
            os.environ["CARDLIB_STUDENT"] = was


#: the notebook that takes longest to run
SLOWEST = "simulations.ipynb"

#: what the half-right learner also answers partly right: one part wrong (of 4 and of 2)
PARTLY = {"golf-2": 0.75, "gf-5": 0.5}


def _partly(student_id: str) -> dict[str, str]:
    said = {}
    for exercise_id in PARTLY:
        key = exercises.model.keys()[exercise_id]
        v = exercises.model.variant_of(exercise_id, student_id)
        said[exercise_id] = key.answer.literal(key.answer.wrong(key.solve(v), v), v)
    return said


def _notebooks_of(*exercise_ids: str) -> set[str]:
    return {EXERCISES[e].notebook for e in exercise_ids}


@pytest.fixture(scope="module")
def graded_class(student: Path, tmp_path_factory) -> SimpleNamespace:
    """A class autograded with the course folder kept: each student's submission (the
    notebooks they handed in), the marks ``course.autograde`` returned, the progress it
    reported, and the kept folder."""
    ids = list(EXERCISES)
    # every other exercise solved with the teacher's solution, PARTLY's partly, the rest blank
    half = {e for i, e in enumerate(ids) if i % 2 == 0} - set(PARTLY)
    first = _notebooks_of(ids[0])
    # the blank edition handed in but for the notebook slowest to grade (its studies simulate
    # thousands of games; "half" and "as-told" hand it in)
    blank = _notebooks_of(*ids) - {SLOWEST}
    # who hands in what: the exercises solved, and the notebooks handed in (None: all)
    students: dict[str, tuple[set[str], set[str] | None]] = {
        "blank": (set(), blank),
        "half": (half, None),
        "tampered": (set(ids), first),
        "cheat": (set(), first),
        "as-told": (set(), None),
    }
    submitted = tmp_path_factory.mktemp("submitted")
    for name, (solved, handed_in) in students.items():
        folder = submitted / name
        folder.mkdir(parents=True)
        submission = _submission(student, solved)
        if name == "as-told":
            for notebook, nb in submission.items():
                (folder / notebook).write_text(json.dumps(nb))
            _as_told(folder, submission, name)
        if name == "half":
            _write_answers(submission, _partly(name))
        for notebook, nb in submission.items():
            if handed_in is not None and notebook not in handed_in:
                continue
            for cell in nb["cells"]:
                meta = cell["metadata"].get("nbgrader", {})
                if meta.get("grade_id") == ids[0] and name == "tampered":
                    meta["grade_id"] = "renamed"  # nbgrader refuses the whole submission
                if meta.get("grade_id") == ids[0] and name == "cheat":
                    # a wrong answer, and the grading functions redefined to say yes
                    cell["source"] = (
                        "answer_1 = 0\ngrade = lambda *args: True\nscore = lambda *args: 1.0"
                    )
            (folder / notebook).write_text(json.dumps(nb))
    kept = tmp_path_factory.mktemp("graded") / "course"
    graded: list[tuple[int, int, str]] = []
    scores = course.autograde(submitted, progress=lambda *a: graded.append(a[:3]), keep=kept)
    return SimpleNamespace(
        ids=ids, half=half, submitted=submitted, folder=kept, scores=scores, graded=graded
    )


def test_nbgrader_autogrades_each_student_on_their_own_variants(graded_class):
    """A class graded with nbgrader's autograde, each student on their own variants (the
    student ID nbgrader's folder gives): blank 0, half the teacher's solutions (they work
    the answer out from the variant) their marks and a partly right answer its share, a
    learner who wrote their own right answers and played the widgets full marks
    (and would not, were they graded as the default student), a tampered submission not
    graded, and a ``score`` redefined in the notebook nothing."""
    ids, half = graded_class.ids, graded_class.half
    # their variants are their own: the as-told answers are not the default student's
    told = _keyed("as-told", {e for e in ids if EXERCISES[e].kind != "widget"})
    as_default = [
        _mark(EXERCISES[e], a if "\n" in a else ast.literal_eval(a), DEFAULT_STUDENT)
        for e, a in told.items()
    ]
    assert sum(m.kind != "right" for m in as_default) >= len(told) - 3, told
    scores = dict(graded_class.scores)
    students = sorted(p.name for p in graded_class.submitted.iterdir())
    assert graded_class.graded == [(i, len(students), s) for i, s in enumerate(students, 1)]
    assert isinstance(scores.pop("tampered"), course.NotGraded), scores
    total = {name: round(sum(points.values()), 4) for name, points in scores.items()}  # type: ignore[union-attr]
    # the others keep their marks; redefining score earns nothing; a learner who does as
    # the notebooks say (the widget answers played, handed in as their answer files) earns all
    assert total == {
        "blank": 0,
        "half": len(half) + sum(PARTLY.values()),
        "cheat": 0,
        "as-told": len(ids),
    }, scores
    assert scores["as-told"].exercises == dict.fromkeys(ids, 1.0)  # type: ignore[union-attr]
    marks = scores["half"].exercises  # type: ignore[union-attr]
    assert marks == {e: 1.0 if e in half else PARTLY.get(e, 0.0) for e in ids}, marks
    # a notebook a student did not hand in is in their marks, scored 0 by nbgrader itself
    assert set(scores["blank"]) == set(scores["half"]), scores["blank"]
    assert scores["blank"][SLOWEST.removesuffix(".ipynb")] == 0  # type: ignore[index]
    # the hidden tests, put back before nbgrader looks: no "checksum has changed" warnings
    assert all(not points.warnings for points in scores.values()), scores  # type: ignore[union-attr]
    per_notebook = {
        nb: sum(1 for e in half if EXERCISES[e].notebook == f"{nb}.ipynb")
        + sum(p for e, p in PARTLY.items() if EXERCISES[e].notebook == f"{nb}.ipynb")
        for nb in scores["half"]
    }
    assert scores["half"] == per_notebook
    assert "rule-writers" not in scores["half"]  # no exercises, no line


def test_autograde_keeps_only_a_new_or_empty_course_folder(tmp_path):
    """``--keep`` never grades into a folder that holds something (a teacher's course, say):
    the command says so in one line and exits 2, the folder untouched."""
    (tmp_path / "submitted" / "ana").mkdir(parents=True)
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "gradebook.db").write_text("a teacher's")
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    for keep in (link, busy / "gradebook.db"):
        with pytest.raises(ValueError, match="must be new or empty"):
            course.autograde(tmp_path / "submitted", keep=keep)
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "course.py"), "autograde"]
        + [str(tmp_path / "submitted"), "--keep", str(busy)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.strip() == f"{busy}: the course folder to keep must be new or empty"
    assert [p.name for p in busy.iterdir()] == ["gradebook.db"]
    assert (busy / "gradebook.db").read_text() == "a teacher's"
    assert not (tmp_path / "elsewhere").exists()


def test_nbgrader_export_gives_each_students_points_per_exercise(graded_class, monkeypatch):
    """In the kept course folder, with a student on the roll who handed nothing in, the
    guide's export command: a row per student and exercise, each as the gradebook says."""
    monkeypatch.setenv(  # nbgrader's Gradebook runs alembic from the PATH
        "PATH", os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    )
    folder, ids, half = graded_class.folder, graded_class.ids, graded_class.half
    course.nbgrader(folder, "db", "student", "add", "absent")  # on the roll, handed nothing in
    graded = [s for s, marks in graded_class.scores.items() if isinstance(marks, course.Marks)]
    with Gradebook(f"sqlite:///{folder / 'gradebook.db'}") as gb:
        autograded = {
            (student, exercise_grades.exercise_of(g.name)): (g.score, g.max_score)
            for student in graded
            for nb in gb.find_submission(ASSIGNMENT, student).notebooks
            for g in nb.grades
        }
        on_roll = sorted(s.id for s in gb.students)
    assert {e for s, e in autograded} == set(ids)

    # the teacher's command, in the course folder with the course's clone in cardlib/
    (folder / "cardlib").symlink_to(ROOT, target_is_directory=True)
    env = {
        **os.environ,
        # cardlib/tools as the guide says; ROOT stands for the teacher's install of the course
        "PYTHONPATH": os.pathsep.join(["cardlib/tools", str(ROOT)]),
    }
    for command in (COMMAND, "nbgrader export --to grades.csv"):
        done = subprocess.run(
            [str(Path(sys.executable).parent / "nbgrader"), *command.split()[1:]],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stdout + done.stderr
    header, table = _read(folder / "exercise-grades.csv")
    assert header == list(exercise_grades.COLUMNS)
    students: dict[str, list[dict[str, str]]] = {}
    for row in table:
        students.setdefault(row["student_id"], []).append(row)
    assert list(students) == on_roll and {"absent", *graded} <= set(on_roll), on_roll
    for student, rows in students.items():
        assert [r["exercise"] for r in rows] == ids, student
        for row in rows:
            e = EXERCISES[row["exercise"]]
            assert row["assignment"] == ASSIGNMENT and f"{row['notebook']}.ipynb" == e.notebook
            assert row["rules"].split() == list(e.rules)
            # the notebook nbgrader refused still needs a grader; nothing else does
            refused = student == "tampered" and e.notebook == EXERCISES[ids[0]].notebook
            assert row["needs_manual_grade"] == ("yes" if refused else "no"), (student, e.id)
            if student in graded:
                assert row["submitted"] == "yes"
                assert (float(row["score"]), float(row["max_score"])) == autograded[(student, e.id)]
    assert {r["submitted"] for r in students["absent"]} == {"no"}
    points = {s: {r["exercise"]: float(r["score"]) for r in rows} for s, rows in students.items()}
    assert points["as-told"] == dict.fromkeys(ids, 1.0)
    assert points["blank"] == points["absent"] == points["cheat"] == dict.fromkeys(ids, 0.0)
    assert points["half"] == {e: 1.0 if e in half else PARTLY.get(e, 0.0) for e in ids}
    # a student's rows add up to nbgrader's own score for the assignment (before its penalty)
    _, totals = _read(folder / "grades.csv")
    assert {r["student_id"]: float(r["raw_score"]) for r in totals} == {
        s: sum(p.values()) for s, p in points.items()
    }
