"""How fast ``cardlib check`` is: worked-example files a second in process, and the command
on one file against a bare Python start (issue 12).

    python benchmarks/checker_speed.py [--rounds 7] [--runs 15] [--file examples/golf/two-twos.yaml]

In process: every file of the shipped examples (``examples/``, through the checker's own
file listing) is checked by :func:`cardlib.check.check_paths` once untimed (imports, the
schema validator and first-use caches), then ``--rounds`` times, each round timed in CPU
time (``time.process_time``); the median round gives files/s and examples/s.  Nothing is
kept from one round to the next but what the checker keeps itself: every round reads,
parses, validates and replays every file.  The same rounds are split into the checker's
phases, each timed alone: reading and parsing the YAML (``read_documents``), the JSON
Schema (``validate``) and the rest (replaying the moves and comparing the claims, from
the total less the two).

Command line: ``python -c pass`` and ``python -m cardlib check FILE`` are run ``--runs``
times each, alternating, as subprocesses of this interpreter from the repository's root
(so that ``-m`` finds this checkout's ``cardlib``); wall time from start to exit
(``time.perf_counter``), median of the runs, and the ratio of the medians.  Every run of
the command must exit 0.  The first run of each is a warm-up: it writes cardlib's bytecode
(``__pycache__``) unless ``PYTHONDONTWRITEBYTECODE`` is set; the line printed says which of
the two the runs had, since compiling cardlib's modules from source on every run adds about
30 ms.  Every run compiles the schema's validator (fastjsonschema, once a process): nothing
is kept between runs.  On a shared or busy machine both sides slow down, the bare start least:
the ratio is an upper bound of the quiet one.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from importlib.util import cache_from_source
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardlib.check import check_paths, example_files, exit_status  # noqa: E402
from cardlib.examples import read_documents, validate  # noqa: E402


def in_process(rounds: int) -> None:
    files = [path for path, missing in example_files([ROOT / "examples"]) if missing is None]
    reports = check_paths(files)  # warm-up, untimed
    assert exit_status(reports) == 0, "the shipped examples must pass"
    examples = len(reports)
    totals, parse, schema = [], [], []
    for _ in range(rounds):
        start = time.process_time()
        check_paths(files)
        totals.append(time.process_time() - start)
        start = time.process_time()
        docs = [doc for path in files for doc in read_documents(path)]
        parse.append(time.process_time() - start)
        start = time.process_time()
        for doc in docs:
            validate(doc)
        schema.append(time.process_time() - start)
    total = statistics.median(totals)
    ms = {
        "read + YAML": statistics.median(parse) * 1e3,
        "schema": statistics.median(schema) * 1e3,
    }
    ms["replay + claims"] = total * 1e3 - sum(ms.values())
    print(
        f"in process: {len(files)} files, {examples} examples; median of {rounds} rounds "
        f"{total * 1e3:.1f} ms CPU: {len(files) / total:,.0f} files/s, "
        f"{examples / total:,.0f} examples/s (goal: 1,000 files/s)"
    )
    print("  phases (ms CPU a round): " + ", ".join(f"{k} {v:.1f}" for k, v in ms.items()))


def wall(command: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    took = time.perf_counter() - start
    assert done.returncode == 0, (command, done.returncode, done.stderr.decode())
    return took


def command_line(runs: int, file: str) -> None:
    bare = [sys.executable, "-c", "pass"]
    check = [sys.executable, "-m", "cardlib", "check", file]
    wall(bare), wall(check)  # warm-up: the file system cache, compiled bytecode
    times: dict[str, list[float]] = {"bare": [], "check": []}
    for i in range(runs):
        order = [("bare", bare), ("check", check)]
        for name, command in order if i % 2 == 0 else order[::-1]:
            times[name].append(wall(command))
    b, c = (statistics.median(times[k]) for k in ("bare", "check"))
    compiled = Path(cache_from_source(str(ROOT / "cardlib" / "check.py"))).exists()
    print(
        f"command line: `python -m cardlib check {file}` {c * 1e3:.0f} ms, "
        f"`python -c pass` {b * 1e3:.0f} ms (wall, median of {runs}): "
        f"{c / b:.2f} times (goal: under 5); cardlib "
        + ("from its compiled bytecode" if compiled else "compiled from source every run")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="in-process rounds (default 7)")
    parser.add_argument("--runs", type=int, default=15, help="command-line runs (default 15)")
    parser.add_argument("--file", default="examples/golf/two-twos.yaml")
    args = parser.parse_args()
    in_process(args.rounds)
    command_line(args.runs, args.file)


if __name__ == "__main__":
    main()
