"""The one way every benchmark here compares two engines: paired, interleaved rounds in CPU time.

A *side* is a :class:`Side`: ``deal(seed, rng)`` makes one dealt game (for OpenSpiel: a
state taken through the chance nodes before the first decision), and ``play(game, rng)``
plays it to the end with uniform random decisions and returns how many decisions it made.
A *decision* is a move a player chooses, never a chance node (a dealt or fished card).

The harness plays the games one at a time, each dealt just before it is played, whether or
not the deal is timed.  With the deal timed the clock runs over both; with the deal untimed
it runs only over ``play`` and the play times of the games are added up.  Only one game is
alive at a time: a round that dealt every game first and kept them all would make the
cyclic garbage collector walk every live Python object of every game while the others play
(OpenSpiel's C++ states are not tracked by it), which slows the Python engines by a third
and measures the collector, not the engine.  The heap is collected before each side's run,
untimed, so that neither side pays for the other's garbage.

Each round runs both sides on the same seed, both with the deal timed and without, the
order of the sides alternating from round to round, so a machine that gets busier slows
both alike; each round gives one ratio, and the median of the rounds' ratios is printed
(with the median rates of each side).  Ratios are ``first side / second side``: above 1
the first side is faster.  Game ``i`` of a round seeded ``s`` is dealt from the seed
``s * 100_003 + i``; one ``random.Random(s)`` a run makes the decisions (and OpenSpiel's
chance outcomes), so the deal timed and untimed play the same games.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple


class Side(NamedTuple):
    deal: Callable[[int, random.Random], Any]
    play: Callable[[Any, random.Random], int]


def cpu() -> float:
    return time.process_time()


def measured() -> str:
    """The folder of the ``cardlib`` being measured: the first on ``sys.path``, so with
    ``PYTHONPATH`` the scripts measure any checkout (such as the one before a rewrite)."""
    import cardlib

    return str(Path(cardlib.__file__).parent)


def run(side: Side, games: int, seed: int, deal_timed: bool) -> tuple[float, int]:
    """Play ``games`` games of one side, one at a time; return (CPU seconds, decisions)."""
    deal, play = side
    rng = random.Random(seed)
    decisions = 0
    gc.collect()
    if deal_timed:
        start = cpu()
        for i in range(games):
            decisions += play(deal(seed * 100_003 + i, rng), rng)
        return cpu() - start, decisions
    spent = 0.0
    for i in range(games):
        game = deal(seed * 100_003 + i, rng)
        start = cpu()
        decisions += play(game, rng)
        spent += cpu() - start
    return spent, decisions


def compare(title: str, sides: dict[str, Side], games: int, rounds: int, seed: int) -> dict:
    """Run the paired rounds of two sides, print one block, and return the medians."""
    (a, side_a), (b, side_b) = sides.items()
    for side in (side_a, side_b):  # warm up: imports and first-use caches are not timed
        run(side, 2, seed + 10_000, True)
        run(side, 2, seed + 10_000, False)
    rec: dict[tuple[str, bool], list[tuple[float, int]]] = {}
    for r in range(rounds):
        order = [(a, side_a), (b, side_b)] if r % 2 == 0 else [(b, side_b), (a, side_a)]
        for deal_timed in (True, False):
            for name, side in order:
                rec.setdefault((name, deal_timed), []).append(
                    run(side, games, seed + r, deal_timed)
                )

    def ratios(deal_timed: bool, per_decision: bool) -> float:
        out = []
        for (sa, da), (sb, db) in zip(rec[a, deal_timed], rec[b, deal_timed], strict=True):
            out.append((da / sa) / (db / sb) if per_decision else sb / sa)
        return statistics.median(out)

    print(f"== {title}: {games} games a side a round, {rounds} paired rounds, seed {seed}")
    print(f"  cardlib from {measured()}")
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
    print(f"  ratio {a}/{b}: " + ", ".join(f"{k} {v:.3g}" for k, v in result.items()))
    return result
