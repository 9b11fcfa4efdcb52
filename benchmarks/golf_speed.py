"""cardlib's Six Card Golf per decision: against OpenSpiel's ``go_fish``, and against a
minimal plain-Python loop of the same rules, in one run.

    python benchmarks/golf_speed.py [--games 300] [--rounds 5] [--seed 0] [--players 3]

OpenSpiel has no Golf, so ``go_fish`` (three players, as in
``gofish_vs_openspiel.py``) is the yardstick for a decision in a small card game driven
from Python; read the ratio per decision, since the games are different.  The second pair
is fairer: ``plain_golf`` below plays the same rules (GOLF-DEAL, GOLF-FLIP-TWO, draw or
take, replace or discard a drawn card, the hand ends when a layout is all face up, no
stock-out rule so an empty stock cannot be drawn from) with the same legal moves at every
decision, in about fifty lines with no checks, no narration and no objects: what the
rules cost with nothing else.  Every decision is a uniform choice among the legal moves
with a seeded ``random.Random``.

Chance: cardlib and ``plain_golf`` shuffle once per hand (``random.Random(seed).shuffle``
and cardlib's seeded shuffle); OpenSpiel's chance nodes are drawn from
``chance_outcomes()`` as in ``gofish_vs_openspiel.py``.  "Deal untimed" stops the clock
while each game is dealt, just before it is played.  See ``benchmarks/harness.py`` for the
rounds.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from gofish_vs_openspiel import openspiel_params, openspiel_side
from harness import Side, compare, play_cardlib

from cardlib.golf import GolfGame

NAMES = ["Ann", "Ben", "Cy", "Dee"]
# GOLF-VALUES by rank 1..13 (A, 2, ..., K); a card is rank * 4 + suit
VALUE = [0, 1, -2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0]


def cardlib_side(players: int) -> Side:
    names = NAMES[:players]

    def deal(seed: int, rng: random.Random) -> GolfGame:
        return GolfGame(list(names), seed=seed)

    return Side(deal, play_cardlib)


def column(top: int, bottom: int) -> int:
    """GOLF-COLUMN: a pair of the same rank scores 0 (two 2s included), else the sum."""
    return 0 if top // 4 == bottom // 4 else VALUE[top // 4] + VALUE[bottom // 4]


def plain_deal(
    players: int, seed: int
) -> tuple[list[list[int]], list[list[bool]], list[int], list[int]]:
    pack = [r * 4 + s for r in range(1, 14) for s in range(4)]
    random.Random(seed).shuffle(pack)
    cards = [pack[p * 6 : p * 6 + 6] for p in range(players)]
    up = [[False] * 6 for _ in range(players)]
    discard = [pack[players * 6]]
    stock = pack[players * 6 + 1 :]
    return cards, up, discard, stock


def plain_play(players: int, deal, rng: random.Random) -> tuple[list[int], int]:
    """One hand with uniform random decisions; returns the scores and the decisions made."""
    cards, up, discard, stock = deal
    decisions = 0
    for p in range(players):  # GOLF-FLIP-TWO, one card a decision
        for _ in range(2):
            down = [i for i in range(6) if not up[p][i]]
            up[p][rng.choice(down)] = True
            decisions += 1
    p = 0
    while True:
        moves = (["draw"] if stock else []) + (["take"] if discard else [])
        how = rng.choice(moves)
        held = stock.pop() if how == "draw" else discard.pop()
        decisions += 1
        choice = rng.randrange(7 if how == "draw" else 6)  # six places, or discard a drawn card
        decisions += 1
        if choice == 6:
            discard.append(held)
        else:
            discard.append(cards[p][choice])
            cards[p][choice], up[p][choice] = held, True
        if all(up[p]):  # GOLF-END
            break
        p = (p + 1) % players
    return [sum(column(c[i], c[i + 3]) for i in range(3)) for c in cards], decisions


def plain_side(players: int) -> Side:
    def deal(seed: int, rng: random.Random):
        return plain_deal(players, seed)

    def play(dealt, rng: random.Random) -> int:
        return plain_play(players, dealt, rng)[1]

    return Side(deal, play)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    n = args.players
    compare(
        f"Golf ({n} players) against go_fish ({n} players), per decision",
        {
            "cardlib golf": cardlib_side(n),
            "openspiel go_fish": openspiel_side("go_fish", openspiel_params(n)),
        },
        args.games,
        args.rounds,
        args.seed,
    )
    compare(
        f"Golf ({n} players) against a plain loop of the same rules",
        {"cardlib golf": cardlib_side(n), "plain-Python golf": plain_side(n)},
        args.games,
        args.rounds,
        args.seed,
    )


if __name__ == "__main__":
    main()
