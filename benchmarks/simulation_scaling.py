"""Does a simulation scale out?  Games per second with two worker processes against one.

    python benchmarks/simulation_scaling.py [--game go-fish] [--games 4000] [--rounds 3] [--seed 0]

Both sides call :func:`cardlib.simulate.simulate` with the same arguments and check that
they return the same rows; one side plays in this process (``workers=1``), the other in two
worker processes (``workers=2``), process start-up included.  This is wall time
(``time.perf_counter``), since the work happens in other processes; the rounds are paired
and interleaved and the median ratio is printed.  The goal is 1.8 or more on a machine with
two idle cores; on a shared machine the ratio is capped by the cores free, so the script
also prints the load average and the CPU time each side spent (this process's and its
workers', once they are waited for): the work two workers add to the games (start-up,
sending the rows, the reader), whatever the load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import cardlib
from cardlib.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="go-fish")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rates: dict[int, list[float]] = {1: [], 2: []}
    cpu: dict[int, list[float]] = {1: [], 2: []}
    load = os.getloadavg()[0]
    for r in range(args.rounds):
        rows = {}
        for workers in (1, 2) if r % 2 == 0 else (2, 1):
            start, own, before = time.perf_counter(), time.process_time(), os.times()
            rows[workers] = simulate(args.game, args.games, seed=args.seed + r, workers=workers)
            rates[workers].append(args.games / (time.perf_counter() - start))
            after = os.times()
            children = after.children_user + after.children_system
            children -= before.children_user + before.children_system
            cpu[workers].append(time.process_time() - own + children)
        assert rows[1] == rows[2], "the same rows whatever the workers"
    ratios = [b / a for a, b in zip(rates[1], rates[2], strict=True)]
    print(f"== {args.game}: {args.games} games, {args.rounds} paired rounds, {os.cpu_count()} CPUs")
    print(f"  cardlib from {os.path.dirname(cardlib.__file__)}")
    print(f"  load average {load:.1f} before, {os.getloadavg()[0]:.1f} after")
    for w, rs in rates.items():
        each = 1e6 * statistics.median(cpu[w]) / args.games
        print(
            f"  {w} worker{'s' if w > 1 else ' '}  {statistics.median(rs):9.1f} games/s"
            f"  {each:6.0f} us CPU a game"
        )
    print(
        f"  ratio 2 workers/1: {statistics.median(ratios):.2f} "
        f"(rounds: {', '.join(f'{x:.2f}' for x in ratios)})"
    )
    spent = [b / a for a, b in zip(cpu[1], cpu[2], strict=True)]
    print(
        f"  CPU 2 workers/1: {statistics.median(spent):.2f} "
        f"(rounds: {', '.join(f'{x:.2f}' for x in spent)})"
    )


if __name__ == "__main__":
    main()
