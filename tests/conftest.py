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
