"""What the notebooks tell learners is beside them in the file browser is there on every route
to a learner: ``examples/``, whose files' first line names the schema for editors (a file that
is there), and ``docs/`` without the teacher's guide (it holds the answer key).  The routes:
the student edition (``make course``, ``make student``, Binder, ``make publish``), the
JupyterLite site's contents, and nbgrader's source of the assignment, which
``generate_assignment`` copies into the release (tests/course/test_nbgrader_route.py follows
it through release, fetch, submit and autograde)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.support import yaml_ls

sys.path.insert(0, str(ROOT / "tools"))
import course
import lite

SCHEMA = ROOT / "cardlib" / "data" / "example.schema.json"
#: every file the student edition holds beside the notebooks (its paths from there)
BESIDE_FILES = {
    path.relative_to(ROOT).as_posix()
    for folder in course.BESIDE
    for path in (ROOT / folder).rglob("*")
    if path.is_file() and path.name not in course.TEACHER_ONLY
}
_SCHEMA_LINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)\s*$", re.M)


def unresolved_schema_lines(folder: Path) -> list[str]:
    """The schema lines of ``folder/examples/`` that do not name the course's schema, each as
    ``file: target``.  The files name one at all (or nothing would be checked)."""
    found, wrong = 0, []
    for path in sorted((folder / "examples").rglob("*.yaml")):
        for target in _SCHEMA_LINE.findall(path.read_text(encoding="utf-8")):
            found += 1
            named = path.parent / target
            if not named.is_file() or named.read_bytes() != SCHEMA.read_bytes():
                wrong.append(f"{path.relative_to(folder).as_posix()}: {target}")
    assert found >= len(list((ROOT / "examples").rglob("*.yaml"))), f"{found} schema lines"
    return wrong


def test_the_schema_beside_the_examples_is_the_packages():
    """examples/example.schema.json, the file the examples' first line names, is a copy of the
    package's schema; after a change of the schema: cp cardlib/data/example.schema.json examples/"""
    assert (ROOT / "examples" / "example.schema.json").read_bytes() == SCHEMA.read_bytes()


def test_the_examples_name_a_schema_that_is_there_in_the_repository():
    assert unresolved_schema_lines(ROOT) == []


def _student(dest: Path) -> Path:
    course.build_student(dest, fallback=True)
    return dest


def _student_by_nbgrader(dest: Path) -> Path:
    if not course.has_nbgrader():
        pytest.skip("nbgrader is not installed")
    course.build_student(dest)
    return dest


def _kept(dest: Path) -> Path:
    """make course again over a learner's folder: their notebooks kept, and an edition built
    before the schema went beside the examples gets it."""
    course.build_student(dest, fallback=True)
    (dest / "examples" / "example.schema.json").unlink()
    course.build_student(dest, keep=True, fallback=True)
    return dest


def _nbgrader_source(dest: Path) -> Path:
    return course.course_root(dest) / "source" / course.ASSIGNMENT


def _lite_contents(dest: Path) -> Path:
    return lite.contents(dest)


ROUTES: dict[str, Callable[[Path], Path]] = {
    "student edition": _student,
    "student edition by nbgrader": _student_by_nbgrader,
    "make course again": _kept,
    "nbgrader's source": _nbgrader_source,
    "JupyterLite contents": _lite_contents,
}


@pytest.mark.parametrize("route", list(ROUTES))
def test_every_route_to_a_learner_has_examples_and_docs_beside_the_notebooks(route, tmp_path):
    folder = ROUTES[route](tmp_path / "edition")
    notebooks = {p.name for p in folder.glob("*.ipynb")}
    assert notebooks == {p.name for p in course.teacher_notebooks()}
    files = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    assert files >= BESIDE_FILES, sorted(BESIDE_FILES - files)
    assert "docs/examples.md" in files and not (folder / "docs" / "teaching.md").exists()
    assert unresolved_schema_lines(folder) == []


def test_make_course_again_keeps_what_a_learner_changed_and_adds_what_is_missing(tmp_path):
    """``--keep`` (make course over a learner's folder): a notebook, an example and a doc the
    learner changed, and a file of their own, stay as they are; a file the edition lacks (one
    added to the course since, or deleted by the learner) comes back."""
    course.build_student(tmp_path, fallback=True)
    changed = {
        tmp_path / "golf.ipynb": "{}",
        tmp_path / "examples" / "golf" / "two-twos.yaml": "# my notes\n",
        tmp_path / "docs" / "examples.md": "my notes\n",
        tmp_path / "examples" / "golf" / "mine.yaml": "# my own example\n",
    }
    for path, text in changed.items():
        path.write_text(text, encoding="utf-8")
    (tmp_path / "docs" / "architecture.md").unlink()
    course.build_student(tmp_path, keep=True, fallback=True)
    for path, text in changed.items():
        assert path.read_text(encoding="utf-8") == text, path
    assert (tmp_path / "docs" / "architecture.md").read_bytes() == (
        ROOT / "docs" / "architecture.md"
    ).read_bytes()


# ------------------------------------------- what an editor says, on every route to a learner


def editor_says(server: Path, folder: Path) -> dict[str, list[str]]:
    """What yaml-language-server reports, in ``folder/examples/``, for a worked example as it
    is and for the same example with a field the schema does not allow (opened as an editor
    opens a file, beside the others; nothing is written)."""
    example = sorted((folder / "examples").rglob("*.yaml"))[0]
    text = example.read_text(encoding="utf-8")
    with yaml_ls.connection(server, folder) as editor:
        return {
            "as it is": yaml_ls.diagnostics(editor, example, text),
            "broken": yaml_ls.diagnostics(
                editor, example.with_name("zz-broken.yaml"), text + "bogus: 1\n"
            ),
        }


def test_an_editor_validates_the_examples_in_the_repository(yaml_server):
    """The schema the modeline names is loaded: a worked example has no problem, and a field
    the schema does not allow is reported as that (not as "Unable to load schema")."""
    assert editor_says(yaml_server, ROOT) == {
        "as it is": [],
        "broken": ["Property bogus is not allowed."],
    }


@pytest.mark.parametrize("route", list(ROUTES))
def test_an_editor_validates_the_examples_on_every_route_to_a_learner(route, tmp_path, yaml_server):
    folder = ROUTES[route](tmp_path / "edition")
    assert editor_says(yaml_server, folder) == {
        "as it is": [],
        "broken": ["Property bogus is not allowed."],
    }


def test_an_editor_says_when_the_schema_is_missing(tmp_path, yaml_server):
    """The test can fail: without the schema beside the examples, the editor cannot load it."""
    folder = _student(tmp_path / "edition")
    (folder / "examples" / "example.schema.json").unlink()
    said = editor_says(yaml_server, folder)
    assert all(m[0].startswith("Unable to load schema") for m in said.values()), said
