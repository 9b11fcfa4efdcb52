"""The suite's worker groups hold (``make test`` and ``make quick`` run ``pytest -n auto
--dist loadgroup``): the tests ``tests/conftest.py`` puts in one group run on one worker, in
order.  A pytest that pytest-xdist cannot mark groups in (9.2 with xdist 3.8, xdist#1386)
shares them out test by test without a word, and two workers then build the same files at
once; this test fails first."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("xdist")

#: a suite of two files whose tests all take the same group, as tests/conftest.py gives one
SUITE = {
    "conftest.py": (
        "import pytest\n\n\n"
        "@pytest.hookimpl(tryfirst=True)\n"
        "def pytest_collection_modifyitems(config, items):\n"
        "    for item in items:\n"
        "        item.add_marker(pytest.mark.xdist_group('shared'))\n"
    ),
    "test_a.py": "import pytest\n\n\n@pytest.mark.parametrize('i', range(4))\ndef test_a(i):\n    pass\n",
    "test_b.py": "import pytest\n\n\n@pytest.mark.parametrize('i', range(4))\ndef test_b(i):\n    pass\n",
}


def test_a_group_runs_on_one_worker(tmp_path: Path) -> None:
    for name, text in SUITE.items():
        (tmp_path / name).write_text(text)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-v"]
        # without the plugins this suite of nothing does not need: nbval imports nbformat,
        # and so jsonschema (with rfc3987_syntax, ~1.5 s of CPU), in each of 3 processes
        + ["-p", "no:nbval", "-p", "no:hypothesispytest", "-p", "no:anyio"]
        + ["-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    workers = {line.split()[0] for line in done.stdout.splitlines() if " PASSED " in line}
    ran = sum(" PASSED " in line for line in done.stdout.splitlines())
    assert ran == 8 and len(workers) == 1, done.stdout[-2000:]


def test_the_groups_are_the_shared_things_and_nothing_more() -> None:
    """tests/conftest.py's groups: the files that share build/lite/ (or build/npm/, or one
    JupyterLab server) take turns on one worker; a file whose module fixture builds something
    slow stays on one worker; notebooks and the golden corpus each on one; independent course
    files are shared out, not queued behind the others (issue 30: one "course" group of ~950 s
    held a worker while the other ran out of work)."""
    from tests.conftest import _group

    lite = {
        _group(p)
        for p in (
            "tests/browser/test_lite_browser.py",
            "tests/course/test_lite.py",
            "tests/core/test_same_seed_everywhere.py",
        )
    }
    npm = {_group(p) for p in ("tests/course/test_editions.py", "tests/course/test_packaging.py")}
    lab = {
        _group(p)
        for p in ("tests/browser/test_sheets_browser.py", "tests/browser/test_rook_browser.py")
    }
    assert len(lite) == len(npm) == len(lab) == 1 and len(lite | npm | lab) == 3
    assert None not in lite | npm | lab
    book, graded = _group("tests/course/test_book.py"), _group("tests/course/test_autograde.py")
    assert book and graded and len({book, graded} | lite | npm | lab) == 5
    golf, rook = _group("notebooks/golf.ipynb"), _group("notebooks/rook.ipynb")
    assert golf and rook and golf != rook
    assert _group("tests/golden/test_golden.py") is not None
    for independent in (
        "tests/course/test_variants.py",
        "tests/course/test_precommit_hook.py",
        "tests/course/test_nbgrader_route.py",
        "tests/course/test_grades_export.py",
        "tests/course/test_course.py",
        "tests/core/test_random_play.py",
    ):
        assert _group(independent) is None, independent
