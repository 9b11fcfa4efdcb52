"""How fast is cardlib's Go Fish engine next to OpenSpiel's ``go_fish``?

Both play the same number of random three-player games, seeded, with every choice made
in Python by ``random.Random``: a uniform choice among the legal moves for the players
and, for OpenSpiel's chance nodes (each dealt or fished card), a draw weighted by its
``chance_outcomes()``.  cardlib plays ``pagat`` through the checked ``play()`` (every move
validated and narrated); there is no separate fast path.

OpenSpiel is set as close to Pagat's basic game as its parameters allow:
``players=3, initial_cards=5, ranks=13, suits=4, most_books_wins=True,
end_on_first_out=True, ask_after_empty_draw=True``.  What still differs:

* OpenSpiel never ends when the stock runs out: play goes on without fishing until a
  player goes out (Pagat ends at once when the stock is exhausted).
* Its game ends on a player going out only when their last cards go into a book; a player
  who gives away their last cards draws at their turn, as under Bicycle's rules (Pagat
  ends the game on any empty hand).  Players with no cards cannot be asked.
* It deals and fishes by ranks only (no suits), one chance node per card, so a game has
  many more steps than requests; cardlib shuffles once and draws from the top.
* It keeps public-information counters for observations; cardlib writes a narration.

The games are therefore not the same length: the script also prints the average number
of player decisions per game and the decisions per second, so the comparison can be read
both ways.  Times are CPU time (``time.process_time``) of the fastest of five alternating
rounds per engine, each round replaying the same seeds, so that other load on the machine
disturbs the comparison as little as possible.

Run: ``python benchmarks/gofish_vs_openspiel.py [games] [seed]`` (default 5000 games, seed 0).
"""

from __future__ import annotations

import random
import sys
import time

from cardlib.gofish import GoFishGame

PLAYERS = ("Ann", "Ben", "Cy")
ROUNDS = 5
OPENSPIEL_PARAMS = {
    "players": 3,
    "initial_cards": 5,
    "ranks": 13,
    "suits": 4,
    "most_books_wins": True,
    "end_on_first_out": True,
    "ask_after_empty_draw": True,
}


def run_cardlib(games: int, seed: int) -> tuple[float, int]:
    """Play ``games`` random games; return the CPU seconds taken and the decisions made."""
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    for i in range(games):
        game = GoFishGame(PLAYERS, seed=seed * 1_000_003 + i)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
            decisions += 1
    return time.process_time() - start, decisions


def run_openspiel(games: int, seed: int) -> tuple[float, int]:
    """The same for OpenSpiel: chance nodes drawn by their probabilities, moves uniformly."""
    import pyspiel

    game = pyspiel.load_game("go_fish", OPENSPIEL_PARAMS)
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return time.process_time() - start, decisions


def main(argv: list[str]) -> None:
    games = int(argv[1]) if len(argv) > 1 else 5000
    seed = int(argv[2]) if len(argv) > 2 else 0
    rounds = ROUNDS if games >= ROUNDS else 1
    print(f"{games} random 3-player games each, seed {seed}, in {rounds} alternating rounds")
    # one warm-up game each, so imports and first-use caches are not timed
    run_cardlib(1, seed + 1)
    run_openspiel(1, seed + 1)
    runs = {"cardlib": run_cardlib, "openspiel": run_openspiel}
    best: dict[str, float] = {}
    decisions: dict[str, int] = dict.fromkeys(runs, 0)
    per_round = games // rounds
    for _ in range(rounds):
        # the same seeds for every round of an engine; the engines alternate, so a busy
        # machine slows both alike, and the fastest round of each is kept
        for name, run in runs.items():
            seconds, made = run(per_round, seed)
            best[name] = min(best.get(name, seconds), seconds)
            decisions[name] = made
    rates = {}
    for name in runs:
        rates[name] = per_round / best[name]
        print(
            f"{name:9}: {rates[name]:9.1f} games/s, {decisions[name] / best[name]:10.0f} "
            f"decisions/s, {decisions[name] / per_round:5.1f} decisions a game"
        )
    print(f"ratio cardlib/openspiel: {rates['cardlib'] / rates['openspiel']:.2f}")


if __name__ == "__main__":
    main(sys.argv)
