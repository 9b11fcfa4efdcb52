"""The widget exercises, done as the notebooks say, earn their points from nbgrader.

The student edition (built by nbgrader's ``generate_assignment``, as ``make student`` does)
is served by JupyterLab to a learner whose ID the session knows (``CARDLIB_STUDENT``, as
``JUPYTERHUB_USER`` on a hub), so each widget starts on that student's own variant; in
Chromium each widget exercise (golf-4, gf-4, rook-5) is answered by clicking in its widget
the right play of that variant (from the teacher's answer key), the answer cell is run, and
the notebook is saved.  The notebooks and the answer files the clicks saved beside them are
handed in as that student's folder and graded with nbgrader's ``autograde`` (``tools/course.py
autograde``), which grades the student the folder names; the gradebook must give each
widget exercise its point.  The repository is left as it was.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    ACTION_TIMEOUT,
    ARTIFACTS_DIR,
    REPO_ROOT,
    JupyterLab,
    _save_and_read,
    run_notebook_in,
    start_jupyter_lab,
    stop_jupyter_lab,
)
from tests.browser.support import expect

sys.path.insert(0, str(REPO_ROOT / "tools"))
import course

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not course.has_nbgrader(), reason="nbgrader is not installed"),
]

#: the learner, whose variants are not the default student's (checked below)
STUDENT = "ana"


def _line(exercise_id: str) -> Any:
    """The right play of ``STUDENT``'s variant of a widget exercise (the teacher's key)."""
    from cardlib.exercises import model

    return model.keys()[exercise_id].answer.line(model.variant_of(exercise_id, STUDENT))


def _click(box: Any, title: str) -> None:
    """Click the one button of ``box`` whose accessible name (title) is ``title``."""
    button = box.locator(f"button[title={title!r}]")
    expect(button, f"one {title!r} button").to_have_count(1)
    button.click()


def _play_golf_4(widget: Any) -> None:
    from cardlib.cards import Card
    from cardlib.exercises import model
    from cardlib.golf import Position

    v = model.variant_of("golf-4", STUDENT)
    for position, text in zip(Position, _line("golf-4"), strict=True):
        if str(position) == v.place:
            continue  # the card that stays
        card, place = Card.parse(text), position.words
        button = widget.locator(f"button[title^='{place}:']")
        expect(button).to_have_count(1)
        button.click()
        _click(widget, f"rank {card.rank.symbol}")
        _click(widget, f"suit {card.suit.name.lower()}")
        expect(button).to_have_attribute("title", re.compile(rf"^{place}: .*\b{card}\b"))
    lowest = sum(model.keys()["golf-4"].solve(v).values())
    sign = "[-\u2212]" if lowest < 0 else ""
    total = rf"Total\b.*{sign}{abs(lowest)}\b"
    expect(widget).to_contain_text(re.compile(total))  # the lowest layout


def _play_gf_4(widget: Any) -> None:
    status = widget.locator(".cardlib-status")
    for move in _line("gf-4"):
        _ask, target, rank = move.split()
        _click(widget, f"ask {target}")
        _click(widget, f"ask for {rank}s")
        expect(status).to_contain_text(target)


def _play_rook_5(widget: Any) -> None:
    from cardlib.exercises import model

    status = widget.locator(".cardlib-status")
    for title in _line("rook-5"):
        _click(widget, title)
    expect(status).to_contain_text(model.variant_of("rook-5", STUDENT).seat)


def _played(exercise_id: str) -> Callable[[dict], bool]:
    """Whether a saved answer file holds ``STUDENT``'s right play of ``exercise_id``."""

    def holds(saved: dict) -> bool:
        if saved.get("student") != STUDENT:
            return False
        if exercise_id == "golf-4":
            return saved.get("cards") == list(_line(exercise_id))
        return [m["move"] for m in saved.get("moves", [])] == list(_line(exercise_id))

    return holds


#: exercise -> (notebook, its answer variable, the clicks, what the saved file must hold)
EXERCISES: dict[str, tuple[str, str, Callable[[Any], None], Callable[[dict], bool]]] = {
    "golf-4": ("golf.ipynb", "answer_4", _play_golf_4, _played("golf-4")),
    "gf-4": ("go-fish.ipynb", "answer_4", _play_gf_4, _played("gf-4")),
    "rook-5": ("rook.ipynb", "answer_5", _play_rook_5, _played("rook-5")),
}


def _git_status() -> str:
    return subprocess.run(
        ["git", "status", "--porcelain"], cwd=REPO_ROOT, capture_output=True, text=True
    ).stdout


def _wait_for_saved(path: Path, holds: Callable[[dict], bool]) -> dict:
    """Wait (bounded) until the kernel has written ``path`` and it holds the answer played."""
    deadline = time.monotonic() + ACTION_TIMEOUT / 1000
    seen: object = None
    while time.monotonic() < deadline:
        try:
            seen = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):  # not written yet, or caught mid-write
            seen = None
        if isinstance(seen, dict) and holds(seen):
            return seen
        time.sleep(0.2)
    raise AssertionError(f"{path.name} does not hold the answer played: {seen!r}")


@pytest.fixture(scope="module")
def student_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterLab]:
    tmp = tmp_path_factory.mktemp("autograde")
    student = tmp / "student"
    course.build_student(student)  # nbgrader's generate_assignment
    with pytest.MonkeyPatch.context() as session:
        session.setenv("CARDLIB_STUDENT", STUDENT)  # the server's kernels know who it is
        lab = start_jupyter_lab(
            tmp,
            ARTIFACTS_DIR / "autograde-server.log",
            root_dir=student,
            path_prefix=Path(sys.executable).parent,
        )
    try:
        yield lab
    finally:
        stop_jupyter_lab(lab)


def test_widget_answers_clicked_in_the_student_edition_earn_their_points(
    browser, student_lab: JupyterLab, tmp_path: Path
) -> None:
    from cardlib.exercises import model
    from cardlib.exercises.students import DEFAULT_STUDENT

    assert all(  # graded as anyone else, these plays would not be the right ones
        repr(model.variant_of(e, STUDENT)) != repr(model.variant_of(e, DEFAULT_STUDENT))
        for e in EXERCISES
    )
    before = _git_status()
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(ACTION_TIMEOUT)
    page = context.new_page()
    submitted = tmp_path / "submitted" / STUDENT
    submitted.mkdir(parents=True)
    try:
        for exercise, (notebook, variable, play, holds) in EXERCISES.items():
            run_notebook_in(page, student_lab, notebook)
            widget = page.locator(".cardlib-exercise")
            expect(widget).to_have_count(1)
            widget.scroll_into_view_if_needed()
            play(widget)
            saved = student_lab.root_dir / f"{exercise}.answer.json"
            _wait_for_saved(saved, holds)
            # the answer cell, run as the notebook says: right, and the file to hand in named
            cell = page.locator(".jp-CodeCell").filter(has_text=f'check("{exercise}", {variable})')
            expect(cell).to_have_count(1)
            cell.scroll_into_view_if_needed()
            cell.locator(".cm-content").click()
            page.keyboard.press("Shift+Enter")
            output = cell.locator(".jp-OutputArea-output")
            expect(output).to_contain_text(f"{exercise}: right.")
            expect(output).to_contain_text(f"saved in {saved.name}")
            ARTIFACTS_DIR.mkdir(exist_ok=True)
            widget.screenshot(path=str(ARTIFACTS_DIR / f"autograde-{exercise}.png"))
            _save_and_read(page, student_lab.root_dir / notebook)
            for name in (notebook, saved.name):  # the folder the learner hands in
                shutil.copy2(student_lab.root_dir / name, submitted / name)
    finally:
        context.close()

    scores = course.autograde(submitted.parent)
    marks = scores[STUDENT]
    assert not isinstance(marks, course.NotGraded), marks
    assert {e: marks.exercises[e] for e in EXERCISES} == dict.fromkeys(EXERCISES, 1.0), marks
    assert {nb: marks[nb] for nb in ("golf", "go-fish", "rook")} == {
        "golf": 1.0,
        "go-fish": 1.0,
        "rook": 1.0,
    }, dict(marks)
    assert _git_status() == before, "the course touched tracked files"
