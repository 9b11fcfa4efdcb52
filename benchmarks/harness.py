"""The one way every benchmark here compares two engines: paired, interleaved rounds in CPU time.

A *side* is a function ``side(games, seed, deal_timed) -> (cpu_seconds, decisions)`` that
plays ``games`` random games seeded from ``seed``.  With ``deal_timed=False`` it deals every
game first, untimed, and times only the play; a *decision* is a move a player chooses
(never a chance node: a dealt or fished card).

Each round runs both sides on the same seed, both with the deal timed and without, the
order of the sides alternating from round to round, so a machine that gets busier slows
both alike; each round gives one ratio, and the median of the rounds' ratios is printed
(with the median rates of each side).  Ratios are ``first side / second side``: above 1
the first side is faster.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

Side = Callable[[int, int, bool], tuple[float, int]]


def cpu() -> float:
    return time.process_time()


def compare(title: str, sides: dict[str, Side], games: int, rounds: int, seed: int) -> dict:
    """Run the paired rounds of two sides, print one block, and return the medians."""
    (a, run_a), (b, run_b) = sides.items()
    for run in (run_a, run_b):  # warm up: imports and first-use caches are not timed
        run(2, seed + 10_000, True)
        run(2, seed + 10_000, False)
    rec: dict[tuple[str, bool], list[tuple[float, int]]] = {}
    for r in range(rounds):
        order = [(a, run_a), (b, run_b)] if r % 2 == 0 else [(b, run_b), (a, run_a)]
        for deal_timed in (True, False):
            for name, run in order:
                rec.setdefault((name, deal_timed), []).append(run(games, seed + r, deal_timed))

    def ratios(deal_timed: bool, per_decision: bool) -> float:
        out = []
        for (sa, da), (sb, db) in zip(rec[a, deal_timed], rec[b, deal_timed], strict=True):
            out.append((da / sa) / (db / sb) if per_decision else sb / sa)
        return statistics.median(out)

    print(f"== {title}: {games} games a side a round, {rounds} paired rounds, seed {seed}")
    for name in (a, b):
        secs = [s for s, _ in rec[name, True]]
        decs = [d for _, d in rec[name, True]]
        untimed = [d / s for s, d in rec[name, False]]
        print(
            f"  {name:22} {statistics.median(games / s for s in secs):9.1f} games/s "
            f"{statistics.median(d / s for s, d in zip(secs, decs, strict=True)):10.0f} decisions/s "
            f"{statistics.median(untimed):10.0f} decisions/s deal untimed "
            f"{sum(decs) / (games * rounds):6.1f} decisions a game"
        )
    result = {
        "per game": ratios(True, False),
        "per decision": ratios(True, True),
        "per game, deal untimed": ratios(False, False),
        "per decision, deal untimed": ratios(False, True),
    }
    print(f"  ratio {a}/{b}: " + ", ".join(f"{k} {v:.2f}" for k, v in result.items()))
    return result
