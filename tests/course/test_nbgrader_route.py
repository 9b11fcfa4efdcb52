"""The teacher's route on a JupyterHub (docs/teaching.md, "Assigning the course on JupyterHub
with nbgrader"), run as written with nbgrader's own commands, as far as a test goes without a
hub: nbgrader's own exchange in a temporary folder (``Exchange.root``, as a hub's
``nbgrader_config.py`` sets it), a student who fetches the assignment, answers it and submits
it, and the teacher's collect, autograde and feedback.

* What the notebooks tell learners is in their file browser arrives with the assignment:
  ``examples/`` (and the schema its files name) and ``docs/`` without the teacher's guide.
* Autograde runs only the notebooks that have something to grade: the others are released
  with the graded ones (they link to each other) and never run by the autograder, on the
  hub's route as on ``tools/course.py autograde`` (one configuration, ``nbgrader_config.py``).

Slow (nbgrader runs the five graded notebooks), so ``make quick`` leaves this file out."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.course.test_editions import BESIDE_FILES, unresolved_schema_lines
from tests.course.test_install import _copy_tree

sys.path.insert(0, str(ROOT / "tools"))
import course

pytestmark = pytest.mark.skipif(not course.has_nbgrader(), reason="nbgrader is not installed")

GUIDE = ROOT / "docs" / "teaching.md"


def _route() -> tuple[list[str], list[str], list[str]]:
    """The guide's hub route: its set-up (clone and install), the teacher's commands before
    the students work, and those after (the block's comment line ``# ... students ...``)."""
    section = GUIDE.read_text().split("## Assigning the course on JupyterHub with nbgrader", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    before: list[str] = []
    after: list[str] | None = None
    for line in block.splitlines():
        command, _, comment = line.partition("#")
        if not command.strip():
            if "students" in comment:
                after = []
            continue
        (before if after is None else after).append(command.strip())
    assert after, "the guide's route says where the students work"
    return before[:2], before[2:], after


def _bash(script: str, cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    log = done.stdout + done.stderr
    assert done.returncode == 0, f"$ {script}\n{log[-4000:]}"
    return log


def _ungraded() -> set[str]:
    """The teacher's notebooks without a graded cell (an autograder test or a task)."""
    return {
        path.name
        for path in course.teacher_notebooks()
        if not any(
            c["metadata"].get("nbgrader", {}).get("grade")
            or c["metadata"].get("nbgrader", {}).get("task")
            for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
        )
    }


def _answer_as_the_teacher(folder: Path) -> None:
    """Each answer cell of the fetched notebooks given the teacher's solution."""
    solutions = {
        c["metadata"]["nbgrader"]["grade_id"]: c["source"]
        for p in course.teacher_notebooks()
        for c in json.loads(p.read_text(encoding="utf-8"))["cells"]
        if c["metadata"].get("nbgrader", {}).get("solution")
    }
    for path in sorted(folder.glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
            if grade_id in solutions:
                cell["source"] = solutions[grade_id]
        path.write_text(json.dumps(nb), encoding="utf-8")


def test_the_guides_hub_route_releases_the_files_and_grades_only_graded_notebooks(tmp_path):
    from nbgrader.api import Gradebook
    from nbgrader.utils import get_username

    setup, teacher_before, teacher_after = _route()
    assert setup == [
        "git clone <repository-url> cardlib",
        'python -m pip install -e "./cardlib[teacher]"',
    ], setup
    folder, home, exchange = tmp_path / "course", tmp_path / "home", tmp_path / "exchange"
    for path in (folder, home, exchange):
        path.mkdir()
    # the clone is a copy of the working tree; its editable install, this environment's
    # nbgrader with the copy first on the path (the kernels import the copy's cardlib)
    clone = _copy_tree(folder / "cardlib")
    hub_config = tmp_path / "jupyter"  # what a hub's nbgrader_config.py says: the exchange
    hub_config.mkdir()
    (hub_config / "nbgrader_config.py").write_text(
        f"c = get_config()\nc.Exchange.root = {str(exchange)!r}\n"
        f"c.Exchange.cache = {str(tmp_path / 'cache')!r}\n"
    )
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]),
        "PYTHONPATH": str(clone),
        "JUPYTER_CONFIG_DIR": str(hub_config),
        "JUPYTER_CONFIG_PATH": "",
        "JUPYTER_DATA_DIR": str(tmp_path / "data"),
        "IPYTHONDIR": str(tmp_path / "ipython"),
    }
    _bash("\n".join(teacher_before), folder, env)

    # the student, in their home: the Assignments tab's Fetch, their answers, its Submit
    _bash("nbgrader fetch_assignment cardlib --course=cardlib", home, env)
    fetched = home / "cardlib"
    assert sorted(p.name for p in fetched.glob("*.ipynb")) == sorted(
        p.name for p in course.teacher_notebooks()
    )
    assert {p.relative_to(fetched).as_posix() for p in fetched.rglob("*")} >= BESIDE_FILES
    assert not (fetched / "docs" / "teaching.md").exists()  # the answer key stays behind
    assert unresolved_schema_lines(fetched) == []
    _answer_as_the_teacher(fetched)
    _bash("nbgrader submit cardlib --course=cardlib", home, env)

    log = _bash("\n".join(teacher_after), folder, env)
    student = get_username()
    graded = folder / "autograded" / student / "cardlib"
    notebooks = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in graded.glob("*.ipynb")}
    unrun = _ungraded()
    # the appendix has nothing to grade; simulations.ipynb has its predict-then-measure
    # exercises, so it is run and graded with the games' notebooks
    assert unrun == {"rule-writers.ipynb"} and len(unrun) < len(notebooks), unrun
    for name, nb in notebooks.items():
        counts = [c.get("execution_count") for c in nb["cells"] if c["cell_type"] == "code"]
        if name in unrun:  # left as sanitized: not one cell run
            assert set(counts) == {None}, name
            assert f"Not running {name.removesuffix('.ipynb')}" in log, name
        else:
            assert None not in counts, name
    with Gradebook(f"sqlite:///{folder / 'gradebook.db'}") as gb:
        submission = gb.find_submission("cardlib", student)
        assert submission.max_score > 0
        assert submission.score == submission.max_score  # the teacher's answers, all right
    _bash("nbgrader fetch_feedback cardlib --course=cardlib", home, env)
    feedback = {p.name for p in (home / "cardlib" / "feedback").rglob("*.html")}
    assert {f"{n.removesuffix('.ipynb')}.html" for n in notebooks} <= feedback


def _tiny_notebook(path: Path, cells: list[dict]) -> None:
    nb = {
        "cells": cells,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb), encoding="utf-8")


def _code(source: str, cell_id: str, **nbgrader: object) -> dict:
    meta = {"nbgrader": {"grade_id": cell_id, "schema_version": 3, **nbgrader}} if nbgrader else {}
    return {
        "cell_type": "code",
        "id": cell_id,
        "metadata": meta,
        "source": source,
        "outputs": [],
        "execution_count": None,
    }


def test_autograde_runs_only_a_notebook_with_graded_cells_and_the_gradebook_says_which(tmp_path):
    """The course's configuration, as every route uses it: a notebook of the teacher's source
    with no graded cell is not run; one with graded cells is, even where a student deleted
    them from the submission (the gradebook decides, not the submission)."""
    folder = tmp_path / "course"
    source = folder / "source" / "tiny"
    source.mkdir(parents=True)
    ran = tmp_path / "ran"
    ran.mkdir()

    def mark(name: str) -> str:
        return f"open({str(ran / name)!r}, 'w').close()"

    test = {"grade": True, "solution": False, "locked": True, "points": 1}
    _tiny_notebook(source / "graded.ipynb", [_code(mark("graded"), "x"), _code("", "t", **test)])
    _tiny_notebook(source / "deleted.ipynb", [_code(mark("deleted"), "x"), _code("", "t", **test)])
    _tiny_notebook(source / "reading.ipynb", [_code(mark("reading"), "x")])
    (folder / "nbgrader_config.py").write_text(course.NBGRADER_CONFIG.read_text())
    course.nbgrader(folder, "db", "assignment", "add", "tiny")
    course.nbgrader(folder, "generate_assignment", "tiny")
    submitted = folder / "submitted" / "ana" / "tiny"
    submitted.mkdir(parents=True)
    for path in (folder / "release" / "tiny").glob("*.ipynb"):
        nb = json.loads(path.read_text(encoding="utf-8"))
        if path.stem == "deleted":  # the student deleted the test cell
            nb["cells"] = [c for c in nb["cells"] if "nbgrader" not in c["metadata"]]
        (submitted / path.name).write_text(json.dumps(nb), encoding="utf-8")
    done = course.nbgrader(folder, "autograde", "tiny")
    assert sorted(p.name for p in ran.iterdir()) == ["deleted", "graded"]
    assert "Not running reading: it has no graded cells" in done.stdout + done.stderr
