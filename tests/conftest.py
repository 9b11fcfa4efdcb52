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


@pytest.fixture
def cli():
    return run_cli


# ------------------------------------------- the suite across the cores (pytest-xdist)

#: files whose tests share something on disk outside their tmp_path, run on one worker in
#: turn: the offline JupyterLite site in build/lite/ (built by one, read by the others, its
#: downloads in build/lite-cache/), and yaml-language-server installed into build/npm/
SHARED = {
    "tests/browser/test_lite_browser.py": "build-lite",
    "tests/course/test_lite.py": "build-lite",
    "tests/core/test_same_seed_everywhere.py": "build-lite",
    "tests/course/test_editions.py": "build-npm",
    "tests/course/test_packaging.py": "build-npm",
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``pytest -n N --dist loadgroup`` (``make test``) a file's tests run on one worker,
    in order: a notebook's cells share one kernel (nbval), and a file's fixtures are made
    once; the files of :data:`SHARED` run on one worker, one after another."""
    if getattr(config.option, "dist", "no") != "loadgroup":
        return
    for item in items:
        path = item.path.relative_to(ROOT).as_posix() if item.path.is_relative_to(ROOT) else ""
        item.add_marker(pytest.mark.xdist_group(SHARED.get(path, path or item.nodeid)))
