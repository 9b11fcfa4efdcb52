from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib.games import register
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


#: s, the offline JupyterLite build (downloads on a cold cache)
LITE_BUILD_TIMEOUT = 1200


@pytest.fixture(scope="session")
def offline_site() -> Path:
    """The offline JupyterLite site, built once a session (``tools/lite.py build --offline``
    into ``build/lite/offline/``), or the one ``CARDLIB_LITE_SITE`` names.  Shared by the
    browser's tests of the site and tests/course/test_lite.py's look at what it holds, which
    run on one worker (``SHARED``)."""
    given = os.environ.get("CARDLIB_LITE_SITE")
    if given:
        return Path(given).resolve()
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "lite.py"), "build", "--offline"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=LITE_BUILD_TIMEOUT,
    )
    assert done.returncode == 0, f"the offline build failed:\n{done.stdout}\n{done.stderr}"
    print(done.stdout.strip())
    return ROOT / "build" / "lite" / "offline"


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
    # build/lite/ and build/lite-cache/: the offline JupyterLite site, built once a session
    # (``offline_site``) by the first of these that needs it (the browser's look at the site
    # comes first, in collection order), ``make lite`` on a copy that links the cache, and
    # the Pyodide that the same-seed test runs from the cache
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
