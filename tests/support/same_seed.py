"""The same seed plays the same games on every runtime (issue 31): a digest of seeded games.

For every registered game and every one of its rule sets, :func:`digests` plays seeded games
and hashes what a learner sees of them: the simulation rows (every player count, every bot,
and whole games where the game has them) and one game traced move by move (the mover, the
listing of legal moves in its order, the move chosen, each event's narration, the result and
the description at the end).  Anything whose order hangs on hashing (a float's hash, a set's
order) or on the runtime changes a digest.

``tests/core/test_same_seed_everywhere.py`` compares the digests under CPython with the ones
recorded in :data:`RECORDED`, and runs this module inside Pyodide under node to compare them
there.  Re-record (only when a change of the games' play is meant, like the golden corpus)::

    PYTHONPATH=$PWD python -m tests.support.same_seed --record

This module imports cardlib and nothing else of the test suite's, so that it runs as it is
in Pyodide; ``main`` prints the digests as JSON.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardlib.errors import CardlibError
from cardlib.games import GAMES
from cardlib.simulate import BOTS, simulate, write_rows

RECORDED = Path(__file__).resolve().parents[1] / "core" / "data" / "same_seed.json"

#: the seed of every game here
SEED = 31
#: games a simulation (a player count, a bot), and whole games (hands capped)
GAMES_EACH, WHOLE_GAMES, WHOLE_HANDS = 3, 2, 4


def digests(games: Any = None) -> dict[str, str]:
    """``"game/rule set"`` -> the SHA-256 of its seeded games, for ``games`` (default: every
    registered game)."""
    out: dict[str, str] = {}
    for game_id in GAMES if games is None else games:
        for rule_set in GAMES[game_id].rule_sets:
            digest = hashlib.sha256()
            for line in _lines(game_id, rule_set):
                digest.update(line.encode("utf-8") + b"\n")
            out[f"{game_id}/{rule_set}"] = digest.hexdigest()
    return out


def _lines(game_id: str, rule_set: str) -> Iterator[str]:
    spec = GAMES[game_id]
    for players in spec.players:
        for bot in BOTS:
            yield from _rows(game_id, GAMES_EACH, players=players, rule_set=rule_set, bots=bot)
            if spec.whole_game is not None:
                yield from _rows(
                    game_id,
                    WHOLE_GAMES,
                    players=players,
                    rule_set=rule_set,
                    bots=bot,
                    full_game=True,
                    max_hands=WHOLE_HANDS,
                )
    yield from _traced(game_id, rule_set)


def _rows(game_id: str, n: int, **how: Any) -> Iterator[str]:
    class Lines:
        text = ""

        def write(self, text: str) -> None:
            self.text += text

    out = Lines()
    try:
        rows = simulate(game_id, n, seed=SEED, workers=1, **how)
    except CardlibError as e:  # a player count this rule set refuses: its words count
        yield f"refused: {e}"
        return
    write_rows(rows, out, "jsonl")
    yield from out.text.splitlines()


def _traced(game_id: str, rule_set: str) -> Iterator[str]:
    """One seeded game of the default players, move by move, with the random bot."""
    spec = GAMES[game_id]
    seats = spec.seats(spec.default_players)
    game = spec.deal(seats, seed=SEED, options=spec.options(rule_set, {}), record=True)
    rng = random.Random(SEED)
    while (mover := game.to_move) is not None:
        seen = game.view(mover)
        yield f"{mover}: " + " | ".join(str(m) for m in seen.legal_moves())
        move = BOTS["random"](seen, rng)
        event = game.play(move, player=mover)
        yield f"{move} -> {event.text}"
    yield json.dumps(dict(game.result()))
    yield game.describe()


def main(argv: list[str]) -> int:
    """Print the digests as JSON (``--record``: write them to :data:`RECORDED`), with the
    test suite's own tiny game registered as the suite registers it."""
    from cardlib.games import register
    from tests.tinygame import SPEC

    if SPEC.id not in GAMES:
        register(SPEC)
    text = json.dumps(digests(), indent=1, sort_keys=True) + "\n"
    if argv[1:] == ["--record"]:
        RECORDED.parent.mkdir(parents=True, exist_ok=True)
        RECORDED.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
