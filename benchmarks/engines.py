"""Each engine per decision: today's against the engines before the rewrite and OpenSpiel.

    PYTHONPATH=$PWD python benchmarks/engines.py [--games 200] [--rounds 5] [--seed 0]
        [--before d3cac7f] [--also REV ...] [--only go-fish-2 go-fish-3 go-fish-6 golf-3 rook-hand]
        [--no-openspiel]

Issue 29's table, one run a figure: the microseconds a decision of Go Fish at 2, 3 and 6
players, of Golf at 3 and of a Rook hand, with the deal untimed and the legal moves listed
once a decision on every side (``harness.moves_now``; OpenSpiel's ``legal_actions()``),
for cardlib now (the ``cardlib`` of ``PYTHONPATH``, this checkout), cardlib before the
rewrite (``git archive d3cac7f cardlib``, unpacked into a temporary folder) and OpenSpiel's
``go_fish`` (Go Fish, at the same number of players) and ``spades`` (a Rook hand; OpenSpiel
has no Golf); ``--also REV`` adds the cardlib of other revisions (``git archive REV
cardlib``), such as the ``main`` a change starts from, as sides of the same rounds.  Two
versions of cardlib cannot share a process, so every side plays in a
worker process of its own (``harness.Worker``), started once; the rounds are paired on the
same seeds and interleaved, the order of the sides turning from round to round, and each
worker measures its own CPU time, so a machine that gets busier slows every side alike.
The figures are the min and the median of the rounds: the microseconds a decision of each
side, and the ratios now/before, now/OpenSpiel and before/OpenSpiel (above 1 the first is
slower).  Now and before deal the same games from the same seeds and choose with the same
``random.Random``; where both list the moves in the same order they play the same games,
and their decisions a game are the same.

How the chance nodes are sampled, and the OpenSpiel parameters: see
``gofish_vs_openspiel.py`` and ``rook_vs_openspiel.py``; the rounds: ``harness.py``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from harness import (
    BEFORE,
    Side,
    Worker,
    export_cardlib,
    measured,
    per_decision,
    play_cardlib,
    serve,
)

HERE = Path(__file__).resolve()
NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]

#: the figures: a name -> (the cardlib side's spec, OpenSpiel's side's spec or None)
FIGURES: dict[str, tuple[dict[str, Any], dict[str, Any] | None]] = {
    **{
        f"go-fish-{n}": (
            {"engine": "go-fish", "players": n},
            {"openspiel": "go_fish", "players": n},
        )
        for n in (2, 3, 6)
    },
    "golf-3": ({"engine": "golf", "players": 3}, None),
    "rook-hand": ({"engine": "rook-hand"}, {"openspiel": "spades"}),
}

TITLES = {
    "go-fish-2": "Go Fish, 2 players (OpenSpiel go_fish, 2 players)",
    "go-fish-3": "Go Fish, 3 players (OpenSpiel go_fish, 3 players)",
    "go-fish-6": "Go Fish, 6 players (OpenSpiel go_fish, 6 players)",
    "golf-3": "Golf, 3 players (OpenSpiel has no Golf)",
    "rook-hand": "a Rook hand (OpenSpiel spades, one hand)",
}


def make_side(spec: dict[str, Any]) -> Side:
    """A side from its spec, in the worker: the engine is imported from its ``PYTHONPATH``."""
    if "openspiel" in spec:
        from gofish_vs_openspiel import openspiel_params, openspiel_side

        params = openspiel_params(spec["players"]) if spec["openspiel"] == "go_fish" else {}
        return openspiel_side(spec["openspiel"], params)
    engine = spec["engine"]
    if engine == "rook-hand":
        from cardlib.rook import RookHand

        return Side(lambda seed, rng: RookHand(seed=seed), play_cardlib)
    if engine == "go-fish":
        from cardlib.gofish import GoFishGame as Engine
    else:
        from cardlib.golf import GolfGame as Engine  # type: ignore[assignment]
    names = NAMES[: spec["players"]]
    return Side(lambda seed, rng: Engine(list(names), seed=seed), play_cardlib)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games a side a round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--before", default=BEFORE, help="the git revision of 'before'")
    parser.add_argument(
        "--also",
        nargs="+",
        default=[],
        metavar="REV",
        help="other git revisions whose cardlib plays in the same rounds",
    )
    parser.add_argument("--only", nargs="+", choices=list(FIGURES), default=list(FIGURES))
    parser.add_argument(
        "--no-openspiel",
        action="store_true",
        help="leave OpenSpiel out (where open_spiel is not installed)",
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(make_side)
        return
    now = Path(measured()).parent  # the checkout whose cardlib this process imports
    with tempfile.TemporaryDirectory(prefix=f"cardlib-{args.before}-") as tmp:
        before = export_cardlib(args.before, Path(tmp) / args.before)
        also = {rev: export_cardlib(rev, Path(tmp) / rev) for rev in args.also}
        print(f"now: the cardlib of {now}; before: git archive {args.before} cardlib")
        for rev in also:
            print(f"also: git archive {rev} cardlib")
        print(f"load average at the start: {os.getloadavg()[0]:.2f}")
        for figure in args.only:
            cardlib_spec, peer_spec = FIGURES[figure]
            workers = {
                "now": Worker(HERE, now, cardlib_spec),
                f"before {args.before}": Worker(HERE, before, cardlib_spec),
                **{f"at {rev}": Worker(HERE, tree, cardlib_spec) for rev, tree in also.items()},
            }
            if peer_spec is not None and not args.no_openspiel:
                workers[f"openspiel {peer_spec['openspiel']}"] = Worker(HERE, now, peer_spec)
            try:
                per_decision(
                    TITLES[figure],
                    {name: w.run for name, w in workers.items()},
                    args.games,
                    args.rounds,
                    args.seed,
                )
                for name, w in workers.items():
                    if "openspiel" not in name:
                        print(f"  {name} imported cardlib from {w.cardlib}")
            finally:
                for w in workers.values():
                    w.close()
        print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
