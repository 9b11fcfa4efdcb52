"""The same seed gives the same games on every supported runtime (issue 31).

A digest of seeded games of every registered game and rule set (``tests/support/same_seed.py``:
simulation rows, and one game traced move by move with its listings and narration) is
compared with the one recorded in ``tests/core/data/same_seed.json``: here under CPython,
and inside Pyodide (32-bit WebAssembly, another Python) under node, where JupyterLite runs
the notebooks.  Re-record only when a change of the games' play is meant::

    PYTHONPATH=$PWD python -m tests.support.same_seed --record

The Pyodide run needs node and an unpacked npm ``pyodide`` package: the one ``make lite``
caches (``build/lite-cache/npm/pyodide-*``), or the folder named by ``CARDLIB_PYODIDE``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib.cards import seeded
from cardlib.games import GAMES
from tests.support.same_seed import RECORDED, digests

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "support" / "same_seed_pyodide.mjs"
RECORD = "PYTHONPATH=$PWD python -m tests.support.same_seed --record"


def recorded() -> dict[str, str]:
    return dict(json.loads(RECORDED.read_text()))


def test_every_game_and_rule_set_is_recorded() -> None:
    assert sorted(recorded()) == sorted(
        f"{game}/{rule_set}" for game in GAMES for rule_set in GAMES[game].rule_sets
    )


def test_the_seeded_games_are_the_ones_recorded() -> None:
    differ = {k: v for k, v in digests().items() if recorded().get(k) != v}
    assert not differ, (
        f"the same seed plays other games than recorded in {', '.join(differ)}: a change of "
        f"play (re-record with `{RECORD}` if it is meant), or an order that hangs on hashing"
    )


@pytest.mark.skipif(sys.hash_info.width != 64, reason="64-bit CPython's float hash is the rule")
def test_a_float_seed_draws_what_64_bit_cpython_draws() -> None:
    rng = random.Random(31)
    floats = [0.0, -0.0, 1.0, -1.0, -2.0, 0.5, 2.0**70, -(2.0**-40), float(2**61 - 1)]
    floats += [rng.random() * 10 ** rng.randint(-9, 30) * rng.choice((1, -1)) for _ in range(500)]
    for x in floats:
        assert seeded(x).getrandbits(64) == random.Random(x).getrandbits(64), x
    assert seeded(7).random() == random.Random(7).random()
    assert seeded("seven").random() == random.Random("seven").random()


def _pyodide() -> Path | None:
    """An unpacked npm ``pyodide`` package: ``CARDLIB_PYODIDE``, else the newest that
    ``tools/lite.py`` cached."""
    named = os.environ.get("CARDLIB_PYODIDE")
    if named:
        return Path(named)
    cached = sorted(
        (p.parent for p in (ROOT / "build" / "lite-cache" / "npm").glob("pyodide-*/pyodide.mjs")),
        key=lambda p: [int(n) if n.isdigit() else n for n in p.name[8:].split(".")],
    )
    return cached[-1] if cached else None


def test_the_same_games_in_pyodide() -> None:
    node, pyodide = shutil.which("node"), _pyodide()
    if node is None:
        pytest.skip("node is not installed: the Pyodide run needs it")
    if pyodide is None or not (pyodide / "pyodide.mjs").is_file():
        pytest.skip(
            "no Pyodide here: `make lite` caches one in build/lite-cache/npm/, or set "
            "CARDLIB_PYODIDE to an unpacked npm pyodide package"
        )
    run = subprocess.run(
        [node, str(RUNNER), str(pyodide), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    there = json.loads(run.stdout.strip().splitlines()[-1])
    differ = sorted(k for k in recorded() if there["digests"].get(k) != recorded()[k])
    assert not differ, (
        f"Pyodide (Python {there['python']}, {there['hash_bits']}-bit hashes) plays other "
        f"games than CPython for the same seed in {', '.join(differ)}"
    )
