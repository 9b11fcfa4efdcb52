from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib.games import register
from tests.tinygame import SPEC as TINY

# the test suite's own tiny game, registered as a game from outside cardlib would be: the
# generic tests parametrize over the registry, so they run it unchanged
register(TINY)

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

#: files whose tests share something outside their tmp_path (or one build a module), run on one
#: worker in turn (the first prefix a file's path starts with names its group): the
#: browser and course tests (one Playwright a worker, started before anything else runs in
#: it; builds of cardlib, the offline JupyterLite site in build/lite/ and yaml-language-server
#: in build/npm/), and the Pyodide digest that reads build/lite-cache/
SHARED = {
    # the book's build (tools/book.py, in its own tmp_path), made once for its tests: on one
    # worker of its own, not behind the course's group
    "tests/course/test_book.py": "book",
    "tests/browser/": "course",
    "tests/course/": "course",
    "tests/core/test_same_seed_everywhere.py": "course",
}


def _group(path: str) -> str | None:
    """The worker group of a test file: its :data:`SHARED` group; the file itself for a
    notebook (nbval runs its cells in order in one kernel) or the golden corpus (its process
    pool made once); else none (its tests are shared out one by one)."""
    shared = next((g for prefix, g in SHARED.items() if path.startswith(prefix)), None)
    if shared is not None:
        return shared
    return path if path.endswith(".ipynb") or path.startswith("tests/golden/") else None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``pytest -n N --dist loadgroup`` (``make test``) the tests are shared out over
    the workers one by one, but for the groups of :func:`_group`, each run on one worker in
    order.  xdist hands out the largest group first (the course's), so a worker starts with it."""
    # on xdist's workers, where the tests are collected, --dist is "no" and loadgroup is set
    if not (getattr(config.option, "loadgroup", False) or config.option.dist == "loadgroup"):
        return
    for item in items:
        path = item.path.relative_to(ROOT).as_posix() if item.path.is_relative_to(ROOT) else ""
        group = _group(path)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
