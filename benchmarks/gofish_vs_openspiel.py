"""cardlib's Go Fish against OpenSpiel's ``go_fish``, at two to six players, in one run.

    python benchmarks/gofish_vs_openspiel.py [--games 300] [--rounds 5] [--seed 0] [--players 2 3 4 5 6]

Both sides play random games: every decision a uniform choice among the legal moves with a
seeded ``random.Random``.  Inputs are passed as each library documents them: cardlib gets
the players as a list (``GoFishGame(["Ann", "Ben", "Cy"], seed=...)``), OpenSpiel its
parameters as a dict (``pyspiel.load_game("go_fish", {...})``).  cardlib plays ``pagat``
through the checked ``play()``.  Both sides ask for the legal moves once a decision
(cardlib: ``legal_moves().now()``, see ``harness.moves_now``; OpenSpiel: ``legal_actions()``).

How chance is sampled, and why: cardlib shuffles the pack once with the game's seed and
draws from the top.  OpenSpiel deals and fishes through chance nodes, one per card, whose
outcomes are ranks with unequal probabilities (three 7s left are likelier than one K), so
we draw from ``state.chance_outcomes()`` weighted by its probabilities (``random.choices``,
what OpenSpiel's ``examples/example.py`` does with ``np.random.choice(p=...)``, without
numpy's per-call cost).  Chance nodes are never counted as decisions.  "Deal untimed"
stops the clock while each game is dealt, just before it is played (cardlib: the
constructor; OpenSpiel: the chance nodes before the first decision); the fishing draws
during play stay timed on both sides.

OpenSpiel is set as close to Pagat's basic game as its parameters allow:
``initial_cards`` as Pagat deals (7 for two players, else 5), ``end_on_first_out=True``,
``most_books_wins=True``.  What still differs: OpenSpiel never ends when the stock runs
out (play goes on without fishing until a player goes out), and it ends on a player going
out only when their last cards go into a book.  So the games differ in length, and the
ratio per decision is the fair one.  See ``benchmarks/harness.py`` for the rounds.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from harness import Side, compare, play_cardlib

from cardlib.gofish import GoFishGame

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]


def cardlib_side(players: int) -> Side:
    names = NAMES[:players]

    def deal(seed: int, rng: random.Random) -> GoFishGame:
        return GoFishGame(list(names), seed=seed)

    return Side(deal, play_cardlib)


def openspiel_params(players: int) -> dict:
    return {
        "players": players,
        "initial_cards": 7 if players == 2 else 5,
        "end_on_first_out": True,
        "most_books_wins": True,
    }


def chance(state, rng: random.Random) -> None:
    actions, probs = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(rng.choices(actions, probs)[0])


def openspiel_side(name: str, params: dict) -> Side:
    import pyspiel

    game = pyspiel.load_game(name, params)

    def deal(seed: int, rng: random.Random):
        state = game.new_initial_state()
        while state.is_chance_node():
            chance(state, rng)
        return state

    def play(state, rng: random.Random) -> int:
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                chance(state, rng)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return Side(deal, play)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    args = parser.parse_args()
    for n in args.players:
        compare(
            f"Go Fish, {n} players",
            {
                "cardlib": cardlib_side(n),
                "openspiel go_fish": openspiel_side("go_fish", openspiel_params(n)),
            },
            args.games,
            args.rounds,
            args.seed,
        )


if __name__ == "__main__":
    main()
