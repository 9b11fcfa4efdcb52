"""How long the lab's default study takes: one game, every rule set and option
(:func:`cardlib.analysis.default_variants`), every measure with its interval.

    PYTHONPATH=$PWD python benchmarks/lab_study.py [--game go-fish] [-n 2000] [--seed 0]

Runs ``cardlib.analysis.compare(game, n=N)`` as ``cardlib compare GAME -n N`` does (the
simple bot in every seat, ``N`` more games of the simple bot among random players a variant
for order, 1,000 bootstrap resamples, local worker processes on the CPUs this process may
use) and prints the wall time (``time.perf_counter``), the games played, the load average
before it started, the CPU time of this process and its workers (on a shared machine,
the CPU time over the cores is what two idle cores would take), and the widest interval of the win rate of the first player and of the
decisions a game: how far apart two variants must be to be told apart.  The goal is at most
two minutes a game on two cores.
"""

from __future__ import annotations

import argparse
import os
import time

import cardlib
from cardlib.analysis import compare, default_variants
from cardlib.games import GAMES
from cardlib.simulate.run import usable_cpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (default: every game)")
    parser.add_argument("-n", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"cardlib from {os.path.dirname(cardlib.__file__)}; {usable_cpus()} CPUs")
    for game in args.game or list(GAMES):
        variants = default_variants(game)
        load = os.getloadavg()[0]
        before = os.times()
        start = time.perf_counter()
        reports = compare(game, variants, args.n, seed=args.seed)
        took = time.perf_counter() - start
        after = os.times()  # the workers are waited for: their CPU time is the children's
        cpu = sum(after[i] - before[i] for i in range(4))
        played = sum(r.games + r.measures["order"].n for r in reports if "order" in r.measures)
        win = max(r["win_rate.1"].high - r["win_rate.1"].low for r in reports)
        length = max(r["decisions"].high - r["decisions"].low for r in reports)
        print(
            f"{game}: {len(variants)} variants, {played:,} games in {took:.1f} s "
            f"({1000 * took / played:.2f} ms a game; CPU {cpu:.1f} s; load before {load:.2f}); "
            "widest interval: "
            f"first player's win rate {win:.3f}, decisions {length:.2f}"
        )


if __name__ == "__main__":
    main()
