"""cardlib's Rook hands against OpenSpiel's ``spades`` (its nearest peer), in one run.

    python benchmarks/rook_vs_openspiel.py [--games 200] [--rounds 5] [--seed 0]

Spades is the nearest game OpenSpiel has to Rook: four players in partnerships, an
auction, then tricks.  A "game" here is one hand on both sides: a ``RookHand``, and a
``spades`` game with its default parameters, which is one hand (4 bids, 52 cards).  Every
decision is a uniform choice among the legal moves with a seeded
``random.Random``; cardlib goes through the checked ``RookHand.play`` with the players
as its documented default (``RookHand(seed=...)``), OpenSpiel through
``pyspiel.load_game("spades")``.

How chance is sampled, and why: cardlib shuffles the 41 cards once with the hand's seed.
Spades deals through 52 chance nodes driven from Python, one per card, and how they are
sampled changes its time by half or more (the issue measured 47-80%).  We draw each from
``state.chance_outcomes()`` weighted by its probabilities, as OpenSpiel's
``examples/example.py`` does (with ``random.choices`` rather than numpy, which is slower
per call).  Because that choice is arbitrary, the ratio to read is the one with the deal
untimed: the clock stops while each hand is dealt, just before it is played, on both
sides, and only the decisions (bids, the nest, trump, the cards: never a chance node) are
timed.
See ``benchmarks/harness.py`` for the rounds.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from gofish_vs_openspiel import openspiel_side
from harness import Side, compare, play_cardlib

from cardlib.rook import RookHand


def deal_rook(seed: int, rng: random.Random) -> RookHand:
    return RookHand(seed=seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="hands a side a round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    compare(
        "Rook hand against spades hand",
        {
            "cardlib rook": Side(deal_rook, play_cardlib),
            "openspiel spades": openspiel_side("spades", {}),
        },
        args.games,
        args.rounds,
        args.seed,
    )


if __name__ == "__main__":
    main()
