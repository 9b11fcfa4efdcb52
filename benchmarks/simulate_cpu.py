"""``cardlib simulate`` in CPU time: today's cardlib against the one before the rewrite.

    PYTHONPATH=$PWD python benchmarks/simulate_cpu.py [--game go-fish] [-n 100000] [--rounds 1]
        [--workers 1] [--before d3cac7f]

Each side runs the command as a user does, ``python -m cardlib simulate GAME -n N --seed S
--workers W -o /dev/null``, in a process of its own whose ``PYTHONPATH`` is its tree: now,
the ``cardlib`` this process imports (this checkout); before, ``git archive d3cac7f cardlib``
unpacked into a temporary folder.  The figure is the CPU time (user and system) of the
command and of the workers it starts, read from ``os.wait4``'s resource usage, so the
machine's other load does not count; the rounds are paired on the same seeds and the order
of the sides alternates.  The ratio now/before is printed for each round, with the min and
the median (above 1 today is slower).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from harness import BEFORE, export_cardlib, measured


def imported(tree: Path) -> str:
    """Where ``python -m`` run in ``tree`` imports ``cardlib`` from."""
    code = "import os, cardlib; print(os.path.dirname(cardlib.__file__))"
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=tree, capture_output=True)
    return out.stdout.decode().strip()


def cpu_of(tree: Path, args: list[str]) -> float:
    """The CPU seconds of ``python -m cardlib ARGS`` run in ``tree`` with it first on the
    path (``-m`` puts the working directory first), the processes it starts included (their
    times are added to it when it waits for them)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardlib", *args], env=env, cwd=tree, stdout=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"cardlib {' '.join(args)} exited with {proc.returncode}")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="go-fish")
    parser.add_argument("-n", type=int, default=100_000, help="games a run")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="the command's --workers")
    parser.add_argument("--before", default=BEFORE, help="the git revision of 'before'")
    args = parser.parse_args()
    now = Path(measured()).parent
    spent: dict[str, list[float]] = {"now": [], "before": []}
    print(
        f"== cardlib simulate {args.game} -n {args.n} --workers {args.workers}: "
        f"{args.rounds} paired rounds; now: {now}; before: git archive {args.before} cardlib"
    )
    print(f"  load average at the start: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory(prefix=f"cardlib-{args.before}-") as tmp:
        before = export_cardlib(args.before, Path(tmp))
        trees = {"now": now, "before": before}
        for side, tree in trees.items():
            print(f"  {side} imports cardlib from {imported(tree)}")
        for r in range(args.rounds):
            command = ["simulate", args.game, "-n", str(args.n), "--seed", str(args.seed + r)]
            command += ["--workers", str(args.workers), "-o", os.devnull]
            for side in ("now", "before") if r % 2 == 0 else ("before", "now"):
                spent[side].append(cpu_of(trees[side], command))
            print(
                f"  round {r}: now {spent['now'][-1]:8.1f} s CPU, before "
                f"{spent['before'][-1]:7.1f} s CPU, now/before "
                f"{spent['now'][-1] / spent['before'][-1]:.2f}"
            )
    ratios = [a / b for a, b in zip(spent["now"], spent["before"], strict=True)]
    for side, values in spent.items():
        print(
            f"  {side:7} {min(values):8.1f} s CPU (min) {statistics.median(values):8.1f} (median)"
            f", {1e6 * statistics.median(values) / args.n:7.0f} us a game"
        )
    print(f"  now/before: {min(ratios):.2f} (min) {statistics.median(ratios):.2f} (median)")
    print(f"  load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
