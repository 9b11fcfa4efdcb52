from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardlib.games import register
from tests.support import suite
from tests.tinygame import SPEC as TINY

# the test suite's own tiny game, registered as a game from outside cardlib would be: the
# generic tests parametrize over the registry, so they run it unchanged.  Its exercise
# stays out of the session's course (the course's tests ask every exercise for its notebook
# in notebooks/): tests/core/test_adding_a_game.py registers the whole spec in a process
# of its own and grades it there
register(dataclasses.replace(TINY, exercises=None))

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def run_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``python -m cardlib ARGS`` as a user runs it."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "cardlib", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
    )


#: s, ``make lite`` on a fresh clone: its venv and the offline build (downloads on a cold cache)
LITE_BUILD_TIMEOUT = 1800


@pytest.fixture(scope="session")
def fresh_lite(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, float]:
    """``make lite MODE=offline`` run once a session, as on a fresh clone: a copy of the
    working tree and a venv that make creates and fills with the ``lite`` extra alone.  Only
    the downloads (npm's pyodide, PyPI's wheels for the site) are shared with this clone's
    ``build/lite-cache/``, so that a second run does not fetch them again.  The copy, its
    venv, and the seconds make took."""
    from tests.course.test_install import _copy_tree

    clone = _copy_tree(tmp_path_factory.mktemp("lite-clone") / "cardlib")
    cache = clone / "build" / "lite-cache"
    cache.mkdir(parents=True)
    for shared in ("npm", "pypi"):
        (ROOT / "build" / "lite-cache" / shared).mkdir(parents=True, exist_ok=True)
        (cache / shared).symlink_to(ROOT / "build" / "lite-cache" / shared)
    venv = clone / ".venv"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    start = time.monotonic()
    done = subprocess.run(
        ["make", "lite", "MODE=offline", f"PYTHON={sys.executable}"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=LITE_BUILD_TIMEOUT,
    )
    seconds = time.monotonic() - start
    assert done.returncode == 0, f"make lite failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    print(done.stdout.strip().splitlines()[-1], f"(make lite: {seconds:.0f} s)")
    return clone, venv, seconds


@pytest.fixture(scope="session")
def offline_site(request: pytest.FixtureRequest) -> Path:
    """The offline JupyterLite site: the one ``make lite MODE=offline`` built on a fresh
    clone (``fresh_lite``, once a session), so that the site the tests look at and open in
    the browser is the one a teacher's command builds, and it is built once; or the one
    ``CARDLIB_LITE_SITE`` names.  Shared by the browser's tests of the site and
    tests/course/test_lite.py's, which run on one worker (``SHARED``)."""
    given = os.environ.get("CARDLIB_LITE_SITE")
    if given:
        return Path(given).resolve()
    clone, _venv, _seconds = request.getfixturevalue("fresh_lite")
    return clone / "build" / "lite" / "offline"


@pytest.fixture
def cli():
    return run_cli


# ------------------------------------------- the suite across the cores (pytest-xdist)

#: files whose tests share something outside their tmp_path, run on one worker in turn (the
#: first prefix a file's path starts with names its group; xdist hands out the largest group
#: first, and a group's files run in the order they are collected).  Each group is one shared
#: thing; every other file's tests are shared out over the workers (issue 30: one "course"
#: group of all of these took ~950 s on one worker while the other ran out of work).
SHARED = {
    # build/lite-cache/ and the offline JupyterLite site: ``make lite`` on a fresh copy that
    # links the cache, once a session (``fresh_lite``, whose site is ``offline_site``), by
    # the first of these that needs it (the browser's look at the site comes first, in
    # collection order), and the Pyodide that the same-seed test runs from the cache
    "tests/browser/test_lite_browser.py": "lite",
    "tests/core/test_same_seed_everywhere.py": "lite",
    "tests/course/test_lite.py": "lite",
    # the other browser tests: one JupyterLab server a worker (``jupyter_lab``, session; its
    # log is test-artifacts/jupyterlab-server.log) and one Chromium, started once
    "tests/browser/": "lab",
    # build/npm/: yaml-language-server, installed from npm the first time (two npm installs
    # into one prefix at once break it)
    "tests/course/test_editions.py": "npm",
    "tests/course/test_packaging.py": "npm",
}

#: files whose module-scoped fixture builds something slow (in its own tmp_path), kept on one
#: worker so that it is built once, not once a worker; they share nothing with other files
ONE_WORKER = (
    "tests/course/test_book.py",  # the book's build (tools/book.py, ~40 s)
    "tests/course/test_autograde.py",  # the class autograded once, then its grades exported
    "tests/course/test_install.py",  # the teacher's course folder, nbgrader's hub route
    "tests/course/test_notebook_text.py",  # the notebooks' text written into copies
)


def _group(path: str) -> str | None:
    """The worker group of a test file: its :data:`SHARED` group; the file itself for a
    notebook (nbval runs its cells in order in one kernel), the golden corpus (its process
    pool made once) and the files of :data:`ONE_WORKER`; else none (its tests are shared out
    one by one)."""
    shared = next((g for prefix, g in SHARED.items() if path.startswith(prefix)), None)
    if shared is not None:
        return shared
    if path.endswith(".ipynb") or path.startswith("tests/golden/") or path in ONE_WORKER:
        return path
    return None


def pytest_deselected(items: list[pytest.Item]) -> None:
    if items:  # how many tests the session leaves out: see tests/support/suite.py
        stash = items[0].config.stash
        stash[suite.DESELECTED] = stash.get(suite.DESELECTED, 0) + len(items)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``pytest -n N --dist loadgroup`` (``make test``) the tests are shared out over
    the workers one by one, but for the groups of :func:`_group`, each run on one worker in
    order."""
    # on xdist's workers, where the tests are collected, --dist is "no" and loadgroup is set
    if not (getattr(config.option, "loadgroup", False) or config.option.dist == "loadgroup"):
        return
    for item in items:
        path = item.path.relative_to(ROOT).as_posix() if item.path.is_relative_to(ROOT) else ""
        group = _group(path)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
