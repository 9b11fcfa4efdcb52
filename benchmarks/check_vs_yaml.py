"""``cardlib check`` against its floors: libyaml loading the same files, and a bare Python start.

    python benchmarks/check_vs_yaml.py [--rounds 15] [--runs 15] [--file FILE] [--root DIR]

The goals (issue 18): checking the shipped examples takes at most 3 times what
``yaml.load_all(..., Loader=yaml.CSafeLoader)`` takes just to load the same files, and the
command on one file at most 5 times ``python -c pass``.  A checker must at least read its
files, so libyaml's C loader is the floor of the first; a command must at least start Python,
so a bare start is the floor of the second.

In process (CPU time, ``time.process_time``): every file of ``examples/`` (through the
checker's own file listing) is checked by :func:`cardlib.check.check_paths`, and loaded by
the libyaml loader (read from disk and every document built, nothing else), once each
untimed, then in ``--rounds`` paired rounds whose order alternates; each round gives one
ratio, check/load, and the median is printed with the median times.

Command line (wall time, ``time.perf_counter``, subprocesses of this interpreter run from the
repository's root so that ``-m`` finds this checkout's ``cardlib``): ``python -m cardlib check
examples`` against a ``python -c`` that imports yaml and loads every ``*.yaml`` under
``examples/`` (a report, not a goal: both include Python's start), and ``python -m cardlib
check FILE`` against ``python -c pass`` (the goal), ``--runs`` times each, alternating, after
one untimed run of each; the median of the runs' ratios.  The one file's check must exit 0;
if a shipped example does not pass, the script says so and measures all the same.  By default
the commands run as from an installed package, with their bytecode cached (written under a
temporary ``PYTHONPYCACHEPREFIX``, so that nothing is written into the checkout, and
``PYTHONDONTWRITEBYTECODE`` unset); ``--from-source`` runs them in this environment as it is,
which with ``PYTHONDONTWRITEBYTECODE`` set compiles cardlib from source on every run.

``--root`` measures another checkout (its ``cardlib`` and its ``examples/``), such as the one
before a rewrite.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def load_all(files: list[Path]) -> int:
    """Load every document of every file with libyaml; return how many there were."""
    return sum(len(list(yaml.load_all(p.read_bytes(), Loader=yaml.CSafeLoader))) for p in files)


def timed(fn, *args) -> float:
    start = time.process_time()
    fn(*args)
    return time.process_time() - start


def in_process(rounds: int) -> None:
    import cardlib
    from cardlib.check import check_paths, example_files, exit_status

    print(f"cardlib from {Path(cardlib.__file__).parent}")
    files = [path for path, missing in example_files([ROOT / "examples"]) if missing is None]
    reports = check_paths(files)  # warm-up, untimed: imports, the schema validator, caches
    if exit_status(reports) != 0:  # measured all the same, but said: a refusal is less work
        failed = sum(1 for report in reports if exit_status([report]) != 0)
        print(f"WARNING: {failed} of the {len(reports)} shipped examples do not pass")
    documents = load_all(files)
    check, load = [], []
    for r in range(rounds):
        pair = [(check, check_paths), (load, load_all)]
        for out, fn in pair if r % 2 == 0 else pair[::-1]:
            out.append(timed(fn, files))
    ratios = [c / y for c, y in zip(check, load, strict=True)]
    print(
        f"in process: {len(files)} files, {documents} documents, {len(reports)} examples; "
        f"{rounds} paired rounds, CPU: check {statistics.median(check) * 1e3:.1f} ms, "
        f"CSafeLoader {statistics.median(load) * 1e3:.1f} ms; "
        f"check/load {statistics.median(ratios):.2f} (goal: at most 3)"
    )


ENV = dict(os.environ)


def wall(command: list[str], ok: tuple[int, ...] = (0,)) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        command, cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    took = time.perf_counter() - start
    assert done.returncode in ok, (command, done.returncode, done.stderr.decode())
    return took


def paired(
    runs: int, ours: list[str], floor: list[str], ok: tuple[int, ...] = (0,)
) -> tuple[float, float, float]:
    """Median wall time of each command and the median ratio ours/floor, alternating."""
    wall(ours, ok), wall(floor)  # warm-up: the file system cache, compiled bytecode
    a, b = [], []
    for i in range(runs):
        pair = [(a, ours, ok), (b, floor, (0,))]
        for out, command, statuses in pair if i % 2 == 0 else pair[::-1]:
            out.append(wall(command, statuses))
    ratio = statistics.median(x / y for x, y in zip(a, b, strict=True))
    return statistics.median(a), statistics.median(b), ratio


def command_line(runs: int, file: str) -> None:
    py = sys.executable
    loader = (
        "import yaml, pathlib\n"
        "for p in sorted(pathlib.Path('examples').rglob('*.yaml')):\n"
        "    list(yaml.load_all(p.read_bytes(), Loader=yaml.CSafeLoader))"
    )
    check_all = [py, "-m", "cardlib", "check", "examples"]
    c, y, ratio = paired(runs, check_all, [py, "-c", loader], ok=(0, 1, 2))
    print(
        f"command line: `python -m cardlib check examples` {c * 1e3:.0f} ms, python loading "
        f"the same files with CSafeLoader {y * 1e3:.0f} ms (wall, median of {runs}): "
        f"{ratio:.2f} times"
    )
    c, b, ratio = paired(runs, [py, "-m", "cardlib", "check", file], [py, "-c", "pass"])
    print(
        f"command line: `python -m cardlib check {file}` {c * 1e3:.0f} ms, `python -c pass` "
        f"{b * 1e3:.0f} ms (wall, median of {runs}): {ratio:.2f} times (goal: at most 5)"
    )


def main() -> None:
    global ROOT
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="in-process rounds")
    parser.add_argument("--runs", type=int, default=15, help="command-line runs")
    parser.add_argument(
        "--file", default="examples/golf/two-twos.yaml", help="relative to the root"
    )
    parser.add_argument(
        "--from-source", action="store_true", help="run the commands in this environment as it is"
    )
    parser.add_argument(
        "--root", type=Path, default=ROOT, help="the checkout to measure (default: this one)"
    )
    args = parser.parse_args()
    ROOT = args.root.resolve()
    sys.path.insert(0, str(ROOT))
    in_process(args.rounds)
    with tempfile.TemporaryDirectory() as cache:
        if not args.from_source:
            ENV.pop("PYTHONDONTWRITEBYTECODE", None)
            ENV["PYTHONPYCACHEPREFIX"] = cache
        cached = "PYTHONDONTWRITEBYTECODE" not in ENV
        print("commands: " + ("bytecode cached" if cached else "compiled from source every run"))
        command_line(args.runs, args.file)


if __name__ == "__main__":
    main()
