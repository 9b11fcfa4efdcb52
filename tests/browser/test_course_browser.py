"""The student edition, opened the way ``make course`` opens it (built by tools/course.py
into a folder that is JupyterLab's root, the venv's bin first on the PATH), run in
Chromium; in each notebook one exercise is answered wrong, then right, and the feedback
is read from the page.  Screenshots go to test-artifacts/; the repository is left as it
was (``git status`` unchanged)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import (
    ACTION_TIMEOUT,
    ARTIFACTS_DIR,
    REPO_ROOT,
    JupyterLab,
    run_notebook_in,
    start_jupyter_lab,
    stop_jupyter_lab,
)
from tests.browser.support import expect

sys.path.insert(0, str(REPO_ROOT / "tools"))
import course

pytestmark = pytest.mark.browser

#: notebook -> (exercise, its variable, a wrong answer, the right answer)
ANSWERS = {
    "start-here.ipynb": ("sh-1", "answer_1", '"GOLF-DECK"', '"GOLF-DEAL"'),
    "golf.ipynb": ("golf-1", "answer_1", "0", "20"),
    "go-fish.ipynb": (
        "gf-5",
        "answer_5",
        '{"pagat": 37, "bicycle": 37}',
        '{"pagat": 37, "bicycle": 31}',
    ),
    "rook.ipynb": ("rook-2", "answer_2", "(-5, 25)", "(-100, 25)"),
}


def _git_status() -> str:
    return subprocess.run(
        ["git", "status", "--porcelain"], cwd=REPO_ROOT, capture_output=True, text=True
    ).stdout


@pytest.fixture(scope="module")
def course_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterLab]:
    tmp = tmp_path_factory.mktemp("course")
    student = tmp / "student"
    # make course's route: tools/course.py student --dest DIR --keep, then JupyterLab in DIR
    # with the venv's bin first on the PATH of the server and its terminals.
    course.main(["student", "--dest", str(student), "--keep"])
    lab = start_jupyter_lab(
        tmp,
        ARTIFACTS_DIR / "course-server.log",
        root_dir=student,
        path_prefix=Path(sys.executable).parent,
    )
    try:
        yield lab
    finally:
        stop_jupyter_lab(lab)


@pytest.fixture
def course_page(browser, course_lab: JupyterLab) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(ACTION_TIMEOUT)
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


def _answer(page, exercise: str, variable: str, value: str) -> str:
    cell = page.locator(".jp-CodeCell").filter(has_text=f'check("{exercise}", {variable})')
    expect(cell).to_have_count(1)
    cell.scroll_into_view_if_needed()
    editor = cell.locator(".cm-content")
    editor.click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(f'{variable} = {value}\ncheck("{exercise}", {variable})')
    page.keyboard.press("Shift+Enter")
    output = cell.locator(".jp-OutputArea-output")
    expect(output).to_contain_text(f"{exercise}:")
    return output.inner_text()


@pytest.mark.parametrize("notebook", list(ANSWERS))
def test_student_edition_answers_wrong_then_right(course_lab, course_page, notebook):
    before = _git_status()
    exercise, variable, wrong, right = ANSWERS[notebook]
    page = course_page
    run_notebook_in(page, course_lab, notebook)  # no error before any answer is given
    unanswered = page.locator(".jp-CodeCell").filter(has_text=f'check("{exercise}"')
    expect(unanswered.locator(".jp-OutputArea-output")).to_contain_text("not answered yet")

    said = _answer(page, exercise, variable, wrong)
    assert f"{exercise}: not yet." in said and "Hint 1 of 3" in said, said
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS_DIR / f"course-{exercise}-wrong.png"))

    said = _answer(page, exercise, variable, right)
    assert f"{exercise}: right." in said, said
    page.screenshot(path=str(ARTIFACTS_DIR / f"course-{exercise}-right.png"))
    assert _git_status() == before, "the course touched tracked files"
