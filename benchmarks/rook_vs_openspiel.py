"""Random complete hands per second: cardlib's Rook engine against OpenSpiel's ``spades``.

Spades is OpenSpiel's nearest peer to Rook: four players in partnerships, an auction,
then tricks.  Both sides play whole hands from Python, every move chosen uniformly among
the legal ones with a seeded ``random.Random``; OpenSpiel's deal (its chance nodes) is
drawn the same way, and cardlib's with its seeded shuffle.  cardlib goes through the
checked path, ``RookHand.play``, and keeps the narration of every move.

    python benchmarks/rook_vs_openspiel.py [--hands N] [--rounds R] [--seed S]

The last line printed is ``ratio cardlib/openspiel: X.XX`` (above 1 means cardlib is faster).
"""

from __future__ import annotations

import argparse
import random
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
    parser.add_argument("--hands", type=int, default=2000, help="hands for each engine a round")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds, best one counts")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    # A warm-up each, so imports and first calls are not timed.  Then the engines take
    # turns, round after round, playing the same hands each round; the best round of each
    # counts (as timeit does), so a busy machine slows both alike and noise cannot help either.
    engines = {"cardlib rook": cardlib_hands, "openspiel spades": openspiel_hands}
    for run in engines.values():
        run(20, args.seed)
    best: dict[str, tuple[float, int]] = {}
    for _ in range(args.rounds):
        for name, run in engines.items():
            seconds, moves = run(args.hands, args.seed)
            if name not in best or seconds < best[name][0]:
                best[name] = (seconds, moves)

    rates = {}
    for name, (seconds, moves) in best.items():
        rates[name] = args.hands / seconds
        print(
            f"{name:17} {args.hands} hands in {seconds:.3f} s (best of {args.rounds}): "
            f"{rates[name]:6.0f} hands/s, {moves / args.hands:.0f} moves a hand"
        )
    print(f"ratio cardlib/openspiel: {rates['cardlib rook'] / rates['openspiel spades']:.2f}")


if __name__ == "__main__":
    main()
