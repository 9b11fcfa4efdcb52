"""Where a decision goes: each engine's random games under ``cProfile``, the top costs by file:line.

    PYTHONPATH=$PWD python benchmarks/profile_engines.py [--games 300] [--top 15]
        [--only go-fish-3 golf-3 rook-hand simulate-go-fish]

The games are played as ``engines.py`` plays them (uniform random decisions, the legal moves
listed once a decision, the checked ``play()``), each dealt outside the profile, so that
only the decisions are profiled.  ``simulate-go-fish`` profiles ``cardlib.simulate``'s games
instead (``simulate("go-fish", N, workers=1)``: its bots decide from ``game.view(player)``).
For each figure: the functions with the most time of their own (``tottime``) and the most
time inclusive of what they call (``cumtime``), as ``file:line(function)`` with the path
from the checkout, and the share of the profiled time each takes.  The profiler's own cost
inflates small functions called often, so read the shares, not the microseconds.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from engines import FIGURES, make_side
from harness import measured

PROFILED = [f for f in FIGURES if f != "go-fish-2" and f != "go-fish-6"] + ["simulate-go-fish"]


def profile(figure: str, games: int) -> cProfile.Profile:
    profiler = cProfile.Profile()
    if figure == "simulate-go-fish":
        from cardlib.simulate import simulate

        simulate("go-fish", 10, seed=10_000, workers=1)  # warm up: imports, first-use caches
        profiler.enable()
        simulate("go-fish", games, seed=0, workers=1)
        profiler.disable()
        return profiler
    deal, play = make_side(FIGURES[figure][0])
    rng = random.Random(0)
    play(deal(10_000, rng), rng)  # warm up
    for i in range(games):
        game = deal(i, rng)
        profiler.enable()
        play(game, rng)
        profiler.disable()
    return profiler


def where(key: tuple[str, int, str], root: Path) -> str:
    path, line, name = key
    name = re.sub(r" at 0x[0-9a-f]+", "", name)  # no addresses: the same text every run
    try:
        path = str(Path(path).resolve().relative_to(root))
    except ValueError:
        path = Path(path).name if path != "~" else ""
    return f"{path}:{line}({name})" if path else name


def report(figure: str, profiler: cProfile.Profile, top: int, root: Path) -> None:
    stats = pstats.Stats(profiler, stream=io.StringIO())
    entries: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    total = stats.total_tt  # type: ignore[attr-defined]
    print(f"== {figure}: {total:.2f} s profiled")
    for title, column in (("own time (tottime)", 2), ("inclusive (cumtime)", 3)):
        print(f"  top {top} by {title}:")
        ranked = sorted(entries.items(), key=lambda kv: kv[1][column], reverse=True)
        for key, (_, calls, tt, ct, callers) in ranked[:top]:
            value = tt if column == 2 else ct
            text = where(key, root)
            if key[0] == "<string>" and callers:  # a method a dataclass wrote: who calls it
                caller = max(callers, key=lambda c: callers[c][0])
                text += f" (a generated method, called most from {where(caller, root)})"
            print(f"    {100 * value / total:5.1f} %  {calls:>9} calls  {text}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--only", nargs="+", choices=PROFILED, default=PROFILED)
    args = parser.parse_args()
    root = Path(measured()).parent
    print(f"cardlib from {root}")
    for figure in args.only:
        report(figure, profile(figure, args.games), args.top, root)


if __name__ == "__main__":
    main()
