"""Play many seeded games and keep one row per game: who won, by how much, in how many moves.

A simulation answers the questions one game cannot (does the first player in Go Fish win
more often? which Golf habit lowers a score more? how often does a Rook bidder make 120?)::

    >>> rows = simulate("go-fish", n=20, seed=1, players=3)
    >>> len(rows), rows[0].game, rows[0].seats
    (20, 'go-fish', ('Ann', 'Ben', 'Cy'))
    >>> rows == simulate("go-fish", n=20, seed=1, players=3, batch_size=3)
    True

Every game ``i`` of a simulation has its own seed, worked out from ``(seed, i)`` alone, so
the rows are the same whatever the batching and wherever the games run: in this process,
in local worker processes (the default for large ``n``), or on a cluster through any
:class:`concurrent.futures.Executor`, for example Dask's::

    from distributed import Client
    client = Client(processes=True)           # or Client("scheduler-address:8786")
    rows = simulate("rook", n=100_000, seed=7, executor=client.get_executor())

The players are bots, functions ``(game, rng) -> move`` (see :mod:`cardlib.bots`), given
by name (``"random"``, ``"simple"``) or as functions; a function must be importable by
name (defined in a module, or in the notebook or script that runs the simulation) to run
in other processes.  A game that goes on past ``max_moves`` decisions (or, for a Rook game
to 300, ``max_hands`` hands) is stopped and its row says ``capped=True``.

:func:`stream` gives the same rows one at a time as their games finish, in bounded memory
whatever ``n`` (``cardlib simulate`` writes them so); the local worker processes stop however
a simulation ends: its last row, a failing bot, an exception or signal in the reader, or the
iterator closed.

The package, by concept: :mod:`~cardlib.simulate.plan` (the arguments checked, a game's
seed, a fresh game as its spec deals it), :mod:`~cardlib.simulate.play` (the bots play one
game; its row), :mod:`~cardlib.simulate.run` (where and in which batches the games run),
:mod:`~cardlib.simulate.processes` (local worker processes), :mod:`~cardlib.simulate.progress`
(the progress bar, tqdm's), :mod:`~cardlib.simulate.rows` (the row and its CSV and JSON Lines)
and :mod:`~cardlib.simulate.command` (``cardlib simulate``).
"""

from __future__ import annotations

from cardlib.games import NAMES
from cardlib.simulate.command import command as command
from cardlib.simulate.plan import BOTS, game_seed
from cardlib.simulate.play import BotFailed
from cardlib.simulate.rows import Row, write_rows
from cardlib.simulate.run import MAX_GAMES, PROCESSES_FROM, simulate, stream

#: ``command`` (what ``cardlib simulate`` runs, given its parsed command line) is imported
#: by name by the command line, and is not promised to users
__all__ = [
    "BOTS",
    "MAX_GAMES",
    "NAMES",
    "PROCESSES_FROM",
    "BotFailed",
    "Row",
    "game_seed",
    "simulate",
    "stream",
    "write_rows",
]
