"""The student edition, opened the way ``make course`` opens it (built by tools/course.py
into a folder that is JupyterLab's root, the venv's bin first on the PATH), run in
Chromium; in each notebook one exercise is answered wrong, then right, and the feedback
is read from the page.  Screenshots go to test-artifacts/; the repository is left as it
was (``git status`` unchanged).

A lab started exactly as ``make course`` starts it (the Makefile's own command, with a fresh
user's configuration and settings) shows no "notified about official Jupyter news?" question
over the widgets on its first start, while the same lab without the course's configuration
does (so the check can see the question)."""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import (
    ACTION_TIMEOUT,
    ARTIFACTS_DIR,
    REPO_ROOT,
    SERVER_START_TIMEOUT,
    JupyterLab,
    _free_port,
    _wait_for_status,
    open_notebook,
    run_notebook_in,
    start_jupyter_lab,
    stop_jupyter_lab,
)
from tests.browser.support import expect

sys.path.insert(0, str(REPO_ROOT / "tools"))
import course

pytestmark = pytest.mark.browser


def _wrong_and_right(exercise: str) -> tuple[str, str]:
    """A wrong answer of the right form and the right answer to the default student's variant
    of ``exercise`` (the learner of ``make course`` says who they are nowhere), as typed."""
    from cardlib.exercises import model
    from cardlib.exercises.students import DEFAULT_STUDENT

    key = model.keys()[exercise]
    v = model.variant_of(exercise, DEFAULT_STUDENT)
    right = key.solve(v)
    return key.answer.literal(key.answer.wrong(right, v), v), key.answer.literal(right, v)


#: notebook -> (exercise, its variable, a wrong answer, the right answer)
ANSWERS = {
    notebook: (exercise, variable, *_wrong_and_right(exercise))
    for notebook, exercise, variable in [
        ("start-here.ipynb", "sh-1", "answer_1"),
        ("golf.ipynb", "golf-1", "answer_1"),
        ("go-fish.ipynb", "gf-5", "answer_5"),
        ("rook.ipynb", "rook-2", "answer_2"),
    ]
}


def _git_status() -> str:
    return subprocess.run(
        ["git", "status", "--porcelain"], cwd=REPO_ROOT, capture_output=True, text=True
    ).stdout


@pytest.fixture(scope="module")
def student_edition(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The student edition as ``make course`` makes it first: ``tools/course.py student --dest
    DIR --keep`` (once for the module; each lab below serves it)."""
    student = tmp_path_factory.mktemp("course") / "student"
    course.main(["student", "--dest", str(student), "--keep"])
    return student


@pytest.fixture(scope="module")
def course_lab(student_edition: Path) -> Iterator[JupyterLab]:
    # make course's route: the student edition, then JupyterLab in it with the venv's bin
    # first on the PATH of the server and its terminals.
    tmp, student = student_edition.parent, student_edition
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


# --------------------------------------------------------------------------- make course's lab

NEWS_QUESTION = "Would you like to get notified about official Jupyter news?"


def _make_course_command(student: Path) -> str:
    """The command that ``make course`` starts JupyterLab with (its dry run, with this
    environment as the venv and ``student`` as the student edition)."""
    env = {k: v for k, v in os.environ.items() if k != "JUPYTER_CONFIG_PATH"}
    dry = subprocess.run(
        [
            "make",
            "-n",
            "--no-print-directory",
            "course",
            f"VENV={sys.prefix}",
            f"STUDENT={student}",
        ],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    command = dry.replace("\\\n", " ").splitlines()[-1]
    assert " lab " in command and f"cd {student} " in command, command
    return command


def _start_as_make_course(tmp: Path, student: Path, *, course_config: bool) -> JupyterLab:
    """JupyterLab started by ``make course``'s command, as on a learner's first start: no
    configuration, settings or workspaces of their own yet.  Only what a test needs is
    added (no browser, a free port, a token); ``course_config=False`` leaves out the course's
    configuration (``JUPYTER_CONFIG_PATH``), as a plain ``jupyter lab`` would."""
    command = _make_course_command(student)
    if not course_config:
        command, found = re.subn(r'JUPYTER_CONFIG_PATH="[^"]*" ', "", command)
        assert found == 1, command
    env = {k: v for k, v in os.environ.items() if k not in ("JUPYTER_CONFIG_PATH", "JUPYTER_TOKEN")}
    for name, folder in {
        "JUPYTER_CONFIG_DIR": "user-config",
        "JUPYTERLAB_SETTINGS_DIR": "user-settings",
        "JUPYTERLAB_WORKSPACES_DIR": "workspaces",
        "JUPYTER_RUNTIME_DIR": "runtime",
        "JUPYTER_DATA_DIR": "data",
        "IPYTHONDIR": "ipython",
    }.items():
        (tmp / folder).mkdir(parents=True, exist_ok=True)
        env[name] = str(tmp / folder)
    token, port = secrets.token_hex(24), _free_port()
    log_path = ARTIFACTS_DIR / f"make-course-{'course' if course_config else 'plain'}-server.log"
    log_path.parent.mkdir(exist_ok=True)
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [
                "bash",
                "-c",
                f"{command} --no-browser --port={port} --port-retries=0 "
                f"--ServerApp.ip=127.0.0.1 --ServerApp.token={token}",
            ],
            cwd=REPO_ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    lab = JupyterLab(f"http://127.0.0.1:{port}", token, student, process, log_path, tmp / "runtime")
    try:
        assert _wait_for_status(lab, time.monotonic() + SERVER_START_TIMEOUT), lab.log_tail()
    except BaseException:
        stop_jupyter_lab(lab)
        raise
    return lab


def _first_start(browser, lab: JupyterLab, student: Path, shot: str) -> tuple[object, float]:
    """Open start-here.ipynb in a new browser context; the page, and when it was ready."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(ACTION_TIMEOUT)
    page = context.new_page()
    cells = json.loads((student / "start-here.ipynb").read_text(encoding="utf-8"))["cells"]
    open_notebook(page, lab, "start-here.ipynb", len(cells))
    ready = time.monotonic()
    page.screenshot(path=str(ARTIFACTS_DIR / shot))
    return page, ready


def test_make_course_asks_no_news_question_on_the_first_start(browser, student_edition, tmp_path):
    student = student_edition  # make course's first step
    # Without the course's configuration, JupyterLab asks on its first start: the question
    # is seen on the page (the check below can see it) by the time the notebook is ready.
    plain = _start_as_make_course(tmp_path / "plain", student, course_config=False)
    try:
        page, ready = _first_start(browser, plain, student, "make-course-plain.png")
        question = page.get_by_text(NEWS_QUESTION)
        expect(question.first).to_be_visible(timeout=30_000)
        seen_after = time.monotonic() - ready
        page.context.close()
    finally:
        stop_jupyter_lab(plain)
    # As make course starts it: the course's settings say no news and no update check, and
    # the page never asks, as long after it is ready as the question took above and more.
    lab = _start_as_make_course(tmp_path / "course", student, course_config=True)
    try:
        settings = lab.api("GET", "/lab/api/settings/@jupyterlab/apputils-extension:notification")
        defaults = settings["schema"]["properties"]  # type: ignore[index]
        assert defaults["fetchNews"]["default"] == "false"
        assert defaults["checkForUpdates"]["default"] is False
        page, ready = _first_start(browser, lab, student, "make-course.png")
        page.wait_for_timeout(int(1000 * (seen_after + 5)))
        expect(page.get_by_text(NEWS_QUESTION)).to_have_count(0)
        page.screenshot(path=str(ARTIFACTS_DIR / "make-course-later.png"))
        page.context.close()
    finally:
        stop_jupyter_lab(lab)
