"""Random complete hands per second: cardlib's Rook engine against OpenSpiel's ``spades``.

Spades is OpenSpiel's nearest peer to Rook: four players in partnerships, an auction,
then tricks.  Both sides play whole hands from Python, every move chosen uniformly among
the legal ones with a seeded ``random.Random``; OpenSpiel's deal (its chance nodes) is
drawn the same way, and cardlib's with its seeded shuffle.  cardlib goes through the
checked path, ``RookHand.play``, and keeps the narration of every move.

    python benchmarks/rook_vs_openspiel.py [--hands N] [--rounds R] [--seed S]

The last line printed is ``ratio cardlib/openspiel: X.XX``, the median over the rounds of
OpenSpiel's time over cardlib's for the same number of hands (above 1: cardlib is faster).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time


def cardlib_hands(n: int, seed: int) -> tuple[float, int]:
    """Play ``n`` random hands of Rook; return (seconds, moves made)."""
    from cardlib.rook import RookHand

    rng = random.Random(seed)
    moves = 0
    start = time.process_time()
    for i in range(n):
        hand = RookHand(seed=i)
        while not hand.is_over:
            hand.play(rng.choice(hand.legal_moves()))
            moves += 1
    return time.process_time() - start, moves


def openspiel_hands(n: int, seed: int) -> tuple[float, int]:
    """Play ``n`` random hands of OpenSpiel's spades; return (seconds, actions applied)."""
    import pyspiel

    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    moves = 0
    start = time.process_time()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice(state.chance_outcomes())[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            moves += 1
    return time.process_time() - start, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400, help="hands for each engine a round")
    parser.add_argument("--rounds", type=int, default=15, help="timed rounds")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    # A warm-up each, so imports and first calls are not timed.  Then, round after round,
    # the two engines play the same hands back to back, timed in CPU seconds of this
    # process; each round gives a ratio, and the median round is reported, so a machine
    # busy with other work, which slows both engines alike, does not decide the result.
    for run in (cardlib_hands, openspiel_hands):
        run(20, args.seed)
    seconds: dict[str, list[float]] = {"cardlib rook": [], "openspiel spades": []}
    moves: dict[str, int] = {}
    for _ in range(args.rounds):
        for name, run in (("cardlib rook", cardlib_hands), ("openspiel spades", openspiel_hands)):
            spent, moves[name] = run(args.hands, args.seed)
            seconds[name].append(spent)

    for name, times in seconds.items():
        print(
            f"{name:17} {args.hands} hands a round, median of {args.rounds} rounds: "
            f"{args.hands / statistics.median(times):6.0f} hands/s "
            f"(best {args.hands / min(times):.0f}), {moves[name] / args.hands:.0f} moves a hand"
        )
    ratios = [
        o / c for c, o in zip(seconds["cardlib rook"], seconds["openspiel spades"], strict=True)
    ]
    print(f"ratio cardlib/openspiel: {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
