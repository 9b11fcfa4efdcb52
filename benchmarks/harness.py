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

A decision lists the legal moves once (:func:`moves_now`; OpenSpiel's ``legal_actions()``
once), on every side.  To compare today's engines with the ones before a rewrite, which
cannot share a process, each side plays in a :class:`Worker` process of its own (with its
tree first on ``PYTHONPATH``), and :func:`per_decision` runs any number of sides in paired
rounds with the deal untimed.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple


class Side(NamedTuple):
    deal: Callable[[int, random.Random], Any]
    play: Callable[[Any, random.Random], int]


def moves_now(game: Any) -> Sequence[Any]:
    """The legal moves of this position, asked of the game once: its own listing (lazy where
    it is lazy, as Rook's 2,002 ways to lay the nest aside), read before the next move.

    ``legal_moves()`` is a live view that asks the game again on every question, so
    ``list(view)`` lists twice (``__len__``, then ``__iter__``) and ``random.choice(view)``
    three times; a fair harness asks once a decision on every side.  Today's view says so
    with ``now()``; the engines before the rewrite (d3cac7f) have no ``now()``, and their
    view's one question to the game is ``_moves()``."""
    view = game.legal_moves()
    now = getattr(view, "now", None)
    return now() if now is not None else view._moves()


def play_cardlib(game: Any, rng: random.Random) -> int:
    """Play a cardlib game (any engine's, today's or before the rewrite) to the end, the
    moves listed once a decision; return the decisions made.  A move taken from the listing
    is made through the engine's trusted ``make()`` where it has one (it looks the move up in
    the listing and does not judge it again), else, as the engines before the rewrite have no
    ``make()``, through the checked ``play()``."""
    decisions = 0
    make = getattr(game, "make", None) or game.play
    while not game.is_over:
        make(rng.choice(moves_now(game)))
        decisions += 1
    return decisions


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


# -- sides in processes of their own: today's engines beside the engines before a rewrite ------

#: the engines before the rewrite over plain state, which every figure is compared with
BEFORE = "d3cac7f"


def export_cardlib(rev: str, dest: Path, repo: Path | None = None) -> Path:
    """``git archive REV cardlib`` unpacked into ``dest``: a tree to put on ``PYTHONPATH``."""
    import io
    import subprocess
    import tarfile

    repo = repo or Path(__file__).resolve().parents[1]
    data = subprocess.run(
        ["git", "-C", str(repo), "archive", "--format=tar", rev, "cardlib"],
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(dest, filter="data")
    return dest


class Worker:
    """One side of a comparison in a Python process of its own, which imports the ``cardlib``
    of ``tree`` (``PYTHONPATH``): two versions of cardlib cannot share a process, so each
    side gets one, started once and asked for round after round.  It runs ``script
    --serve``, which answers each request (a JSON line: the side's spec, games, seed) with
    :func:`run` of that side, the deal untimed, in its own CPU time (a JSON line: seconds,
    decisions, and the folder its ``cardlib`` came from)."""

    def __init__(self, script: Path, tree: Path, spec: dict[str, Any]) -> None:
        import os
        import subprocess
        import sys

        env = {**os.environ, "PYTHONPATH": str(tree)}
        self.spec = spec
        self.tree = tree
        self.proc = subprocess.Popen(
            [sys.executable, str(script), "--serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.cardlib = ""

    def run(self, games: int, seed: int) -> tuple[float, int]:
        import json

        assert self.proc.stdin is not None and self.proc.stdout is not None
        request = {"spec": self.spec, "games": games, "seed": seed}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker for {self.spec} stopped (see its error above)")
        answer = json.loads(line)
        self.cardlib = answer["cardlib"]
        return answer["seconds"], answer["decisions"]

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


def serve(make_side: Callable[[dict[str, Any]], Side]) -> None:
    """The worker's loop (``script --serve``): one request a line on stdin, one answer a
    line on stdout, until stdin closes.  A side's spec is made into a :class:`Side` once."""
    import json
    import sys

    sides: dict[str, Side] = {}
    for line in sys.stdin:
        request = json.loads(line)
        key = json.dumps(request["spec"], sort_keys=True)
        if key not in sides:
            sides[key] = make_side(request["spec"])
        seconds, decisions = run(sides[key], request["games"], request["seed"], False)
        answer = {"seconds": seconds, "decisions": decisions, "cardlib": measured()}
        print(json.dumps(answer), flush=True)


def per_decision(
    title: str,
    sides: dict[str, Callable[[int, int], tuple[float, int]]],
    games: int,
    rounds: int,
    seed: int,
) -> dict[str, Any]:
    """Paired rounds of any number of sides, the deal untimed: each round plays the same
    seeds on every side, the order of the sides turning from round to round.  Prints and
    returns, for each side, the microseconds a decision (min and median of the rounds) and
    its decisions a game, and for each pair the ratio of their times a decision, one a round
    (min and median; above 1 the first side is slower)."""
    names = list(sides)
    for run_side in sides.values():  # warm up: imports and first-use caches are not timed
        run_side(2, seed + 10_000)
    us: dict[str, list[float]] = {n: [] for n in names}
    decisions: dict[str, int] = dict.fromkeys(names, 0)
    for r in range(rounds):
        turn = r % len(names)
        for name in names[turn:] + names[:turn]:
            seconds, made = sides[name](games, seed + r)
            us[name].append(1e6 * seconds / made)
            decisions[name] += made
    pairs = {
        f"{a}/{b}": [x / y for x, y in zip(us[a], us[b], strict=True)]
        for i, a in enumerate(names)
        for b in names[i + 1 :]
    }
    print(f"== {title}: {games} games a side a round, {rounds} paired rounds, seed {seed}")
    out: dict[str, Any] = {"us": {}, "per game": {}, "ratios": {}}
    for name in names:
        low, mid = min(us[name]), statistics.median(us[name])
        a_game = decisions[name] / (games * rounds)
        out["us"][name] = (low, mid)
        out["per game"][name] = a_game
        print(
            f"  {name:18} {low:8.2f} us a decision (min), {mid:8.2f} (median); "
            f"{a_game:6.1f} decisions a game"
        )
    for pair, values in pairs.items():
        low, mid = min(values), statistics.median(values)
        out["ratios"][pair] = (low, mid)
        print(f"  {pair:30} {low:7.3g} (min) {mid:7.3g} (median) times the time a decision")
    return out
