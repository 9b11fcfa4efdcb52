"""The course as a teacher assigns it: each exercise's feedback, the student edition that
nbgrader generates (no solution survives; it runs before any answer is given), and
nbgrader's autograding of blank, solved and half-solved submissions."""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardlib import exercises
from cardlib.exercises import EXERCISES, KINDS, check, grade, widget
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import course

GAME_NOTEBOOKS = ("golf.ipynb", "go-fish.ipynb", "rook.ipynb")


def _play_golf_4(w: Any, cards: list[str]) -> Any:
    for picker, card in zip(w.pickers, cards, strict=True):
        picker.value = card
    return w


def _play_gf_4(w: Any, targets: list[str]) -> Any:
    for target in targets:
        w.target.value, w.what.value = target, "8"
        w.ask_button.click()
    return w


def _play_rook_5(w: Any, moves: list[str]) -> Any:
    for move in moves:
        w.play(move)
    return w


SH2_RIGHT = """\
example: Mei's layout, scored
source: a test of the course
game: golf
players: [Mei, Ben]
setup:
  position:
    layouts:
      Mei: {TL: 5H, TM: KS, TR: 2C, BL: 5C, BM: QD, BR: 2D}
steps:
  - expect:
      score: {Mei: 10}
"""

#: exercise -> (a right answer, a wrong answer of the right form, an answer of the wrong form)
CASES: dict[str, tuple[Any, Any, Any]] = {
    "sh-1": ("GOLF-DEAL", "GOLF-DECK", "GOLF-NOPE"),
    "sh-2": (SH2_RIGHT, SH2_RIGHT.replace("{Mei: 10}", "{Mei: 12}"), "game: [golf"),
    "golf-1": (20, 0, "20"),
    "golf-2": (
        {
            "discard": "GOLF-TAKE-MUST-REPLACE",
            "replace TR": "legal",
            "replace BL": "legal",
            "take": "GOLF-DRAW",
        },
        {"discard": "legal", "replace TR": "legal", "replace BL": "legal", "take": "GOLF-DRAW"},
        ["discard", "replace TR"],
    ),
    "golf-3": ((True, "Ben"), (True, "Mei"), ("True", "Ben")),
    "golf-4": (
        lambda: _play_golf_4(widget("golf-4"), ["2S", "2H", "2D", "KS", "KH", "KD"]),
        lambda: _play_golf_4(widget("golf-4"), ["2S", "2H", "2D", "KS", "KH", "QD"]),
        lambda: _play_golf_4(widget("golf-4"), ["2S", "2S", "2D", "KS", "KH", "KD"]),
    ),
    "golf-5": (("Jia", 23), ("Yi", 26), "Jia"),
    "gf-1": ((1, True), (1, False), ("1", True)),
    "gf-2": (
        {
            "ask An 8": "legal",
            "ask An 3": "GF-ASK-HOLD",
            "ask Lin Q": "GF-ASK-TARGET",
            "ask Mei 9": "legal",
        },
        {
            "ask An 8": "legal",
            "ask An 3": "legal",
            "ask Lin Q": "GF-ASK-TARGET",
            "ask Mei 9": "GF-ASK-HOLD",
        },
        {
            "ask An 8": "yes",
            "ask An 3": "GF-ASK-HOLD",
            "ask Lin Q": "GF-ASK-TARGET",
            "ask Mei 9": "legal",
        },
    ),
    "gf-3": (
        {"pagat": "An", "bicycle": "An", "gamerules": "Mei"},
        {"pagat": "Mei", "bicycle": "An", "gamerules": "Mei"},
        {"pagat": "An", "bicycle": "An"},
    ),
    "gf-4": (
        lambda: _play_gf_4(widget("gf-4"), ["An", "Mei"]),
        lambda: _play_gf_4(widget("gf-4"), ["Mei"]),
        lambda: 8,
    ),
    "gf-5": (
        {"pagat": 37, "bicycle": 31},
        {"pagat": 37, "bicycle": 37},
        {"pagat": 37.0, "bicycle": 31},
    ),
    "rook-1": (("West", 35), ("North", 35), ("West", "35")),
    "rook-2": ((-100, 25), (-5, 25), {"NS": -100, "EW": 25}),
    "rook-3": (
        {
            "play G12": "ROOK-FOLLOW",
            "play Y7": "legal",
            "play R13": "ROOK-FOLLOW",
            "trump red": "ROOK-TRUMP",
        },
        {
            "play G12": "legal",
            "play Y7": "legal",
            "play R13": "ROOK-FOLLOW",
            "trump red": "ROOK-TRUMP",
        },
        "ROOK-FOLLOW",
    ),
    "rook-4": (["R6", "Rook"], ["R6"], "R6 Rook"),
    "rook-5": (
        lambda: _play_rook_5(widget("rook-5"), ["pass", "pass", "bid 80", "pass"]),
        lambda: _play_rook_5(widget("rook-5"), ["pass", "bid 80", "pass", "pass", "pass"]),
        lambda: widget("gf-4"),
    ),
}


def _answer(value: Any) -> Any:
    return value() if callable(value) else value


def test_every_exercise_has_its_cases_and_the_course_has_enough():
    assert set(CASES) == set(EXERCISES)
    by_notebook: dict[str, int] = {}
    for e in EXERCISES.values():
        by_notebook[e.notebook] = by_notebook.get(e.notebook, 0) + 1
        assert all(r in exercises.rules for r in e.rules), e.id
    assert by_notebook["start-here.ipynb"] >= 2
    assert all(by_notebook[nb] >= 5 for nb in GAME_NOTEBOOKS)
    assert {e.kind for e in EXERCISES.values()} == set(KINDS)


@pytest.mark.parametrize("exercise_id", list(CASES))
def test_feedback_right_wrong_and_wrong_form(exercise_id):
    exercises.reset_hints()
    right, wrong, bad_form = (_answer(v) for v in CASES[exercise_id])
    said = check(exercise_id, right)
    assert said.kind == "right" and said.correct and "right." in str(said), said
    assert grade(exercise_id, right)

    form = check(exercise_id, bad_form)
    assert form.kind == "form" and "not in the form asked for" in str(form), form
    assert "Hint" not in str(form)  # a form problem is not a rule problem

    # Stepped hints: a nudge, then the rule's text, then where to look.
    steps = [check(exercise_id, _answer(CASES[exercise_id][1])) for _ in range(3)]
    assert [s.kind for s in steps] == ["wrong"] * 3 and not grade(exercise_id, wrong)
    first = EXERCISES[exercise_id]
    assert "Hint 1 of 3" in str(steps[0]) and "Hint 2 of 3" not in str(steps[0])
    assert exercises.rules[first.rules[0]].text in str(steps[1]) and "Hint 3" not in str(steps[1])
    assert first.where in str(steps[2])


@pytest.mark.parametrize("exercise_id", list(CASES))
def test_placeholder_says_unanswered(exercise_id):
    e = EXERCISES[exercise_id]
    placeholder = widget(exercise_id) if e.kind == "widget" else None
    said = check(exercise_id, placeholder)
    assert said.kind == "unanswered" and "not answered yet" in str(said)


def test_exercises_import_no_jupyter():
    import subprocess

    code = "import sys, cardlib.exercises; print([m for m in ('ipywidgets', 'IPython') if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --------------------------------------------------------------------------- teacher's source


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def _source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def test_teacher_notebooks_carry_nbgrader_markup_for_every_exercise():
    seen = set()
    for path in course.teacher_notebooks():
        for cell in _cells(path):
            meta = cell["metadata"].get("nbgrader")
            if not meta:
                continue
            assert meta["schema_version"] == 3 and meta["grade_id"]
            text = _source(cell)
            if meta["solution"]:
                assert "### BEGIN SOLUTION" in text and "### END SOLUTION" in text
                seen.add(meta["grade_id"])
            else:
                assert meta["grade"] and meta["points"] == 1 and "### BEGIN HIDDEN TESTS" in text
    assert seen == set(EXERCISES)


def test_each_notebook_opens_with_objectives_time_and_sources_and_ends_with_a_self_check():
    for path in course.teacher_notebooks():
        if path.name == "rule-writers.ipynb":
            continue
        text = "\n".join(_source(c) for c in _cells(path) if c["cell_type"] == "markdown")
        top = _source(_cells(path)[1])
        assert "you will be able to" in top and "What you need first" in top, path.name
        assert re.search(r"\*\*Time:\*\* about \d+ minutes", top) and "Sources" in top
        assert "## Self-check" in text and "## Summary" in text
    sources = {
        "golf.ipynb": ["pagat.com", "bicyclecards.com"],
        "go-fish.ipynb": ["pagat.com", "bicyclecards.com", "gamerules.com"],
        "rook.ipynb": ["Official Rook Tournament Rules", "1988"],
    }
    for name, needles in sources.items():
        top = _source(_cells(ROOT / "notebooks" / name)[1])
        assert all(n in top for n in needles) and "阿拉八" in top, name


def test_no_later_cell_drives_a_displayed_widget():
    """A widget a learner sees starts where the text says: demonstrations use their own."""
    for path in course.teacher_notebooks():
        cells = [c for c in _cells(path) if c["cell_type"] == "code"]
        shown = set()
        for cell in cells:
            lines = _source(cell).strip().splitlines()
            used = set(
                re.findall(
                    r"\b(\w+)\.(?:\w+\.)*(?:click|value\s*=|play|bid|pass_)\b", _source(cell)
                )
            )
            if "BEGIN SOLUTION" not in _source(cell):  # a solution reassigns its own instance
                assert not used & shown, f"{path.name}: {used & shown} driven after display"
            if (
                lines
                and re.fullmatch(r"\w+", lines[-1])
                and "nbval-ignore-output" in cell["metadata"].get("tags", [])
            ):
                shown.add(lines[-1])


# --------------------------------------------------------------------------- student edition

needs_nbgrader = pytest.mark.skipif(not course.has_nbgrader(), reason="nbgrader is not installed")


@pytest.fixture(scope="module")
def student(tmp_path_factory) -> Path:
    dest = tmp_path_factory.mktemp("student")
    course.build_student(dest, fallback=not course.has_nbgrader())
    return dest


def _solutions() -> dict[str, list[str]]:
    """Per exercise, the lines of its solution region (the answer as written by the teacher)."""
    found: dict[str, list[str]] = {}
    for path in course.teacher_notebooks():
        for cell in _cells(path):
            meta = cell["metadata"].get("nbgrader", {})
            if meta.get("solution"):
                region = re.search(r"BEGIN SOLUTION\n(.*?)### END SOLUTION", _source(cell), re.S)
                found[meta["grade_id"]] = [
                    line.strip() for line in region.group(1).splitlines() if line.strip()
                ]
    return found


def test_no_solution_text_survives_in_the_student_edition(student):
    text = "\n".join(p.read_text() for p in sorted(student.glob("*.ipynb")))
    for marker in ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", 'grade("'):
        assert marker not in text
    notebooks = {p.name: json.loads(p.read_text()) for p in student.glob("*.ipynb")}
    sources = "\n".join(_source(c) for nb in notebooks.values() for c in nb["cells"])
    outside = "\n".join(  # the teacher's text outside the solution regions
        _source(c)
        for p in course.teacher_notebooks()
        for c in course.strip_notebook(json.loads(p.read_text()))["cells"]
    )
    for exercise_id, lines in _solutions().items():
        answer = [line for line in lines if line not in outside]
        assert answer, exercise_id
        for line in answer:
            assert line not in sources, (exercise_id, line)
    outputs = [
        o
        for nb in notebooks.values()
        for c in nb["cells"]
        if c["cell_type"] == "code"
        for o in c["outputs"]
    ]
    assert outputs == [], "the student edition carries no outputs (no answer printed)"
    assert all("widgets" not in nb["metadata"] for nb in notebooks.values())
    assert (student / "examples" / "golf").is_dir() and (student / "docs" / "examples.md").is_file()
    # the teacher's guide holds the answer key: it stays with the teacher
    assert not (student / "docs" / "teaching.md").exists()
    for path in student.rglob("*"):
        if path.is_file() and path.suffix in (".md", ".ipynb", ".py", ".txt"):
            assert "Answer key" not in path.read_text(encoding="utf-8"), path


def test_fallback_locks_instructions_and_tests_as_nbgrader_does(tmp_path):
    course.build_student(tmp_path, fallback=True)
    locked = 0
    for path in sorted(tmp_path.glob("*.ipynb")):
        for cell in _cells(path):
            meta = cell["metadata"].get("nbgrader", {})
            if meta.get("locked") or (meta.get("grade") and not meta.get("solution")):
                assert cell["metadata"].get("deletable") is False, path.name
                assert cell["metadata"].get("editable") is False, path.name
                locked += 1
            elif meta.get("solution"):  # the answer: editable, never deletable
                assert cell["metadata"].get("deletable") is False, path.name
                assert cell["metadata"].get("editable", True) is not False, path.name
    assert locked >= len(EXERCISES)


@needs_nbgrader
def test_fallback_strips_exactly_as_nbgrader(student, tmp_path):
    course.build_student(tmp_path, fallback=True)
    for path in sorted(student.glob("*.ipynb")):
        ours = [_source(c) for c in _cells(tmp_path / path.name)]
        theirs = [_source(c) for c in _cells(path)]
        assert ours == theirs, path.name
        locks = [
            [(c["metadata"].get("deletable"), c["metadata"].get("editable")) for c in _cells(p)]
            for p in (tmp_path / path.name, path)
        ]
        assert locks[0] == locks[1], path.name


def _execute(path: Path, cwd: Path) -> dict:
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(cwd)}}
    ).execute()
    return nb


def test_student_edition_runs_top_to_bottom_and_says_unanswered(student):
    for path in sorted(student.glob("*.ipynb")):
        nb = _execute(path, student)
        said = [
            "".join(o.get("data", {}).get("text/plain", ""))
            for c in nb.cells
            if c.cell_type == "code" and 'check("' in c.source
            for o in c.outputs
        ]
        errors = [
            o
            for c in nb.cells
            if c.cell_type == "code"
            for o in c.outputs
            if o.output_type == "error"
        ]
        assert not errors, f"{path.name}: {errors[:1]}"
        expected = [e for e in EXERCISES.values() if e.notebook == path.name]
        assert len(said) == len(expected)
        assert all("not answered yet" in s for s in said), said


# --------------------------------------------------------------------------- autograding


def _submission(student_dir: Path, solved: set[str]) -> dict[str, dict]:
    """The student edition with the teacher's answer cells for the exercises in ``solved``."""
    teacher = {
        c["metadata"]["nbgrader"]["grade_id"]: c
        for p in course.teacher_notebooks()
        for c in _cells(p)
        if c["metadata"].get("nbgrader", {}).get("solution")
    }
    submission = {}
    for path in sorted(student_dir.glob("*.ipynb")):
        nb = json.loads(path.read_text())
        for cell in nb["cells"]:
            grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
            if grade_id in solved:
                cell["source"] = copy.deepcopy(teacher[grade_id]["source"])
        submission[path.name] = nb
    return submission


@needs_nbgrader
def test_nbgrader_autogrades_blank_solved_and_half_solved(student, tmp_path):
    ids = list(EXERCISES)
    half = {e for i, e in enumerate(ids) if i % 2 == 0}
    submitted = tmp_path / "submitted"
    for name, solved in {
        "blank": set(),
        "solved": set(ids),
        "half": half,
        "tampered": set(ids),
        "cheat": set(),
    }.items():
        folder = submitted / name
        folder.mkdir(parents=True)
        for notebook, nb in _submission(student, solved).items():
            for cell in nb["cells"]:
                meta = cell["metadata"].get("nbgrader", {})
                if meta.get("grade_id") == ids[0] and name == "tampered":
                    meta["grade_id"] = "renamed"  # nbgrader refuses the whole submission
                if meta.get("grade_id") == ids[0] and name == "cheat":
                    # a wrong answer, and the grading function redefined to say yes
                    cell["source"] = "answer_1 = 0\ngrade = lambda *args: True"
            (folder / notebook).write_text(json.dumps(nb))
    scores = course.autograde(submitted)
    assert isinstance(scores.pop("tampered"), course.NotGraded), scores
    total = {name: sum(points.values()) for name, points in scores.items()}  # type: ignore[union-attr]
    # the others keep their marks; redefining grade earns nothing
    assert total == {"blank": 0, "solved": len(ids), "half": len(half), "cheat": 0}, scores
    per_notebook = {
        nb: sum(1 for e in half if EXERCISES[e].notebook == f"{nb}.ipynb") for nb in scores["half"]
    }
    assert scores["half"] == per_notebook
    assert "rule-writers" not in scores["half"]  # no exercises, no line


# --------------------------------------------------------------------------- set-up


def test_environment_pins_python_and_leaves_teacher_tools_out():
    import tomllib

    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    deps = [d for d in env["dependencies"] if isinstance(d, str)]
    assert any(re.fullmatch(r"python=3\.1[12]", d) for d in deps), deps
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    assert any(r.startswith("nbgrader") for r in extras["teacher"])
    assert any(r.startswith("nbgrader") for r in extras["test"])  # CI autogrades
    learner = project["dependencies"] + extras["course"] + [str(d) for d in env["dependencies"]]
    assert not any("nbgrader" in r for r in learner)
    post_build = (ROOT / "postBuild").read_text()
    assert "tools/course.py binder" in post_build  # the student edition, and only it


def test_binder_image_holds_the_student_edition_and_not_the_teachers(tmp_path):
    """postBuild in an image build leaves the teacher's edition, the answer key and the
    tests out of the image; run by hand on a teacher's machine it removes nothing."""
    for name in ("tools", "notebooks", "examples", "docs", "tests"):
        shutil.copytree(ROOT / name, tmp_path / name)
    for name in ("postBuild", "nbgrader_config.py"):
        shutil.copy2(ROOT / name, tmp_path / name)
    env = {k: v for k, v in os.environ.items() if k != "REPO_DIR"}
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    by_hand = subprocess.run(
        ["bash", "postBuild"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert by_hand.returncode == 0, by_hand.stderr
    assert (tmp_path / "notebooks").is_dir() and (tmp_path / "docs" / "teaching.md").is_file()
    image = subprocess.run(
        ["bash", "postBuild"],
        cwd=tmp_path,
        env={**env, "REPO_DIR": str(tmp_path)},
        capture_output=True,
        text=True,
    )
    assert image.returncode == 0, image.stderr
    for name in course.TEACHER_MATERIAL:
        assert not (tmp_path / name).exists(), name
    assert (tmp_path / "student" / "start-here.ipynb").is_file()
    assert (tmp_path / "docs" / "examples.md").is_file()
    assert not (tmp_path / "student" / "docs" / "teaching.md").exists()


def test_publish_makes_the_student_edition_a_repository_of_its_own(tmp_path):
    """For an nbgitpuller link: the student edition, committed; publishing again without a
    change commits nothing, and a change is committed on top."""
    dest = tmp_path / "course-student"
    first = course.publish(dest)
    assert first and course.publish(dest) == ""
    log = subprocess.run(
        ["git", "-C", str(dest), "log", "--format=%s"], capture_output=True, text=True
    ).stdout.splitlines()
    assert len(log) == 1 and log[0].startswith("Student edition of the cardlib course")
    tracked = subprocess.run(
        ["git", "-C", str(dest), "ls-files"], capture_output=True, text=True
    ).stdout.split()
    assert "start-here.ipynb" in tracked and "docs/examples.md" in tracked
    assert "docs/teaching.md" not in tracked and "README.md" in tracked
    text = "\n".join((dest / name).read_text(encoding="utf-8") for name in tracked)
    assert "BEGIN SOLUTION" not in text and "Answer key" not in text
    (dest / "golf.ipynb").write_text("{}")  # an older edition, published: the next puts it right
    course._git(dest, "commit", "--quiet", "-am", "an older edition")
    assert course.publish(dest) not in ("", first)
    assert json.loads((dest / "golf.ipynb").read_text())["cells"]


def test_readme_binder_badge_opens_start_here_of_the_student_edition():
    readme = (ROOT / "README.md").read_text()
    badge = re.search(r"\(https://mybinder\.org/v2/gh/[^)]+\)", readme)
    assert badge and "urlpath=lab/tree/student/start-here.ipynb" in badge.group(0)
    makefile = (ROOT / "Makefile").read_text()
    assert "tools/course.py student" in makefile and "PATH=" in makefile
    ignored = (ROOT / ".gitignore").read_text().split()
    assert "student/" in ignored
    assert shutil.which("git")
