"""The same seed gives the same games on every supported runtime (issue 31).

A digest of seeded games of every registered game and rule set (``tests/support/same_seed.py``:
simulation rows, and one game traced move by move with its listings and narration) is
compared with the one recorded in ``tests/core/data/same_seed.json``: here under CPython,
and inside Pyodide (32-bit WebAssembly, another Python) under node, where JupyterLite runs
the notebooks.  Re-record only when a change of the games' play is meant::

    PYTHONPATH=$PWD python -m tests.support.same_seed --record

The Pyodide run needs node and an unpacked npm ``pyodide`` package: the folder named by
``CARDLIB_PYODIDE``, else the one ``make lite`` caches (``build/lite-cache/npm/pyodide-*``),
fetched there with npm (``tools/lite.py``) when it is not.  ``make test`` installs node and
npm where they are missing (the Makefile's ``node``); under CI (``CI`` set) a missing node
or npm fails the test instead of skipping it: a skipped check is not a check.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NoReturn

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


def _pyodide() -> Path:
    """An unpacked npm ``pyodide`` package: ``CARDLIB_PYODIDE``, else the one of the
    version the JupyterLite site runs, from ``tools/lite.py``'s cache (fetched with npm into
    it the first time)."""
    named = os.environ.get("CARDLIB_PYODIDE")
    if named:
        return Path(named)
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import lite  # tools/lite.py
    finally:
        sys.path.remove(str(ROOT / "tools"))
    version, cache = lite.pyodide_version(), ROOT / "build" / "lite-cache" / "npm"
    if not (cache / f"pyodide-{version}" / "pyodide.mjs").is_file() and not shutil.which("npm"):
        _missing("npm")
    return Path(lite.fetch_pyodide(version, cache))


def _missing(what: str) -> NoReturn:
    """Skip for want of ``what``; under CI, fail (a skipped check is not a check)."""
    message = f"{what} is not installed: the Pyodide run needs it (make test installs it)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def test_the_same_games_in_pyodide() -> None:
    node = shutil.which("node")
    if node is None:
        _missing("node")
    pyodide = _pyodide()
    assert (pyodide / "pyodide.mjs").is_file(), f"no pyodide.mjs in {pyodide}"
    run = subprocess.run(
        [str(node), str(RUNNER), str(pyodide), str(ROOT)],
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


def test_make_test_and_make_lite_install_node_and_npm(tmp_path: Path) -> None:
    """Where node or npm is missing, ``make test`` and ``make lite`` install them first (the
    Makefile's ``node``, before anything else runs), so the Pyodide run above is not
    skipped where the suite runs; where they are, ``node`` does nothing."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("test", "lite"):
        line = next(x for x in makefile.splitlines() if x.startswith(f"{target}:"))
        assert "node" in line.split(":", 1)[1].split(), line
    fake = tmp_path / "bin"  # a PATH with neither node nor npm, apt-get and sudo recorded
    fake.mkdir()
    log = tmp_path / "log"
    for name, body in {
        "id": "echo 1000",
        "sudo": f'echo "sudo $*" >> {log}; "$@"',
        "apt-get": f'echo "apt-get $*" >> {log}',
    }.items():
        (fake / name).write_text(f"#!/bin/sh\n{body}\n")
        (fake / name).chmod(0o755)
    make = shutil.which("make")
    assert make is not None
    subprocess.run([make, "-s", "node"], cwd=ROOT, env={"PATH": str(fake)}, check=True)
    assert "sudo apt-get install -y -qq nodejs npm" in log.read_text().splitlines()
    log.unlink()
    for name in ("node", "npm"):  # both on the PATH: nothing installed
        (fake / name).write_text("#!/bin/sh\n")
        (fake / name).chmod(0o755)
    subprocess.run([make, "-s", "node"], cwd=ROOT, env={"PATH": str(fake)}, check=True)
    assert not log.exists()
